// Makes the page's Pyodide memory snapshot (loadPyodide's _makeSnapshot / makeMemorySnapshot):
// Pyodide started, the game's Python unpacked from web/build/python.zip and MODULES imported,
// frozen, kept sparse (the runs of its pages that are not zeros: 13 of its 31 MB, see sparse)
// and gzipped. web/runtime.mjs starts the page's Pyodide from it; the service worker keeps it
// inflated. Called by scripts/build_python.py, which decides the modules (and gives Node.js
// WebAssembly's JSPI where it can, so that Pyodide sets up run_sync as in a browser that has it:
// web/ai.py).
//
//     node scripts/make_snapshot.mjs OUT_FILE.gz MODULE[,MODULE...]
//
// The snapshot belongs to this exact Pyodide build and this exact zip: it records the zip's
// web/BUILD as sys._belote_build, which web/snapshot.py compares with the unpacked one.
import { loadPyodide } from "../web/vendor/pyodide/pyodide.mjs";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const [out, modules] = process.argv.slice(2);
if (!out || !modules) {
  console.error("usage: node scripts/make_snapshot.mjs OUT_FILE.gz MODULE[,MODULE...]");
  process.exit(2);
}
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// With the page's own standard library (web/build/python_stdlib.zip): the snapshot's
// zipimport remembers the archive it read.
const pyodide = await loadPyodide({ indexURL: resolve(root, "web/vendor/pyodide") + "/",
                                    stdLibURL: resolve(root, "web/build/python_stdlib.zip"),
                                    _makeSnapshot: true });
const zip = new Uint8Array(readFileSync(resolve(root, "web/build/python.zip")));
pyodide.unpackArchive(zip, "zip", { extractDir: "." });
pyodide.runPython(`import ${modules}
import sys
with open("web/BUILD", encoding="ascii") as file:
    sys._belote_build = file.read().strip()
`);
writeFileSync(out, gzipSync(sparse(pyodide.makeMemorySnapshot()), { level: 6 }));

// The runs of pages that are not all zeros, one after the other, then each run's offset and
// length, the number of runs, the whole length and "BSN2" (unsigned 32-bit little-endian
// numbers): web/runtime.mjs sparseImage reads it.
function sparse(bytes) {
  const PAGE = 4096;
  const runs = [];
  for (let at = 0; at < bytes.length; at += PAGE) {
    const page = bytes.subarray(at, at + PAGE);
    if (page.every((byte) => byte === 0)) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === at) last[1] += page.length;
    else runs.push([at, page.length]);
  }
  const table = Buffer.alloc(runs.length * 8 + 12);
  runs.forEach(([at, length], i) => {
    table.writeUInt32LE(at, i * 8);
    table.writeUInt32LE(length, i * 8 + 4);
  });
  table.writeUInt32LE(runs.length, runs.length * 8);
  table.writeUInt32LE(bytes.length, runs.length * 8 + 4);
  table.write("BSN2", runs.length * 8 + 8, "latin1");
  return Buffer.concat([...runs.map(([at, length]) => bytes.subarray(at, at + length)), table]);
}
