"""Legal cards and the winner of a trick, from the contract's ranking and the rule set's duties.

RULES.md §1 "Playing a card" and the "Play" paragraph of each rule set.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import SUIT_MASK, SUIT_NAMES
from .contract import Contract
from .refusal import (
    MUST_BEAT,
    MUST_FOLLOW,
    MUST_OVERTRUMP,
    MUST_TRUMP,
    MUST_UNDERTRUMP,
    Refusal,
)


@dataclass(frozen=True)
class Duties:
    """What a player must do beyond following suit; each rule set fills these in.

    partner_frees: a player who cannot follow may play any card while the partner holds the trick.
    undertrump: a player who must trump but cannot beat the trick's trump still must play a trump.
    beat_plain_lead: the player must beat the highest card of a plain suit led, when able (Bela).
    A trump lead (and every lead in all-trumps) must always be beaten when able.
    """

    partner_frees: bool = True
    undertrump: bool = False
    beat_plain_lead: bool = False


def _higher(follow: int, best: int, strength) -> int:
    """The cards of ``follow`` (one suit) that beat card ``best`` of the same suit."""
    higher = 0
    m = follow
    need = strength[best]
    while m:
        low = m & -m
        c = low.bit_length() - 1
        if strength[c] > need:
            higher |= low
        m ^= low
    return higher


def winner_index(cards, contract: Contract) -> int:
    """Index in ``cards`` (the trick, in playing order) of the card that takes it."""
    strength, trump = contract.strength, contract.trump_suit
    best = 0
    best_card = cards[0]
    best_suit = best_card >> 3
    for i in range(1, len(cards)):
        c = cards[i]
        s = c >> 3
        if s == best_suit:
            if strength[c] > strength[best_card]:
                best, best_card = i, c
        elif s == trump:
            best, best_card, best_suit = i, c, s
    return best


FOLLOW, BEAT, TRUMP, OVERTRUMP, UNDERTRUMP = (MUST_FOLLOW, MUST_BEAT, MUST_TRUMP,
                                              MUST_OVERTRUMP, MUST_UNDERTRUMP)


def legal(hand: int, trick: list[int], seats: list[int], seat: int, team, contract: Contract,
          duties: Duties) -> tuple[int, str | None]:
    """The mask of cards ``seat`` may play on ``trick``, and the duty that restricted it.

    ``seats`` are the players of the trick's cards, ``team`` maps a seat to its side.
    """
    if not trick:
        return hand, None
    led = trick[0] >> 3
    follow = hand & SUIT_MASK[led]
    strength = contract.strength
    w = winner_index(trick, contract)
    best = trick[w]
    if follow:
        if contract.is_trump_ranked(led) or duties.beat_plain_lead:
            if best >> 3 == led:
                higher = _higher(follow, best, strength)
            else:  # a plain lead already trumped: beat the highest card of the led suit
                top = max((c for c in trick if c >> 3 == led), key=strength.__getitem__)
                higher = _higher(follow, top, strength)
            if higher and higher != follow:
                return higher, BEAT
        if follow != hand:
            return follow, FOLLOW
        return follow, None
    trump = contract.trump_suit
    if trump < 0:
        return hand, None
    trumps = hand & SUIT_MASK[trump]
    if not trumps:
        return hand, None
    partner_winning = seats[w] != seat and team[seats[w]] == team[seat]
    if partner_winning and duties.partner_frees:
        return hand, None
    if best >> 3 == trump:
        higher = _higher(trumps, best, strength)
        if higher:
            return higher, OVERTRUMP
        if duties.undertrump:
            return trumps, (UNDERTRUMP if trumps != hand else None)
        return hand, None
    return trumps, (TRUMP if trumps != hand else None)


def duty_refusal(duty: str, trick: list[int], contract: Contract) -> Refusal:
    """The refusal of a card that breaks ``duty`` (a code ``legal`` returned) on ``trick``."""
    led = trick[0] >> 3
    if duty in (FOLLOW, BEAT):
        return Refusal(duty, {"suit": SUIT_NAMES[led], "trump": led == contract.trump_suit})
    return Refusal(duty, {"suit": SUIT_NAMES[contract.trump_suit]})
