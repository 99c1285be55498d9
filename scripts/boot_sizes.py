"""What the site's files weigh, raw and gzipped (as GitHub Pages sends its gzipped types), by
group: ``python -m scripts.boot_sizes``. Prints, never asserts (docs/boot.md quotes it).

The groups are the service worker's precache list (sw.js) split by what they are for, plus the
files only web/bare.html loads (Pyodide's whole standard library and its lock file), for
comparison; "sent" is what a first visit costs over the link: gzipped for GitHub Pages' types
(tests/browser/slow_site.py GZIP_TYPES), raw for the others (zip archives: already
compressed). The last lines are the ideas of docs/boot.md: Pyodide's whole standard library
against the page's own (web/build/python_stdlib.zip), the game's zip gzipped again, and the
zip split into the table and the bots and analysis.
"""

from __future__ import annotations

import gzip
import io
import mimetypes
import re
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "browser"))
from slow_site import GZIP_TYPES  # noqa: E402

KB = 1024
TYPES = {".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
         ".webmanifest": "application/manifest+json", ".svg": "image/svg+xml",
         ".json": "application/json", ".html": "text/html", ".css": "text/css"}


def group_of(rel: str) -> str:
    if rel.startswith("web/vendor/pyodide/"):
        return "Pyodide runtime"
    if rel.startswith("web/vendor/pyscript/"):
        return "PyScript"
    if rel == "web/build/snapshot.bin.gz":
        return "memory snapshot"
    if rel == "web/build/python_stdlib.zip":
        return "standard library (trimmed)"
    if rel == "web/build/python.zip":
        return "game zip"
    if rel.startswith("web/cards/four/"):
        return "card art, four colours"
    if rel.startswith("web/cards/"):
        return "card art, two colours"
    if rel.startswith("web/help/"):
        return "help pages"
    return "page, styles, icons, scripts"


def sizes(data: bytes, rel: str) -> tuple[int, int]:
    """(raw, sent): sent is gzipped when GitHub Pages gzips the type."""
    kind = TYPES.get(Path(rel).suffix) or mimetypes.guess_type(rel)[0] or ""
    sent = len(gzip.compress(data, 6)) if kind in GZIP_TYPES else len(data)
    return len(data), sent


def row(name: str, files: int, raw: int, sent: int, zipped: int | None = None) -> str:
    extra = f"  gzip -6 {zipped / KB:8.0f} KiB" if zipped is not None else ""
    return f"  {name:32} {files:4} files {raw / KB:8.0f} KiB raw {sent / KB:8.0f} KiB sent{extra}"


def split_zip(path: Path) -> tuple[int, int]:
    """The game's zip as two: the table now, the bots and the analysis after (KiB each)."""
    later_prefixes = ("belote/bots/", "belote/analysis/")
    parts: dict[bool, io.BytesIO] = {False: io.BytesIO(), True: io.BytesIO()}
    with zipfile.ZipFile(path) as whole:
        outs = {k: zipfile.ZipFile(v, "w", zipfile.ZIP_DEFLATED) for k, v in parts.items()}
        for info in whole.infolist():
            outs[info.filename.startswith(later_prefixes)].writestr(info, whole.read(info))
        for out in outs.values():
            out.close()
    return len(parts[False].getvalue()), len(parts[True].getvalue())


def stored_gzipped(path: Path) -> int:
    """The archive with its files stored (not deflated), gzipped whole: what the site would send
    if it compressed the archive itself (a .gz beside it) rather than each file in it."""
    out = io.BytesIO()
    with zipfile.ZipFile(path) as whole, zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as new:
        for info in whole.infolist():
            data = whole.read(info)
            info.compress_type = zipfile.ZIP_STORED
            new.writestr(info, data)
    return len(gzip.compress(out.getvalue(), 9))


def main() -> int:
    listed = re.findall(r'^  "\./([^"]+)",$', (ROOT / "sw.js").read_text(), re.M)
    groups: dict[str, list[int]] = {}
    for rel in listed:
        path = ROOT / rel
        if not path.is_file():
            continue
        raw, sent = sizes(path.read_bytes(), rel)
        total = groups.setdefault(group_of(rel), [0, 0, 0])
        total[0] += 1
        total[1] += raw
        total[2] += sent
    print("The precache list (sw.js), by group: raw, and as sent (gzipped for GitHub Pages' types)")
    for name, (files, raw, sent) in sorted(groups.items(), key=lambda item: -item[1][2]):
        print(row(name, files, raw, sent))
    files = sum(g[0] for g in groups.values())
    print(row("all", files, sum(g[1] for g in groups.values()),
              sum(g[2] for g in groups.values())))
    print("Ideas (sizes as sent; 'gzip -6' if the site compressed it itself)")
    for label, rel in (("Pyodide's whole standard library", "web/vendor/pyodide/python_stdlib.zip"),
                       ("the page's standard library", "web/build/python_stdlib.zip"),
                       ("the game's zip", "web/build/python.zip"),
                       ("Pyodide's lock (not fetched)", "web/vendor/pyodide/pyodide-lock.json")):
        path = ROOT / rel
        if path.is_file():
            data = path.read_bytes()
            raw, sent = sizes(data, rel)
            print(row(label, 1, raw, sent, len(gzip.compress(data, 6))))
    for label, rel in (("the page's standard library", "web/build/python_stdlib.zip"),
                       ("the game's zip", "web/build/python.zip")):
        if (ROOT / rel).is_file():
            print(f"  {label}, files stored and the archive gzipped whole: "
                  f"{stored_gzipped(ROOT / rel) / KB:.0f} KiB")
    game = ROOT / "web/build/python.zip"
    if game.is_file():
        now, after = split_zip(game)
        print(f"  the game's zip split: the table {now / KB:.0f} KiB now, the bots and the "
              f"analysis {after / KB:.0f} KiB after")
    return 0


if __name__ == "__main__":
    sys.exit(main())
