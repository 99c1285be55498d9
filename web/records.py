"""The browser side of "Export hand", "Export match", "Import" and the replay viewer.

:class:`Records` adds one region to ``<main>`` (``[data-region=records]``) that holds either the
import dialog or the replay viewer, and listens for its own ``data-action`` values (the table's
controller ignores them). While the region is open ``<main data-records="import|replay">`` and
the rest of the page is ``inert`` (the replay viewer also hides it: CSS). What a file or a paste
holds is decided by :mod:`web.transfer`; what the viewer shows by :mod:`web.replay`.
"""

from __future__ import annotations

import asyncio

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from . import replay as viewer_html
from . import transfer
from .events import listen, report
from .i18n import t
from .render import side_name

AUTOPLAY_PAUSE = 0.9
MAX_FILE_BYTES = transfer.MAX_CHARS * 4
ACTIONS = {"replay-hand", "export-hand", "export-match", "import", "import-open", "import-close",
           "import-cancel", "import-resume", "replay-first", "replay-prev", "replay-next",
           "replay-last", "replay-play", "replay-close"}
STEP_KEYS = {"ArrowLeft": -1, "ArrowRight": 1, "ArrowUp": -1, "ArrowDown": 1}


def _str(value) -> str | None:
    return value if isinstance(value, str) else None


def _present(el) -> bool:
    return el is not None and not isinstance(el, (str, int, float)) and bool(
        getattr(el, "nodeType", None))


def download(filename: str, text: str) -> None:
    """Save ``text`` as a file: a Blob, an object URL and a click on an <a download>."""
    options = to_js({"type": "application/json"}, dict_converter=window.Object.fromEntries)
    blob = window.Blob.new(to_js([text]), options)
    url = window.URL.createObjectURL(blob)
    link = document.createElement("a")
    link.href = url
    link.download = filename
    link.hidden = True
    document.body.appendChild(link)
    link.click()
    link.remove()
    window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 10_000)


