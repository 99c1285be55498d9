"""Deals consistent with what a seat knows: sizes, voids and other inferences, known cards, and
(weighted) what the bidding said.

:meth:`Sampler.sample` gives the other hands (masks, per seat; the seat's own hand as it is).
Cards are dealt most constrained first, each to a seat that may hold it with a chance in
proportion to the room left there; a dead end starts again. Bidding is used by rejection: a deal
is kept with the likelihood of the bids made (and passes) given the hands it gives.
"""

from __future__ import annotations

import math

from ..auction import DOUBLE, PASS, REDOUBLE, TAKE
from ..cards import SUIT_NAMES
from .baseline import suit_value, value
from .knowledge import Knowledge
from .meanings import said


def _sig(x: float) -> float:
    if x > 30:
        return 1.0
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


class Sampler:
    def __init__(self, knowledge: Knowledge, rng, use_bids: bool = True):
        self.knowledge = knowledge
        self.rng = rng
        n = knowledge.n
        self.seats = [s for s in range(n) if s != knowledge.seat]
        all_known = 0
        for s in range(n):
            if s != knowledge.seat:
                all_known |= knowledge.known[s]
        self.free = knowledge.pool & ~all_known
        self.need = {s: knowledge.sizes[s] - knowledge.known[s].bit_count() for s in self.seats}
        self.extra = self.free.bit_count() - sum(self.need.values())  # undealt (Classic 2-3)
        self.allowed = {s: self.free & ~knowledge.forbidden[s] for s in self.seats}
        self.cards = []
        m = self.free
        while m:
            low = m & -m
            self.cards.append(low.bit_length() - 1)
            m ^= low
        self.nallowed = {c: sum(1 for s in self.seats if self.allowed[s] >> c & 1)
                         for c in self.cards}
        self.relaxed = False
        self.bid_terms = self._bid_terms() if use_bids else []
        self.played_by = {s: self._played_by(s) for s in self.seats}

    def _deal(self):
        knowledge = self.knowledge
        cards = self.cards[:]
        self.rng.shuffle(cards)
        hands = {s: knowledge.known[s] for s in self.seats}
        if self._place(cards, dict(self.need), hands) is None:
            return None
        return self._hands(hands)

    def _place(self, cards, cap: dict, hands: dict) -> int | None:
        """Deal ``cards`` into ``hands``, most constrained first, each to a seat that may hold
        it with a chance in proportion to the room ``cap`` left there (or left undealt); the
        undealt room left, or None at a dead end."""
        rng, na, allowed = self.rng, self.nallowed, self.allowed
        cards.sort(key=lambda c: na[c])
        extra = self.extra
        for c in cards:
            total = extra
            for s in self.seats:
                if cap[s] > 0 and allowed[s] >> c & 1:
                    total += cap[s]
            if total <= 0:
                return None
            r = rng.randrange(total)
            if r < extra:
                extra -= 1
                continue
            r -= extra
            for s in self.seats:
                if cap[s] > 0 and allowed[s] >> c & 1:
                    if r < cap[s]:
                        hands[s] |= 1 << c
                        cap[s] -= 1
                        break
                    r -= cap[s]
        return extra

    def _hands(self, hands: dict) -> list[int]:
        """Per seat, the hand dealt (the seat's own as it is)."""
        knowledge = self.knowledge
        return [knowledge.hand if s == knowledge.seat else hands[s] for s in range(knowledge.n)]

    def _deal_any(self):
        for _ in range(30):
            h = self._deal()
            if h is not None:
                return h
        if not self.relaxed:
            # the inferences contradict each other (they should not): keep only voids
            self.relaxed = True
            self.allowed = {s: self.free for s in self.seats}
            self.nallowed = {c: len(self.seats) for c in self.cards}
        return self._deal()

    def sample(self, max_tries: int = 12):
        """One deal; with bidding terms, the first of up to ``max_tries`` that passes the
        rejection test (else the most likely one seen)."""
        if not self.bid_terms:
            return self._deal_any()
        return self._likely(max_tries)

    def _likely(self, tries: int):
        """The first of up to ``tries`` deals that passes the rejection test, else the most
        likely one seen."""
        best, best_w = None, -1.0
        for _ in range(tries):
            h = self._deal_any()
            if h is None:
                continue
            w = self.weight(h)
            if self.rng.random() < w:
                return h
            if w > best_w:
                best, best_w = h, w
        return best

    # --- bidding ------------------------------------------------------------------------------
    def _bid_terms(self):
        """(seat, word, kind) for each informative bid or pass of the other seats: a bid says
        the hand is worth its contract; a seat that spoke once, passing the turned card's suit,
        that it is not worth that suit; an opening pass of a rising auction without levels (not
        Coinche's), that it is worth no suit."""
        knowledge = self.knowledge
        terms: list[tuple[int, str | None, str]] = []
        auction = knowledge.rules.auction_class
        reads_opening_passes = not auction.first_bid_ends and not auction.levels
        turned = None if knowledge.turned is None else SUIT_NAMES[knowledge.turned >> 3]
        for s, w in knowledge.auction:
            if s == knowledge.seat or w in (DOUBLE, REDOUBLE):
                continue
            if knowledge.contract is not None and s == knowledge.contract.bidder and w == TAKE:
                terms.append((s, turned, "bid"))
            elif w == PASS:
                if turned is not None and len([1 for x, y in knowledge.auction if x == s]) == 1:
                    terms.append((s, turned, "pass"))
                elif reads_opening_passes and not any(
                        y not in (PASS,) for _, y in knowledge.auction[
                            :knowledge.auction.index((s, w))]):
                    terms.append((s, None, "pass"))
            else:
                word = auction.names(w, knowledge.turned)
                if word in SUIT_NAMES or word in ("no-trumps", "all-trumps"):
                    terms.append((s, word, "bid"))
        return terms

    def weight(self, hands) -> float:
        w = 1.0
        n_cards = 8
        for s, word, kind in self.bid_terms:
            # the whole hand as dealt (the bids were made on part of it: the test is soft)
            full = hands[s] | self.played_by[s]
            if kind == "bid":
                v = value(full, word)
                th = 40 * n_cards / 5 * 0.8
                w *= 0.15 + 0.85 * _sig((v - th) / 8)
            elif word is not None:
                v = suit_value(full, SUIT_NAMES.index(word))
                th = 40 * n_cards / 5 * 0.8
                w *= 1 - 0.6 * _sig((v - th - 10) / 8)
            else:
                v = max(value(full, x) for x in SUIT_NAMES)
                th = 40 * n_cards / 5 * 0.8
                w *= 1 - 0.5 * _sig((v - th - 12) / 8)
        return w

    def _played_by(self, s) -> int:
        m = 0
        for seats, cards, _ in self.knowledge.tricks:
            for x, c in zip(seats, cards):
                if x == s:
                    m |= 1 << c
        for x, c in zip(self.knowledge.trick_seats, self.knowledge.trick_cards):
            if x == s:
                m |= 1 << c
        return m


