"""What a seat knows, read from its view: its cards, the tricks, and inferences about the others.

Everything here comes from ``Match.view(seat)``: nothing else is read, so a bot built on it
cannot peek. From the cards played it infers, for each other seat, the cards it cannot hold
(``forbidden``): a suit it did not follow, the trumps it did not play when it had to trump, the
higher trumps it lacked when it did not overtrump, the higher cards of a suit it did not play
when it had to beat. It knows cards held by others (``known``): the turned card of the taker,
declarations shown after the first trick, the other card of a belote that was said.
"""

from __future__ import annotations

from ..cards import KING, QUEEN, SUIT_MASK, parse_card
from ..contract import LAST_TRICK, Contract
from ..rules import rules_of
from ..view import View
from .core import Tables, legal_mask, tables_for


def mask_of_names(names) -> int:
    m = 0
    for x in names:
        m |= 1 << parse_card(x)
    return m


class Knowledge:
    """A seat's knowledge of the hand in play (or in the auction)."""

    def __init__(self, view: View):
        self.view = view
        self.rules = rules = rules_of(view)
        self.n = n = view["players"]
        self.seat = seat = view["seat"]
        self.team = rules.team
        self.side = rules.side(seat)
        self.hand = mask_of_names(view["hand"])
        self.sizes = list(view.get("hand_sizes") or [8] * n)
        self.dealer = view["dealer"]
        self.auction = [(s, w) for s, w in view.get("auction", [])]
        turned, contract, stock = view["turned"], view["contract"], view["stock_card"]
        self.turned = parse_card(turned) if turned else None
        self.contract: Contract | None = Contract.from_dict(contract) if contract else None
        self._tables: Tables | None = None
        self.played = 0
        self.tricks: list[tuple[list[int], list[int], int]] = []
        self.trick_cards: list[int] = []
        self.trick_seats: list[int] = []
        self.points = [0] * rules.sides
        self.winner_sides: list[int] = []
        self.forbidden = [0] * n
        self.known = [0] * n
        self.excluded = 1 << parse_card(stock) if stock else 0
        if self.contract is None:
            self.pool = ((1 << 32) - 1) & ~self.hand & ~self.excluded
            if self.turned is not None:
                self.pool &= ~(1 << self.turned)
            return
        self.duties = rules.duties(self.contract)
        self._tables = tables = tables_for(self.contract, self.duties)
        played = [(s, parse_card(x)) for s, x in view.get("played", [])]
        for _, card in played:
            self.played |= 1 << card
        # tricks
        for i in range(0, len(played) - len(played) % n, n):
            seats = [s for s, _ in played[i:i + n]]
            cards = [c for _, c in played[i:i + n]]
            self.tricks.append((seats, cards, self._winner(seats, cards)))
        rest = played[len(self.tricks) * n:]
        self.trick_seats = [s for s, _ in rest]
        self.trick_cards = [c for _, c in rest]
        for k, (_, cards, w) in enumerate(self.tricks):
            pts = sum(tables.points[c] for c in cards) + (LAST_TRICK if k == 7 else 0)
            self.points[rules.side(w)] += pts
            self.winner_sides.append(rules.side(w))
        leader = self.trick_seats[0] if self.trick_seats else view["turn"]
        if leader is None:
            leader = self.tricks[-1][2] if self.tricks else (self.dealer + 1) % n
        self.leader: int = leader
        self.tricks_left = 8 - len(self.tricks)
        self._infer(played)
        self.pool = ((1 << 32) - 1) & ~self.hand & ~self.played & ~self.excluded
        for s in range(n):
            self.known[s] &= self.pool
            self.forbidden[s] &= self.pool & ~self.known[s]

    # --- helpers ---------------------------------------------------------------------------
    def _winner(self, seats, cards) -> int:
        tables = self.tables
        w = 0
        for i in range(1, len(cards)):
            c, b = cards[i], cards[w]
            if (c >> 3 == b >> 3 and tables.strength[c] > tables.strength[b]) or \
                    (c >> 3 == tables.trump != b >> 3):
                w = i
        return seats[w]

    def _infer(self, played):
        tables, n, team = self.tables, self.n, self.team
        # the duties: a card played shows the seat lacked every card that would have made it
        # illegal (tested card by card against the engine's rules on a two-card hand)
        gone = self.hand
        for start in range(0, len(played), n):
            trick = played[start:start + n]
            for i in range(1, len(trick)):
                s, c = trick[i]
                cards = [x for _, x in trick[:i]]
                led = cards[0] >> 3
                top, win, wseat = cards[0], cards[0], trick[0][0]
                for j in range(1, i):
                    x = cards[j]
                    if x >> 3 == led and tables.strength[x] > tables.strength[top]:
                        top = x
                    if (x >> 3 == win >> 3 and tables.strength[x] > tables.strength[win]) or \
                            (x >> 3 == tables.trump != win >> 3):
                        win, wseat = x, trick[j][0]
                partner = team[wseat] == team[s]
                cand = SUIT_MASK[led] | tables.trump_mask
                cand &= ~gone & ~(1 << c)
                bad = 0
                m = cand
                while m:
                    low = m & -m
                    m ^= low
                    if not legal_mask((1 << c) | low, led, top, win, partner, tables) >> c & 1:
                        bad |= low
                self.forbidden[s] |= bad
            for _, x in trick:
                gone |= 1 << x
        # the taker holds the turned card
        if self.turned is not None and self.contract is not None:
            self.known[self.contract.bidder] |= 1 << self.turned
        # declarations shown after the first trick
        declared = self.view.get("declared") or []
        if self.rules.declarations_shown(len(self.tricks)):
            for s, decls in enumerate(declared):
                if s != self.seat:
                    for d in decls:
                        self.known[s] |= mask_of_names(d["cards"].split())
        # belote: the one who said it holds the other card; a trump king or queen played
        # without a belote shows the other is not in that hand (suit contracts)
        said = {}
        for s, word, x in self.view.get("belote") or []:
            said[parse_card(x)] = (s, word)
        for s, c in played:
            r = c & 7
            if r not in (KING, QUEEN):
                continue
            other = c ^ (KING ^ QUEEN)
            if c in said:
                if said[c][1] == "belote":
                    self.known[said[c][0]] |= 1 << other
            elif c >> 3 == self.contract_in_play.trump_suit:
                self.forbidden[s] |= 1 << other

    # --- queries ---------------------------------------------------------------------------
    @property
    def tables(self) -> Tables:
        """The contract's tables (play phase only)."""
        if self._tables is None:
            raise ValueError("no contract yet: the auction is not over")
        return self._tables

    @property
    def contract_in_play(self) -> Contract:
        """The contract being played (play phase only)."""
        if self.contract is None:
            raise ValueError("no contract yet: the auction is not over")
        return self.contract

    def may(self, strict: bool = True) -> list[int]:
        """Per seat, the cards it may hold. ``strict`` uses the inferences; otherwise only the
        cards played and one's own are excluded."""
        out = []
        all_known = 0
        for k in self.known:
            all_known |= k
        for s in range(self.n):
            if s == self.seat:
                out.append(self.hand)
            elif strict:
                out.append((self.pool & ~self.forbidden[s] & ~all_known) | self.known[s])
            else:
                out.append(self.pool)
        return out

    @property
    def bidder_side(self) -> int:
        return self.rules.side(self.contract.bidder) if self.contract else -1

    def legal_cards(self) -> int:
        m = 0
        for a in self.view.get("legal", []):
            if len(a) == 2:
                m |= 1 << parse_card(a)
        return m
