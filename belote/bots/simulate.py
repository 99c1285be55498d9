"""Whole hands simulated from a deal, for bidding: the deck completed consistently with what a
seat holds, the rest of the auction bid by a policy, the cards played by the rule player seeing
every hand, and the hand scored by the rule set.

The Expert's bidding values each of its candidate bids this way over many deals
(:mod:`belote.bots.bidding`); the same simulation fits the Normal bot's valuation
(``scripts/fit_bidding.py``).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

from ..cards import KING, QUEEN, cards_of
from ..contract import Contract
from ..hand import AUCTION, PLAY, Hand
from ..rules import RuleSet, get_rules
from ..scoring import HandResult
from .core import tables_for
from .playout import playout
from .solver import NO_TRICK


@cache
def _shape(rules_name: str, players: int, dealer: int):
    """Which deck positions each seat sees before the auction (not a talon, which stays face
    down), and the turned card's."""
    rules = get_rules(rules_name, players)
    hand = Hand(rules, dealer, list(range(32)))
    before = tuple(tuple(cards_of(hand.hands[s])) for s in range(players))
    return before, hand.turned


def deal_shape(rules: RuleSet, dealer: int) -> tuple[tuple[tuple[int, ...], ...], int | None]:
    """(per seat the deck positions dealt before the auction, the turned card's position)."""
    return _shape(rules.name, rules.players, dealer)


def complete_deck(rules: RuleSet, dealer: int, seat: int, cards: int, turned: int | None,
                  rng, fixed=None) -> list[int]:
    """A deck in dealing order in which ``seat`` holds ``cards`` (a mask of what it sees before
    the auction) and the turned card is ``turned``; every other card placed at random, except
    ``fixed``: per seat, a mask of cards known to be there."""
    before, turned_at = deal_shape(rules, dealer)
    deck = [-1] * 32
    used = cards
    if turned is not None and turned_at is not None:
        deck[turned_at] = turned
        used |= 1 << turned
    mine = cards_of(cards)
    for pos, c in zip(before[seat], mine):
        deck[pos] = c
    for s, known in enumerate(fixed or ()):
        if s == seat or not known:
            continue
        free = [p for p in before[s] if deck[p] < 0]
        for pos, c in zip(free, cards_of(known)):
            deck[pos] = c
            used |= 1 << c
    rest = [c for c in range(32) if not used >> c & 1]
    rng.shuffle(rest)
    it = iter(rest)
    for i in range(32):
        if deck[i] < 0:
            deck[i] = next(it)
    return deck


def seat_cards(rules: RuleSet, dealer: int, deck: list[int]) -> list[int]:
    """What each seat sees of its cards during the auction, as masks."""
    before, _ = deal_shape(rules, dealer)
    out = []
    for positions in before:
        m = 0
        for p in positions:
            m |= 1 << deck[p]
        out.append(m)
    return out


def auctioned(rules: RuleSet, dealer: int, deck: list[int],
              words: list[str]) -> tuple[Hand, Contract] | None:
    """The hand dealt from ``deck`` after the finished auction ``words``, and its contract; None
    if thrown in."""
    hand = Hand(rules, dealer, deck)
    for w in words:
        hand.apply(w)
    if hand.phase == AUCTION:
        raise ValueError("the auction is not over")
    return None if hand.contract is None else (hand, hand.contract)


def play_out(rules: RuleSet, dealer: int, deck: list[int], words: list[str],
             contract: Contract | None = None) -> HandResult | None:
    """The hand dealt from ``deck`` and bid ``words`` (a finished auction), played out by the rule
    player at every seat seeing every hand, everyone declaring all it holds; None if thrown in.
    With ``contract``, the result is for that contract instead of the auction's (the same trump
    and bidder: the play is the same, only the score differs)."""
    got = auctioned(rules, dealer, deck, words)
    if got is None:
        return None
    hand, contract = got[0], contract or got[1]
    sides = rules.sides
    decl = [0] * sides
    outright = None
    if rules.declarations_allowed(contract):
        counted = rules.resolve_declarations(hand.available, dealer)
        for s, ds in enumerate(counted):
            for d in ds:
                decl[rules.side(s)] += rules.declaration_points(d)
                if rules.wins_outright(d):
                    outright = rules.side(s)
    belote = [0] * sides
    for s in range(rules.players):
        for su in rules.belote_suits(contract):
            kq = (1 << (su * 8 + KING)) | (1 << (su * 8 + QUEEN))
            if hand.hands[s] & kq == kq:
                belote[rules.side(s)] += rules.belote_points
    tables = tables_for(contract, hand.duties)
    pts = [0] * sides
    bidders = rules.side(contract.bidder)
    _, _, vs = playout(list(hand.hands), [], [], hand.actor, 8, NO_TRICK, pts, tables, rules.team,
                       rules.players, bidders)
    valat = vs if vs >= 0 else None
    tricks = [8 if s == valat else 1 for s in range(sides)]
    return HandResult(sides, contract, bidders, pts, tricks, decl, belote, valat, outright)


class Outcomes:
    """The played-out results of one deal, by contract: a contract is played out once, and its
    doubled or other-level versions are scored from the same play."""

    def __init__(self, rules: RuleSet, dealer: int, deck: list[int]):
        self.rules, self.dealer, self.deck = rules, dealer, deck
        self.played: dict[tuple, HandResult | None] = {}

    def result(self, words: list[str], contract: Contract | None) -> HandResult | None:
        if contract is None:
            return None
        key = (contract.kind, contract.trump, contract.bidder)
        if key not in self.played:
            self.played[key] = play_out(self.rules, self.dealer, self.deck, words)
        base = self.played[key]
        if base is None or base.contract == contract:
            return base
        return replace(base, contract=contract)


def play_by_bots(rules: RuleSet, dealer: int, deck: list[int], words: list[str],
                 bots: list) -> HandResult | None:
    """The same hand played by ``bots`` (one per seat: :func:`belote.bots.make_bot`), each
    seeing only its own cards (slower than :func:`play_out`, and as well as those bots play)."""
    hand = Hand(rules, dealer, deck)
    for w in words:
        hand.apply(w)
    while hand.phase == PLAY:
        seat = hand.actor
        hand.apply(bots[seat].choose(hand.view(seat)))
    return hand.facts
