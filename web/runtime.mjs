// The page's Pyodide (index.html's PyScript "interpreter"): the vendored one, started from the
// memory snapshot that web/boot.js fetched (window.beloteSnapshot, made by
// scripts/build_python.py with the game's modules imported), else afresh. <html data-boot>
// says which: "snapshot" or "plain" (web/main.py makes it "snapshot-stale" when the snapshot's
// modules are not the zip's and it imports them afresh).
import * as pyodide from "./vendor/pyodide/pyodide.mjs";

export const version = pyodide.version;
// Pyodide's own files, wherever PyScript thinks this module's folder makes them.
const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;

const mark = (how) => {
  if (globalThis.document) document.documentElement.dataset.boot = how;
};

export async function loadPyodide(options = {}) {
  const pending = globalThis.beloteSnapshot;
  globalThis.beloteSnapshot = null; // 30 MB: not kept once used
  const snapshot = pending ? await pending : null;
  if (snapshot) {
    try {
      const started = await pyodide.loadPyodide({ ...options, indexURL, _loadSnapshot: snapshot });
      mark("snapshot");
      return started;
    } catch (error) {
      console.warn("Starting from the snapshot failed (Python starts afresh):", error);
    }
  }
  mark("plain");
  return pyodide.loadPyodide({ ...options, indexURL });
}
