"""What one seat may know, as plain JSON-able data: the type of :meth:`belote.Match.view`.

The bots, the table and the replay viewer read the same :class:`View`. Cards are written in
notation (``"JH"``), seats are numbers (0 is the human at the table), sides are teams (or the
players themselves in 2- and 3-player Classic). Nothing in a view is hidden from its seat: the
other hands appear only as their sizes, and other seats' declarations only as their kinds until
the first trick ends (docs/rules.md §2 "Declarations").
"""

from __future__ import annotations

from typing import TypedDict

from .cards import hand_str
from .declarations import Declaration


class ContractView(TypedDict):
    """The contract once the auction has ended."""

    name: str           # "hearts", "no-trumps", "90 hearts", "capot spades"
    label: str          # the name and any double: "hearts doubled"
    kind: str           # "suit", "no-trumps", "all-trumps"
    trump: int | None   # the trump suit (0 clubs .. 3 spades), None without a trump suit
    bidder: int         # the seat that bid it
    level: int          # the Coinche bid (80..160, 500 for capot), else 0
    multiplier: int     # 1, 2 (doubled, coinched) or 4 (redoubled, surcoinched)


class DeclarationView(TypedDict):
    """A declaration as shown: ``{"kind": "tierce", "cards": "9H TH JH", "points": 20}``."""

    kind: str           # tierce, quarte, quinte, carre, belot (Bela's eight)
    cards: str          # its cards in notation, lowest first
    points: int         # what it adds when it counts (0 for Bela's eight, which wins outright)


class TrickView(TypedDict):
    cards: list[list]   # [[seat, "JH"], ...] in playing order
    winner: int


class OutClaim(TypedDict):
    seat: int           # who said "I'm out"
    after_card: int     # how many cards had been played


class SheetEntry(TypedDict, total=False):
    """One line of the score sheet: a hand played, thrown in, or stopped by "I'm out"."""

    hand: int                   # 1, 2, ...
    dealer: int
    contract: str               # the contract's label, or "thrown in"
    score: list[int]            # what each side gained (hanging points taken included)
    hanging: list[int]          # what each side left hanging
    made: bool | None           # None for a hand thrown in or stopped
    bidders: int                # the side that bid
    totals: list[int]           # match totals after the hand
    out: dict                   # "I'm out": {"side", "points": [per side], "right"}
    valat: int                  # the side that took every trick (absent otherwise)


class View(TypedDict):
    """Everything a seat may know now (:meth:`belote.Match.view`)."""

    rules: str                  # the rule set's name (belote.rules.RULE_SETS)
    title: str
    players: int
    seat: int
    side: int
    sides: int
    target: int
    options: dict               # every option of the rule set, by name
    phase: str                  # auction, play, hand-over, match-over
    dealer: int
    turn: int | None            # the seat to act (None after the hand)
    hand: list[str]             # this seat's cards
    talon_count: int            # Bela: cards waiting face down for this seat
    hand_sizes: list[int]       # cards in each hand
    legal: list[str]            # this seat's legal actions when it is its turn, else []
    auction: list[list]         # [[seat, word], ...] every turn taken
    turned: str | None          # the turned card (French, Classic)
    stock_card: str | None      # Classic with 2 or 3: the stock's last card, face up
    contract: ContractView | None
    trick: list[list]           # [[seat, "JH"], ...] the trick being played
    leader: int | None          # who led (or leads) the current trick
    last_trick: TrickView | None
    played: list[list]          # [[seat, "JH"], ...] every card of the hand so far
    tricks: int                 # tricks finished
    tricks_won: list[int]       # per side
    card_points: list[int] | None  # per side; None where the rule set hides them (Classic)
    announced: list[list[str]]  # per seat, the kinds it declared
    declared: list[list[DeclarationView]]  # this seat's own; everyone's after the first trick
    counted: list[list[DeclarationView]] | None  # per seat, what counts (after the first trick)
    # why: [{"compared": "declarations"|"sequences"|"carres", "side": int|None, "reason"}]
    # (belote.rules.RuleSet.declaration_verdicts), after the first trick
    declaration_verdicts: list[dict] | None
    known_points: list[int]     # per side, this hand's counted declarations and belotes
    belote: list[list]          # [[seat, "belote"|"rebelote", "KH"], ...]
    out: OutClaim | None
    totals: list[int]           # match totals per side
    hanging: int                # points waiting for the winner of a later hand
    sheet: list[SheetEntry]
    hand_score: dict | None     # a finished hand's belote.scoring.HandScore.to_dict()
    winner: int | None          # the side that won the match
    losers: list[int]           # sides out of the match (a wrong "I'm out" with 3 players)
    hand_number: int
    takebacks: dict[str, int]   # hand number ("1"...): moves taken back in it (belote/takeback.py)


def sheet_line(entry: SheetEntry) -> SheetEntry:
    """A copy of a line of the score sheet that shares nothing with it (its lists and its
    "out" are copied too); written out key by key, as a view copies the whole sheet."""
    line = entry.copy()
    line["score"] = entry["score"][:]
    line["hanging"] = entry["hanging"][:]
    if "totals" in entry:
        line["totals"] = entry["totals"][:]
    if "out" in entry:
        line["out"] = entry["out"].copy()
    return line


def declaration_views(rules, decls: list[Declaration]) -> list[DeclarationView]:
    """``decls`` as shown, with what each adds under ``rules`` (a RuleSet)."""
    return [{"kind": d.kind, "cards": hand_str(d.cards), "points": rules.declaration_points(d)}
            for d in decls]
