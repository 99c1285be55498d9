"""Draw the app icons with the standard library only.

    python3 scripts/make_icons.py

Writes web/icons/icon.svg, icon-192.png and icon-512.png: a white card on green felt with the
four suit symbols. The SVG and the PNGs are drawn from the same shapes (circles and polygons in a
unit square), the PNGs by a small anti-aliased rasterizer (zlib + struct). index.html's favicon is
the SVG itself, as a data: URL (favicon_url): the browser fetches a favicon apart from the page's
own requests, so a file would be sent twice on a first visit (the loading screen shows the file).
"""

from __future__ import annotations

import re
import struct
import zlib
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "web" / "icons"

FELT = (0x1F, 0x6B, 0x3A)
CARD = (0xFB, 0xF8, 0xEF)
EDGE = (0xD8, 0xCF, 0xB8)
RED = (0xC6, 0x28, 0x28)
BLACK = (0x1B, 0x1B, 0x1F)

# The card: a rounded rectangle, in units of the icon's side (safe for maskable icons).
CARD_BOX = (0.22, 0.14, 0.78, 0.86)
CARD_RADIUS = 0.06
EDGE_WIDTH = 0.012


def _suit_shapes(name: str) -> list[tuple]:
    """A suit as circles ("c", x, y, r) and polygons ("p", [(x, y), ...]) in [-1, 1]^2, y down."""
    if name == "heart":
        return [
            ("c", -0.48, -0.32, 0.52),
            ("c", 0.48, -0.32, 0.52),
            ("p", [(-0.98, -0.18), (0.98, -0.18), (0.0, 0.95)]),
        ]
    if name == "spade":
        return [
            ("c", -0.48, 0.18, 0.50),
            ("c", 0.48, 0.18, 0.50),
            ("p", [(-0.96, 0.06), (0.96, 0.06), (0.0, -0.98)]),
            ("p", [(0.0, 0.2), (0.36, 0.98), (-0.36, 0.98)]),
        ]
    if name == "diamond":
        return [("p", [(0.0, -1.0), (0.74, 0.0), (0.0, 1.0), (-0.74, 0.0)])]
    if name == "club":
        return [
            ("c", 0.0, -0.5, 0.42),
            ("c", -0.5, 0.2, 0.42),
            ("c", 0.5, 0.2, 0.42),
            ("c", 0.0, 0.06, 0.3),
            ("p", [(0.0, 0.05), (0.36, 0.98), (-0.36, 0.98)]),
        ]
    raise ValueError(name)


# Suit, colour, centre (x, y) and half-size, in units of the icon's side.
SUITS = [
    ("spade", BLACK, 0.375, 0.335, 0.105),
    ("heart", RED, 0.625, 0.335, 0.105),
    ("diamond", RED, 0.375, 0.665, 0.105),
    ("club", BLACK, 0.625, 0.665, 0.105),
]


def _placed(name, cx, cy, half):
    for shape in _suit_shapes(name):
        if shape[0] == "c":
            _, x, y, r = shape
            yield ("c", cx + x * half, cy + y * half, r * half)
        else:
            yield ("p", [(cx + x * half, cy + y * half) for x, y in shape[1]])


