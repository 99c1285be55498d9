"""The seat's real choices in a hand record, and the hand as it stood at each one.

A hand record is replayed from its deal (:func:`belote.record.replay` checks it first). A
*moment* is a bid or a card of the analysed seat that had more than one legal option: every
auction turn with a choice, every card with more than one legal card. Declarations are not
choices here (they are made as the record made them), nor is Classic's "I'm out" (its stake is
the match, not the hand), nor a forced bid or card.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from ..cards import CARD_NAMES, cards_of
from ..hand import AUCTION, DECLARE, PLAY, Hand
from ..view import View


@dataclass(frozen=True)
class Moment:
    """One real choice of the seat: the ``index``-th entry of the record's ``auction`` or
    ``play`` list (``phase``), what it chose and what it could have chosen."""

    phase: str                  # "auction" or "play"
    index: int
    seat: int
    played: str                 # the record's word or card
    options: tuple[str, ...]    # the legal bids, or the legal cards


def walk(full: Hand) -> Iterator[tuple[Hand, str, int, str]]:
    """Replay the (replayed) hand ``full`` from its deal, yielding before each bid and card:
    (the hand then, phase, index in the record's list, the word or card). Each seat makes its
    declarations before its first card, as in ``full``. The hand yielded is changed by the
    next step: copy what must be kept, or stop the walk there."""
    hand = Hand(full.rules, full.dealer, full.deck)
    for i, word in enumerate(full.auction_words()):
        yield hand, AUCTION, i, word
        hand.apply(word)
    for i, card in enumerate(full.played):
        seat = hand.actor
        if not hand.first_card_played[seat]:
            for d in full.declared[seat]:
                hand.apply(f"{DECLARE} {d}")
        yield hand, PLAY, i, CARD_NAMES[card]
        hand.play_card(card)


def options(hand: Hand, phase: str) -> list[str]:
    """The legal choices of the seat to act: bids, or cards (no declaration, no "out")."""
    if phase == AUCTION:
        return hand.legal_actions()
    return [CARD_NAMES[c] for c in cards_of(hand.legal_mask())]


def moments(full: Hand, seat: int) -> list[Moment]:
    """The real choices of ``seat`` in the hand ``full``, in the order they were made."""
    out = []
    for hand, phase, index, word in walk(full):
        if hand.actor != seat:
            continue
        legal = options(hand, phase)
        if len(legal) > 1:
            out.append(Moment(phase, index, seat, word, tuple(legal)))
    return out


def situation(full: Hand, moment: Moment) -> tuple[Hand, View]:
    """The real hand just before ``moment`` (every card known: for the exact cost), and the
    seat's view of it (what it knew: for the expected cost)."""
    for hand, phase, index, _ in walk(full):
        if (phase, index) == (moment.phase, moment.index):
            return hand, hand.view(moment.seat)
    raise ValueError(f"no {moment.phase} entry {moment.index} in this hand")
