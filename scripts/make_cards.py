#!/usr/bin/env python3
"""Generate the Belote card faces and back as SVG files (standard library only).

Output (deterministic, same bytes on every run):

    web/cards/<RANK><SUIT>.svg       32 faces, classic two-colour deck
    web/cards/back.svg               card back
    web/cards/four/<RANK><SUIT>.svg  four-colour variant (clubs green, diamonds blue)
    web/cards/four/back.svg          same back, for convenience
    web/cards/index.html             gallery page for visual checking

Ranks: 7 8 9 T J Q K A; suits: C D H S.  Usage: ``python3 scripts/make_cards.py``
(optionally ``--out DIR`` to write somewhere else than ``web/cards``).
"""

from __future__ import annotations

import argparse
from pathlib import Path

RANKS = "789TJQKA"
SUITS = "CDHS"

RANK_NAMES = {
    "7": "Seven",
    "8": "Eight",
    "9": "Nine",
    "T": "Ten",
    "J": "Jack",
    "Q": "Queen",
    "K": "King",
    "A": "Ace",
}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_LABELS = {"T": "10"}

# Card geometry (viewBox units).
W, H = 240, 336
CX, CY = W // 2, H // 2
FONT = "Georgia, 'DejaVu Serif', serif"

# Palette.
RED = "#c8102e"
BLACK = "#1c1c1c"
GREEN = "#12803c"
BLUE = "#1659b8"
NAVY = "#24407c"
GOLD = "#e3aa2a"
INK = "#1c1c1c"
SKIN = "#f7d9bd"
CREAM = "#fdf8ec"

CLASSIC = {"C": BLACK, "D": RED, "H": RED, "S": BLACK}
FOUR = {"C": GREEN, "D": BLUE, "H": RED, "S": BLACK}

# Suit symbols drawn in a 100x100 box; fill comes from the <use> element.
SUIT_SHAPES = {
    "H": '<path d="M50 94C42 82 4 62 4 32 4 15 16 5 29 5c10 0 18 6 21 15 3-9 11-15 21-15 '
    '13 0 25 10 25 27 0 30-38 50-46 62z"/>',
    "D": '<path d="M50 2C60 20 72 36 86 50 72 64 60 80 50 98 '
    '40 80 28 64 14 50 28 36 40 20 50 2z"/>',
    "C": '<circle cx="50" cy="27" r="21"/><circle cx="26" cy="58" r="21"/>'
    '<circle cx="74" cy="58" r="21"/><circle cx="50" cy="50" r="13"/>'
    '<path d="M46 54c1 19-4 31-17 42h42c-13-11-18-23-17-42z"/>',
    "S": '<path d="M50 3C40 24 6 40 6 64c0 13 10 21 21 21 9 0 16-5 20-12-1 11-6 18-16 24h38'
    'c-10-6-15-13-16-24 4 7 11 12 20 12 11 0 21-8 21-21C94 40 60 24 50 3z"/>',
}


def fmt(v: float) -> str:
    """Compact, deterministic number formatting."""
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def use(pid: str, cx: float, cy: float, size: float, fill: str, flip: bool = False) -> str:
    """Place suit symbol `pid` centred on (cx, cy), optionally rotated 180 degrees."""
    x, y = cx - size / 2, cy - size / 2
    rot = f' transform="rotate(180 {fmt(cx)} {fmt(cy)})"' if flip else ""
    return (
        f'<use href="#{pid}" x="{fmt(x)}" y="{fmt(y)}" width="{fmt(size)}" '
        f'height="{fmt(size)}" fill="{fill}"{rot}/>'
    )


def rank_text(label: str, x: float, y: float, size: float, fill: str, extra: str = "") -> str:
    # "10" is squeezed to a fixed width so it never collides, whatever font is used.
    fit = ""
    if len(label) > 1:
        fit = f' textLength="{fmt(size)}" lengthAdjust="spacingAndGlyphs"'
    return (
        f'<text x="{fmt(x)}" y="{fmt(y)}" font-size="{fmt(size)}"{fit} '
        f'fill="{fill}"{extra}>{label}</text>'
    )


