"""Entry point of the page (PyScript runs it in Pyodide): start the table.

The table's code is in web/app/ (its model, update and view), the rooms they call (web/table/,
web/coach/, web/records/, web/storage/, web/i18n/) and web/browser/adapter.py (the page).
``<main data-phase>`` stays ``loading`` until the table is drawn.
"""

import importlib.machinery
import sys

import pyodide_js
from pyodide.ffi import to_js
from pyscript import document, window

# The game's Python (web/build/python.zip), which web/boot.js began to fetch and unzip while the
# runtime was booting (window.beloteGame: a promise of its files, or of the zip's bytes), written
# where `import web.table` and `import belote` find it.
window.performance.mark("belote:python")  # the runtime is up and runs this file
game = getattr(window, "beloteGame", None)
if game is None:  # a page without web/boot.js
    game = window.fetch("./web/build/python.zip").then(lambda response: response.arrayBuffer())
game = await game  # type: ignore[top-level-await]  # noqa: F704
if hasattr(game, "byteLength"):  # the zip itself
    pyodide_js.unpackArchive(game, "zip",
                             to_js({"extractDir": "."}, dict_converter=window.Object.fromEntries))
else:
    window.beloteUnpack(pyodide_js.FS, game)
    # New folders for the path finders; not importlib.invalidate_caches(), which also has the
    # standard library's zip read again (~50 ms).
    for finder in list(sys.path_importer_cache.values()):
        if isinstance(finder, importlib.machinery.FileFinder):
            finder.invalidate_caches()
del game
# Started from the snapshot (web/runtime.mjs)? Its modules must be this zip's (web/snapshot.py).
from web import precompiled  # noqa: E402
from web.snapshot import settle  # noqa: E402

boot = settle()
if boot == "snapshot-stale":
    document.documentElement.dataset.boot = "snapshot-stale"
if boot != "snapshot":  # the game is imported now: its dataclasses' code comes compiled
    precompiled.install()
window.performance.mark("belote:unpacked")

from web.i18n import set_language, t  # noqa: E402

set_language(document.documentElement.lang)  # as web/boot.js chose it; the table confirms it
progress = document.querySelector("[data-loading-progress]")
if progress is not None:
    progress.textContent = t("loading.deal")

from web.browser.adapter import Table  # noqa: E402  (after the progress message: importing takes a moment)

window.performance.mark("belote:imported")


def query() -> dict[str, str]:
    """The page's query (``?rules=french&fast=1``) as a dict; a repeated key keeps its last value.
    (URLSearchParams rather than urllib.parse, whose import costs ~70 ms of boot in Pyodide.)"""
    params = window.URLSearchParams.new(window.location.search)
    return {str(key): str(params.getAll(key).at(-1)) for key in params.keys()}


try:
    table = Table(query())
    table.start()
except Exception as error:  # never leave a blank page: say what failed on the loading screen
    from web.browser.listen import report

    report("Belote could not start", error)
    if progress is not None:
        progress.textContent = f"Belote could not start: {error}"
precompiled.remove()
