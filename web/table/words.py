"""The table's words and small pieces of HTML: card and suit labels, bids, contracts,
declarations, seats and sides, in the language of the moment.

Pure functions of the engine's view (no model, no browser), shared by every region
(web/table/regions.py...), the replay viewer (web/records/replay.py) and the coach
(web/coach/). Seats go counter-clockwise from the player at seat 0 (bottom): with four players
seat 1 is on the right, 2 opposite (the partner), 3 on the left; with three, seats 1 and 2 sit
top right and top left; with two, seat 1 is opposite.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TypedDict

from belote.auction import COINCHE_LEVELS as LEVELS_BID
from belote.auction import DOUBLE, REDOUBLE, split_bid
from belote.cards import PLAIN_RANKING, SUIT_NAMES, TRUMP_RANKING
from belote.contract import CAPOT, level_word
from belote.rules import rules_of
from belote.view import ContractView, DeclarationView, View
from web.app.markup import attr, escape
from web.i18n import SUIT_LETTERS, contract_words, double_name, rank_short, t
from web.i18n.phrase import CardName

SUITS = SUIT_NAMES  # the engine's names, clubs to spades


SYMBOLS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}


RED = {"diamonds", "hearts"}


# Coinche's levels as its bids say them: "80" ... "160", "capot" (belote/auction.py)
COINCHE_LEVELS = tuple(level_word(level) for level in LEVELS_BID)


LEVELS = ("easy", "normal", "expert")


POSITIONS = {
    4: ("bottom", "right", "top", "left"),
    3: ("bottom", "top-right", "top-left"),
    2: ("bottom", "top"),
}
# Display order in the hand: colours alternate; within a suit, strongest first.


HAND_SUITS = ("S", "H", "C", "D")


CARD_DIR = "./web/cards/"

class Said(TypedDict):
    """What a bid's words depend on: the rule set and the turned card (a :class:`View` is
    one)."""

    rules: str
    turned: str | None


def positions(players: int) -> tuple[str, ...]:
    return POSITIONS[players]


def labelled(label: str, text: str) -> str:
    """``Dealer: You``, in the language's typography (French: ``Donneur : Vous``); with
    ``text`` empty, the label and its colon."""
    return t("text.labelled", label=label, text=text).strip()


def seat_name(seat: int, players: int) -> str:
    if seat == 0:
        return t("seat.you")
    if players == 4:
        return t(("seat.right", "seat.partner", "seat.left")[seat - 1])
    if players == 3:
        return t(("seat.right", "seat.left")[seat - 1])
    return t("seat.opponent")


def side_name(side: int, view: View) -> str:
    if view["players"] == 4:
        return t("team.us") if side == 0 else t("team.them")
    return seat_name(side, view["players"])


def trick_won(seat: int, players: int) -> str:
    return t("trick.won.you") if seat == 0 else t("trick.won", seat=seat_name(seat, players))


def side_subject(side: int, view: View) -> str:
    """A side as the subject of a sentence: ``We`` / ``They`` / ``Right``."""
    if view["players"] == 4:
        return t("team.we") if side == 0 else t("team.they")
    return seat_name(side, view["players"])


def side_of(seat: int, view: View) -> int:
    """The side (team, or player alone) of ``seat``, as the view's rule set says."""
    return rules_of(view).side(seat)


def card_src(card: str, four_colour: bool = False) -> str:
    return f"{CARD_DIR}{'four/' if four_colour else ''}{card}.svg"


def back_src() -> str:
    return CARD_DIR + "back.svg"


def suit_of(card: str) -> str:
    return SUIT_LETTERS[card[1]]


def rank_index(card: str) -> str:
    """The rank as the cards print it, in the language: ``TH`` -> ``10``, ``JH`` -> ``J``."""
    return rank_short(card[0])


def short_card(card: str) -> str:
    """``TH`` -> ``10♥`` (compact text for lists)."""
    return rank_index(card) + SYMBOLS[suit_of(card)]


def suit_html(suit: str, spoken: bool = False) -> str:
    """The suit's symbol in its colour; ``spoken``: with its name for screen readers."""
    cls = "red" if suit in RED else "black"
    name = f'<span class="visually-hidden">{escape(t("suit." + suit))}</span>' if spoken else ""
    return f'<span class="suit {cls}" aria-hidden="true">{SYMBOLS[suit]}</span>{name}'


def contract_text(contract: ContractView | None, rules: str, short: bool = False) -> str:
    """``90 ♥ coinched ×2``, ``All trumps doubled ×2``; ``short``: ``90 ♥ ×2``."""
    if not contract:
        return t("contract.none")
    if contract["kind"] == "suit":
        level, suit = split_bid(contract["name"])
        text = (f"{escape(level_label(level))} " if level else "") + suit_html(
            suit, spoken=True) + (f' <span class="word">{escape(t("Suit." + suit))}</span>'
                                  if not level else "")
    else:
        text = escape(t("bid." + contract["kind"]))
    mult = contract.get("multiplier", 1)
    if mult > 1:
        said = multiplied(mult, rules)
        word = escape(said)
        text += (f' <span class="mult" title="{attr(said)}">×{mult}'
                 f'<span class="visually-hidden"> {word}</span></span>' if short else
                 f' <span class="mult">{word} ×{mult}</span>')
    return text.strip()


