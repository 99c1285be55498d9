"""What a seat knows when it speaks (:class:`Bidder`), and what a hand's result is worth to its
side (:func:`utility`): the ground both biddings of :mod:`belote.bots.bidding` and
:mod:`belote.bots.valued_bidding` stand on."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import CARD_NAMES, SUIT_NAMES, parse_card
from ..contract import Contract
from ..rules import RuleSet
from ..scoring import HandResult
from ..view import View
from . import baseline


@dataclass
class Bidder:
    """What a seat knows when it speaks."""

    rules: RuleSet
    seat: int
    cards: int                      # what it holds now, as a mask
    dealer: int
    auction: list[tuple[int, str]]  # (seat, word) of every turn taken
    legal: list[str]
    turned: int | None = None
    totals: list[int] = field(default_factory=list)   # the match score per side

    @classmethod
    def of_view(cls, view: View, rules: RuleSet, cards: int) -> Bidder:
        turned = view["turned"]
        return cls(rules, view["seat"], cards, view["dealer"],
                   [(s, w) for s, w in view["auction"]], list(view["legal"]),
                   parse_card(turned) if turned else None, list(view["totals"]))

    @property
    def side(self) -> int:
        return self.rules.side(self.seat)

    def baseline_view(self) -> dict:
        return {"legal": self.legal, "seat": self.seat, "dealer": self.dealer,
                "players": self.rules.players, "rules": self.rules.name,
                "auction": [[s, w] for s, w in self.auction],
                "turned": CARD_NAMES[self.turned] if self.turned is not None else None}


# What winning (or losing) the match with a hand is worth, in units of the match's target.
MATCH_WEIGHT = 0.25


def utility(rules: RuleSet, result: HandResult, side: int, totals: list[int] | None = None,
            weight: float | None = None) -> float:
    """The hand's score for ``side`` minus the mean of the others', plus, when ``totals`` (the
    match score before the hand) are given and the hand ends the match, a bonus for winning it
    or a malus for losing it."""
    scored = rules.score(result)
    score = scored.score
    others = [score[s] for s in range(len(score)) if s != side]
    value = score[side] - sum(others) / len(others)
    if totals and scored.can_end_match:
        after = [t + g for t, g in zip(totals, score)]
        winner = rules.winner(after, any(t >= rules.target for t in after))
        if winner is not None:
            w = MATCH_WEIGHT if weight is None else weight
            value += w * rules.target * (1 if winner == side else -1)
    return value


def baseline_policy(bidder: Bidder) -> str:
    """The first bots' bidding (fixed thresholds), the Normal level."""
    return baseline.choose_bid(bidder.baseline_view(), bidder.cards, bidder.rules.team,
                               baseline.Style("normal"), bidder.rules.auction_class)


def contract_word(contract: Contract) -> str:
    """The ladder word of a contract's trump: a suit's name, no-trumps or all-trumps."""
    return SUIT_NAMES[contract.trump_suit] if contract.trump_suit >= 0 else contract.kind
