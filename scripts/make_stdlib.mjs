// The page's Python standard library: which of Pyodide's files it needs, and a check that a
// trimmed archive holds them. Called by scripts/build_python.py, which writes the archive
// (web/build/python_stdlib.zip) and decides the modules.
//
//     node scripts/make_stdlib.mjs list MODULE[,MODULE...]
//         Pyodide started with its whole standard library, web/build/python.zip unpacked by
//         Pyodide (as PyScript does in the bots' worker), MODULEs imported (one that cannot be
//         imported is skipped): prints, as JSON, the archive's files that all this loaded
//         ({"files": [...], "skipped": [...]}).
//     node scripts/make_stdlib.mjs compile IN.zip OUT.zip
//         Writes IN.zip again as OUT.zip with each module as bytecode instead of source
//         (X.py becomes X.pyc, "unchecked hash": zipimport loads it as it is, there being no
//         source beside it), compiled by this Pyodide's own Python. A plain start then compiles
//         none of the standard library (in a cold page that compiling was ~1.5 s of the start:
//         docs/boot.md). CPython's modules are compiled as with -OO (no docstrings, no asserts:
//         a mode CPython supports), Pyodide's own (pyodide/, _pyodide/) as they are.
//         With PyScript's own Python too (the package PyScript writes as sources into Python's
//         working directory at every start, read from its bundle in web/vendor/pyscript/): the
//         modules its pyscript/__init__.py imports, in turn, compiled, in PYSCRIPT_BYTECODE (a
//         marshalled {"pyscript/__pycache__/X.cpython-3NN.pyc": bytes}), hash-based and
//         checked: web/runtime.mjs writes them beside those sources before PyScript imports
//         them, and Python uses one only if its source is the same (else it compiles it).
//     node scripts/make_stdlib.mjs check STDLIB.zip MODULE[,MODULE...] GAME[,GAME...]
//         Pyodide started with STDLIB.zip instead, web/build/python.zip unpacked: imports every
//         MODULE and every GAME module (one that needs the browser, pyscript, is left out);
//         exit status 1, naming them, when any is missing.
import { loadPyodide } from "../web/vendor/pyodide/pyodide.mjs";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const [mode, ...rest] = process.argv.slice(2);
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// Where PyScript's Python goes, compiled, in the archive (web/runtime.mjs reads it there).
const PYSCRIPT_BYTECODE = "pyscript-bytecode.bin";
const indexURL = resolve(root, "web/vendor/pyodide") + "/";
const quiet = { stdout: () => {}, stderr: (text) => console.error(text) };
process.on("uncaughtException", (error) => {
  console.error(String(error && error.message ? error.message : error).slice(-3000));
  process.exit(1);
});
process.on("unhandledRejection", (error) => {
  console.error(String(error && error.message ? error.message : error).slice(-3000));
  process.exit(1);
});

