"""The Expert: Monte-Carlo search over deals consistent with the seat's knowledge; the Oracle.

For each sampled deal every candidate card is valued: exactly by the double-dummy solver when
few tricks remain, otherwise by a rollout (the heuristic player with the sampled hands) up to
the last tricks, which the solver finishes exactly. Values are final card points turned into the
hand's score margin by the rule set's own scoring (so making or failing the contract, valat,
doubling and rounding count as they do at the table). The card with the best mean margin wins.

The search is anytime: it samples until the time budget is spent (the clock is injectable, for
Pyodide and for tests) and answers at once when only one action is legal.
"""

from __future__ import annotations

import gc
import time

from ..cards import CARD_NAMES
from ..view import View
from .base import legal_cards
from .bidder import Bidder, baseline_policy
from .bidding import SimulatedBidding
from .deal_values import EXACT_LEFT, ROLLOUT_STOP, DealValues, Utility, distinct_moves
from .heuristic import choose_card
from .knowledge import Knowledge, mask_of_names
from .normal import NormalBot
from .sampler import BotSampler, Sampler
from .valued_bidding import valued_policy

# The Expert's samples per card: at most this many within its time budget (enough that the
# budget, not the count, ends a close decision); with fixed work, this many (a bid's deals:
# ``bid_deals``).
MAX_SAMPLES = 200
FIXED_SAMPLES = 80


class ExpertBot(NormalBot):
    """Monte-Carlo search with a time budget (seconds), or a fixed amount of work
    (``fixed_work``: ``max_samples`` deals per card, default 80, and ``bid_deals`` per bid)."""

    name = "expert"
    level = "expert"

    def __init__(self, seed=None, clock=time.perf_counter, time_budget: float = 0.1,
                 exact_left: int = EXACT_LEFT, rollout_stop: int = ROLLOUT_STOP,
                 max_samples: int | None = None,
                 bidding: dict | None = None, baseline_bidding: bool = False,
                 bid_budget: float | None = None, valuation: dict | None = None,
                 bid_prior: str = "valued", double_evidence: float = 3.0,
                 bid_deals: int = 48, pack_valuation: bool = False, meanings: bool = True,
                 fixed_work: bool = False, answers: bool = True):
        super().__init__(seed=seed, clock=clock, bidding=bidding,
                         baseline_bidding=baseline_bidding, valuation=valuation,
                         meanings=meanings, fixed_work=fixed_work)
        if max_samples is None:
            max_samples = FIXED_SAMPLES if fixed_work else MAX_SAMPLES
        self.time_budget = time_budget
        self.bid_budget = bid_budget  # seconds per bid (default: time_budget)
        self.bid_prior = bid_prior    # the word a simulated bid must beat: valued or baseline
        # standard errors a double must win by in the simulated deals, which see every hand
        # and so see more contracts fail than the table does
        self.double_evidence = double_evidence
        self.bid_deals = bid_deals    # at most this many deals per bid
        # whether its simulated opponents redouble the contracts they make (SimulatedBidding)
        self.answers = answers
        self.exact_left = exact_left
        self.rollout_stop = rollout_stop
        self.max_samples = max_samples
        self.last_samples = 0
        # the valuation before issue 26 (the level expert-pack, a benchmark's baseline)
        self.pack_valuation = pack_valuation

    def evaluate_bid(self, view: View, knowledge: Knowledge) -> str:
        """Each candidate bid played out over sampled deals (:mod:`belote.bots.bidding`)."""
        budget = self.time_budget if self.bid_budget is None else self.bid_budget
        prior = baseline_policy if self.bid_prior == "baseline" else valued_policy
        bidding = SimulatedBidding(self.rng, self.clock, budget, prior=prior,
                                   max_deals=self.bid_deals,
                                   double_evidence=self.double_evidence,
                                   meanings=self.meanings, answers=self.answers)
        return bidding.choose(Bidder.of_view(view, knowledge.rules, knowledge.hand))

    def play(self, view):
        knowledge = Knowledge(view)
        legal = mask_of_names(legal_cards(view))
        moves = [c for c in range(32) if legal >> c & 1]
        if len(moves) == 1:
            return CARD_NAMES[moves[0]]
        return CARD_NAMES[self.search(knowledge, moves, self.sampler(knowledge).sample)]

    def sampler(self, knowledge: Knowledge) -> Sampler:
        """Deals consistent with what the seat knows."""
        if self.meanings:
            return BotSampler(knowledge, self.rng)
        return Sampler(knowledge, self.rng)

    def choose(self, view):
        # the search makes many small tuples: a full garbage collection in the middle of a
        # decision would cost more than the decision (the search frees its own memory)
        enabled = gc.isenabled()
        gc.disable()
        try:
            return super().choose(view)
        finally:
            if enabled:
                gc.enable()

    def search(self, knowledge: Knowledge, moves, sample) -> int:
        start = self.clock()
        deadline = start + self.time_budget
        # past this, even the first sample is given up for the heuristic's card
        hard = start + 2.5 * self.time_budget
        util = Utility(knowledge)
        tables, n, seat = knowledge.tables, knowledge.n, knowledge.seat
        moves = distinct_moves(knowledge, moves)
        if len(moves) == 1:
            return moves[0]
        values = DealValues(knowledge, util, self.exact_left, self.rollout_stop,
                            pack=self.pack_valuation)
        totals = {c: 0.0 for c in moves}
        squares = {c: 0.0 for c in moves}
        live = list(moves)
        samples = 0
        while samples < self.max_samples:
            hands = sample()
            if hands is None:
                break
            values.deal(hands)
            got = {}
            for c in live:
                got[c] = values.margin(c)
                now = self.clock()
                if (samples and now >= deadline) or now >= hard:
                    break
            if len(got) < len(live):
                break  # out of time in the middle of a sample: drop it
            for c in live:
                totals[c] += got[c]
                squares[c] += got[c] * got[c]
            samples += 1
            if self.clock() >= deadline:
                break
            if samples % 8 == 0 and len(live) > 1:
                live = self._prune(live, totals, squares, samples)
                if len(live) == 1:
                    break
        self.last_samples = samples
        if samples == 0:
            legal = 0
            for c in moves:
                legal |= 1 << c
            return choose_card(knowledge.hand, legal, knowledge.trick_cards, knowledge.trick_seats,
                               seat, tables, knowledge.team, n, knowledge.may(),
                               knowledge.bidder_side)
        return max(live, key=lambda c: (totals[c], -tables.points[c]))

    @staticmethod
    def _prune(live, totals, squares, n):
        """Drop the moves whose mean is clearly below the best one's."""
        means = {c: totals[c] / n for c in live}
        best = max(live, key=means.__getitem__)
        var = max(0.0, squares[best] / n - means[best] ** 2)
        keep = []
        for c in live:
            vc = max(0.0, squares[c] / n - means[c] ** 2)
            se = ((var + vc) / n) ** 0.5
            if c == best or means[best] - means[c] <= 2.5 * se + 1e-9:
                keep.append(c)
        return keep


