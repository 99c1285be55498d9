"""The memory snapshot as the service worker keeps it (sw.js ``sparse``: the runs of pages that
are not zeros) comes back whole in web/runtime.mjs (``sparseImage``, then ``place`` into a
memory that held something else: its runs written, the rest made zero), byte for byte, for the
real snapshot and for odd sizes, also from an offset (the file's header stays out of Pyodide's
memory); a truncated file is refused (the page then starts plainly)."""

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
const { sparseImage, place } = new Function(cut(runtime, "function sparseImage",
  "// Pyodide's own start") + "; return { sparseImage, place };")();
const same = (bytes, from = 0) => {
  const image = sparseImage(sparse(bytes.buffer).buffer.slice(0));
  const back = new Uint8Array(bytes.length - from).fill(0xaa); // (a memory already written)
  place(back, image, from);
  return image.length === bytes.length && back.every((b, i) => b === bytes[from + i]);
};
const odd = new Uint8Array(10003); odd[5] = 1; odd[10002] = 7;
const checks = { odd: same(odd), zeros: same(new Uint8Array(8192)), tail: same(odd.slice(4097)),
                 from: same(odd, 16) && same(odd, 4100) };
if (fs.existsSync(process.argv[1])) {
  const raw = new Uint8Array(zlib.gunzipSync(fs.readFileSync(process.argv[1])));
  const packed = sparse(raw.buffer);
  checks.snapshot = packed.length < raw.length / 2 && same(raw) && same(raw, 64);
  try { sparseImage(packed.buffer.slice(0, packed.length - 1)); checks.truncated = false; }
  catch (error) { checks.truncated = true; }
}
console.log(JSON.stringify(checks));
"""


def test_the_sparse_snapshot_comes_back_as_the_same_bytes():
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is missing")
    snapshot = ROOT / "web" / "build" / "snapshot.bin.gz"
    done = subprocess.run([node, "-e", SCRIPT, str(snapshot)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    checks = done.stdout.strip()
    assert all(f'"{name}":true' in checks for name in ("odd", "zeros", "tail", "from")), checks
    if snapshot.is_file():
        assert '"snapshot":true' in checks and '"truncated":true' in checks, checks
