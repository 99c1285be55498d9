"""The table driven as the page drives it, without a browser.

:class:`Page` does what web/browser/adapter.py does, in memory: it keeps the model
(web/app/model.py), sends each message through the one update (web/app/update.py ``step``),
draws the view (web/app/view.py) and carries out the effects: storage is a dict, sounds, focus
moves and reports are listed, and the questions that take time in the page (a pause, a bot's
choice, a file) are answered at once by a message queued for :meth:`Page.settle` (the bots by
the page's own, web/ai.py's pool). Events are read from the table as drawn: :meth:`Page.click`
finds the element in the drawn HTML (tests/fake_dom.py) and hands a click on it to the page's
own event reader (web/browser/reader.py), as the browser's listener does.
"""

from __future__ import annotations

import functools
import json
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any

from fake_dom import Element, fill, parse

from belote.analysis import accuracy
from belote.bots import make_bot
from belote.daily import daily
from web import ai
from web.app import effects as fx
from web.app import keys
from web.app import messages as msgs
from web.app import records_messages as rmsgs
from web.app.model import Flags, Model
from web.app.update import step
from web.app.view import Frame, view
from web.browser.reader import read_event
from web.storage import save as storage
from web.table.motion import note
from web.table.start import KEYS, init, plays

ROOT = Path(__file__).resolve().parent.parent
# The page's <main>, as index.html has it: the regions the table draws into (the adapter adds
# the records region at its end, and the review's in the game).
MAIN_HTML = ("<main" + (ROOT / "index.html").read_text().split("<main", 1)[1].split(
    "</main>", 1)[0] + '<div class="records-host" data-region="records"></div></main>').replace(
    '<div class="overlay" data-region="overlay"></div>',
    '<div class="overlay" data-region="overlay"></div>'
    '<div class="review-host" data-region="review"></div>')

# Pages by the storage they share (one per browser profile): the other tabs of a page.
TABS: dict[int, list] = {}


@functools.cache
def expert_line(date: str, number: int) -> str:
    """The Expert's line on a daily hand, as the bots' worker gives it (the same for every
    player: computed once per test run)."""
    return json.dumps(daily(date).expert_record(number))


def hand_accuracy(record: dict, seat: int) -> float | None:
    """A seat's accuracy in a finished hand, as the bots' worker measures it (the same hand,
    played again by another test, measured once per test run)."""
    return _accuracy(json.dumps(record, sort_keys=True), seat)


@functools.cache
def _accuracy(record: str, seat: int) -> float | None:
    hand = json.loads(record)
    return accuracy.hand_accuracy(hand, list(accuracy.expected_decisions(hand, seat)))


