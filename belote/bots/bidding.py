"""The Expert's bidding by simulation (:class:`SimulatedBidding`), in every auction system of
docs/rules.md (§2-§6).

A bidder sees what its seat knows (:class:`belote.bots.bidder.Bidder`: its cards, the auction so
far, the turned card, the match score). The Expert plays each candidate word out over deals
consistent with its cards and with the bids it has heard (:func:`reading`, and the words'
meanings, :mod:`belote.bots.meanings`): the rest of the auction is bid by a quick policy at every
seat (the first bots' bidding), the cards are played by the rule player seeing every hand, and
the rule set scores the hand; a candidate that is clearly better than the word to beat, over the
same deals, wins. The candidates and the word to beat come from the Normal's valued bidding
(:mod:`belote.bots.valued_bidding`).

Both value a hand's score margin for their side, and know the match score: a hand that wins or
loses the match counts for more (:func:`belote.bots.bidder.utility`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..auction import DOUBLE, PASS, REDOUBLE, TAKE
from ..cards import SUIT_NAMES
from . import baseline
from .bidder import Bidder, baseline_policy, contract_word, utility
from .meanings import UNLIKELY, Meaning, allowed_words, context_of, said
from .simulate import Outcomes, complete_deck, deal_shape, seat_cards
from .valued_bidding import ValuedBidding, valued_bidding, valued_policy


def _corrected(z: float, comparisons: int) -> float:
    """The one-sided threshold that keeps the chance of a fluke among ``comparisons`` words what
    ``z`` gives for one (Bonferroni)."""
    if comparisons <= 1:
        return z
    from statistics import NormalDist  # (see valued_bidding._defence_by_value)

    tail = (1 - NormalDist().cdf(z)) / comparisons
    return NormalDist().inv_cdf(1 - tail)


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def reading(bidder: Bidder, seat: int, cards: int, shown: Sequence[Meaning] = ()) -> float:
    """How likely ``seat`` said what it said holding ``cards`` (what it saw of its hand): each
    bid needs a hand worth it, each double a hand that defends, and a pass makes a strong hand
    less likely; by the first bots' valuations, softly. A hand that does not fit one of
    ``shown``, the meanings of its words (:func:`shown_by`), is unlikely."""
    rules = bidder.rules
    if not all(m.fits(cards) for m in shown):
        return UNLIKELY * reading(bidder, seat, cards)
    auction = rules.auction_class
    style = baseline.Style("normal")
    scale = cards.bit_count() / 5
    weight = 1.0
    named: dict[int, set[str]] = {}
    last_bid = None  # the last bid's word
    for s, word in bidder.auction:
        suit = auction.names(word, bidder.turned)
        if s == seat:
            if word == DOUBLE and last_bid is not None:
                doubled = auction.contract_named(last_bid, s, bidder.turned)
                dv = baseline.defence_value(cards, contract_word(doubled))
                need = 20 * scale if doubled.level else style.double_suit * scale * 0.8
                weight *= UNLIKELY + (1 - UNLIKELY) * _sigmoid((dv - need) / 6)
            elif word == PASS and last_bid is None:
                best = max(baseline.value(cards, w) for w in SUIT_NAMES)
                weight *= 1 - 0.7 * _sigmoid((best - (style.suit_bid + 8) * scale) / 6)
            elif suit is not None:
                held = cards
                if word == TAKE and bidder.turned is not None:
                    held |= 1 << bidder.turned
                bid = auction.contract_named(word, s, bidder.turned)
                if bid.level:
                    need = 160.0 if bid.capot_bid else float(bid.level)
                    raising = suit in named.get(rules.side(s), set())
                    if raising:
                        need -= 30  # raising the partner's suit
                    est = baseline.coinche_estimate(held, SUIT_NAMES.index(suit))
                    weight *= UNLIKELY + (1 - UNLIKELY) * _sigmoid((est - need) / 4)
                    if not raising and not bid.capot_bid:
                        # a hand worth much more would have bid higher
                        weight *= 1 - 0.8 * _sigmoid((est - need - 30) / 5)
                else:
                    v = baseline.value(held, suit)
                    need = {"no-trumps": style.nt_bid, "all-trumps": style.at_bid}.get(
                        suit, style.suit_bid) * scale
                    weight *= UNLIKELY + (1 - UNLIKELY) * _sigmoid((v - need + 4) / 5)
        if suit is not None:
            named.setdefault(rules.side(s), set()).add(suit)
            last_bid = word
    return weight


def shown_by(bidder: Bidder, seat: int) -> list[Meaning]:
    """The meanings of the words ``seat`` said (:mod:`belote.bots.meanings`)."""
    found = said(bidder.rules, bidder.dealer, bidder.auction, bidder.turned)
    return [m for m, (s, _) in zip(found, bidder.auction) if s == seat]


def candidates(bidder: Bidder, limit: int = 6, valuation: ValuedBidding | None = None) -> list[str]:
    """The words worth simulating: pass, double and redouble when legal, and the ``limit`` words
    the Normal's valuation (or ``valuation``) likes best."""
    values = (valuation or valued_bidding()).values(bidder)
    keep = [w for w in bidder.legal if w in (PASS, DOUBLE, REDOUBLE)]
    ranked = sorted((w for w in values if w not in keep), key=values.__getitem__, reverse=True)
    return keep + ranked[:limit]


