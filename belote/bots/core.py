"""Fast tables and move generation on bit masks, shared by every bot, the solver and rollouts.

A :class:`Tables` holds, for one contract and one rule set's duties, the trick order and points
of each card and, for each card, the mask of the cards of its suit that beat it. The function
:func:`legal_mask` is the engine's :func:`belote.play.legal` restated on these tables (the
solver test checks the two agree), cheap enough to be called millions of times.
"""

from __future__ import annotations

from ..cards import SUIT_MASK
from ..contract import Contract
from ..play import Duties

_CACHE: dict = {}


class Tables:
    """Per-contract constants: ``strength``, ``points``, ``higher`` (per card), ``trump`` (-1
    when none), ``ranked`` (per suit: must beat when following), duties flags, and per suit the
    cards from weakest to strongest (``order``)."""

    __slots__ = ("strength", "points", "higher", "trump", "ranked", "partner_frees",
                 "undertrump", "order", "kind", "trump_mask", "lower")

    def __init__(self, contract: Contract, duties: Duties):
        self.kind = contract.kind
        self.strength = contract.strength
        self.points = contract.points
        self.trump = contract.trump_suit
        self.trump_mask = SUIT_MASK[self.trump] if self.trump >= 0 else 0
        self.ranked = tuple(contract.is_trump_ranked(s) or duties.beat_plain_lead
                            for s in range(4))
        self.partner_frees = duties.partner_frees
        self.undertrump = duties.undertrump
        higher, lower = [], []
        for c in range(32):
            h = lo = 0
            for d in range(c & ~7, (c & ~7) + 8):
                if self.strength[d] > self.strength[c]:
                    h |= 1 << d
                elif self.strength[d] < self.strength[c]:
                    lo |= 1 << d
            higher.append(h)
            lower.append(lo)
        self.higher = tuple(higher)
        self.lower = tuple(lower)
        self.order = tuple(tuple(sorted(range(8 * s, 8 * s + 8), key=self.strength.__getitem__))
                           for s in range(4))


def tables_for(contract: Contract, duties: Duties) -> Tables:
    key = (contract.kind, contract.trump, duties)
    t = _CACHE.get(key)
    if t is None:
        t = _CACHE[key] = Tables(contract, duties)
    return t


def legal_mask(hand: int, led: int, top_led: int, win_card: int, partner_winning: bool,
               tables: Tables) -> int:
    """Cards of ``hand`` that may be played on a trick whose led suit is ``led`` (-1: leading),
    whose highest card of the led suit is ``top_led`` and whose winning card is ``win_card``;
    ``partner_winning`` when a partner of the player holds the trick."""
    if led < 0:
        return hand
    follow = hand & SUIT_MASK[led]
    if follow:
        if tables.ranked[led]:
            higher = follow & tables.higher[top_led]
            if higher:
                return higher
        return follow
    trump = tables.trump
    if trump < 0:
        return hand
    trumps = hand & tables.trump_mask
    if not trumps:
        return hand
    if partner_winning and tables.partner_frees:
        return hand
    if win_card >> 3 == trump:
        higher = trumps & tables.higher[win_card]
        if higher:
            return higher
        if tables.undertrump:
            return trumps
        return hand
    return trumps


def beats(card: int, win_card: int, tables: Tables) -> bool:
    """Whether ``card`` played now takes the trick from ``win_card``."""
    if card >> 3 == win_card >> 3:
        return tables.strength[card] > tables.strength[win_card]
    return card >> 3 == tables.trump


def trick_winner(cards, tables: Tables) -> int:
    """Index of the winning card of a (partial) trick."""
    w = 0
    for i in range(1, len(cards)):
        if beats(cards[i], cards[w], tables):
            w = i
    return w


def top_of_led(cards, tables: Tables) -> int:
    led = cards[0] >> 3
    top = cards[0]
    for c in cards[1:]:
        if c >> 3 == led and tables.strength[c] > tables.strength[top]:
            top = c
    return top


def lowest(mask: int, tables: Tables) -> int:
    """The weakest card of ``mask`` by points then strength (for discards)."""
    best, key = -1, None
    m = mask
    while m:
        low = m & -m
        c = low.bit_length() - 1
        m ^= low
        k = (tables.points[c], c >> 3 == tables.trump, tables.strength[c])
        if key is None or k < key:
            best, key = c, k
    return best


def bits(mask: int):
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
