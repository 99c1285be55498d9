"""Install the pinned npm packages and copy PyScript, Pyodide and morphdom into web/vendor/.

    python3 scripts/vendor.py          # npm ci if needed, then copy what changed
    python3 scripts/vendor.py --check  # exit 1 if anything is missing or stale, change nothing

`npm ci` runs only when node_modules is missing or was installed from another
package-lock.json (a stamp file in node_modules records the lock file's hash).
Files are copied only when missing or different; files that no longer exist in
the packages are removed from web/vendor/.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "node_modules"
VENDOR = ROOT / "web" / "vendor"
STAMP = NODE_MODULES / ".belote-lock.sha256"

PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)

# The keyed DOM morph that draws each region of the table (web/morph.js), and its licence.
MORPHDOM_FILES = ("dist/morphdom-umd.min.js", "LICENSE")


def lock_hash() -> str:
    return hashlib.sha256((ROOT / "package-lock.json").read_bytes()).hexdigest()


def npm_is_current() -> bool:
    return STAMP.is_file() and STAMP.read_text().strip() == lock_hash()


def npm_ci() -> None:
    npm = shutil.which("npm")
    if npm is None:
        sys.exit("vendor: npm is not installed (Node.js 20 or later is needed)")
    print("vendor: npm ci", flush=True)
    subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ROOT, check=True)
    STAMP.write_text(lock_hash() + "\n")


def wanted() -> dict[Path, Path]:
    """Destination -> source, for every file that belongs in web/vendor/."""
    files: dict[Path, Path] = {}
    dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    for src in sorted(dist.iterdir()):
        if src.is_file():
            files[VENDOR / "pyscript" / src.name] = src
    for name in PYODIDE_FILES:
        files[VENDOR / "pyodide" / name] = NODE_MODULES / "pyodide" / name
    for name in MORPHDOM_FILES:
        files[VENDOR / "morphdom" / Path(name).name] = NODE_MODULES / "morphdom" / name
    return files


def same(src: Path, dst: Path) -> bool:
    if not dst.is_file():
        return False
    s, d = src.stat(), dst.stat()
    if s.st_size != d.st_size:
        return False
    if int(s.st_mtime) == int(d.st_mtime):
        return True
    return src.read_bytes() == dst.read_bytes()


def stale(files: dict[Path, Path]) -> list[Path]:
    return [dst for dst, src in files.items() if not same(src, dst)]


def extra(files: dict[Path, Path]) -> list[Path]:
    if not VENDOR.is_dir():
        return []
    return [p for p in VENDOR.rglob("*") if p.is_file() and p not in files]


def main(argv: list[str]) -> int:
    check = "--check" in argv
    if not npm_is_current():
        if check:
            print("vendor: node_modules is missing or older than package-lock.json")
            return 1
        npm_ci()
    files = wanted()
    missing = [src for src in files.values() if not src.is_file()]
    if missing:
        print(f"vendor: not in node_modules: {', '.join(map(str, missing))}")
        return 1
    todo, gone = stale(files), extra(files)
    if check:
        for p in todo + gone:
            print(f"vendor: stale {p.relative_to(ROOT)}")
        return 1 if todo or gone else 0
    for dst in todo:
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(files[dst], dst)
    for p in gone:
        p.unlink()
    if todo or gone:
        print(f"vendor: copied {len(todo)} file(s), removed {len(gone)} into web/vendor/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
