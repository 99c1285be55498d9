"""The exact cost of a card (belote/analysis/card_costs.py: the solvers and the Utility behind
it) against an independent brute force (tests/exact_oracle.py), in every rule set and table
size, on positions of the last tricks drawn by hypothesis."""

from __future__ import annotations

import random

import pytest
from exact_oracle import cost as oracle_cost
from exact_oracle import margins
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote.analysis.card_costs import exact_cost
from belote.analysis.moments import seat_view
from belote.cards import CARD_NAMES, KING, QUEEN, cards_of
from belote.hand import AUCTION, Hand
from belote.rules import CONFIGS, get_rules


def position(name: str, players: int, seed: int, left: int) -> Hand | None:
    """A hand of ``name`` for ``players`` dealt and bid at random, played at random (every
    seat declaring what it holds, or not) until ``left`` tricks are left and then part of a
    trick; None when it was thrown in or the seat to play has a single card."""
    rng = random.Random(seed)
    rules = get_rules(name, players)
    deck = list(range(32))
    rng.shuffle(deck)
    hand = Hand(rules, rng.randrange(players), deck)
    while hand.phase == AUCTION:
        actions = hand.legal_actions()
        bids = [a for a in actions if a != "pass"]
        hand.apply(rng.choice(bids) if bids and rng.random() < 0.3 else
                   rng.choice(actions))
    if hand.contract is None:
        return None
    declares = rng.random() < 0.7
    in_trick = rng.randrange(players)
    while 8 - len(hand.tricks) > left or len(hand.trick) < in_trick:
        seat = hand.actor
        if declares and not hand.first_card_played[seat]:
            hand.declare_all(seat)
        hand.play_card(rng.choice(cards_of(hand.legal_mask())))
    if hand.legal_mask().bit_count() < 2:
        return None
    return hand


def check(hand: Hand, rng: random.Random) -> float:
    """The exact cost of a random legal card equals the oracle's; returns it."""
    played = rng.choice(cards_of(hand.legal_mask()))
    view = seat_view(hand, hand.actor)
    got = exact_cost(hand, view, CARD_NAMES[played], hand)
    want, best = oracle_cost(hand, played)
    assert got.cost == pytest.approx(want, abs=1e-9), (CARD_NAMES[played], got, want)
    from belote.cards import parse_card
    assert parse_card(got.best) in best or got.cost == 0
    return want


@pytest.mark.parametrize("name,players", CONFIGS, ids=[f"{n}-{p}" for n, p in CONFIGS])
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), left=st.integers(2, 4))
def test_the_exact_cost_equals_the_brute_force(name, players, seed, left):
    if players == 4 and left == 4:
        left = 3  # four full tricks of four players: the brute force takes seconds
    hand = position(name, players, seed, left)
    if hand is None:
        return
    check(hand, random.Random(seed))


def belote_hand(discard: bool) -> Hand:
    """Bulgarian all-trumps, four tricks left, seat 1 holding KH QH and no spade: a spade led,
    it may discard a king or queen of its belot (lost, RULES.md §2) or play another card."""
    for seed in range(20000):
        hand = position("bulgarian", 4, seed, 4)
        if hand is None or hand.contract_in_play.kind != "all-trumps" or hand.trick:
            continue
        for seat, suits in enumerate(hand.belote_pending):
            for su in suits:
                if su in hand.belote_said[seat]:
                    continue
                others = hand.hands[seat] & ~(0xFF << (8 * su))
                kq = (1 << (8 * su + KING)) | (1 << (8 * su + QUEEN))
                if hand.hands[seat] & kq == kq and others and (hand.actor + 1) % 4 == seat:
                    return hand
    raise AssertionError("no such hand")


def test_a_belot_discarded_on_another_suit_is_lost_in_the_exact_cost():
    """RULES.md §2: in all-trumps, a belot whose first card is discarded on a trick of another
    suit is lost; the exact cost counts it so."""
    hand = belote_hand(True)
    rng = random.Random(1)
    for c in cards_of(hand.legal_mask()):
        view = seat_view(hand, hand.actor)
        got = exact_cost(hand, view, CARD_NAMES[c], hand)
        want, _ = oracle_cost(hand, c)
        assert got.cost == pytest.approx(want, abs=1e-9)
    assert margins(hand)
    check(hand, rng)
