"""The daily deal is the same in the page's Pyodide (32-bit WebAssembly) as in CPython: the
vendored Pyodide, run by Node.js, draws the deals of tests/data/daily_deals.json and plays the
Expert's line on one hand card for card as CPython does. (The page's own browser test plays
the daily deal at the table.)"""

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from table_page import expert_line

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "web" / "vendor" / "pyodide"

SCRIPT = r"""
const [pyodideDir, repo] = process.argv.slice(1);
const { loadPyodide } = await import(`file://${pyodideDir}/pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
console.log(pyodide.runPython(`
import json, sys
sys.path.insert(0, "/repo")
from belote.daily import daily

days = []
for date in json.load(open("/repo/tests/data/daily_deals.json"))["days"]:
    day = daily(date["date"])
    hands = []
    for n in range(1, day.hands + 1):
        match = day.match(n)
        hands.append({"seed": match.hand.seed, "commitment": match.commitment,
                      "dealer": match.hand.dealer, "deck": " ".join(match.hand_record()["deck"])})
    days.append({"date": day.date, "rules": day.rules, "hands": hands})
json.dumps({"maxsize": sys.maxsize, "days": days, "line": daily("2026-12-24").expert_record(3)})
`));
"""


@pytest.mark.xdist_group("experts-line")  # (CPython's line computed once: test_daily.py)
def test_pyodide_draws_the_same_deals_and_plays_the_same_line():
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is missing")
    if not (PYODIDE / "pyodide.mjs").is_file():
        pytest.skip("web/vendor/ is missing: run python3 scripts/vendor.py")
    done = subprocess.run([node, "--input-type=module", "-e", SCRIPT, str(PYODIDE), str(ROOT)],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    got = json.loads(done.stdout.strip().splitlines()[-1])
    assert got["maxsize"] == 2**31 - 1  # it is the 32-bit build
    fixture = json.loads((ROOT / "tests/data/daily_deals.json").read_text())
    assert got["days"] == fixture["days"]
    assert got["line"] == json.loads(expert_line("2026-12-24", 3))
