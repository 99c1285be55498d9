"""What a bid cost: expected over deals consistent with the seat's cards and the bids it heard,
and exact in the real deal.

The options valued are the Expert's candidates (:func:`belote.bots.bidding.candidates`: pass,
double and redouble when legal, the words the Normal's valuation likes best), the word its prior
would say, and the word played. Values are the hand's score margin for the seat's side (its
score minus the others' mean), with no match context (the hand alone).

- *Expected* (:class:`BidSample`): the Expert's bidding evaluation
  (:meth:`belote.bots.bidding.SimulatedBidding.evaluate`): on each of ``worlds`` sampled deals,
  each word followed by the rest of the auction bid by the quick policy, the hand played by the
  rule player seeing every hand, scored by the rule set. ``best`` is the word with the best
  mean; the cost is its mean minus the played word's, never negative.
- *Exact* (:func:`exact_cost`): the real deal. After the played word the rest of the auction
  is the record's; after another word it is bid by the same policy, each seat with its real
  cards. The contract reached is then played by everyone perfectly, approximately: the rule
  player (seeing every hand) plays the first four tricks and the double-dummy solver the last
  four (:data:`EXACT_TRICKS`; solving all eight tricks takes seconds per contract). Everyone
  declares what it holds. The cost is the best word's score minus the played word's. With
  three players the last tricks are searched on the score itself (:func:`score_search`): the
  two others play as one against the seat and each line is scored with the three players'
  real points, the model of the card costs, so the cost is the true one (an even split of the
  others' points would hide a contract that one of them beats alone).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from ..bots.bidder import Bidder, baseline_policy, utility
from ..bots.bidding import SimulatedBidding, candidates
from ..bots.core import tables_for
from ..bots.knowledge import Knowledge
from ..bots.playout import playout
from ..bots.score_solver import ScoreSolver
from ..bots.simulate import auctioned, seat_cards
from ..bots.solver import NO_TRICK, Solver
from ..bots.valued_bidding import valued_policy
from ..cards import KING, QUEEN, cards_of
from ..contract import LAST_TRICK, Contract
from ..hand import Hand
from ..rules import RuleSet
from ..scoring import HandResult
from ..view import View
from .card_costs import Cost
from .verdicts import paired

# The exact cost of a bid: the double-dummy solver plays this many last tricks, the rule player
# (seeing every hand) the ones before.
EXACT_TRICKS = 4


def bidder_of(view: View) -> Bidder:
    """The seat's bidding knowledge, with no match score (the hand alone)."""
    knowledge = Knowledge(view)
    bidder = Bidder.of_view(view, knowledge.rules, knowledge.hand)
    bidder.totals = []
    return bidder


def words_to_value(bidder: Bidder, played: str) -> list[str]:
    """The Expert's candidates, its prior's word and the word played."""
    words = candidates(bidder)
    for w in (valued_policy(bidder), played):
        if w not in words:
            words.append(w)
    return words


