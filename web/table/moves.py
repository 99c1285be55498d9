"""The player's other commands at the table: panels, the notice, settings, a hint, taking
back a move, a new game and its undo, the next hand.

Each handler takes the model and its message (web/app/messages.py), changes the model, and
returns the effects for the page (web/app/effects.py); web/app/update.py routes the messages.
"""

from __future__ import annotations

from belote import Match
from belote.auction import split_bid
from belote.contract import level_word
from belote.refusal import NOTHING_TO_TAKE_BACK, Refusal
from web.app.effects import AskHint, Effects, FetchHelp, Focus, FocusInGroup, Reload
from web.app.messages import (
    ChooseLevel,
    FocusMove,
    HelpFetched,
    Hinted,
    Setting,
    ShowMeaning,
    SystemTheme,
    Tick,
    Toggle,
)
from web.app.model import HUMAN, Model
from web.coach import guide
from web.coach.guiding import rules_chosen
from web.i18n import detect_language
from web.i18n.phrase import CardName, Refused, Words, phrase
from web.storage import save as storage
from web.storage.settings import CONTROLS
from web.storage.settings import change as change_setting
from web.table.changes import (
    back_to_match,
    changed,
    forget_abandoned,
    new_match,
    notice,
    notice_kind,
    reset_table,
    save,
    say,
    store_progress,
)
from web.table.motion import still
from web.table.notice import NOTICE_FOLDS
from web.table.turns import act, kick, took
from web.table.words import BidName

# Why U did nothing: the setting named as Settings shows it.
TAKEBACK_OFF = phrase("takeback.off", setting=phrase("setting.takeback"))


# --- the bidding box, the declarations, "I'm out" ------------------------------------------------
def choose_level(model: Model, msg: ChooseLevel) -> Effects:
    """Coinche: the level whose suits the bidding box shows."""
    if msg.level:
        model.session.bid_level = msg.level
    return []


def show_meaning(model: Model, msg: ShowMeaning) -> Effects:
    """A bid said tapped: its meaning shown, or hidden when it was (web/table/meanings.py)."""
    s = model.session
    s.meaning = "" if msg.key == s.meaning else msg.key
    return []


def tick(model: Model, msg: Tick) -> Effects:
    """A declaration ticked (it is declared with the first card) or unticked."""
    if msg.on:
        model.session.unticked.discard(msg.declaration)
    else:
        model.session.unticked.add(msg.declaration)
    return []


def ask_out(model: Model) -> Effects:
    """"I'm out" asks first (web/table/panels.py out_confirm)."""
    if "out" not in model.match.legal_actions() or model.session.passive \
            or model.daily is not None:  # a daily hand starts at 0: never right there
        return []
    model.session.overlay = "confirm-out"
    return [Focus('[data-panel="confirm-out"] [data-action="close"].primary')]


def confirm_out(model: Model) -> Effects:
    model.session.overlay = None
    return act(model, "out")


def next_hand(model: Model) -> Effects:
    m, s = model.match, model.session
    if m.phase == "hand-over" and not s.passive and s.practice is None and s.guided is None \
            and model.daily is None:  # a daily hand is a match of its own (DailyNext)
        s.overlay = None
        say(model, None)
        return took(model, m.apply("next")) + kick(model)
    return []


# --- panels and the notice -----------------------------------------------------------------------
def toggle(model: Model, msg: Toggle) -> Effects:
    s = model.session
    s.overlay = None if s.overlay == msg.panel else msg.panel
    effects: Effects = []
    if s.overlay == "help":
        effects += fetch_help(model)
    if s.overlay == "settings":  # a dialog: the focus goes into it
        effects.append(Focus("[data-panel=settings] [data-setting]"))
    if s.overlay == "stats":  # the totals chart opens on the latest match
        s.chart_match = None
    return effects


def close(model: Model) -> Effects:
    model.session.overlay = None
    return []


def dismiss(model: Model) -> Effects:
    """Close the notice; one whose state lasts (a practice, another tab playing) folds to
    its short label, keeping its button (where the focus then goes, for the keyboard)."""
    s = model.session
    if s.notice is None:
        return []
    if s.passive or s.notice.kind in NOTICE_FOLDS:
        s.notice.folded = True
        return [Focus("[data-region=notice] button")] if s.keyboard else []
    effects: Effects = []
    if s.notice.kind == "guide-offer":  # answered: not offered again
        model.saved.progress.offered = True
        effects = store_progress(model)
    notice(model, None, "")
    return effects


