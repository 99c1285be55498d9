"""Regenerate pyscript.json and the service worker's precache list from the files present.

    python3 scripts/gen_site_config.py          # rewrite pyscript.json and sw.js if stale
    python3 scripts/gen_site_config.py --check  # exit 1 (and say what) if either is stale

Run it after adding or removing any file the site serves (belote/**/*.py, web/**, index.html,
...): tests/test_site_manifest.py fails while pyscript.json or the precache list is stale. The
check leaves VERSION out (it would fail on every edit of a served file): ./serve and the Pages
workflow run this script, so what is served always has a current VERSION. It needs web/vendor/
(python3 scripts/vendor.py) because the vendored PyScript and Pyodide files are precached too.

- pyscript.json, the bots' worker's configuration (web/ai.py; JSON, so that PyScript needs no
  TOML parser): the interpreter is web/runtime.mjs (the vendored Pyodide, started from the
  memory snapshot, as the page's); "files" unpacks web/build/python.zip
  (scripts/build_python.py: every module the page may import, with its bytecode) into Pyodide's
  working directory, which is on sys.path: `import belote.cards` and `import web.<module>` both
  work, as they do under CPython from the repository root; "sync_main_only": the worker only
  answers the page's calls, it never reaches for the page's window or document (which needs
  SharedArrayBuffer: PyScript would warn on every start). The page itself has its interpreter
  inline (index.html) and unpacks the zip that web/boot.js fetched while the runtime booted
  (web/main.py).
- sw.js: the block between the `// <precache>` markers gets the list of every file to precache
  and VERSION, a hash of the list, of those files' contents (for the zip: of what it is built
  from) and of the rest of sw.js. Any change to a served file thus changes sw.js, which makes
  browsers install the new service worker, which fills a new cache and deletes the old one.
- web/runtime.mjs: the vendored lock file's "info" in its `// <lock>` block; web/boot.js: the
  size of Pyodide's wasm in its `// <wasm>` block (a first visit asks for the game's zip as the
  wasm's last bytes arrive).
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build_python import (  # noqa: E402
    PYTHON_ZIP,
    SNAPSHOT,
    SNAPSHOT_KEY,
    SNAPSHOT_MODULES,
    STDLIB,
    STDLIB_KEY,
    hidden,
    input_digest,
    stdlib_key,
)

ROOT = Path(__file__).resolve().parent.parent
CONFIG = ROOT / "pyscript.json"
SW = ROOT / "sw.js"
PYODIDE = "./web/vendor/pyodide/pyodide.mjs"
INTERPRETER = "./web/runtime.mjs"  # the vendored Pyodide, started from the memory snapshot

# Served files at the root (besides web/ and belote/). sw.js itself is not precached.
ROOT_FILES = ("index.html", "pyscript.json", "manifest.webmanifest")
# Under web/: never precached (developer files).
WEB_SKIP = {"web/NOTES.md", "web/bare.html", SNAPSHOT_KEY.relative_to(ROOT).as_posix(),
            STDLIB_KEY.relative_to(ROOT).as_posix(),
            # only web/bare.html loads them: the page has its own standard library
            # (web/build/python_stdlib.zip) and the lock's info inline (web/runtime.mjs)
            "web/vendor/pyodide/python_stdlib.zip", "web/vendor/pyodide/pyodide-lock.json",
            "web/vendor/morphdom/LICENSE"}  # (shipped with it, never fetched)
SKIP_SUFFIXES = (".map", ".md", ".pyc", ".part")
# The Python the page fetches as such (PyScript script sources); every module is in the zip.
SCRIPTS = {"web/main.py", "web/bots_worker.py"}
ZIP = PYTHON_ZIP.relative_to(ROOT).as_posix()
STD = STDLIB.relative_to(ROOT).as_posix()
RUNTIME = ROOT / "web" / "runtime.mjs"
LOCK = ROOT / "web" / "vendor" / "pyodide" / "pyodide-lock.json"
LOCK_BLOCK = re.compile(
    r"(// <lock>[^\n]*\n(?://[^\n]*\n)*)const LOCK_INFO = .*?;\n(// </lock>\n)", re.S)
SNAP = SNAPSHOT.relative_to(ROOT).as_posix()
BOOT = ROOT / "web" / "boot.js"
WASM = ROOT / "web" / "vendor" / "pyodide" / "pyodide.asm.wasm"
WASM_BLOCK = re.compile(
    r"(// <wasm>[^\n]*\n(?:\s*//[^\n]*\n)*)(\s*)const WASM_BYTES = .*?;\n(\s*// </wasm>\n)", re.S)

BLOCK = re.compile(r"// <precache>.*?// </precache>\n", re.S)
BEGIN = "// <precache> written by scripts/gen_site_config.py: do not edit by hand\n"
END = "// </precache>\n"


def _rel(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


PYSCRIPT = "web/vendor/pyscript"
# The modules PyScript's core imports when the page starts (measured in Chromium, Firefox and
# WebKit; tests/browser/test_offline.py checks it): its editor, terminal and MicroPython parts
# (codemirror, xterm, mpy, ...) are imported only when a page uses them, and ours does not.
PYSCRIPT_STARTS = ("deprecations-manager", "donkey", "error", "py-editor", "py-game",
                   "py-terminal")
_IMPORT = re.compile(r'(?:\bfrom\s*|\bimport\s*\(?\s*)"\./([\w.-]+\.js)"')
_STATIC = re.compile(r'\bfrom\s*"\./([\w.-]+\.js)"|\bimport\s*"\./([\w.-]+\.js)"')


def _stem(name: str) -> str:
    """``py-editor-C4XsZtn7.js`` -> ``py-editor`` (the bundler's hash taken off)."""
    return re.sub(r"-[\w-]{8}\.js$", "", name).removesuffix(".js")


def pyscript_files() -> list[str]:
    """The PyScript files the page loads: core.css, core.js and what it imports statically,
    the start-up modules its core imports (PYSCRIPT_STARTS), and their static imports."""
    folder = ROOT / PYSCRIPT
    todo, found = ["core.js"], {"core.css"}
    while todo:
        name = todo.pop()
        if name in found or not (folder / name).is_file():
            continue
        found.add(name)
        text = (folder / name).read_text(encoding="utf-8", errors="replace")
        todo += [a or b for a, b in _STATIC.findall(text)]
        if _stem(name) == "core":
            todo += [m for m in _IMPORT.findall(text) if _stem(m) in PYSCRIPT_STARTS]
    return sorted(f"{PYSCRIPT}/{name}" for name in found if (folder / name).is_file())


def precached_files() -> list[str]:
    files = [name for name in ROOT_FILES if (ROOT / name).is_file()]
    for path in (ROOT / "web").rglob("*"):
        rel = _rel(path)
        if (
            path.is_file()
            and not hidden(rel)
            and rel not in WEB_SKIP
            and not rel.startswith(PYSCRIPT + "/")
            and not rel.endswith(SKIP_SUFFIXES)
            and (not rel.endswith(".py") or rel in SCRIPTS)
        ):
            files.append(rel)
    files += pyscript_files()
    files += [ZIP, STD, SNAP]  # listed even before scripts/build_python.py has made them
    return sorted(set(files))


def config_text() -> str:
    config = {"interpreter": INTERPRETER, "files": {f"./{ZIP}": "./*"}, "sync_main_only": True}
    return json.dumps(config, indent=2) + "\n"


def sw_text(current: str, files: list[str], contents: dict[str, bytes]) -> str:
    if not BLOCK.search(current):
        raise SystemExit("gen_site_config: sw.js has no // <precache> ... // </precache> block")
    digest = hashlib.sha256()
    digest.update(BLOCK.sub("", current).encode())
    for rel in files:
        digest.update(rel.encode() + b"\0" + hashlib.sha256(contents[rel]).digest())
    version = digest.hexdigest()[:16]
    block = (
        BEGIN
        + f'const VERSION = "{version}";\n'
        + "const PRECACHE = [\n"
        + "".join(f"  {json.dumps('./' + rel)},\n" for rel in files)
        + "];\n"
        + END
    )
    return BLOCK.sub(lambda _: block, current, count=1)


def generate() -> dict[Path, str]:
    """The expected text of pyscript.json and sw.js."""
    if not (ROOT / PYODIDE).is_file():
        raise SystemExit("gen_site_config: web/vendor/ is missing: run python3 scripts/vendor.py")
    config = config_text()
    files = precached_files()
    runtime = runtime_text()
    contents = {rel: (ROOT / rel).read_bytes() for rel in files if rel not in (ZIP, STD, SNAP)}
    contents[RUNTIME.relative_to(ROOT).as_posix()] = runtime.encode()
    boot = boot_text()
    contents[BOOT.relative_to(ROOT).as_posix()] = boot.encode()
    contents[STD] = stdlib_key().encode()
    # What the zip and the snapshot are made from: the same before and after they are built.
    contents[ZIP] = input_digest()
    contents[SNAP] = contents[ZIP] + ",".join(SNAPSHOT_MODULES).encode()
    contents["pyscript.json"] = config.encode()  # hash what it will be, not what it was
    if "pyscript.json" not in files:
        files = sorted([*files, "pyscript.json"])
    return {CONFIG: config, RUNTIME: runtime, BOOT: boot,
            SW: sw_text(SW.read_text(), files, contents)}


def runtime_text() -> str:
    """web/runtime.mjs with the vendored lock file's "info" in its // <lock> block."""
    info = json.loads(LOCK.read_text())["info"]
    text = RUNTIME.read_text()
    if not LOCK_BLOCK.search(text):
        raise SystemExit("gen_site_config: web/runtime.mjs has no // <lock> block")
    line = f"const LOCK_INFO = {json.dumps(info, sort_keys=True)};\n"
    return LOCK_BLOCK.sub(lambda m: m.group(1) + line + m.group(2), text, count=1)


def boot_text() -> str:
    """web/boot.js with the size of Pyodide's wasm in its // <wasm> block."""
    text = BOOT.read_text()
    if not WASM_BLOCK.search(text):
        raise SystemExit("gen_site_config: web/boot.js has no // <wasm> block")
    return WASM_BLOCK.sub(lambda m: f"{m.group(1)}{m.group(2)}const WASM_BYTES = "
                          f"{WASM.stat().st_size};\n{m.group(3)}", text, count=1)


VERSION_LINE = re.compile(r'^const VERSION = ".*";$', re.M)


def _without_version(text: str | None) -> str | None:
    return None if text is None else VERSION_LINE.sub('const VERSION = "";', text)


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = []
    for path, text in generate().items():
        old = path.read_text() if path.is_file() else None
        if check and _without_version(old) == _without_version(text):
            continue
        if old != text:
            stale.append(path)
            if not check:
                path.write_text(text)
    for path in stale:
        verb = "is stale" if check else "rewritten"
        print(f"gen_site_config: {_rel(path)} {verb}")
    if check and stale:
        print("run: python3 scripts/gen_site_config.py")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
