"""The contract of a hand: which suits rank as trumps, who bid it, at what level and multiplier."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .cards import PLAIN_ORDER, PLAIN_POINTS, SUIT_NAMES, TRUMP_ORDER, TRUMP_POINTS

SUIT = "suit"
NO_TRUMPS = "no-trumps"
ALL_TRUMPS = "all-trumps"
LAST_TRICK = 10  # "dix de der", docs/rules.md §1
CAPOT, CAPOT_LEVEL = "capot", 500  # a Coinche bid of every trick: "capot hearts"


def level_word(level: int) -> str:
    """A Coinche level as a bid says it: ``"90"``, ``"capot"``."""
    return CAPOT if level == CAPOT_LEVEL else str(level)


def level_of(word: str) -> int:
    """The level a bid's first word says: ``"90"`` -> 90, ``"capot"`` -> 500."""
    return CAPOT_LEVEL if word == CAPOT else int(word)


@cache
def _tables(trump_ranked: tuple[bool, bool, bool, bool]):
    strength, points = [], []
    for card in range(32):
        r, is_trump = card & 7, trump_ranked[card >> 3]
        strength.append(TRUMP_ORDER[r] if is_trump else PLAIN_ORDER[r])
        points.append(TRUMP_POINTS[r] if is_trump else PLAIN_POINTS[r])
    return tuple(strength), tuple(points)


@dataclass(frozen=True)
class Contract:
    """What a hand is played for.

    ``kind`` is ``suit`` (``trump`` names the suit), ``no-trumps`` or ``all-trumps``.
    ``level`` is the Coinche bid (80..160, or 500 for a capot bid) and 0 elsewhere.
    ``multiplier`` is 1, 2 (doubled, coinched) or 4 (redoubled).
    """

    kind: str
    trump: int | None
    bidder: int
    level: int = 0
    multiplier: int = 1
    strength: tuple = field(init=False, repr=False, compare=False)
    points: tuple = field(init=False, repr=False, compare=False)

    def __post_init__(self):
        if self.kind == SUIT:
            ranked = tuple(s == self.trump for s in range(4))
        else:
            ranked = (self.kind == ALL_TRUMPS,) * 4
        strength, points = _tables(ranked)
        object.__setattr__(self, "strength", strength)
        object.__setattr__(self, "points", points)

    @property
    def trump_suit(self) -> int:
        """The trump suit, or -1 when no single suit is trump."""
        return self.trump if self.trump is not None and self.kind == SUIT else -1

    def is_trump_ranked(self, suit_index: int) -> bool:
        return self.kind == ALL_TRUMPS or (self.kind == SUIT and suit_index == self.trump)

    @property
    def capot_bid(self) -> bool:
        return self.level == CAPOT_LEVEL

    @property
    def name(self) -> str:
        """``hearts``, ``no-trumps``, ``all-trumps``, ``90 hearts``, ``capot spades``."""
        base = SUIT_NAMES[self.trump_suit] if self.trump_suit >= 0 else self.kind
        return f"{level_word(self.level)} {base}" if self.level else base

    @property
    def label(self) -> str:
        """The name with any double: ``hearts doubled``."""
        extra = {1: "", 2: " doubled", 4: " redoubled"}[self.multiplier]
        return self.name + extra

    def with_multiplier(self, multiplier: int) -> Contract:
        return Contract(self.kind, self.trump, self.bidder, self.level, multiplier)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Contract:
        """The contract a view shows (``View["contract"]``)."""
        return cls(d["kind"], d["trump"], d["bidder"], d.get("level", 0), d.get("multiplier", 1))


def parse_contract_word(word: str) -> tuple[str, int | None]:
    """``hearts`` -> (suit, 2); ``no-trumps`` -> (no-trumps, None)."""
    if word in (NO_TRUMPS, ALL_TRUMPS):
        return word, None
    return SUIT, SUIT_NAMES.index(word)
