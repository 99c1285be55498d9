"""Verdicts that hold up: the margin of a sampled cost, the grade it supports, and when a choice
is too close to call on the deals sampled so far.

A sampled cost is the mean of paired per-deal differences (the best option's value minus the
played one's, on the same deals); its *margin* is the half-width of its 95% interval
(:data:`Z` standard errors). A grade is given only when the sample supports it: the cost is
above the grade's threshold **and** its interval lies above half that threshold
(:func:`grade`). A choice whose verdict could still change (:func:`close`) gets more deals, up
to :func:`max_factor` times the page's (:class:`belote.analysis.Review`): :data:`MAX_FACTOR`, more
for a bid in some rule sets (``RuleSet.review_bid_factor``).

The thresholds are data of each rule set (``RuleSet.review_grades``), scaled to what a hand is
worth there.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..rules import RuleSet

Z = 1.96          # standard errors of a 95% interval
MAX_FACTOR = 4    # a close call is sampled on up to this many times the deals asked for

GRADE_NAMES = ("inaccuracy", "mistake", "blunder")


def max_factor(rules: RuleSet, phase: str) -> int:
    """How many times the deals asked for a close call in ``phase`` may be sampled on:
    :data:`MAX_FACTOR`, or the rule set's own for a bid (``RuleSet.review_bid_factor``)."""
    if phase == "auction" and rules.review_bid_factor is not None:
        return rules.review_bid_factor
    return MAX_FACTOR


def thresholds(rules: RuleSet) -> tuple[float, float, float]:
    """The inaccuracy, mistake and blunder thresholds of ``rules`` (score units)."""
    return rules.review_grades


def paired(better: Sequence[float], worse: Sequence[float]) -> tuple[float, float]:
    """The mean of ``better - worse`` deal by deal, and its margin (inf on fewer than 2 deals)."""
    n = len(better)
    if n == 0:
        return 0.0, math.inf
    diffs = [b - w for b, w in zip(better, worse)]
    mean = sum(diffs) / n
    if n < 2:
        return mean, math.inf
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean, Z * math.sqrt(var / n)


def holds(cost: float, margin: float, threshold: float) -> bool:
    """Whether the sample supports a cost above ``threshold``: its estimate is, and its 95%
    interval lies above half of it."""
    return cost > threshold and cost - margin > threshold / 2


def grade(cost: float, margin: float, rules: RuleSet) -> str | None:
    """The worst grade the sample supports (:data:`GRADE_NAMES`), or None."""
    out = None
    for name, threshold in zip(GRADE_NAMES, thresholds(rules)):
        if holds(cost, margin, threshold):
            out = name
    return out


def is_mistake(grade_name: str | None) -> bool:
    return grade_name in ("mistake", "blunder")


def close(cost: float, margin: float, rules: RuleSet) -> bool:
    """Whether more deals could change the verdict on a mistake: the estimate is over the
    threshold but its interval not clear of half of it, or under it with the interval
    reaching over it."""
    threshold = thresholds(rules)[1]
    if cost > threshold:
        return cost - margin <= threshold / 2
    return cost + margin > threshold and cost > threshold / 4


def luck(grade_name: str | None, cost_exact: float | None, rules: RuleSet) -> str | None:
    """When the expected and the exact costs disagree (the grade follows the expected one: it
    is what could be known when choosing): ``"gamble"`` for a graded choice that cost nothing
    in the real deal (a gamble that worked), ``"unlucky"`` for an ungraded one that cost a
    mistake's worth in the real deal (a good choice, unlucky in the real deal); else None."""
    if cost_exact is None:
        return None
    inaccuracy, mistake, _ = thresholds(rules)
    if grade_name is not None and cost_exact < inaccuracy / 2:
        return "gamble"
    if grade_name is None and cost_exact > mistake:
        return "unlucky"
    return None


# --- reasons: the engine's facts, as a code and its parameters (web/i18n translates them) -----
def card_reason(partner_winning: bool, best: str, played: str, facts: dict) -> dict:
    """Why ``best`` rather than ``played`` (card names): the partner already held the trick;
    else what each does to this trick, when the sample tells them apart; else on how many
    sampled deals the best scores more."""
    n = facts["n"]
    a, b = facts["takes_best"], facts["takes_played"]
    if partner_winning:
        return {"code": "card.partner", "best": best, "played": played}
    if abs(a - b) >= max(1, n // 4):
        code = "card.takes" if a > b else "card.later"
        return {"code": code, "best": best, "played": played, "a": a, "b": b, "n": n,
                "better": facts["better"]}
    return {"code": "card.better", "best": best, "played": played, "n": n,
            "better": facts["better"], "same": facts["same"]}


def bid_reason(holding: dict[str, int], best: str, played: str, facts: dict) -> dict:
    """Why ``best`` rather than ``played`` (bids): the seat's jacks for all trumps, its aces
    for no trumps; else how often the played bid loses points; else on how many sampled deals
    the best scores more. ``holding``: the seat's jacks and aces (``{"J": 2, "A": 1}``)."""
    n = facts["n"]
    for kind, rank in (("all-trumps", "J"), ("no-trumps", "A")):
        if best.endswith(kind) and not played.endswith(kind) and holding.get(rank, 0) >= 2:
            return {"code": "bid.holding", "best": best, "played": played,
                    "count": holding[rank], "rank": rank}
    loses = facts["loses"]
    if played != "pass" and n and loses * 5 >= n * 2:
        return {"code": "bid.loses", "best": best, "played": played,
                "pct": round(100 * loses / n)}
    return {"code": "bid.better", "best": best, "played": played, "n": n,
            "better": facts["better"], "same": facts["same"]}
