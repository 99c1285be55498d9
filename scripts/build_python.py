"""Pack the page's Python into web/build/python.zip, and freeze Pyodide with it imported into
web/build/snapshot.bin.gz (generated files, not in git).

    python3 scripts/build_python.py          # rebuild them if missing or stale
    python3 scripts/build_python.py --check  # exit 1 (and say why) if missing or stale

The PyScript configuration (pyscript.json for the bots' worker; web/boot.js unzips it itself for
the page) puts it in Pyodide's working directory before the Python runs. It replaces one request
per module with a single one, and it carries each module's bytecode instead of its source,
compiled by the vendored Pyodide under Node.js (scripts/compile_pyc.mjs): compiling ~5,000 lines
at every start costs the page ~100 ms, and the sources would be a quarter of the zip. The
bytecode is "unchecked hash" (there is no source to compare it with); the zip's ``web/BUILD``
names its inputs (``input_digest``: the sources, the Pyodide, the compiler), so a changed input
rebuilds it. Without Node.js the zip holds the sources only, and the page compiles them.

The snapshot (scripts/make_snapshot.mjs, under Node.js) is Pyodide's memory once started, with
the zip unpacked and SNAPSHOT_MODULES imported: web/runtime.mjs starts the page's Pyodide from
it instead of starting Python and importing (a boot about twice as fast: docs/boot.md).
It remembers the web/BUILD it was made with (``sys._belote_build``; web/snapshot.py checks it
against the zip's, and has the modules imported afresh on a mismatch), and ``snapshot.key``
beside it says what it was made from. Without Node.js there is none, and the page starts
Python afresh.

Inputs: every belote/**/*.py and web/**/*.py the page may import (not web/vendor, not the command
line's belote/__main__.py and belote/bench/), and web/vendor/pyodide (its Python decides the
bytecode). ./serve, ./test, the browser tests, scripts/bench_boot.py and the Pages workflow run
this script; the output is deterministic, so the service worker's VERSION changes only when an
input does.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON_ZIP = ROOT / "web" / "build" / "python.zip"
PYODIDE = ROOT / "web" / "vendor" / "pyodide"
COMPILER = ROOT / "scripts" / "compile_pyc.mjs"
# Python the page never imports, by where it is: the command line and its benchmarks
# (belote/bench/).
COMMAND_LINE_ONLY = ("belote/__main__.py", "belote/bench/")
# The page's own script (PyScript fetches it as such; its top-level await makes it no module).
PAGE_SCRIPTS = {"web/main.py"}
NODE_TIMEOUT = 300
BUILD_FILE = "web/BUILD"  # in the zip: input_digest(), which the snapshot records
# In the zip with the bytecode: the dataclasses' methods compiled (scripts/compile_pyc.mjs,
# web/precompiled.py).
PRECOMPILED_FILE = "web/precompiled.bin"
SNAPSHOT = ROOT / "web" / "build" / "snapshot.bin.gz"
SNAPSHOT_KEY = ROOT / "web" / "build" / "snapshot.key"  # what it was made from; not served
SNAPSHOT_MAKER = ROOT / "scripts" / "make_snapshot.mjs"
# What the snapshot has imported: the page's modules that need no browser
# (web.browser.adapter and the others that import pyscript are imported after the start), the
# bots (they think on the page where it has JSPI: web/ai.py), and the standard library's modules
# that the page imports besides Pyodide's own.
# The standard library the page needs (scripts/make_stdlib.mjs): what Pyodide's start, PyScript
# and the game import, served instead of Pyodide's whole python_stdlib.zip.
STDLIB = ROOT / "web" / "build" / "python_stdlib.zip"
STDLIB_KEY = ROOT / "web" / "build" / "python_stdlib.key"  # what it was made from; not served
STDLIB_MAKER = ROOT / "scripts" / "make_stdlib.mjs"
FULL_STDLIB = PYODIDE / "python_stdlib.zip"
PYSCRIPT_CORE = ROOT / "web" / "vendor" / "pyscript"
# Imported by Pyodide's glue or when something goes wrong (an error's traceback), never by name
# in the game; Pyodide's own packages whole.
STDLIB_ALWAYS = ("traceback", "linecache", "tokenize", "warnings", "codeop", "ast", "inspect",
                 "encodings.utf_8", "encodings.ascii", "encodings.latin_1", "encodings.idna",
                 "encodings.utf_16", "encodings.utf_32", "pyodide", "pyodide.ffi",
                 "pyodide.code", "pyodide.console", "pyodide.http", "pyodide.webloop",
                 "_pyodide")
STDLIB_WHOLE = ("pyodide/", "_pyodide/")
SNAPSHOT_MODULES = ("belote", "belote.bots.expert", "belote.view", "web.ai", "web.app.update",
                    "web.app.view", "web.browser.reader", "web.browser.sound", "hashlib", "html",
                    "statistics")


def hidden(rel: str) -> bool:
    """A dot-file or dot-folder, or a __pycache__: never served."""
    return any(part.startswith(".") or part == "__pycache__" for part in rel.split("/"))


def python_files() -> list[str]:
    """Every belote/**/*.py and web/**/*.py the page may import, sorted."""
    found = []
    for top in ("belote", "web"):
        for path in (ROOT / top).rglob("*.py"):
            rel = path.relative_to(ROOT).as_posix()
            if (path.is_file() and not hidden(rel) and not rel.startswith("web/vendor/")
                    and not rel.startswith(COMMAND_LINE_ONLY) and rel not in PAGE_SCRIPTS):
                found.append(rel)
    return sorted(found)


def page_scripts() -> list[str]:
    """The Python PyScript runs as such (not from the zip): the page's and the worker's."""
    return sorted({*PAGE_SCRIPTS, "web/bots_worker.py"})


def _is_stdlib(name: str) -> bool:
    top = name.split(".")[0]
    return top in sys.stdlib_module_names or top in ("pyodide", "_pyodide")


def stdlib_imports() -> list[str]:
    """Every standard-library module the game names in an import, anywhere in its Python (for
    ``from a import b`` also ``a.b``, which may be a module), and what PyScript's own Python
    imports (read from its bundle), with STDLIB_ALWAYS; sorted."""
    names = set(STDLIB_ALWAYS)
    for rel in [*python_files(), *page_scripts()]:
        tree = ast.parse((ROOT / rel).read_bytes(), rel)
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
                names.update(f"{node.module}.{alias.name}" for alias in node.names
                             if alias.name != "*")
    for path in sorted(PYSCRIPT_CORE.glob("core*.js")):
        text = path.read_text(encoding="utf-8", errors="replace")
        names.update(re.findall(r"\b(?:import|from)\s+([A-Za-z_][\w.]*)", text))
    return sorted(name for name in names if _is_stdlib(name) and not name.endswith("."))


def sources() -> dict[str, bytes]:
    return {rel: (ROOT / rel).read_bytes() for rel in python_files()}


def interpreter_id() -> str:
    """Which Pyodide the bytecode is for (the zip's comment records it)."""
    digest = hashlib.sha256()
    for name in ("pyodide-lock.json", "pyodide.mjs"):
        path = PYODIDE / name
        digest.update(path.read_bytes() if path.is_file() else b"")
    return "pyodide " + digest.hexdigest()[:16]


def input_digest() -> bytes:
    """A hash of everything the zip is made from (gen_site_config.py puts it in VERSION)."""
    digest = hashlib.sha256(interpreter_id().encode())
    digest.update(COMPILER.read_bytes())  # how the bytecode is made and laid out
    for rel, data in sources().items():
        digest.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
    return digest.digest()


def node() -> str | None:
    return shutil.which("node") if (PYODIDE / "pyodide.mjs").is_file() else None


def build_id() -> str:
    return input_digest().hex()[:32]


def problem() -> str | None:
    """Why the zip needs a rebuild, or None when it is current."""
    if not PYTHON_ZIP.is_file():
        return "missing"
    try:
        with zipfile.ZipFile(PYTHON_ZIP) as archive:
            names = set(archive.namelist())
            if BUILD_FILE not in names or archive.read(BUILD_FILE).decode() != build_id():
                return f"its {BUILD_FILE} is not current"
            compiled = archive.comment.decode(errors="replace")
            wanted = sources()
            if compiled == interpreter_id():  # bytecode only, one .pyc per source
                if names != {rel + "c" for rel in wanted} | {BUILD_FILE, PRECOMPILED_FILE}:
                    return "its modules differ from the files"
            else:
                packed = {n for n in names if n.endswith(".py")}
                if packed != set(wanted) or any(archive.read(n) != wanted[n] for n in wanted):
                    return "its sources differ from the files"
    except (OSError, zipfile.BadZipFile) as error:
        return f"unreadable ({error})"
    if compiled == interpreter_id():
        return None
    if node() is None:
        return None  # sources only is the best this machine can do
    return "no bytecode for the vendored Pyodide"


def compile_all(files: list[str], out: Path) -> str | None:
    """Compile ``files`` into ``out`` with Pyodide under Node.js; None, or why it failed."""
    exe = node()
    if exe is None:
        return "Node.js or web/vendor/pyodide is missing"
    try:
        done = subprocess.run([exe, str(COMPILER), str(out), *files], cwd=ROOT,
                              capture_output=True, text=True, timeout=NODE_TIMEOUT)
    except (OSError, subprocess.TimeoutExpired) as error:
        return str(error)
    if done.returncode != 0:
        return (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]
    return None


def _entry(name: str) -> zipfile.ZipInfo:
    # A fixed date, so that a rebuild from the same inputs gives the same bytes.
    info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    info.external_attr = 0o644 << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    return info


def build() -> str:
    """Write the zip; returns a one-line report."""
    files = sources()
    with tempfile.TemporaryDirectory(prefix="belote-pyc-") as tmp:
        failure = compile_all(list(files), Path(tmp))
        compiled = {} if failure else {
            path.relative_to(tmp).as_posix(): path.read_bytes()
            for path in [*sorted(Path(tmp).rglob("*.pyc")), Path(tmp) / PRECOMPILED_FILE]
        }
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        # With bytecode, no sources: they would be a quarter of the zip, on the first visit's
        # critical path.
        entries = {**(compiled or files), BUILD_FILE: build_id().encode()}
        for name, data in sorted(entries.items()):
            archive.writestr(_entry(name), data)
        archive.comment = (interpreter_id() if compiled else "sources only").encode()
    PYTHON_ZIP.parent.mkdir(parents=True, exist_ok=True)
    partial = PYTHON_ZIP.with_suffix(".zip.part")
    partial.write_bytes(buffer.getvalue())
    partial.replace(PYTHON_ZIP)
    size = f"{len(buffer.getvalue()) // 1024} KiB"
    if failure:
        return f"{len(files)} modules, sources only ({size}): no bytecode because {failure}"
    return f"{len(files)} modules with bytecode ({size})"


def stdlib_key() -> str:
    """What the standard-library archive is made from: the Pyodide, the modules wanted, and
    PyScript's bundle (its own Python is compiled there too: scripts/make_stdlib.mjs)."""
    digest = hashlib.sha256(interpreter_id().encode())
    digest.update(FULL_STDLIB.read_bytes() if FULL_STDLIB.is_file() else b"")
    digest.update(",".join(stdlib_imports()).encode())
    digest.update(",".join(game_modules()).encode())
    digest.update(STDLIB_MAKER.read_bytes())
    for path in sorted(PYSCRIPT_CORE.glob("core-*.js")):  # its Python, compiled in the archive
        digest.update(path.read_bytes())
    return digest.hexdigest()[:32]


def game_modules() -> list[str]:
    """The zip's modules, as import names."""
    return [rel.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
            for rel in python_files()]


def stdlib_problem() -> str | None:
    """Why the archive needs a rebuild, or None when it is current (or cannot be made here)."""
    if node() is None:
        return None
    if not STDLIB.is_file() or not STDLIB_KEY.is_file():
        return "missing"
    if STDLIB_KEY.read_text().strip() != stdlib_key():
        return "made from other modules"
    return None


def _node(*args: str) -> tuple[str | None, str]:
    """Run a Node.js script: (None, its output) or (why it failed, "")."""
    exe = node()
    if exe is None:
        return "Node.js or web/vendor/pyodide is missing", ""
    try:
        done = subprocess.run([exe, *args], cwd=ROOT, capture_output=True, text=True,
                              timeout=NODE_TIMEOUT)
    except (OSError, subprocess.TimeoutExpired) as error:
        return str(error), ""
    if done.returncode != 0:
        lines = [line[:300] for line in done.stderr.strip().splitlines() if len(line) < 2000]
        return "; ".join(lines[-8:]) or f"exit status {done.returncode}", ""
    return None, done.stdout


def build_stdlib() -> str:
    """Write the standard-library archive (Node.js needed), checked by importing every module
    from it; returns a one-line report. Without it the page would fall back to nothing: a
    failure here is the build's."""
    wanted = stdlib_imports()
    failure, out = _node(str(STDLIB_MAKER), "list", ",".join(wanted))
    if failure:
        raise SystemExit(f"build_python: the standard library's list failed: {failure}")
    found = json.loads(out)
    modules = [name for name in wanted if name not in found["skipped"]]
    files = set(found["files"])
    buffer = io.BytesIO()
    with zipfile.ZipFile(FULL_STDLIB) as full, zipfile.ZipFile(buffer, "w") as archive:
        names = full.namelist()
        keep = {n for n in names if n in files or n.startswith(STDLIB_WHOLE)
                or n.startswith("_sysconfigdata")}
        folders = {n[: i + 1] for n in keep for i in range(len(n)) if n[i] == "/"}
        for info in full.infolist():
            if info.filename in keep or info.filename in folders:
                entry = _entry(info.filename)
                entry.compress_type = info.compress_type
                if info.filename.endswith("/"):
                    entry.external_attr = 0o40755 << 16 | 0x10
                archive.writestr(entry, full.read(info), compresslevel=9)
    STDLIB.parent.mkdir(parents=True, exist_ok=True)
    partial = STDLIB.with_suffix(".zip.part")
    sources = STDLIB.with_suffix(".sources.part")
    sources.write_bytes(buffer.getvalue())
    failure, _ = _node(str(STDLIB_MAKER), "compile", str(sources), str(partial))
    sources.unlink()
    if failure:
        raise SystemExit(f"build_python: compiling the standard library failed: {failure}")
    failure, _ = _node(str(STDLIB_MAKER), "check", str(partial), ",".join(modules),
                       ",".join(game_modules()))
    if failure:
        raise SystemExit(f"build_python: {STDLIB.name}: {failure}")
    partial.replace(STDLIB)
    STDLIB_KEY.write_text(stdlib_key() + "\n")
    return (f"{len(keep)} files of {len(names)}, as bytecode {STDLIB.stat().st_size // 1024} KiB "
            f"(Pyodide's: {FULL_STDLIB.stat().st_size // 1024} KiB of sources)")


def snapshot_key() -> str:
    """What the snapshot is made from: the zip's bytes, the modules imported, and Node's JSPI."""
    digest = hashlib.sha256(PYTHON_ZIP.read_bytes() if PYTHON_ZIP.is_file() else b"")
    digest.update(STDLIB.read_bytes() if STDLIB.is_file() else b"")
    digest.update(SNAPSHOT_MAKER.read_bytes())
    digest.update(",".join(SNAPSHOT_MODULES).encode())
    digest.update(repr(jspi_flags()).encode())
    return digest.hexdigest()[:32]


JSPI_PROBE = "process.exit('Suspending' in WebAssembly || 'Suspender' in WebAssembly ? 0 : 1)"


@functools.cache
def jspi_flags() -> tuple[str, ...] | None:
    """Node's options that give it WebAssembly's JSPI (none where it has it already; Node 20
    has an earlier form of it behind a flag), or None where it cannot have it. The snapshot
    keeps how Pyodide set up ``run_sync`` as it started: made without JSPI, a page started from
    it cannot give the browser its turns during a bot's search (web/ai.py), and the bots think
    in their worker, a second Python."""
    exe = node()
    for flags in ((), ("--experimental-wasm-stack-switching",)):
        try:
            if exe and subprocess.run([exe, *flags, "-e", JSPI_PROBE], capture_output=True,
                                      timeout=NODE_TIMEOUT).returncode == 0:
                return flags
        except (OSError, subprocess.TimeoutExpired):
            pass
    return None


def snapshot_problem() -> str | None:
    """Why the snapshot needs a rebuild, or None when it is current (or cannot be made here)."""
    if node() is None:
        return None
    if not SNAPSHOT.is_file() or not SNAPSHOT_KEY.is_file():
        return "missing"
    if SNAPSHOT_KEY.read_text().strip() != snapshot_key():
        return "made from another zip"
    return None


def build_snapshot() -> str:
    """Write the snapshot (Node.js needed); returns a one-line report."""
    exe = node()
    if exe is None:
        return "not made: Node.js or web/vendor/pyodide is missing"
    partial = SNAPSHOT.with_suffix(".gz.part")
    flags = jspi_flags()
    try:
        done = subprocess.run([exe, *(flags or ()), str(SNAPSHOT_MAKER), str(partial),
                               ",".join(SNAPSHOT_MODULES)],
                              cwd=ROOT, capture_output=True, text=True, timeout=NODE_TIMEOUT)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"not made: {error}"
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines() or [f"exit status {done.returncode}"]
        return f"not made: {lines[-1]}"
    partial.replace(SNAPSHOT)
    SNAPSHOT_KEY.write_text(snapshot_key() + "\n")
    note = "" if flags is not None else " (this Node.js has no JSPI: the bots think in a worker)"
    return f"{SNAPSHOT.stat().st_size / 1048576:.1f} MB gzipped{note}"


def ensure() -> None:
    """Rebuild the zip and the snapshot if missing or stale (quiet when they are current)."""
    why = problem()
    if why is not None:
        print(f"build_python: web/build/python.zip {why}: {build()}", flush=True)
    why = stdlib_problem()
    if why is not None:
        print(f"build_python: web/build/python_stdlib.zip {why}: {build_stdlib()}", flush=True)
    why = snapshot_problem()
    if why is not None:
        print(f"build_python: web/build/snapshot.bin.gz {why}: {build_snapshot()}", flush=True)


def main(argv: list[str]) -> int:
    if "--check" in argv:
        why = problem()
        if why is not None:
            print(f"build_python: web/build/python.zip is stale ({why}): "
                  "run python3 scripts/build_python.py")
            return 1
        why = stdlib_problem()
        if why is not None:
            print(f"build_python: web/build/python_stdlib.zip is stale ({why}): "
                  "run python3 scripts/build_python.py")
            return 1
        why = snapshot_problem()
        if why is not None:
            print(f"build_python: web/build/snapshot.bin.gz is stale ({why}): "
                  "run python3 scripts/build_python.py")
            return 1
        return 0
    ensure()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
