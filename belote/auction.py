"""The bidding systems (docs/rules.md §2-§6). Each auction's state follows from its words alone.

Words are the record's auction words: ``pass``, ``double``, ``redouble``, a suit, ``no-trumps``,
``all-trumps``, ``take``, Coinche bids ``90 hearts`` / ``capot spades``.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from .cards import SUIT_NAMES
from .contract import (
    ALL_TRUMPS,
    CAPOT_LEVEL,
    NO_TRUMPS,
    SUIT,
    Contract,
    level_of,
    level_word,
    parse_contract_word,
)
from .refusal import AUCTION_IS_OVER, BID_NOT_LEGAL, refuse

PASS, DOUBLE, REDOUBLE, TAKE = "pass", "double", "redouble", "take"


def split_bid(word: str) -> tuple[int, str]:
    """A bid's level and the word after it: ``90 hearts`` -> (90, "hearts"), ``capot spades``
    -> (500, "spades"); a word with no level -> (0, the word): ``hearts``, ``take``, ``pass``."""
    level, _, named = word.rpartition(" ")
    return (level_of(level) if level else 0), named


def bid_word(level: int, named: str) -> str:
    """The bid of the contract word ``named`` at ``level`` (0: none): (90, "hearts") ->
    ``90 hearts``, (500, "spades") -> ``capot spades``, (0, "hearts") -> ``hearts``."""
    return f"{level_word(level)} {named}" if level else named


@dataclass(frozen=True)
class BidLayout:
    """How a bidding box lays out one turn: every word of the system, the legal ones enabled.

    ``levels``: first a row of levels, then the four suits at the chosen level (Coinche);
    ``rows``: then these rows of words; ``note``: what the turn asks, when it is not plain
    (``round1`` and ``round2`` of a turned-card auction, ``forced`` for a dealer who must name
    trump)."""

    rows: tuple[tuple[str, ...], ...]
    levels: bool = False
    note: str | None = None


class Auction:
    """Base: ``first`` bids first, then each next seat in turn (unless ``_step`` says who)."""

    # Whether the first word that names a contract ends the auction (no overcall, no double).
    first_bid_ends = False
    # The contracts a bid may name, by contract word: a suit, no-trumps, all-trumps.
    contract_words: tuple[str, ...] = tuple(SUIT_NAMES)
    # The levels a bid names with its suit (Coinche: 80 ... 160, capot), lowest first; none
    # where a bid names only a contract.
    levels: tuple[int, ...] = ()

    @classmethod
    def layout(cls, legal: Collection[str]) -> BidLayout:
        """The bidding box of a turn whose legal words are ``legal``."""
        raise NotImplementedError

    @staticmethod
    def names(word: str, turned: int | None = None) -> str | None:
        """The contract word (a suit, no-trumps, all-trumps) that the bid ``word`` names: ``take``
        the turned card's suit, ``90 hearts`` hearts; None for pass, double and redouble."""
        if word in (PASS, DOUBLE, REDOUBLE):
            return None
        if word == TAKE:
            if turned is None:
                raise ValueError("take names the turned card's suit: there is none")
            return SUIT_NAMES[turned >> 3]
        return split_bid(word)[1]

    @staticmethod
    def contract_named(word: str, bidder: int, turned: int | None = None) -> Contract:
        """The contract that the bid ``word`` of ``bidder`` names, undoubled: ``take`` the
        turned card's suit, ``hearts``, ``no-trumps``, ``90 hearts``, ``capot hearts``."""
        if word == TAKE:
            if turned is None:
                raise ValueError("take names the turned card's suit: there is none")
            return Contract(SUIT, turned >> 3, bidder)
        level, named = split_bid(word)
        kind, trump = parse_contract_word(named)
        return Contract(kind, trump, bidder, level)

    def __init__(self, players: int, first: int, team, turned: int | None = None):
        self.players = players
        self.first = first
        self.team = team
        self.turned = turned
        self.words: list[str] = []
        self.seats: list[int] = []
        self.to_act: int | None = first
        self.done = False
        self.contract: Contract | None = None

    @property
    def seat(self) -> int:
        """The seat to speak (refused once the auction is over)."""
        if self.to_act is None:
            raise refuse(AUCTION_IS_OVER)
        return self.to_act

    def legal(self) -> list[str]:
        raise NotImplementedError

    def apply(self, word: str) -> None:
        seat = self.seat
        legal = self.legal()
        if word not in legal:
            raise refuse(BID_NOT_LEGAL, bid=word, legal=", ".join(legal))
        self.words.append(word)
        self.seats.append(seat)
        following = self._step(seat, word)
        if self.done:
            self.to_act = None
        else:
            self.to_act = (seat + 1) % self.players if following is None else following

    def _step(self, seat: int, word: str) -> int | None:
        """Take ``word`` of ``seat`` into the state; return the seat to act next when it is not
        the next one round the table."""
        raise NotImplementedError

    def _finish(self, contract: Contract | None) -> None:
        self.done = True
        self.contract = contract

    def history(self) -> list[tuple[int, str]]:
        """(seat, word) of every turn taken."""
        return list(zip(self.seats, self.words))

    @property
    def standing(self) -> Contract | None:
        """What a pass leaves standing: the contract that is played if every other seat passes
        now (the last bid with its double), None before any bid. An auction that the first bid
        ends has none: a pass there lets the later seats speak."""
        return None


