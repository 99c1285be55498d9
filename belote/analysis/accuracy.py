"""Accuracy: one number from 0 to 100 for a seat's hand or match, from the review's costs.

In the spirit of lichess's accuracy (each move scored by the winning chances it gave away,
through an exponential curve), with belote's own constants (docs/coach.md has the formula and
its calibration):

- a choice gives away the part of its expected cost that its sample supports: the low end of
  its 95% interval, ``max(0, cost_expected - margin)`` (:mod:`.verdicts`); a sound choice's
  small cost, the sampling's noise, gives away nothing;
- the cost is a score margin (the seat's side minus the others' mean), so the points given
  away are ``cost * (sides - 1) / sides`` (a point given to the other side of two moves the
  margin by two);
- a hand's value is what its score gave out (every side's score and hanging points: a
  doubled contract is worth twice as much), at least the pack's 162 card points in the rule
  set's units (:func:`hand_value`);
- the share of the hand's value given away, in percent, goes through the curve
  ``103.1668 * exp(-k * share) - 3.1669`` (lichess's, 100 at 0), clamped to 0..100, with
  ``k`` such that :data:`HALF_AT` percent scores 50;
- a match's accuracy is the mean of its hands' (those where the seat had a choice).

Pure functions over a hand record and the review's decisions (:class:`.review.Review`'s,
the expected costs are enough): cheap enough to run in the bots' worker after every hand.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from ..hand import Hand
from ..record import replay

# The curve: lichess's shape and ends (100 for nothing given away) ...
A, B = 103.1668, 3.1669
# ... and belote's steepness: a hand in which a tenth of its value is given away scores 50.
HALF_AT = 10.0
K = math.log(A / (50 + B)) / HALF_AT
PACK_POINTS = 162  # the card points of a hand, the last trick's 10 included


def curve(share: float) -> float:
    """The accuracy (0..100) of a hand whose seat gave away ``share`` percent of its value."""
    return min(100.0, max(0.0, A * math.exp(-K * share) - B))


def given_away(decision: Mapping) -> float:
    """What a choice surely cost (score margin): its expected cost less its margin, at
    least 0."""
    return max(0.0, decision["cost_expected"] - decision["margin"])


def hand_value(record: dict) -> float:
    """What a finished hand was worth (its rule set's score units): every side's score and
    hanging points together, at least the pack's 162 card points (a hand thrown in, or
    ended by "I'm out")."""
    return _value(replay(record))


def _value(hand: Hand) -> float:
    floor = PACK_POINTS * hand.rules.score_scale
    if hand.score is None:
        return floor
    return max(floor, float(sum(hand.score.score) + sum(hand.score.hanging)))


def share_given(record: dict, decisions: Iterable[Mapping]) -> float:
    """The percentage of the hand's value (:func:`hand_value`) its seat's ``decisions`` gave
    away."""
    hand = replay(record)
    sides = hand.rules.sides
    points = sum(given_away(d) for d in decisions) * (sides - 1) / sides
    return 100 * points / _value(hand)


def hand_accuracy(record: dict, decisions: Sequence[Mapping]) -> float | None:
    """The accuracy of one seat's hand: ``record`` a finished hand record, ``decisions`` the
    review's decisions of the seat in it (``cost_expected``, ``margin``); None when the seat
    had no choice to make."""
    if not decisions:
        return None
    return round(curve(share_given(record, decisions)), 1)


def match_accuracy(hands: Iterable[float | None]) -> float | None:
    """A match's accuracy: the mean of its hands' (None for a hand without a choice)."""
    scored = [a for a in hands if a is not None]
    return round(sum(scored) / len(scored), 1) if scored else None
