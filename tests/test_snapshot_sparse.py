"""The memory snapshot as built (scripts/make_snapshot.mjs ``sparse``: the runs of pages that are
not zeros, then their table; gzipped) comes back whole in web/runtime.mjs (``imageOf``,
``sparseImage``, then ``place`` into a memory that held something else: its runs written, the
rest made zero), byte for byte, for odd sizes and from an offset (the file's header stays out of
Pyodide's memory); the real snapshot is Pyodide's (its magic number first) and its memory made
sparse again is the same file; a truncated file is refused (the page then starts plainly)."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = r"""
const fs = require("fs"), zlib = require("zlib");
const cut = (text, from, to) => text.slice(text.indexOf(from), to ? text.indexOf(to) : undefined);
const sparse = new Function(cut(fs.readFileSync("scripts/make_snapshot.mjs", "utf8"),
  "function sparse") + "; return sparse;")();
const runtime = fs.readFileSync("web/runtime.mjs", "utf8");
const { imageOf, place } = new Function(cut(runtime, "async function imageOf",
  "// Pyodide's own start") + "; return { imageOf, place };")();
const buffer = (bytes) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
const back = async (file, from = 0) => {
  const image = await imageOf(buffer(file));
  const memory = new Uint8Array(image.length - from).fill(0xaa); // (a memory already written)
  place(memory, image, from);
  return memory;
};
const same = async (bytes, from = 0) => {
  const memory = await back(sparse(bytes), from);
  return memory.length === bytes.length - from && memory.every((b, i) => b === bytes[from + i]);
};
(async () => {
  const odd = new Uint8Array(10003); odd[5] = 1; odd[10002] = 7;
  const checks = { odd: await same(odd), zeros: await same(new Uint8Array(8192)),
                   tail: await same(odd.slice(4097)),
                   from: await same(odd, 16) && await same(odd, 4100),
                   gzipped: (await back(zlib.gzipSync(sparse(odd)))).every((b, i) => b === odd[i]),
  };
  if (fs.existsSync(process.argv[1])) {
    const file = fs.readFileSync(process.argv[1]);
    const packed = zlib.gunzipSync(file);
    const memory = await back(file);
    checks.snapshot = packed.length < memory.length / 2
      && new DataView(memory.buffer).getUint32(0, true) === 0x706e7300
      && Buffer.compare(sparse(memory), packed) === 0;
    try { await imageOf(buffer(packed.subarray(1))); checks.truncated = false; }
    catch (error) { checks.truncated = true; }
  }
  console.log(JSON.stringify(checks));
})();
"""


def test_the_snapshot_comes_back_as_the_same_bytes():
    node = shutil.which("node")
    if node is None:
        pytest.skip("Node.js is missing")
    snapshot = ROOT / "web" / "build" / "snapshot.bin.gz"
    done = subprocess.run([node, "-e", SCRIPT, str(snapshot)], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    checks = done.stdout.strip()
    assert all(f'"{name}":true' in checks for name in ("odd", "zeros", "tail", "from", "gzipped")),\
        checks
    if snapshot.is_file():
        assert '"snapshot":true' in checks and '"truncated":true' in checks, checks
