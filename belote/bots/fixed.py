"""Bots that search a fixed amount, not for a time: the same answers on every device.

A level that searches (the Normal's bidding, the Expert) normally stops on a time budget, so
a slower device searches less and may answer otherwise. :func:`fixed_bot` gives the bot a
clock that stands still: every search then runs to its count of deals or samples (the
Expert's :data:`EXPERT_WORK`, the Normal's own deal counts), the same work on every machine,
as scripts/fingerprint.py does. Its answers depend only on its seed and its view
(:meth:`belote.bots.base.Bot.reseed`). The daily deal (:mod:`belote.daily`) and the accuracy
benchmark use it; this is the one place to change should the bots get a budget of work of
their own.
"""

from __future__ import annotations

from . import make_bot
from .base import Bot

# The Expert's counts: samples per card and deals per bid (its own caps, which its time budget
# of 100 ms usually reaches first under CPython).
EXPERT_WORK = {"max_samples": 80, "bid_deals": 48}


def _still() -> float:
    """A clock that stands still: a search runs to its count, never to a deadline."""
    return 0.0


def fixed_bot(level: str, seed) -> Bot:
    """A bot of ``level`` (random, easy, normal, expert) seeded with ``seed`` that searches a
    fixed amount; ValueError for an unknown level."""
    if level == "random":
        return make_bot(level, seed=seed)
    work = EXPERT_WORK if level == "expert" else {}
    return make_bot(level, seed=seed, clock=_still, **work)
