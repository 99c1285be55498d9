// The page's Pyodide (index.html's PyScript "interpreter"): the vendored one, started from the
// memory snapshot that web/boot.js fetched (window.beloteSnapshot, made by
// scripts/build_python.py with the game's modules imported), else afresh. <html data-boot>
// says which: "snapshot" or "plain" (web/main.py makes it "snapshot-stale" when the snapshot's
// modules are not the zip's and it imports them afresh).
//
// web/boot.js calls start() as soon as it has asked for the snapshot, so that Pyodide starts
// while PyScript is still loading; PyScript's loadPyodide() then gets that same start. Python's
// output goes to PyScript's stdout and stderr once it has given them (to the console before).
import * as pyodide from "./vendor/pyodide/pyodide.mjs";

export const version = pyodide.version;
// Pyodide's own files, wherever PyScript thinks this module's folder makes them.
const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
const output = { stdout: (text) => console.log(text), stderr: (text) => console.warn(text) };
const common = {
  indexURL,
  stdout: (text) => output.stdout(text),
  stderr: (text) => output.stderr(text),
};

const mark = (how) => {
  if (globalThis.document) document.documentElement.dataset.boot = how;
};

let started = null;

async function begin() {
  const pending = globalThis.beloteSnapshot;
  globalThis.beloteSnapshot = null; // 30 MB: not kept once used
  if (pending) {
    // Given as a promise, so that Pyodide fetches its own files while the snapshot arrives.
    const none = new Error("no snapshot");
    const snapshot = pending.then((bytes) => bytes || Promise.reject(none));
    try {
      const runtime = await pyodide.loadPyodide({ ...common, _loadSnapshot: snapshot });
      mark("snapshot");
      return runtime;
    } catch (error) {
      if (error !== none) {
        console.warn("Starting from the snapshot failed (Python starts afresh):", error);
      }
    }
  }
  mark("plain");
  return pyodide.loadPyodide(common);
}

export function start() {
  started ??= begin();
  return started;
}

export async function loadPyodide(options = {}) {
  const { stdout, stderr, indexURL: _, ...other } = options;
  if (Object.keys(other).length) {
    // Options this page does not use (packages, a lock file): a start of their own.
    mark("plain");
    return pyodide.loadPyodide({ ...options, indexURL });
  }
  if (stdout) output.stdout = stdout;
  if (stderr) output.stderr = stderr;
  return start();
}
