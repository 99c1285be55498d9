"""A hand review: one seat's real choices in a hand record, analysed one at a time.

:class:`Review` replays the record at once (a bad record raises
:class:`belote.record.RecordError`) and finds the seat's choices (:mod:`.moments`); each
:meth:`Review.step` analyses the next one and returns its decision, a plain JSON-able dict, so a
page can show progress, stop between two decisions, and keep what it got. Each decision is
seeded on its own (the seed, its phase and index), so it does not depend on the others, nor on
how far the review was driven.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Iterator

from ..hand import AUCTION
from ..record import RecordError, replay
from ..rules import RuleSet
from . import bid_costs, card_costs
from .card_costs import Cost
from .moments import Moment, moments, situation

# A choice that costs more than this many card points' worth of the hand's score (expected) is a
# mistake: 20 points in French Belote, Coinche, Bela and Classic, 2 game points in Bulgarian.
MISTAKE_CARD_POINTS = 20
WORLDS = 32


def mistake_threshold(rules: RuleSet) -> float:
    """The cost (in the rule set's score units) above which a choice is a mistake."""
    return MISTAKE_CARD_POINTS * rules.score_scale


def summary_line(mistakes: int, points: float, rules: RuleSet) -> str:
    """``"2 mistakes, 18 points"``, ``"1 mistake, 2.4 points"``, ``"no mistakes"``."""
    if not mistakes:
        return "no mistakes"
    digits = 0 if rules.score_scale >= 1 else 1
    shown = f"{points:.{digits}f}"
    return f"{mistakes} mistake{'s' if mistakes > 1 else ''}, {shown} point" \
        f"{'' if shown == '1' else 's'}"


class Review:
    """The analysis of ``seat``'s choices in ``record``: ``worlds`` sampled deals per choice,
    ``seed`` for the sampling. With ``budget`` (seconds of ``clock`` per choice) the expected
    cost stops sampling when the budget is spent, after ``min_worlds`` deals (a bid's, at 2.5
    times the budget in any case, as the Expert's bidding does); the exact cost is always
    computed in full."""

    def __init__(self, record: dict, seat: int = 0, worlds: int = WORLDS, seed=0,
                 clock: Callable[[], float] = time.perf_counter, budget: float | None = None,
                 min_worlds: int = 8):
        self.full = replay(record, complete=False)
        self.rules = self.full.rules
        if isinstance(seat, bool) or not isinstance(seat, int) or \
                not 0 <= seat < self.rules.players:
            raise RecordError(f"seat must be from 0 to {self.rules.players - 1}")
        if worlds < 1:
            raise ValueError("worlds must be at least 1")
        self.seat = seat
        self.worlds = worlds
        self.seed = seed
        self.clock = clock
        self.budget = budget
        self.min_worlds = min_worlds
        self.moments: list[Moment] = moments(self.full, seat)
        self.decisions: list[dict] = []

    @property
    def total(self) -> int:
        """How many choices there are to analyse."""
        return len(self.moments)

    @property
    def done(self) -> bool:
        return len(self.decisions) == len(self.moments)

    def __iter__(self) -> Iterator[dict]:
        """The decisions still to analyse, one per step (stop iterating to cancel)."""
        while not self.done:
            yield self.step()

    def step(self) -> dict:
        """Analyse the next choice and return its decision."""
        if self.done:
            raise IndexError("every choice is analysed")
        moment = self.moments[len(self.decisions)]
        expected = _quiet(self.expected, moment)
        decision = self.decision(moment, expected, _quiet(self.exact, moment, expected))
        self.decisions.append(decision)
        return decision

    def analyse(self, moment: Moment) -> dict:
        """The decision at ``moment`` (one of :attr:`moments`), on its own."""
        expected = self.expected(moment)
        return self.decision(moment, expected, self.exact(moment, expected))

    def expected(self, moment: Moment) -> Cost:
        """The expected cost at ``moment``: over deals consistent with what the seat knew."""
        _, view = situation(self.full, moment)
        rng = random.Random(f"{self.seed}/{moment.phase}/{moment.index}")
        if moment.phase == AUCTION:
            bidder = bid_costs.bidder_of(view)
            words = bid_costs.words_to_value(bidder, moment.played)
            return bid_costs.expected_cost(view, moment.played, words, self.worlds, rng,
                                           self.clock, self.budget, self.min_worlds)
        return card_costs.expected_cost(view, moment.played, self.worlds, rng, self._stop())

    def exact(self, moment: Moment, expected: Cost) -> Cost:
        """The exact cost at ``moment`` in the real deal (``expected``: its expected cost, whose
        ranking orders the cards to test)."""
        hand, view = situation(self.full, moment)
        if moment.phase == AUCTION:
            words = bid_costs.words_to_value(bid_costs.bidder_of(view), moment.played)
            rest = self.full.auction_words()[moment.index + 1:]
            return bid_costs.exact_cost(hand, moment.played, words, rest)
        return card_costs.exact_cost(hand, view, moment.played, self.full, expected.ranking)

    def decision(self, moment: Moment, expected: Cost, exact: Cost | None) -> dict:
        """The decision's dict; ``exact`` None: its exact cost is not known yet (None)."""
        return {"phase": moment.phase, "index": moment.index, "played": moment.played,
                "best": expected.best, "cost_expected": _points(expected.cost),
                "cost_exact": None if exact is None else _points(exact.cost),
                "worlds": expected.worlds, "best_exact": None if exact is None else exact.best,
                "mistake": expected.cost > mistake_threshold(self.rules),
                "options": {w: _points(c) for w, c in expected.options}}

    def staged(self) -> Iterator[tuple[str, int, dict]]:
        """The review in two passes, one step at a time: ``("expected", i, decision)`` for
        each choice ``i`` in order (its exact cost None), then ``("exact", i, decision)`` for
        each; the expected costs (and so the mistakes) are all known early, the exact ones,
        the slow part, come after. The decisions are those of :meth:`step` (each is seeded on
        its own); they are in :attr:`decisions` as their exact costs come."""
        if self.decisions:
            raise RuntimeError("the review has already started")
        costs: list[Cost] = []
        for i, moment in enumerate(self.moments):
            costs.append(_quiet(self.expected, moment))
            yield "expected", i, self.decision(moment, costs[i], None)
        for i, moment in enumerate(self.moments):
            exact = _quiet(self.exact, moment, costs[i])
            self.decisions.append(self.decision(moment, costs[i], exact))
            yield "exact", i, self.decisions[-1]

    def _stop(self) -> Callable[[int], bool] | None:
        if self.budget is None:
            return None
        deadline = self.clock() + self.budget
        return lambda n: n >= self.min_worlds and self.clock() >= deadline

    def result(self) -> dict:
        """The review so far, as the command line prints it."""
        mistakes = [d for d in self.decisions if d["mistake"]]
        points = sum(d["cost_expected"] for d in mistakes)
        return {"seat": self.seat, "rules": self.rules.name, "decisions": list(self.decisions),
                "total_expected": _points(sum(d["cost_expected"] for d in self.decisions)),
                "total_exact": _points(sum(d["cost_exact"] for d in self.decisions)),
                "mistakes": len(mistakes), "threshold": mistake_threshold(self.rules),
                "summary": summary_line(len(mistakes), points, self.rules),
                "complete": self.done}


def analyze(record: dict, seat: int = 0, worlds: int = WORLDS, seed=0, **kwargs) -> dict:
    """The whole review of ``seat`` in ``record`` (:meth:`Review.result`)."""
    review = Review(record, seat, worlds, seed, **kwargs)
    for _ in review:
        pass
    return review.result()


def _quiet(work: Callable[..., Cost], *args) -> Cost:
    """``work(*args)`` with the garbage collector off (the searches make many small tuples,
    as the Expert's do)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        return work(*args)
    finally:
        if enabled:
            gc.enable()


def _points(x: float) -> float:
    """Score points as shown: two decimals, never -0.0."""
    return round(x, 2) + 0.0