class RaisingAuction(Auction):
    """Bids that must rise, with a double: the last bidder and the multiplier; every other player
    passing after a bid (or double, or redouble) ends it, and all passing before any bid throws
    the cards in."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.bidder: int | None = None
        self.multiplier = 1
        self.passes = 0

    def _bid(self) -> Contract:
        """The last bid's contract, undoubled."""
        raise NotImplementedError

    @property
    def standing(self) -> Contract | None:
        if self.bidder is None:
            return None
        return self._bid().with_multiplier(self.multiplier)

    def _passed(self) -> None:
        self.passes += 1
        if self.bidder is None:
            if self.passes == self.players:
                self._finish(None)
        elif self.passes == self.players - 1:
            self._finish(self.standing)

    def _opponent_of_bidder(self, seat: int) -> bool:
        return self.bidder is not None and self.team[seat] != self.team[self.bidder]


LADDER = ("clubs", "diamonds", "hearts", "spades", NO_TRUMPS, ALL_TRUMPS)


class LadderAuction(RaisingAuction):
    """Bulgarian: bids rise clubs < … < spades < no-trumps < all-trumps; double and redouble;
    three passes after a bid, double or redouble end it; four passes throw the cards in."""

    contract_words = LADDER

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.level = -1

    @classmethod
    def layout(cls, legal: Collection[str]) -> BidLayout:
        return BidLayout((LADDER, (PASS, DOUBLE, REDOUBLE)))

    def legal(self) -> list[str]:
        if self.done:
            return []
        seat = self.seat
        out = [PASS] + list(LADDER[self.level + 1:])
        if self.bidder is not None:
            if self._opponent_of_bidder(seat):
                if self.multiplier == 1:
                    out.append(DOUBLE)
            elif self.multiplier == 2:
                out.append(REDOUBLE)
        return out

    def _step(self, seat, word):
        if word == PASS:
            self._passed()
            return None
        self.passes = 0
        if word == DOUBLE:
            self.multiplier = 2
        elif word == REDOUBLE:
            self.multiplier = 4
        else:
            self.level = LADDER.index(word)
            self.bidder = seat
            self.multiplier = 1
        return None

    def _bid(self) -> Contract:
        assert self.bidder is not None
        return self.contract_named(LADDER[self.level], self.bidder)


