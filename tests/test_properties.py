"""Properties of random hands, for every rule set (and Classic with 2, 3 and 4 players).

Each example is a match whose seed Hypothesis draws; the players pick random legal actions
(declarations and Classic "I'm out" included). Checked for every hand (RULES.md §1, DESIGN.md):
- legal actions are never empty until the hand ends;
- after every action, Match.to_dict()/from_dict() gives a match with the same view;
- each card is played once, and every dealt card is played (unless a player is out);
- the card points of a hand sum to 162 (suit), 258 (all-trumps), 130 (no-trumps, which the
  Bulgarian score doubles to 260) with four players; with 2 or 3 players, to the points of the
  cards dealt + 10;
- the trick's winner takes it and leads the next trick;
- the hand record replays, through JSON, to the same summary.
"""

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote import Match, replay
from belote.contract import ALL_TRUMPS, NO_TRUMPS
from belote.play import winner_index
from belote.record import hand_record, summary

CONFIGS = [("bulgarian", 4), ("french", 4), ("coinche", 4), ("bela", 4),
           ("classic", 2), ("classic", 3), ("classic", 4)]
IDS = [f"{r}-{n}" for r, n in CONFIGS]
FULL = {"suit": 162, ALL_TRUMPS: 258, NO_TRUMPS: 130}

SETTINGS = dict(deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def choose(rng: random.Random, actions: list[str], phase: str) -> str:
    """A random legal action; passes are frequent in the auction (so contracts stay varied and
    some hands are thrown in), "out" is rare (so most Classic hands are played out)."""
    if phase == "auction" and "pass" in actions and rng.random() < 0.6:
        return "pass"
    if "out" in actions and rng.random() > 0.05:
        actions = [a for a in actions if a != "out"]
    return rng.choice(actions)


def same_after_restore(match: Match, seats, through_json: bool = False) -> None:
    data = match.to_dict()
    if through_json:
        data = json.loads(json.dumps(data))
    again = Match.from_dict(data)
    for seat in seats:
        assert again.view(seat) == match.view(seat)


def check_finished_hand(hand) -> None:
    rules, n = hand.rules, hand.n
    if hand.contract is None:  # thrown in
        assert hand.thrown_in and not hand.played and hand.result is None
        return
    assert len(hand.played) == len(set(hand.played))
    if hand.out is None:
        assert len(hand.played) == 8 * n and not any(hand.hands)
    else:
        assert len(hand.played) == hand.out["after_card"]
    # Tricks: the winner takes it and leads the next one.
    for i, (seats, cards, w) in enumerate(hand.tricks):
        assert len(cards) == n
        assert seats[winner_index(list(cards), hand.contract)] == w
        if i + 1 < len(hand.tricks):
            assert hand.tricks[i + 1][0][0] == w
    if hand.result is None:
        return
    r = hand.hand_result
    points = sum(r.card_points)
    if n == 4:
        assert points == FULL[hand.contract.kind]
        if rules.name == "bulgarian" and hand.contract.kind == NO_TRUMPS:
            bonus = 90 if r.valat is not None else 0
            assert sum(hand.result.raw) == 260 + bonus
    else:
        assert points == sum(hand.contract.points[c] for c in hand.played) + 10
    assert sum(r.tricks) == 8
    assert (r.valat is not None) == (8 in r.tricks)


def play_match(rules: str, players: int, seed: int, hands: int, seats,
               every_step: bool = True) -> None:
    """Play ``hands`` hands of a random match, checking the properties. The restore check runs
    after every action, or (``every_step`` false) after one random action of each hand."""
    rng = random.Random(seed)
    match = Match(rules, players, seed=seed)
    for k in range(hands):
        if k:
            if match.phase == "match-over":
                break
            match.apply("next")
        spot = rng.randrange(40)
        step = 0
        while match.phase in ("auction", "play"):
            actions = match.legal_actions()
            assert actions, "no legal action before the end of the hand"
            match.apply(choose(rng, actions, match.phase))
            if every_step or step == spot:
                same_after_restore(match, seats(match))
            step += 1
        hand = match.hand
        assert hand.over and match.legal_actions() in (["next"], [])
        same_after_restore(match, range(players), through_json=True)
        check_finished_hand(hand)
        record = json.loads(json.dumps(hand_record(hand)))
        again = replay(record)
        assert summary(again) == summary(hand)
        assert again.out == hand.out and again.played == hand.played


def acting(match: Match):
    """The seat to act (or 0): its view is the one that changes at every step."""
    return [match.hand.turn if match.hand.turn is not None else 0]


@pytest.mark.parametrize("rules,players", CONFIGS, ids=IDS)
@settings(max_examples=2000, **SETTINGS)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_hands(rules, players, seed):
    # 2,000 random hands per rule set: a restore after every action (the view of the seat to
    # act), and every seat's view, through JSON, at the end of every hand.
    play_match(rules, players, seed, 1, acting)


@pytest.mark.parametrize("rules,players", CONFIGS, ids=IDS)
@settings(max_examples=15, **SETTINGS)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_matches(rules, players, seed):
    # Several hands in a row (hanging points, dealer turns, "I'm out" judged), with every
    # seat's view compared after every action.
    play_match(rules, players, seed, 4, lambda m: range(m.players))
