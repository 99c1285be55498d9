"""Practice from a review, and "Learn from your mistakes": a deal put back on the table.

"Practice from here" replays a reviewed hand's deal up to one of the player's choices and lets
them play on against the bots; the puzzles step through the review's graded choices, each a
position where the player picks again and is told how good the pick is (web/coach/puzzles.py),
never played. Either sets the saved match aside (``Session.practice``) until it ends; neither
is saved.
"""

from __future__ import annotations

from belote import Match, RecordError, replay
from web.app.effects import Effects
from web.app.messages import PuzzleStep
from web.app.model import HUMAN, Model, Practice
from web.coach import puzzles as puzzle_model
from web.coach.review import when_phrase
from web.i18n.phrase import Words, phrase
from web.table.changes import back_to_match, changed, notice, reset_table, say
from web.table.turns import kick


def start_practice(model: Model, record: dict, phase: str, index: int,
                   number: int | None) -> Effects:
    """A one-hand game of ``record``'s deal from the player's choice ``phase`` ``index``
    (everything before it as it happened: belote.analysis.situation), the bots in the other
    seats. The saved match is set aside, untouched, until :func:`end_practice`."""
    if not put_deal(model, record, phase, index, number):
        return []
    players = model.match.rules.players
    when = when_phrase(phase, index, players)
    if number is None:
        notice(model, phrase("practice.notice.imported", when=when), "practice")
    else:
        notice(model, phrase("practice.notice", n=number, when=when), "practice")
    model.session.keyboard = True  # the dialog that had the focus is gone: give it the table
    return changed(model) + kick(model)


def put_deal(model: Model, record: dict, phase: str, index: int, number: int | None,
             session: puzzle_model.Session | None = None) -> bool:
    """Put ``record``'s deal on the table just before the player's choice ``phase``
    ``index`` (the saved match set aside, unless a practice already did); False, said,
    when it cannot be."""
    from belote.analysis import Moment, situation  # only a practice needs the analysis

    try:
        full = replay(record, complete=False)
        hand, _ = situation(full, Moment(phase, index, HUMAN, "", ()))
    except (RecordError, ValueError) as error:
        say(model, phrase("practice.failed", reason=Words(str(error))), "illegal")
        return False
    if hand.actor != HUMAN:
        say(model, phrase("practice.failed", reason=Words(f"{phase} {index}")), "illegal")
        return False
    game = Match(full.rules, seed=0)
    game.hand = hand
    s = model.session
    if s.guided is not None:
        back_to_match(model)
    aside = s.practice.aside if s.practice is not None else s.notice
    s.practice = Practice(game, record, phase, index, number, aside, session)
    reset_table(model)
    return True


# --- the puzzles ---------------------------------------------------------------------------------
def start_puzzles(model: Model, record: dict, decisions: list[dict], threshold: float,
                  number: int | None) -> Effects:
    """Step through the graded choices of a review of ``record`` (hand ``number``; None:
    imported) as puzzles, from the first."""
    rules = str(record.get("rules", ""))
    session = puzzle_model.Session(record, number,
                                   puzzle_model.puzzles_of(decisions, threshold, rules))
    if not session.puzzles:
        say(model, phrase("puzzle.none"))
        return []
    return show_puzzle(model, session)


def show_puzzle(model: Model, session: puzzle_model.Session) -> Effects:
    """The table as it was at the session's puzzle, the player to choose."""
    p = session.puzzle
    if not put_deal(model, session.record, p.phase, p.index, session.number, session):
        return []
    notice(model, None, "puzzle")
    model.session.keyboard = True
    return changed(model)


def puzzle_step(model: Model, msg: PuzzleStep) -> Effects:
    session = model.puzzles
    if session is None or not session.go(msg.by):
        return []
    return show_puzzle(model, session)


def puzzle_why(model: Model) -> Effects:
    """Show or hide the review's reason under the verdict ("Why?")."""
    practice = model.session.practice
    if practice is None or practice.puzzles is None or practice.puzzles.last is None \
            or not isinstance(practice.puzzles.puzzle.reason, dict):
        return []
    practice.why_open = not practice.why_open
    model.session.version += 1
    return []


def finish_puzzles(model: Model) -> Effects:
    """Back to the match, saying how the puzzles went."""
    session = model.puzzles
    if session is None:
        return []
    solved, tried = session.score()
    back_to_match(model)
    notice(model, phrase("puzzle.done", solved=solved, tried=tried), "puzzles-done")
    model.session.keyboard = True
    return changed(model) + kick(model)


# --- the end of a practice -----------------------------------------------------------------------
def end_practice(model: Model) -> Effects:
    """Back to the match after a practice, as it was."""
    if model.session.practice is None:
        return []
    back_to_match(model)
    model.session.keyboard = True
    return changed(model) + kick(model)


def practice_again(model: Model) -> Effects:
    p = model.session.practice
    if p is None:
        return []
    return start_practice(model, p.record, p.phase, p.index, p.number)
