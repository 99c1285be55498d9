"""Accuracy (belote/analysis/accuracy.py, docs/coach.md "Accuracy") on fixed hands: the curve,
what a choice gives away, a hand's value, and a hand's and a match's accuracy."""

import json
import math
from pathlib import Path

import pytest

from belote import Match
from belote.analysis import Review
from belote.analysis.accuracy import (
    HALF_AT,
    curve,
    given_away,
    hand_accuracy,
    hand_value,
    match_accuracy,
    share_given,
)
from belote.record import replay, summary

ROOT = Path(__file__).resolve().parent.parent
HANDS = json.loads((ROOT / "tests/data/daily_hands.json").read_text())["hands"]
# hand 3 of 2026-12-24 played by the Expert: Coinche, 80 hearts made by seat 3, 160 to 80
EXPERT_80 = HANDS[2]["experts"]
# hand 1 played by the Expert: 160 spades redoubled, made: 1400 to 0
EXPERT_1400 = HANDS[0]["experts"]
# hand 2: everyone passed
THROWN_IN = HANDS[1]["experts"]


def choice(cost, margin):
    return {"phase": "play", "cost_expected": cost, "margin": margin}


def test_the_curve():
    # lichess's curve, 100 for nothing given away, 50 at HALF_AT percent, 0 far off
    assert curve(0) == pytest.approx(100, abs=1e-3)
    assert curve(HALF_AT) == pytest.approx(50)
    assert curve(HALF_AT) == pytest.approx(103.1668 * math.exp(-0.0662911 * 10) - 3.1669,
                                           abs=1e-3)
    assert curve(100) == 0.0 and curve(1000) == 0.0
    values = [curve(x / 2) for x in range(200)]
    assert values == sorted(values, reverse=True)


def test_a_choice_gives_away_the_low_end_of_its_interval():
    assert given_away(choice(30.0, 10.0)) == 20.0
    assert given_away(choice(4.0, 6.0)) == 0.0      # within the sample's noise
    assert given_away(choice(0.0, 0.0)) == 0.0


def test_a_hands_value_is_what_its_score_gave_out():
    assert summary(replay(EXPERT_80))["score"] == [160, 80]
    assert hand_value(EXPERT_80) == 240.0
    assert hand_value(EXPERT_1400) == 1400.0           # redoubled: worth four times more
    assert hand_value(THROWN_IN) == 162.0              # thrown in: the pack's points


def test_a_hands_value_counts_hanging_points_and_the_rule_sets_units():
    # Bulgarian counts game points (a tenth of the card points): at least 16.2
    match = Match("bulgarian", seed=1)
    while match.phase == "auction":
        match.apply("pass")
    assert hand_value(match.hand_record()) == pytest.approx(16.2)
    # French: a hand whose points are left hanging is worth what it gave out and left hanging
    record = french_hand_with_hanging_points()
    scored = summary(replay(record))
    assert any(scored["hanging"])
    assert hand_value(record) == sum(scored["score"]) + sum(scored["hanging"])


def french_hand_with_hanging_points() -> dict:
    from belote.bots.fixed import fixed_bot

    for seed in range(200):
        match = Match("french", seed=seed)
        bots = [fixed_bot("easy", s) for s in range(4)]
        while match.phase in ("auction", "play"):
            seat = match.turn
            match.apply(bots[seat].choose(match.view(seat)))
        if match.hand.score and any(match.hand.score.hanging):
            return match.hand_record()
    raise AssertionError("no French hand with hanging points in 200 deals")


def test_a_hands_accuracy_on_fixed_hands():
    # 80 hearts, 240 points: a choice costing 30 +- 10 and one within its noise give away
    # 20 points of margin, 10 card points: 10 / 240 = 4.17% of the hand's value
    decisions = [choice(30.0, 10.0), choice(4.0, 6.0), choice(0.0, 0.0)]
    assert share_given(EXPERT_80, decisions) == pytest.approx(100 * 10 / 240)
    assert hand_accuracy(EXPERT_80, decisions) == round(
        103.1668 * math.exp(-0.0662911 * 100 * 10 / 240) - 3.1669, 1) == 75.1
    # the same choices in the redoubled hand give away a smaller share of it
    assert hand_accuracy(EXPERT_1400, decisions) == 95.2
    # a blunder of 162 (81 card points, half the pack) in a thrown-in hand; and more
    assert hand_accuracy(THROWN_IN, [choice(170.0, 8.0)]) == 0.6
    assert hand_accuracy(THROWN_IN, [choice(170.0, 8.0)] * 2) == 0.0
    assert hand_accuracy(EXPERT_80, [choice(0.0, 0.0)] * 6) == 100.0
    assert hand_accuracy(EXPERT_80, []) is None


def test_three_players_give_away_two_thirds_of_the_margin():
    match = Match("classic", 3, seed=2)
    while match.phase == "auction":
        match.apply("pass")
    record = match.hand_record()
    # margin = own score minus the two others' mean: 9 points given to the others move it by
    # 9 + 4.5 = 13.5
    assert share_given(record, [choice(13.5, 0.0)]) == pytest.approx(100 * 9 / 162)


def test_a_matchs_accuracy_is_the_mean_of_its_hands():
    assert match_accuracy([100.0, 75.1, None, 95.2]) == 90.1
    assert match_accuracy([None, None]) is None and match_accuracy([]) is None


def test_the_accuracy_of_a_reviewed_hand():
    # The review's own output (its expected costs are enough) gives the accuracy at once.
    review = Review(EXPERT_80, seat=0, worlds=8, seed=0)
    decisions = [review.decision(m, review.expected(m), None) for m in review.moments]
    accuracy = hand_accuracy(EXPERT_80, decisions)
    assert accuracy is not None and 0 <= accuracy <= 100
    assert accuracy == hand_accuracy(EXPERT_80, review.result()["decisions"] or decisions)


def test_the_calibration_command():
    import subprocess
    import sys

    def run(*args):
        return subprocess.run([sys.executable, "-m", "belote", "bench", "accuracy", *args],
                              capture_output=True, text=True, cwd=ROOT, timeout=600)

    out = run("--rules", "french", "--hands", "1", "--levels", "easy,expert")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert lines[1].split() == ["rules", "easy", "expert", "rises"]
    row = lines[2].split()
    assert row[0] == "french" and 0 <= float(row[1]) <= float(row[4]) <= 100
    assert run("--levels", "grand").returncode == 2
    assert run("--rules", "skat").returncode == 2