class Records:
    def __init__(self, table):
        self.table = table
        table.records = self  # the hand review opens over the viewer (web/review_panel.py)
        self.main = table.main
        host = document.createElement("div")
        host.className = "records-host"
        host.setAttribute("data-region", "records")
        self.main.appendChild(host)
        self.host = host
        self.mode: str | None = None      # None | "import" | "replay"
        self.replay: viewer_html.Replay | None = None
        self.step = 0
        self.playing = False
        self.play_token = 0
        self.pending = None               # an imported match, until the player says yes or no
        self.opener: str | None = None    # a selector to give focus back to on closing
        self.proxies: list = []
        for target, kind, handler in ((self.main, "click", self.on_click),
                                      (host, "keydown", self.on_key),
                                      (host, "change", self.on_change),
                                      (host, "input", self.on_input)):
            listen(target, kind, handler, self.fail, self.proxies)

    def fail(self, error: Exception) -> None:
        report("Belote records error", error)
        self.close()
        reason = str(error) or type(error).__name__
        self.table.say(lambda: t("error", reason=reason), "illegal")
        self.table.render()

    # --- events ---------------------------------------------------------------------------
    def on_click(self, event) -> None:
        el = event.target.closest("[data-action]")
        if not _present(el):
            return
        action = _str(el.getAttribute("data-action"))
        if action not in ACTIONS:
            return
        if el.getAttribute("aria-disabled") == "true" or el.disabled:
            return
        if action == "replay-hand":
            self.open_sheet_hand(_str(el.getAttribute("data-hand")) or "")
        elif action == "export-hand":
            self.export_hand()
        elif action == "export-match":
            self.export_match()
        elif action == "import":
            self.open_import()
        elif action == "import-open":
            area = self.host.querySelector("[data-import-text]")
            self.load(_str(area.value) if _present(area) else "")
        elif action == "import-resume":
            self.resume()
        elif action in ("import-close", "import-cancel", "replay-close"):
            self.close()
        elif action == "replay-play":
            self.toggle_play()
        elif self.replay is not None:
            self.stop()
            rp = self.replay
            self.show({"replay-first": 0, "replay-prev": self.step - 1,
                       "replay-next": self.step + 1, "replay-last": rp.last}[action])

    def on_key(self, event) -> None:
        key = _str(event.key)
        if key == "Escape" and self.mode:
            event.stopPropagation()
            event.preventDefault()
            self.close()
            return
        if self.mode != "replay" or self.replay is None:
            return
        target = event.target
        if _present(target) and target.tagName in ("INPUT", "SELECT", "TEXTAREA"):
            return  # the step slider moves with the arrows on its own
        if key in STEP_KEYS:
            self.stop()
            self.show(self.step + STEP_KEYS[key])
        elif key in ("Home", "End"):
            self.stop()
            self.show(0 if key == "Home" else self.replay.last)
        else:
            return
        event.stopPropagation()
        event.preventDefault()

    def on_input(self, event) -> None:
        el = event.target
        if self.replay is not None and _present(el) and el.hasAttribute("data-replay-seek"):
            self.stop()
            self.show(el.value, from_slider=True)

    def on_change(self, event) -> None:
        el = event.target
        if _present(el) and el.hasAttribute("data-import-file"):
            files = el.files
            if files is not None and files.length:
                asyncio.ensure_future(self.read_file(files.item(0)))

    async def read_file(self, file) -> None:
        try:
            if file.size > MAX_FILE_BYTES:
                self.show_import(t("import.too_big", size=int(file.size)))
                return
            text = await file.text()
            self.load(str(text), from_file=True)
        except Exception as error:
            self.fail(error)

    # --- export -----------------------------------------------------------------------------
    def export_hand(self) -> None:
        found = transfer.hand_export(self.table.saved_match)
        if found is None:
            self.table.say(lambda: t("sheet.empty"), "info")
        else:
            download(*found)
            file = found[0]
            self.table.say(lambda: t("export.done", file=file), "info")
        self.table.render()

    def export_match(self) -> None:
        name, text = transfer.match_export(self.table.saved_match)
        download(name, text)
        self.table.say(lambda: t("export.done", file=name), "info")
        self.table.render()

    # --- import -----------------------------------------------------------------------------
    def open_import(self) -> None:
        self.opener = '[data-action="import"]'
        self.show_import("")

    def show_import(self, error: str, text: str = "") -> None:
        self.stop()
        self.pending = None
        self._open("import", transfer.import_form(error, text))
        self._focus(self.host.querySelector("[data-import-text]" if error else "#import-file"))

    def load(self, text: str | None, from_file: bool = False) -> None:
        """Open what ``text`` holds; a clear message (and nothing else changed) if it cannot."""
        try:
            imported = transfer.read(text)
        except transfer.TransferError as error:
            self.show_import(str(error), "" if from_file else (text or ""))
            return
        if imported.record is not None:
            self.open_replay(viewer_html.Replay(imported.record))
            return
        match = imported.match
        if match is None:
            return
        self.pending = match
        names = [side_name(s, {"players": match.players}) for s in range(match.rules.sides)]
        self._open("import", transfer.match_question(match, names))
        self._focus(self.host.querySelector('[data-action="import-resume"]'))

    def resume(self) -> None:
        """The imported match replaces the current one (which stays one click away, as after
        "New game", until the first move)."""
        match, tb = self.pending, self.table
        if match is None:
            return
        if tb.ui.passive:
            self.show_import(t("import.passive"))
            return
        tb.leave_practice()
        old = tb.match
        v = old.view(0)
        in_progress = v["phase"] != "match-over" and (v["hand_number"] > 1 or bool(v["auction"]))
        tb.abandoned = old if in_progress else None
        tb.match = match   # the settings stay: they say what "New game" deals next
        tb._reset_ui()
        if tb.abandoned is not None:
            tb.notice(lambda: t("import.resumed.undo"), "new-game")
        else:
            tb.notice(lambda: t("import.resumed"), "imported")
        self.pending = None
        self.opener = None
        self.close()
        tb.keyboard = True   # give focus to the table (the dialog that had it is gone)
        tb.changed()
        tb.kick()

    # --- replay -----------------------------------------------------------------------------
    def open_sheet_hand(self, number: str) -> None:
        match = self.table.match
        n = int(number) if number.isdigit() else 0
        record = transfer.hand_of_sheet(match, n)
        if record is None:
            return
        self.opener = f'[data-action="replay-hand"][data-hand="{n}"]'
        self.open_replay(viewer_html.Replay(record, n, transfer.sheet_entry(match, n)))

    def open_replay(self, rp) -> None:
        self.stop()
        self.replay, self.step = rp, 0
        self._open("replay", viewer_html.viewer(rp, 0, self.table.ui))
        self.show(0)
        self._focus(self.host.querySelector('[data-action="replay-next"]'))

    def show(self, step, from_slider: bool = False) -> None:
        rp = self.replay
        if rp is None:
            return
        self.step = step = rp.clamp(step)
        root = self.host.querySelector("[data-replay-step]")
        body = self.host.querySelector("[data-rp-body]")
        if not _present(root) or not _present(body):
            return
        root.setAttribute("data-replay-step", str(step))
        body.innerHTML = viewer_html.body(rp, step, self.table.ui)
        said = self.host.querySelector("[data-rp-live]")
        said.textContent = viewer_html.describe(rp.state(step))
        self.host.querySelector("[data-rp-position]").textContent = \
            viewer_html.position_text(rp, step)
        if not from_slider:
            self.host.querySelector("[data-replay-seek]").value = str(step)
        for action, off in (("replay-first", step == 0), ("replay-prev", step == 0),
                            ("replay-next", step == rp.last), ("replay-last", step == rp.last)):
            el = self.host.querySelector(f'[data-action="{action}"]')
            el.setAttribute("aria-disabled", "true" if off else "false")
        root.setAttribute("data-playing", "true" if self.playing else "false")
        self.host.querySelector("[data-rp-play-text]").textContent = \
            t("replay.pause") if self.playing else t("replay.play")
        self.host.querySelector("[data-rp-play-icon]").textContent = \
            "❚❚" if self.playing else "▶"

    def toggle_play(self) -> None:
        if self.playing:
            self.stop()
            self.show(self.step)
            return
        if self.replay is None:
            return
        if self.step >= self.replay.last:
            self.step = 0
        self.playing = True
        self.play_token += 1
        self.show(self.step)
        asyncio.ensure_future(self.autoplay(self.play_token))

    async def autoplay(self, token: int) -> None:
        try:
            pause = 0.05 if self.table.ui.fast else AUTOPLAY_PAUSE
            while self.playing and token == self.play_token and self.replay is not None:
                await asyncio.sleep(pause)
                if not self.playing or token != self.play_token or self.replay is None:
                    return
                if self.step >= self.replay.last:
                    break
                self.show(self.step + 1)
                if self.step >= self.replay.last:
                    break
            if token == self.play_token:
                self.playing = False
                self.show(self.step)
        except Exception as error:
            self.fail(error)

    def stop(self) -> None:
        self.playing = False
        self.play_token += 1

    # --- the region ---------------------------------------------------------------------------
    def _open(self, mode: str, html: str) -> None:
        self.mode = mode
        self.host.innerHTML = html
        self.main.setAttribute("data-records", mode)
        for el in self.main.children:
            if el != self.host:
                el.setAttribute("inert", "")

    def close(self) -> None:
        self.stop()
        was_open = self.mode is not None
        self.mode, self.replay, self.pending = None, None, None
        self.host.innerHTML = ""
        self.main.removeAttribute("data-records")
        for el in self.main.children:
            el.removeAttribute("inert")
        if was_open and self.opener:
            target = self.main.querySelector(self.opener)
            if not _present(target):
                target = self.main.querySelector('[data-action="sheet"]')
            self._focus(target)

    def _focus(self, el) -> None:
        if _present(el):
            opts = window.Object.new()
            opts.preventScroll = True
            el.focus(opts)
