"""What each card is worth on one sampled deal, as the Expert values it.

:class:`Utility` turns a side's final card points (and valat) into the hand's score margin by the
rule set's own scoring; :class:`DealValues` values every card the seat may play on one deal with
every hand known: exactly by the double-dummy solver when few tricks remain, otherwise by a
rollout (the heuristic player) down to the last tricks, which the solver finishes.
:func:`move_classes` merges cards that are worth the same. The Expert (:mod:`belote.bots.expert`)
averages these values over its samples; the hand review (:mod:`belote.analysis.card_costs`)
uses them too.
"""

from __future__ import annotations

from ..cards import KING, QUEEN
from ..contract import LAST_TRICK
from ..declarations import Declaration
from ..scoring import HandResult
from .knowledge import Knowledge, mask_of_names
from .playout import playout
from .score_solver import ScoreSolver
from .solver import Solver, valat_state


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
