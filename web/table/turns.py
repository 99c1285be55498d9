"""The turns at the table: the player's card or bid, and the bots' turns in between.

The player's action goes to the engine (a refused one is explained), to the guided hand's
script, or to the puzzle's judge. What the engine answers (its events) becomes sounds, the
finished trick left on the table, the statistics and a save (:func:`took`).

The bots play while the table waits for nothing else (:func:`drive`): each step is one effect
whose answer comes back as a message with its token (web/app/messages.py) — a pause
(``After`` then ``Waited``), a bot's choice (``AskBot`` then ``BotChose``), another tab's answer,
the test's hold — so the page never blocks, and an answer to a position that changed meanwhile
is dropped (the model's ``version`` moved on).
"""

from __future__ import annotations

from belote import IllegalAction
from belote.events import Event as MatchEvent
from web.app.effects import After, AskBot, AskTabs, Effect, Effects, Hold
from web.app.messages import BotChose, HoldReleased, OtherTabs, Waited
from web.app.model import HUMAN, Model, ShownTrick, Waiting
from web.coach import accuracy, guide
from web.daily import run as daily
from web.i18n.phrase import CardName, Refused, phrase
from web.storage import save as storage
from web.storage.settings import autoplay_pause
from web.storage.settings import level as bot_level
from web.storage.stats import hand_facts, record_hand, record_puzzle
from web.table.changes import (
    changed,
    forget_abandoned,
    instant,
    paced,
    say,
    sound,
    store_progress,
)
from web.table.motion import new_hand
from web.table.words import action_name

BOT_PAUSE = {"auction": 0.6, "play": 0.55}
TRICK_PAUSE = 0.85
GATHER = 0.35
SOUNDS = ("win", "belote", "trick", "card")  # the one played when an action makes several


# --- the player's action -------------------------------------------------------------------------
def play_card(model: Model, card: str) -> Effects:
    m = model.match
    if m.phase == "auction":
        return refuse(model, phrase("turn.bid_first"))
    if m.phase != "play" or m.turn != HUMAN:
        return refuse(model, phrase("turn.wait"))
    why = m.why_illegal(card)
    if why:
        return refuse(model, phrase("card.refused", card=CardName(card), reason=Refused(why)))
    return act(model, card)


def act(model: Model, action: str) -> Effects:
    """The player's ``action`` (a bid, a card, a declaration, "out"): judged in a puzzle,
    checked against the guided hand's script, else played."""
    m, s = model.match, model.session
    if s.passive:
        return []
    if model.puzzles is not None:
        return puzzle_pick(model, action)
    if m.turn != HUMAN:
        return refuse(model, phrase("turn.wait"))
    why = m.why_illegal(action)
    if why:
        return refuse(model, Refused(why))
    if s.guided is not None:
        return guide_action(model, action)
    events: list[MatchEvent] = []
    s.hint = None
    say(model, None)
    try:
        if m.phase == "play" and not action.startswith("declare "):
            for a in m.legal_actions():
                if a.startswith("declare ") and a not in s.unticked:
                    events += m.apply(a)
        events += m.apply(action)
    except IllegalAction as error:  # the engine said it was legal: should not happen
        say(model, Refused(error.refusal), "illegal")
    forget_abandoned(model)
    return took(model, events) + kick(model)


def refuse(model: Model, said) -> Effects:
    say(model, said, "illegal")
    return []


def guide_action(model: Model, action: str) -> Effects:
    """The player's legal action in a guided hand: the one the step waits for goes on,
    another is explained (the hand follows its script)."""
    guided = model.session.guided
    assert guided is not None
    run = guided.run
    verdict = run.check(action)
    step = run.step()
    if verdict == guide.NOT_NOW or step is None:
        say(model, phrase("guide.wait-next"), "hint")
        return []
    if verdict == guide.OFF_SCRIPT:
        what = action_name(step.expect, model.match.view(HUMAN))
        say(model, phrase("guide.off-script", what=what), "hint")
        return []
    say(model, None)
    events = run.apply_player(action)
    model.saved.progress.current = (run.rules, run.at)
    return took(model, events) + store_progress(model) + kick(model)


