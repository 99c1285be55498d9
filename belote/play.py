"""Legal cards and the winner of a trick, from the contract's ranking and the rule set's duties.

docs/rules.md §1 "Playing a card" and the "Play" paragraph of each rule set.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CARD_NAMES, SUIT_MASK, SUIT_NAMES
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


def duty_refusal(hand: int, trick: list[int], seats: list[int], seat: int, team,
                 contract: Contract, duties: Duties, card: int | None = None) -> Refusal | None:
    """Why ``seat``, holding ``hand``, may not play ``card`` (any held card it may not play,
    when ``card`` is None) on ``trick``: the duty (:func:`legal`'s code) with the cards that
    make it so; None when the card may be played.

    Params: ``suit`` (the suit led for must-follow and must-beat, else the trump suit),
    ``trump`` (the suit led is trump), ``led`` (the suit led), ``held`` (the cards held that
    fulfil the duty, strongest first), ``beat`` (the card to beat: the highest of the suit led
    for must-beat, else the card holding the trick), ``winner`` (the seat holding the trick),
    and ``partner``: "winning" when the duty holds although the partner holds the trick,
    "not-winning" when it holds because the partner does not (the rule set frees a player
    whose partner holds the trick).
    """
    mask, duty = legal(hand, trick, seats, seat, team, contract, duties)
    if duty is None or (card is not None and (mask >> card & 1 or not hand >> card & 1)):
        return None
    strength, trump = contract.strength, contract.trump_suit
    led = trick[0] >> 3
    w = winner_index(trick, contract)
    best = trick[w]
    held = sorted((c for c in range(32) if mask >> c & 1), key=lambda c: -strength[c])
    partners = any(team[s] == team[seat] for s in range(len(team)) if s != seat)
    partner_winning = seats[w] != seat and team[seats[w]] == team[seat]
    params: dict = {"suit": SUIT_NAMES[led] if duty in (FOLLOW, BEAT) else SUIT_NAMES[trump],
                    "trump": led == trump, "led": SUIT_NAMES[led],
                    "held": [CARD_NAMES[c] for c in held], "winner": seats[w]}
    if duty == BEAT:
        params["beat"] = CARD_NAMES[max((c for c in trick if c >> 3 == led),
                                        key=strength.__getitem__)]
    elif duty != FOLLOW:
        params["beat"] = CARD_NAMES[best]
    if partner_winning and duty != FOLLOW:
        params["partner"] = "winning"
    elif duty == TRUMP and duties.partner_frees and partners:
        params["partner"] = "not-winning"
    return Refusal(duty, params)