class BotSampler(Sampler):
    """The bots' sampler (issue 39): every word of the other seats is also read by its
    meaning (:mod:`belote.bots.meanings`: a deal in which a seat does not fit one is kept only
    when no deal tried fits), and the cards any seat may hold are dealt at once (the review,
    :mod:`belote.analysis`, samples as before)."""

    def __init__(self, knowledge: Knowledge, rng):
        super().__init__(knowledge, rng)
        found = said(knowledge.rules, knowledge.dealer, knowledge.auction, knowledge.turned)
        self.meanings = [(s, m) for m, (s, _) in zip(found, knowledge.auction)
                         if s != knowledge.seat and m.shows]

    def _deal(self):
        rng, knowledge, na = self.rng, self.knowledge, self.nallowed
        everyone = len(self.seats)
        cards = [c for c in self.cards if na[c] < everyone]
        rng.shuffle(cards)
        cap = dict(self.need)
        hands = {s: knowledge.known[s] for s in self.seats}
        extra = self._place(cards, cap, hands)
        if extra is None:
            return None
        # the cards any seat may hold, last: dealt one by one with a chance in proportion to
        # the room left, they would fill the room left at random, as a shuffle does
        rest = [c for c in self.cards if na[c] == everyone]
        rng.shuffle(rest)
        i = 0
        for s in self.seats:
            for c in rest[i:i + cap[s]]:
                hands[s] |= 1 << c
            i += cap[s]
        if len(rest) - i != extra:
            return None
        return self._hands(hands)

    def sample(self, max_tries: int = 12):
        """:meth:`Sampler.sample` among the deals that fit every word's meaning, of up to four
        times as many; if none does (a seat said a word its hand did not fit), the most likely
        one seen."""
        if not self.meanings:
            return super().sample(max_tries)
        best, best_w = None, -1.0
        for _ in range(4 * max_tries):
            h = self._deal_any()
            if h is None:
                continue
            w = self.weight(h) if self.bid_terms else 1.0
            if self.fits(h):
                if self.rng.random() < w:
                    return h
                w += 1.0  # any deal that fits before any that does not
            if w > best_w:
                best, best_w = h, w
        return best

    def fits(self, hands) -> bool:
        """Whether every other seat, holding its hand of ``hands`` as dealt (what it held when
        it spoke, and more), fits the meaning of every word it said."""
        played = self.played_by
        return all(m.fits(hands[s] | played[s]) for s, m in self.meanings)