def multiplied(multiplier: int, rules: str) -> str:
    """A contract's double (×2) or redouble (×4) as the rule set calls it: ``coinched``."""
    word = DOUBLE if multiplier == 2 else REDOUBLE
    return t("contract." + double_name(word, rules) + "d")


def contract_html(words: str, rules: str) -> str:
    """A score-sheet contract (the engine's words: ``90 hearts coinched``) with its suit
    symbol: ``90 ♥ coinched``."""
    if not words or words == "thrown in":
        return escape(contract_words(words, rules))
    out = []
    for word in words.split():
        if word in SYMBOLS:
            out.append(suit_html(word, spoken=True))
        else:
            out.append(escape(contract_words(word, rules)))
    return " ".join(out)


def level_label(level: int | str) -> str:
    """A Coinche level in words: ``90``, ``Capot`` (its word or its number)."""
    word = level if isinstance(level, str) else level_word(level)
    return t("bid.capot") if word == CAPOT else word


def bid_label(bid: str, view: Said) -> str:
    """Text (HTML) of a bid word, as a button or in the auction history."""
    rules = view["rules"]
    if bid in SUITS:
        return suit_html(bid) + f' <span class="word">{escape(t("Suit." + bid))}</span>'
    if bid == "take":
        turned = view.get("turned")
        suit = suit_of(turned) if turned else None
        return escape(t("bid.take", suit="")).strip() + (" " + suit_html(suit) if suit else "")
    if bid in (DOUBLE, REDOUBLE):
        return escape(t("bid." + double_name(bid, rules)))
    level, suit = split_bid(bid)
    if level:  # coinche: "90 hearts", "capot spades"
        return escape(level_label(level)) + " " + suit_html(suit)
    return escape(t("bid." + bid))


def bid_text(bid: str, view: Said) -> str:
    """A bid in plain words (for labels and messages): ``90 hearts``, ``Take spades``."""
    turned = view.get("turned")
    if bid == "take" and turned:
        return t("bid.take", suit=t("suit." + suit_of(turned)))
    level, suit = split_bid(bid)
    if level:
        return f'{level_label(level)} {t("suit." + suit)}'
    return re.sub(r"<[^>]+>", "", bid_label(bid, view)).replace("\u2663", "").replace(
        "\u2666", "").replace("\u2665", "").replace("\u2660", "").strip()


def declaration_html(d: DeclarationView) -> str:
    """A declaration as shown: ``Tierce ♥ 9-10-J · 20``, ``Four nines · 150``."""
    kind, cards = d["kind"], d["cards"].split()
    points = d.get("points", 0)
    tail = f" · {points}" if points else f' · {escape(t("declare.outright"))}'
    if kind == "carre":
        return escape(t("declare.carre." + cards[0][0])) + tail
    ranks = "-".join(rank_index(c) for c in cards)
    return (f'{escape(t("declare." + kind))} {suit_html(suit_of(cards[0]), spoken=True)}'
            f' {ranks}{tail}')


def sorted_hand(cards: list[str], contract: ContractView | None) -> list[str]:
    trump = None
    all_trumps = False
    if contract:
        if contract["kind"] == "suit" and contract["trump"] is not None:
            trump = SUITS[contract["trump"]]
        all_trumps = contract["kind"] == "all-trumps"
    suits = list(HAND_SUITS)
    if trump:  # trumps first, colours still alternating where possible
        letter = trump[0].upper()
        i = suits.index(letter)
        suits = suits[i:] + suits[:i]

    def key(card: str):
        trumps = all_trumps or (trump and suit_of(card) == trump)
        order = TRUMP_RANKING if trumps else PLAIN_RANKING
        return suits.index(card[1]), order.index(card[0])

    return sorted(cards, key=key)


def long_short(key: str) -> str:
    """A label with a shorter form for narrow screens (CSS shows one of the two)."""
    return (f'<span class="long">{escape(t(key))}</span>'
            f'<span class="short" aria-hidden="true">{escape(t(key + ".short"))}</span>')


@dataclass(frozen=True)
class BidName:
    """A bid in plain words, said in the language of the moment (:func:`bid_text`)."""

    bid: str
    rules: str
    turned: str | None = None

    def said(self) -> str:
        return bid_text(self.bid, {"rules": self.rules, "turned": self.turned})


def action_name(action: str, view: View) -> CardName | BidName:
    """A card's or a bid's name (as the phase of ``view`` makes it one or the other)."""
    if view["phase"] == "play":
        return CardName(action)
    return BidName(action, view["rules"], view["turned"])
