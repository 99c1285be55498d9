"""The table's controller driven as the page drives it, without a browser.

:class:`Page` does what web/table.py does with the controller's effects, in memory: storage is a
dict, drawing keeps each region's HTML and ``<main>``'s attributes, sounds, focus moves and
reports are listed, and the controller's tasks (the bots' turns, a hint, the rules' help) run
to their end at once, their pauses noted and their questions answered here (the bots by the
page's own, web/ai.py's pool). Events are read from the table as drawn: :meth:`Page.click`
finds the element in the drawn HTML (tests/fake_dom.py) and hands a click on it to the page's
own event reader (web/browser/reader.py), as the browser's listener does.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fake_dom import Element, fill, parse

from web import ai
from web.app import effects as fx
from web.app.dispatch import Event, Outcome
from web.browser.reader import read_event
from web.storage import save as storage
from web.table.controller import Controller

ROOT = Path(__file__).resolve().parent.parent
# The page's <main>, as index.html has it: the regions the table draws into.
MAIN_HTML = "<main" + (ROOT / "index.html").read_text().split("<main", 1)[1].split(
    "</main>", 1)[0] + "</main>"


class Refused(Exception):
    """The storage's refusal (as a browser's QuotaExceededError)."""

# Pages by the storage they share (one per browser profile): the other tabs of a page.
TABS: dict[int, list] = {}


def first_suggestion(view) -> str | None:
    """A stand-in for the Expert's hint: the first legal action."""
    return view["legal"][0] if view["legal"] else None


class _DomEvent:
    """What a listener receives: the event's kind, target, key and modifiers."""

    def __init__(self, kind: str, target: Element | None, key: str = "", ctrl: bool = False,
                 alt: bool = False, meta: bool = False):
        self.type, self.target, self.key = kind, target, key
        self.ctrlKey, self.altKey, self.metaKey = ctrl, alt, meta


