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

from ..cards import CARD_NAMES, KING, QUEEN
from ..contract import LAST_TRICK
from ..declarations import Declaration
from ..scoring import HandResult
from ..view import View
from .base import legal_cards
from .bidder import Bidder, baseline_policy
from .bidding import SimulatedBidding
from .heuristic import choose_card
from .knowledge import Knowledge, mask_of_names
from .normal import NormalBot
from .playout import playout
from .sampler import BotSampler, Sampler
from .score_solver import ScoreSolver
from .solver import Solver, valat_state
from .valued_bidding import valued_policy


def valat_bonus(knowledge: Knowledge) -> int:
    return knowledge.rules.valat_stake(knowledge.contract_in_play)


class Utility:
    """Final card points of the seat's side (and valat) -> the hand's score margin for it."""

    def __init__(self, knowledge: Knowledge, declarations: list[int] | None = None,
                 belote: list[int] | None = None):
        """``declarations`` and ``belote`` (per side) replace what the seat can tell of them
        (the analysis passes the real ones of a known deal)."""
        self.knowledge = knowledge
        rules = knowledge.rules
        self.sides = rules.sides
        self.my = knowledge.side
        tables = knowledge.tables
        # the card points in play, last trick included: every card of the pack with four
        # players; with two or three the stock's are out of play, so each deal sets its own
        # (:meth:`in_play`)
        self.total = sum(tables.points) + LAST_TRICK
        self.decl = self._declarations() if declarations is None else list(declarations)
        if belote is None:
            belote = [0] * self.sides
            for s, word, _ in knowledge.view.get("belote") or []:
                if word == "belote":
                    belote[rules.side(s)] += rules.belote_points
            for su in rules.belote_suits(knowledge.contract_in_play):
                kq = (1 << (su * 8 + KING)) | (1 << (su * 8 + QUEEN))
                if knowledge.hand & kq == kq:
                    belote[self.my] += rules.belote_points
        self.bel = list(belote)
        self.cache: dict = {}
        self.score_cache: dict = {}
        # break ties between equal scores by card points, a fraction of a score point
        self.eps = 0.15 * rules.score_scale

    def _declarations(self) -> list[int]:
        """What each side's declarations add: the counted ones once the first trick is over;
        before, this seat's own and the weakest of each kind the others announced, compared
        by the rule set."""
        knowledge, rules = self.knowledge, self.knowledge.rules
        out = [0] * self.sides
        if not rules.declarations_allowed(knowledge.contract_in_play):
            return out
        counted = knowledge.view.get("counted")
        if counted is None:
            declared: list[list[Declaration]] = [[] for _ in range(knowledge.n)]
            for own in (knowledge.view.get("declared") or [[]] * knowledge.n)[knowledge.seat]:
                own_cards = mask_of_names(own["cards"].split())
                declared[knowledge.seat] += rules.declarations_in(own_cards)
            for s, kinds in enumerate(knowledge.view.get("announced") or []):
                if s != knowledge.seat:
                    declared[s] += [rules.weakest_declaration(kind) for kind in kinds]
            for s, ds in enumerate(rules.resolve_declarations(declared, knowledge.dealer)):
                out[rules.side(s)] += sum(rules.declaration_points(d) for d in ds)
            return out
        for s, shown in enumerate(counted):
            out[rules.side(s)] += sum(d["points"] for d in shown)
        return out

    def in_play(self, total: int) -> None:
        """The card points in play in the deal valued now (last trick included)."""
        self.total = total

    def margin(self, points: int, valat: int | None) -> float:
        """:meth:`score_margin`, ties between equal scores broken by card points."""
        key = (points, valat, self.total)
        m = self.cache.get(key)
        if m is not None:
            return m
        # break ties between equal scores (rounding, a contract made either way) by card points
        m = self.score_margin(points, valat) + self.eps * points
        self.cache[key] = m
        return m

    def score_margin(self, points: int, valat: int | None) -> float:
        """The hand's score for the seat's side minus the others' mean, when the side ends
        with ``points`` card points (last trick included) and ``valat`` took every trick; the
        others share the rest of the points in play evenly (exact with one other side; with
        two, :class:`belote.bots.score_solver.ScoreSolver` scores their real shares instead)."""
        key = (points, valat, self.total)
        m = self.score_cache.get(key)
        if m is not None:
            return m
        sides, my = self.sides, self.my
        cp = [0] * sides
        cp[my] = points
        others = [s for s in range(sides) if s != my]
        rest = self.total - points
        for i, s in enumerate(others):
            cp[s] = rest // len(others) + (1 if i < rest % len(others) else 0)
        m = self.score_of(cp, valat, self.bel)
        self.score_cache[key] = m
        return m

    def score_of(self, points, valat: int | None, belote) -> float:
        """The hand's score for the seat's side minus the others' mean, every side's card
        points (``points``) and belotes (``belote``) given."""
        knowledge, sides, my = self.knowledge, self.sides, self.my
        tricks = [1] * sides
        if valat is not None:
            tricks = [8 if s == valat else 0 for s in range(sides)]
        result = HandResult(sides, knowledge.contract_in_play, knowledge.bidder_side,
                            list(points), tricks, list(self.decl), list(belote), valat)
        score = knowledge.rules.score(result).score
        return score[my] - sum(score[s] for s in range(sides) if s != my) / (sides - 1)

    def leaf(self, tie_break: bool):
        """:meth:`score_of` as a :class:`ScoreSolver` leaf (cached), plus the card-points
        tie-break of :meth:`margin` when ``tie_break``."""
        cache: dict = {}
        eps, my = (self.eps if tie_break else 0.0), self.my

        def value(points, valat, belote):
            key = (points, valat, belote)
            m = cache.get(key)
            if m is None:
                m = cache[key] = self.score_of(points, valat, belote) + eps * points[my]
            return m
        return value

    def outcome(self, won_before: int, value: int, remaining: int, other=None
                ) -> tuple[int, int | None]:
        """(card points of the seat's side, the side that took every trick or None) from a
        solver value (points from now, valat encoded as in the solver)."""
        if value > remaining:
            return won_before + remaining, self.my
        if value < 0:
            return won_before, other if other is not None else 1 - self.my
        return won_before + value, None


