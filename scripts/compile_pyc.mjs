// Compiles Python files to bytecode with the vendored Pyodide's own Python (under Node.js), so
// that the page imports .pyc files instead of compiling every module at each start.
//
//     node scripts/compile_pyc.mjs OUT_DIR FILE...
//
// FILE paths are relative to the repository root; each .pyc goes to OUT_DIR in place of its
// source (belote/cards.py -> belote/cards.pyc), where Python imports a module that has no source.
// The .pyc files are "unchecked hash" ones (PEP 552): the zip holds no source to compare them
// with. Called by scripts/build_python.py.
//
// It also writes OUT_DIR/web/precompiled.bin (web/precompiled.py reads it): the methods that
// the dataclasses module generates for each of the game's dataclasses, as source, and that
// source compiled, recorded while every module of FILES is imported (one that needs the
// browser, pyscript, is skipped).
import { loadPyodide } from "../web/vendor/pyodide/pyodide.mjs";
import { mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const [outDir, ...files] = process.argv.slice(2);
if (!outDir || files.length === 0) {
  console.error("usage: node scripts/compile_pyc.mjs OUT_DIR FILE...");
  process.exit(2);
}
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
mkdirSync(outDir, { recursive: true });

const pyodide = await loadPyodide({ indexURL: resolve(root, "web/vendor/pyodide") + "/" });
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/repo");
pyodide.FS.mkdirTree("/out");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: resolve(outDir) }, "/out");
pyodide.globals.set("FILES", pyodide.toPy(files));
pyodide.runPython(`
import os
import py_compile

for rel in FILES:
    cache = rel + "c"
    os.makedirs(os.path.dirname("/out/" + cache), exist_ok=True)
    py_compile.compile("/repo/" + rel, cfile="/out/" + cache, dfile=rel, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)

# dataclasses compiles each class's methods with exec(source, globals, namespace): record those
# sources, compiled as exec compiles a string given there (no inherited future flags).
import dataclasses
import importlib
import marshal
import sys

sys.dont_write_bytecode = True  # (no __pycache__ in the repository)
sys.path.insert(0, "/repo")
recorded = {}


def recording(source, globals=None, locals=None, /):
    if isinstance(source, str):
        recorded.setdefault(source, compile(source, "<string>", "exec", dont_inherit=True))
    return exec(source, globals, locals)


dataclasses.exec = recording
for rel in FILES:
    name = rel.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] != "pyscript":
            raise
del dataclasses.exec
with open("/out/web/precompiled.bin", "wb") as file:
    marshal.dump(dict(sorted(recorded.items())), file)
`);
