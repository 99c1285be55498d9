"""pyscript.toml and the service worker's precache list (sw.js) match the files present
(VERSION aside: ./serve and the Pages workflow refresh it).

When this fails, run: python3 scripts/gen_pyscript_toml.py (and commit what it rewrites)."""

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GEN = ROOT / "scripts" / "gen_pyscript_toml.py"


def test_pyscript_toml_maps_the_engine():
    config = tomllib.loads((ROOT / "pyscript.toml").read_text())
    assert config["interpreter"] == "./web/vendor/pyodide/pyodide.mjs"
    files = config["files"]
    for path in (ROOT / "belote").rglob("*.py"):
        if "__pycache__" in path.parts:
            continue
        rel = "./" + path.relative_to(ROOT).as_posix()
        assert files.get(rel) == rel, f"{rel} is not in pyscript.toml [files]"
    for url in files:
        assert url.startswith("./") and (ROOT / url).is_file(), url


def test_generated_files_are_current():
    if not (ROOT / "web/vendor/pyodide/pyodide.mjs").is_file():
        message = "web/vendor/ is missing: run python3 scripts/vendor.py (./test does)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    result = subprocess.run(
        [sys.executable, str(GEN), "--check"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