def _in_polygon(px, py, pts):
    inside = False
    j = len(pts) - 1
    for i in range(len(pts)):
        xi, yi = pts[i]
        xj, yj = pts[j]
        if (yi > py) != (yj > py) and px < (xj - xi) * (py - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside


def _in_rounded_rect(px, py, box, radius):
    x0, y0, x1, y1 = box
    if not (x0 <= px <= x1 and y0 <= py <= y1):
        return False
    dx = max(x0 + radius - px, 0.0, px - (x1 - radius))
    dy = max(y0 + radius - py, 0.0, py - (y1 - radius))
    return dx * dx + dy * dy <= radius * radius


def _layers():
    """Paint order: (colour, hit-test function, bounding box)."""
    x0, y0, x1, y1 = CARD_BOX
    outer = (x0 - EDGE_WIDTH, y0 - EDGE_WIDTH, x1 + EDGE_WIDTH, y1 + EDGE_WIDTH)
    layers = [
        (EDGE, lambda x, y: _in_rounded_rect(x, y, outer, CARD_RADIUS + EDGE_WIDTH), outer),
        (CARD, lambda x, y: _in_rounded_rect(x, y, CARD_BOX, CARD_RADIUS), CARD_BOX),
    ]
    for name, colour, cx, cy, half in SUITS:
        shapes = list(_placed(name, cx, cy, half))

        def hit(x, y, shapes=shapes):
            for s in shapes:
                if s[0] == "c":
                    if (x - s[1]) ** 2 + (y - s[2]) ** 2 <= s[3] ** 2:
                        return True
                elif _in_polygon(x, y, s[1]):
                    return True
            return False

        box = (cx - half * 1.05, cy - half * 1.05, cx + half * 1.05, cy + half * 1.05)
        layers.append((colour, hit, box))
    return layers


def render_png(size: int, samples: int = 4) -> bytes:
    layers = _layers()
    rows = []
    n = samples * samples
    steps = [(i + 0.5) / samples for i in range(samples)]
    offsets = [(ox, oy) for oy in steps for ox in steps]
    for py in range(size):
        row = bytearray([0])  # PNG filter type 0
        for px in range(size):
            acc = [0, 0, 0]
            for ox, oy in offsets:
                x, y = (px + ox) / size, (py + oy) / size
                colour = FELT
                for c, hit, (bx0, by0, bx1, by1) in layers:
                    if bx0 <= x <= bx1 and by0 <= y <= by1 and hit(x, y):
                        colour = c
                acc[0] += colour[0]
                acc[1] += colour[1]
                acc[2] += colour[2]
            row += bytes((v + n // 2) // n for v in acc)
        rows.append(bytes(row))
    raw = b"".join(rows)

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def render_svg() -> str:
    def hexc(c):
        return "#{:02x}{:02x}{:02x}".format(*c)

    def f(v):
        return f"{v * 100:.2f}".rstrip("0").rstrip(".")

    x0, y0, x1, y1 = CARD_BOX
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
        f'<rect width="100" height="100" fill="{hexc(FELT)}"/>',
        f'<rect x="{f(x0)}" y="{f(y0)}" width="{f(x1 - x0)}" height="{f(y1 - y0)}" '
        f'rx="{f(CARD_RADIUS)}" fill="{hexc(CARD)}" stroke="{hexc(EDGE)}" '
        f'stroke-width="{f(EDGE_WIDTH * 2)}"/>',
    ]
    for name, colour, cx, cy, half in SUITS:
        parts.append(f'<g fill="{hexc(colour)}">')
        for s in _placed(name, cx, cy, half):
            if s[0] == "c":
                parts.append(f'<circle cx="{f(s[1])}" cy="{f(s[2])}" r="{f(s[3])}"/>')
            else:
                pts = " ".join(f"{f(x)},{f(y)}" for x, y in s[1])
                parts.append(f'<polygon points="{pts}"/>')
        parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


FAVICON = re.compile(r'<link rel="icon" href="[^"]*" type="image/svg\+xml">')


def favicon_url(svg: str) -> str:
    """The SVG as a data: URL for an HTML attribute: on one line, its quotes single, and
    percent-encoded where a URL must be (#, <, >, %)."""
    return "data:image/svg+xml," + quote(" ".join(svg.replace('"', "'").split()),
                                         safe=" =:/,.-'")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    svg = render_svg()
    (OUT / "icon.svg").write_text(svg)
    index = ROOT / "index.html"
    index.write_text(FAVICON.sub(f'<link rel="icon" href="{favicon_url(svg)}" '
                                 'type="image/svg+xml">', index.read_text(), count=1))
    for size in (192, 512):
        (OUT / f"icon-{size}.png").write_bytes(render_png(size))
    print(f"wrote {OUT.relative_to(ROOT)}/icon.svg, icon-192.png, icon-512.png, and index.html's "
          "favicon")


if __name__ == "__main__":
    main()
