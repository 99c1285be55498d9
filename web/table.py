"""The table controller: the match, the human's input, the bots' turns, saving and the page.

One delegated listener per event type on ``<main>`` turns clicks, changes and keys into calls on
:class:`Table`. Every change of state goes through :meth:`Table.took` (events → effects), then
:meth:`Table.save` and :meth:`Table.render`. Bots play in :meth:`Table.drive`, an asyncio task
that sleeps between moves and asks :func:`web.ai.think`, so the page never blocks.
"""

from __future__ import annotations

import asyncio
import random
from html import escape

from pyscript import document, window

from belote import IllegalAction, Match, RecordError, replay
from belote.events import Event
from belote.view import View

from . import ai, storage
from . import review as review_model
from .events import listen, report
from .i18n import card_label, current_language, detect_language, set_language, t
from .i18n import refusal as refusal_text
from .render import Text, Ui, bid_text, bubble_keys, regions, text_of
from .review_panel import ReviewPanel
from .settings import BOT_SEATS, CONTROLS, autoplay_pause, chosen, match_options, speed_factor
from .settings import change as change_setting
from .settings import level as bot_level
from .sound import Sound
from .stats import hand_facts, record_hand

HUMAN = 0
BOT_PAUSE = {"auction": 0.6, "play": 0.55}
TRICK_PAUSE = 0.85
GATHER = 0.35
# Each theme's page colour (style.css --page), for the browser's bar; web/boot.js has the same.
THEME_COLOURS = {"dark": "#0b3a1f", "light": "#ebe5d4"}
# <main>'s attributes kept with the paint (keep_paint): web/boot.js puts them back.
PAINTED_ATTRIBUTES = ("data-turn", "data-rules", "data-players", "data-passive", "data-overlay",
                      "data-phase")
FOCUSABLE = ("data-card", "data-bid", "data-level", "data-action", "data-setting",
             "data-declare")


def _str(value) -> str | None:
    """A JS string as str; null and undefined (``jsnull``, ``None``) as None."""
    return value if isinstance(value, str) else None


def _attribute(el, name) -> str | None:
    try:
        return _str(el.getAttribute(name))
    except Exception:
        return None


def _browser_languages() -> list[str]:
    """``navigator.languages`` (then ``navigator.language``) as a list of str."""
    found = []
    try:
        found = [x for x in window.navigator.languages if isinstance(x, str)]
    except Exception:
        pass
    try:
        lang = _str(window.navigator.language)
    except Exception:
        lang = None
    return found + ([lang] if lang else [])


def _media(query: str) -> bool:
    """Whether a CSS media query matches (False when it cannot be asked)."""
    try:
        return bool(window.matchMedia(query).matches)
    except Exception:
        return False


def _present(el) -> bool:
    """Whether a DOM lookup found an element (not None, null or undefined)."""
    return el is not None and not isinstance(el, (str, int, float)) and bool(
        getattr(el, "nodeType", None))


