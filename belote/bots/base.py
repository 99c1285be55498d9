"""The bots' base: one interface, ``choose(view) -> action``; forced moves, declarations and
"out" answered here, bidding and play by each level (:mod:`belote.bots` names them all).

``random`` (:class:`RandomBot`): any legal action (declarations made, never "out").
"""

from __future__ import annotations

import random as _random
import time

from ..view import View
from .baseline import Style, choose_bid
from .knowledge import Knowledge
from .meanings import allowed_words, contexts

DECLARE = "declare "
OUT = "out"


def still() -> float:
    """A clock that stands still: a search on it runs to its count of deals or samples."""
    return 0.0


class Bot:
    """Base: answers forced moves, declarations and "out"; subclasses bid and play.

    ``fixed_work``: the searching bots search a fixed amount instead of for a time (their clock
    stands still, :func:`still`): with the same seed, every device makes the same choices."""

    name = "bot"
    level = "normal"

    def __init__(self, seed=None, clock=time.perf_counter, bidding: dict | None = None,
                 baseline_bidding: bool = False, valuation: dict | None = None,
                 meanings: bool = True, fixed_work: bool = False):
        self.rng = _random.Random(repr(seed))
        self.seed = seed
        self.fixed_work = fixed_work
        self.clock = still if fixed_work else clock
        self.bidding = dict(bidding or {})  # Style settings (Easy, the baselines)
        self.baseline_bidding = baseline_bidding
        # The Normal's bidding settings: valued_bidding.ValuedBidding's, and "deals", "prior"
        # ("baseline"), "evidence", "double_evidence", "prior_deals" for its check by simulation
        self.valuation = dict(valuation or {})
        # whether it keeps to the words' meanings and reads the others' words by them
        # (belote.bots.meanings); the first bots' bidding (baseline_bidding) does not keep to them
        self.meanings = meanings

    def reseed(self, view: View) -> None:
        """Make the decision depend only on the seed and the view (not on earlier calls)."""
        key = (self.seed, view.get("hand_number"), view.get("seat"), len(view.get("played", ())),
               len(view.get("auction", ())), tuple(view.get("hand", ())))
        self.rng.seed(repr(key))

    def choose(self, view: View) -> str:
        legal = view.get("legal") or []
        if not legal:
            raise ValueError("it is not this seat's turn")
        if len(legal) == 1:
            return legal[0]
        self.reseed(view)
        phase = view["phase"]
        if phase == "auction":
            return self.bid(view)
        if phase == "play":
            for a in legal:
                if a.startswith(DECLARE):
                    return a
            if OUT in legal and sure_out(view):
                return OUT
            return self.play(view)
        return legal[0]

    def bid(self, view: View) -> str:
        knowledge = Knowledge(view)
        if self.meanings and not self.baseline_bidding:
            # only the words whose meaning the hand fits
            turn = contexts(knowledge.rules, knowledge.dealer, knowledge.auction,
                            knowledge.turned)[-1]
            legal = allowed_words(turn, view["legal"], knowledge.hand)
            if len(legal) == 1:
                return legal[0]
            view = {**view, "legal": legal}
        if self.baseline_bidding or self.level == "easy":
            return self.bid_baseline(view, knowledge)
        return self.evaluate_bid(view, knowledge)

    def evaluate_bid(self, view: View, knowledge: Knowledge) -> str:
        """The level's own bidding by evaluation (Normal, Expert)."""
        return self.bid_baseline(view, knowledge)

    def bid_baseline(self, view: View, knowledge: Knowledge) -> str:
        return choose_bid(view, knowledge.hand, knowledge.team, Style(self.level, **self.bidding),
                          knowledge.rules.auction_class)

    def play(self, view: View) -> str:
        raise NotImplementedError


def legal_cards(view: View) -> list[str]:
    return [a for a in view["legal"] if len(a) == 2]


def sure_out(view: View) -> bool:
    """Classic "I'm out": claim only when the points already made reach the target."""
    knowledge = Knowledge(view)
    side = knowledge.side
    made = knowledge.points[side]
    for s, ds in enumerate(view.get("counted") or []):
        if knowledge.rules.side(s) == side:
            made += sum(d["points"] for d in ds)
    for s, word, _ in view.get("belote") or []:
        if word == "rebelote" and knowledge.rules.side(s) == side:
            made += knowledge.rules.belote_points
    return knowledge.rules.out_claim_right(view["totals"][side], made)


class RandomBot(Bot):
    name = "random"

    def bid(self, view):
        return self.rng.choice(view["legal"])

    def play(self, view):
        return self.rng.choice(legal_cards(view))
