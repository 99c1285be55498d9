"""One hand: deal, auction, declarations, tricks and the result, as a state machine.

Actions are strings (the record's words): a bid, a card (``"JH"``), a declaration
(``"declare tierce 9H TH JH"``, made before or with one's first card), or ``"out"`` (Classic).
The state follows from the deck, the dealer and the actions alone, which is what a hand record
holds (see :mod:`belote.record`).
"""

from __future__ import annotations

from .cards import (
    CARD_NAMES,
    KING,
    QUEEN,
    card_name,
    cards_of,
    hand_str,
    parse_card,
)
from .contract import LAST_TRICK, Contract
from .deals import commitment
from .declarations import Declaration
from .events import (
    BeloteEvent,
    BidEvent,
    CardEvent,
    ContractEvent,
    DealEvent,
    DeclareEvent,
    Event,
    HandScoredEvent,
    OutEvent,
    ThrownInEvent,
    TrickEvent,
)
from .play import duty_refusal, legal, winner_index
from .refusal import (
    ALREADY_DECLARED,
    BID_NOT_LEGAL,
    DECLARE_FIRST_CARD,
    HAND_IS_OVER,
    NO_CARD_NOW,
    NOT_A_DECLARATION,
    NOT_AN_ACTION,
    NOT_HELD,
    OUT_NOT_ALLOWED,
    IllegalAction,
    Refusal,
    refuse,
)
from .rules import RuleSet
from .scoring import HandResult, HandScore
from .view import OutClaim, View, declaration_views

# The phases of a hand (a match adds belote.game.MATCH_OVER).
AUCTION, PLAY, HAND_OVER = "auction", "play", "hand-over"
OUT = "out"
DECLARE = "declare"


