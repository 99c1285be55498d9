// Pyodide for PyScript (the "interpreter" of index.html and of pyscript.json, the bots' worker):
// the vendored one, started from its memory snapshot, web/build/snapshot.bin.gz (made by
// scripts/build_python.py with the game's modules imported; inflated here), else afresh. The
// snapshot is used only when the service worker's cache already holds it (caches.match: never a
// network fetch, so a first visit starts plainly at once and the service worker fetches the
// snapshot after the table is playable, sw.js "fill"); ?snapshot=1 fetches it anyway (the tests
// of the snapshot itself), ?snapshot=0 never uses it (scripts/bench_boot.py). On the page
// <html data-boot> says which: "snapshot" or "plain" (web/main.py makes it "snapshot-stale"
// when the snapshot's modules are not the zip's: web/snapshot.py). No snapshot where the
// browser cannot inflate; one that cannot be read, inflated or loaded costs only the time.
//
// web/boot.js calls start() at once, so that Pyodide starts while PyScript is still loading;
// PyScript's loadPyodide() then gets that same start. Python's output goes to PyScript's stdout
// and stderr once it has given them (to the console before).
import * as pyodide from "./vendor/pyodide/pyodide.mjs";

export const version = pyodide.version;
// Pyodide's own files, wherever PyScript thinks this module's folder makes them.
const indexURL = new URL("./vendor/pyodide/", import.meta.url).href;
const output = { stdout: (text) => console.log(text), stderr: (text) => console.warn(text) };
// <lock> written by scripts/gen_site_config.py from the vendored pyodide-lock.json: the page
// loads no package, so Pyodide needs only the lock's "info" (its ABI), not the 110 KB file.
const LOCK_INFO = {"abi_version": "2026_0", "arch": "wasm32", "platform": "emscripten_5_0_3", "python": "3.14.0"};
// </lock>
const common = {
  indexURL,
  // The standard library the game and PyScript import, not all of it (scripts/build_python.py).
  stdLibURL: new URL("./build/python_stdlib.zip", import.meta.url).href,
  lockFileContents: { info: LOCK_INFO, packages: {} },
  stdout: (text) => output.stdout(text),
  stderr: (text) => output.stderr(text),
};

const mark = (how) => {
  if (globalThis.document) document.documentElement.dataset.boot = how;
};

let started = null;

// A response's bytes, or its HTTP error.
function bytesOf(response) {
  return response.ok ? response.arrayBuffer()
    : Promise.reject(new Error(`HTTP ${response.status}`));
}

// The snapshot, when there is one to start from: {bytes: a promise of the file's bytes} (the
// service worker's cached copy, inflated or not), else null (not cached, not wanted). It
// answers as soon as it is known that there is one: the bytes may still be on their way.
async function snapshotFound() {
  const page = globalThis.document ? new URLSearchParams(location.search) : null;
  const choice = page ? page.get("snapshot") : null;
  if (choice === "0" || typeof DecompressionStream !== "function") return null;
  const url = new URL("./build/snapshot.bin.gz", import.meta.url).href;
  if (choice === "1") return { bytes: fetch(url).then(bytesOf) };
  if (globalThis.beloteSnapshot) return globalThis.beloteSnapshot; // web/boot.js looked already
  try {
    const response = await caches.match(url);
    return response ? { bytes: bytesOf(response) } : null;
  } catch (error) {
    return null; // no cache storage here (an insecure origin, a blocked profile)
  }
}

// The snapshot's bytes, as Pyodide's memory: the file as built (gzipped), or as the service
// worker keeps it (sw.js keepSnapshotSparse: "BSN1", then the runs of pages that are not zeros),
// or inflated already.
function inflate(buffer) {
  const head = new Uint8Array(buffer, 0, Math.min(4, buffer.byteLength));
  if (String.fromCharCode(...head) === "BSN1") return expand(buffer);
  if (head[0] !== 0x1f || head[1] !== 0x8b) return buffer; // inflated already
  const stream = new Blob([buffer]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Response(stream).arrayBuffer();
}

function expand(buffer) {
  const view = new DataView(buffer);
  const runs = view.getUint32(8, true);
  const memory = new Uint8Array(view.getUint32(4, true));
  let at = 12 + runs * 8;
  for (let i = 0; i < runs; i++) {
    const offset = view.getUint32(12 + i * 8, true);
    const length = view.getUint32(16 + i * 8, true);
    memory.set(new Uint8Array(buffer, at, length), offset); // (a bad file throws here)
    at += length;
  }
  if (at !== buffer.byteLength) throw new Error("snapshot: not a whole sparse file");
  return memory;
}

async function begin() {
  // The cache answers at once (a network fetch only with ?snapshot=1): a plain start is one
  // start, never a wait.
  let found = null;
  try {
    found = await snapshotFound();
  } catch (error) {
    console.warn("No snapshot (Python starts afresh):", error);
  }
  if (found) {
    // Given as a promise, so that Pyodide fetches and compiles its own files while the
    // snapshot is read.
    const snapshot = found.bytes.then(inflate);
    try {
      const runtime = await pyodide.loadPyodide({ ...common, _loadSnapshot: snapshot });
      mark("snapshot");
      return runtime;
    } catch (error) {
      console.warn("Starting from the snapshot failed (Python starts afresh):", error);
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