def fetch_help(model: Model) -> Effects:
    """The rules of the match's rule set in the page's language, for the panel (fetched once
    for each language and rule set)."""
    key = (model.session.language, model.match.rules.name)
    return [] if isinstance(model.session.help.get(key), str) else [FetchHelp(*key)]


def help_fetched(model: Model, msg: HelpFetched) -> Effects:
    """The rules page (a failure is said in the panel, and fetched again next time)."""
    model.session.help[(msg.language, msg.rules)] = (
        msg.html if msg.html is not None
        else phrase("help.failed", reason=Words(msg.error)))
    return []


# --- settings ------------------------------------------------------------------------------------
def language_of(model: Model) -> str:
    """The player's language (settings), else the browser's."""
    return model.saved.settings.get("language") or detect_language(model.session.languages)


def setting(model: Model, msg: Setting) -> Effects:
    """A setting changed: rules apply to the next game, the others now."""
    kept = model.saved
    if msg.name in CONTROLS:  # web/storage/settings.py
        new = change_setting(kept.settings, msg.name, msg.value)
    else:
        new = {**kept.settings, msg.name: msg.value}
    speed = kept.settings.get("speed")
    kept.settings = storage.clean_settings(new)
    effects: Effects = []
    if msg.name == "language":
        model.session.language = language_of(model)
        if model.session.overlay == "help":
            effects += fetch_help(model)
    if kept.settings.get("speed") != speed:  # nothing animates again at another speed
        model.session.arrived = frozenset()
    if msg.name == "rules":
        effects += rules_chosen(model, kept.settings["rules"])
    message = model.session.message
    if msg.name == "takeback" and message is not None and message.said == TAKEBACK_OFF:
        say(model, None)  # no longer true
    return effects + save(model) + kick(model)


def system_theme(model: Model, msg: SystemTheme) -> Effects:
    """The system switched between light and dark (followed while the theme is "auto")."""
    model.session.dark = msg.dark
    return []


def focus_move(model: Model, msg: FocusMove) -> Effects:
    """Arrows, Home and End move the focus along the hand or the bidding box."""
    index, count = msg.group
    moved = {"first": 0, "last": count - 1, "prev": (index - 1) % count,
             "next": (index + 1) % count}[msg.where]
    return [FocusInGroup(moved)]


def update_ready(model: Model) -> Effects:
    """web/boot.js found a new version of the site, installed and waiting: offer it."""
    if notice_kind(model) != "update":
        notice(model, phrase("update.ready"), "update")
    return []


def apply_update(model: Model) -> Effects:
    return save(model) + [Reload()]


# --- a hint --------------------------------------------------------------------------------------
def hint(model: Model) -> Effects:
    """Ask for the Expert's suggestion. Never in a puzzle: the Expert's choice is its answer
    (the button is disabled there)."""
    m, s = model.match, model.session
    if m.turn != HUMAN or s.passive:
        return []
    if model.puzzles is not None:
        say(model, phrase("puzzle.no-hint"), "hint")
        return []
    if model.daily is not None:  # the Expert's hint would be the yardstick's own answer
        say(model, phrase("daily.no-hint"), "hint")
        return []
    return [AskHint(s.version, m.view(HUMAN))]


def hinted(model: Model, msg: Hinted) -> Effects:
    """The suggestion, said (unless the table changed meanwhile)."""
    m, s = model.match, model.session
    action = msg.action
    if msg.version != s.version:
        return []
    s.hint = action
    view = m.view(HUMAN)
    if action is None:
        say(model, phrase("hint.none"), "hint")
    elif action == "out":
        say(model, phrase("hint.out"), "hint")
    elif action.startswith("declare "):
        kind = action.split()[1]
        say(model, phrase("hint.declare", kind=phrase("declare." + kind)), "hint")
    elif m.phase == "play":
        say(model, phrase("hint.play", card=CardName(action)), "hint")
    else:
        level = split_bid(action)[0]
        if level:  # Coinche: show the hinted level's suits
            s.bid_level = level_word(level)
        say(model, phrase("hint.bid", bid=BidName(action, view["rules"], view["turned"])),
            "hint")
    return []