def puzzle_pick(model: Model, action: str) -> Effects:
    """The player picks ``action`` in the puzzle shown: judged, never played."""
    practice = model.session.practice
    session = model.puzzles
    if practice is None or session is None:
        return []
    verdict, first = session.pick(action)
    if verdict is None:
        return refuse(model, phrase("puzzle.other"))
    if first:
        record_puzzle(model.saved.stats, session.rules, session.players, verdict.good)
    if model.session.notice is not None:
        model.session.notice.folded = False  # the verdict is said in the puzzle's notice
    practice.why_open = False  # a reason shown was about the last pick
    return changed(model)


# --- what an action did ----------------------------------------------------------------------
def took(model: Model, events: list[MatchEvent]) -> Effects:
    """The effects of the events of one action: sounds, the trick left on the table, the
    statistics; then the game is kept."""
    s, m = model.session, model.match
    counted = s.practice is None and s.guided is None and model.daily is None
    after: Effects = []
    if events:  # a message (a refused card, a hint, "wait") was about the position before
        say(model, None)
        s.hint = None
        s.bid_level = None
        if s.overlay == "confirm-out":
            s.overlay = None
    sounds = set()
    holds = model.flags.holds
    for e in events:
        if e["type"] == "card":
            sounds.add("card")
            s.shown_trick = None
        elif e["type"] == "trick":
            if instant(model) and "trick" not in holds:
                sounds.add("trick")  # else when it flies to its winner (drive)
            else:
                s.shown_trick = ShownTrick(tuple(zip(e["seats"], e["cards"])), e["winner"])
        elif e["type"] == "belote":
            sounds.add("belote")
        elif e["type"] == "deal":
            s.unticked = set()
            s.shown_trick = None
            new_hand(model)
            if s.overlay == "hand":
                s.overlay = None
        elif e["type"] == "hand-scored" and counted:
            record_hand(model.saved.stats, m.rules.name, m.players, **hand_facts(m, HUMAN))
        elif e["type"] == "hand-scored" and model.daily is not None:
            after += daily.hand_over(model)
        elif e["type"] == "match-over" and counted:
            won = e["winner"] == m.rules.side(HUMAN)
            storage.record_result(model.saved.stats, m.rules.name, m.players, won, m.helped)
            after += accuracy.record_match(model)
            if won:
                sounds.add("win")
        if e["type"] == "hand-scored" and (counted or model.daily is not None):
            after = accuracy.ask(model) + after
    what = next((k for k in ("deal", "trick") if k in holds
                 and any(e["type"] == k for e in events)), None)
    if what is not None:  # ?hold: stop there (the bots' turn waits, drive)
        s.holding = what
    return (sound(model, next((n for n in SOUNDS if n in sounds), None)) + changed(model)
            + after)


# --- the bots' turns -----------------------------------------------------------------------------
def kick(model: Model) -> Effects:
    """Go on with the table's turns, unless the table already waits for something."""
    return [] if model.session.waiting is not None else drive(model)


def wait(model: Model, step: str, action: str = "") -> int:
    """Wait for ``step`` (an answer with the token returned)."""
    token = model.token()
    model.session.waiting = Waiting(token, step, model.session.version, action)
    return token


