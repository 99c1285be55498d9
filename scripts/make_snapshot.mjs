// Makes a Pyodide memory snapshot (loadPyodide's _makeSnapshot / makeMemorySnapshot) with the
// game's Python already imported, for scripts/bench_boot.py --snapshot to measure (the page does
// not use it: see README "Boot").
//
//     node scripts/make_snapshot.mjs OUT_FILE MODULE[,MODULE...]
//
// The game's modules come from web/build/python.zip (scripts/build_python.py). The snapshot
// belongs to this exact Pyodide build.
import { loadPyodide } from "../web/vendor/pyodide/pyodide.mjs";
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const [out, modules] = process.argv.slice(2);
if (!out || !modules) {
  console.error("usage: node scripts/make_snapshot.mjs OUT_FILE MODULE[,MODULE...]");
  process.exit(2);
}
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const pyodide = await loadPyodide({ indexURL: resolve(root, "web/vendor/pyodide") + "/",
                                    _makeSnapshot: true });
const zip = new Uint8Array(readFileSync(resolve(root, "web/build/python.zip")));
pyodide.unpackArchive(zip, "zip", { extractDir: "." });
pyodide.runPython(`import ${modules}`);
writeFileSync(out, pyodide.makeMemorySnapshot());
