"""The one model of the table: what the page knows, in three parts kept apart.

- :class:`Flags`: what the page was opened with (its query, this tab's name), fixed.
- :class:`Saved`: what localStorage keeps (``belote.v1``, ``belote.v1.guide``): the match, the
  settings, the statistics, the finished reviews, the guides' progress. It survives a reload.
- :class:`Session`: this page only: the language spoken, the panel open, what is said, what the
  table waits for, a practice or a guided hand on the table, the records region, the review...

Derived values (why a card may not be played, whether a move may be taken back, who took each
contract, the guide's pointer) are not kept: the view computes them (web/app/view.py). Only
:func:`web.app.update.update` changes a model.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from belote import Match
from belote.daily import Daily
from web.coach import guide, puzzles
from web.coach import review as reviews
from web.records.replay import Replay

HUMAN = 0
# The animated things on the table, by key (web/table/motion.py): a hand's card dealt in
# ("deal:JH"), a card put on the trick ("trick:JH"), a bubble popping in ("bubble:3:bid:2").
Keys = frozenset[str]


@dataclass(frozen=True)
class Flags:
    """The page's query (``?rules=french&fast=1``) and this tab's name for the other tabs."""

    params: Mapping[str, str]
    tab_id: str

    @property
    def fast(self) -> bool:
        """``?fast=1`` (the tests): no pause, no animation, no worker, no sound by default."""
        return self.params.get("fast") == "1"

    @property
    def holds(self) -> frozenset[str]:
        """``?hold=deal,trick`` (the layout sweep): the table stops there until let go."""
        return frozenset(self.params.get("hold", "").split(",")) - {""}

    @property
    def seed(self) -> int | None:
        seed = self.params.get("seed", "")
        return int(seed) if seed.lstrip("-").isdigit() else None

    @property
    def offers(self) -> bool:
        """Whether guides are offered unasked (not in the tests' ?fast=1 unless ?offer=1)."""
        return not self.fast or self.params.get("offer") == "1"

    @property
    def worker(self) -> bool:
        """Whether the bots' worker starts with the table (not with ?fast=1 nor ?worker=0;
        with ?fast=1&worker=1 it does: the tests of what the worker answers)."""
        return self.params.get("worker") == "1" or (
            not self.fast and self.params.get("worker") != "0")

    @property
    def review_worlds(self) -> int:
        """Deals per choice of a review: ``?review_worlds=N`` (1 to 1000), else the command
        line's."""
        text = self.params.get("review_worlds", "")
        return min(int(text), 1000) if text.isdigit() and int(text) > 0 else reviews.WORLDS


@dataclass
class Saved:
    """What the page keeps: the save (``belote.v1``) and the guides' progress."""

    match: Match                 # the match saved (a practice or a guided hand sets it aside)
    settings: dict
    stats: dict
    reviews: dict = field(default_factory=dict)  # finished hand reviews (web/coach/review.py)
    progress: guide.Progress = field(default_factory=guide.Progress)
    # the daily deal (``belote.v1.daily``, web/daily/run.py): the first tries by UTC date
    # (belote/streak.py), and the try under way
    history: dict = field(default_factory=dict)
    daily: DailyRun | None = None
    # the player's accuracy by hand seed (``belote.v1.accuracy``, web/coach/accuracy.py)
    accuracy: dict[str, float | None] = field(default_factory=dict)
    matches: list[dict] = field(default_factory=list)  # finished matches, for the charts


@dataclass
class Notice:
    """The lasting notice in its slim bar: its kind (``data-notice``), its words (a phrase, or
    None when the view says them from the state: a guide's step, a puzzle), folded once
    dismissed when its state lasts, and the rule set a guide offer is for."""

    kind: str
    said: Any = None
    folded: bool = False
    rules: str = ""


@dataclass
class Said:
    """The line under the felt: an explanation until the next move (a refusal, a hint)."""

    said: Any
    kind: str = "info"           # info | illegal | hint


@dataclass
class ShownTrick:
    """A finished trick still on the table, then flying to its winner."""

    cards: tuple[tuple[int, str], ...]
    winner: int
    gathering: bool = False


@dataclass
class Practice:
    """A deal practised from a review (or its puzzles), the saved match set aside."""

    match: Match
    record: dict
    phase: str
    index: int
    number: int | None           # the hand's number on the score sheet (None: imported)
    aside: Notice | None         # the notice it set aside
    puzzles: puzzles.Session | None = None
    why_open: bool = False       # a puzzle's reason shown ("Why?")


@dataclass
class DailyRun:
    """A try at a day's deal (web/daily/): its hands one by one, each a match of one hand with
    the day's fixed Experts at the other seats, then compared with the Expert's line. Kept
    (``belote.v1.daily``) until the next try replaces it; on the table while ``playing``."""

    day: Daily
    number: int                  # the hand on the table, from 1
    match: Match
    counts: bool                 # the day's first try, begun that day (else practice)
    rows: list[dict] = field(default_factory=list)  # the finished hands' comparisons
    experts: dict[int, dict] = field(default_factory=dict)  # the Expert's line, by hand
    playing: bool = False        # on the table (the saved match set aside)
    aside: Notice | None = None  # the notice it set aside
    asking: int = 0              # the token of the Expert's line asked for (0: none)

    @property
    def finished(self) -> bool:
        return len(self.rows) == self.day.hands


@dataclass
class Guided:
    """A guided hand on the table (web/coach/guide.py), the saved match set aside."""

    run: guide.GuideRun
    aside: Notice | None


@dataclass
class Waiting:
    """What the table's turn waits for (web/table/turns.py): its token (an answer with another
    is dropped), the step (``rest``, ``gather``, ``script``, ``auto``, ``bot``, ``tabs``,
    ``again``, ``hold``), the table's version when it was asked, and the word it will play."""

    token: int
    step: str
    version: int
    action: str = ""


@dataclass
class Records:
    """The records region: the import dialog or the replay viewer (web/records/dialogs.py)."""

    mode: str | None = None      # None | "import" | "replay"
    error: Any = None            # why the last import failed (a phrase)
    text: str = ""               # the pasted text
    pending: Match | None = None  # an imported match, until the player says yes or no
    replay: Replay | None = None
    step: int = 0
    playing: bool = False
    token: int = 0               # the autoplay's (a tick of another is dropped)
    opener: str | None = None    # where the focus goes back on closing


@dataclass
class Review:
    """The hand review's panel (web/coach/reviewing.py): the review and the worker's run."""

    state: reviews.State
    serial: int                  # this review's number (an answer for another is dropped)
    opener: str | None           # where the focus goes back on closing
    over_viewer: bool            # opened over the replay viewer
    token: int = 0               # the run's: Cancel or Close stop it asking
    worker_id: int | None = None  # the worker's id of this review, once started


@dataclass
class Session:
    """What this page knows beyond the save."""

    language: str = "en"
    languages: tuple[str, ...] = ()  # the browser's, best first
    dark: bool = False           # the system prefers a dark theme
    overlay: str | None = None   # the panel open: sheet, last-trick, stats, help, settings, ...
    message: Said | None = None
    notice: Notice | None = None
    hint: str | None = None      # the hinted action, highlighted
    bid_level: str | None = None  # Coinche: the level chosen in the bidding box
    meaning: str = ""            # the bid said whose meaning was tapped open, by its key as drawn
    unticked: set[str] = field(default_factory=set)  # declarations the player unticked
    shown_trick: ShownTrick | None = None
    drawn: Keys = frozenset()    # the animated things on the table at the last update
    arrived: Keys = frozenset()  # ... those that came in this hand, in this page (animated)
    deal: int = 0                # the deals on the table in this page (each a new hand's)
    passive: bool = False        # another tab plays the game: read-only until taken back
    watching: bool = False       # another tab may play it: the bots wait for its answer
    tab_owner: str | None = None  # the tab that claimed the game, as last known
    last_saved: str | None = None
    save_failed: bool = False
    keyboard: bool = False       # the last input came from the keyboard: focus follows
    abandoned: Match | None = None  # the match a "New game" replaced, until the first move
    new_matches: int = 0         # since the page opened (?seed=N counts on from N)
    version: int = 0             # bumped at every change of the table: answers check it
    waiting: Waiting | None = None
    tokens: int = 0              # the last token given out
    holding: str = ""            # ?hold: where the table stopped ("deal", "trick") until let go
    # the rules pages fetched: (language, rules) -> its HTML, or why it could not be had
    help: dict[tuple[str, str], Any] = field(default_factory=dict)
    practice: Practice | None = None
    guided: Guided | None = None
    records: Records = field(default_factory=Records)
    review: Review | None = None
    today: str = ""              # the UTC date as the page last said it (effects.AskToday)
    shared: str = ""             # how the daily result was last shared: shared, copied, failed
    daily_saved: str | None = None  # the daily deal's storage as last written
    chart_match: int | None = None  # the match the totals chart shows, from the oldest kept
    # (None: the one on the table, else the latest)


@dataclass
class Model:
    flags: Flags
    saved: Saved
    session: Session = field(default_factory=Session)

    @property
    def match(self) -> Match:
        """The match on the table: a guided hand's, a practice's, a daily hand's, else the saved
        one."""
        s = self.session
        if s.guided is not None:
            return s.guided.run.match
        if s.practice is not None:
            return s.practice.match
        if self.daily is not None:
            return self.daily.match
        return self.saved.match

    @property
    def daily(self) -> DailyRun | None:
        """The daily deal's try on the table, if one is (not while a guided hand or a
        practice stands in for it)."""
        run, s = self.saved.daily, self.session
        if run is None or not run.playing or s.guided is not None or s.practice is not None:
            return None
        return run

    @property
    def puzzles(self) -> puzzles.Session | None:
        practice = self.session.practice
        return practice.puzzles if practice is not None else None

    def token(self) -> int:
        """A new token for a question (its answer comes back with it)."""
        self.session.tokens += 1
        return self.session.tokens