def indices(label: str, pid: str, colour: str) -> str:
    """Rank + suit in the top-left corner, and the same rotated in the bottom-right."""
    corner = rank_text(label, 27, 48, 42, colour) + use(pid, 27, 69, 28, colour)
    return (
        f'<g font-family="{FONT}" font-weight="bold" text-anchor="middle">'
        f'<g id="{pid}-ix">{corner}</g>'
        f'<use href="#{pid}-ix" transform="rotate(180 {CX} {CY})"/></g>'
    )


# --- pip cards -----------------------------------------------------------------

COL_L, COL_R = 83, 157
TOP, BOT = 66, 270


def pip_positions(rank: str) -> list[tuple[float, float]]:
    four = [TOP + i * (BOT - TOP) / 3 for i in range(4)]
    three = [TOP, CY, BOT]
    sides = [(x, y) for x in (COL_L, COL_R) for y in (four if rank in "9T" else three)]
    if rank == "7":
        return sides + [(CX, (TOP + CY) / 2)]
    if rank == "8":
        return sides + [(CX, (TOP + CY) / 2), (CX, (CY + BOT) / 2)]
    if rank == "9":
        return sides + [(CX, CY)]
    if rank == "T":
        return sides + [(CX, (four[0] + four[1]) / 2), (CX, (four[2] + four[3]) / 2)]
    raise ValueError(rank)


def pips(rank: str, pid: str, colour: str) -> str:
    out = []
    for x, y in sorted(pip_positions(rank), key=lambda p: (p[1], p[0])):
        out.append(use(pid, x, y, 46, colour, flip=y > CY + 0.5))
    return "".join(out)


def ace(suit: str, pid: str, colour: str) -> str:
    size = 120 if suit != "D" else 112
    parts = [
        f'<ellipse cx="{CX}" cy="{CY}" rx="80" ry="108" fill="none" stroke="{GOLD}" '
        'stroke-width="1.5"/>',
        f'<ellipse cx="{CX}" cy="{CY}" rx="75" ry="103" fill="none" stroke="{colour}" '
        'stroke-width="0.8" stroke-opacity="0.6"/>',
        use(pid, CX, CY, size, colour),
    ]
    return "".join(parts)


# --- court cards -----------------------------------------------------------------

FRAME = (50, 30, 190, 306)  # x0, y0, x1, y1


def face(mouth: str = "M115 101q5 3 10 0") -> str:
    """Face with eyes, brows and nose; the head is centred on (120, 88)."""
    return (
        f'<path d="M116 102h8v16h-8z" fill="{SKIN}"/>'
        f'<ellipse cx="120" cy="88" rx="16" ry="19" fill="{SKIN}"/>'
        '<g fill="none" stroke-width="1.1">'
        '<path d="M109 81q4-3 8 0M123 81q4-3 8 0"/>'
        '<path d="M120 87l-2 7h3"/>'
        f'<path d="{mouth}" stroke="#9b2d20"/></g>'
        f'<circle cx="113" cy="86" r="1.6" fill="{INK}" stroke="none"/>'
        f'<circle cx="127" cy="86" r="1.6" fill="{INK}" stroke="none"/>'
    )


def robe(colour: str, accent: str, pid: str) -> str:
    """Shoulders and tunic reaching the centre line (y = 168)."""
    return (
        f'<path d="M120 114c-18 0-38 4-46 14l-4 44h100l-4-44c-8-10-28-14-46-14z" fill="{colour}"/>'
        f'<path d="M74 128l-4 44h17l2-40z" fill="{accent}"/>'
        f'<path d="M166 128l4 44h-17l-2-40z" fill="{accent}"/>'
        f'<path d="M105 116l15 28 15-28" fill="none" stroke="{GOLD}" stroke-width="5"/>'
        f'<path d="M120 144v24" fill="none" stroke="{GOLD}" stroke-width="3"/>'
        + use(pid, 105, 154, 15, GOLD)
        + use(pid, 135, 154, 15, GOLD)
    )


# Heads are drawn around (120, 88) and enlarged by 12 % about the neck (120, 110).
HEAD = 'transform="matrix(1.12 0 0 1.12 -14.4 -13.2)"'


def head(svg: str) -> str:
    return f"<g {HEAD}>{svg}</g>"