# --- taking back a move (belote/takeback.py) -----------------------------------------------------
def take_back_allowed(model: Model) -> bool:
    """Moves may be taken back in a practice, a guided hand, and in matches when the
    setting says so (such a match is marked and counted apart); never in puzzles nor in a
    daily hand."""
    s = model.session
    if s.passive or model.puzzles is not None or model.daily is not None:
        return False
    return (s.practice is not None or s.guided is not None
            or bool(model.saved.settings.get("takeback")))


def guide_decision(model: Model) -> int | None:
    """The index of the guide's step whose action the player made last, if any."""
    guided = model.session.guided
    if guided is None:
        return None
    script = guided.run.guide.script
    for i in range(guided.run.at - 1, -1, -1):
        item = script[i]
        if isinstance(item, guide.Step) and item.expect:
            return i
    return None


def can_take_back(model: Model) -> bool:
    if not take_back_allowed(model):
        return False
    guided = model.session.guided
    if guided is not None:
        return not guided.run.finished and guide_decision(model) is not None
    return model.match.can_take_back(HUMAN)


def take_back(model: Model) -> Effects:
    """Take back the player's last card or bid: the hand as it was then, the bots' actions
    since undone (:meth:`belote.Match.take_back`)."""
    s = model.session
    if s.passive:
        return []
    if not take_back_allowed(model):
        say(model, TAKEBACK_OFF, "illegal")
        return []
    if not can_take_back(model):
        say(model, Refused(Refusal(NOTHING_TO_TAKE_BACK)), "illegal")
        return []
    effects: Effects = []
    guided = s.guided
    if guided is not None:
        at = guide_decision(model)
        assert at is not None
        guided.run = guide.GuideRun(guided.run.guide, at)
        model.saved.progress.current = (guided.run.rules, guided.run.at)
        effects = store_progress(model)
    else:
        model.match.take_back(HUMAN)
    s.hint, s.bid_level, s.shown_trick = None, None, None
    s.unticked = set()
    if s.overlay in ("confirm-out", "hand"):
        s.overlay = None
    still(model)  # the cards come back without being dealt again
    say(model, phrase("takeback.done"))
    forget_abandoned(model)
    s.keyboard = True
    return effects + changed(model) + kick(model)


# --- another match -------------------------------------------------------------------------------
def abandon(model: Model) -> None:
    """Another match replaces the one saved, which stays one click away (until the first
    move) if it was under way."""
    v = model.saved.match.view(HUMAN)
    in_progress = v["phase"] != "match-over" and (v["hand_number"] > 1 or bool(v["auction"]))
    model.session.abandoned = model.saved.match if in_progress else None


def new_game(model: Model) -> Effects:
    s = model.session
    back_to_match(model)
    abandon(model)
    model.saved.match = new_match(model)
    reset_table(model)
    if notice_kind(model) != "other-tab":
        if s.abandoned is not None:
            notice(model, phrase("new.undo.note"), "new-game")
        else:
            notice(model, None, "")
    return changed(model) + kick(model)


def settings_new_game(model: Model) -> Effects:
    model.session.overlay = None
    return new_game(model)


def resume_imported(model: Model, match: Match) -> Effects:
    """An imported match replaces the saved one (which stays one click away, as after "New
    game", until the first move). The settings stay: they say what "New game" deals next."""
    back_to_match(model)
    abandon(model)
    model.saved.match = match
    reset_table(model)
    if model.session.abandoned is not None:
        notice(model, phrase("import.resumed.undo"), "new-game")
    else:
        notice(model, phrase("import.resumed"), "imported")
    model.session.keyboard = True  # give focus to the table (the dialog that had it is gone)
    return changed(model) + kick(model)


def undo_new_game(model: Model) -> Effects:
    s = model.session
    if s.abandoned is None or s.passive:
        return []
    back_to_match(model)
    model.saved.match, s.abandoned = s.abandoned, None
    reset_table(model)
    notice(model, None, "")
    return changed(model) + kick(model)


def fail(model: Model, reason: str) -> Effects:
    """An unexpected error: said on the table (the page reports it); the table goes on."""
    say(model, phrase("error", reason=Words(reason)), "illegal")
    return []
