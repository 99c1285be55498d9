"""pyscript.json, the service worker's precache list (sw.js) and web/build/python.zip match the
files present (VERSION aside: ./serve and the Pages workflow refresh it).

When this fails, run: python3 scripts/gen_site_config.py (and commit what it rewrites), or
python3 scripts/build_python.py for the zip (./test does)."""

import ast
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GEN = ROOT / "scripts" / "gen_site_config.py"
sys.path.insert(0, str(ROOT / "scripts"))
import build_python  # noqa: E402


def require_vendor() -> None:
    if not (ROOT / "web/vendor/pyodide/pyodide.mjs").is_file():
        message = "web/vendor/ is missing: run python3 scripts/vendor.py (./test does)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def test_pyscript_json_unpacks_the_python_zip():
    config = json.loads((ROOT / "pyscript.json").read_text())
    assert config["interpreter"] == "./web/runtime.mjs"  # the vendored Pyodide, from the snapshot
    assert config["files"] == {"./web/build/python.zip": "./*"}


def test_the_zip_holds_every_module_the_page_imports():
    files = build_python.python_files()
    for path in (ROOT / "belote").rglob("*.py"):
        rel = path.relative_to(ROOT).as_posix()
        if "__pycache__" not in path.parts and not rel.startswith(build_python.COMMAND_LINE_ONLY):
            assert rel in files, rel
    assert {"web/browser/adapter.py", "web/i18n/locales/bg.py",
            "belote/bots/solver.py"} <= set(files)
    assert not [f for f in files if f.startswith(build_python.COMMAND_LINE_ONLY)]
    assert "belote/bench/engine.py" not in files and "belote/__main__.py" not in files


def test_nothing_in_the_zip_imports_the_command_line_or_the_benchmarks():
    """What the zip leaves out (by where it is) is never imported by what it holds."""
    for rel in [*build_python.python_files(), *build_python.page_scripts()]:
        tree = ast.parse((ROOT / rel).read_bytes(), rel)
        package = rel.removesuffix(".py").split("/")[:-1]
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = package[:len(package) - node.level + 1] if node.level else []
                module = ".".join([*base, *([node.module] if node.module else [])])
                names = [module, *(f"{module}.{alias.name}" for alias in node.names)]
            else:
                continue
            for name in names:
                assert not name.startswith(("belote.bench", "belote.__main__")), (rel, name)


def test_the_zip_is_current_with_bytecode_for_every_module_and_no_source():
    require_vendor()
    result = subprocess.run([sys.executable, str(ROOT / "scripts/build_python.py"), "--check"],
                            cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    with zipfile.ZipFile(build_python.PYTHON_ZIP) as archive:
        names = set(archive.namelist())
        comment = archive.comment.decode()
    if build_python.node() is None:
        pytest.skip("no Node.js here: the zip holds sources only")
    assert comment == build_python.interpreter_id()
    # Each module as bytecode where its source would be (imported with no source), no source;
    # the dataclasses' methods compiled (web/precompiled.py).
    assert names == {rel + "c" for rel in build_python.python_files()} | {
        build_python.BUILD_FILE, build_python.PRECOMPILED_FILE}


def test_generated_files_are_current():
    require_vendor()
    result = subprocess.run(
        [sys.executable, str(GEN), "--check"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_zip_names_its_build_and_the_snapshot_is_of_it():
    # web/main.py compares the zip's web/BUILD with the one the snapshot was made with.
    require_vendor()
    with zipfile.ZipFile(build_python.PYTHON_ZIP) as archive:
        assert archive.read(build_python.BUILD_FILE).decode() == build_python.build_id()
    if build_python.node() is None:
        pytest.skip("no Node.js here: no snapshot")
    assert build_python.snapshot_problem() is None
    with open(build_python.SNAPSHOT, "rb") as file:
        assert file.read(2) == b"\x1f\x8b"  # gzip: web/boot.js inflates it


def test_the_pages_workflow_copies_files_that_exist():
    workflow = (ROOT / ".github/workflows/pages.yml").read_text()
    copied = next(line for line in workflow.splitlines() if "cp -r" in line).split()[2:-1]
    assert "index.html" in copied and "web" in copied
    for name in copied:
        assert (ROOT / name).exists(), name


def test_the_favicon_is_the_icon_inline():
    # scripts/make_icons.py writes it (a favicon file would be a second download of the icon).
    import make_icons

    svg = (ROOT / "web" / "icons" / "icon.svg").read_text()
    assert f'<link rel="icon" href="{make_icons.favicon_url(svg)}"' in (ROOT / "index.html")\
        .read_text(), "run python3 scripts/make_icons.py"