def jack(colour: str, accent: str, pid: str) -> str:
    hair = "#6b4226"
    return (
        head(
            # feather (behind the cap) and hair
            f'<path d="M132 68c10-14 24-24 44-30-6 16-20 28-40 36z" fill="{GOLD}"/>'
            '<path d="M136 72c12-12 24-22 38-32" fill="none" stroke-width="0.9"/>'
            f'<path d="M102 78c-4 14-2 26 4 32h28c6-6 8-18 4-32z" fill="{hair}"/>'
        )
        + robe(colour, accent, pid)
        + head(
            face()
            + f'<path d="M97 75c0-12 10-20 23-20s25 6 27 16c-14-3-36-3-50 4z" fill="{accent}"/>'
            f'<path d="M99 73c14-6 34-6 48-2v6c-14-4-34-4-48 2z" fill="{GOLD}"/>'
            f'<circle cx="121" cy="56" r="3" fill="{GOLD}"/>'
        )
        # halberd held in the hand
        + f'<path d="M154 160V92" fill="none" stroke="{INK}" stroke-width="3"/>'
        f'<path d="M154 72l6 16h-12z" fill="{GOLD}"/>'
        f'<path d="M154 92c8-2 12-8 12-14-6 0-10 2-12 6z" fill="{GOLD}"/>'
        f'<circle cx="154" cy="138" r="6" fill="{SKIN}"/>'
    )


def queen(colour: str, accent: str, pid: str) -> str:
    hair = "#b5762a"
    return (
        head(
            f'<path d="M120 62c-18 0-26 14-26 30 0 12-2 26-8 34h68c-6-8-8-22-8-34 '
            f'0-16-8-30-26-30z" fill="{hair}"/>'
        )
        + robe(colour, accent, pid)
        + '<path d="M106 119q14 12 28 0" fill="none" stroke="#fff" stroke-width="3.4" '
        'stroke-dasharray="0.1 4.6" stroke-linecap="round"/>'
        + head(
            face("M116 101q4 2.5 8 0")
            + f'<path d="M104 72c6-9 26-9 32 0-8-4-24-4-32 0z" fill="{hair}"/>'
            f'<path d="M103 68l-2-16 9 8 10-14 10 14 9-8-2 16z" fill="{GOLD}"/>'
            f'<circle cx="120" cy="62" r="2.6" fill="{accent}"/>'
        )
        # a flower held up at the shoulder
        + f'<path d="M152 150c0-14 2-28 8-44" fill="none" stroke="{INK}" stroke-width="2"/>'
        f'<path d="M154 126c6-6 12-6 16-4-4 6-10 8-16 4z" fill="{colour}"/>'
        + "".join(
            f'<circle cx="{fmt(160 + 7 * dx)}" cy="{fmt(98 + 7 * dy)}" r="5.5" fill="{accent}"/>'
            for dx, dy in ((0, -1), (0.95, -0.31), (0.59, 0.81), (-0.59, 0.81), (-0.95, -0.31))
        )
        + f'<circle cx="160" cy="98" r="3.8" fill="{GOLD}"/>'
        f'<circle cx="152" cy="140" r="6" fill="{SKIN}"/>'
    )


def king(colour: str, accent: str, pid: str) -> str:
    hair = "#dcd5c8"
    return (
        head(f'<path d="M102 76c-5 12-4 26 2 34h32c6-8 7-22 2-34z" fill="{hair}"/>')
        + robe(colour, accent, pid)
        # ermine collar
        + '<path d="M86 121c22-9 46-9 68 0l-4 12c-18-6-42-6-60 0z" fill="#fff"/>'
        + "".join(
            f'<path d="M{x} {y}v4" stroke-width="2"/>'
            for x, y in ((97, 122), (109, 119), (120, 118), (131, 119), (143, 122))
        )
        + head(
            face("M116 103q4 1.5 8 0")
            # beard and moustache
            + f'<path d="M104 92c0 18 8 30 16 34 8-4 16-16 16-34-4 8-10 10-16 10s-12-2-16-10z" '
            f'fill="{hair}"/>'
            + f'<path d="M110 100c4-4 7-4 10-2 3-2 6-2 10 2-4 0-7 1-10 0-3 1-6 0-10 0z" '
            f'fill="{hair}"/>'
            # the big crown
             + f'<path d="M98 74V50l10 10 6-16 6 12 6-12 6 16 10-10v24z" fill="{GOLD}"/>'
            f'<path d="M98 66h44v8H98z" fill="{accent}"/>'
            + "".join(f'<circle cx="{x}" cy="70" r="2" fill="{GOLD}"/>' for x in (106, 120, 134))
            + "".join(
                f'<circle cx="{x}" cy="{y}" r="2.4" fill="#fff"/>'
                for x, y in ((98, 49), (114, 43), (126, 43), (142, 49))
            )
        )
        # sceptre
        + f'<path d="M154 160V86" fill="none" stroke="{GOLD}" stroke-width="4"/>'
        f'<circle cx="154" cy="80" r="7" fill="{GOLD}"/>'
        f'<path d="M154 64v9M150 68h8" fill="none" stroke="{GOLD}" stroke-width="2.4"/>'
        f'<circle cx="154" cy="140" r="6" fill="{SKIN}"/>'
    )


