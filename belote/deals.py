"""Deals anyone can verify: every hand is dealt from a seed, committed to before the hand.

A hand's *seed* is a string, ``"{rules}/{players}/{match seed}/{index}"`` (``"coinche/4/
daily/2026-12-24/1/0"``): its deck is Python's ``random.Random(seed)`` (a string seeds it
through its SHA-512, the same on every platform) shuffling the cards 0..31 in order
(:func:`deal`; card ``suit * 8 + rank``, :mod:`belote.cards`). The *commitment* is the SHA-256
of the seed (UTF-8, lowercase hex): shown before the hand is played, it binds the deck, which
can then no longer change; after the hand the seed itself is revealed in the hand record
(``"seed"``), and :func:`belote.verify.verify` checks that the record's deck is the one the
seed deals and that the commitment is the seed's. docs/deals.md has the format and what it
proves.
"""

from __future__ import annotations

import random


def hand_seed(rules_name: str, players: int, match_seed, index: int) -> str:
    """The seed hand ``index`` (from 0) of a match with ``match_seed`` is dealt from."""
    return f"{rules_name}/{players}/{match_seed}/{index}"


def deal(seed: str, players: int) -> tuple[int, list[int]]:
    """A seat from 0 to ``players - 1`` and the deck ``seed`` deals (cards in dealing order,
    top first): the seat is drawn after the shuffle (a match's first dealer; ``selfplay``
    deals each hand with its own)."""
    rng = random.Random(seed)
    deck = list(range(32))
    rng.shuffle(deck)
    return rng.randrange(players), deck


def commitment(seed: str) -> str:
    """The commitment to ``seed``: its SHA-256, lowercase hex."""
    import hashlib  # here, not at the page's plain start (docs/boot.md)

    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def deck_of(seed: str) -> list[int]:
    """The deck ``seed`` deals (:func:`deal`; it does not depend on the table)."""
    return deal(seed, 1)[1]