class BidSample:
    """Each of ``words`` valued by the Expert's bidding evaluation on deals consistent with the
    seat's view (``rng``): call :meth:`more` for deals, then :meth:`cost`. Kept per deal, so
    that a close call can be sampled further and its margin measured."""

    def __init__(self, view: View, played: str, words: list[str], rng,
                 clock: Callable[[], float]):
        self.bidder = bidder_of(view)
        self.played, self.words, self.rng, self.clock = played, words, rng, clock
        self.values: dict[str, list[float]] = {w: [] for w in words}

    @property
    def n(self) -> int:
        return len(self.values[self.played])

    def more(self, worlds: int, budget: float | None = None, min_worlds: int = 8) -> int:
        """Sample up to ``worlds`` more deals (within ``budget`` seconds of the clock when
        given, but at least ``min_worlds``); how many were added."""
        if budget is None:
            bidding = SimulatedBidding(self.rng, self.clock, float("inf"), max_deals=worlds,
                                       min_deals=worlds)
        else:
            bidding = SimulatedBidding(self.rng, self.clock, budget, max_deals=worlds,
                                       min_deals=min(worlds, min_worlds))
        got = bidding.evaluate(self.bidder, self.words)
        for w in self.words:
            self.values[w] += got[w]
        return bidding.last_deals

    def cost(self) -> Cost:
        """The best word, the played one's cost and its margin (when the played word is the
        best, the margin of its lead over the next one)."""
        n = self.n
        if n == 0:
            return Cost(self.played, 0.0, 0)
        total = {w: sum(self.values[w]) for w in self.words}
        ranking = sorted(self.words, key=lambda w: (total[w], w == self.played), reverse=True)
        best = ranking[0]
        options = tuple((w, (total[best] - total[w]) / n) for w in self.words)
        if best == self.played:
            margin = paired(self.values[best], self.values[ranking[1]])[1] \
                if len(ranking) > 1 else 0.0
            return Cost(best, 0.0, n, tuple(ranking), margin, options=options)
        cost, margin = paired(self.values[best], self.values[self.played])
        return Cost(best, cost, n, tuple(ranking), margin, options=options)

    def facts(self, best: str) -> dict:
        """What the sample says of the played word against ``best``: on how many deals the
        best scores more, as much, and on how many the played word loses points."""
        b, m = self.values[best], self.values[self.played]
        return {"n": self.n, "better": sum(x > y for x, y in zip(b, m)),
                "same": sum(x == y for x, y in zip(b, m)), "loses": sum(y < 0 for y in m)}


def exact_cost(hand: Hand, played: str, words: list[str], rest: list[str]) -> Cost:
    """The cost of ``played`` among ``words`` in the real deal (``hand``, the seat to bid);
    ``rest``: the record's words after the played one."""
    rules, seat = hand.rules, hand.actor
    side = rules.side(seat)
    held = seat_cards(rules, hand.dealer, hand.deck)
    played_out: dict[tuple, HandResult | None] = {}
    value = {}
    for w in words:
        auction = rules.make_auction((hand.dealer + 1) % rules.players, hand.turned)
        for x in hand.auction.words + [w] + (rest if w == played else []):
            if auction.done:
                break
            auction.apply(x)
        while not auction.done:
            s = auction.seat
            auction.apply(baseline_policy(Bidder(rules, s, held[s], hand.dealer,
                                                 auction.history(), auction.legal(),
                                                 hand.turned, [])))
        contract = auction.contract
        if contract is None:
            value[w] = 0.0
            continue
        if rules.sides > 2:  # the search is on the score itself: the contract is in it
            value[w] = perfect_value(hand, auction.words, side)
            continue
        key = (contract.kind, contract.trump, contract.bidder, rules.valat_stake(contract))
        if key not in played_out:
            played_out[key] = perfect_play(hand, auction.words, side)
        result = played_out[key]
        assert result is not None
        value[w] = utility(rules, replace(result, contract=contract), side)
    best = max(words, key=lambda w: (value[w], w == played))
    return Cost(best, value[best] - value[played])


def perfect_play(deal: Hand, words: list[str], side: int) -> HandResult | None:
    """The hand dealt as ``deal`` was, bid ``words``, played out: the rule player (seeing every
    hand) down to :data:`EXACT_TRICKS` tricks, then double-dummy for ``side``. Everyone declares
    all it holds. None for a hand thrown in. Two sides only: with three players the score is
    not a function of ``side``'s card points (:func:`perfect_value`)."""
    got = _played_to_the_end(deal, words)
    if got is None:
        return None
    rules, contract, tables, hands, leader, left, vs, points, extras = got
    if rules.sides != 2:
        raise ValueError("perfect_play is for two sides: use perfect_value")
    decl, belote, outright = extras
    solver = Solver(tables, rules.players, rules.team, side, rules.valat_stake(contract))
    v = solver.solve(hands, [], [], leader, left, vs)
    out = 0
    for h in hands:
        out |= h
    remaining = LAST_TRICK + sum(tables.points[c] for c in cards_of(out))
    other = 1 - side
    valat = None
    if v > remaining:
        gained, valat = remaining, side
    elif v < 0:
        gained, valat = 0, other
    else:
        gained = v
    points[side] += gained
    points[other] += remaining - gained
    return HandResult(2, contract, rules.side(contract.bidder), points, _tricks(2, valat),
                      decl, belote, valat, outright)