@functools.cache
def stand_in_line(level: str, date: str, number: int) -> str:
    """The line of bots of ``level`` seeded as the day's Experts, on a daily hand."""
    day = daily(date)
    match = day.match(number)
    bots = [make_bot(level, seed=f"{day.seed(number)}/{seat}") for seat in range(4)]
    while match.phase in ("auction", "play"):
        seat = match.turn
        assert seat is not None
        match.apply(bots[seat].choose(match.view(seat)))
    return json.dumps(match.hand_record())


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
    """A page around one table (``params`` as the page's query)."""

    def __init__(self, params: dict[str, str] | str = "", storage_: dict | None = None,
                 languages: tuple[str, ...] = ("en",), dark: bool = False,
                 tab: str = "tab-a", start: bool = True, today: str = "2026-12-24",
                 suggest: Callable[[Any], str | None] = first_suggestion):
        if isinstance(params, str):
            params = dict(p.split("=", 1) for p in params.split("&") if p)
        self.params = params
        self.storage: dict[str, str] = {} if storage_ is None else storage_
        self.tab = tab
        self.refuse = False                 # storage refuses every write
        self.frame: Frame | None = None
        self.draws = 0
        self.sounds: list[str] = []
        self.focused: list[str | int] = []  # selectors (Focus), indices (FocusInGroup)
        self.reports: list[fx.Report] = []
        self.set_aside: list[str] = []
        self.pauses: list[float] = []
        self.asked: list[Any] = []          # the questions asked: AskBot, AskHint, FetchHelp...
        self.other: list[Any] = []          # StartWorker, Reload, Download...
        self.queue: deque[msgs.Msg] = deque()  # answers, until settle() sends them
        self.suggest = suggest
        self.fetched: dict[str, str] = {}   # url -> text (missing: the fetch fails)
        self.worker = "ready"               # the bots' worker, as a review finds it
        self.reviewer: Callable[[fx.AskReview], str | None] = lambda ask: None
        self.files: list[str] = []          # the file chosen in the import dialog
        self.languages, self.dark = tuple(languages), dark
        self.today = today                  # the UTC date the page's clock says (AskToday)
        self.expert: Callable[[str, int], str | None] = expert_line  # the Expert's line
        # a daily hand's bots: the day's fixed Experts, or a quicker bot of this level seeded
        # alike (stand_in: the tests of the page's flow, where the Experts' choices do not
        # matter) whose line stands in for the Expert's too
        self.stand_in: str | None = None
        self.shares: list[str] = []         # the texts shared (Share)
        self.accuracy: Callable[[dict, int], float | None] = hand_accuracy  # (AskAccuracy)
        self.share_how = "copied"           # how sharing goes (Shared)
        self._document: Element | None = None
        # the pages open on the same storage: the tabs that may answer "who plays?" (AskTabs)
        self.tabs = TABS.setdefault(id(self.storage), [])
        self.tabs.append(self)
        self.model: Model | None = None
        if start:
            self.start()

    def start(self) -> None:
        self.model, effects = init(Flags(self.params, self.tab), self.languages, self.dark,
                                   {key: self.storage.get(key) for key in KEYS})
        self.draw()
        self.carry(effects)
        self.settle()

    @property
    def m(self) -> Model:
        """The model (the page has started)."""
        assert self.model is not None
        return self.model

    @property
    def s(self):
        """The model's session."""
        return self.m.session

    # --- the one way in, as the adapter's ------------------------------------------------
    def send(self, msg: msgs.Msg) -> list:
        """Send ``msg`` (update, draw, effects), then what its answers bring (settle)."""
        effects = self.deliver(msg)
        self.settle()
        return effects

    def run(self, handler: Callable[..., list], *args) -> list:
        """A handler of the update (web/table/, web/coach/, web/records/) called directly on
        the model, as update calls it; then drawn, its effects carried out and settled."""
        effects = handler(self.m, *args)
        note(self.m)
        self.draw()
        self.carry(effects)
        self.settle()
        return effects

    def deliver(self, msg: msgs.Msg) -> list:
        effects = step(self.m, msg)
        self.draw()
        self.carry(effects)
        return effects

    def draw(self) -> None:
        self.frame = view(self.m)
        self._document = None
        self.draws += 1

    @property
    def regions(self) -> dict[str, str]:
        assert self.frame is not None
        return self.frame.regions

    @property
    def attributes(self) -> dict[str, str | None]:
        assert self.frame is not None
        return self.frame.main

    def carry(self, effects: list) -> None:
        for e in effects:
            if isinstance(e, fx.Save):
                self.write(storage.KEY, e.text)
            elif isinstance(e, fx.Store):
                self.write(e.key, e.text)
            elif isinstance(e, fx.SetAside):
                self.set_aside.append(e.raw)
                self.storage[storage.BROKEN_KEY] = e.raw
            elif isinstance(e, fx.ReadSave):
                self.deliver(msgs.SaveRead(self.storage.get(storage.KEY), e.then))
            elif isinstance(e, fx.Sound):
                self.sounds.append(e.name)
            elif isinstance(e, fx.Focus):
                self.focused.append(e.selector)
            elif isinstance(e, fx.FocusInGroup):
                self.focused.append(e.index)
            elif isinstance(e, fx.Report):
                self.reports.append(e)
            else:
                self.answer(e)

    def write(self, key: str, text: str) -> bool:
        if self.refuse:
            self.deliver(msgs.WriteRefused(key, "QuotaExceededError"))
            return False
        self.storage[key] = text
        return True

    def answer(self, effect) -> None:
        """A question's answer, queued as the page sends it (in its time)."""
        if isinstance(effect, fx.After):
            self.pauses.append(effect.seconds)
            self.queue.append(effect.then)
            return
        if isinstance(effect, fx.Hold):
            self.queue.append(msgs.HoldReleased(effect.token))  # ?hold: let go at once
            return
        if isinstance(effect, (fx.StartWorker, fx.Reload, fx.Download, fx.StopReview)):
            self.other.append(effect)
            return
        self.asked.append(effect)
        if isinstance(effect, fx.AskBot):
            view_ = effect.view
            bot = (ai._bot(effect.level, view_["seat"], effect.seed) if self.stand_in is None
                   or not effect.seed else make_bot(self.stand_in, seed=effect.seed))
            action = ai._on_page(bot.choose, view_, effect.level)
            self.queue.append(msgs.BotChose(effect.token, action))
        elif isinstance(effect, fx.AskToday):
            self.queue.append(msgs.Today(self.today, effect.then))
        elif isinstance(effect, fx.AskExpert):
            line = (self.expert(effect.date, effect.number) if self.stand_in is None
                    else stand_in_line(self.stand_in, effect.date, effect.number))
            self.queue.append(msgs.ExpertPlayed(effect.token, effect.date, effect.number, line))
        elif isinstance(effect, fx.AskAccuracy):
            self.queue.append(msgs.Accuracy(effect.key, self.accuracy(effect.record,
                                                                      effect.seat)))
        elif isinstance(effect, fx.Share):
            self.shares.append(effect.text)
            self.queue.append(msgs.Shared(self.share_how))
        elif isinstance(effect, fx.AskHint):
            self.queue.append(msgs.Hinted(effect.version, self.suggest(effect.view)))
        elif isinstance(effect, fx.FetchHelp):
            html = self.fetched.get(effect.url)
            self.queue.append(msgs.HelpFetched(effect.language, effect.rules, html,
                                               "" if html is not None else "HTTP 404"))
        elif isinstance(effect, fx.AskTabs):
            here = any(p is not self and p.model is not None and plays(p.model)
                       for p in self.tabs)
            self.queue.append(msgs.OtherTabs(effect.token, here))
        elif isinstance(effect, fx.ReadFile):
            if self.files:
                text = self.files.pop(0)
                too_big = len(text.encode()) if len(text.encode()) > effect.max_bytes else None
                self.queue.append(rmsgs.FileRead(None if too_big else text, too_big))
        elif isinstance(effect, fx.WaitWorker):
            self.queue.append(msgs.WorkerState(effect.review, self.worker))
        elif isinstance(effect, fx.AskReview):
            self.queue.append(msgs.ReviewAnswer(effect.review, effect.token, effect.method,
                                                self.reviewer(effect), self.worker))
        else:
            raise AssertionError(f"unknown effect {effect!r}")

    def settle(self, limit: int = 100_000, endless: bool = False) -> None:
        """Send the queued answers, in order, until none is left (``endless``: or the
        ``limit`` is reached, a table that waits on and on, as a watching tab's bots do)."""
        for _ in range(limit):
            if not self.queue:
                return
            self.deliver(self.queue.popleft())
        if not endless:
            raise AssertionError("the answers never ended")

    # --- the page as drawn ------------------------------------------------------------------
    def document(self) -> Element:
        """The page's <main> with each region's HTML as last drawn."""
        if self._document is None:
            main = parse(MAIN_HTML)
            for el in main.querySelectorAll("[data-region]"):
                fill(el, self.regions.get(el.getAttribute("data-region") or "", ""))
            self._document = main
        return self._document

    def drawn(self, selector: str) -> Element | None:
        """The element drawn at ``selector``, if any."""
        return self.document().querySelector(selector)

    def find(self, selector: str) -> Element:
        el = self.drawn(selector)
        if el is None:
            raise AssertionError(f"nothing on the table matches {selector}")
        return el

    # --- the player's events, as the listeners send them -----------------------------------
    def dom_event(self, kind: str, target: Element | None, active: Element | None = None,
                  **props) -> msgs.Msg | None:
        """A DOM event of ``kind`` on ``target``, read by the page's reader and sent (a key
        as the adapter sends it); the message read."""
        msg = read_event(_DomEvent(kind, target, **props), active)
        if msg is not None:
            self.send(msg)
        return msg

    def press(self, selector: str) -> msgs.Msg | None:
        """A click on the element drawn at ``selector`` (none when it is disabled: a browser
        sends no click for a disabled control); the message read."""
        el = self.find(selector)
        if getattr(el, "disabled", False):
            return None
        return self.dom_event("click", el)

    def click(self, action: str | None = None, **data: str) -> msgs.Msg | None:
        """A click on the element drawn with these ``data-`` attributes (``action``:
        ``data-action``), e.g. ``click(card="JH")``, ``click("sheet")``."""
        if action is not None:
            data["action"] = action
        return self.press("".join(f'[data-{k}="{v}"]' for k, v in data.items()))

    def key(self, key: str, focus: str | None = None, ctrl: bool = False) -> keys.Resolved:
        """A key pressed with the focus on the element at ``focus`` (a selector; default:
        nothing focused); what its binding does (prevented, stopped)."""
        el = self.find(focus) if focus is not None else None
        msg = read_event(_DomEvent("keydown", el, key=key, ctrl=ctrl), el)
        assert isinstance(msg, msgs.Key)
        resolved = keys.resolve(self.m, msg)
        self.send(msg)
        return resolved

    def type_in(self, selector: str, text: str) -> None:
        """Type ``text`` in the field at ``selector`` (an input event)."""
        el = self.find(selector)
        el.value = text
        self.dom_event("input", el)

    def change(self, setting: str, value: str | bool) -> msgs.Msg | None:
        """The control ``data-setting=setting`` set to ``value``: in the Settings panel, opened
        for it (and closed again) when it is not on the table."""
        selector = f'[data-setting="{setting}"]'
        opened = self.drawn(selector) is None
        if opened:
            self.click("settings")
        el = self.find(selector)
        if isinstance(value, bool):
            el.checked = value
        else:
            el.value = value
        msg = self.dom_event("change", el)
        if opened and self.attributes.get("data-overlay") == "settings":
            self.click("close")
        return msg

    def other_tab_writes(self, key: str, value: str | None) -> None:
        self.send(msgs.StorageChanged(key, value))

    # --- reading the table ----------------------------------------------------------------
    @property
    def message(self) -> str:
        return self.regions.get("message", "")

    @property
    def notice_kind(self) -> str:
        return self.s.notice.kind if self.s.notice is not None else ""

    def saved(self) -> str | None:
        return self.storage.get(storage.KEY)

    def play_until(self, done: Callable[[Page], bool], steps: int = 3000) -> None:
        """The player's simplest choices (the first legal bid, the first playable card,
        "next"), by clicking them, until ``done(self)``."""
        for _ in range(steps):
            if done(self):
                return
            m = self.m.match
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
