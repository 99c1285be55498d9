"""The table in the page: the runtime of the model, update and view (web/app/).

:class:`Table` owns what the table's logic never touches: the DOM, localStorage, timers, sound
and the bots' worker (web/ai.py). One delegated listener per event type reads each event into a
message (web/browser/reader.py) and sends it: the update (web/app/update.py) changes the model,
the view (web/app/view.py) is drawn — each region whose HTML changed is morphed into place, so
that what did not change stays as it is — and the effects that came back
(web/app/effects.py) are carried out, in order. A question that takes time (a pause, a bot's
choice, a file) runs as an asyncio task whose answer is sent back as a message.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from pyscript import document, window

from web import ai
from web.app import effects as fx
from web.app import keys
from web.app import messages as msgs
from web.app import records_messages as rmsgs
from web.app.model import Flags
from web.app.update import step
from web.app.view import view
from web.browser.dom import attribute, focus, js_str, present
from web.browser.drawing import Drawing
from web.browser.hush import Hush
from web.browser.listen import listen, report
from web.browser.reader import group_buttons, read_event
from web.browser.sound import Sound as Speaker
from web.storage import save as storage
from web.table.start import KEYS, init, plays

DARK = "(prefers-color-scheme: dark)"
WAIT_POLL = 0.1   # seconds between two looks at the worker while it starts (a review waits)


def _browser_languages() -> list[str]:
    """``navigator.languages`` (then ``navigator.language``) as a list of str."""
    found = []
    try:
        found = [x for x in window.navigator.languages if isinstance(x, str)]
    except Exception:
        pass
    try:
        lang = js_str(window.navigator.language)
    except Exception:
        lang = None
    return found + ([lang] if lang else [])


def _media(query: str) -> bool:
    """Whether a CSS media query matches (False when it cannot be asked)."""
    try:
        return bool(window.matchMedia(query).matches)
    except Exception:
        return False


def _read(key: str) -> str | None:
    try:
        return js_str(window.localStorage.getItem(key))
    except Exception:
        return None


class Table:
    """The page's side of the table: ``Table(params).start()`` (web/main.py)."""

    def __init__(self, params: dict):
        self.main = document.querySelector("main")
        self.flags = Flags(dict(params), self._tab_id())
        self.model, self.opening = init(self.flags, tuple(_browser_languages()), _media(DARK),
                                        {key: _read(key) for key in KEYS})
        self.channel: Any = None  # the tabs' BroadcastChannel ("who plays?"), where there is one
        self.heard = False        # another tab answered "here" (_ask_tabs)
        self.asked = 0            # how many times this tab asked who plays
        self.elements: dict = {}
        self.page = Drawing(self.main, self.elements)
        self.last_saved: str | None = self.model.session.last_saved  # as written here
        self.proxies: list = []
        self.hush = Hush(self.fail)  # Escape on a meaning shown by hover or focus
        self.speaker = Speaker()
        self.review_calls = 0     # review_next calls made (the tests count them)
        self.review_asking = 0    # review questions under way
        self.carriers: dict[type, Callable[[Any], object]] = {
            fx.Save: self._save, fx.Store: lambda e: self._write(e.key, e.text),
            fx.SetAside: lambda e: self.set_aside(e.raw),
            fx.ReadSave: lambda e: self.send(msgs.SaveRead(_read(storage.KEY), e.then)),
            fx.Sound: self._sound, fx.Focus: self._focus, fx.FocusInGroup: self._focus_in_group,
            fx.Report: lambda e: report(e.label, e.text),
            fx.Download: lambda e: _download(e.filename, e.text),
            fx.ReadFile: lambda e: self.task(self._read_file(e)),
            fx.StartWorker: lambda e: self.task(self.start_bots()),
            fx.Reload: lambda e: window.beloteApplyUpdate(),
            fx.After: lambda e: self.task(self._after(e)),
            fx.AskBot: lambda e: self.task(self._ask_bot(e)),
            fx.AskHint: lambda e: self.task(self._ask_hint(e)),
            fx.AskTabs: lambda e: self.task(self._ask_tabs(e)),
            fx.Hold: self._hold,
            fx.FetchHelp: lambda e: self.task(self._fetch_help(e)),
            fx.WaitWorker: lambda e: self.task(self._wait_worker(e)),
            fx.AskReview: lambda e: self.task(self._ask_review(e)),
            fx.StopReview: lambda e: self.task(ai.ask_worker("review_stop", e.worker_id)),
            fx.AskToday: lambda e: self.send(msgs.Today(self._today(), e.then)),
            fx.AskExpert: lambda e: self.task(self._ask_expert(e)),
            fx.Share: lambda e: self.task(self._share(e)),
            fx.AskAccuracy: lambda e: self.task(self._ask_accuracy(e)),
        }

    def start(self) -> None:
        for el in document.querySelectorAll("[data-region]"):
            self.elements[el.getAttribute("data-region")] = el
        self._add_region("records", self.main, "records-host")
        game = document.querySelector(".game")
        review = self._add_region("review", game if present(game) else self.main,
                                  "review-host")
        review.setAttribute("data-review-calls", "0")
        review.setAttribute("data-review-asking", "false")
        if self.flags.fast:
            document.documentElement.classList.add("fast")
        self.bind()
        self.page.draw(view(self.model), self.model.session.keyboard)
        self.carry(self.opening)
        self.keep_paint()
        if getattr(window, "beloteUpdateReady", False) is True:  # found before Python was up
            self.send(msgs.UpdateReady())

    def _add_region(self, name: str, parent, cls: str):
        host = document.createElement("div")
        host.className = cls
        host.setAttribute("data-region", name)
        parent.appendChild(host)
        self.elements[name] = host
        return host

    def bind(self) -> None:
        for target, kind, handler in (
                (self.main, "click", self.on_event), (self.main, "change", self.on_event),
                (self.main, "input", self.on_event), (document, "keydown", self.on_event),
                (window, "storage", lambda event: self.send(msgs.StorageChanged(
                    js_str(event.key), js_str(event.newValue)))),
                (window, "pointerdown", lambda event: self.send(msgs.Pointer())),
                (window, "belote:update", lambda event: self.send(msgs.UpdateReady()))):
            listen(target, kind, handler, self.fail, self.proxies)
        try:  # the tabs open on the game ask each other who plays it (AskTabs)
            self.channel = window.BroadcastChannel.new("belote.v1.tabs")
            listen(self.channel, "message", self.on_channel, self.fail, self.proxies)
        except Exception:
            self.channel = None
        try:  # follow the system's light or dark while the theme is "auto"
            query = window.matchMedia(DARK)
            listen(query, "change", lambda event: self.send(msgs.SystemTheme(_media(DARK))),
                   self.fail, self.proxies)
        except Exception:
            pass

    @staticmethod
    def _tab_id() -> str:
        """This tab's name for the others, kept in sessionStorage: a reload is the same tab."""
        made = f"{random.getrandbits(48):012x}"
        try:
            kept = js_str(window.sessionStorage.getItem(storage.TAB_KEY))
            if kept:
                return kept
            window.sessionStorage.setItem(storage.TAB_KEY, made)
        except Exception:
            pass
        return made

    def on_channel(self, event) -> None:
        """Another tab asks who plays (the tab that plays answers), or answers."""
        said = js_str(event.data) or ""
        if said.startswith("who:") and plays(self.model) and self.channel is not None:
            self.channel.postMessage(f"here:{self.flags.tab_id}")
        elif said.startswith("here:"):
            self.heard = True

    def on_event(self, event) -> None:
        """A click, change, input or key: its message sent (a key's default prevented when
        its binding says so)."""
        if js_str(event.type) == "keydown" and js_str(event.key) == "Escape" \
                and self.hush.escape():
            return
        msg = read_event(event, document.activeElement)
        if msg is None:
            return
        if isinstance(msg, msgs.Key):
            resolved = keys.resolve(self.model, msg)
            if resolved.prevent:
                event.preventDefault()
            if resolved.stop:
                event.stopPropagation()
        # A control the player changed shows what was typed or chosen, which the view may
        # not keep (a bad number put back): its region is drawn again even if unchanged.
        region = None
        if js_str(event.type) in ("change", "input"):
            host = event.target.closest("[data-region]")
            region = attribute(host, "data-region") if present(host) else None
        self.send(msg, region)

    def send(self, msg: msgs.Msg, force: str | None = None) -> None:
        """The one way in: update, draw, then the effects (and the paint kept)."""
        effects = step(self.model, msg)
        self.page.draw(view(self.model), self.model.session.keyboard, force)
        self.carry(effects)
        self.keep_paint()

    def keep_paint(self) -> None:
        """The table as drawn kept beside the save, for the next visit's first look."""
        if not self.model.session.passive:  # the paint goes with the save, another tab's now
            self.page.keep_paint(self.last_saved)

    def fail(self, error: Exception) -> None:
        """An error outside the update (a listener, a task): reported and said."""
        report("Belote table error", error)
        try:
            self.send(msgs.Failed(str(error) or type(error).__name__))
        except Exception:
            pass

    # --- effects ------------------------------------------------------------------------------
    def carry(self, effects: fx.Effects) -> None:
        for effect in effects:
            self.carriers[type(effect)](effect)

    def task(self, work) -> None:
        """Run ``work`` (a coroutine) on the page's loop; an error in it is reported."""
        async def run():
            try:
                await work
            except Exception as error:
                self.fail(error)

        asyncio.ensure_future(run())

    async def _after(self, effect: fx.After) -> None:
        await asyncio.sleep(effect.seconds)
        self.send(effect.then)

    async def _ask_bot(self, effect: fx.AskBot) -> None:
        loop = asyncio.get_event_loop()
        started = loop.time()
        action = await ai.think(effect.level, effect.view, effect.seed)
        await asyncio.sleep(max(0.0, effect.pause - (loop.time() - started)))
        self.send(msgs.BotChose(effect.token, action))

    def _today(self) -> str:
        """The UTC date now (``?today=YYYY-MM-DD`` in the tests: no clock of theirs)."""
        from belote.daily import parse_date, utc_date

        try:
            return parse_date(self.flags.params.get("today", "")).isoformat()
        except ValueError:
            return utc_date(float(window.Date.now()))

    async def _ask_expert(self, effect: fx.AskExpert) -> None:
        record = await ai.expert_line(effect.date, effect.number)
        self.send(msgs.ExpertPlayed(effect.token, effect.date, effect.number, record))

    async def _ask_accuracy(self, effect: fx.AskAccuracy) -> None:
        try:
            value = await ai.accuracy(effect.record, effect.seat)
        except Exception as error:  # a record the review cannot read: no accuracy, no crash
            print(f"accuracy: {error!r}")
            self.send(msgs.Accuracy(effect.key, None, failed=True))
            return
        self.send(msgs.Accuracy(effect.key, value))

    async def _share(self, effect: fx.Share) -> None:
        """The system's share sheet where there is one on a touch screen (a phone), else the
        clipboard."""
        from pyodide.ffi import to_js

        how = "failed"
        try:
            navigator = window.navigator
            if _media("(pointer: coarse)") and hasattr(navigator, "share"):
                data = to_js({"text": effect.text}, dict_converter=window.Object.fromEntries)
                await navigator.share(data)
                how = "shared"
            else:
                await navigator.clipboard.writeText(effect.text)
                how = "copied"
        except Exception as error:  # refused, dismissed, no clipboard: the text is shown
            print(f"share: {error!r}")
        self.send(msgs.Shared(how))

    async def _ask_hint(self, effect: fx.AskHint) -> None:
        self.send(msgs.Hinted(effect.version, await ai.suggest(effect.view)))

    def _hold(self, effect: fx.Hold) -> None:
        """?hold (tests): until the test removes <main data-hold>. The attribute is set now,
        with the frame that stops there: set by the task, it came a turn of the page's loop
        later, and a test polling meanwhile saw the player's turn instead of the hold."""
        self.main.setAttribute("data-hold", effect.what)
        self.task(self._held(effect.token))

    async def _held(self, token: int) -> None:
        while self.main.hasAttribute("data-hold"):
            await asyncio.sleep(0.02)
        self.send(msgs.HoldReleased(token))

    async def _ask_tabs(self, effect: fx.AskTabs) -> None:
        """Whether another open tab plays this game: it answers within 0.4 s."""
        heard = False
        if self.channel is not None:
            self.heard = False
            self.channel.postMessage(f"who:{self.flags.tab_id}")
            for _ in range(20):
                await asyncio.sleep(0.02)
                if self.heard:
                    break
            heard = self.heard
            self.asked += 1  # for the tests: <main data-asked="3:here">: the 3rd, "I play"
            self.main.setAttribute("data-asked", f"{self.asked}:{'here' if heard else 'none'}")
        self.send(msgs.OtherTabs(effect.token, heard))

    async def _fetch_help(self, effect: fx.FetchHelp) -> None:
        try:
            response = await window.fetch(effect.url)
            if not response.ok:
                raise OSError(f"HTTP {response.status}")
            html: str | None = str(await response.text())
            error = ""
        except Exception as failure:
            html, error = None, str(failure)
        self.send(msgs.HelpFetched(effect.language, effect.rules, html, error))

    async def _read_file(self, effect: fx.ReadFile) -> None:
        el = self.elements["records"].querySelector("[data-import-file]")
        files = el.files if present(el) else None
        if files is None or not files.length:
            return
        file = files.item(0)
        if file.size > effect.max_bytes:
            self.send(rmsgs.FileRead(None, too_big=int(file.size)))
            return
        self.send(rmsgs.FileRead(str(await file.text())))

    async def start_bots(self) -> None:
        """The bots think in full from now on: on the page where it can give the browser its
        turns during a search (``?bots=worker``: never), else in their worker. For the tests:
        <main data-bots> page | worker | short (the worker failed: short searches here)."""
        if self.flags.params.get("bots") != "worker" and ai.bots_on_page():
            self.main.setAttribute("data-bots", "page")
            return
        await self.start_worker()
        self.main.setAttribute("data-bots", "worker" if ai.worker_state() == "ready" else "short")

    async def start_worker(self) -> None:
        await ai.start_worker()
        # For the tests: ready | failed, and how its Python started (snapshot | plain | ...)
        boot = await ai.ask_worker("boot")
        if boot:
            self.main.setAttribute("data-worker-boot", boot)
        self.main.setAttribute("data-worker", ai.worker_state())

    async def _wait_worker(self, effect: fx.WaitWorker) -> None:
        """Start the bots' worker if it is off, and say when it is up (or will not be)."""
        self._asking(1)
        try:
            if ai.worker_state() == "off":
                self.task(self.start_worker())
            while ai.worker_state() in ("off", "starting"):
                await asyncio.sleep(WAIT_POLL)
        finally:
            self._asking(-1)
        self.send(msgs.WorkerState(effect.review, ai.worker_state()))

    async def _ask_review(self, effect: fx.AskReview) -> None:
        self._asking(1)
        try:
            answer = await ai.review_step(effect.method, *effect.args)
            if effect.method == "review_next":
                self.review_calls += 1
                self.elements["review"].setAttribute("data-review-calls",
                                                     str(self.review_calls))
        finally:
            self._asking(-1)
        self.send(msgs.ReviewAnswer(effect.review, effect.token, effect.method, answer,
                                    ai.worker_state()))

    def _asking(self, change: int) -> None:
        """``<[data-region=review] data-review-asking>``: whether the review may still ask the
        worker (the tests wait for it to be false once a review stops)."""
        self.review_asking += change
        self.elements["review"].setAttribute("data-review-asking",
                                             "true" if self.review_asking else "false")

    def _sound(self, effect: fx.Sound) -> None:
        if self.speaker.play(effect.name):
            self.main.setAttribute("data-sounds", str(self.speaker.played))

    def _focus(self, effect: fx.Focus) -> None:
        el = document.querySelector(effect.selector)
        if not present(el) and effect.fallback:
            el = document.querySelector(effect.fallback)
        if present(el):
            focus(el)

    def _focus_in_group(self, effect: fx.FocusInGroup) -> None:
        buttons = group_buttons(document.activeElement)
        if 0 <= effect.index < len(buttons):
            buttons[effect.index].focus()

    # --- storage ----------------------------------------------------------------------------
    def _save(self, effect: fx.Save) -> None:
        if self._write(storage.KEY, effect.text):
            self.last_saved = effect.text

    def _write(self, key: str, text: str) -> bool:
        """Write ``text``; when storage is full, a set-aside save makes room for the game's.
        (The paint, keep_paint, gives way before it.) A refusal (full, private mode, turned
        off) is sent as a message."""
        for _attempt in range(3):
            try:
                window.localStorage.setItem(key, text)
                return True
            except Exception as error:
                failure = error
            try:
                if _read(storage.PAINT_KEY) is not None:  # the paint gives way first
                    window.localStorage.removeItem(storage.PAINT_KEY)
                    self.page.last_paint = None
                    continue
                if key == storage.BROKEN_KEY or _read(storage.BROKEN_KEY) is None:
                    break
                window.localStorage.removeItem(storage.BROKEN_KEY)
            except Exception:
                break
        reason = str(failure).split(":", 1)[0].strip()[:60] or type(failure).__name__
        self.send(msgs.WriteRefused(key, reason))
        return False

    def set_aside(self, raw: str) -> None:
        """Keep a save that could not be used under BROKEN_KEY; when there is no room beside
        it, in its place (the game's next save takes the key it leaves)."""
        try:
            window.localStorage.setItem(storage.BROKEN_KEY, raw)
            return
        except Exception:
            pass
        try:
            window.localStorage.removeItem(storage.KEY)
            window.localStorage.setItem(storage.BROKEN_KEY, raw)
        except Exception:
            pass  # storage refuses: the game's own save says so

def _download(filename: str, text: str) -> None:
    """Save ``text`` as a file: a Blob, an object URL and a click on an <a download>."""
    from pyodide.ffi import create_once_callable, to_js

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
