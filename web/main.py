"""Entry point of the page (PyScript runs it in Pyodide): start the table.

The table's code is in web/table.py (controller), web/render.py (HTML), web/storage.py (the
save), web/ai.py (bots) and web/i18n.py (text). ``<main data-phase>`` stays ``loading`` until
the table is drawn.
"""

import pyodide_js
from pyodide.ffi import to_js
from pyscript import document, window

# The game's Python (web/build/python.zip), which web/boot.js began to fetch while the runtime
# was booting (window.beloteGame: a promise of its bytes), unpacked where `import web.table` and
# `import belote` find it.
archive = getattr(window, "beloteGame", None)
if archive is None:  # a page without web/boot.js
    archive = window.fetch("./web/build/python.zip").then(lambda response: response.arrayBuffer())
archive = await archive  # type: ignore[top-level-await]  # noqa: F704
pyodide_js.unpackArchive(archive, "zip",
                         to_js({"extractDir": "."}, dict_converter=window.Object.fromEntries))
del archive

from web.i18n import set_language, t  # noqa: E402

set_language(document.documentElement.lang)  # as web/boot.js chose it; the table confirms it
progress = document.querySelector("[data-loading-progress]")
if progress is not None:
    progress.textContent = t("loading.deal")

from web.table import Table  # noqa: E402  (after the progress message: importing takes a moment)


def query() -> dict[str, str]:
    """The page's query (``?rules=french&fast=1``) as a dict; a repeated key keeps its last value.
    (URLSearchParams rather than urllib.parse, whose import costs ~70 ms of boot in Pyodide.)"""
    params = window.URLSearchParams.new(window.location.search)
    return {str(key): str(params.getAll(key).at(-1)) for key in params.keys()}


try:
    table = Table(query())
    table.start()
    from web.records import Records  # export, import and the replay viewer

    records = Records(table)
except Exception as error:  # never leave a blank page: say what failed on the loading screen
    from web.events import report

    report("Belote could not start", error)
    if progress is not None:
        progress.textContent = f"Belote could not start: {error}"