COURT_FIGURES = {"J": jack, "Q": queen, "K": king}


def court(rank: str, pid: str, colour: str, accent: str) -> str:
    x0, y0, x1, y1 = FRAME
    w, h = x1 - x0, y1 - y0
    cid = f"{pid}-cl"
    # The figure holds its attribute on the left; the big letter sits top-right.
    half = (
        f'<g id="{pid}-half" clip-path="url(#{cid})">'
        f'<g stroke="{INK}" stroke-width="1.2" stroke-linejoin="round" '
        f'transform="matrix(-1 0 0 1 {W} 0)">' + COURT_FIGURES[rank](colour, accent, pid) + "</g>"
        f'<text x="170" y="66" font-family="{FONT}" font-weight="bold" font-size="32" '
        f'text-anchor="middle" fill="{colour}">{rank}</text>'
        + use(pid, 170, 84, 20, colour)
        + "</g>"
    )
    return (
        f'<clipPath id="{cid}"><rect x="{x0}" y="{y0}" width="{w}" height="{CY - y0}"/></clipPath>'
        f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" rx="6" fill="{CREAM}"/>'
        + half
        + f'<use href="#{pid}-half" transform="rotate(180 {CX} {CY})"/>'
        f'<path d="M{x0} {CY}h{w}" stroke="{GOLD}" stroke-width="2"/>'
        f'<rect x="{x0}" y="{y0}" width="{w}" height="{h}" rx="6" fill="none" '
        f'stroke="{colour}" stroke-width="1.6"/>'
    )


# --- whole files -------------------------------------------------------------------


def svg_doc(ident: str, title: str, body: str) -> str:
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 336" '
        f'width="240" height="336" role="img" aria-labelledby="{ident}-t">'
        f'<title id="{ident}-t">{title}</title>\n' + body + "\n</svg>\n"
    )


def card_svg(card: str, colours: dict[str, str], prefix: str = "c") -> str:
    rank, suit = card[0], card[1]
    colour = colours[suit]
    accent = NAVY if colour == RED else RED
    pid = f"{prefix}-{card}"  # ids must not start with a digit
    title = f"{RANK_NAMES[rank]} of {SUIT_NAMES[suit]}"
    label = RANK_LABELS.get(rank, rank)
    defs = f'<defs><symbol id="{pid}" viewBox="0 0 100 100">{SUIT_SHAPES[suit]}</symbol></defs>'
    border = (
        '<rect x="1" y="1" width="238" height="334" rx="14" fill="#fff" '
        'stroke="#9a9a9a" stroke-width="1.5"/>'
    )
    if rank in COURT_FIGURES:
        middle = court(rank, pid, colour, accent)
    elif rank == "A":
        middle = ace(suit, pid, colour)
    else:
        middle = pips(rank, pid, colour)
    body = "\n".join([defs, border, middle, indices(label, pid, colour)])
    return svg_doc(pid, title, body)