if (mode === "list") {
  const pyodide = await loadPyodide({ indexURL, ...quiet });
  const zip = new Uint8Array(readFileSync(resolve(root, "web/build/python.zip")));
  pyodide.unpackArchive(zip, "zip", { extractDir: "/tmp/unpacked" });
  pyodide.globals.set("wanted", rest[0].split(","));
  const out = pyodide.runPython(`
import importlib, json, sys
skipped = []
for name in wanted:
    try:
        importlib.import_module(name)
    except Exception:
        skipped.append(name)
prefix = next(p for p in sys.path if p.endswith(".zip")) + "/"
files = sorted({m.__file__[len(prefix):] for m in list(sys.modules.values())
                if (getattr(m, "__file__", None) or "").startswith(prefix)})
json.dumps({"files": files, "skipped": skipped})
`);
  process.stdout.write(out + "\n");
} else if (mode === "compile") {
  const [source, target] = rest;
  const pyodide = await loadPyodide({ indexURL, ...quiet });
  pyodide.FS.writeFile("/source.zip", new Uint8Array(readFileSync(resolve(source))));
  pyodide.globals.set("pyscript_files", pyodide.toPy(pyscriptFiles()));
  pyodide.runPython(`
import ast
import importlib.util
import marshal
import sys
import zipfile

where = next(p for p in sys.path if p.endswith(".zip"))  # the archive's place in the page
with zipfile.ZipFile("/source.zip") as src, zipfile.ZipFile("/target.zip", "w") as out:
    for info in src.infolist():
        name, data = info.filename, src.read(info)
        if name.endswith(".py"):
            own = name.startswith(("pyodide/", "_pyodide/"))
            code = compile(data, f"{where}/{name}", "exec", dont_inherit=True,
                           optimize=0 if own else 2)
            # PEP 552: flags 0b01, hash-based and not checked against a source.
            data = (importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little")
                    + importlib.util.source_hash(data) + marshal.dumps(code))
            name += "c"
        entry = zipfile.ZipInfo(name, date_time=info.date_time)
        entry.external_attr = info.external_attr
        entry.compress_type = info.compress_type
        out.writestr(entry, data, compresslevel=9)
    # Those a start imports: pyscript/__init__.py and what it imports of the package as it is
    # imported (not in a function), in turn.
    def outside_functions(node):
        yield node
        for child in ast.iter_child_nodes(node):
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                yield from outside_functions(child)

    wanted, todo = set(), ["pyscript/__init__.py"]
    while todo:
        name = todo.pop()
        if name in wanted or name not in pyscript_files:
            continue
        wanted.add(name)
        for node in outside_functions(ast.parse(pyscript_files[name])):
            modules = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                       [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
                       if isinstance(node, ast.ImportFrom) and node.module else [])
            todo += [m.replace(".", "/") + ".py" for m in modules if m.startswith("pyscript.")]
    bytecode = {}
    for name in sorted(wanted):
        data = pyscript_files[name].encode("utf-8")  # as PyScript writes it (write_text)
        code = compile(data, name, "exec", dont_inherit=True)
        # PEP 552: flags 0b11, hash-based and checked against the source beside it.
        bytecode[importlib.util.cache_from_source(name)] = (
            importlib.util.MAGIC_NUMBER + (3).to_bytes(4, "little")
            + importlib.util.source_hash(data) + marshal.dumps(code))
    if bytecode:
        entry = zipfile.ZipInfo("${PYSCRIPT_BYTECODE}", date_time=(1980, 1, 1, 0, 0, 0))
        entry.external_attr = 0o644 << 16
        entry.compress_type = zipfile.ZIP_DEFLATED
        out.writestr(entry, marshal.dumps(bytecode), compresslevel=9)
`);
  writeFileSync(resolve(target), pyodide.FS.readFile("/target.zip"));
} else if (mode === "check") {
  const [stdlib, modules, game] = rest;
  const pyodide = await loadPyodide({ indexURL, stdLibURL: resolve(stdlib), ...quiet });
  const zip = new Uint8Array(readFileSync(resolve(root, "web/build/python.zip")));
  pyodide.unpackArchive(zip, "zip", { extractDir: "." });
  pyodide.globals.set("modules", modules.split(","));
  pyodide.globals.set("game", game.split(","));
  const missing = pyodide.runPython(`
import importlib
missing = []
for name in list(modules) + list(game):
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as error:
        if (error.name or "").split(".")[0] not in ("pyscript", "belote", "web"):
            missing.append(f"{name}: {error}")
    except Exception:
        pass  # a module that needs the browser to run: its imports are in MODULES
"\\n".join(missing)
`);
  if (missing) {
    console.error(`missing from ${stdlib}:\n${missing}`);
    process.exit(1);
  }
} else {
  console.error("usage: node scripts/make_stdlib.mjs list MODULES | compile IN.zip OUT.zip | check STDLIB.zip MODULES GAME");
  process.exit(2);
}

// PyScript's own Python, {"pyscript/__init__.py": source, ...}, from its bundle (the object
// literal of the files it writes at each start: {pyscript:{"__init__.py":"...",...}}), or {} if
// the bundle does not have it in that form (the page then compiles them as before).
function pyscriptFiles() {
  const folder = resolve(root, "web/vendor/pyscript");
  const found = {};
  for (const name of readdirSync(folder).filter((n) => /^core-.*\.js$/.test(n))) {
    const text = readFileSync(resolve(folder, name), "utf8");
    const start = text.indexOf('{pyscript:{"__init__.py":');
    if (start < 0) continue;
    let depth = 0;
    let end = start;
    for (let quote = null; end < text.length; end++) {
      const c = text[end];
      if (quote) {
        if (c === "\\") end++;
        else if (c === quote) quote = null;
      } else if (c === '"' || c === "'" || c === "`") {
        quote = c;
      } else if (c === "{") {
        depth++;
      } else if (c === "}" && --depth === 0) {
        break;
      }
    }
    const walk = (prefix, node) => {
      for (const [key, value] of Object.entries(node)) {
        if (typeof value === "string") found[prefix + key] = value;
        else walk(`${prefix}${key}/`, value);
      }
    };
    try {
      walk("", vm.runInNewContext(`(${text.slice(start, end + 1)})`, {}, { timeout: 1000 }));
    } catch (error) {
      return {};
    }
  }
  return found;
}
