"""Declarations: finding them in a hand, choosing the best use of each card, comparing them.

RULES.md §1 "Declarations" and the "Declarations" paragraph of each rule set. How a run longer
than five splits, and how declarations are compared, are hooks of the rule set.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .cards import JACK, NINE, cards_of, hand_str

TIERCE, QUARTE, QUINTE, CARRE, BELOT8 = "tierce", "quarte", "quinte", "carre", "belot"
SEQUENCE_NAMES = {3: TIERCE, 4: QUARTE}
SEQUENCE_VALUES = {3: 20, 4: 50, 5: 100}
CARRE_VALUES = {JACK: 200, NINE: 150}  # aces, tens, kings, queens 100; eights, sevens nothing
CARRE_RANKS = (JACK, NINE, 7, 3, 6, 5)  # J 9 A T K Q: strongest first
KINDS = (TIERCE, QUARTE, QUINTE, CARRE, BELOT8)


@dataclass(frozen=True)
class Declaration:
    """One declaration: its kind, cards (a mask), value, length and top card's rank.

    For a carré ``top`` is its strength among carrés (J highest), so comparisons stay uniform.
    """

    kind: str
    cards: int
    value: int
    length: int
    top: int

    @property
    def is_sequence(self) -> bool:
        return self.kind != CARRE

    def key(self) -> tuple:
        """Strength for "compare by value, then length, then top card; a carré beats a sequence
        of equal value" (RULES.md §3)."""
        return (self.value, not self.is_sequence, self.length, self.top)

    def words(self) -> list[str]:
        """The record form ``["tierce", "9H TH JH"]``."""
        return [self.kind, hand_str(self.cards)]

    def __str__(self) -> str:
        return f"{self.kind} {hand_str(self.cards)}"


def carre(rank_index: int) -> Declaration | None:
    if rank_index not in CARRE_RANKS:
        return None
    cards = sum(1 << (s * 8 + rank_index) for s in range(4))
    value = CARRE_VALUES.get(rank_index, 100)
    return Declaration(CARRE, cards, value, 4, len(CARRE_RANKS) - CARRE_RANKS.index(rank_index))


def sequence(cards: int, length: int) -> Declaration:
    """A sequence declaration from the mask of its cards (one suit, consecutive)."""
    top = max(c & 7 for c in cards_of(cards))
    if length >= 5:
        return Declaration(QUINTE, cards, 100, length, top)
    return Declaration(SEQUENCE_NAMES[length], cards, SEQUENCE_VALUES[length], length, top)


def runs(hand: int):
    """Maximal runs of three or more consecutive cards of one suit: (suit, low rank, length)."""
    out = []
    for s in range(4):
        bits = (hand >> (8 * s)) & 0xFF
        r = 0
        while r < 8:
            if bits >> r & 1:
                start = r
                while r < 8 and bits >> r & 1:
                    r += 1
                if r - start >= 3:
                    out.append((s, start, r - start))
            else:
                r += 1
    return out


def run_mask(s: int, low: int, length: int) -> int:
    return ((1 << length) - 1) << (8 * s + low)


def split_run_default(s: int, low: int, length: int) -> list[Declaration]:
    """A run of six or more is one quinte of its top five cards (RULES.md §1)."""
    if length <= 5:
        return [sequence(run_mask(s, low, length), length)]
    return [sequence(run_mask(s, low + length - 5, 5), 5)]


CARRES = tuple(carre(r) for r in CARRE_RANKS)


def best_combination(hand: int, split_run=split_run_default) -> list[Declaration]:
    """The declarations that score most from ``hand``, each card used once (RULES.md §1)."""
    carres = [d for d in CARRES if hand & d.cards == d.cards]
    best: list[Declaration] = []
    best_value = -1
    for k in range(len(carres) + 1):
        for chosen in combinations(carres, k):
            rest = hand
            for d in chosen:
                rest &= ~d.cards
            decls = list(chosen)
            for s, low, length in runs(rest):
                decls.extend(split_run(s, low, length))
            value = sum(d.value for d in decls)
            if value > best_value:
                best, best_value = decls, value
    return best