def back_svg() -> str:
    c1, c2 = "#1f3a68", "#2a4d86"
    body = (
        "<defs>"
        '<pattern id="bk-p" width="24" height="24" patternUnits="userSpaceOnUse" '
        'patternTransform="translate(0 0)">'
        f'<rect width="24" height="24" fill="{c1}"/>'
        f'<path d="M12 0L24 12 12 24 0 12z" fill="{c2}"/>'
        f'<path d="M12 0L24 12 12 24 0 12z" fill="none" stroke="{GOLD}" stroke-width="0.7" '
        'stroke-opacity="0.75"/>'
        f'<circle cx="12" cy="12" r="2" fill="{GOLD}" fill-opacity="0.85"/>'
        f'<circle cx="0" cy="0" r="1.3" fill="#fff" fill-opacity="0.6"/>'
        f'<circle cx="24" cy="0" r="1.3" fill="#fff" fill-opacity="0.6"/>'
        f'<circle cx="0" cy="24" r="1.3" fill="#fff" fill-opacity="0.6"/>'
        f'<circle cx="24" cy="24" r="1.3" fill="#fff" fill-opacity="0.6"/>'
        "</pattern>"
        + "".join(
            f'<symbol id="bk-{s}" viewBox="0 0 100 100">{SUIT_SHAPES[s]}</symbol>' for s in SUITS
        )
        + "</defs>\n"
        '<rect x="1" y="1" width="238" height="334" rx="14" fill="#fff" stroke="#9a9a9a" '
        'stroke-width="1.5"/>'
        f'<rect x="12" y="12" width="216" height="312" rx="8" fill="url(#bk-p)"/>'
        f'<rect x="12" y="12" width="216" height="312" rx="8" fill="none" stroke="{c1}" '
        'stroke-width="2"/>'
        f'<rect x="18" y="18" width="204" height="300" rx="5" fill="none" stroke="{GOLD}" '
        'stroke-width="1.5"/>'
        f'<ellipse cx="{CX}" cy="{CY}" rx="58" ry="74" fill="{c1}" stroke="{GOLD}" '
        'stroke-width="3"/>'
        f'<ellipse cx="{CX}" cy="{CY}" rx="51" ry="67" fill="none" stroke="#fff" '
        'stroke-width="1" stroke-opacity="0.7"/>'
        + use("bk-S", CX, CY - 30, 30, "#fff")
        + use("bk-H", CX + 24, CY, 30, GOLD)
        + use("bk-C", CX, CY + 30, 30, "#fff", flip=True)
        + use("bk-D", CX - 24, CY, 30, GOLD)
    )
    return svg_doc("bk", "Card back", body)


def gallery_html() -> str:
    order = [r + s for s in SUITS for r in RANKS]

    def row(folder: str, cards: list[str], cls: str = "") -> str:
        imgs = "".join(f'<img src="{folder}{c}.svg" alt="{c}"{cls}>' for c in cards)
        return f'<div class="row">{imgs}</div>\n'

    rows = [row("", [r + s for r in RANKS]) for s in SUITS]
    rows4 = [row("four/", [r + s for r in RANKS]) for s in SUITS]
    small = row("", order[:8] + ["back"], ' class="s"') + row(
        "four/", ["JC", "QD", "KH", "AS", "TC", "9D", "8H", "7S"], ' class="s"'
    )
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        "<title>Belote cards</title>\n<style>\n"
        "body{margin:0;padding:24px;font:15px/1.4 Georgia,'DejaVu Serif',serif;color:#f3efe2;"
        "background:#1d6b3a radial-gradient(ellipse at center,#2a8a4c 0%,#1d6b3a 55%,"
        "#124a27 100%) fixed}\n"
        "h1,h2{font-weight:normal;margin:8px 0 12px}\n"
        ".row{display:flex;flex-wrap:wrap;gap:10px;margin-bottom:10px}\n"
        "img{width:120px;height:auto;border-radius:7px;"
        "box-shadow:0 2px 5px rgba(0,0,0,.35)}\n"
        "img.s{width:60px;border-radius:4px}\n"
        "</style>\n</head>\n<body>\n<h1>Belote cards</h1>\n"
        '<div class="row"><img src="back.svg" alt="back"></div>\n'
        + "".join(rows)
        + "<h2>Four-colour deck</h2>\n"
        + "".join(rows4)
        + "<h2>Small (60&nbsp;px)</h2>\n"
        + small
        + "</body>\n</html>\n"
    )


def write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="\n")


def main() -> None:
    root = Path(__file__).resolve().parent.parent
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=root / "web" / "cards")
    out = ap.parse_args().out
    for s in SUITS:
        for r in RANKS:
            write(out / f"{r}{s}.svg", card_svg(r + s, CLASSIC))
            write(out / "four" / f"{r}{s}.svg", card_svg(r + s, FOUR, prefix="f"))
    write(out / "back.svg", back_svg())
    write(out / "four" / "back.svg", back_svg())
    write(out / "index.html", gallery_html())
    print(f"wrote 66 cards, 2 backs and index.html to {out}")


if __name__ == "__main__":
    main()
