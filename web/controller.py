"""The table's controller: the match, the UI state and the player's actions, without a browser.

:class:`Controller` holds the match on the table and what the page shows beyond the engine's
view (:class:`web.render.Ui`). Its entry points take what happened (the save read at start, an
:class:`~web.dispatch.Event` of the player's, another tab's write) and return effects
(:mod:`web.effects`) for the adapter, web/table.py, to carry out; :meth:`Controller.frame` gives
the regions to draw. Every change of state goes through :meth:`Controller.took` (events to
effects), then :meth:`Controller.save` and a :class:`~web.effects.Draw`. The bots play in
:meth:`Controller.drive`, a task that pauses between moves and asks for the bots' actions
(:class:`~web.effects.Think`), so the page never blocks.

It never imports the browser: the tests drive it under CPython as the page does
(tests/test_web_controller.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from belote import IllegalAction, Match, RecordError, replay
from belote.events import Event as MatchEvent
from belote.refusal import NOTHING_TO_TAKE_BACK, Refusal
from belote.view import View

from . import guide as guides
from . import puzzles as puzzle_model
from . import review as review_model
from . import storage, transfer
from .dispatch import Action, Dispatcher, Event, Handler, Outcome, plain
from .effects import (
    ApplyUpdate,
    Display,
    Draw,
    Effects,
    Fetch,
    Focus,
    FocusInGroup,
    Held,
    Hold,
    Pause,
    Relabel,
    Report,
    Run,
    Save,
    SetAside,
    Sound,
    StartWorker,
    Store,
    Suggest,
    Task,
    Then,
    Think,
    WhoPlays,
)
from .html import escape
from .i18n import card_label, current_language, detect_language, set_language, t
from .i18n import refusal as refusal_text
from .reasons import reason_text
from .render import (
    NOTICE_FOLDS,
    Said,
    Text,
    Ui,
    bid_text,
    bubble_keys,
    declarations_to_make,
    regions,
    text_of,
)
from .settings import BOT_SEATS, CONTROLS, autoplay_pause, chosen, match_options, speed_factor
from .settings import change as change_setting
from .settings import level as bot_level
from .stats import hand_facts, record_hand, record_puzzle

HUMAN = 0
BOT_PAUSE = {"auction": 0.6, "play": 0.55}
TRICK_PAUSE = 0.85
GATHER = 0.35
# Each theme's page colour (style.css --page), for the browser's bar; web/boot.js has the same.
THEME_COLOURS = {"dark": "#0b3a1f", "light": "#ebe5d4"}
# The page's fixed parts named in the player's language: (selector, i18n key of aria-label).
LABELS = (("[data-region=score]", "region.score"), (".felt", "region.felt"),
          (".me", "region.me"))
OVERLAYS = ("sheet", "last-trick", "stats", "help", "settings")  # panels a button toggles
SOUNDS = ("win", "belote", "trick", "card")  # the one played when an action makes several


@dataclass
class Frame:
    """The table to draw: each region's HTML and ``<main>``'s attributes."""

    regions: dict[str, str]
    attributes: dict[str, str]


class Controller:
    """The table: the match, the UI state, and what each action of the player's does.

    ``params`` is the page's query (``?rules=french&fast=1``), ``read`` reads the page's
    storage (a key's text, or None), ``tab_id`` names this tab to the others."""

    def __init__(self, params: Mapping[str, str], read: Callable[[str], str | None],
                 tab_id: str):
        self.params = dict(params)
        self.read = read
        self.tab_id = tab_id
        self.ui = Ui(fast=params.get("fast") == "1")
        self._match: Match | None = None
        self.version = 0        # bumped on every change of state; a sleeping bot re-checks it
        self.driving = False    # the bots' task (drive) runs
        self.last_saved: str | None = None
        self.save_failed = False
        self.keyboard = False   # the last input came from the keyboard: keep focus on the table
        self.abandoned: Match | None = None  # the match a "New game" replaced, until undone
        self.help_cache: dict[tuple[str, str], str] = {}  # (language, rules) -> rules fragment
        self.dealt: set[str] = set()   # the hand's cards shown so far (web.render: deal_in)
        self.deal_phase = ""
        self.shown: set[str] = set()   # the hand's cards at the last drawing
        self.reviews: dict[str, dict] = {}  # finished hand reviews, kept in the save
        # While a deal is practised (start_practice): the match it set aside, and what to
        # practise again; the practice is never saved.
        self.practice: dict | None = None
        self.languages: list[str] = []  # the browser's, best first
        self.dark = False               # the system prefers a dark theme
        # Another tab may play this game (storage.TAB_KEY names it): this one only looks until
        # its player changes something here (save claims the game) or no other tab answers
        # "who plays?" (the bots' task asks, WhoPlays); meanwhile its bots wait.
        self.watching = False
        # ?hold=deal,trick (tests: the layout sweep): the table stops after a deal, and with a
        # finished trick on the table (even with ?fast=1), until <main data-hold> is removed.
        self.holds = set(self.params.get("hold", "").split(",")) - {""}
        self.holding = False            # a Hold is on: the bots' task waits (Held)
        self.new_matches = 0            # new matches since the page opened (_new_match)
        self.takers_of: Match | None = None  # the match whose takers ui.takers holds
        # A guided hand (web/guide.py) on the table: the run, and the match and notice it set
        # aside; the guides' progress is kept under guides.KEY.
        self.guide: guides.GuideRun | None = None
        self.guide_aside: tuple | None = None
        self.progress = guides.Progress()
        self.dispatcher = Dispatcher()
        self.dispatcher.add(self._actions(), self._states(), key_seen=self.key_seen)

    @property
    def match(self) -> Match:
        """The match on the table (there is one from :meth:`start` on)."""
        if self._match is None:
            raise RuntimeError("the table has not started")
        return self._match

    @match.setter
    def match(self, match: Match) -> None:
        self._match = match

    @property
    def saved_match(self) -> Match:
        """The match the save holds: the one on the table, or the one a practice set aside."""
        if self.guide_aside is not None:
            return self.guide_aside[0]
        return self.practice["match"] if self.practice is not None else self.match

    def handle(self, event: Event) -> Outcome:
        """A click, change, input or key of the player's (the page's one dispatcher)."""
        return self.dispatcher.dispatch(event)

    # --- start ------------------------------------------------------------------------------
    def claim_tab(self) -> Effects:
        """Say that this tab plays now: any other tab open on the game stops (:meth:`stored`)."""
        self.watching = False
        return [] if self.read(storage.TAB_KEY) == self.tab_id else [
            Store(storage.TAB_KEY, self.tab_id)]

    def plays(self) -> bool:
        """Whether this tab plays the game (it answers another tab's "who plays?")."""
        return not self.ui.passive and not self.watching

    def start(self, languages: list[str], dark: bool) -> Effects:
        """Open the table (the browser's ``languages``, and whether its theme is ``dark``): go
        on with the match saved, or a new one as the page's query says. Opening takes nothing
        from another tab: it writes nothing back; only a change made here claims the game
        (:meth:`save`)."""
        self.languages, self.dark = languages, dark
        return self._open()

    def _open(self) -> Effects:
        other = self.read(storage.TAB_KEY)
        self.watching = other is not None and other != self.tab_id
        raw = self.read(storage.KEY)
        self.last_saved = raw
        loaded = storage.decode(raw)
        self.ui.settings, self.ui.stats = loaded.settings, loaded.stats
        self.reviews = loaded.reviews
        effects = self.apply_language()
        if loaded.set_aside and raw is not None:
            effects.append(SetAside(raw))
            self.notice(lambda: storage.problem_text(loaded), "broken-save")
        self._apply_url_settings()
        if self.ui.fast and not chosen(raw, "sound"):  # ?fast=1 (tests): silent by default
            self.ui.settings = {**self.ui.settings, "sound": False}
        effects.append(self.display())
        match = loaded.match
        if match is not None and not self._url_wants_other(match):
            self.match = match
        else:
            self.match = self._new_match(self._url_seed())
        stored = self.read(guides.KEY)
        self.progress = guides.load(stored)
        if self.progress.current is not None:  # a guided hand under way: go on with it
            rules, at = self.progress.current
            effects += self._enter_guide(rules, at)
        elif raw is None and stored is None and self._offers():  # the first visit
            self.offer_guide("")
        effects += self.changed() + self.kick()
        if not self.ui.fast and self.params.get("worker") != "0":
            effects.append(StartWorker())
        return effects

    def display(self) -> Display:
        """The theme (the chosen one, else the system's) and the speed, as attributes of
        <html> that style.css follows, and the browser's bar in the theme's page colour."""
        s = self.ui.settings
        theme = s.get("theme", "auto")
        if theme not in ("light", "dark"):
            theme = "dark" if self.dark else "light"
        return Display(theme, s.get("theme", "auto"), s.get("speed", "normal"),
                       THEME_COLOURS[theme])

    def system_theme(self, dark: bool) -> Effects:
        """The system switched between light and dark (followed while the theme is "auto")."""
        self.dark = dark
        return [self.display()]

    def instant(self) -> bool:
        """No pause and no animation: ?fast=1, or the "instant" speed."""
        return self.ui.fast or speed_factor(self.ui.settings) == 0

    def sound(self, name: str | None) -> Effects:
        if name and self.ui.settings.get("sound") and not self.ui.passive:
            return [Sound(name)]
        return []

    def apply_language(self) -> Effects:
        """Speak the player's language (settings), else the browser's; relabel the page's
        fixed parts (the regions redraw themselves)."""
        set_language(self.ui.settings.get("language") or detect_language(self.languages))
        effects: Effects = [Relabel(current_language(), t("app.title"),
                                    tuple((selector, t(key)) for selector, key in LABELS))]
        if self.ui.overlay == "help":
            effects.append(Run(self.load_help()))
        return effects

    def load_help(self) -> Task:
        """Fetch the rules of the match's rule set in the current language for the panel."""
        ui, key = self.ui, (current_language(), self.match.rules.name)
        if ui.help is not None and ui.help[:2] == key:
            return
        html = self.help_cache.get(key)
        if html is None:
            try:
                html = str((yield Fetch(f"./web/help/{key[0]}/{key[1]}.html")))
                self.help_cache[key] = html
            except Exception as error:
                html = (f'<p class="help-failed">'
                        f'{escape(t("help.failed", reason=str(error)))}</p>')
        if key == (current_language(), self.match.rules.name):
            ui.help = (*key, html)
            yield [Draw()]

    def _apply_url_settings(self) -> None:
        p, s = self.params, dict(self.ui.settings)
        if p.get("rules"):
            s["rules"] = p["rules"]
            if not p.get("players"):
                s["players"] = 4
        if p.get("players", "").isdigit():
            s["players"] = int(p["players"])
        if p.get("level"):  # ?level=easy: every bot
            s["levels"] = [p["level"]] * len(BOT_SEATS)
        self.ui.settings = storage.clean_settings(s)

    def _url_seed(self) -> int | None:
        seed = self.params.get("seed", "")
        return int(seed) if seed.lstrip("-").isdigit() else None

    def _url_wants_other(self, match: Match) -> bool:
        """With ?rules=…&players=…&seed=… the saved match is resumed only if it is that one."""
        p, s = self.params, self.ui.settings
        if p.get("rules") and (match.rules.name, match.players) != (s["rules"], s["players"]):
            return True
        seed = self._url_seed()
        return seed is not None and match.seed != seed

    def _new_match(self, seed: int | None = None) -> Match:
        """A match of the settings' game. With ?seed=N in the address the first match is N and
        each new one the next number (a session, a test, goes the same way again)."""
        s, url_seed = self.ui.settings, self._url_seed()
        if seed is None and url_seed is not None:
            self.new_matches += 1
            seed = url_seed + self.new_matches
        return Match(s["rules"], s["players"], match_options(s), seed)

    def fail(self, error: Exception, label: str = "Belote table error") -> Effects:
        """An unexpected error: report it and keep going."""
        reason = str(error) or type(error).__name__
        self.say(lambda: t("error", reason=reason), "illegal")
        return [Report(label, error), Draw()]

    # --- storage ----------------------------------------------------------------------------
    def save(self) -> Effects:
        """Keep the game; a change made here takes it from any other tab (:meth:`claim_tab`).
        A tab whose game another one took writes nothing until its player takes it back."""
        if self.ui.passive:
            return []
        text = storage.encode(self.ui.settings, self.saved_match, self.ui.stats, self.reviews)
        return [] if text == self.last_saved else self.claim_tab() + [Save(text)]

    def saved(self, text: str) -> None:
        """The adapter wrote the save ``text``."""
        self.last_saved = text

    def refused(self, reason: str) -> None:
        """Storage refused a write (full, private mode, turned off): the game goes on, and says
        once that progress is not being saved."""
        if self.save_failed:
            return
        self.save_failed = True
        before = self.ui.notice if self.ui.notice_kind == "broken-save" else ""

        def off() -> str:
            said = text_of(before)
            return (said + " " if said else "") + t("save.off", reason=reason)

        self.notice(off, "save-failed")

    def stored(self, key: str | None, value: str | None) -> Effects:
        """Another tab wrote ``value`` under ``key``: if it plays this game now, stop here
        until the player takes it back."""
        if value is None or key not in (storage.KEY, storage.TAB_KEY) or self.ui.passive:
            return []
        if value in (self.last_saved, self.tab_id):
            return []
        self.ui.passive = True
        self.version += 1
        self.notice(lambda: t("tab.other"), "other-tab")
        return [Draw()]

    def take_over(self) -> Effects:
        """Play here again: claim the tab, then load what the other tab saved."""
        return self.claim_tab() + [Then(self._took_over)]

    def _took_over(self) -> Effects:
        effects: Effects = []
        raw = self.read(storage.KEY)
        loaded = storage.decode(raw)
        self.last_saved = raw
        if loaded.match is not None:
            self.leave_practice()
            self.match = loaded.match
            self.ui.settings, self.ui.stats = loaded.settings, loaded.stats
            self.reviews = loaded.reviews
            effects += self.apply_language()
            effects.append(self.display())
        self.ui.passive = False
        self._reset_ui()
        self.notice(lambda: t("tab.reloaded"), "reloaded")
        return effects + self.changed() + self.kick()

    # --- state changes ----------------------------------------------------------------------
    def notice(self, text: Text, kind: str) -> None:
        """A lasting banner; ``text`` a function of the language (it follows a switch)."""
        self.ui.notice, self.ui.notice_kind, self.ui.notice_folded = text, kind, False

    def say(self, text: Text, kind: str = "info") -> None:
        """An explanation until the next move; ``text`` a function of the language."""
        self.ui.message, self.ui.message_kind = text, kind

    def tell(self, text: Text, kind: str = "info") -> Effects:
        """:meth:`say`, drawn."""
        self.say(text, kind)
        return [Draw()]

    def changed(self) -> Effects:
        self.version += 1
        return self.save() + [Draw()]

    def took(self, events: list[MatchEvent]) -> Effects:
        """Effects of the events of one action; then save and draw."""
        ui, m = self.ui, self.match
        if events:  # a message (a refused card, a hint, "wait") was about the position before
            self.say("")
            ui.hint = None
            ui.bid_level = None
            if ui.overlay == "confirm-out":
                ui.overlay = None
        sounds = set()
        for e in events:
            if e["type"] == "card":
                sounds.add("card")
                if ui.shown_trick is not None:
                    ui.shown_trick, ui.gathering = None, False
            elif e["type"] == "trick":
                if self.instant() and "trick" not in self.holds:
                    sounds.add("trick")  # else when it flies to its winner (drive)
                else:
                    ui.shown_trick = {"cards": list(zip(e["seats"], e["cards"])),
                                      "winner": e["winner"]}
                    ui.gathering = False
            elif e["type"] == "belote":
                sounds.add("belote")
            elif e["type"] == "deal":
                ui.unticked = set()
                ui.shown_trick, ui.gathering = None, False
                ui.popped, self.dealt = set(), set()
                if ui.overlay == "hand":
                    ui.overlay = None
            elif e["type"] == "hand-scored" and self.practice is None and self.guide is None:
                record_hand(ui.stats, m.rules.name, m.players, **hand_facts(m, HUMAN))
            elif e["type"] == "match-over" and self.practice is None and self.guide is None:
                won = e["winner"] == m.rules.side(HUMAN)
                storage.record_result(ui.stats, m.rules.name, m.players, won, m.helped)
                if won:
                    sounds.add("win")
        held: Effects = []
        what = next((k for k in ("deal", "trick") if k in self.holds
                     and any(e["type"] == k for e in events)), None)
        if what is not None:  # ?hold: stop there (the bots' task waits, Held)
            self.holding = True
            held.append(Hold(what))
        return held + self.sound(next((s for s in SOUNDS if s in sounds), None)) + self.changed()

    def _abandon(self) -> None:
        """Another match replaces the one on the table, which stays one click away (until the
        first move) if it was under way."""
        v = self.match.view(HUMAN)
        in_progress = v["phase"] != "match-over" and (v["hand_number"] > 1 or bool(v["auction"]))
        self.abandoned = self.match if in_progress else None

    def new_game(self) -> Effects:
        if self.ui.passive:  # a move: this tab takes the game (as it was left) first
            return self.take_over() + [Then(self.new_game)]
        self.leave_practice()
        self._abandon()
        self.match = self._new_match()
        self._reset_ui()
        if self.ui.notice_kind != "other-tab":
            self.notice((lambda: t("new.undo.note")) if self.abandoned else "",
                        "new-game" if self.abandoned else "")
        return self.changed() + self.kick()

    def resume_imported(self, match: Match) -> Effects:
        """An imported match replaces the current one (which stays one click away, as after
        "New game", until the first move). The settings stay: they say what "New game" deals
        next."""
        self.leave_practice()
        self._abandon()
        self.match = match
        self._reset_ui()
        if self.abandoned is not None:
            self.notice(lambda: t("import.resumed.undo"), "new-game")
        else:
            self.notice(lambda: t("import.resumed"), "imported")
        self.keyboard = True   # give focus to the table (the dialog that had it is gone)
        return self.changed() + self.kick()

    def undo_new_game(self) -> Effects:
        if self.abandoned is None or self.ui.passive:
            return []
        self.leave_practice()
        self.match, self.abandoned = self.abandoned, None
        self._reset_ui()
        self.notice("", "")
        return self.changed() + self.kick()

    def forget_abandoned(self) -> None:
        if self.abandoned is not None:
            self.abandoned = None
            if self.ui.notice_kind == "new-game":
                self.notice("", "")

    def _reset_ui(self) -> None:
        """Another match on the table: nothing of the last one's drawing carries over."""
        ui = self.ui
        ui.overlay, ui.hint, ui.unticked = None, None, set()
        ui.shown_trick, ui.gathering = None, False
        ui.popped, ui.deal_batch, ui.bid_level = set(), set(), None
        ui.verdict = ui.why = ""
        ui.why_open = False
        self.dealt, self.shown = set(), set()
        self.say("")

    # --- reviews and practice ---------------------------------------------------------------
    def store_review(self, key: str, packed: dict) -> Effects:
        """Keep a finished hand review in the save (web/review.py)."""
        self.reviews = review_model.remember(self.reviews, key, packed)
        return self.save()

    def touch_review(self, key: str) -> Effects:
        self.reviews = review_model.touch(self.reviews, key)
        return self.save()

    def start_practice(self, record: dict, phase: str, index: int,
                       number: int | None) -> Effects:
        """A one-hand game of ``record``'s deal from the human's choice ``phase`` ``index``
        (everything before it as it happened: belote.analysis.situation), the bots in the other
        seats. The match is set aside, untouched and still the one saved, until
        :meth:`end_practice`."""
        failed = self._put_deal(record, phase, index, number)
        if failed is not None:
            return failed
        players = self.match.rules.players

        def said() -> str:
            when = review_model.when_text(phase, index, players)
            if number is None:
                return t("practice.notice.imported", when=when)
            return t("practice.notice", n=number, when=when)

        self.notice(said, "practice")
        self.ui.practice = True
        self.keyboard = True  # the dialog that had the focus is gone: give it to the table
        return self.changed() + self.kick()

    def _put_deal(self, record: dict, phase: str, index: int,
                  number: int | None) -> Effects | None:
        """Set the match aside (unless a practice already did) and put ``record``'s deal on the
        table just before the human's choice ``phase`` ``index``; None when it is there, else
        the effects that say why it cannot be."""
        from belote.analysis import Moment, situation

        try:
            full = replay(record, complete=False)
            hand, _ = situation(full, Moment(phase, index, HUMAN, "", ()))
        except (RecordError, ValueError) as error:
            reason = str(error)
            return self.tell(lambda: t("practice.failed", reason=reason), "illegal")
        if hand.actor != HUMAN:
            return self.tell(lambda: t("practice.failed", reason=f"{phase} {index}"), "illegal")
        game = Match(full.rules, seed=0)
        game.hand = hand
        if self.practice is None:
            self.practice = {"match": self.match, "notice": (self.ui.notice,
                                                             self.ui.notice_kind)}
        self.practice.update(record=record, phase=phase, index=index, number=number,
                             puzzles=None)
        self.match = game
        self._reset_ui()
        self.ui.puzzles = None
        return None

    # --- "Learn from your mistakes" (web/puzzles.py) -------------------------------------------
    @property
    def puzzles(self) -> puzzle_model.Session | None:
        """The puzzles on the table, if any (a kind of practice: the match is set aside)."""
        return self.practice.get("puzzles") if self.practice is not None else None

    def start_puzzles(self, record: dict, decisions: list[dict], threshold: float,
                      number: int | None) -> Effects:
        """Step through the graded choices of a review of ``record`` (hand ``number``; None:
        imported) as puzzles, from the first."""
        session = puzzle_model.Session(record, number,
                                       puzzle_model.puzzles_of(decisions, threshold,
                                                               str(record.get("rules", ""))))
        if not session.puzzles:
            return self.tell(lambda: t("puzzle.none"))
        return self._show_puzzle(session)

    def _show_puzzle(self, session: puzzle_model.Session) -> Effects:
        """The table as it was at the session's puzzle, the human to choose."""
        p = session.puzzle
        failed = self._put_deal(session.record, p.phase, p.index, session.number)
        if failed is not None:
            return failed
        assert self.practice is not None
        self.practice["puzzles"] = self.ui.puzzles = session
        self.ui.practice = False
        players = self.match.rules.players
        at, total = session.at + 1, len(session.puzzles)

        def said() -> str:  # the task, until a pick's verdict follows the title instead
            when = review_model.when_text(p.phase, p.index, players)
            title = t("puzzle.title", i=at, n=total, when=when)
            if session.picks.get(at - 1):
                return title
            task = t("puzzle.task.bid" if p.phase == "auction" else "puzzle.task.card")
            return t("puzzle.notice", title=title, task=task)

        self.notice(said, "puzzle")
        last = session.last
        if last is not None:
            self.ui.verdict, self.ui.why = self._verdict(session, last)
        self.keyboard = True
        return self.changed()

    def puzzle_pick(self, action: str) -> Effects:
        """The human picks ``action`` in the puzzle shown: judged, never played."""
        session = self.puzzles
        if session is None:
            return []
        verdict, first = session.pick(action)
        if verdict is None:
            return self.tell(lambda: t("puzzle.other"), "illegal")
        if first:
            record_puzzle(self.ui.stats, session.rules, session.players, verdict.good)
        self.ui.verdict, self.ui.why = self._verdict(session, verdict)
        self.ui.notice_folded = False  # the verdict is said in the puzzle's notice
        self.version += 1
        return self.save() + [Draw()]

    def _verdict(self, session: puzzle_model.Session, verdict: puzzle_model.Verdict
                 ) -> tuple[Text, Text]:
        """The verdict on a pick in the shown puzzle, in words (in the language of then): as
        good as the best or not, the best choice, what the pick costs; and the review's reason
        for its grade, in the review's words (web/reasons.py), when it gives one."""
        p, rules = session.puzzle, session.rules
        said: Said = {"rules": rules, "turned": self.match.view(HUMAN)["turned"]}

        def word(w: str) -> str:
            return bid_text(w, said) if p.phase == "auction" else card_label(w)

        def text() -> str:
            if verdict.pick == verdict.best:
                return t("puzzle.best", pick=word(verdict.pick))
            if verdict.good:
                return t("puzzle.good", pick=word(verdict.pick), best=word(verdict.best))
            return t("puzzle.bad", pick=word(verdict.pick), best=word(verdict.best),
                     cost=review_model.points(verdict.cost, rules))

        return text, lambda: reason_text(p.reason, word)

    def puzzle_why(self) -> Effects:
        """Show or hide the review's reason under the verdict ("Why?")."""
        if self.puzzles is None or not text_of(self.ui.why):
            return []
        self.ui.why_open = not self.ui.why_open
        self.version += 1
        return [Draw()]

    def puzzle_step(self, step: int) -> Effects:
        session = self.puzzles
        if session is None or not session.go(step):
            return []
        return self._show_puzzle(session)

    def finish_puzzles(self) -> Effects:
        """Back to the match, saying how the puzzles went."""
        session = self.puzzles
        if session is None:
            return []
        solved, tried = session.score()
        self.leave_practice()
        self.notice(lambda: t("puzzle.done", solved=solved, tried=tried), "puzzles-done")
        self.keyboard = True
        return self.changed() + self.kick()

    def leave_practice(self) -> None:
        """Put the match a practice (or a guided hand) set aside back on the table (not
        drawn)."""
        self.leave_guide()
        p = self.practice
        if p is None:
            return
        self.practice = None
        self.match = p["match"]
        self.ui.practice = False
        self.ui.puzzles = None
        self._reset_ui()
        self.notice(*p["notice"])

    def end_practice(self) -> Effects:
        """Back to the match after a practice, as it was."""
        if self.practice is None:
            return []
        self.leave_practice()
        self.keyboard = True
        return self.changed() + self.kick()

    def practice_again(self) -> Effects:
        p = self.practice
        if p is None:
            return []
        return self.start_practice(p["record"], p["phase"], p["index"], p["number"])

    # --- the human --------------------------------------------------------------------------
    def human(self, action: str) -> Effects:
        m = self.match
        if self.ui.passive:
            return []
        if self.puzzles is not None:
            return self.puzzle_pick(action)
        if m.turn != HUMAN:
            return self.tell(lambda: t("turn.wait"), "illegal")
        why = m.why_illegal(action)
        if why:
            return self.tell(lambda: refusal_text(why), "illegal")
        if self.guide is not None:
            return self.guide_action(action)
        events: list[MatchEvent] = []
        self.ui.hint = None
        self.say("")
        try:
            if m.phase == "play" and not action.startswith("declare "):
                for a in m.legal_actions():
                    if a.startswith("declare ") and a not in self.ui.unticked:
                        events += m.apply(a)
            events += m.apply(action)
        except IllegalAction as error:  # the engine said it was legal: should not happen
            refused = error.refusal
            self.say(lambda: refusal_text(refused), "illegal")
        self.forget_abandoned()
        return self.took(events) + self.kick()

    def play_card(self, card: str) -> Effects:
        m = self.match
        if m.phase == "auction":
            return self.tell(lambda: t("turn.bid_first"), "illegal")
        if m.phase != "play" or m.turn != HUMAN:
            return self.tell(lambda: t("turn.wait"), "illegal")
        why = m.why_illegal(card)
        if why:
            return self.tell(lambda: t("card.refused", card=card_label(card),
                                       reason=refusal_text(why)), "illegal")
        return self.human(card)

    # --- taking back a move (belote/takeback.py) ---------------------------------------------
    def take_back_allowed(self) -> bool:
        """Moves may be taken back in a practice, a guided hand, and in matches when the
        setting says so (such a match is marked and counted apart); never in puzzles."""
        if self.ui.passive or self.puzzles is not None:
            return False
        return (self.practice is not None or self.guide is not None
                or bool(self.ui.settings.get("takeback")))

    def can_take_back(self) -> bool:
        if not self.take_back_allowed():
            return False
        if self.guide is not None:
            return not self.guide.finished and self._guide_decision() is not None
        return self.match.can_take_back(HUMAN)

    def _guide_decision(self) -> int | None:
        """The index of the guide's step whose action the player made last, if any."""
        run = self.guide
        if run is None:
            return None
        script = run.guide.script
        for i in range(run.at - 1, -1, -1):
            item = script[i]
            if isinstance(item, guides.Step) and item.expect:
                return i
        return None

    def take_back(self) -> Effects:
        """Take back the human's last card or bid: the hand as it was then, the bots' actions
        since undone (:meth:`belote.Match.take_back`)."""
        if self.ui.passive:
            return []
        if not self.take_back_allowed():
            return self.tell(lambda: t("takeback.off"), "illegal")
        if not self.can_take_back():
            why = Refusal(NOTHING_TO_TAKE_BACK)
            return self.tell(lambda: refusal_text(why), "illegal")
        effects: Effects = []
        if self.guide is not None:
            at = self._guide_decision()
            assert at is not None
            run = guides.GuideRun(self.guide.guide, at)
            self.guide, self.match = run, run.match
            self.progress.current = (run.rules, run.at)
            effects = self.store_progress()
        else:
            self.match.take_back(HUMAN)
        ui = self.ui
        ui.hint, ui.bid_level, ui.shown_trick, ui.gathering = None, None, None, False
        ui.unticked = set()
        if ui.overlay in ("confirm-out", "hand"):
            ui.overlay = None
        self.shown = set(self.match.view(HUMAN)["hand"])
        self.dealt |= self.shown  # the cards come back without being dealt again
        self.say(lambda: t("takeback.done"))
        self.forget_abandoned()
        self.keyboard = True
        return effects + self.changed() + self.kick()

    def next_hand(self) -> Effects:
        if (self.match.phase == "hand-over" and not self.ui.passive and self.practice is None
                and self.guide is None):
            self.ui.overlay = None
            self.say("")
            return self.took(self.match.apply("next")) + self.kick()
        return []

    def hint(self) -> Task:
        """Ask for the Expert's suggestion, and say it (unless something changed meanwhile).
        Never in a puzzle: the Expert's choice is its answer (the button is disabled there)."""
        m = self.match
        if m.turn != HUMAN or self.ui.passive:
            return
        if self.puzzles is not None:
            self.say(lambda: t("puzzle.no-hint"), "hint")
            yield [Draw()]
            return
        version = self.version
        action = yield Suggest(m.view(HUMAN))
        if version != self.version:
            return
        self.ui.hint = action
        view = m.view(HUMAN)
        if action is None:
            self.say(lambda: t("hint.none"), "hint")
        elif action == "out":
            self.say(lambda: t("hint.out"), "hint")
        elif action.startswith("declare "):
            kind = action.split()[1]
            self.say(lambda: t("hint.declare", kind=t("declare." + kind)), "hint")
        elif m.phase == "play":
            self.say(lambda: t("hint.play", card=card_label(action)), "hint")
        else:
            if " " in action:  # Coinche: show the hinted level's suits
                self.ui.bid_level = action.split()[0]
            self.say(lambda: t("hint.bid", bid=bid_text(action, view)), "hint")
        yield [Draw()]

    # --- bots -------------------------------------------------------------------------------
    def kick(self) -> Effects:
        """Start the bots' task unless it runs."""
        if self.driving:
            return []
        self.driving = True
        return [Run(self.drive())]

    def paced(self, seconds: float) -> float:
        """A pause of the table's pace (none with ?fast=1)."""
        return 0.0 if self.ui.fast else seconds * speed_factor(self.ui.settings)

    def forced_card(self) -> str | None:
        """With auto-play on, the human's only legal action when it is a card (not when a
        declaration or "I'm out" could be chosen too)."""
        m = self.match
        if (not self.ui.settings.get("autoplay") or self.ui.passive or m.phase != "play"
                or m.turn != HUMAN):
            return None
        legal = m.legal_actions()
        if len(legal) != 1 or legal[0] == "out" or legal[0].startswith("declare "):
            return None
        return legal[0]

    def drive(self) -> Task:
        """Play the bots' turns, and let a finished trick rest then fly to its winner."""
        try:
            yield from self._drive()
        except Exception as error:
            yield self.fail(error)
        finally:
            self.driving = False
            self.ui.busy = False

    def _drive(self) -> Task:
        while not self.ui.passive:
            ui, m, version = self.ui, self.match, self.version
            if self.holding:
                yield Held()
                self.holding = False
                continue
            if ui.shown_trick is not None:
                shown = ui.shown_trick
                yield Pause(self.paced(TRICK_PAUSE))
                if ui.shown_trick is not shown:
                    continue
                ui.gathering = True
                yield self.sound("trick") + [Draw()]
                yield Pause(self.paced(GATHER))
                if ui.shown_trick is shown:
                    ui.shown_trick, ui.gathering = None, False
                    yield [Draw()]
                continue
            if m.phase not in ("auction", "play"):
                break
            if self.guide is not None:  # the script plays the bots
                action = self.guide.bot_action()
                if action is None:
                    break
                if not action.startswith("declare "):
                    ui.busy = True
                    yield Pause(self.paced(BOT_PAUSE[m.phase]))
                    ui.busy = False
                if version != self.version or self.guide is None or self.ui.passive:
                    continue
                events = m.apply(action)
                self.guide.took()
                yield self.took(events) + self.store_progress()
                continue
            if self.watching and m.turn != HUMAN:  # the bots wait while another tab plays
                if (yield WhoPlays()):
                    yield Pause(1.0)
                    continue
                self.watching = False
            if m.turn == HUMAN:
                card = self.forced_card()
                if card is None:
                    break
                yield Pause(0 if self.ui.fast else autoplay_pause(ui.settings))
                if version != self.version or card != self.forced_card():
                    continue
                yield self.human(card)
                if version == self.version:  # refused: leave it to the player
                    break
                continue
            ui.busy = True
            # a bot's turn shows the same pause however long it thinks: the thinking
            # (in the worker, the page free meanwhile) is part of the pause
            seat = m.hand.actor
            action = yield Think(bot_level(ui.settings, seat), m.view(seat),
                                 self.paced(BOT_PAUSE[m.phase]))
            if version != self.version or self.ui.passive:
                continue
            yield self.took(m.apply(action))

    # --- the player's actions ---------------------------------------------------------------
    def _actions(self) -> dict[str, Action]:
        """The table's actions (web/dispatch.py): buttons, controls and keys."""
        actions: dict[str, Handler] = {
            "card": lambda e: self.play_card(e.data["card"]),
            "bid": lambda e: self.human(e.data["bid"]),
            "bid-level": self.choose_level,
            "new-game": plain(self.new_game),
            "settings-new-game": plain(self.settings_new_game),
            "next": plain(self.next_hand),
            "out": plain(self.ask_out),
            "out-confirm": plain(self.confirm_out),
            "hand-info": lambda e: self.toggle("hand"),
            "hint": lambda e: [Run(self.hint())],
            "take-back": plain(self.take_back),
            **{name: self.toggle_overlay for name in OVERLAYS},
            "close": plain(self.close),
            "dismiss": plain(self.dismiss),
            "take-over": plain(self.take_over),
            "undo-new-game": plain(self.undo_new_game),
            "practice-end": plain(self.end_practice),
            "practice-again": plain(self.practice_again),
            "puzzle-prev": lambda e: self.puzzle_step(-1),
            "puzzle-next": lambda e: self.puzzle_step(1),
            "puzzle-finish": plain(self.finish_puzzles),
            "puzzle-why": plain(self.puzzle_why),
            "guide-start": lambda e: self.start_guide(e.data.get("rules", "")),
            "guide-next": plain(self.guide_next),
            "guide-skip": plain(self.end_guide),
            "guide-done": plain(self.end_guide),
            "update": lambda e: self.save() + [ApplyUpdate()],
            "setting": self.change,
            "declare": self.tick,
            "focus-first": lambda e: self.focus_in_group(e, "first"),
            "focus-prev": lambda e: self.focus_in_group(e, "prev"),
            "focus-next": lambda e: self.focus_in_group(e, "next"),
            "focus-last": lambda e: self.focus_in_group(e, "last"),
        }
        enabled_only = {"bid", "bid-level"}
        return {name: Action(run, self.fail, enabled_only=name in enabled_only)
                for name, run in actions.items()}

    def _states(self) -> dict[str, Callable[[], bool]]:
        return {"overlay": lambda: bool(self.ui.overlay),
                "contract": lambda: self.match.view(HUMAN)["contract"] is not None,
                "notice": lambda: bool(text_of(self.ui.notice)) and not self.ui.notice_folded}

    def key_seen(self) -> None:
        self.keyboard = True

    def pointer(self) -> None:
        """The pointer was used: no focus is moved for it."""
        self.keyboard = False

    def choose_level(self, event: Event) -> Effects:
        """Coinche: the level whose suits the bidding box shows."""
        level = event.data.get("level")
        if not level:
            return []
        self.ui.bid_level = level
        return [Draw()]

    def ask_out(self) -> Effects:
        """"I'm out" asks first (web.render.out_confirm)."""
        if "out" not in self.match.legal_actions() or self.ui.passive:
            return []
        self.ui.overlay = "confirm-out"
        return [Draw(), Focus('[data-panel="confirm-out"] [data-action="close"].primary')]

    def confirm_out(self) -> Effects:
        self.ui.overlay = None
        return self.human("out")

    def toggle(self, overlay: str) -> Effects:
        ui = self.ui
        ui.overlay = None if ui.overlay == overlay else overlay
        return [Draw()]

    def toggle_overlay(self, event: Event) -> Effects:
        ui = self.ui
        name = event.data["action"]
        ui.overlay = None if ui.overlay == name else name
        effects: Effects = [Run(self.load_help())] if ui.overlay == "help" else []
        effects.append(Draw())
        if ui.overlay == "settings":  # a dialog: the focus goes into it
            effects.append(Focus("[data-panel=settings] [data-setting]"))
        return effects

    def settings_new_game(self) -> Effects:
        self.ui.overlay = None
        return self.new_game()

    def close(self) -> Effects:
        self.ui.overlay = None
        return [Draw()]

    def dismiss(self) -> Effects:
        """Close the notice; one whose state lasts (a practice, another tab playing) folds to
        its short label, keeping its button (where the focus then goes, for the keyboard)."""
        ui = self.ui
        if ui.passive or ui.notice_kind in NOTICE_FOLDS:
            ui.notice_folded = True
            effects: Effects = [Draw()]
            if self.keyboard:
                effects.append(Focus("[data-region=notice] button"))
            return effects
        effects = []
        if ui.notice_kind == "guide-offer":  # answered: not offered again
            self.progress.offered = True
            effects = self.store_progress()
        self.notice("", "")
        return effects + [Draw()]

    def tick(self, event: Event) -> Effects:
        """A declaration ticked (it is declared with the first card) or unticked."""
        declaration = event.data["declare"]
        if event.checked:
            self.ui.unticked.discard(declaration)
        else:
            self.ui.unticked.add(declaration)
        return [Draw()]

    def change(self, event: Event) -> Effects:
        """A setting changed: rules apply to the next game, the others now."""
        setting = event.data["setting"]
        value: Any = event.checked if event.checkbox else event.value
        if setting in CONTROLS:  # web/settings.py
            s = change_setting(self.ui.settings, setting, value)
        else:
            s = {**self.ui.settings, setting: value}
        self.ui.settings = storage.clean_settings(s)
        effects = self.apply_language() if setting == "language" else []
        if setting == "rules":
            effects += self.rules_chosen(self.ui.settings["rules"])
        effects.append(self.display())
        # the overlay drawn again even if unchanged: it shows the value kept (a bad number is
        # put back); auto-play may have just been turned on
        return effects + self.save() + [Draw(force=("overlay",))] + self.kick()

    @staticmethod
    def focus_in_group(event: Event, where: str) -> Effects:
        """Arrows, Home and End move the focus along the hand or the bidding box."""
        if event.group is None:
            return []
        index, count = event.group
        moved = {"first": 0, "last": count - 1, "prev": (index - 1) % count,
                 "next": (index + 1) % count}[where]
        return [FocusInGroup(moved)]

    def update_ready(self) -> Effects:
        """web/boot.js found a new version of the site, installed and waiting: offer it."""
        if self.ui.notice_kind == "update":
            return []
        self.notice(lambda: t("update.ready"), "update")
        return [Draw()]

    # --- drawing ----------------------------------------------------------------------------
    def reasons(self, view: View) -> dict:
        m = self.match
        if view["phase"] != "play":
            return {}
        if view["turn"] != HUMAN or self.ui.passive:
            return {c: t("turn.wait").rstrip(".").lower() for c in view["hand"]}
        legal = set(view["legal"])
        out = {}
        for c in view["hand"]:
            if c not in legal:
                why = m.why_illegal(c)
                out[c] = refusal_text(why) if why else t("puzzle.other").rstrip(".")
        return out

    def deal_in(self, view: View) -> None:
        """Which of the hand's cards are being dealt in now (web.render.hand animates them):
        those not shown before in this hand, until a card leaves the hand or the phase moves
        on (the hand is then drawn anew, and must not deal again)."""
        ui, cards = self.ui, set(view["hand"])
        new = cards - self.dealt
        if new:
            ui.deal_batch = set() if self.instant() else new
            self.deal_phase = view["phase"]
        elif self.shown - cards or view["phase"] != self.deal_phase:
            ui.deal_batch = set()
        self.dealt |= cards
        self.shown = cards

    def frame(self) -> Frame:
        """The table as it is now: the HTML of each region and ``<main>``'s attributes. (The
        trick cards and bubbles drawn are remembered: they do not pop in again.)"""
        view = self.match.view(HUMAN)
        ui = self.ui
        if ui.puzzles is not None:  # only the options the review valued may be picked
            choices = set(ui.puzzles.puzzle.choices)
            view["legal"] = [a for a in view["legal"] if a in choices]
        ui.reasons = self.reasons(view)
        ui.takeback = self.take_back_allowed()
        ui.can_take_back = ui.takeback and self.can_take_back()
        self.guide_frame(view)
        if ui.overlay == "sheet":  # who took each contract (the sheet names the taker)
            known = ui.takers if self.takers_of is self.match else {}
            ui.takers, self.takers_of = transfer.takers(self.match, known), self.match
        self.deal_in(view)
        html = regions(view, ui)
        shown = ui.shown_trick["cards"] if ui.shown_trick else view["trick"]
        ui.seen = {c for _, c in shown}
        ui.popped |= bubble_keys(view)
        attributes = {
            "data-turn": "" if view["turn"] is None else str(view["turn"]),
            "data-rules": view["rules"],
            "data-players": str(view["players"]),
            "data-passive": "true" if ui.passive else "false",
            "data-overlay": ui.overlay or "",
            "data-phase": view["phase"],
            # the page's grid follows these (web/style.css), never a :has() on regions that
            # change: WebKit does not re-apply such a rule when a notice comes or goes
            "data-notices": "shown" if html.get("notice") else "",
            "data-declaring": "true" if declarations_to_make(view, ui) else "",
        }
        run = self.guide  # (set every time: the adapter never removes an attribute)
        attributes["data-guide"] = run.rules if run else ""
        attributes["data-guide-point"] = ui.guide_point if run else ""
        attributes["data-guide-at"] = str(run.at) if run else ""
        return Frame(html, attributes)

    # --- the guided hands (web/guide.py) ----------------------------------------------------
    def _offers(self) -> bool:
        """Whether guides are offered unasked (not in the tests' ?fast=1 unless ?offer=1)."""
        return not self.ui.fast or self.params.get("offer") == "1"

    def store_progress(self) -> Effects:
        if self.ui.passive:
            return []
        if self.guide is not None:
            self.progress.current = (self.guide.rules, self.guide.at)
        return [Store(guides.KEY, self.progress.dump())]

    def offer_guide(self, rules: str) -> None:
        """The small offer of a guided hand (``rules``'s, or the first visit's ""), in the
        notices' bar: it never stops play."""
        self.ui.guide_offer = rules

        def said() -> str:
            if rules:
                return t("guide.offer.rules", rules=t("rules." + rules))
            return t("guide.offer")

        self.notice(said, "guide-offer")

    def rules_chosen(self, rules: str) -> Effects:
        """A rule set chosen in the settings: its guide is offered the first time."""
        p = self.progress
        if rules in p.seen:
            return []
        p.seen.add(rules)
        if rules in guides.GUIDES and rules not in p.done and self.guide is None \
                and self._offers():
            self.offer_guide(rules)
        return self.store_progress()

    def start_guide(self, rules: str = "") -> Effects:
        """Play ``rules``' guided hand (default: the rule set of the match on the table),
        setting the match aside until it ends or is skipped."""
        if self.ui.passive:
            return []
        if rules not in guides.GUIDES:
            rules = self.saved_match.rules.name
        if rules not in guides.GUIDES:
            rules = "bulgarian"
        self.leave_guide()
        self.ui.overlay = None
        effects = self._enter_guide(rules, 0)
        self.keyboard = True
        return effects + self.changed() + self.kick()

    def _enter_guide(self, rules: str, at: int) -> Effects:
        try:
            run = guides.GuideRun(guides.GUIDES[rules], at)
        except Exception:  # a step the script no longer has: start it again
            run = guides.GuideRun(guides.GUIDES[rules], 0)
        if self.practice is not None:
            self.leave_practice()
        self.guide_aside = (self.match, (self.ui.notice, self.ui.notice_kind))
        self.guide = run
        self.match = run.match
        self._reset_ui()
        self.progress.offered = True
        self.progress.current = (rules, run.at)
        self.notice(self.guide_said, "guide")
        return self.store_progress()

    def guide_said(self) -> str:
        """The notice's text: the step under way, or the next one while the bots play."""
        run = self.guide
        if run is None:
            return ""
        view = self.match.view(HUMAN)
        if run.finished:
            return t("guide.over")
        script = run.guide.script
        step = next((s for s in script[run.at:] if isinstance(s, guides.Step)), None)
        return guides.step_text(run.rules, step, view) if step is not None else ""

    def guide_frame(self, view: View) -> None:
        """What the guide shows on the table now: the part pointed at, the awaited action
        highlighted, the Next button, the score explained at the end."""
        ui, run = self.ui, self.guide
        ui.guide_next, ui.guide_over = False, None
        if run is None:
            ui.guide_point = ""
            return
        step = run.step()
        ui.guide_point = step.point if step is not None else ""
        if step is not None and step.expect:
            ui.hint = step.expect
        ui.guide_next = step is not None and not step.expect
        if run.finished:
            ui.guide_over = guides.score_lines(self.match, HUMAN)

    def guide_action(self, action: str) -> Effects:
        """The player's legal action in a guided hand: the one the step waits for goes on,
        another is explained (the hand follows its script)."""
        run = self.guide
        assert run is not None
        verdict = run.check(action)
        step, view = run.step(), self.match.view(HUMAN)
        if verdict == guides.NOT_NOW or step is None:
            return self.tell(lambda: t("guide.wait-next"), "hint")
        if verdict == guides.OFF_SCRIPT:
            return self.tell(lambda: guides.off_script_text(step, view), "hint")
        self.say("")
        events = run.apply_player(action)
        self.progress.current = (run.rules, run.at)
        return self.took(events) + self.store_progress() + self.kick()

    def guide_next(self) -> Effects:
        run = self.guide
        if run is None or not run.next():
            return []
        self.say("")
        self.progress.current = (run.rules, run.at)
        return self.store_progress() + self.changed() + self.kick()

    def leave_guide(self) -> None:
        """Put the match a guided hand set aside back on the table (not drawn)."""
        if self.guide is None or self.guide_aside is None:
            return
        match, notice = self.guide_aside
        self.guide, self.guide_aside = None, None
        self.match = match
        self._reset_ui()
        self.notice(*notice)
        if self.ui.notice_kind == "guide-offer":
            self.notice("", "")

    def end_guide(self) -> Effects:
        """Skip the guided hand, or close it once played: remembered as done."""
        run = self.guide
        if run is None:
            return []
        self.progress.done.add(run.rules)
        self.progress.current = None
        self.leave_guide()
        self.keyboard = True
        return self.store_progress() + self.changed() + self.kick()
