"""Taking back a move: rewinding a hand to a seat's previous decision (docs/engine.md).

A hand is its deal and its actions (:mod:`belote.record`), so a take-back is a replay of the
record cut just before the seat's last decision: the seat's bid or card, and every action of the
others since, are gone. Declarations are made with a seat's first card, so they go with it: a
seat that has no card left in the cut keeps none.

A decision is a bid, or a card the seat chose: a card that was its only legal action (no other
card, no declaration to make, no "I'm out") is not one, and the take-back goes back past it to
the choice before. Only the hand being played can be rewound: once it is over (played out,
thrown in, or ended by "I'm out") nothing can be taken back.
"""

from __future__ import annotations

from .hand import AUCTION, PLAY, Hand
from .record import cut, hand_record, replay
from .refusal import NOTHING_TO_TAKE_BACK, refuse


def decisions(hand: Hand, seat: int) -> list[int]:
    """The steps (as :func:`belote.record.cut` counts them: the deal is 0, then each bid, then
    each card) at which ``seat`` made a decision in ``hand``, in order."""
    history = hand.auction.history()
    steps = [i for i, (s, _) in enumerate(history) if s == seat]
    bids = len(history)
    if not any(s == seat for s in hand.played_by):
        return steps
    # whether each of the seat's cards was a choice: the position just before it
    for j, s in enumerate(hand.played_by):
        if s == seat and _chosen(_rewound(hand, bids + j), seat):
            steps.append(bids + j)
    return steps


def _chosen(before: Hand, seat: int) -> bool:
    """Whether ``seat``, to play in ``before``, had more than one thing to do."""
    return (before.legal_mask().bit_count() > 1 or before.can_claim_out(seat)
            or (not before.first_card_played[seat] and bool(before.available[seat])))


def _rewound(hand: Hand, step: int) -> Hand:
    """``hand`` just before its action ``step``, with the declarations of the seats that have
    played no card by then left undone (they are made with the first card)."""
    record = hand_record(hand)
    part = cut(record, step)
    played = set(hand.played_by[:len(part["play"])])
    part["declared"] = [d if s in played else [] for s, d in enumerate(record["declared"])]
    return replay(part, complete=False)


def can_take_back(hand: Hand, seat: int) -> bool:
    """Whether ``seat`` has a decision to take back in ``hand`` (a hand under way)."""
    return hand.phase in (AUCTION, PLAY) and bool(decisions(hand, seat))


def take_back(hand: Hand, seat: int) -> Hand:
    """``hand`` as it was when ``seat`` made its last decision, that decision not yet made:
    a new Hand (``hand`` is left as it is). Refused (NOTHING_TO_TAKE_BACK) when the hand is
    over or ``seat`` has made no decision in it."""
    if hand.phase not in (AUCTION, PLAY):
        raise refuse(NOTHING_TO_TAKE_BACK)
    steps = decisions(hand, seat)
    if not steps:
        raise refuse(NOTHING_TO_TAKE_BACK)
    rewound = _rewound(hand, steps[-1])
    rewound.seed = hand.seed  # (a record under way holds only the seed's commitment)
    return rewound