def perfect_value(deal: Hand, words: list[str], side: int) -> float:
    """The score margin of ``side`` (:func:`belote.bots.bidder.utility`) when the hand dealt
    as ``deal`` was is bid ``words`` and played out as :func:`perfect_play` plays it (0 for a
    hand thrown in). With three players the last tricks are searched on the score itself
    (:class:`belote.bots.score_solver.ScoreSolver`): the two others play as one against the seat,
    and every finished line is scored with the three players' real points, the model of the
    card costs (:mod:`.card_costs`), so the cost reported is the true one."""
    if deal.rules.sides == 2:
        result = perfect_play(deal, words, side)
        return 0.0 if result is None else utility(deal.rules, result, side)
    got = _played_to_the_end(deal, words)
    if got is None:
        return 0.0
    rules, contract, tables, hands, leader, left, vs, points, extras = got
    return score_search(rules, contract, tables, hands, leader, left, vs, points, extras, side)


def score_search(rules: RuleSet, contract: Contract, tables, hands: list[int], leader: int,
                 left: int, vs: int, points: list[int], extras, side: int) -> float:
    """The score margin of ``side`` (:func:`utility`) from a trick's start (``leader`` to
    lead, ``left`` tricks left, ``vs`` the valat state, ``points`` per side so far), everyone
    playing perfectly, ``side`` against the others as one; ``extras``: per side the
    declarations and belotes, and the side a declaration makes win outright (or None)."""
    decl, belote, outright = extras
    sides, bidders = rules.sides, rules.side(contract.bidder)

    def leaf(pts, valat, bel) -> float:
        return utility(rules, HandResult(sides, contract, bidders, list(pts),
                                         _tricks(sides, valat), decl, list(bel), valat,
                                         outright), side)

    solver = ScoreSolver(tables, rules.players, rules.team, side, leaf)
    return solver.solve(hands, [], [], leader, left, vs, points, belote)


def _played_to_the_end(deal: Hand, words: list[str]):
    """The hand bid ``words``, its first tricks played by the rule player seeing every hand:
    (rules, contract, tables, hands, leader, tricks left, valat state, points per side,
    extras); None
    for a hand thrown in."""
    rules = deal.rules
    got = auctioned(rules, deal.dealer, deal.deck, words)
    if got is None:
        return None
    hand, contract = got
    extras = _extras(hand)
    tables = tables_for(contract, hand.duties)
    hands = list(hand.hands)
    points = [0] * rules.sides
    leader, left, vs = playout(hands, [], [], hand.actor, 8, NO_TRICK, points, tables,
                               rules.team, rules.players, rules.side(contract.bidder),
                               EXACT_TRICKS)
    return rules, contract, tables, hands, leader, left, vs, points, extras


def _tricks(sides: int, valat: int | None) -> list[int]:
    """Tricks per side as the scoring reads them: 8 to the valat's side, else one each."""
    return [8 if s == valat else (0 if valat is not None else 1) for s in range(sides)]


def _extras(hand: Hand) -> tuple[list[int], list[int], int | None]:
    """Per side, the declarations that count when everyone declares all it holds, the belotes
    held, and the side a declaration makes win outright (Bela's eight)."""
    rules, contract = hand.rules, hand.contract_in_play
    decl = [0] * rules.sides
    outright = None
    if rules.declarations_allowed(contract):
        for s, ds in enumerate(rules.resolve_declarations(hand.available, hand.dealer)):
            for d in ds:
                decl[rules.side(s)] += rules.declaration_points(d)
                if rules.wins_outright(d):
                    outright = rules.side(s)
    belote = [0] * rules.sides
    for s in range(rules.players):
        for su in rules.belote_suits(contract):
            kq = (1 << (su * 8 + KING)) | (1 << (su * 8 + QUEEN))
            if hand.hands[s] & kq == kq:
                belote[rules.side(s)] += rules.belote_points
    return decl, belote, outright