def _remaining_points(knowledge: Knowledge, hands) -> int:
    tables = knowledge.tables
    m = 0
    for h in hands:
        m |= h
    for c in knowledge.trick_cards:
        m |= 1 << c
    pts = 0
    while m:
        low = m & -m
        pts += tables.points[low.bit_length() - 1]
        m ^= low
    return pts + LAST_TRICK


def rollout(hands, cards, seats, left, vs, pts, knowledge: Knowledge, stop: int):
    """:func:`playout` from the position of ``knowledge`` (the current trick's ``cards`` and
    ``seats``)."""
    return playout(hands, cards, seats, seats[0] if seats else knowledge.leader, left, vs, pts,
                   knowledge.tables, knowledge.team, knowledge.n, knowledge.bidder_side, stop)


# The Expert's search: exact once this many tricks or fewer remain; rollouts down to this many.
EXACT_LEFT = 4
ROLLOUT_STOP = 2


class DealValues:
    """What each card the seat may play is worth on one deal (every hand known), as the Expert
    values it: exactly by the solver when ``exact_left`` tricks or fewer remain, otherwise by a
    rollout down to ``rollout_stop`` tricks and the solver from there. Call :meth:`deal` for
    each deal, then :meth:`outcome` for each card."""

    def __init__(self, knowledge: Knowledge, util: Utility, exact_left: int = EXACT_LEFT,
                 rollout_stop: int = ROLLOUT_STOP, tie_break: bool = True,
                 pack: bool = False):
        """``pack``: the valuation before issue 26 (benchmarks only): every card point of the
        pack credited (the stock's too) and shared evenly by the others."""
        self.knowledge = knowledge
        self.pack = pack
        self.util = util
        self.solver = Solver(knowledge.tables, knowledge.n, knowledge.team, knowledge.side,
                             valat_bonus(knowledge))
        # three sides: the score depends on how the two others share their points, so the
        # search is on the score itself, the two others playing as one against the seat
        self.scorer = ScoreSolver(knowledge.tables, knowledge.n, knowledge.team,
                                  knowledge.side, util.leaf(tie_break)) \
            if knowledge.rules.sides > 2 and not pack else None
        self.tie_break = tie_break
        self.vs0 = valat_state(knowledge.winner_sides)
        self.left0 = knowledge.tricks_left
        self.exact = self.left0 <= exact_left
        self.rollout_stop = rollout_stop
        self.won = knowledge.points[knowledge.side]
        self.hands: list[int] = []
        self.remaining = 0

    def deal(self, hands) -> None:
        """Value cards on this deal (per seat masks) from now on."""
        self.hands = hands
        self.solver.reset()
        if self.exact or self.knowledge.n < 4:
            self.remaining = _remaining_points(self.knowledge, hands)
        if self.knowledge.n < 4 and not self.pack:  # the stock's points are not in play
            self.util.in_play(sum(self.knowledge.points) + self.remaining)
        if self.scorer is not None:
            self.scorer.reset()

    def margin(self, c: int) -> float:
        """The Expert's value of ``c``: :meth:`Utility.margin` of :meth:`outcome`, or with
        three sides the score search's value."""
        if self.scorer is None:
            return self.util.margin(*self.outcome(c))
        return self.values(c)[1]

    def values(self, c: int) -> tuple[float, float]:
        """(the score margin, the margin with the card-points tie-break) when the seat plays
        ``c``: :meth:`Utility.score_margin` and :meth:`Utility.margin` of :meth:`outcome`
        with two sides; with three, the score search's value (the tie-break included when
        the values were made with it), twice."""
        if self.scorer is None:
            outcome = self.outcome(c)
            return self.util.score_margin(*outcome), self.util.margin(*outcome)
        knowledge = self.knowledge
        h = list(self.hands)
        h[knowledge.seat] ^= 1 << c
        cards = knowledge.trick_cards + [c]
        seats = knowledge.trick_seats + [knowledge.seat]
        pts = list(knowledge.points)
        left, vs = self.left0, self.vs0
        if not self.exact:
            leader, left, vs = rollout(h, cards, seats, left, vs, pts, knowledge,
                                       self.rollout_stop)
            cards, seats = [], []
        else:
            leader = seats[0]
        v = self.scorer.solve(h, cards, seats, leader, left, vs, pts, self.util.bel)
        return v, v

    def outcome(self, c: int) -> tuple[int, int | None]:
        """The seat's side's final card points and the valat side (:meth:`Utility.outcome`)
        when the seat plays ``c``."""
        knowledge, solver = self.knowledge, self.solver
        if self.exact:
            v = solver.move_values(self.hands, knowledge.trick_cards, knowledge.trick_seats,
                                   knowledge.seat, self.left0, self.vs0, (c,))[c]
            return self.util.outcome(self.won, v, self.remaining)
        tables = knowledge.tables
        h = list(self.hands)
        h[knowledge.seat] ^= 1 << c
        pts = list(knowledge.points)
        leader, left, vs = rollout(h, knowledge.trick_cards + [c],
                                   knowledge.trick_seats + [knowledge.seat], self.left0, self.vs0,
                                   pts, knowledge, self.rollout_stop)
        remaining = LAST_TRICK
        m = 0
        for x in h:
            m |= x
        while m:
            low = m & -m
            remaining += tables.points[low.bit_length() - 1]
            m ^= low
        v = solver.solve(h, [], [], leader, left, vs)
        return self.util.outcome(pts[knowledge.side], v, remaining)


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


def distinct_moves(knowledge: Knowledge, moves):
    """One card of each run of equivalent cards: same suit, same points, no card still out
    (nor on the table) between them."""
    return list(dict.fromkeys(move_classes(knowledge, moves).values()))


def move_classes(knowledge: Knowledge, moves) -> dict[int, int]:
    """Each card of ``moves`` -> the card that stands for its run of equivalent cards (the
    weakest), in the order :func:`distinct_moves` gives them."""
    tables = knowledge.tables
    alive = knowledge.pool | knowledge.hand
    for c in knowledge.trick_cards:
        alive |= 1 << c
    mine = 0
    for c in moves:
        mine |= 1 << c
    out = {}
    for s in range(4):
        prev = -1
        for c in tables.order[s]:
            if not alive >> c & 1:
                continue
            if mine >> c & 1:
                if prev >= 0 and tables.points[prev] == tables.points[c]:
                    out[c] = prev
                    continue
                prev = c
                out[c] = c
            else:
                prev = -1
    return out


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

