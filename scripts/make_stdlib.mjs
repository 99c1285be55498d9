// The page's Python standard library: which of Pyodide's files it needs, and a check that a
// trimmed archive holds them. Called by scripts/build_python.py, which writes the archive
// (web/build/python_stdlib.zip) and decides the modules.
//
//     node scripts/make_stdlib.mjs list MODULE[,MODULE...]
//         Pyodide started with its whole standard library, web/build/python.zip unpacked by
//         Pyodide (as PyScript does in the bots' worker), MODULEs imported (one that cannot be
//         imported is skipped): prints, as JSON, the archive's files that all this loaded
//         ({"files": [...], "skipped": [...]}).
//     node scripts/make_stdlib.mjs check STDLIB.zip MODULE[,MODULE...] GAME[,GAME...]
//         Pyodide started with STDLIB.zip instead, web/build/python.zip unpacked: imports every
//         MODULE and every GAME module (one that needs the browser, pyscript, is left out);
//         exit status 1, naming them, when any is missing.
import { loadPyodide } from "../web/vendor/pyodide/pyodide.mjs";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const [mode, ...rest] = process.argv.slice(2);
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
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
  console.error("usage: node scripts/make_stdlib.mjs list MODULES | check STDLIB.zip MODULES GAME");
  process.exit(2);
}
