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

from belote.analysis.bid_costs import score_search
from belote.analysis.card_costs import belotes_at_stake, exact_cost
from belote.bots.core import tables_for
from belote.bots.score_solver import ScoreSolver
from belote.bots.solver import NO_TRICK, Solver, valat_state
from belote.cards import CARD_NAMES, cards_of, parse_card
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


def check(hand: Hand, rng: random.Random | None = None) -> float:
    """The exact cost of a random legal card (``rng``; else of each) equals the oracle's."""
    if rng is None:
        return max(check_card(hand, c) for c in cards_of(hand.legal_mask()))
    return check_card(hand, rng.choice(cards_of(hand.legal_mask())))


def check_card(hand: Hand, played: int) -> float:
    """The exact cost of ``played`` equals the oracle's, its best card is one of the oracle's
    best; returns the cost."""
    view = hand.view(hand.actor)
    got = exact_cost(hand, view, CARD_NAMES[played], hand)
    want, best = oracle_cost(hand, played)
    assert got.cost == pytest.approx(want, abs=1e-9), (CARD_NAMES[played], got, want)
    assert parse_card(got.best) in best
    return want


@pytest.mark.parametrize("name,players", CONFIGS, ids=[f"{n}-{p}" for n, p in CONFIGS])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), left=st.integers(2, 4))
def test_the_exact_cost_equals_the_brute_force(name, players, seed, left):
    if players == 4 and left == 4:
        left = 3  # four full tricks of four players: the brute force takes seconds
    hand = position(name, players, seed, left)
    if hand is None:
        return
    check(hand, random.Random(seed))


def test_a_belot_discarded_on_another_suit_is_lost_in_the_exact_cost():
    """docs/rules.md §2: in all-trumps a belot whose first card is discarded on a trick of another
    suit is lost. Positions where a belot is still at stake: the exact cost is the oracle's,
    which plays the belot out card by card as the engine does. (Three tricks left: with four,
    each position's brute force takes twenty times as long.)"""
    checked = lost = 0
    for seed in range(3000):
        hand = position("bulgarian", 4, seed, 3)
        if hand is None or not belotes_at_stake(hand):
            continue
        check(hand)
        checked += 1
        # a card that discards the first card of a belot at stake: its margin is below the
        # one it would have if the belot were kept
        for seat, su in belotes_at_stake(hand):
            led = hand.trick[0] >> 3 if hand.trick else None
            if seat == hand.actor and led is not None and led != su:
                lost += any(c >> 3 == su for c in cards_of(hand.legal_mask()))
        if checked >= 25 and lost >= 2:
            break
    assert checked >= 25 and lost >= 2


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2 ** 32 - 1), left=st.integers(1, 3),
       config=st.sampled_from([c for c in CONFIGS if c[1] != 3]))
def test_the_score_search_with_a_linear_leaf_is_the_point_solver(seed, left, config):
    """With two sides and the side's own card points as its leaf, the search on the score
    finds the double-dummy solver's value (valat apart: no bonus)."""
    hand = position(*config, seed, left)
    if hand is None:
        return
    rules = hand.rules
    side = rules.side(hand.actor)
    tables = tables_for(hand.contract_in_play, hand.duties)
    trick, seats = list(hand.trick), list(hand.trick_seats)
    leader = seats[0] if seats else hand.actor
    left_ = 8 - len(hand.tricks)
    solver = Solver(tables, rules.players, rules.team, side, 0)
    scorer = ScoreSolver(tables, rules.players, rules.team, side,
                         lambda points, valat, belote: points[side])
    want = solver.solve(list(hand.hands), trick, seats, leader, left_, NO_TRICK)
    got = scorer.solve(list(hand.hands), trick, seats, leader, left_, NO_TRICK,
                       [0] * rules.sides, [0] * rules.sides)
    assert got == want


# --- bids: the contract's last tricks (belote/analysis/bid_costs.py) ------------------------
def at_trick_start(name: str, players: int, seed: int, left: int) -> Hand | None:
    """:func:`position`'s hand played on at random to a trick's start with ``left`` tricks
    left (where a bid's exact cost hands over to the search); None as there."""
    hand = position(name, players, seed, left + 1)
    rng = random.Random(seed)
    while hand is not None and (hand.trick or 8 - len(hand.tricks) > left):
        hand.play_card(rng.choice(cards_of(hand.legal_mask())))
    return hand


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2 ** 32 - 1), left=st.integers(2, 4))
def test_a_bids_last_tricks_with_three_players_are_valued_as_the_brute_force(seed, left):
    """With three players a bid's exact cost searches the contract's last tricks on the score
    itself (the two others as one, the three players' real points), as the card costs do:
    the value is the oracle's, not that of an even split of the others' points."""
    hand = at_trick_start("classic", 3, seed, left)
    if hand is None or any(hand.belote_pending):
        return
    rules, contract = hand.rules, hand.contract_in_play
    side = rules.side(hand.actor)
    decl = [0] * rules.sides
    for seat, ds in enumerate(hand.counted or []):
        decl[rules.side(seat)] += sum(rules.declaration_points(d) for d in ds)
    got = score_search(rules, contract, tables_for(contract, hand.duties), list(hand.hands),
                       hand.actor, left, valat_state([rules.side(w) for _, _, w in hand.tricks]),
                       list(hand.points), (decl, list(hand.belote), None), side)
    assert got == pytest.approx(max(margins(hand).values()), abs=1e-9)
