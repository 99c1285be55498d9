"""Everything that can happen to the table, as typed messages: the one input of
:func:`web.app.update.update`.

A message is a small frozen dataclass. The player's clicks, changes and keys become messages in
one place (web/browser/reader.py, shared by the adapter and the CPython test page); the page
itself sends the others (another tab wrote the save, the system's theme changed); and the
answers to what the table asked for (an effect, web/app/effects.py: a pause, a bot's choice, a
file's text) come back as messages too, carrying the ``token`` of the question so that an answer
to a question no longer asked is dropped.
"""

from __future__ import annotations

from dataclasses import dataclass


class Msg:
    """A message (the base of every one)."""


class ReviewMsg(Msg):
    """A message of the hand review: an error in it ends the review (web/coach/reviewing.py)."""


# --- the table: the player's controls -------------------------------------------------------
@dataclass(frozen=True)
class PlayCard(Msg):
    card: str


@dataclass(frozen=True)
class Bid(Msg):
    word: str                    # the auction word: "pass", "hearts", "90 spades", ...


@dataclass(frozen=True)
class ChooseLevel(Msg):
    """Coinche: the level whose four suits the bidding box shows."""

    level: str


@dataclass(frozen=True)
class ShowMeaning(Msg):
    """A bid said was tapped: show what it shows (web/table/meanings.py), or hide it when it
    was shown; ``key``: the bid as drawn (``data-meaning``), "" to hide any."""

    key: str


@dataclass(frozen=True)
class Tick(Msg):
    """A declaration ticked (made with the first card) or unticked."""

    declaration: str
    on: bool


@dataclass(frozen=True)
class AskOut(Msg):
    """"I'm out!": asks first."""


@dataclass(frozen=True)
class ConfirmOut(Msg):
    pass


@dataclass(frozen=True)
class NewGame(Msg):
    pass


@dataclass(frozen=True)
class SettingsNewGame(Msg):
    """"Start a new game now", in Settings."""


@dataclass(frozen=True)
class NextHand(Msg):
    pass


@dataclass(frozen=True)
class Hint(Msg):
    pass


@dataclass(frozen=True)
class TakeBack(Msg):
    pass


@dataclass(frozen=True)
class ChartMatch(Msg):
    """The totals chart: the match kept ``step`` away (-1 earlier, 1 later)."""

    step: int


@dataclass(frozen=True)
class Toggle(Msg):
    """Open or close a panel: sheet, last-trick, stats, help, settings, hand."""

    panel: str


@dataclass(frozen=True)
class Close(Msg):
    """Close the open panel."""


@dataclass(frozen=True)
class Dismiss(Msg):
    """Close the notice (one whose state lasts folds instead)."""


@dataclass(frozen=True)
class TakeOver(Msg):
    """"Play in this tab"."""


@dataclass(frozen=True)
class UndoNewGame(Msg):
    pass


@dataclass(frozen=True)
class ApplyUpdate(Msg):
    """"Reload" into the new version."""


@dataclass(frozen=True)
class Setting(Msg):
    """A control of the Settings panel (or the language menu) took ``value``."""

    name: str
    value: str | bool


@dataclass(frozen=True)
class FocusMove(Msg):
    """Arrows, Home and End along the hand or the bidding box: first, prev, next, last;
    ``group``: the focused button's place among the enabled ones, and their count."""

    where: str
    group: tuple[int, int]


@dataclass(frozen=True)
class Key(Msg):
    """A key pressed (web/app/keys.py finds what it does)."""

    key: str
    typing: bool = False         # in a text field, a select or a text area
    modified: bool = False       # with Ctrl, Alt or Meta
    within: str | None = None    # the region it was pressed in: "records", "review" or None
    group: tuple[int, int] | None = None  # the focused button's place in its hand or bidding
    #                                       box, and the count of their enabled buttons


# --- the coach: practice, puzzles, guided hands ---------------------------------------------
@dataclass(frozen=True)
class EndPractice(Msg):
    pass


@dataclass(frozen=True)
class PracticeAgain(Msg):
    pass


@dataclass(frozen=True)
class PuzzleStep(Msg):
    by: int                      # -1: the previous puzzle, 1: the next


@dataclass(frozen=True)
class FinishPuzzles(Msg):
    pass


@dataclass(frozen=True)
class PuzzleWhy(Msg):
    """Show or hide the reason under a puzzle's verdict."""


@dataclass(frozen=True)
class StartGuide(Msg):
    rules: str = ""              # "": the rule set of the match on the table


@dataclass(frozen=True)
class GuideNext(Msg):
    pass


@dataclass(frozen=True)
class EndGuide(Msg):
    """Skip the guided hand, or close it once played."""


# --- the daily deal (web/daily/) -------------------------------------------------------------
@dataclass(frozen=True)
class OpenDaily(Msg):
    """The daily deal's panel: today's deal, the streak, the past days (the page says the
    date first: effects.AskToday)."""