class SimulatedBidding:
    """The Expert's bidding: each candidate word played out over sampled deals."""

    def __init__(self, rng, clock, time_budget: float, policy=None, prior=None,
                 max_deals: int = 48, min_deals: int = 12, tries: int = 40,
                 evidence: float = 1.0, double_evidence: float = 2.0,
                 valuation: ValuedBidding | None = None, prior_deals: float = 0.0,
                 meanings: bool = False, answers: bool = False):
        self.rng = rng
        self.clock = clock
        self.time_budget = time_budget
        self.policy = policy or baseline_policy  # the others' (and later own) words in a deal
        self.prior = prior or valued_policy      # the word to beat
        self.max_deals = max_deals
        self.min_deals = min_deals
        self.tries = tries              # deals drawn to find one that fits the bids heard
        self.evidence = evidence        # how sure a word must be to overrule the prior
        self.double_evidence = double_evidence  # ... and a double or redouble
        self.valuation = valuation or valued_bidding()  # what ranks the candidates
        # how many deals' worth of evidence the valuation's own difference between two words
        # counts for, against what the deals played out show (0: the deals alone)
        self.prior_deals = prior_deals
        # every seat keeps to the words' meanings and is read by them (belote.bots.meanings;
        # the bots' bidding does, the review's, belote.analysis, does not yet)
        self.meanings = meanings
        # the other side answers a double as the Experts do: where a redouble ends the auction,
        # they redouble a contract they make (the Expert before issue 39 made 86% of its
        # surcoinches in whole matches, docs/benchmarks.md) and pass one that fails, where the
        # quick policy redoubles only a hand far above the bid; so a double is not valued as
        # if its contract, when made, stayed only doubled
        self.answers = answers
        self.last_deals = 0

    def choose(self, bidder: Bidder) -> str:
        words = candidates(bidder, valuation=self.valuation)
        if len(words) == 1:
            return words[0]
        default = self.prior(bidder)
        if default not in words:
            words.append(default)
        values = self.evaluate(bidder, words)
        valued = self.valuation.values(bidder) if self.prior_deals else {}
        return self._best(values, default, self.last_deals, valued)

    def evaluate(self, bidder: Bidder, words: list[str]) -> dict[str, list[float]]:
        """Each of ``words`` played out on the same deals, within the time budget: per word,
        its utility on each deal (see :attr:`last_deals`)."""
        start = self.clock()
        deadline = start + self.time_budget
        hard = start + 2.5 * self.time_budget
        values: dict[str, list[float]] = {w: [] for w in words}
        deals = 0
        while deals < self.max_deals:
            outcomes = Outcomes(bidder.rules, bidder.dealer, self._deal(bidder))
            got = {}
            for w in words:
                got[w] = self._value(bidder, outcomes, w)
                if self.clock() >= hard:
                    break
            if len(got) < len(words):
                break
            for w in words:
                values[w].append(got[w])
            deals += 1
            now = self.clock()
            if now >= deadline and deals >= self.min_deals or now >= hard:
                break
        self.last_deals = deals
        return values

    def _best(self, values: dict[str, list[float]], default: str, deals: int,
              valued: dict[str, float] | None = None) -> str:
        """The word with the best mean, unless it is not clearly better than the prior's word:
        by ``evidence`` standard errors of the paired difference (``double_evidence`` for a
        double or redouble, whose mistakes cost the most), raised for the number of words
        compared, so that trying more words does not find more flukes. With ``valued`` (the
        valuation's value of each word), the valuation's difference counts as ``prior_deals``
        more deals: a word it finds far worse needs more than a lucky few deals to win."""
        if deals < 2:
            return default
        base = values[default]
        others = len(values) - 1
        valued = valued or {}
        best, best_mean = default, 0.0
        for w, vs in values.items():
            diffs = [v - d for v, d in zip(vs, base)]
            mean = sum(diffs) / deals
            var = sum((x - mean) ** 2 for x in diffs) / (deals - 1)
            extra = self.prior_deals if w in valued and default in valued else 0.0
            if extra:
                mean = (deals * mean + extra * (valued[w] - valued[default])) / (deals + extra)
            need = _corrected(self.double_evidence if w in (DOUBLE, REDOUBLE)
                              else self.evidence, others)
            if mean > best_mean and mean > need * (var / (deals + extra)) ** 0.5:
                best, best_mean = w, mean
        return best

    # --- deals ---------------------------------------------------------------------------------
    def _deal(self, bidder: Bidder) -> list[int]:
        """A deck consistent with the seat's cards and, seat by seat, with what the others
        said: each seat that spoke gets a hand drawn from the cards left, kept with the
        likelihood that it said its words holding it (:func:`reading`; after ``tries``, the
        likeliest drawn); the rest is dealt at random."""
        rules = bidder.rules
        before, _ = deal_shape(rules, bidder.dealer)
        left = [c for c in range(32) if not (bidder.cards >> c & 1) and c != bidder.turned]
        fixed = [0] * rules.players
        speakers = [s for s in dict.fromkeys(s for s, _ in bidder.auction) if s != bidder.seat]
        for seat in speakers:
            size = len(before[seat])
            best, best_weight = 0, -1.0
            shown = shown_by(bidder, seat) if self.meanings else ()
            for _ in range(self.tries):
                hand = 0
                for c in self.rng.sample(left, size):
                    hand |= 1 << c
                weight = reading(bidder, seat, hand, shown)
                if self.rng.random() < weight:
                    best = hand
                    break
                if weight > best_weight:
                    best, best_weight = hand, weight
            fixed[seat] = best
            left = [c for c in left if not best >> c & 1]
        return complete_deck(rules, bidder.dealer, bidder.seat, bidder.cards, bidder.turned,
                             self.rng, fixed)

    # --- values --------------------------------------------------------------------------------
    def _value(self, bidder: Bidder, outcomes: Outcomes, word: str) -> float:
        """The margin of ``word`` on one deal: the rest of the auction bid by the policy, the
        hand played out."""
        rules = bidder.rules
        held = seat_cards(rules, bidder.dealer, outcomes.deck)
        auction = rules.make_auction((bidder.dealer + 1) % rules.players, bidder.turned)
        for _, w in bidder.auction:
            auction.apply(w)
        auction.apply(word)
        while not auction.done:
            seat = auction.seat
            history, legal = auction.history(), auction.legal()
            if self.meanings:
                legal = allowed_words(context_of(auction, rules, legal), legal, held[seat])
            if REDOUBLE in legal and self.answers and rules.side(seat) != bidder.side:
                made = self._redoubled_made(bidder, outcomes, [*auction.words, REDOUBLE])
                if made is not None:
                    auction.apply(REDOUBLE if made else PASS)
                    continue
            other = Bidder(rules, seat, held[seat], bidder.dealer, history, legal,
                           bidder.turned, bidder.totals)
            auction.apply(legal[0] if len(legal) == 1 else self.policy(other))
        result = outcomes.result(auction.words, auction.contract)
        if result is None:
            return 0.0
        return utility(rules, result, bidder.side, bidder.totals)

    @staticmethod
    def _redoubled_made(bidder: Bidder, outcomes: Outcomes, words: list[str]) -> bool | None:
        """Whether the contract is made on the deal played out, when ``words`` end with a
        redouble that ends the auction (Coinche's surcoinche); None where the auction would go
        on (a Bulgarian redouble may be overbid)."""
        rules = bidder.rules
        auction = rules.make_auction((bidder.dealer + 1) % rules.players, bidder.turned)
        for w in words:
            auction.apply(w)
        if not auction.done:
            return None
        result = outcomes.result(auction.words, auction.contract)
        return result is not None and rules.score(result).made

