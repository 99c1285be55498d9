"""Cards as small ints, hands as bit masks, and the card notation of docs/rules.md §1.

A card is ``suit * 8 + rank`` with suits clubs, diamonds, hearts, spades (0..3) and ranks
7 8 9 T J Q K A (0..7), so the rank index is also the sequence order used by declarations.
A hand is an int whose bit ``c`` is set when it holds card ``c``.
"""

from __future__ import annotations

SUITS = "CDHS"
RANKS = "789TJQKA"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = ("seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
SEVEN, EIGHT, NINE, TEN, JACK, QUEEN, KING, ACE = range(8)

ALL_CARDS = tuple(range(32))
SUIT_MASK = tuple(0xFF << (8 * s) for s in range(4))

# Trick order (higher wins) and card points, by rank index, docs/rules.md §1.
TRUMP_ORDER = (0, 1, 6, 4, 7, 2, 3, 5)  # J 9 A T K Q 8 7
PLAIN_ORDER = (0, 1, 2, 6, 3, 4, 5, 7)  # A T K Q J 9 8 7
TRUMP_POINTS = (0, 0, 14, 10, 20, 3, 4, 11)
PLAIN_POINTS = (0, 0, 0, 10, 2, 3, 4, 11)
# The same orders as rank letters, strongest first (to sort a hand for the eye).
TRUMP_RANKING = "".join(sorted(RANKS, key=lambda r: -TRUMP_ORDER[RANKS.index(r)]))  # J9ATKQ87
PLAIN_RANKING = "".join(sorted(RANKS, key=lambda r: -PLAIN_ORDER[RANKS.index(r)]))  # ATKQJ987


class CardError(ValueError):
    """A card or hand written in notation that does not parse."""


def suit(card: int) -> int:
    return card >> 3


def rank(card: int) -> int:
    return card & 7


def make(rank_index: int, suit_index: int) -> int:
    return suit_index * 8 + rank_index


_BY_NAME = {RANKS[r] + SUITS[s]: make(r, s) for s in range(4) for r in range(8)}
CARD_NAMES = tuple(RANKS[rank(c)] + SUITS[suit(c)] for c in ALL_CARDS)


def parse_card(text: str) -> int:
    """``"JH"`` -> the jack of hearts. Accepts ``10`` for ``T`` and any letter case."""
    key = text.strip().upper().replace("10", "T")
    try:
        return _BY_NAME[key]
    except KeyError:
        raise CardError(f"unknown card {text!r} (write rank then suit: 'JH', 'TS')") from None


def card_name(card: int) -> str:
    return CARD_NAMES[card]


def parse_cards(text: str) -> list[int]:
    """``"JH 9H AS"`` -> a list of cards, in the order written."""
    return [parse_card(word) for word in text.split()]


def parse_hand(text: str) -> int:
    """``"JH 9H AS"`` -> a hand mask; a card written twice is an error."""
    mask = 0
    for card in parse_cards(text):
        if mask >> card & 1:
            raise CardError(f"card {card_name(card)} is written twice")
        mask |= 1 << card
    return mask


def cards_of(mask: int) -> list[int]:
    """The cards of a mask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def hand_str(mask_or_cards) -> str:
    """A mask or a list of cards in notation, suits grouped and ranks ascending."""
    cards = cards_of(mask_or_cards) if isinstance(mask_or_cards, int) else list(mask_or_cards)
    return " ".join(card_name(c) for c in cards)


def count(mask: int) -> int:
    return mask.bit_count()