class Page:
    """A page around one controller (``params`` as the page's query)."""

    def __init__(self, params: dict[str, str] | str = "", storage_: dict | None = None,
                 languages: tuple[str, ...] = ("en",), dark: bool = False,
                 tab: str = "tab-a", start: bool = True,
                 suggest: Callable[[Any], str | None] = first_suggestion):
        if isinstance(params, str):
            params = dict(p.split("=", 1) for p in params.split("&") if p)
        self.storage: dict[str, str] = {} if storage_ is None else storage_
        self.refuse = False                 # storage refuses every write
        self.controller = Controller(params, self.storage.get, tab)
        self.regions: dict[str, str] = {}
        self.attributes: dict[str, str] = {}
        self.draws = 0
        self.forced: list[tuple[str, ...]] = []
        self.sounds: list[str] = []
        self.focused: list[str | int] = []  # selectors (Focus), indices (FocusInGroup)
        self.display: fx.Display | None = None
        self.relabelled: list[fx.Relabel] = []
        self.reports: list[fx.Report] = []
        self.set_aside: list[str] = []
        self.pauses: list[float] = []
        self.asked: list[Any] = []          # steps that asked something: Think, Suggest, Fetch
        self.other: list[Any] = []          # StartWorker, ApplyUpdate
        self.tasks: deque = deque()
        self.suggest = suggest
        self.fetched: dict[str, str] = {}   # url -> text (missing: the fetch fails)
        self.languages, self.dark = list(languages), dark
        # the pages open on the same storage: the tabs that may answer "who plays?" (WhoPlays)
        self.tabs = TABS.setdefault(id(self.storage), [])
        self.tabs.append(self)
        if start:
            self.carry(self.controller.start(self.languages, dark))
            self.settle()

    @property
    def c(self) -> Controller:
        return self.controller

    # --- what the adapter does with effects ----------------------------------------------
    def carry(self, effects: fx.Effects) -> None:
        for e in effects:
            if isinstance(e, fx.Draw):
                frame = self.c.frame()
                self.regions, self.attributes = frame.regions, frame.attributes
                self.draws += 1
                if e.force:
                    self.forced.append(e.force)
            elif isinstance(e, fx.Save):
                if self.write(storage.KEY, e.text):
                    self.c.saved(e.text)
            elif isinstance(e, fx.Store):
                self.write(e.key, e.text)
            elif isinstance(e, fx.SetAside):
                self.set_aside.append(e.raw)
                self.storage[storage.BROKEN_KEY] = e.raw
            elif isinstance(e, fx.Sound):
                self.sounds.append(e.name)
            elif isinstance(e, fx.Focus):
                self.focused.append(e.selector)
            elif isinstance(e, fx.FocusInGroup):
                self.focused.append(e.index)
            elif isinstance(e, fx.Display):
                self.display = e
            elif isinstance(e, fx.Relabel):
                self.relabelled.append(e)
            elif isinstance(e, fx.Report):
                self.reports.append(e)
            elif isinstance(e, fx.Then):
                self.carry(e.call())
            elif isinstance(e, fx.Run):
                self.tasks.append((e.steps, None, None))
            else:
                self.other.append(e)

    def write(self, key: str, text: str) -> bool:
        if self.refuse:
            self.c.refused("QuotaExceededError")
            return False
        self.storage[key] = text
        return True

    def answer(self, step) -> Any:
        """What the page's side answers a task's step."""
        if isinstance(step, fx.Pause):
            self.pauses.append(step.seconds)
            return None
        self.asked.append(step)
        if isinstance(step, fx.Think):
            view = step.view
            return ai._on_page(ai._bot(step.level, view["seat"]).choose, view, step.level)
        if isinstance(step, fx.Suggest):
            return self.suggest(step.view)
        if isinstance(step, fx.Fetch):
            if step.url not in self.fetched:
                raise OSError("HTTP 404")
            return self.fetched[step.url]
        if isinstance(step, fx.WhoPlays):
            return any(p.c.plays() for p in self.tabs if p is not self)
        if isinstance(step, fx.Held):
            return None  # ?hold: let go at once
        raise AssertionError(f"unknown step {step!r}")

    def settle(self, limit: int = 100_000, endless: bool = False) -> None:
        """Run the tasks, one step of each in turn, until none is left (``endless``: or the
        ``limit`` is reached, a task that waits on and on, as a watching tab's bots do)."""
        for _ in range(limit):
            if not self.tasks:
                return
            task, answer, error = self.tasks.popleft()
            try:
                step = task.throw(error) if error is not None else task.send(answer)
                while isinstance(step, list):  # effects: carried out, the task goes on
                    self.carry(step)
                    step = task.send(None)
            except StopIteration:
                continue
            answer, error = None, None
            try:
                answer = self.answer(step)
            except Exception as e:
                error = e
            self.tasks.append((task, answer, error))
        if not endless:
            raise AssertionError("the tasks never ended")

    # --- the page as drawn ------------------------------------------------------------------
    def document(self) -> Element:
        """The page's <main> with each region's HTML as last drawn (the records and review
        regions the adapter adds at the end)."""
        main = parse(MAIN_HTML)
        for el in main.querySelectorAll("[data-region]"):
            fill(el, self.regions.get(el.getAttribute("data-region") or "", ""))
        return main

    def find(self, selector: str) -> Element:
        el = self.document().querySelector(selector)
        if el is None:
            raise AssertionError(f"nothing on the table matches {selector}")
        return el

    # --- the player's events, as the listeners send them -----------------------------------
    def send(self, event: Event) -> Outcome:
        """An event as read (the dispatcher's own tests: events no element gives)."""
        outcome = self.c.handle(event)
        self.carry(outcome.effects)
        self.settle()
        return outcome

    def dom_event(self, kind: str, target: Element | None, active: Element | None = None,
                  **props) -> Outcome:
        """A DOM event of ``kind`` on ``target``, read by the page's reader."""
        event = _DomEvent(kind, target, **props)
        read = read_event(event, active)
        return Outcome() if read is None else self.send(read)

    def press(self, selector: str) -> Outcome:
        """A click on the element drawn at ``selector``: none when it is disabled (a browser
        sends no click for a disabled control)."""
        el = self.find(selector)
        if getattr(el, "disabled", False):
            return Outcome()
        return self.dom_event("click", el)

    def click(self, action: str | None = None, **data: str) -> Outcome:
        """A click on the element drawn with these ``data-`` attributes (``action``:
        ``data-action``), e.g. ``click(card="JH")``: read from the drawn element, as the
        browser's listener reads it; nothing when it is disabled. When no such element is
        drawn, the event as read from those attributes (a stale click, or a part of the page
        not drawn here)."""
        if action is not None:
            data["action"] = action
        disabled = data.pop("disabled", "") == "true"
        aria = data.pop("aria_disabled", "") == "true"
        selector = "".join(f'[data-{k}="{v}"]' for k, v in data.items())
        if disabled or aria or self.document().querySelector(selector) is None:
            return self.send(Event("click", data, disabled=disabled, aria_disabled=aria))
        return self.press(selector)

    def key(self, key: str, focus: str | None = None, **kw) -> Outcome:
        """A key pressed with the focus on ``focus`` (a selector; default: nothing focused).
        Other keywords: an event as read (the dispatcher's own tests)."""
        if kw:
            return self.send(Event("keydown", key=key, **kw))
        el = self.find(focus) if focus is not None else None
        return self.dom_event("keydown", el, el, key=key)

    def change(self, setting: str, value: str | bool) -> Outcome:
        """The control ``data-setting=setting`` set to ``value``: in the Settings panel, opened
        for it (and closed again) when it is not on the table."""
        selector = f'[data-setting="{setting}"]'
        opened = self.document().querySelector(selector) is None
        if opened:
            self.click("settings")
        el = self.find(selector)
        if isinstance(value, bool):
            el.checked = value
        else:
            el.value = value
        outcome = self.dom_event("change", el)
        if opened and self.attributes.get("data-overlay") == "settings":
            self.click("close")
        return outcome

    def other_tab_writes(self, key: str, value: str | None) -> None:
        self.carry(self.c.stored(key, value))
        self.settle()

    # --- reading the table ----------------------------------------------------------------
    @property
    def message(self) -> str:
        return self.regions.get("message", "")

    @property
    def notice_kind(self) -> str:
        return self.c.ui.notice_kind

    def saved(self) -> str | None:
        return self.storage.get(storage.KEY)

    def play_until(self, done: Callable[[Page], bool], steps: int = 3000) -> None:
        """The human's simplest choices (the first legal bid, the first playable card,
        "next") until ``done(self)``."""
        for _ in range(steps):
            if done(self):
                return
            m = self.c.match
            assert m.turn == 0 or m.phase in ("hand-over", "match-over"), m.phase
            if m.phase == "match-over":
                return
            if m.phase == "hand-over":
                self.click("next")
            elif m.phase == "auction":
                self.click(bid=m.legal_actions()[0])
            else:
                self.click(card=next(a for a in m.legal_actions()
                                     if not a.startswith("declare ") and a != "out"))
        raise AssertionError("still playing")
