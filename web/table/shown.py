"""What the regions show beyond the engine's view: the model as the view reads it.

:func:`web.app.view.view` builds one :class:`Shown` for each drawing from the model, with the
values derived from it (why each card may not be played, whether a move may be taken back, who
took each contract, what the guided hand points at, a puzzle's verdict in words); the regions'
HTML (web/table/regions.py, notice.py, panels.py) is drawn from it and the engine's view alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from web.app.model import ShownTrick
from web.coach.puzzles import Session


@dataclass
class Shown:
    settings: dict = field(default_factory=dict)
    stats: dict = field(default_factory=dict)
    animated: bool = False              # the table animates (not ?fast=1, not instant)
    arrived: frozenset[str] = frozenset()  # what came on the table in this hand (animated)
    deal: int = 0                       # the deal's number in this page (its elements' keys)
    overlay: str | None = None          # "sheet" | "last-trick" | "stats" | "hand" | ...
    message: str = ""                   # an explanation (a refused card, a hint), until next move
    message_kind: str = "info"          # "info" | "illegal" | "hint"
    notice: str = ""                    # the lasting notice's words
    notice_kind: str = ""               # its data-notice: "broken-save", "other-tab", ...
    notice_folded: bool = False         # dismissed, but its state lasts (notice.NOTICE_FOLDS)
    unticked: frozenset[str] = frozenset()  # declarations the player unticked
    shown_trick: ShownTrick | None = None  # a finished trick still on the table
    hint: str | None = None             # the hinted action (or the guide's awaited one)
    passive: bool = False               # another tab plays the game: read-only until resumed
    reasons: dict = field(default_factory=dict)  # card -> why it may not be played now
    help: str | None = None             # the rules page fetched for the rules panel
    bid_level: str | None = None        # Coinche: the level chosen in the bidding box
    meaning: str = ""                   # the bid said whose meaning was tapped open (its key)
    practice: bool = False              # a deal practised from a review, not saved
    takers: dict = field(default_factory=dict)  # hand number -> the seat that took it
    puzzles: Session | None = None      # "Learn from your mistakes" (web/coach/puzzles.py)
    verdict: str = ""                   # the verdict on the puzzle's last pick
    why: str = ""                       # the review's reason for the puzzle's grade
    why_open: bool = False              # the reason shown ("Why?" pressed)
    guide_point: str = ""               # a guided hand: the part of the table its step shows
    guide_next: bool = False            # the guide's step waits for "Next"
    guide_over: tuple[str, ...] | None = None  # the guided hand's score, line by line
    guide_offer: str = ""               # the rule set whose guide the notice offers ("": any)
    takeback: bool = False              # moves may be taken back here (the button shows)
    can_take_back: bool = False         # ... and there is one to take back now
    daily: bool = False                 # a daily hand on the table (no hint, no "I'm out")
    daily_panel: str = ""               # the daily panel's body, when open (web/daily/panel.py)
    daily_over: str = ""                # the end of a daily hand (its comparison)
    daily_hand: int = 0                 # ... its number in the day
    # the player's accuracy by hand number on the sheet (0: the match's); "" while measured
    accuracy: dict = field(default_factory=dict)
    charts: str = ""                    # the statistics' charts, when open (web/coach/charts.py)
    commitment: str = ""                # the hand's commitment to its seed (the hand's details)
    seed: str = ""                      # ... and its seed, once the hand is over
