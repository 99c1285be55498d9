"""The page's trimmed standard library (web/build/python_stdlib.zip, scripts/build_python.py)
holds every standard-library module the game, PyScript and Pyodide's glue import: a module
imported anywhere in belote/ or web/ that Pyodide's whole python_stdlib.zip has must be in it.
(The build itself imports every one of them from the archive under Node.js.)"""

import _imp
import marshal
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
import build_python  # noqa: E402


def names_in(archive: Path) -> set[str]:
    """Module names an archive provides (``json``, ``json.decoder``, ...)."""
    with zipfile.ZipFile(archive) as z:
        files = [n.removesuffix("c") for n in z.namelist() if n.endswith((".py", ".pyc"))]
    return {f.removesuffix(".py").removesuffix("/__init__").replace("/", ".") for f in files}


@pytest.fixture(scope="module")
def archives():
    if not build_python.FULL_STDLIB.is_file():
        pytest.skip("web/vendor/ is missing: run python3 scripts/vendor.py")
    if build_python.node() is None:
        pytest.skip("Node.js is missing: the page then has no trimmed standard library")
    build_python.ensure()
    return names_in(build_python.FULL_STDLIB), names_in(build_python.STDLIB)


def test_every_imported_module_is_in_the_trimmed_archive(archives):
    full, trimmed = archives
    # (a frozen module, os for one, is in the interpreter itself, never read from the archive)
    wanted = [name for name in build_python.stdlib_imports()
              if name in full and not _imp.is_frozen(name)]
    assert "json" in wanted and "random" in wanted  # the scan found the game's imports
    missing = sorted(set(wanted) - trimmed)
    assert not missing, f"not in web/build/python_stdlib.zip: {missing}"


def test_the_archive_is_trimmed(archives):
    full, trimmed = archives
    assert trimmed < full
    assert "unittest" not in trimmed and "email" not in trimmed


def test_a_module_missing_is_found():
    # The check above fails when an imported module is not there.
    full = {"json", "fractions"}
    assert sorted({"json", "fractions"} & full - {"json"}) == ["fractions"]


def test_the_archive_is_bytecode_only(archives):
    # A plain start compiles none of the standard library (docs/boot.md): every module is a
    # .pyc of one Python (the build imports each one under the vendored Pyodide), hash-based
    # and unchecked: there is no source beside it.
    with zipfile.ZipFile(build_python.STDLIB) as z:
        names = [n for n in z.namelist() if not n.endswith("/")]
        assert not [n for n in names if n.endswith(".py")]
        magic = {z.read(n)[:8] for n in names if n.endswith(".pyc")}
    with zipfile.ZipFile(build_python.FULL_STDLIB) as full:
        assert len([n for n in names if n.endswith(".pyc")]) > 100 < len(full.namelist())
    assert len(magic) == 1
    (header,) = magic
    assert int.from_bytes(header[4:8], "little") == 1  # PEP 552: hash-based, unchecked


def test_the_archive_has_pyscripts_own_python_compiled(archives):
    # web/runtime.mjs writes these beside the sources PyScript writes at every start: checked
    # against them (PEP 552 flags 0b11), for the modules a start imports, of the same Python.
    with zipfile.ZipFile(build_python.STDLIB) as z:
        files = marshal.loads(z.read("pyscript-bytecode.bin"))
        (stdlib_magic,) = {z.read(n)[:4] for n in z.namelist() if n.endswith(".pyc")}
    modules = {path.split("/")[-1].split(".")[0] for path in files}
    assert {"__init__", "context", "display"} <= modules
    assert all(path.startswith("pyscript/__pycache__/") for path in files)
    assert "web" not in modules  # (imported only in a function)
    assert {data[:8] for data in files.values()} == {stdlib_magic + (3).to_bytes(4, "little")}
