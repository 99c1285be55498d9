"""Declarations: the :class:`Declaration` value, finding runs and carrés in a hand, and the best
use of each card (docs/rules.md §1 "Declarations").

What each declaration is worth, how a run longer than five splits and how declarations compare
are data and hooks of the rule set (:class:`belote.rules.RuleSet`); this module only finds.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from .cards import cards_of, hand_str

TIERCE, QUARTE, QUINTE, CARRE, BELOT8 = "tierce", "quarte", "quinte", "carre", "belot"
SEQUENCE_KINDS = {3: TIERCE, 4: QUARTE}  # five or more: quinte (Bela's eight: belot)
KIND_LENGTHS = {TIERCE: 3, QUARTE: 4, QUINTE: 5, CARRE: 4, BELOT8: 8}


@dataclass(frozen=True)
class Declaration:
    """One declaration: its kind, cards (a mask), value, length and top.

    ``top`` is the rank of a sequence's highest card, and for a carré its strength among
    carrés (the rule set's order, strongest highest), so that comparisons stay uniform.
    """

    kind: str
    cards: int
    value: int
    length: int
    top: int

    @property
    def is_sequence(self) -> bool:
        return self.kind != CARRE

    def words(self) -> list[str]:
        """The record form ``["tierce", "9H TH JH"]``."""
        return [self.kind, hand_str(self.cards)]

    def __str__(self) -> str:
        return f"{self.kind} {hand_str(self.cards)}"


def sequence_kind(length: int) -> str:
    return SEQUENCE_KINDS.get(length, QUINTE)


def top_rank(cards: int) -> int:
    return max(c & 7 for c in cards_of(cards))


def runs(hand: int) -> list[tuple[int, int, int]]:
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


def carre_mask(rank_index: int) -> int:
    return sum(1 << (s * 8 + rank_index) for s in range(4))


def best_combination(hand: int, carres, split_run) -> list[Declaration]:
    """The declarations worth most from ``hand``, each card used once (docs/rules.md §1).

    ``carres``: the carrés that count, as Declarations; ``split_run(suit, low, length)``: a
    run's declarations. The rule set supplies both
    (:meth:`belote.rules.RuleSet.declarations_in`).
    """
    held = [d for d in carres if hand & d.cards == d.cards]
    best: list[Declaration] = []
    best_value = -1
    for k in range(len(held) + 1):
        for chosen in combinations(held, k):
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
