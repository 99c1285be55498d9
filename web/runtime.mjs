// Pyodide for PyScript (the "interpreter" of index.html and of pyscript.json, the bots' worker):
// the vendored one, started from its memory snapshot, web/build/snapshot.bin.gz (made by
// scripts/build_python.py with the game's modules imported; sparse, see imageOf), else afresh. The
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

// The snapshot as a memory image: {length, runs: [[offset, bytes], ...]}, the bytes of the file
// at each offset, zeros elsewhere. The file is sparse (scripts/make_snapshot.mjs: the runs of
// pages that are not zeros, then their table, ending with "BSN2"), inflated (as the service
// worker keeps it) or gzipped (as built).
async function imageOf(buffer) {
  const head = new Uint8Array(buffer, 0, Math.min(2, buffer.byteLength));
  if (head[0] === 0x1f && head[1] === 0x8b) {
    const stream = new Blob([buffer]).stream().pipeThrough(new DecompressionStream("gzip"));
    buffer = await new Response(stream).arrayBuffer();
  }
  return sparseImage(buffer);
}

function sparseImage(buffer) {
  const tail = new Uint8Array(buffer, Math.max(0, buffer.byteLength - 4));
  if (String.fromCharCode(...tail) !== "BSN2") throw new Error("snapshot: not a sparse file");
  const view = new DataView(buffer);
  const count = view.getUint32(buffer.byteLength - 12, true);
  const table = buffer.byteLength - 12 - count * 8;
  const runs = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    const offset = view.getUint32(table + i * 8, true); // (a bad file throws here)
    const length = view.getUint32(table + i * 8 + 4, true);
    runs.push([offset, new Uint8Array(buffer, at, length)]);
    at += length;
  }
  if (at !== table) throw new Error("snapshot: not a whole sparse file");
  return { length: view.getUint32(buffer.byteLength - 8, true), runs };
}

// Writes the image's bytes from ``from`` on into ``memory`` (a Uint8Array; byte ``from`` of the
// file goes to memory[0]), and zeros where the image has none and ``memory`` is not zero. A page
// that is zero in both is never written: it stays out of the process's memory (18 of the
// snapshot's 31 MB are such pages).
function place(memory, image, from) {
  let next = 0;
  for (const [offset, bytes] of image.runs) {
    const start = Math.max(offset, from);
    const end = Math.min(offset + bytes.length, image.length);
    if (end <= start) continue;
    clear(memory, next, start - from);
    memory.set(bytes.subarray(start - offset, end - offset), start - from);
    next = end - from;
  }
  clear(memory, next, image.length - from);
}

function clear(memory, start, end) {
  const PAGE = 4096;
  const words = new Uint32Array(memory.buffer, memory.byteOffset, memory.length >> 2);
  for (let at = start; at < end;) {
    const stop = Math.min(end, (Math.floor(at / PAGE) + 1) * PAGE);
    let zero = true;
    if (at % 4 === 0 && stop % 4 === 0 && memory.byteOffset % 4 === 0) {
      for (let i = at >> 2; i < stop >> 2 && zero; i++) zero = words[i] === 0;
    } else {
      for (let i = at; i < stop && zero; i++) zero = memory[i] === 0;
    }
    if (!zero) memory.fill(0, at, stop);
    at = stop;
  }
}

// Pyodide's own start (pyodide.asm.mjs), with its restore of a snapshot replaced: the image is
// written by ``place`` (not the whole of it, zeros included), and Python keeps this runtime's
// call trampoline. Python's runtime state records, as Pyodide starts, whether its calls to C
// functions go through a WebAssembly trampoline (where the browser has WebAssembly GC) or a
// JavaScript one; a snapshot would bring back the choice of the runtime it was made in (Node.js,
// without it), and a JavaScript frame on the stack keeps JSPI from suspending (web/ai.py).
async function startFrom(found) {
  let image = null; // known before the module is made: Pyodide waits for _loadSnapshot first
  found.then((it) => { image = it; }, () => {});
  const { default: createModule } = await import(`${indexURL}pyodide.asm.mjs`);
  return async (settings) => {
    const module = await createModule(settings);
    const restore = module.API.restoreSnapshot;
    module.API.restoreSnapshot = () => {
      const words = new Uint32Array(module.HEAP8.buffer);
      const offset = words[module.__PyEM_EMSCRIPTEN_TRAMPOLINE_OFFSET / 4];
      const field = (module.__PyRuntime + offset) / 4; // _PyRuntime.emscripten_trampoline
      const trampoline = words[field];
      // The file's header and settings (Pyodide checks them); the memory after them.
      const first = image.runs[0][1];
      const from = new DataView(first.buffer, first.byteOffset).getUint32(4, true);
      const head = new Uint8Array(from);
      place(head, { length: from, runs: image.runs }, 0);
      const config = restore(head);
      place(new Uint8Array(module.HEAP8.buffer), image, from);
      new Uint32Array(module.HEAP8.buffer)[field] = trampoline;
      free(first.buffer); // (13 MB or more, until the next garbage collection otherwise)
      image = null;
      return config;
    };
    return module;
  };
}

// Gives back an ArrayBuffer's memory at once (it becomes empty), where the browser can.
function free(buffer) {
  if (typeof buffer.transfer === "function" && !buffer.detached) buffer.transfer(0);
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
  delete globalThis.beloteSnapshot; // (web/boot.js's: its bytes are read once)
  if (found) {
    // Given as promises, so that Pyodide fetches and compiles its own files while the snapshot
    // is read. Pyodide takes the memory's size from an array of that length, never written (so
    // never in memory), and restores it through startFrom.
    const image = found.bytes.then(imageOf);
    image.catch(() => {}); // said below
    const size = image.then((it) => new Uint8Array(it.length));
    size.catch(() => {}); // (Pyodide awaits it later: a bad file is said below, not unhandled)
    try {
      const runtime = await pyodide.loadPyodide({
        ...common,
        _loadSnapshot: size,
        createPyodideModule: await startFrom(image),
      });
      free((await size).buffer); // (Pyodide keeps it)
      mark("snapshot");
      return withPyScriptBytecode(runtime);
    } catch (error) {
      console.warn("Starting from the snapshot failed (Python starts afresh):", error);
    }
  }
  mark("plain");
  return withPyScriptBytecode(await pyodide.loadPyodide(common));
}

// PyScript writes its own Python (the pyscript package) as sources into Python's working
// directory at every start, and imports it: compiling it took a good part of PyScript's start.
// scripts/make_stdlib.mjs puts those modules, compiled, in the standard library's archive
// (pyscript-bytecode.bin); they go to pyscript/__pycache__/ here, before PyScript writes the
// sources beside them. They are checked against the source (PEP 552): a module whose source
// differs is compiled as before. (zipimport and marshal are in Python already; zipfile is not.)
function withPyScriptBytecode(runtime) {
  try {
    runtime.runPython(`
def _belote_pyscript_bytecode():
    import marshal, os, sys, zipimport
    archive = zipimport.zipimporter(next(p for p in sys.path if p.endswith(".zip")))
    try:
        files = marshal.loads(archive.get_data("pyscript-bytecode.bin"))
    except OSError:
        return  # an archive without it: PyScript compiles its sources
    for path, data in files.items():
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "wb") as file:
            file.write(data)
_belote_pyscript_bytecode()
del _belote_pyscript_bytecode
`);
  } catch (error) {
    console.warn("PyScript's Python is compiled at the start:", error);
  }
  return runtime;
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
