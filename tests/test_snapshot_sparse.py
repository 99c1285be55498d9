"""The memory snapshot as the service worker keeps it (sw.js ``sparsePages``, as the file
inflates: the runs of pages that are not zeros, then their table) comes back whole in
web/runtime.mjs (``sparseImage``, then ``place`` into a memory that held something else: its runs
written, the rest made zero), byte for byte, for the real snapshot and for odd sizes, also from
an offset (the file's header stays out of Pyodide's memory); a truncated file is refused (the
page then starts plainly)."""

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = r"""
const fs = require("fs"), zlib = require("zlib");
const cut = (text, from, to) => text.slice(text.indexOf(from), text.indexOf(to));
const worker = fs.readFileSync("sw.js", "utf8");
const sparsePages = new Function(cut(worker, "const PAGE =", "async function keepSnapshotSparse")
  + cut(worker, "function sparsePages", "// The first visit") + "; return sparsePages;")();
const runtime = fs.readFileSync("web/runtime.mjs", "utf8");
const { sparseImage, place } = new Function(cut(runtime, "function sparseImage",
  "// Pyodide's own start") + "; return { sparseImage, place };")();
// As sw.js keeps it: the bytes through sparsePages, in chunks of odd sizes.
const sparse = async (bytes) => {
  const chunks = [];
  for (let at = 0; at < bytes.length; at += 10007) chunks.push(bytes.slice(at, at + 10007));
  const stream = new Blob(chunks).stream().pipeThrough(sparsePages());
  return new Response(stream).arrayBuffer();
};
const same = async (bytes, from = 0) => {
  const image = sparseImage(await sparse(bytes));
  const back = new Uint8Array(bytes.length - from).fill(0xaa); // (a memory already written)
  place(back, image, from);
  return image.length === bytes.length && back.every((b, i) => b === bytes[from + i]);
};
(async () => {
  const odd = new Uint8Array(10003); odd[5] = 1; odd[10002] = 7;
  const checks = { odd: await same(odd), zeros: await same(new Uint8Array(8192)),
                   tail: await same(odd.slice(4097)),
                   from: await same(odd, 16) && await same(odd, 4100) };
  if (fs.existsSync(process.argv[1])) {
    const raw = new Uint8Array(zlib.gunzipSync(fs.readFileSync(process.argv[1])));
    const packed = await sparse(raw);
    checks.snapshot = packed.byteLength < raw.length / 2 && await same(raw) && await same(raw, 64);
    try { sparseImage(packed.slice(1)); checks.truncated = false; }
    catch (error) { checks.truncated = true; }
  }
  console.log(JSON.stringify(checks));
})();
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