class TurnedCardAuction(Auction):
    """French and Classic: first round ``take`` the turned card's suit or pass; second round
    name another suit or pass; the first taker ends it; two rounds of passes throw in."""

    first_bid_ends = True

    @classmethod
    def layout(cls, legal: Collection[str]) -> BidLayout:
        if TAKE in legal:
            return BidLayout(((TAKE, PASS),), note="round1")
        return BidLayout(((*SUIT_NAMES, PASS),), note="round2")

    def _turned_suit(self) -> int:
        if self.turned is None:
            raise ValueError("this auction needs a turned card")
        return self.turned >> 3

    def legal(self) -> list[str]:
        if self.done:
            return []
        if len(self.words) < self.players:
            return [TAKE, PASS]
        turned_suit = self._turned_suit()
        return [PASS] + [n for s, n in enumerate(SUIT_NAMES) if s != turned_suit]

    def _step(self, seat, word):
        if word != PASS:
            self._finish(self.contract_named(word, seat, self.turned))
        elif len(self.words) == 2 * self.players:
            self._finish(None)
        return None


COINCHE_LEVELS = tuple(range(80, 161, 10)) + (CAPOT_LEVEL,)


def coinche_bid(level: int, suit_index: int) -> str:
    return bid_word(level, SUIT_NAMES[suit_index])


class CoincheAuction(RaisingAuction):
    """Coinche: ``80 hearts`` … ``160 hearts``, ``capot hearts``, each higher than the last.

    An opponent of the last bidder may coinche (``double``). After a coinche no one may bid
    again: each of the two bidders in turn, the first after the coinche first, may surcoinche
    (``redouble``) or pass; a surcoinche, or both passing, ends the auction (docs/rules.md §4). The
    defenders have no turn after the coinche. Otherwise three passes after a bid end it; four
    passes throw the cards in.
    """

    levels = COINCHE_LEVELS

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.level_index = -1
        self.bid = (0, 0)  # (level, suit) of the last bid

    @classmethod
    def layout(cls, legal: Collection[str]) -> BidLayout:
        return BidLayout(((PASS, DOUBLE, REDOUBLE),), levels=True)

    def legal(self) -> list[str]:
        if self.done:
            return []
        seat = self.seat
        if self.multiplier == 2:
            return [PASS, REDOUBLE]
        out = [PASS]
        for level in COINCHE_LEVELS[self.level_index + 1:]:
            out.extend(coinche_bid(level, s) for s in range(4))
        if self._opponent_of_bidder(seat):
            out.append(DOUBLE)
        return out

    def _step(self, seat, word):
        if word == DOUBLE:
            self.multiplier = 2
            return None
        if self.bidder is not None and self.multiplier == 2:
            # the bidders answer the coinche, one after the other
            if word == REDOUBLE:
                self.multiplier = 4
                self._finish(self.standing)
            elif self.words[-2] == PASS:
                self._finish(self.standing)
            return (seat + 2) % self.players
        if word == PASS:
            self._passed()
            return None
        named = self.contract_named(word, seat)
        self.level_index = COINCHE_LEVELS.index(named.level)
        self.bid = (named.level, named.trump_suit)
        self.bidder = seat
        self.passes = 0
        return None

    def _bid(self) -> Contract:
        assert self.bidder is not None
        level, trump = self.bid
        return Contract(SUIT, trump, self.bidder, level)


class BelaAuction(Auction):
    """Bela: one round, each names a suit or passes; the dealer must name one."""

    first_bid_ends = True

    @classmethod
    def layout(cls, legal: Collection[str]) -> BidLayout:
        return BidLayout(((*SUIT_NAMES, PASS),), note=None if PASS in legal else "forced")

    def legal(self) -> list[str]:
        if self.done:
            return []
        dealer_forced = len(self.words) == self.players - 1
        return ([] if dealer_forced else [PASS]) + list(SUIT_NAMES)

    def _step(self, seat, word):
        if word != PASS:
            self._finish(self.contract_named(word, seat))
        return None
