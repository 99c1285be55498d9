"""The daily deal at the table: the update's handlers of its messages.

The panel (``Toggle("daily")``, opened once the page has said the date) offers today's deal,
the try under way, and the past days for practice. A try plays the day's hands one by one at
the player's seat, each a match of one hand with the day's fixed Experts at the other seats
(web/table/turns.py asks them by their seed); the saved match is set aside meanwhile, as a
practice sets it aside. When a hand is over the Expert's line on it is asked for
(web/daily/run.py), then compared. Only the day's first try, begun that day, counts
(belote/streak.py ``begin``); the rest is practice. No hint, no take-back, no "I'm out" in a
daily hand (web/table/moves.py).
"""

from __future__ import annotations

import json

from belote.daily import daily, day_result, share_text
from belote.streak import begin
from web.app.effects import AskToday, Effects, Share
from web.app.messages import DailyBegin, DailyPlay, ExpertPlayed, Shared, Toggle
from web.app.model import DailyRun, Model
from web.daily.run import compared, hand_over, store
from web.i18n import speaking, t
from web.i18n.phrase import Words, phrase
from web.table.changes import again, back_to_match, changed, claim_tab, notice, reset_table, say
from web.table.motion import still
from web.table.turns import kick


def open_panel(model: Model) -> Effects:
    """The daily deal's panel (closed again when open), once the page says the date."""
    if model.session.overlay == "daily":
        model.session.overlay = None
        return []
    return [AskToday(Toggle("daily"))]


def play(model: Model, msg: DailyPlay) -> Effects:
    """Play ``msg.date``'s deal: asked the date first (only today's first try counts)."""
    return [AskToday(DailyBegin(msg.date))]


def locked(model: Model, date: str) -> bool:
    """Whether a try that counts is under way at another day than ``date`` (it is finished
    first: a counted try is never dropped half-played)."""
    run = model.saved.daily
    return run is not None and run.counts and not run.finished and run.day.date != date


def start(model: Model, msg: DailyBegin) -> Effects:
    """Go on with the try under way at ``msg.date``, or begin one (counted when it is
    today's first)."""
    s, kept = model.session, model.saved
    if s.passive:
        return []
    if locked(model, msg.date):
        say(model, phrase("daily.finish-first"), "illegal")
        return []
    try:
        day = daily(msg.date)
    except ValueError as error:
        say(model, phrase("error", reason=Words(str(error))), "illegal")
        return []
    back_to_match(model)  # a guided hand or a practice gives way
    run = kept.daily
    # the notice of the match set aside (a try on the table already set it aside)
    aside = run.aside if run is not None and run.playing else s.notice
    if run is None or run.day.date != day.date or run.finished:
        kept.history, counts = begin(kept.history, day, s.today)
        run = kept.daily = DailyRun(day, 1, day.match(1), counts)
        reset_table(model)
    else:
        reset_table(model)
        still(model)  # the hand as it was left: nothing is dealt in again
    run.aside, run.playing = aside, True
    s.overlay = None
    hand_notice(model)
    # a move: the game is played here now (another tab's bots would wait on this one's)
    return claim_tab(model) + store(model) + changed(model) + kick(model) + resume(model)


def resume(model: Model) -> Effects:
    """A hand left over before its comparison: ask for the Expert's line again."""
    run = model.daily
    if run is None or run.match.phase not in ("hand-over", "match-over") \
            or len(run.rows) >= run.number or run.asking:
        return []
    return hand_over(model)


def hand_notice(model: Model) -> None:
    run = model.daily
    if run is None:
        return
    key = "daily.notice" if run.counts else "daily.notice.practice"
    notice(model, phrase(key, date=Words(run.day.date), rules=phrase("rules." + run.day.rules),
                         n=run.number, hands=run.day.hands), "daily")


def next_hand(model: Model) -> Effects:
    """The day's next hand, once this one is compared."""
    run = model.daily
    if run is None or model.session.passive or len(run.rows) < run.number \
            or run.number >= run.day.hands:
        return []
    run.number += 1
    run.match = run.day.match(run.number)
    reset_table(model)
    hand_notice(model)
    return store(model) + changed(model) + kick(model)


def end(model: Model) -> Effects:
    """Back to the match; the try is kept (the panel goes on with it)."""
    run = model.daily
    if run is None:
        return []
    s = model.session
    run.playing = False
    reset_table(model)
    still(model)
    s.notice = again(run.aside)
    run.aside = None
    return store(model) + changed(model) + kick(model)


def expert_played(model: Model, msg: ExpertPlayed) -> Effects:
    """The Expert's line on the hand: the comparison."""
    run = model.saved.daily
    if run is None or run.asking != msg.token:
        return []
    run.asking = 0
    try:
        record = json.loads(msg.record) if msg.record else None
    except ValueError:
        record = None
    if not isinstance(record, dict):
        say(model, phrase("daily.expert-failed"), "illegal")
        return []
    run.experts[msg.number] = record
    return compared(model)


def retry(model: Model) -> Effects:
    """Ask again for the Expert's line that could not be had."""
    return resume(model)


def share(model: Model) -> Effects:
    """The day's result as a short text (belote.daily.share_text) in the player's words."""
    run = model.saved.daily
    if run is None or not run.rows:
        return []
    model.session.shared = ""
    return [Share(share_line(model, run))]


def share_line(model: Model, run: DailyRun) -> str:
    with speaking(model.session.language):
        return share_text(day_result(run.day, run.rows), t("daily.share.heading"),
                          t("rules." + run.day.rules))


def shared(model: Model, msg: Shared) -> Effects:
    model.session.shared = msg.how
    return []
