"""Bots that search a fixed amount, not for a time: the same answers on every device.

A level that searches (the Normal's bidding, the Expert) normally stops on a time budget, so
a slower device searches less and may answer otherwise. :func:`fixed_bot` makes the bot with
``fixed_work=True`` (:class:`belote.bots.base.Bot`: its clock stands still): every search then
runs to its count of deals or samples (the Expert's 80 samples per card and 48 deals per bid,
the Normal's own deal counts), the same work on every machine, as scripts/fingerprint.py does.
Its answers depend only on its seed and its view (:meth:`belote.bots.base.Bot.reseed`). The
daily deal (:mod:`belote.daily`) and the accuracy benchmark use it.
"""

from __future__ import annotations

from . import make_bot
from .base import Bot


def fixed_bot(level: str, seed) -> Bot:
    """A bot of ``level`` (random, easy, normal, expert) seeded with ``seed`` that searches a
    fixed amount; ValueError for an unknown level."""
    return make_bot(level, seed=seed, fixed_work=True)