class OracleBot(ExpertBot):
    """Sees every hand (benchmarks only): ``choose(view, full)`` where ``full`` holds
    ``hands`` (per seat masks, as now). Exact search once six tricks or fewer remain, before
    that each card is followed by the heuristic player up to six tricks, then solved."""

    name = "oracle"
    sees_all = True

    def __init__(self, seed=None, clock=time.perf_counter, **kwargs):
        super().__init__(seed=seed, clock=clock, **kwargs)
        self.full = None

    def choose(self, view, full=None):
        self.full = full
        return super().choose(view)


    def play(self, view):
        if self.full is None:
            return super().play(view)
        knowledge = Knowledge(view)
        legal = mask_of_names(legal_cards(view))
        moves = [c for c in range(32) if legal >> c & 1]
        if len(moves) == 1:
            return CARD_NAMES[moves[0]]
        full = self.full
        if isinstance(full, dict):
            hands = list(full["hands"])
        elif hasattr(full, "hand"):  # a Match
            hands = list(full.hand.hands)
        else:  # a Hand
            hands = list(full.hands)
        saved = (self.exact_left, self.rollout_stop, self.time_budget, self.max_samples)
        self.exact_left, self.rollout_stop, self.max_samples = 5, 5, 1
        try:
            return CARD_NAMES[self.search(knowledge, moves, lambda: list(hands))]
        finally:
            self.exact_left, self.rollout_stop, self.time_budget, self.max_samples = saved

