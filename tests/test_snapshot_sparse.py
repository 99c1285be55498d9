"""The memory snapshot as the service worker keeps it (sw.js ``sparse``: the runs of pages that
are not zeros) comes back whole in web/runtime.mjs (``expand``), byte for byte, for the real
snapshot and for odd sizes; a truncated file is refused (the page then starts plainly)."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = r"""
const fs = require("fs"), zlib = require("zlib");
const cut = (text, from, to) => text.slice(text.indexOf(from), text.indexOf(to));
const worker = fs.readFileSync("sw.js", "utf8");
const sparse = new Function(cut(worker, "const PAGE =", "async function keepSnapshotSparse")
  + cut(worker, "function sparse", "// The first visit") + "; return sparse;")();
const runtime = fs.readFileSync("web/runtime.mjs", "utf8");
const expand = new Function(cut(runtime, "function expand", "async function begin")
  + "; return expand;")();
const same = (bytes) => {
  const back = expand(sparse(bytes.buffer).buffer.slice(0));
  return back.length === bytes.length && back.every((b, i) => b === bytes[i]);
};
const odd = new Uint8Array(10003); odd[5] = 1; odd[10002] = 7;
const checks = { odd: same(odd), zeros: same(new Uint8Array(8192)), tail: same(odd.slice(4097)) };
if (fs.existsSync(process.argv[1])) {
  const raw = new Uint8Array(zlib.gunzipSync(fs.readFileSync(process.argv[1])));
  const packed = sparse(raw.buffer);
  checks.snapshot = packed.length < raw.length / 2 && same(raw);
  try { expand(packed.buffer.slice(0, packed.length - 1)); checks.truncated = false; }
  catch (error) { checks.truncated = true; }
}
console.log(JSON.stringify(checks));
"""


def test_the_sparse_snapshot_expands_to_the_same_bytes():
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is missing")
    snapshot = ROOT / "web" / "build" / "snapshot.bin.gz"
    done = subprocess.run([node, "-e", SCRIPT, str(snapshot)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    checks = done.stdout.strip()
    assert '"odd":true' in checks and '"zeros":true' in checks and '"tail":true' in checks, checks
    if snapshot.is_file():
        assert '"snapshot":true' in checks and '"truncated":true' in checks, checks