class Table:
    def __init__(self, params: dict):
        self.params = params
        self.main = document.querySelector("main")
        self.ui = Ui(fast=params.get("fast") == "1")
        self._match: Match | None = None
        self.cache: dict[str, str] = {}
        self.elements: dict = {}
        self.version = 0        # bumped on every change of state; a sleeping bot re-checks it
        self.driving = False
        self.last_saved: str | None = None
        self.last_paint: str | None = None  # the paint kept for web/boot.js (keep_paint)
        self.save_failed = False
        self.proxies: list = []
        self.keyboard = False   # the last input came from the keyboard: keep focus on the table
        self.abandoned: Match | None = None  # the match a "New game" replaced, until undone
        self.help_cache: dict[tuple[str, str], str] = {}  # (language, rules) -> rules fragment
        self.tab_id = f"{random.getrandbits(48):012x}"
        self.dealt: set[str] = set()   # the hand's cards shown so far (web.render: deal_in)
        self.deal_phase = ""
        self.shown: set[str] = set()   # the hand's cards at the last drawing
        self.sound = Sound()
        self.reviews: dict[str, dict] = {}  # finished hand reviews, kept in the save
        # While a deal is practised (start_practice): the match it set aside, and what to
        # practise again; the practice is never saved.
        self.practice: dict | None = None
        self.review: ReviewPanel | None = None
        self.records = None  # web.records.Records, once main.py has made it

    @property
    def saved_match(self) -> Match:
        """The match the save holds: the one on the table, or the one a practice set aside."""
        return self.practice["match"] if self.practice is not None else self.match

    @property
    def match(self) -> Match:
        """The match on the table (there is one from :meth:`start` on)."""
        if self._match is None:
            raise RuntimeError("the table has not started")
        return self._match

    @match.setter
    def match(self, match: Match) -> None:
        self._match = match

    # --- start ------------------------------------------------------------------------------
    def start(self) -> None:
        for el in document.querySelectorAll("[data-region]"):
            self.elements[el.getAttribute("data-region")] = el
        if self.ui.fast:
            document.documentElement.classList.add("fast")
        self.claim_tab()
        raw = self._read(storage.KEY)
        loaded = storage.decode(raw)
        self.ui.settings, self.ui.stats = loaded.settings, loaded.stats
        self.reviews = loaded.reviews
        self.apply_language()
        if loaded.set_aside:
            self.set_aside(raw)
            self.notice(lambda: storage.problem_text(loaded), "broken-save")
        self._apply_url_settings()
        if self.ui.fast and not chosen(raw, "sound"):  # ?fast=1 (tests): silent by default
            self.ui.settings = {**self.ui.settings, "sound": False}
        self.apply_display()
        match = loaded.match
        if match is not None and not self._url_wants_other(match):
            self.match = match
        else:
            self.match = self._new_match(self._url_seed())
        self.bind()
        self.review = ReviewPanel(self)
        self.changed()
        self.kick()
        if not self.ui.fast and self.params.get("worker") != "0":
            asyncio.create_task(self.start_worker())
        if getattr(window, "beloteUpdateReady", False) is True:  # found before Python was up
            self.on_update(None)

    async def start_worker(self) -> None:
        await ai.start_worker()
        # For the tests: ready | failed, and how its Python started (snapshot | plain | ...)
        boot = await ai.ask_worker("boot")
        if boot:
            self.main.setAttribute("data-worker-boot", boot)
        self.main.setAttribute("data-worker", ai.worker_state())

    def apply_display(self) -> None:
        """The theme (the chosen one, else the system's) and the speed, as attributes of
        <html> that style.css follows: ``data-theme`` light|dark, ``data-speed``; and the
        browser's bar in the theme's page colour (<meta name="theme-color">)."""
        s, root = self.ui.settings, document.documentElement
        theme = s.get("theme", "auto")
        if theme not in ("light", "dark"):
            theme = "dark" if _media("(prefers-color-scheme: dark)") else "light"
        root.setAttribute("data-theme", theme)
        meta = document.querySelector('meta[name="theme-color"]')
        if meta is not None:
            meta.setAttribute("content", THEME_COLOURS[theme])
        root.setAttribute("data-theme-choice", s.get("theme", "auto"))
        root.setAttribute("data-speed", s.get("speed", "normal"))

    def instant(self) -> bool:
        """No pause and no animation: ?fast=1, or the "instant" speed."""
        return self.ui.fast or speed_factor(self.ui.settings) == 0

    def play_sound(self, name: str | None) -> None:
        if name and self.ui.settings.get("sound") and not self.ui.passive:
            if self.sound.play(name):
                self.main.setAttribute("data-sounds", str(self.sound.played))

    def apply_language(self) -> None:
        """Speak the player's language (settings), else the browser's; relabel the page's
        fixed parts (the regions redraw themselves)."""
        set_language(self.ui.settings.get("language") or detect_language(_browser_languages()))
        document.documentElement.setAttribute("lang", current_language())
        document.title = t("app.title")
        for selector, key in (("[data-region=score]", "region.score"), (".felt", "region.felt"),
                              (".me", "region.me")):
            el = document.querySelector(selector)
            if _present(el):
                el.setAttribute("aria-label", t(key))
        if self.ui.overlay == "help":
            asyncio.ensure_future(self.load_help())
        if self.review is not None:
            self.review.relabel()

    async def load_help(self) -> None:
        """Fetch the rules of the match's rule set in the current language for the panel."""
        ui, key = self.ui, (current_language(), self.match.rules.name)
        if ui.help is not None and ui.help[:2] == key:
            return
        html = self.help_cache.get(key)
        if html is None:
            try:
                response = await window.fetch(f"./web/help/{key[0]}/{key[1]}.html")
                if not response.ok:
                    raise OSError(f"HTTP {response.status}")
                html = str(await response.text())
                self.help_cache[key] = html
            except Exception as error:
                html = (f'<p class="help-failed">'
                        f'{escape(t("help.failed", reason=str(error)))}</p>')
        if key == (current_language(), self.match.rules.name):
            ui.help = (*key, html)
            self.render()

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

    def _url_seed(self):
        seed = self.params.get("seed", "")
        return int(seed) if seed.lstrip("-").isdigit() else None

    def _url_wants_other(self, match: Match) -> bool:
        """With ?rules=…&players=…&seed=… the saved match is resumed only if it is that one."""
        p, s = self.params, self.ui.settings
        if p.get("rules") and (match.rules.name, match.players) != (s["rules"], s["players"]):
            return True
        seed = self._url_seed()
        return seed is not None and match.seed != seed

    def _new_match(self, seed=None) -> Match:
        s = self.ui.settings
        return Match(s["rules"], s["players"], match_options(s), seed)

    def bind(self) -> None:
        for target, kind, handler in (
                (self.main, "click", self.on_click), (self.main, "change", self.on_change),
                (document, "keydown", self.on_key), (window, "storage", self.on_storage),
                (window, "pointerdown", self.on_pointer),
                (window, "belote:update", self.on_update)):
            listen(target, kind, handler, self.fail, self.proxies)
        try:  # follow the system's light or dark while the theme is "auto"
            query = window.matchMedia("(prefers-color-scheme: dark)")
            listen(query, "change", lambda event: self.apply_display(), self.fail, self.proxies)
        except Exception:
            pass

    def fail(self, error: Exception) -> None:
        """An unexpected error: report it (console.error, so tests notice) and keep going."""
        report("Belote table error", error)
        reason = str(error) or type(error).__name__
        self.say(lambda: t("error", reason=reason), "illegal")
        try:
            self.render()
        except Exception:
            pass

    # --- storage --------------------------------------------------------------------------
    def _read(self, key: str):
        try:
            return _str(window.localStorage.getItem(key))
        except Exception:
            return None

    def _write(self, key: str, text) -> bool:
        """Store ``text``; when storage is full, a set-aside save makes room for the game's.
        (The paint, keep_paint, gives way before it.) When storage refuses (full, private mode,
        turned off) the game goes on, and says once that progress is not being saved."""
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
        if not self.save_failed:
            self.save_failed = True
            reason = str(failure).split(":", 1)[0].strip()[:60] or type(failure).__name__
            before = self.ui.notice if self.ui.notice_kind == "broken-save" else ""

            def off() -> str:
                said = text_of(before)
                return (said + " " if said else "") + t("save.off", reason=reason)

            self.notice(off, "save-failed")
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

    def save(self) -> None:
        text = storage.encode(self.ui.settings, self.saved_match, self.ui.stats, self.reviews)
        if text != self.last_saved and self._write(storage.KEY, text):
            self.last_saved = text

    def claim_tab(self) -> None:
        """Say that this tab plays now: any other tab open on the game stops (on_storage)."""
        self._write(storage.TAB_KEY, self.tab_id)

    def on_storage(self, event) -> None:
        key, value = _str(event.key), _str(event.newValue)
        if value is None or key not in (storage.KEY, storage.TAB_KEY) or self.ui.passive:
            return
        if value in (self.last_saved, self.tab_id):
            return
        # Another tab plays this game now: stop here until the player takes it back.
        self.ui.passive = True
        self.version += 1
        self.notice(lambda: t("tab.other"), "other-tab")
        self.render()

    def take_over(self) -> None:
        self.claim_tab()
        loaded = storage.decode(self._read(storage.KEY))
        if loaded.match is not None:
            self.leave_practice()
            self.match = loaded.match
            self.ui.settings, self.ui.stats = loaded.settings, loaded.stats
            self.reviews = loaded.reviews
            self.apply_language()
            self.apply_display()
        self.ui.passive = False
        self._reset_ui()
        self.notice(lambda: t("tab.reloaded"), "reloaded")
        self.changed()
        self.kick()

    # --- state changes --------------------------------------------------------------------
    def notice(self, text: Text, kind: str) -> None:
        """A lasting banner; ``text`` a function of the language (it follows a switch)."""
        self.ui.notice, self.ui.notice_kind = text, kind

    def say(self, text: Text, kind: str = "info") -> None:
        """An explanation until the next move; ``text`` a function of the language."""
        self.ui.message, self.ui.message_kind = text, kind

    def changed(self) -> None:
        self.version += 1
        self.save()
        self.render()

    def took(self, events: list[Event]) -> None:
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
                if self.instant():
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
            elif e["type"] == "hand-scored" and self.practice is None:
                record_hand(ui.stats, m.rules.name, m.players, **hand_facts(m, HUMAN))
            elif e["type"] == "match-over" and self.practice is None:
                won = e["winner"] == m.rules.side(HUMAN)
                storage.record_result(ui.stats, m.rules.name, m.players, won)
                if won:
                    sounds.add("win")
        self.play_sound(next((s for s in ("win", "belote", "trick", "card") if s in sounds),
                             None))
        self.changed()

    def new_game(self) -> None:
        self.leave_practice()
        old = self.match
        v = old.view(HUMAN)
        in_progress = v["phase"] != "match-over" and (v["hand_number"] > 1 or bool(v["auction"]))
        self.abandoned = old if in_progress else None
        self.match = self._new_match()
        self._reset_ui()
        if self.ui.notice_kind != "other-tab":
            self.notice((lambda: t("new.undo.note")) if self.abandoned else "",
                        "new-game" if self.abandoned else "")
        self.changed()
        self.kick()

    def undo_new_game(self) -> None:
        if self.abandoned is None or self.ui.passive:
            return
        self.leave_practice()
        self.match, self.abandoned = self.abandoned, None
        self._reset_ui()
        self.notice("", "")
        self.changed()
        self.kick()

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
        self.dealt, self.shown = set(), set()
        self.say("")

    # --- reviews and practice ---------------------------------------------------------------
    def store_review(self, key: str, packed: dict) -> None:
        """Keep a finished hand review in the save (web/review.py)."""
        self.reviews = review_model.remember(self.reviews, key, packed)
        self.save()

    def touch_review(self, key: str) -> None:
        self.reviews = review_model.touch(self.reviews, key)
        self.save()

    def start_practice(self, record: dict, phase: str, index: int, number: int | None) -> None:
        """A one-hand game of ``record``'s deal from the human's choice ``phase`` ``index``
        (everything before it as it happened: belote.analysis.situation), the bots in the other
        seats. The match is set aside, untouched and still the one saved, until
        :meth:`end_practice`."""
        from belote.analysis import Moment, situation

        try:
            full = replay(record, complete=False)
            hand, _ = situation(full, Moment(phase, index, HUMAN, "", ()))
        except (RecordError, ValueError) as error:
            reason = str(error)
            self.say(lambda: t("practice.failed", reason=reason), "illegal")
            self.render()
            return
        if hand.actor != HUMAN:
            self.say(lambda: t("practice.failed", reason=f"{phase} {index}"), "illegal")
            self.render()
            return
        game = Match(full.rules, seed=0)
        game.hand = hand
        if self.practice is None:
            self.practice = {"match": self.match, "notice": (self.ui.notice,
                                                             self.ui.notice_kind)}
        self.practice.update(record=record, phase=phase, index=index, number=number)
        self.match = game
        self._reset_ui()
        players = full.rules.players

        def said() -> str:
            when = review_model.when_text(phase, index, players)
            if number is None:
                return t("practice.notice.imported", when=when)
            return t("practice.notice", n=number, when=when)

        self.notice(said, "practice")
        self.ui.practice = True
        self.keyboard = True  # the dialog that had the focus is gone: give it to the table
        self.changed()
        self.kick()

    def leave_practice(self) -> None:
        """Put the match a practice set aside back on the table (not drawn)."""
        p = self.practice
        if p is None:
            return
        self.practice = None
        self.match = p["match"]
        self.ui.practice = False
        self._reset_ui()
        self.ui.notice, self.ui.notice_kind = p["notice"]

    def end_practice(self) -> None:
        """Back to the match after a practice, as it was."""
        if self.practice is None:
            return
        self.leave_practice()
        self.keyboard = True
        self.changed()
        self.kick()

    # --- the human --------------------------------------------------------------------------
    def human(self, action: str) -> None:
        m = self.match
        if self.ui.passive:
            return
        if m.turn != HUMAN:
            self.say(lambda: t("turn.wait"), "illegal")
            self.render()
            return
        why = m.why_illegal(action)
        if why:
            self.say(lambda: refusal_text(why), "illegal")
            self.render()
            return
        events = []
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
        self.took(events)
        self.kick()

    def play_card(self, card: str) -> None:
        m = self.match
        if m.phase == "auction":
            self.say(lambda: t("turn.bid_first"), "illegal")
            self.render()
            return
        if m.phase != "play" or m.turn != HUMAN:
            self.say(lambda: t("turn.wait"), "illegal")
            self.render()
            return
        why = m.why_illegal(card)
        if why:
            self.say(lambda: t("card.refused", card=card_label(card), reason=refusal_text(why)),
                     "illegal")
            self.render()
            return
        self.human(card)

    def next_hand(self) -> None:
        if self.match.phase == "hand-over" and not self.ui.passive and self.practice is None:
            self.ui.overlay = None
            self.say("")
            self.took(self.match.apply("next"))
            self.kick()

    async def show_hint(self) -> None:
        m = self.match
        if m.turn != HUMAN or self.ui.passive:
            return
        version = self.version
        action = await ai.suggest(m.view(HUMAN))
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
        self.render()

    # --- bots -----------------------------------------------------------------------------
    def kick(self) -> None:
        if not self.driving:
            self.driving = True
            asyncio.ensure_future(self.drive())

    def paced(self, seconds: float) -> float:
        """A pause of the table's pace (none with ?fast=1)."""
        return 0.0 if self.ui.fast else seconds * speed_factor(self.ui.settings)

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(self.paced(seconds))

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

    async def drive(self) -> None:
        """Play the bots' turns, and let a finished trick rest then fly to its winner."""
        try:
            while not self.ui.passive:
                ui, m, version = self.ui, self.match, self.version
                if ui.shown_trick is not None:
                    shown = ui.shown_trick
                    await self.sleep(TRICK_PAUSE)
                    if ui.shown_trick is not shown:
                        continue
                    ui.gathering = True
                    self.play_sound("trick")
                    self.render()
                    await self.sleep(GATHER)
                    if ui.shown_trick is shown:
                        ui.shown_trick, ui.gathering = None, False
                        self.render()
                    continue
                if m.phase not in ("auction", "play"):
                    break
                if m.turn == HUMAN:
                    card = self.forced_card()
                    if card is None:
                        break
                    await asyncio.sleep(0 if self.ui.fast else autoplay_pause(ui.settings))
                    if version != self.version or card != self.forced_card():
                        continue
                    self.human(card)
                    if version == self.version:  # refused: leave it to the player
                        break
                    continue
                ui.busy = True
                # a bot's turn shows the same pause however long it thinks: the thinking
                # (in the worker, the page free meanwhile) is part of the pause
                loop = asyncio.get_event_loop()
                pause = self.paced(BOT_PAUSE[m.phase])
                started = loop.time()
                seat = m.hand.actor
                action = await ai.think(bot_level(ui.settings, seat), m.view(seat))
                await asyncio.sleep(max(0.0, pause - (loop.time() - started)))
                if version != self.version or self.ui.passive:
                    continue
                self.took(m.apply(action))
        except Exception as error:
            self.fail(error)
        finally:
            self.driving = False
            self.ui.busy = False

    # --- events ---------------------------------------------------------------------------
    def focus(self, selector: str) -> None:
        el = self.main.querySelector(selector)
        if _present(el):
            el.focus()

    def on_click(self, event) -> None:
        el = event.target.closest("[data-card],[data-bid],[data-action]")
        if not _present(el):
            return
        card, bid, action = (_attribute(el, "data-card"), _attribute(el, "data-bid"),
                             _attribute(el, "data-action"))
        if card:
            self.play_card(card)
        elif bid:
            if not el.disabled:
                self.human(bid)
        elif action == "bid-level":
            level = _attribute(el, "data-level")
            if level and not el.disabled:
                self.ui.bid_level = level
                self.render()
        elif action:
            self.command(action)

    def command(self, action: str) -> None:
        ui = self.ui
        if action == "new-game":
            self.new_game()
        elif action == "next":
            self.next_hand()
        elif action == "out":  # "I'm out" asks first (web.render.out_confirm)
            if "out" in self.match.legal_actions() and not ui.passive:
                ui.overlay = "confirm-out"
                self.render()
                self.focus('[data-panel="confirm-out"] [data-action="close"].primary')
        elif action == "out-confirm":
            ui.overlay = None
            self.human("out")
        elif action == "hand-info":
            ui.overlay = None if ui.overlay == "hand" else "hand"
            self.render()
        elif action == "hint":
            asyncio.ensure_future(self.show_hint())
        elif action in ("sheet", "last-trick", "stats", "help", "settings"):
            ui.overlay = None if ui.overlay == action else action
            if ui.overlay == "help":
                asyncio.ensure_future(self.load_help())
            self.render()
            if ui.overlay == "settings":  # a dialog: the focus goes into it
                self.focus("[data-panel=settings] [data-setting]")
        elif action == "settings-new-game":
            ui.overlay = None
            self.new_game()
        elif action == "close":
            ui.overlay = None
            self.render()
        elif action == "dismiss":
            if not ui.passive:
                self.notice("", "")
                self.render()
        elif action == "take-over":
            self.take_over()
        elif action == "undo-new-game":
            self.undo_new_game()
        elif action == "practice-end":
            self.end_practice()
        elif action == "practice-again":
            p = self.practice
            if p is not None:
                self.start_practice(p["record"], p["phase"], p["index"], p["number"])
        elif action == "update":  # web/boot.js: the new version takes over, the page reloads
            self.save()
            window.beloteApplyUpdate()

    def on_change(self, event) -> None:
        el = event.target
        setting, declaration = _attribute(el, "data-setting"), _attribute(el, "data-declare")
        if declaration:
            if el.checked:
                self.ui.unticked.discard(declaration)
            else:
                self.ui.unticked.add(declaration)
            self.render()
            return
        if not setting:
            return
        value = bool(el.checked) if _str(el.type) == "checkbox" else _str(el.value)
        if setting in CONTROLS:  # web/settings.py: rules apply to the next game, others now
            s = change_setting(self.ui.settings, setting, value)
        else:
            s = {**self.ui.settings, setting: value}
        self.ui.settings = storage.clean_settings(s)
        if setting == "language":
            self.apply_language()
        self.apply_display()
        self.cache.pop("overlay", None)  # show the value kept (a bad number is put back)
        self.save()
        self.render()
        self.kick()  # auto-play may have just been turned on

    def on_update(self, event) -> None:
        """web/boot.js found a new version of the site, installed and waiting: offer it."""
        if self.ui.notice_kind != "update":
            self.notice(lambda: t("update.ready"), "update")
            self.render()

    def on_pointer(self, event) -> None:
        self.keyboard = False

    def on_key(self, event) -> None:
        key = event.key
        self.keyboard = True
        if key == "Escape" and self.review is not None and self.review.is_open:
            self.review.close()
            return
        if key == "Escape" and self.ui.overlay:
            self.ui.overlay = None
            self.render()
            return
        if key in ("b", "B") and not event.ctrlKey and not event.metaKey and not event.altKey:
            target = event.target
            typing = _present(target) and target.tagName in ("INPUT", "SELECT", "TEXTAREA")
            if not typing and not self.main.hasAttribute("data-records") \
                    and self.match.view(HUMAN)["contract"] is not None:
                self.command("hand-info")  # the auction and the declarations (the marker)
                return
        if key not in ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"):
            return
        el = document.activeElement
        group = el.closest(".cards, .bidbox") if _present(el) else None
        if group is None or not _present(group) or el.tagName == "SELECT":
            return
        buttons = [b for b in group.querySelectorAll("button") if not b.disabled]
        if not buttons:
            return
        index = next((i for i, b in enumerate(buttons) if b == el), 0)
        if key == "Home":
            index = 0
        elif key == "End":
            index = len(buttons) - 1
        elif key in ("ArrowLeft", "ArrowUp"):
            index = (index - 1) % len(buttons)
        else:
            index = (index + 1) % len(buttons)
        buttons[index].focus()
        event.preventDefault()

    # --- drawing --------------------------------------------------------------------------
    def reasons(self, view: View) -> dict:
        m = self.match
        if view["phase"] != "play":
            return {}
        if view["turn"] != HUMAN or self.ui.passive:
            return {c: t("turn.wait").rstrip(".").lower() for c in view["hand"]}
        legal = set(view["legal"])
        return {c: refusal_text(m.why_illegal(c)) for c in view["hand"] if c not in legal}

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

    def render(self) -> None:
        view = self.match.view(HUMAN)
        ui = self.ui
        ui.reasons = self.reasons(view)
        self.deal_in(view)
        focus_key = self._focus_key()
        replaced = False
        for name, html in regions(view, ui).items():
            el = self.elements.get(name)
            if el is None or self.cache.get(name) == html:
                continue
            el.innerHTML = html
            self.cache[name] = html
            replaced = True
        shown = ui.shown_trick["cards"] if ui.shown_trick else view["trick"]
        ui.seen = {c for _, c in shown}
        ui.popped |= bubble_keys(view)
        main = self.main
        main.setAttribute("data-turn", "" if view["turn"] is None else str(view["turn"]))
        main.setAttribute("data-rules", view["rules"])
        main.setAttribute("data-players", str(view["players"]))
        main.setAttribute("data-passive", "true" if ui.passive else "false")
        main.setAttribute("data-overlay", ui.overlay or "")
        main.setAttribute("data-phase", view["phase"])
        if replaced:
            self._restore_focus(focus_key, view)
        self.keep_paint()

    def keep_paint(self) -> None:
        """Keep the table as drawn beside the save (web/storage.py encode_paint), for web/boot.js
        to show at once on the next visit. Never in the save's way: a paint that does not fit
        is dropped, and the save makes room by removing it (_write)."""
        main = self.main
        attributes = {name: _attribute(main, name) or "" for name in PAINTED_ATTRIBUTES}
        attributes["data-painted-phase"] = attributes.pop("data-phase")
        text = storage.encode_paint(self.cache, attributes, self.last_saved)
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

    def _focus_key(self):
        el = document.activeElement
        if not _present(el) or el == document.body:
            return None
        for name in FOCUSABLE:
            value = _attribute(el, name)
            if value is not None:
                return name, value
        return None

    def _restore_focus(self, key, view) -> None:
        active = document.activeElement
        if _present(active) and active != document.body and active.isConnected:
            return
        target = None
        if key is not None:
            target = self.main.querySelector(f'[{key[0]}="{key[1]}"]')
        if not _present(target):
            target = None
            for selector in ('[data-panel] .primary', '.bidbox button:not([disabled])',
                             '[data-card].playable'):
                found = self.main.querySelector(selector)
                if _present(found):
                    target = found
                    break
        if target is not None and (key is not None or self.keyboard):
            # Only move focus for someone who was using it (keyboard), never steal it otherwise.
            opts = window.Object.new()
            opts.preventScroll = True
            target.focus(opts)
