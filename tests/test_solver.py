"""The double-dummy solver against brute force (the engine's own legal-play rules)."""

import random

import pytest

from belote.bots.core import legal_mask, tables_for, top_of_led, trick_winner
from belote.bots.solver import Solver, valat_state
from belote.cards import SUIT_NAMES, cards_of
from belote.game import deal_for
from belote.hand import Hand
from belote.play import legal, winner_index
from belote.rules import get_rules

BONUS = 90


def _position(rules_name, word, rng, max_left):
    """A hand of ``rules_name`` bid to ``word`` by a random seat and played at random until at
    most ``max_left`` tricks remain (sometimes in the middle of a trick)."""
    rules = get_rules(rules_name)
    dealer, deck = deal_for(rules_name, 4, rng.randrange(10**9), 0)
    hand = Hand(rules, dealer, deck)
    bidder = rng.randrange(4)
    while hand.phase == "auction":
        legal_words = hand.legal_actions()
        if hand.turn == bidder and word in legal_words:
            hand.apply(word)
        elif "pass" in legal_words:
            hand.apply("pass")
        else:
            hand.apply(legal_words[0])
    stop = 8 - max_left
    extra = rng.randrange(4)
    while len(hand.tricks) < stop or len(hand.trick) < extra and len(hand.tricks) == stop:
        if len(hand.tricks) == stop and extra == 0:
            break
        mask = hand.legal_mask()
        hand.play_card(rng.choice(cards_of(mask)))
    return hand


def _brute(hands, trick, seats, leader, winners, contract, duties, team, max_side):
    n = 4
    if not trick and not any(hands):
        return 0
    seat = (seats[-1] + 1) % n if trick else leader
    mask, _ = legal(hands[seat], trick, seats, seat, team, contract, duties)
    values = []
    for c in cards_of(mask):
        h = list(hands)
        h[seat] ^= 1 << c
        t, s = trick + [c], seats + [seat]
        if len(t) == n:
            w = s[winner_index(t, contract)]
            pts = sum(contract.points[x] for x in t)
            ws = winners + [team[w]]
            if len(ws) == 8:
                pts += 10
            gain = pts if team[w] == max_side else 0
            if len(ws) == 8:
                if all(x == ws[0] for x in ws):
                    gain += BONUS if ws[0] == max_side else -BONUS
                values.append(gain)
            else:
                values.append(gain + _brute(h, [], [], w, ws, contract, duties, team, max_side))
        else:
            values.append(_brute(h, t, s, leader, winners, contract, duties, team, max_side))
    return max(values) if team[seat] == max_side else min(values)


CASES = [("bulgarian", SUIT_NAMES[s]) for s in range(4)] + [
    ("bulgarian", "no-trumps"), ("bulgarian", "all-trumps"), ("french", "take"),
    ("coinche", "80 hearts"), ("bela", "spades")]


def test_solver_matches_brute_force_on_500_positions():
    rng = random.Random(1234)
    checked = {"suit": 0, "no-trumps": 0, "all-trumps": 0}
    for i in range(500):
        rules_name, word = CASES[i % len(CASES)]
        hand = _position(rules_name, word, rng, rng.choice((1, 2, 3)))
        contract, duties, team = hand.contract, hand.duties, hand.team
        T = tables_for(contract, duties)
        seat = hand.turn
        max_side = rng.randrange(2)
        winners = [team[w] for _, _, w in hand.tricks]
        leader = hand.trick_seats[0] if hand.trick else hand.turn
        left = 8 - len(hand.tricks)
        solver = Solver(T, 4, team, max_side, BONUS)
        got = solver.solve(hand.hands, hand.trick, hand.trick_seats, leader, left,
                           valat_state(winners))
        want = _brute(list(hand.hands), list(hand.trick), list(hand.trick_seats), leader,
                      winners, contract, duties, team, max_side)
        assert got == want, (rules_name, word, i)
        # every move's value too, from the player to act
        mask, _ = legal(hand.hands[seat], hand.trick, hand.trick_seats, seat, team, contract,
                        duties)
        values = solver.move_values(hand.hands, hand.trick, hand.trick_seats, seat, left,
                                    valat_state(winners), cards_of(mask))
        best = max(values.values()) if team[seat] == max_side else min(values.values())
        assert best == want
        checked[contract.kind] += 1
    assert min(checked.values()) >= 50


def test_fast_legal_mask_matches_engine():
    rng = random.Random(7)
    for i in range(300):
        rules_name, word = CASES[i % len(CASES)]
        hand = _position(rules_name, word, rng, rng.randrange(1, 9))
        if not hand.trick:
            continue
        T = tables_for(hand.contract, hand.duties)
        seat = hand.turn
        w = trick_winner(hand.trick, T)
        assert w == winner_index(hand.trick, hand.contract)
        partner = hand.team[hand.trick_seats[w]] == hand.team[seat]
        mine = legal_mask(hand.hands[seat], hand.trick[0] >> 3, top_of_led(hand.trick, T),
                          hand.trick[w], partner, T)
        assert mine == hand.legal_mask()


@pytest.mark.parametrize("word", ["hearts", "no-trumps", "all-trumps"])
def test_solver_pruning_four_tricks_left(word):
    """The search's work in nodes, not seconds (timings belong to `python -m belote bench
    strength --solver`): about 265 nodes on average here, where the whole tree of four tricks has
    up to (4!)^4 = 331,776 leaves. A regression in move ordering or pruning fails this."""
    rng = random.Random(99)
    total, count = 0, 0
    for _ in range(30):
        hand = _position("bulgarian", word, rng, 4)
        while hand.trick:
            hand.play_card(cards_of(hand.legal_mask())[0])
        T = tables_for(hand.contract, hand.duties)
        solver = Solver(T, 4, hand.team, hand.team[hand.turn], BONUS)
        winners = [hand.team[w] for _, _, w in hand.tricks]
        solver.solve(hand.hands, [], [], hand.turn, 8 - len(hand.tricks), valat_state(winners))
        total += solver.nodes
        count += 1
    assert total / count < 1200
