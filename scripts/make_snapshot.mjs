// Makes the page's Pyodide memory snapshot (loadPyodide's _makeSnapshot / makeMemorySnapshot):
// Pyodide started, the game's Python unpacked from web/build/python.zip and MODULES imported,
// frozen and gzipped. web/runtime.mjs starts the page's Pyodide from it. Called by
// scripts/build_python.py, which decides the modules.
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
writeFileSync(out, gzipSync(pyodide.makeMemorySnapshot(), { level: 6 }));
