"""The bidding systems (RULES.md §2-§6). Each auction's state follows from its words alone.

Words are the record's auction words: ``pass``, ``double``, ``redouble``, a suit, ``no-trumps``,
``all-trumps``, ``take``, Coinche bids ``90 hearts`` / ``capot spades``.
"""

from __future__ import annotations

from .cards import SUIT_NAMES
from .contract import ALL_TRUMPS, NO_TRUMPS, SUIT, Contract
from .refusal import AUCTION_IS_OVER, BID_NOT_LEGAL, refuse

PASS, DOUBLE, REDOUBLE, TAKE = "pass", "double", "redouble", "take"


class Auction:
    """Base: ``first`` bids first, then each next seat in turn (unless ``_step`` says who)."""

    # The bidding system, for whoever lays out the bids: ladder, turned-card, numbers, one-round.
    system = ""

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

    def legal(self) -> list[str]:
        raise NotImplementedError

    def apply(self, word: str) -> None:
        if self.done:
            raise refuse(AUCTION_IS_OVER)
        legal = self.legal()
        if word not in legal:
            raise refuse(BID_NOT_LEGAL, bid=word, legal=", ".join(legal))
        seat = self.to_act
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

    def _passed(self, contract) -> None:
        """Count a pass: all pass before any bid throws the cards in; after a bid, a double or
        a redouble, every other player passing ends the auction with ``contract()``."""
        self.passes += 1
        if self.bidder is None and self.passes == self.players:
            self._finish(None)
        elif self.bidder is not None and self.passes == self.players - 1:
            self._finish(contract())

    @property
    def thrown_in(self) -> bool:
        return self.done and self.contract is None

    def history(self) -> list[tuple[int, str]]:
        """(seat, word) of every turn taken."""
        return list(zip(self.seats, self.words))


LADDER = ("clubs", "diamonds", "hearts", "spades", NO_TRUMPS, ALL_TRUMPS)


class LadderAuction(Auction):
    """Bulgarian: bids rise clubs < … < spades < no-trumps < all-trumps; double and redouble;
    three passes after a bid, double or redouble end it; four passes throw the cards in."""

    system = "ladder"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.level = -1
        self.bidder: int | None = None
        self.multiplier = 1
        self.passes = 0

    def legal(self) -> list[str]:
        if self.done:
            return []
        seat = self.to_act
        out = [PASS] + list(LADDER[self.level + 1:])
        if self.bidder is not None and self.team[seat] != self.team[self.bidder]:
            if self.multiplier == 1:
                out.append(DOUBLE)
        if self.bidder is not None and self.team[seat] == self.team[self.bidder]:
            if self.multiplier == 2:
                out.append(REDOUBLE)
        return out

    def _step(self, seat, word):
        if word == PASS:
            self._passed(self._contract)
            return
        self.passes = 0
        if word == DOUBLE:
            self.multiplier = 2
        elif word == REDOUBLE:
            self.multiplier = 4
        else:
            self.level = LADDER.index(word)
            self.bidder = seat
            self.multiplier = 1

    def _contract(self) -> Contract:
        kind, trump = _kind(LADDER[self.level])
        return Contract(kind, trump, self.bidder, 0, self.multiplier)


def _kind(word: str) -> tuple[str, int | None]:
    if word in (NO_TRUMPS, ALL_TRUMPS):
        return word, None
    return SUIT, SUIT_NAMES.index(word)


class TurnedCardAuction(Auction):
    """French and Classic: first round ``take`` the turned card's suit or pass; second round
    name another suit or pass; the first taker ends it; two rounds of passes throw in."""

    system = "turned-card"

    def legal(self) -> list[str]:
        if self.done:
            return []
        if len(self.words) < self.players:
            return [TAKE, PASS]
        turned_suit = self.turned >> 3
        return [PASS] + [n for s, n in enumerate(SUIT_NAMES) if s != turned_suit]

    def _step(self, seat, word):
        if word == TAKE:
            self._finish(Contract(SUIT, self.turned >> 3, seat))
        elif word != PASS:
            self._finish(Contract(SUIT, SUIT_NAMES.index(word), seat))
        elif len(self.words) == 2 * self.players:
            self._finish(None)


COINCHE_LEVELS = tuple(range(80, 161, 10)) + (500,)


def coinche_bid(level: int, suit_index: int) -> str:
    return f"{'capot' if level == 500 else level} {SUIT_NAMES[suit_index]}"


class CoincheAuction(Auction):
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
        self.bid: tuple[int, int] | None = None  # (level, suit)
        self.bidder: int | None = None
        self.multiplier = 1
        self.passes = 0

    def legal(self) -> list[str]:
        if self.done:
            return []
        seat = self.to_act
        if self.multiplier == 2:
            return [PASS, REDOUBLE]
        out = [PASS]
        for level in COINCHE_LEVELS[self.level_index + 1:]:
            out.extend(coinche_bid(level, s) for s in range(4))
        if self.bidder is not None and self.team[seat] != self.team[self.bidder]:
            out.append(DOUBLE)
        return out

    def _step(self, seat, word):
        if word == DOUBLE:
            self.multiplier = 2
            return None
        if self.multiplier == 2:  # the bidders answer the coinche, one after the other
            if word == REDOUBLE:
                self.multiplier = 4
                self._finish(self._contract())
            elif self.words[-2] == PASS:
                self._finish(self._contract())
            return (seat + 2) % self.players
        if word == PASS:
            self._passed(self._contract)
            return
        level_word, suit_word = word.split()
        level = 500 if level_word == "capot" else int(level_word)
        self.level_index = COINCHE_LEVELS.index(level)
        self.bid = (level, SUIT_NAMES.index(suit_word))
        self.bidder = seat
        self.passes = 0

    def _contract(self) -> Contract:
        level, trump = self.bid
        return Contract(SUIT, trump, self.bidder, level, self.multiplier)


class BelaAuction(Auction):
    """Bela: one round, each names a suit or passes; the dealer must name one."""

    system = "one-round"

    def legal(self) -> list[str]:
        if self.done:
            return []
        dealer_forced = len(self.words) == self.players - 1
        return ([] if dealer_forced else [PASS]) + list(SUIT_NAMES)

    def _step(self, seat, word):
        if word != PASS:
            self._finish(Contract(SUIT, SUIT_NAMES.index(word), seat))