def drive(model: Model) -> Effects:
    """The next step of the table's turns: a finished trick rests then flies to its winner,
    the guided hand's script or a bot plays, auto-play plays the only card; each a question
    whose answer goes on from here."""
    s, effects = model.session, list[Effect]()
    while not s.passive and s.waiting is None:
        m = model.match
        if s.holding:
            effects.append(Hold(wait(model, "hold"), s.holding))
            break
        if s.shown_trick is not None:
            effects.append(After(paced(model, TRICK_PAUSE), Waited(wait(model, "rest"))))
            break
        if m.phase not in ("auction", "play"):
            break
        guided = s.guided
        if guided is not None:  # the script plays the bots
            action = guided.run.bot_action()
            if action is None:
                break
            if action.startswith("declare "):
                events = m.apply(action)
                guided.run.took()
                effects += took(model, events) + store_progress(model)
                continue
            pause = paced(model, BOT_PAUSE[m.phase])
            effects.append(After(pause, Waited(wait(model, "script", action))))
            break
        if s.watching and m.turn != HUMAN:  # the bots wait while another tab plays
            effects.append(AskTabs(wait(model, "tabs")))
            break
        if m.turn == HUMAN:
            card = forced_card(model)
            if card is None:
                break
            pause = 0.0 if model.flags.fast else autoplay_pause(model.saved.settings)
            effects.append(After(pause, Waited(wait(model, "auto", card))))
            break
        # a bot's turn shows the same pause however long it thinks: the thinking (in the
        # worker, the page free meanwhile) is part of the pause
        seat = m.hand.actor
        token = wait(model, "bot")
        seed = daily.bot_seed(model, seat)  # a daily hand's: the day's Expert at that seat
        level = daily.LEVEL if seed else bot_level(model.saved.settings, seat)
        effects.append(AskBot(token, level, m.view(seat), paced(model, BOT_PAUSE[m.phase]),
                              seed))
        break
    return effects


def forced_card(model: Model) -> str | None:
    """With auto-play on, the player's only legal action when it is a card (not when a
    declaration or "I'm out" could be chosen too)."""
    m = model.match
    if (not model.saved.settings.get("autoplay") or model.session.passive
            or m.phase != "play" or m.turn != HUMAN):
        return None
    legal = m.legal_actions()
    if len(legal) != 1 or legal[0] == "out" or legal[0].startswith("declare "):
        return None
    return legal[0]


def _answered(model: Model, token: int) -> Waiting | None:
    """What the answer with ``token`` was waited for (None: no longer waited for)."""
    waiting = model.session.waiting
    if waiting is None or waiting.token != token:
        return None
    model.session.waiting = None
    return waiting


def waited(model: Model, msg: Waited) -> Effects:
    """A pause is over."""
    w = _answered(model, msg.token)
    if w is None:
        return []
    s = model.session
    if w.step == "rest":
        if s.shown_trick is None:
            return drive(model)
        s.shown_trick.gathering = True
        gather = After(paced(model, GATHER), Waited(wait(model, "gather")))
        return sound(model, "trick") + [gather]
    if w.step == "gather":
        s.shown_trick = None
        return drive(model)
    if w.step == "script":
        guided = s.guided
        if w.version != s.version or guided is None or s.passive:
            return drive(model)
        events = model.match.apply(w.action)
        guided.run.took()
        return took(model, events) + store_progress(model) + kick(model)
    if w.step == "auto":
        if w.version != s.version or w.action != forced_card(model):
            return drive(model)
        return act(model, w.action)  # refused: left to the player (the version stays)
    return drive(model)  # "again": ask the other tabs again


def bot_chose(model: Model, msg: BotChose) -> Effects:
    w = _answered(model, msg.token)
    if w is None:
        return []
    s = model.session
    if w.version != s.version or s.passive:
        return drive(model)
    return took(model, model.match.apply(msg.action)) + kick(model)


def other_tabs(model: Model, msg: OtherTabs) -> Effects:
    if _answered(model, msg.token) is None:
        return []
    if msg.here:  # another tab plays: ask again in a moment
        return [After(1.0, Waited(wait(model, "again")))]
    model.session.watching = False
    return drive(model)


def hold_released(model: Model, msg: HoldReleased) -> Effects:
    if _answered(model, msg.token) is None:
        return []
    model.session.holding = ""
    return drive(model)
