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
from dataclasses import replace

from ..bots.core import trick_winner
from ..cards import ACE, JACK, parse_card
from ..hand import AUCTION
from ..record import RecordError, replay
from ..rules import RuleSet
from . import bid_costs, card_costs, verdicts
from .card_costs import Cost
from .moments import Moment, moments, situation

WORLDS = 32


def mistake_threshold(rules: RuleSet) -> float:
    """The cost (in the rule set's score units) above which a choice is a mistake, when the
    sample supports it (:mod:`.verdicts`): 20 points in French Belote, Bela and Classic, 30 in
    Coinche, 2 game points in Bulgarian."""
    return verdicts.thresholds(rules)[1]


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
    computed in full. A close call (:func:`.verdicts.close`) is sampled further, ``worlds``
    deals at a time, up to ``max_worlds`` (default :func:`.verdicts.max_factor` times
    ``worlds``: a bid's may go further) and within the budget."""

    def __init__(self, record: dict, seat: int = 0, worlds: int = WORLDS, seed=0,
                 clock: Callable[[], float] = time.perf_counter, budget: float | None = None,
                 min_worlds: int = 8, max_worlds: int | None = None):
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
        self.max_worlds = max(worlds, verdicts.MAX_FACTOR * worlds if max_worlds is None
                              else max_worlds)
        self.bid_max_worlds = max(worlds, verdicts.max_factor(self.rules, AUCTION) * worlds
                                  if max_worlds is None else max_worlds)
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

    def expected(self, moment: Moment) -> Cost:
        """The expected cost at ``moment``: over deals consistent with what the seat knew,
        more of them while the verdict is a close call; with its margin and its reason."""
        _, view = situation(self.full, moment)
        rng = random.Random(f"{self.seed}/{moment.phase}/{moment.index}")
        deadline = None if self.budget is None else self.clock() + self.budget
        if moment.phase == AUCTION:
            bidder = bid_costs.bidder_of(view)
            words = bid_costs.words_to_value(bidder, moment.played)
            bids = bid_costs.BidSample(view, moment.played, words, rng, self.clock)

            def more(k: int) -> int:
                if deadline is None:
                    return bids.more(k)
                # the first deals within the budget (2.5 times it at most, as the Expert's
                # bidding does), further ones only while there is budget left
                left = deadline - self.clock()
                if bids.n and left <= 0:
                    return 0
                return bids.more(k, max(left, 0.0), self.min_worlds if not bids.n else 1)

            cost = self._sampled(more, bids.cost, self.bid_max_worlds)
            if cost.best == moment.played or cost.cost <= 0:
                return cost
            holding = {"J": _count(view, JACK), "A": _count(view, ACE)}
            return replace(cost, reason=verdicts.bid_reason(
                holding, cost.best, moment.played, bids.facts(cost.best)))
        cards = card_costs.CardSample(view, moment.played, rng)
        stop = None if deadline is None else \
            (lambda n: n >= self.min_worlds and self.clock() >= deadline)
        cost = self._sampled(lambda k: cards.more(k, stop), cards.cost, self.max_worlds)
        if cost.best == moment.played or cost.cost <= 0:
            return cost
        return replace(cost, reason=verdicts.card_reason(
            _partner_winning(cards.knowledge), cost.best, moment.played, cards.facts(cost.best)))

    def _sampled(self, more: Callable[[int], int], cost: Callable[[], Cost],
                 max_worlds: int) -> Cost:
        """Sample ``worlds`` deals, then more while the call is close (up to ``max_worlds``)."""
        more(self.worlds)
        got = cost()
        while got.worlds < max_worlds and verdicts.close(got.cost, got.margin, self.rules):
            if not more(min(self.worlds, max_worlds - got.worlds)):
                break
            got = cost()
        return got

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
        grade = verdicts.grade(expected.cost, expected.margin, self.rules)
        cost_exact = None if exact is None else _points(exact.cost)
        return {"phase": moment.phase, "index": moment.index, "played": moment.played,
                "best": expected.best, "cost_expected": _points(expected.cost),
                "margin": _points(min(expected.margin, 1e4)),
                "cost_exact": cost_exact,
                "worlds": expected.worlds, "best_exact": None if exact is None else exact.best,
                "grade": grade, "mistake": verdicts.is_mistake(grade),
                "reason": expected.reason,
                "luck": verdicts.luck(grade, cost_exact, self.rules),
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


def _count(view, rank: int) -> int:
    """How many cards of ``rank`` the seat holds (its view)."""
    return sum(parse_card(c) % 8 == rank for c in view["hand"])


def _partner_winning(knowledge) -> bool:
    """Whether a partner of the seat holds the trick in progress."""
    if not knowledge.trick_cards:
        return False
    w = knowledge.trick_seats[trick_winner(knowledge.trick_cards, knowledge.tables)]
    return w != knowledge.seat and knowledge.rules.side(w) == knowledge.side


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
