"""What a card cost: expected over deals the seat could not tell from the real one, and exact in
the real deal.

Both are in points of the hand's score for the seat's side: its score minus the others' (mean)
when the hand is scored by the rule set (made or inside, litige, valat, doubling, rounding), the
same measure the Expert plays for (:class:`belote.bots.deal_values.Utility`, without its tie-break).

- *Expected* (:class:`CardSample`): the Expert's own valuation, on ``worlds`` deals sampled
  consistently with what the seat knew (:class:`belote.bots.sampler.Sampler`), every candidate
  card and the card played valued on the same deals (:class:`belote.bots.deal_values.DealValues`:
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

from ..bots.core import beats, legal_mask, lowest, top_of_led, trick_winner
from ..bots.deal_values import DealValues, Utility, move_classes
from ..bots.knowledge import Knowledge
from ..bots.sampler import Sampler
from ..bots.score_solver import ScoreSolver
from ..bots.solver import INF, Solver, valat_state
from ..cards import CARD_NAMES, cards_of, parse_card
from ..contract import LAST_TRICK
from ..hand import Hand
from ..view import View
from .verdicts import paired


@dataclass(frozen=True)
class Cost:
    """The best option and what the played one cost against it (score points, >= 0)."""

    best: str
    cost: float
    worlds: int = 0
    ranking: tuple[str, ...] = ()  # the options, best first (the expected cost of cards)
    margin: float = 0.0            # the expected cost's 95% margin (verdicts.paired)
    reason: dict | None = None     # why, from the sample's facts (verdicts.reason)
    # The expected cost of every option valued, against the best (a card equivalent to a
    # valued one has its cost): what "Learn from your mistakes" judges a new pick by.
    options: tuple[tuple[str, float], ...] = ()


class CardSample:
    """Every distinct legal card of the seat to play (``view``), valued by the Expert on deals
    sampled consistently with what it knew (``rng``): call :meth:`more` for deals, then
    :meth:`cost`. Kept per deal, so that a close call can be sampled further (the same
    stream of deals goes on) and its margin measured."""

    def __init__(self, view: View, played: str, rng):
        self.knowledge = knowledge = Knowledge(view)
        legal = [c for c in cards_of(knowledge.legal_cards())]
        self.classes = classes = move_classes(knowledge, legal)
        self.reps = list(dict.fromkeys(classes.values()))
        self.mine = classes[parse_card(played)]
        self.played = played
        self.util = Utility(knowledge)
        self.values = DealValues(knowledge, self.util, tie_break=False)
        self.sampler = Sampler(knowledge, rng)
        self.scores: dict[int, list[float]] = {c: [] for c in self.reps}
        self.tied = {c: 0.0 for c in self.reps}
        self.takes = {c: 0 for c in self.reps}   # deals where the card's side takes the trick
        self.exhausted = False

    @property
    def n(self) -> int:
        return len(self.scores[self.mine])

    def more(self, worlds: int, stop: Callable[[int], bool] | None = None) -> int:
        """Sample up to ``worlds`` more deals (``stop(n)``, asked before each after ``n`` in
        all, ends early: a time budget); how many were added."""
        added = 0
        values = self.values
        while added < worlds and not self.exhausted and not (stop and stop(self.n)):
            hands = self.sampler.sample()
            if hands is None:
                self.exhausted = True
                break
            values.deal(hands)
            for c in self.reps:
                score, tied = values.values(c)
                self.scores[c].append(score)
                self.tied[c] += tied
                self.takes[c] += _side_takes(self.knowledge, hands, c)
            added += 1
        return added

    def ranking(self) -> list[int]:
        """The cards, best first: the best mean score; equal scores, as the Expert breaks the
        tie (card points); then the card played."""
        total = {c: sum(v) for c, v in self.scores.items()}
        return sorted(self.reps, key=lambda c: (total[c], self.tied[c], c == self.mine),
                      reverse=True)

    def cost(self) -> Cost:
        """The best card, the played one's cost and its margin (:func:`.verdicts.paired`);
        when the played card is the best, the margin of its lead over the next one."""
        n = self.n
        if n == 0:
            return Cost(self.played, 0.0, 0)
        ranking = self.ranking()
        best, mine = ranking[0], self.mine
        if best == mine:
            margin = paired(self.scores[mine], self.scores[ranking[1]])[1] \
                if len(ranking) > 1 else 0.0
            cost = 0.0
        else:
            cost, margin = paired(self.scores[best], self.scores[mine])
        total = {c: sum(v) for c, v in self.scores.items()}
        options = tuple((CARD_NAMES[c], (total[best] - total[rep]) / n)
                        for c, rep in self.classes.items())
        return Cost(_name(best, mine, self.played), cost, n,
                    tuple(CARD_NAMES[c] for c in ranking), margin, options=options)

    def facts(self, best: str) -> dict:
        """What the sample says of the played card against ``best`` (card names): on how many
        deals each takes the trick (every later player trying to take it for its side), on
        how many the best scores more, as much."""
        b, m = self.classes_of(best), self.mine
        better = sum(x > y for x, y in zip(self.scores[b], self.scores[m]))
        same = sum(x == y for x, y in zip(self.scores[b], self.scores[m]))
        return {"n": self.n, "better": better, "same": same, "takes_best": self.takes[b],
                "takes_played": self.takes[m]}

    def classes_of(self, card: str) -> int:
        c = parse_card(card)
        return c if c in self.scores else self.mine


def _side_takes(knowledge: Knowledge, hands, c: int) -> int:
    """1 when the seat's side takes the current trick after it plays ``c`` on this deal, each
    later player taking it for its own side when it can (its strongest winning card), else
    playing its least card; 0 otherwise."""
    tables, rules = knowledge.tables, knowledge.rules
    cards = knowledge.trick_cards + [c]
    seats = knowledge.trick_seats + [knowledge.seat]
    w = trick_winner(cards, tables)
    seat = knowledge.seat
    for _ in range(knowledge.n - len(cards)):
        seat = (seat + 1) % knowledge.n
        led = cards[0] >> 3
        mine = rules.side(seat) == rules.side(seats[w])
        legal = legal_mask(hands[seat], led, top_of_led(cards, tables), cards[w], mine, tables)
        winning = [x for x in cards_of(legal) if beats(x, cards[w], tables)]
        if winning and not mine:
            x = max(winning, key=lambda x: (x >> 3 == tables.trump, tables.strength[x]))
        else:
            x = lowest(legal, tables)
        cards.append(x)
        seats.append(seat)
        w = trick_winner(cards, tables)
    return int(rules.side(seats[w]) == knowledge.side)


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
    stake = belotes_at_stake(hand)
    for seat_, _ in stake:  # not counted yet: the search finds whether it is said
        belote[rules.side(seat_)] -= rules.belote_points
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
    util.in_play(sum(hand.points) + remaining)
    if rules.sides > 2 or stake:
        return _scored_cost(hand, util, tables, reps, mine, played, stake)
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


def belotes_at_stake(hand: Hand) -> frozenset[tuple[int, int]]:
    """The (seat, suit) belotes whose first card is still to play and may be played where it
    does not count (docs/rules.md §2: discarded on another suit in all-trumps)."""
    rules, contract = hand.rules, hand.contract_in_play
    return frozenset((seat, su) for seat, suits in enumerate(hand.belote_pending)
                     for su in suits if su not in hand.belote_said[seat]
                     and not all(rules.belote_counts(contract, su, led) for led in range(4)))


def _scored_cost(hand: Hand, util: Utility, tables, reps, mine: int, played: str,
                 stake) -> Cost:
    """:func:`exact_cost` by the search on the score itself (:class:`ScoreSolver`): with three
    players, whose score depends on how the two others share their points (they play as one
    against the seat, its worst case), and while a belote may still be lost."""
    rules, contract = hand.rules, hand.contract_in_play
    seat = hand.actor
    solver = ScoreSolver(tables, rules.players, rules.team, rules.side(seat), util.leaf(False),
                         lambda su, led: rules.belote_counts(contract, su, led),
                         rules.belote_points)
    vs = valat_state([rules.side(w) for _, _, w in hand.tricks])
    trick, seats = list(hand.trick), list(hand.trick_seats)
    leader = seats[0] if seats else seat
    left = 8 - len(hand.tricks)

    def solve(c: int, alpha: float) -> float:
        h = list(hand.hands)
        h[seat] ^= 1 << c
        belote, pending = solver.after(seat, c, trick, util.bel, stake)
        return solver.solve(h, trick + [c], seats + [seat], leader, left, vs, hand.points,
                            belote, pending, alpha, INF)

    best = mine
    played_score = best_score = solve(mine, -INF)
    for c in reps:
        if c != mine:
            v = solve(c, best_score)  # above the best so far, the value is exact
            if v > best_score:
                best, best_score = c, v
    return Cost(_name(best, mine, played), best_score - played_score)


def _name(best: int, mine: int, played: str) -> str:
    """The card to show as best: the one played when it is as good."""
    return played if best == mine else CARD_NAMES[best]