@dataclass(frozen=True)
class Today(Msg):
    """The UTC date now (``"2026-12-24"``), as the page's clock says; then ``then``."""

    date: str
    then: Msg | None = None


@dataclass(frozen=True)
class DailyPlay(Msg):
    """Play the deal of ``date`` (today's counts the first time; a past day's is practice),
    or go on with the try under way at it."""

    date: str


@dataclass(frozen=True)
class DailyBegin(Msg):
    """:class:`DailyPlay` once the page has said the date (:class:`Today`)."""

    date: str


@dataclass(frozen=True)
class DailyCompare(Msg):
    """Ask again for the Expert's line that could not be had."""


@dataclass(frozen=True)
class DailyNext(Msg):
    """The next hand of the daily deal."""


@dataclass(frozen=True)
class DailyEnd(Msg):
    """Back to the match (the try is kept: the panel goes on with it)."""


@dataclass(frozen=True)
class DailyShare(Msg):
    """Share the day's result (its text: belote.daily.share_text)."""


@dataclass(frozen=True)
class Shared(Msg):
    """How the share went: ``shared`` (the system's sheet), ``copied`` (the clipboard),
    ``failed``."""

    how: str


@dataclass(frozen=True)
class ExpertPlayed(Msg):
    """The Expert's line on hand ``number`` of ``date``'s deal: its hand record as JSON
    (None: it could not be had)."""

    token: int
    date: str
    number: int
    record: str | None


@dataclass(frozen=True)
class Accuracy(Msg):
    """The player's accuracy in the hand whose seed is ``key`` (None: no choice to make;
    ``failed``: it could not be had)."""

    key: str
    value: float | None
    failed: bool = False


# --- the hand review ----------------------------------------------------------------------------
@dataclass(frozen=True)
class ReviewHand(ReviewMsg):
    number: int                  # the hand's number on the score sheet


@dataclass(frozen=True)
class ReviewReplayed(ReviewMsg):
    """The review of the hand in the replay viewer."""


@dataclass(frozen=True)
class ReviewClose(ReviewMsg):
    pass


@dataclass(frozen=True)
class ReviewCancel(ReviewMsg):
    pass


@dataclass(frozen=True)
class ReviewContinue(ReviewMsg):
    pass


@dataclass(frozen=True)
class Practise(ReviewMsg):
    """"Practice from here" at the review's choice ``index``."""

    index: int


@dataclass(frozen=True)
class Puzzles(ReviewMsg):
    """"Learn from your mistakes"."""


# --- the page itself ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Pointer(Msg):
    """The pointer was used: no focus is moved for it."""


@dataclass(frozen=True)
class SystemTheme(Msg):
    dark: bool


@dataclass(frozen=True)
class UpdateReady(Msg):
    """web/boot.js found a new version of the site, installed and waiting."""


@dataclass(frozen=True)
class StorageChanged(Msg):
    """Another tab wrote ``value`` under ``key``."""

    key: str | None
    value: str | None


@dataclass(frozen=True)
class WriteRefused(Msg):
    """Storage refused to keep what was written under ``key`` (full, private mode...)."""

    key: str
    reason: str


@dataclass(frozen=True)
class SaveRead(Msg):
    """The save as read again (effects.ReadSave), then ``then``."""

    raw: str | None
    then: Msg | None = None


@dataclass(frozen=True)
class Failed(Msg):
    """Something went wrong outside update (a task of the page's): say it, keep going."""

    reason: str


# --- answers to the table's questions (web/app/effects.py) ------------------------------------
@dataclass(frozen=True)
class Waited(Msg):
    """A pause the table's turn asked for is over (effects.After; web/table/turns.py)."""

    token: int


@dataclass(frozen=True)
class BotChose(Msg):
    token: int
    action: str


@dataclass(frozen=True)
class HoldReleased(Msg):
    """?hold (tests): the test removed <main data-hold>."""

    token: int


@dataclass(frozen=True)
class OtherTabs(Msg):
    """Whether another open tab answered that it plays the game."""

    token: int
    here: bool


@dataclass(frozen=True)
class Hinted(Msg):
    """The Expert's suggestion (None: none) for the position of ``version``."""

    version: int
    action: str | None


@dataclass(frozen=True)
class HelpFetched(Msg):
    language: str
    rules: str
    html: str | None             # None: could not be had
    error: str = ""


@dataclass(frozen=True)
class WorkerState(ReviewMsg):
    """The bots' worker, as the review waits for it: ready, failed (or unavailable)."""

    review: int
    state: str


@dataclass(frozen=True)
class ReviewAnswer(ReviewMsg):
    """The worker's answer to a review's call (``method``): JSON text, or None."""

    review: int
    token: int
    method: str
    answer: str | None
    worker: str = "ready"        # the worker's state when it answered
