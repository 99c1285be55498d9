"""The browser side of "Export hand", "Export match", "Import" and the replay viewer.

:class:`Records` adds one region to ``<main>`` (``[data-region=records]``) that holds either the
import dialog or the replay viewer, and adds its actions (buttons and keys) to the page's one
dispatcher (web/dispatch.py). While the region is open ``<main data-records="import|replay">`` and
the rest of the page is ``inert`` (the replay viewer also hides it: CSS). What a file or a paste
holds is decided by :mod:`web.transfer`; what the viewer shows by :mod:`web.replay`.
"""

from __future__ import annotations

import asyncio

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from web.app.dispatch import Action, Handler, plain, quiet
from web.app.effects import Effects
from web.browser.dom import focus, js_str, present
from web.browser.listen import report
from web.i18n import t
from web.records import replay as viewer_html
from web.records import transfer
from web.table.render import side_name

AUTOPLAY_PAUSE = 0.9
MAX_FILE_BYTES = transfer.MAX_CHARS * 4
# Each closes the region (records-close: the Escape key's).
CLOSE = ("import-close", "import-cancel", "replay-close", "records-close")


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
        self.controller = table.controller
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
        self.controller.dispatcher.add(
            {name: Action(run, self.fail, enabled_only=True, aria=True)
             for name, run in self._actions().items()},
            {"records-open": lambda: self.mode is not None,
             "replaying": lambda: self.mode == "replay" and self.replay is not None})

    def fail(self, error: Exception) -> Effects:
        report("Belote records error", error)
        self.close()
        reason = str(error) or type(error).__name__
        return self.controller.tell(lambda: t("error", reason=reason), "illegal")

    # --- events ---------------------------------------------------------------------------
    def _actions(self) -> dict[str, Handler]:
        """The region's actions (web/dispatch.py: its buttons, controls and keys)."""
        return {
            "replay-hand": lambda e: self.open_sheet_hand(e.data.get("hand") or ""),
            "export-hand": plain(self.export_hand),
            "export-match": plain(self.export_match),
            "import": quiet(self.open_import),
            "import-open": quiet(self.open_pasted),
            "import-file": quiet(self.open_file),
            "import-resume": plain(self.resume),
            **{name: quiet(self.close) for name in CLOSE},
            "replay-play": quiet(self.toggle_play),
            "replay-first": lambda e: self.step_to(0),
            "replay-prev": lambda e: self.step_to(self.step - 1),
            "replay-next": lambda e: self.step_to(self.step + 1),
            "replay-last": lambda e: self.step_to(self.replay.last if self.replay else 0),
            "replay-seek": lambda e: self.step_to(e.value, from_slider=True),
        }

    def step_to(self, step, from_slider: bool = False) -> Effects:
        """Show step ``step`` of the hand replayed (autoplay stops)."""
        if self.replay is not None:
            self.stop()
            self.show(step, from_slider)
        return []

    def open_pasted(self) -> None:
        area = self.host.querySelector("[data-import-text]")
        self.load(js_str(area.value) if present(area) else "")

    def open_file(self) -> None:
        el = self.host.querySelector("[data-import-file]")
        files = el.files if present(el) else None
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
            self.table.carry(self.fail(error))

    # --- export -----------------------------------------------------------------------------
    def export_hand(self) -> Effects:
        found = transfer.hand_export(self.controller.saved_match)
        if found is None:
            return self.controller.tell(lambda: t("sheet.empty"), "info")
        download(*found)
        file = found[0]
        return self.controller.tell(lambda: t("export.done", file=file), "info")

    def export_match(self) -> Effects:
        name, text = transfer.match_export(self.controller.saved_match)
        download(name, text)
        return self.controller.tell(lambda: t("export.done", file=name), "info")

    # --- import -----------------------------------------------------------------------------
    def open_import(self) -> None:
        self.opener = '[data-action="import"]'
        self.show_import("")

    def show_import(self, error: str, text: str = "") -> None:
        self.stop()
        self.pending = None
        self._open("import", transfer.import_form(error, text))
        focus(self.host.querySelector("[data-import-text]" if error else "#import-file"))

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
        view = match.view(0)
        names = [side_name(s, view) for s in range(match.rules.sides)]
        self._open("import", transfer.match_question(match, names))
        focus(self.host.querySelector('[data-action="import-resume"]'))

    def resume(self) -> Effects:
        """The imported match replaces the current one (web.controller: resume_imported)."""
        match = self.pending
        if match is None:
            return []
        if self.controller.ui.passive:
            self.show_import(t("import.passive"))
            return []
        effects = self.controller.resume_imported(match)
        self.pending = None
        self.opener = None
        self.close()
        return effects

    # --- replay -----------------------------------------------------------------------------
    def open_sheet_hand(self, number: str) -> Effects:
        match = self.controller.match
        n = int(number) if number.isdigit() else 0
        record = transfer.hand_of_sheet(match, n)
        if record is None:
            return []
        self.opener = f'[data-action="replay-hand"][data-hand="{n}"]'
        self.open_replay(viewer_html.Replay(record, n, transfer.sheet_entry(match, n)))
        return []

    def open_replay(self, rp) -> None:
        self.stop()
        self.replay, self.step = rp, 0
        self._open("replay", viewer_html.viewer(rp, 0, self.controller.ui))
        self.show(0)
        focus(self.host.querySelector('[data-action="replay-next"]'))

    def show(self, step, from_slider: bool = False) -> None:
        rp = self.replay
        if rp is None:
            return
        self.step = step = rp.clamp(step)
        root = self.host.querySelector("[data-replay-step]")
        body = self.host.querySelector("[data-rp-body]")
        if not present(root) or not present(body):
            return
        root.setAttribute("data-replay-step", str(step))
        body.innerHTML = viewer_html.body(rp, step, self.controller.ui)
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
            pause = 0.05 if self.controller.ui.fast else AUTOPLAY_PAUSE
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
            self.table.carry(self.fail(error))

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
            if not present(target):
                target = self.main.querySelector('[data-action="sheet"]')
            focus(target)
