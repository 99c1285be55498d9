"""The table in the page: the PyScript adapter of :class:`web.controller.Controller`.

:class:`Table` owns what the controller never touches: the DOM, localStorage, timers, sound and
the bots' worker (web/ai.py). One delegated listener per event type reads each event into a
:class:`web.dispatch.Event` and hands it to the controller's dispatcher (the records dialogs and
the hand review add their actions there too); the effects that come back (web/effects.py) are
carried out here, in order. The controller's tasks (the bots' turns, a hint, the rules' help)
run as asyncio tasks: their pauses are slept and their questions asked here.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

from pyscript import document, window

from . import ai, storage
from . import effects as fx
from .controller import Controller
from .dispatch import DATA, Event
from .dom import attribute, js_str, present
from .events import listen, report
from .review_panel import ReviewPanel
from .sound import Sound as Speaker

# <main>'s attributes kept with the paint (keep_paint): web/boot.js puts them back.
PAINTED_ATTRIBUTES = ("data-turn", "data-rules", "data-players", "data-passive", "data-overlay",
                      "data-notices", "data-declaring", "data-phase")
FOCUSABLE = ("data-card", "data-bid", "data-level", "data-action", "data-setting",
             "data-declare")
GROUP_KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End")
TYPING = ("INPUT", "SELECT", "TEXTAREA")
DARK = "(prefers-color-scheme: dark)"


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


def _group_buttons(el) -> list:
    """The enabled buttons of the hand or bidding box that ``el`` (focused) is in."""
    group = el.closest(".cards, .bidbox") if present(el) else None
    if group is None or not present(group) or el.tagName == "SELECT":
        return []
    return [b for b in group.querySelectorAll("button") if not b.disabled]


def read_event(event) -> Event | None:
    """What the controller needs of a DOM event (None: nothing it acts on)."""
    kind = js_str(event.type) or ""
    target = event.target
    if kind == "keydown":
        key = js_str(event.key) or ""
        group = None
        if key in GROUP_KEYS:
            el = document.activeElement
            buttons = _group_buttons(el)
            if buttons:
                group = (next((i for i, b in enumerate(buttons) if b == el), 0), len(buttons))
        within = None
        if present(target):
            for region in ("records", "review"):
                if present(target.closest(f"[data-region={region}]")):
                    within = region
                    break
        return Event(kind, key=key, group=group, within=within,
                     typing=present(target) and target.tagName in TYPING,
                     modified=bool(event.ctrlKey or event.metaKey or event.altKey))
    el = target.closest("[data-card],[data-bid],[data-action]") if kind == "click" else target
    if not present(el):
        return None
    data = {}
    for name in DATA:
        value = attribute(el, "data-" + name)
        if value is not None:
            data[name] = value
    # (a property an element does not have is an AttributeError in Pyodide)
    return Event(kind, data, disabled=bool(getattr(el, "disabled", False)),
                 aria_disabled=attribute(el, "aria-disabled") == "true",
                 checkbox=js_str(getattr(el, "type", None)) == "checkbox",
                 checked=bool(getattr(el, "checked", False)),
                 value=js_str(getattr(el, "value", None)))


class Table:
    """The page's side of the table: ``Table(params).start()`` (web/main.py)."""

    def __init__(self, params: dict):
        self.params = params
        self.main = document.querySelector("main")
        self.controller = Controller(params, self._read, self._tab_id())
        self.channel: Any = None  # the tabs' BroadcastChannel ("who plays?"), where there is one
        self.heard = False        # another tab answered "here" (on_channel)
        self.asked = 0            # how many times this tab asked who plays (_who_plays)
        self.cache: dict[str, str] = {}   # each region's HTML as drawn
        self.elements: dict = {}
        self.last_paint: str | None = None  # the paint kept for web/boot.js (keep_paint)
        self.proxies: list = []
        self.speaker = Speaker()
        self.review: ReviewPanel | None = None
        self.records = None  # web.records.Records, once main.py has made it
        self.carriers: dict[type, Callable[[Any], object]] = {
            fx.Draw: lambda e: self.draw(e.force), fx.Save: self._save,
            fx.Store: lambda e: self._write(e.key, e.text),
            fx.SetAside: lambda e: self.set_aside(e.raw),
            fx.Sound: self._sound, fx.Focus: self._focus, fx.FocusInGroup: self._focus_in_group,
            fx.Display: self._display, fx.Relabel: self._relabel,
            fx.Report: lambda e: report(e.label, e.error),
            fx.StartWorker: lambda e: asyncio.create_task(self.start_bots()),
            fx.ApplyUpdate: lambda e: window.beloteApplyUpdate(),
            fx.Hold: lambda e: self.main.setAttribute("data-hold", e.what),
            fx.Then: lambda e: self.carry(e.call()),
            fx.Run: lambda e: asyncio.ensure_future(self.run(e.steps, e.label)),
        }
        self.waiters: dict[type, Callable[[Any], Awaitable[Any]]] = {
            fx.Pause: self._pause, fx.Think: self._think, fx.Suggest: self._suggest,
            fx.Fetch: self._fetch, fx.Held: self._held, fx.WhoPlays: self._who_plays}

    def start(self) -> None:
        for el in document.querySelectorAll("[data-region]"):
            self.elements[el.getAttribute("data-region")] = el
        if self.controller.ui.fast:
            document.documentElement.classList.add("fast")
        effects = self.controller.start(_browser_languages(), _media(DARK))
        self.bind()
        self.review = ReviewPanel(self)
        self.carry(effects)
        if getattr(window, "beloteUpdateReady", False) is True:  # found before Python was up
            self.carry(self.controller.update_ready())

    async def start_bots(self) -> None:
        """The bots think in full from now on: on the page where it can give the browser its
        turns during a search (``?bots=worker``: never), else in their worker. For the tests:
        <main data-bots> page | worker | short (the worker failed: short searches here)."""
        if self.params.get("bots") != "worker" and ai.bots_on_page():
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

    def bind(self) -> None:
        c = self.controller
        for target, kind, handler in (
                (self.main, "click", self.on_event), (self.main, "change", self.on_event),
                (self.main, "input", self.on_event), (document, "keydown", self.on_event),
                (window, "storage", lambda event: self.carry(c.stored(
                    js_str(event.key), js_str(event.newValue)))),
                (window, "pointerdown", lambda event: c.pointer()),
                (window, "belote:update", lambda event: self.carry(c.update_ready()))):
            listen(target, kind, handler, self.fail, self.proxies)
        try:  # the tabs open on the game ask each other who plays it (WhoPlays)
            self.channel = window.BroadcastChannel.new("belote.v1.tabs")
            listen(self.channel, "message", self.on_channel, self.fail, self.proxies)
        except Exception:
            self.channel = None
        try:  # follow the system's light or dark while the theme is "auto"
            query = window.matchMedia(DARK)
            listen(query, "change", lambda event: self.carry(c.system_theme(_media(DARK))),
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
        if said.startswith("who:") and self.controller.plays() and self.channel is not None:
            self.channel.postMessage(f"here:{self.controller.tab_id}")
        elif said.startswith("here:"):
            self.heard = True

    def on_event(self, event) -> None:
        """A click, change, input or key: to the dispatcher, and its effects carried out."""
        read = read_event(event)
        if read is None:
            return
        outcome = self.controller.handle(read)
        if outcome.prevent:
            event.preventDefault()
        if outcome.stop:
            event.stopPropagation()
        self.carry(outcome.effects)

    def fail(self, error: Exception, label: str = "Belote table error") -> None:
        """An unexpected error: report it (console.error, so tests notice) and keep going."""
        for effect in self.controller.fail(error, label):
            try:
                self.carriers[type(effect)](effect)
            except Exception:
                pass

    # --- effects ------------------------------------------------------------------------------
    def carry(self, effects: fx.Effects) -> None:
        for effect in effects:
            self.carriers[type(effect)](effect)

    async def run(self, steps: fx.Task, label: str) -> None:
        """A task of the controller's: each list of effects carried out, each step waited for
        and its answer sent back (an error thrown back in)."""
        try:
            step = next(steps)
            while True:
                try:
                    answer = await self.wait(step)
                except Exception as error:
                    step = steps.throw(error)
                else:
                    step = steps.send(answer)
        except StopIteration:
            pass
        except Exception as error:
            self.fail(error, label)

    async def wait(self, step) -> Any:
        """A task's step: effects carried out at once, a question answered in its time."""
        if isinstance(step, list):
            self.carry(step)
            return None
        return await self.waiters[type(step)](step)

    @staticmethod
    async def _pause(step: fx.Pause) -> None:
        await asyncio.sleep(step.seconds)

    @staticmethod
    async def _think(step: fx.Think) -> str:
        loop = asyncio.get_event_loop()
        started = loop.time()
        action = await ai.think(step.level, step.view)
        await asyncio.sleep(max(0.0, step.pause - (loop.time() - started)))
        return action

    @staticmethod
    async def _suggest(step: fx.Suggest) -> str | None:
        return await ai.suggest(step.view)

    async def _held(self, step: fx.Held) -> None:
        """?hold (tests): until the test removes <main data-hold>."""
        while self.main.hasAttribute("data-hold"):
            await asyncio.sleep(0.02)

    async def _who_plays(self, step: fx.WhoPlays) -> bool:
        """Whether another open tab plays this game: it answers within 0.4 s."""
        if self.channel is None:
            return False
        self.heard = False
        self.channel.postMessage(f"who:{self.controller.tab_id}")
        for _ in range(20):
            await asyncio.sleep(0.02)
            if self.heard:
                break
        self.asked += 1  # for the tests: <main data-asked="3:here">: the 3rd answer, "I play"
        self.main.setAttribute("data-asked", f"{self.asked}:{'here' if self.heard else 'none'}")
        return self.heard

    @staticmethod
    async def _fetch(step: fx.Fetch) -> str:
        response = await window.fetch(step.url)
        if not response.ok:
            raise OSError(f"HTTP {response.status}")
        return str(await response.text())

    def _sound(self, effect: fx.Sound) -> None:
        if self.speaker.play(effect.name):
            self.main.setAttribute("data-sounds", str(self.speaker.played))

    def _focus(self, effect: fx.Focus) -> None:
        el = self.main.querySelector(effect.selector)
        if present(el):
            el.focus()

    def _focus_in_group(self, effect: fx.FocusInGroup) -> None:
        buttons = _group_buttons(document.activeElement)
        if 0 <= effect.index < len(buttons):
            buttons[effect.index].focus()

    def _display(self, effect: fx.Display) -> None:
        root = document.documentElement
        root.setAttribute("data-theme", effect.theme)
        meta = document.querySelector('meta[name="theme-color"]')
        if meta is not None:
            meta.setAttribute("content", effect.colour)
        root.setAttribute("data-theme-choice", effect.choice)
        root.setAttribute("data-speed", effect.speed)

    def _relabel(self, effect: fx.Relabel) -> None:
        document.documentElement.setAttribute("lang", effect.language)
        document.title = effect.title
        for selector, label in effect.labels:
            el = document.querySelector(selector)
            if present(el):
                el.setAttribute("aria-label", label)
        if self.review is not None:
            self.review.relabel()

    # --- storage ----------------------------------------------------------------------------
    def _read(self, key: str) -> str | None:
        try:
            return js_str(window.localStorage.getItem(key))
        except Exception:
            return None

    def _save(self, effect: fx.Save) -> None:
        if self._write(storage.KEY, effect.text):
            self.controller.saved(effect.text)

    def _write(self, key: str, text: str) -> bool:
        """fx.Store ``text``; when storage is full, a set-aside save makes room for the game's.
        (The paint, keep_paint, gives way before it.) A refusal (full, private mode, turned
        off) is told to the controller."""
        for _attempt in range(3):
            try:
                window.localStorage.setItem(key, text)
                return True
            except Exception as error:
                failure = error
            try:
                if self._read(storage.PAINT_KEY) is not None:  # the paint gives way first
                    window.localStorage.removeItem(storage.PAINT_KEY)
                    self.last_paint = None
                    continue
                if key == storage.BROKEN_KEY or self._read(storage.BROKEN_KEY) is None:
                    break
                window.localStorage.removeItem(storage.BROKEN_KEY)
            except Exception:
                break
        self.controller.refused(str(failure).split(":", 1)[0].strip()[:60]
                                or type(failure).__name__)
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

    # --- drawing ----------------------------------------------------------------------------
    def draw(self, force: tuple[str, ...] = ()) -> None:
        """Each region whose HTML changed (and those in ``force``), <main>'s attributes; the
        focus kept where it was, or put back."""
        frame = self.controller.frame()
        focus_key = self._focus_key()
        for name in force:
            self.cache.pop(name, None)
        replaced = False
        for name, html in frame.regions.items():
            el = self.elements.get(name)
            if el is None or self.cache.get(name) == html:
                continue
            el.innerHTML = html
            self.cache[name] = html
            replaced = True
        for name, value in frame.attributes.items():
            self.main.setAttribute(name, value)
        if replaced:
            self._restore_focus(focus_key)
        self.keep_paint()

    def keep_paint(self) -> None:
        """Keep the table as drawn beside the save (web/storage.py encode_paint), for web/boot.js
        to show at once on the next visit. Never in the save's way: a paint that does not fit
        is dropped, and the save makes room by removing it (_write)."""
        main = self.main
        if self.controller.ui.passive:  # the paint goes with the save, another tab's now
            return
        attributes = {name: attribute(main, name) or "" for name in PAINTED_ATTRIBUTES}
        attributes["data-painted-phase"] = attributes.pop("data-phase")
        text = storage.encode_paint(self.cache, attributes, self.controller.last_saved)
        if text == self.last_paint:
            return
        self.last_paint = text
        try:
            if text is None:
                window.localStorage.removeItem(storage.PAINT_KEY)
            else:
                window.localStorage.setItem(storage.PAINT_KEY, text)
        except Exception:  # storage full or refused: no paint next time, the game goes on
            try:
                window.localStorage.removeItem(storage.PAINT_KEY)
            except Exception:
                pass

    def _focus_key(self) -> tuple[str, str] | None:
        el = document.activeElement
        if not present(el) or el == document.body:
            return None
        for name in FOCUSABLE:
            value = attribute(el, name)
            if value is not None:
                return name, value
        return None

    def _restore_focus(self, key: tuple[str, str] | None) -> None:
        active = document.activeElement
        if present(active) and active != document.body and active.isConnected:
            return
        target = None
        if key is not None:
            target = self.main.querySelector(f'[{key[0]}="{key[1]}"]')
        if not present(target):
            target = None
            for selector in ('[data-panel] .primary', '.bidbox button:not([disabled])',
                             '[data-card].playable'):
                found = self.main.querySelector(selector)
                if present(found):
                    target = found
                    break
        if target is not None and (key is not None or self.controller.keyboard):
            # Only move focus for someone who was using it (keyboard), never steal it otherwise.
            opts = window.Object.new()
            opts.preventScroll = True
            target.focus(opts)