class Hand:
    """A hand of ``rules`` dealt by ``dealer`` from ``deck`` (32 cards, top first); ``seed``:
    the seed the deck was dealt from, when known (:mod:`belote.deals`)."""

    def __init__(self, rules: RuleSet, dealer: int, deck: list[int], seed: str | None = None):
        self.rules = rules
        self.n = n = rules.players
        self.dealer = dealer
        self.deck = list(deck)
        self.seed = seed
        self.team = rules.team
        self.hands = [0] * n
        self.talon = [0] * n
        self.pos = 0
        self.turned: int | None = None
        self.stock_card: int | None = None
        self.contract: Contract | None = None
        self.trick: list[int] = []
        self.trick_seats: list[int] = []
        self.tricks: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []
        self.played: list[int] = []
        self.played_by: list[int] = []
        self.sides = rules.sides
        self.points = [0] * self.sides
        self.trick_counts = [0] * self.sides
        self.points_trick = [False] * self.sides  # won a trick holding a card worth points
        self.available: list[list[Declaration]] = [[] for _ in range(n)]
        self.declared: list[list[Declaration]] = [[] for _ in range(n)]
        self.first_card_played = [False] * n
        self.counted: list[list[Declaration]] | None = None  # after the first trick
        self.verdicts: list[dict] | None = None  # why they count (rules.declaration_verdicts)
        self.belote_pending: list[set[int]] = [set() for _ in range(n)]
        self.belote_said: list[set[int]] = [set() for _ in range(n)]
        self.belote = [0] * self.sides
        self.belote_log: list[tuple[int, str, int]] = []  # (seat, "belote"/"rebelote", card)
        self.out: OutClaim | None = None
        self.facts: HandResult | None = None  # what happened, once the hand is played out
        self.score: HandScore | None = None   # what the rule set makes of it
        self.events: list[Event] = []
        self._legal_key = -1
        self._legal_cache: tuple[int, str | None] = (0, None)
        self._deal(rules.deal_before)
        if rules.talon:
            self._deal((rules.talon,), into=self.talon)
        if rules.turned_card:
            self.turned = self._take(1)[0]
        self.auction = rules.make_auction((dealer + 1) % n, self.turned)
        self.phase = AUCTION
        self.turn: int | None = self.auction.to_act
        self.events.append(DealEvent(type="deal", dealer=dealer))

    # --- dealing ---------------------------------------------------------------------------
    def _take(self, k: int) -> list[int]:
        cards = self.deck[self.pos:self.pos + k]
        self.pos += k
        return cards

    def _deal(self, batches, into=None):
        """Deal each batch round the table from the dealer's next seat; a batch is a count for
        every seat or a count per seat."""
        into = self.hands if into is None else into
        for batch in batches:
            for i in range(self.n):
                seat = (self.dealer + 1 + i) % self.n
                k = batch if isinstance(batch, int) else batch[seat]
                for c in self._take(k):
                    into[seat] |= 1 << c

    def _complete_deal(self):
        rules, bidder = self.rules, self.contract_in_play.bidder
        if self.turned is not None:
            self.hands[bidder] |= 1 << self.turned  # the taker takes the turned card
        self._deal(rules.deal_after_auction(bidder))
        if rules.shows_undealt_card and self.pos < len(self.deck):
            self.stock_card = self.deck[-1]
        for s in range(self.n):
            self.hands[s] |= self.talon[s]
            self.talon[s] = 0

    # --- queries ---------------------------------------------------------------------------
    @property
    def actor(self) -> int:
        """The seat to act (refused once the hand is over)."""
        if self.turn is None:
            raise refuse(HAND_IS_OVER)
        return self.turn

    @property
    def contract_in_play(self) -> Contract:
        """The contract being played (refused before the auction has ended)."""
        if self.contract is None:
            raise refuse(NO_CARD_NOW)
        return self.contract

    @property
    def over(self) -> bool:
        return self.phase == HAND_OVER

    @property
    def commitment(self) -> str | None:
        """The commitment to the deck's seed (its SHA-256, :func:`belote.deals.commitment`),
        or None when the seed is not known."""
        return None if self.seed is None else commitment(self.seed)

    def _legal(self) -> tuple[int, str | None]:
        """(mask, reason) for the player to act, cached until the next card."""
        key = len(self.played)
        if self._legal_key != key:
            seat = self.actor
            self._legal_cache = legal(self.hands[seat], self.trick, self.trick_seats, seat,
                                      self.team, self.contract_in_play, self.duties)
            self._legal_key = key
        return self._legal_cache

    def legal_mask(self) -> int:
        """Cards the player to act may play (play phase)."""
        return self._legal()[0]

    def legal_actions(self) -> list[str]:
        if self.phase == AUCTION:
            return self.auction.legal()
        if self.phase != PLAY:
            return []
        seat = self.actor
        actions = [CARD_NAMES[c] for c in cards_of(self.legal_mask())]
        if not self.first_card_played[seat]:
            actions += [f"{DECLARE} {d}" for d in self.available[seat]
                        if d not in self.declared[seat]]
        if self.can_claim_out(seat):
            actions.append(OUT)
        return actions

    def why_illegal(self, action: str) -> Refusal | None:
        """None when ``action`` is legal for the player to act, else why not."""
        if action in self.legal_actions():
            return None
        if self.phase == PLAY:
            try:
                card = parse_card(action)
            except ValueError:
                return Refusal(NOT_AN_ACTION, {"action": action})
            return self._card_refusal(card)
        if self.phase == AUCTION:
            return Refusal(BID_NOT_LEGAL, {"bid": action})
        return Refusal(HAND_IS_OVER)

    def _card_refusal(self, card: int) -> Refusal | None:
        """Why the player to act may not play ``card`` now (None: it may)."""
        if not self.hands[self.actor] >> card & 1:
            return Refusal(NOT_HELD, {"card": card_name(card)})
        mask, duty = self._legal()
        if mask >> card & 1 or duty is None:
            return None
        seat = self.actor
        return duty_refusal(self.hands[seat], self.trick, self.trick_seats, seat, self.team,
                            self.contract_in_play, self.duties, card)

    def can_claim_out(self, seat: int) -> bool:
        """Whether ``seat`` may say "I'm out" now (:meth:`RuleSet.may_claim_out`)."""
        return self.phase == PLAY and self.rules.may_claim_out(
            len(self.tricks), self.points_trick[self.rules.side(seat)])

    # --- actions ---------------------------------------------------------------------------
    def apply(self, action: str) -> list[Event]:
        """Apply the action of the player to act; returns the events it caused."""
        start = len(self.events)
        if self.phase == AUCTION:
            self._bid(action)
        elif self.phase == PLAY:
            if action == OUT:
                self.claim_out(self.actor)
            elif action.startswith(DECLARE + " "):
                self._declare(self.actor, action[len(DECLARE) + 1:])
            else:
                try:
                    card = parse_card(action)
                except ValueError:
                    raise refuse(NOT_AN_ACTION, action=action) from None
                self.play_card(card)
        else:
            raise refuse(HAND_IS_OVER)
        return self.events[start:]

    def _bid(self, word: str):
        seat = self.actor
        self.auction.apply(word)
        self.events.append(BidEvent(type="bid", seat=seat, bid=word))
        if not self.auction.done:
            self.turn = self.auction.to_act
            return
        if self.auction.contract is None:
            self.phase, self.turn = HAND_OVER, None
            self.events.append(ThrownInEvent(type="thrown-in"))
            return
        self.contract = self.auction.contract
        self.duties = self.rules.duties(self.contract)
        self._complete_deal()
        if self.rules.declarations_allowed(self.contract):
            for s in range(self.n):
                self.available[s] = self.rules.declarations_in(self.hands[s])
        for s in range(self.n):
            for su in self.rules.belote_suits(self.contract):
                kq = (1 << (su * 8 + KING)) | (1 << (su * 8 + QUEEN))
                if self.hands[s] & kq == kq:
                    self.belote_pending[s].add(su)
        self.phase = PLAY
        self.turn = (self.dealer + 1) % self.n
        self.events.append(ContractEvent(
            type="contract", contract=self.contract.name, label=self.contract.label,
            bidder=self.contract.bidder, multiplier=self.contract.multiplier))

    def _declare(self, seat: int, words: str):
        if self.first_card_played[seat]:
            raise refuse(DECLARE_FIRST_CARD)
        for d in self.available[seat]:
            if str(d) == words or (d.kind + " " + hand_str(d.cards)) == _normal(words):
                if d in self.declared[seat]:
                    raise refuse(ALREADY_DECLARED, kind=d.kind)
                self.declared[seat].append(d)
                self.events.append(DeclareEvent(type="declare", seat=seat, kind=d.kind))
                return
        raise refuse(NOT_A_DECLARATION, words=words)

    def declare_all(self, seat: int):
        for d in self.available[seat]:
            if d not in self.declared[seat]:
                self.declared[seat].append(d)
                self.events.append(DeclareEvent(type="declare", seat=seat, kind=d.kind))

    def play_card(self, card: int):
        if self.phase != PLAY:
            raise refuse(NO_CARD_NOW)
        seat = self.actor
        refusal = self._card_refusal(card)
        if refusal is not None:
            raise IllegalAction(refusal)
        self.first_card_played[seat] = True
        self.hands[seat] ^= 1 << card
        s = card >> 3
        if s in self.belote_pending[seat] and card & 7 in (KING, QUEEN):
            self._belote(seat, card, s)
        self.trick.append(card)
        self.trick_seats.append(seat)
        self.played.append(card)
        self.played_by.append(seat)
        self.events.append(CardEvent(type="card", seat=seat, card=CARD_NAMES[card]))
        if len(self.trick) == self.n:
            self._close_trick()
        else:
            self.turn = (seat + 1) % self.n

    def _belote(self, seat: int, card: int, s: int):
        if s in self.belote_said[seat]:
            self.belote_pending[seat].discard(s)
            self.belote[self.rules.side(seat)] += self.rules.belote_points
            self.belote_log.append((seat, "rebelote", card))
            self.events.append(BeloteEvent(type="belote", seat=seat, word="rebelote",
                                           card=CARD_NAMES[card]))
            return
        led = self.trick[0] >> 3 if self.trick else s
        if self.rules.belote_counts(self.contract_in_play, s, led):
            self.belote_said[seat].add(s)
            self.belote_log.append((seat, "belote", card))
            self.events.append(BeloteEvent(type="belote", seat=seat, word="belote",
                                           card=CARD_NAMES[card]))
        else:
            self.belote_pending[seat].discard(s)

    def _close_trick(self):
        cards, seats = tuple(self.trick), tuple(self.trick_seats)
        contract = self.contract_in_play
        w = seats[winner_index(cards, contract)]
        side = self.rules.side(w)
        pts = 0
        table = contract.points
        for c in cards:
            pts += table[c]
        if len(self.tricks) == 7:
            pts += LAST_TRICK
        self.points[side] += pts
        self.trick_counts[side] += 1
        if any(table[c] for c in cards):
            self.points_trick[side] = True
        self.tricks.append((seats, cards, w))
        self.trick, self.trick_seats = [], []
        self.events.append(TrickEvent(type="trick", winner=w,
                                      cards=[CARD_NAMES[c] for c in cards], seats=list(seats),
                                      points=pts))
        if self.counted is None and self.rules.declarations_shown(len(self.tricks)):
            self.counted = self.rules.resolve_declarations(self.declared, self.dealer)
            self.verdicts = self.rules.declaration_verdicts(self.declared, self.dealer)
        if len(self.tricks) == 8:
            self._finish()
        else:
            self.turn = w

    def claim_out(self, seat: int):
        """Classic "I'm out" by ``seat``: the hand stops; the match judges the claim."""
        if not self.can_claim_out(seat):
            raise refuse(OUT_NOT_ALLOWED)
        self.out = {"seat": seat, "after_card": len(self.played)}
        self.phase, self.turn = HAND_OVER, None
        self.events.append(OutEvent(type="out", seat=seat))

    def claim_points(self, side: int) -> int:
        """What ``side`` has made so far: counted declarations, cards won, belote."""
        return self.shown_points(side) + self.points[side]

    def shown_points(self, side: int) -> int:
        """What ``side`` has made so far that every seat has seen: the declarations that count
        (known after the first trick) and the belotes completed (docs/rules.md §6 "I'm out")."""
        decl = sum(self.rules.declaration_points(d) for s, ds in enumerate(self.counted or [])
                   for d in ds if self.rules.side(s) == side)
        return decl + self.belote[side]

    def _finish(self):
        rules, sides = self.rules, self.sides
        decl = [0] * sides
        outright = None
        for seat, ds in enumerate(self.counted or []):
            for d in ds:
                decl[rules.side(seat)] += rules.declaration_points(d)
                if rules.wins_outright(d):
                    outright = rules.side(seat)
        valat = next((s for s in range(sides) if self.trick_counts[s] == 8), None)
        contract = self.contract_in_play
        self.facts = HandResult(
            sides, contract, rules.side(contract.bidder), list(self.points),
            list(self.trick_counts), decl, list(self.belote), valat, outright)
        self.score = rules.score(self.facts)
        self.phase, self.turn = HAND_OVER, None
        self.events.append(HandScoredEvent(type="hand-scored", score=self.score.to_dict()))

    # --- reporting -------------------------------------------------------------------------
    def declared_words(self) -> list[list[str]]:
        return [[w for d in ds for w in d.words()] for ds in self.declared]

    def auction_words(self) -> list[str]:
        return list(self.auction.words)

    def contract_words(self) -> str:
        return self.contract.label if self.contract else "thrown in"

    # --- views -----------------------------------------------------------------------------
    def view(self, seat: int) -> View:
        """What ``seat`` may know of this hand, as plain JSON-able data (:class:`View`), as a
        table playing this hand alone shows it: no hand before it, no score, nothing hanging
        (:meth:`belote.game.Match.view` adds the match's). A copy, which its reader may change
        without changing the hand."""
        rules, contract = self.rules, self.contract
        shown = rules.declarations_shown(len(self.tricks))
        last = self.tricks[-1] if self.tricks else None
        turn = self.turn
        return {
            "rules": rules.name, "title": rules.title, "players": self.n, "seat": seat,
            "side": rules.side(seat), "sides": rules.sides, "target": rules.target,
            "options": dict(rules.options),
            "phase": self.phase, "dealer": self.dealer, "turn": turn,
            "hand": [CARD_NAMES[c] for c in cards_of(self.hands[seat])],
            "talon_count": self.talon[seat].bit_count(),
            "hand_sizes": [h.bit_count() for h in self.hands],
            "legal": self.legal_actions() if turn == seat else [],
            "auction": [[s, w] for s, w in self.auction.history()],
            "turned": CARD_NAMES[self.turned] if self.turned is not None else None,
            "stock_card": CARD_NAMES[self.stock_card] if self.stock_card is not None else None,
            "contract": None if contract is None else {
                "name": contract.name, "label": contract.label, "kind": contract.kind,
                "trump": contract.trump, "bidder": contract.bidder, "level": contract.level,
                "multiplier": contract.multiplier},
            "trick": [[s, CARD_NAMES[c]] for s, c in zip(self.trick_seats, self.trick)],
            "leader": self.trick_seats[0] if self.trick_seats else turn,
            "last_trick": None if last is None else {
                "cards": [[s, CARD_NAMES[c]] for s, c in zip(last[0], last[1])],
                "winner": last[2]},
            "played": [[s, CARD_NAMES[c]] for s, c in zip(self.played_by, self.played)],
            "tricks": len(self.tricks),
            "tricks_won": list(self.trick_counts),
            "card_points": list(self.points) if rules.shows_card_points else None,
            "announced": [[d.kind for d in ds] for ds in self.declared],
            "declared": [declaration_views(rules, ds) if shown or s == seat else []
                         for s, ds in enumerate(self.declared)],
            "counted": None if self.counted is None else
            [declaration_views(rules, ds) for ds in self.counted],
            "declaration_verdicts": None if self.verdicts is None else
            [dict(v) for v in self.verdicts],
            "known_points": [self.shown_points(s) for s in range(rules.sides)],
            "belote": [[s, w, CARD_NAMES[c]] for s, w, c in self.belote_log],
            "out": None if self.out is None else OutClaim(**self.out),
            "totals": [0] * rules.sides,
            "hanging": 0,
            "sheet": [],
            "hand_score": self.score.to_dict() if self.score else None,
            "winner": None,
            "losers": [],
            "hand_number": 1,
            "takebacks": {},
        }


def _normal(words: str) -> str:
    parts = words.split()
    if not parts:
        return ""
    try:
        cards = sorted(parse_card(w) for w in parts[1:])
    except ValueError:
        return words
    return parts[0] + " " + hand_str(cards)
