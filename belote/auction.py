"""The bidding systems (RULES.md §2-§6). Each auction's state follows from its words alone.

Words are the record's auction words: ``pass``, ``double``, ``redouble``, a suit, ``no-trumps``,
``all-trumps``, ``take``, Coinche bids ``90 hearts`` / ``capot spades``.
"""

from __future__ import annotations

from .cards import SUIT_NAMES
from .contract import ALL_TRUMPS, NO_TRUMPS, SUIT, Contract, parse_contract_word
from .refusal import AUCTION_IS_OVER, BID_NOT_LEGAL, refuse

PASS, DOUBLE, REDOUBLE, TAKE = "pass", "double", "redouble", "take"


class Auction:
    """Base: ``first`` bids first, then each next seat in turn (unless ``_step`` says who)."""

    # The bidding system, for whoever lays out the bids: ladder, turned-card, numbers, one-round.
    system = ""
    # Whether the first word that names a contract ends the auction (no overcall, no double).
    first_bid_ends = False

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

    @property
    def thrown_in(self) -> bool:
        return self.done and self.contract is None

    def history(self) -> list[tuple[int, str]]:
        """(seat, word) of every turn taken."""
        return list(zip(self.seats, self.words))


class RaisingAuction(Auction):
    """Bids that must rise, with a double: the last bidder and the multiplier; every other player
    passing after a bid (or double, or redouble) ends it, and all passing before any bid throws
    the cards in."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.bidder: int | None = None
        self.multiplier = 1
        self.passes = 0

    def _contract(self, bidder: int) -> Contract:
        raise NotImplementedError

    def _passed(self) -> None:
        self.passes += 1
        if self.bidder is None:
            if self.passes == self.players:
                self._finish(None)
        elif self.passes == self.players - 1:
            self._finish(self._contract(self.bidder))

    def _opponent_of_bidder(self, seat: int) -> bool:
        return self.bidder is not None and self.team[seat] != self.team[self.bidder]


LADDER = ("clubs", "diamonds", "hearts", "spades", NO_TRUMPS, ALL_TRUMPS)


class LadderAuction(RaisingAuction):
    """Bulgarian: bids rise clubs < … < spades < no-trumps < all-trumps; double and redouble;
    three passes after a bid, double or redouble end it; four passes throw the cards in."""

    system = "ladder"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.level = -1

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

    def _contract(self, bidder: int) -> Contract:
        kind, trump = parse_contract_word(LADDER[self.level])
        return Contract(kind, trump, bidder, 0, self.multiplier)


class TurnedCardAuction(Auction):
    """French and Classic: first round ``take`` the turned card's suit or pass; second round
    name another suit or pass; the first taker ends it; two rounds of passes throw in."""

    system = "turned-card"
    first_bid_ends = True

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
        if word == TAKE:
            self._finish(Contract(SUIT, self._turned_suit(), seat))
        elif word != PASS:
            self._finish(Contract(SUIT, SUIT_NAMES.index(word), seat))
        elif len(self.words) == 2 * self.players:
            self._finish(None)
        return None


COINCHE_LEVELS = tuple(range(80, 161, 10)) + (500,)


def coinche_bid(level: int, suit_index: int) -> str:
    return f"{'capot' if level == 500 else level} {SUIT_NAMES[suit_index]}"


class CoincheAuction(RaisingAuction):
    """Coinche: ``80 hearts`` … ``160 hearts``, ``capot hearts``, each higher than the last.

    An opponent of the last bidder may coinche (``double``). After a coinche no one may bid
    again: each of the two bidders in turn, the first after the coinche first, may surcoinche
    (``redouble``) or pass; a surcoinche, or both passing, ends the auction (RULES.md §4). The
    defenders have no turn after the coinche. Otherwise three passes after a bid end it; four
    passes throw the cards in.
    """

    system = "numbers"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.level_index = -1
        self.bid = (0, 0)  # (level, suit) of the last bid

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
                self._finish(self._contract(self.bidder))
            elif self.words[-2] == PASS:
                self._finish(self._contract(self.bidder))
            return (seat + 2) % self.players
        if word == PASS:
            self._passed()
            return None
        level_word, suit_word = word.split()
        level = 500 if level_word == "capot" else int(level_word)
        self.level_index = COINCHE_LEVELS.index(level)
        self.bid = (level, SUIT_NAMES.index(suit_word))
        self.bidder = seat
        self.passes = 0
        return None

    def _contract(self, bidder: int) -> Contract:
        level, trump = self.bid
        return Contract(SUIT, trump, bidder, level, self.multiplier)


class BelaAuction(Auction):
    """Bela: one round, each names a suit or passes; the dealer must name one."""

    system = "one-round"
    first_bid_ends = True

    def legal(self) -> list[str]:
        if self.done:
            return []
        dealer_forced = len(self.words) == self.players - 1
        return ([] if dealer_forced else [PASS]) + list(SUIT_NAMES)

    def _step(self, seat, word):
        if word != PASS:
            self._finish(Contract(SUIT, SUIT_NAMES.index(word), seat))
        return None
