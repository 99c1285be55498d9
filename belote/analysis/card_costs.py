"""What a card cost: expected over deals the seat could not tell from the real one, and exact in
the real deal.

Both are in points of the hand's score for the seat's side: its score minus the others' (mean)
when the hand is scored by the rule set (made or inside, litige, valat, doubling, rounding), the
same measure the Expert plays for (:class:`belote.bots.expert.Utility`, without its tie-break).

- *Expected* (:func:`expected_cost`): the Expert's own valuation, on ``worlds`` deals sampled
  consistently with what the seat knew (:class:`belote.bots.sampler.Sampler`), every candidate
  card and the card played valued on the same deals (:class:`belote.bots.expert.DealValues`:
  exact once four tricks or fewer remain, before that a rollout by the rule player down to two
  tricks, solved from there). ``best`` is the card with the best mean; the cost is its mean
  minus the played card's, so never negative.
- *Exact* (:func:`exact_cost`): the real deal, everyone playing perfectly from there: the
  double-dummy solver's value of each card (the card points the seat's side takes, valat
  included), turned into the score with the hand's real declarations and belotes. The played
  card is solved exactly; another card only needs a null-window test against the least value
  that would score better, and is solved exactly (by null windows from there) when it passes,
  so the cost is the best card's score minus the played card's: 0 for the best card, never
  negative.

Equivalent cards (same suit, same points, no card still out between them) are one option: a
card equivalent to the best one costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..bots.expert import DealValues, Utility, move_classes
from ..bots.knowledge import Knowledge
from ..bots.sampler import Sampler
from ..bots.solver import INF, Solver, valat_state
from ..cards import CARD_NAMES, cards_of, parse_card
from ..contract import LAST_TRICK
from ..hand import Hand
from ..view import View


@dataclass(frozen=True)
class Cost:
    """The best option and what the played one cost against it (score points, >= 0)."""

    best: str
    cost: float
    worlds: int = 0
    ranking: tuple[str, ...] = ()  # the options, best first (the expected cost of cards)
    # The expected cost of every option valued, against the best (a card equivalent to a
    # valued one has its cost): what "Learn from your mistakes" judges a new pick by.
    options: tuple[tuple[str, float], ...] = ()


def expected_cost(view: View, played: str, worlds: int, rng,
                  stop: Callable[[int], bool] | None = None) -> Cost:
    """The cost of ``played`` over up to ``worlds`` deals consistent with ``view`` (the seat's
    knowledge, its turn to play); ``stop(n)``, asked before each deal after ``n`` deals, ends
    the sampling early (a time budget)."""
    knowledge = Knowledge(view)
    legal = [c for c in cards_of(knowledge.legal_cards())]
    classes = move_classes(knowledge, legal)
    reps = list(dict.fromkeys(classes.values()))
    mine = classes[parse_card(played)]
    util = Utility(knowledge)
    values = DealValues(knowledge, util)
    sampler = Sampler(knowledge, rng)
    score = {c: 0.0 for c in reps}
    tied = {c: 0.0 for c in reps}
    n = 0
    while n < worlds and not (stop and stop(n)):
        hands = sampler.sample()
        if hands is None:
            break
        values.deal(hands)
        for c in reps:
            points, valat = values.outcome(c)
            score[c] += util.score_margin(points, valat)
            tied[c] += util.margin(points, valat)
        n += 1
    if n == 0:
        return Cost(played, 0.0, 0)
    # the best mean score; equal scores, as the Expert breaks the tie (card points); then the
    # card played
    ranking = sorted(reps, key=lambda c: (score[c], tied[c], c == mine), reverse=True)
    best = ranking[0]
    return Cost(_name(best, mine, played), (score[best] - score[mine]) / n, n,
                tuple(CARD_NAMES[c] for c in ranking),
                tuple((CARD_NAMES[c], (score[best] - score[classes[c]]) / n) for c in legal))


def real_extras(hand: Hand, full: Hand) -> tuple[list[int], list[int]]:
    """Per side, what the declarations that count and the belotes add in the real deal
    (``hand`` now, ``full`` the record's hand as far as it goes): the declarations counted
    after the first trick (before it, those the seats make), every belote said or still held
    whole."""
    rules, contract = hand.rules, hand.contract_in_play
    decl = [0] * rules.sides
    if rules.declarations_allowed(contract):
        counted = hand.counted if hand.counted is not None else full.counted
        if counted is None:
            made = [full.declared[s] if full.first_card_played[s] else hand.available[s]
                    for s in range(rules.players)]
            counted = rules.resolve_declarations(made, hand.dealer)
        for s, ds in enumerate(counted):
            decl[rules.side(s)] += sum(rules.declaration_points(d) for d in ds)
    belote = list(hand.belote)
    for s, suits in enumerate(hand.belote_pending):
        belote[rules.side(s)] += rules.belote_points * len(suits)
    return decl, belote


def exact_cost(hand: Hand, view: View, played: str, full: Hand,
               ranking: tuple[str, ...] = ()) -> Cost:
    """The cost of ``played`` in the real deal (``hand``, the seat to play), everyone playing
    double-dummy from there. ``ranking``: the order in which to test the other cards (the
    expected one: when its first card is the best, the other tests are quickest)."""
    knowledge = Knowledge(view)
    rules = hand.rules
    seat, side = hand.actor, rules.side(hand.actor)
    decl, belote = real_extras(hand, full)
    util = Utility(knowledge, decl, belote)
    legal = cards_of(hand.legal_mask())
    classes = move_classes(knowledge, legal)
    reps = list(dict.fromkeys(classes.values()))
    mine = classes[parse_card(played)]
    order = {classes[parse_card(c)]: i for i, c in reversed(list(enumerate(ranking)))}
    reps.sort(key=lambda c: order.get(c, len(order)))
    tables = knowledge.tables
    solver = Solver(tables, rules.players, rules.team, side,
                    rules.valat_stake(hand.contract_in_play))
    hands = list(hand.hands)
    trick, seats = list(hand.trick), list(hand.trick_seats)
    left = 8 - len(hand.tricks)
    vs = valat_state([rules.side(w) for _, _, w in hand.tricks])
    won = hand.points[side]
    out = 0
    for h in hands:
        out |= h
    for c in trick:
        out |= 1 << c
    remaining = LAST_TRICK + sum(tables.points[c] for c in cards_of(out))
    bonus = solver.bonus
    values = [-bonus] * (bonus > 0) + list(range(remaining + 1)) + [remaining + bonus] * (
        bonus > 0)

    def score(v: int) -> float:
        return util.score_margin(*util.outcome(won, v, remaining))

    def solve(c: int, alpha: int, beta: int) -> int:
        h = list(hands)
        h[seat] ^= 1 << c
        return solver.solve(h, trick + [c], seats + [seat], seat, left, vs, alpha, beta)

    def next_better(s: float) -> int | None:
        """The least value that scores more than ``s``."""
        return next((v for v in values if score(v) > s), None)

    played_score = best_score = score(solve(mine, -INF, INF))
    best = mine
    for c in reps:
        if c == mine:
            continue
        target = next_better(best_score)
        if target is None:
            break
        g = solve(c, target - 1, target)
        if g < target:
            continue  # scores no more than the best so far
        # its value, climbing from the bound by null windows (MTD(f)): cheaper than one wide
        # search when it is near the bound, as it mostly is
        low, high = g, INF
        while low < high:
            beta = g + 1 if g == low else g
            g = solve(c, beta - 1, beta)
            if g < beta:
                high = g
            else:
                low = g
        s = score(low)
        if s > best_score:
            best, best_score = c, s
    return Cost(_name(best, mine, played), best_score - played_score)


def _name(best: int, mine: int, played: str) -> str:
    """The card to show as best: the one played when it is as good."""
    return played if best == mine else CARD_NAMES[best]
