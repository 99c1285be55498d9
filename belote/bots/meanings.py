"""What each bid shows: the bots' one model of every auction word, as data.

A word's :class:`Meaning` is the holdings it shows, as alternatives (the bidder holds at least
one): a suit bid the suit's jack, or its nine with another card of the suit (or, where the rule
set says so, a number of cards of the suit: four in Coinche, three in Classic); no-trumps two
aces or an ace with its ten; all-trumps a jack with another jack or a nine; a double (coinche)
or a redouble (surcoinche) something for the contract it is about; a Coinche bid in the
partner's suit support for it. A pass, and the word a dealer had to name, show nothing in
particular.

The same objects serve three readers, so that what the page says a bid shows is what the bots
do:

- the bots' bidding: a bot names only words whose meaning its hand fits
  (:func:`allowed_words`; the first bots' bidding kept for the benchmarks does not);
- the bots' reading: when they sample deals, every seat's words (the player's too) are read by
  their meanings (:func:`said`);
- the page: :meth:`Meaning.to_dict` is plain data (cards in record notation), which the table
  renders in the player's language (docs/bid-meanings.md).

A holding is always "at least": a hand that fits it fits it still with more cards, so the
cards a seat held when it spoke can be checked on the whole hand it was dealt.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from ..auction import DOUBLE, PASS, REDOUBLE, TAKE, Auction
from ..cards import ACE, CARD_NAMES, JACK, NINE, SUIT_MASK, SUIT_NAMES, TEN, parse_card
from ..contract import ALL_TRUMPS, NO_TRUMPS
from ..rules import RuleSet, get_rules

# The kinds of meaning (Meaning.kind) and of holding (Holding.kind): the page's templates are
# keyed by them (docs/bid-meanings.md).
SUIT, RAISE, FORCED = "suit", "raise", "forced"
CARD, CARD_WITH, LENGTH, RANK, ACE_TEN, SIDE_ACE, JACKS = (
    "card", "card-with", "length", "rank", "ace-ten", "side-ace", "jacks")

_RANK_LETTERS = "789TJQKA"

# The weight of a hand that could not have said a word, when the bots sample deals (so that a
# misread never empties the deals, but counts for little).
UNLIKELY = 0.02


def _rank_mask(rank: int) -> int:
    return sum(1 << (s * 8 + rank) for s in range(4))


@dataclass(frozen=True)
class Holding:
    """One alternative a word shows: ``kind`` with its ``card``, ``suit``, ``rank`` and
    ``count`` (what each kind reads, below); ``options`` are the masks that test it: the hand
    fits when, for one ``(required, pool, need)``, it holds every card of ``required`` and at
    least ``need`` cards of ``pool``.

    - ``card``: the card ``card``;
    - ``card-with``: ``card`` with at least ``count`` cards of its suit in all;
    - ``length``: at least ``count`` cards of ``suit``;
    - ``rank``: at least ``count`` cards of rank ``rank`` (an ace: ``A``);
    - ``ace-ten``: an ace and the ten of its suit;
    - ``side-ace``: an ace of a suit other than ``suit``;
    - ``jacks``: a jack and at least ``count`` jacks and nines in all."""

    kind: str
    options: tuple[tuple[int, int, int], ...]
    card: int | None = None
    suit: int | None = None
    rank: int | None = None
    count: int = 0

    def fits(self, cards: int) -> bool:
        for required, pool, need in self.options:
            if cards & required == required and (cards & pool).bit_count() >= need:
                return True
        return False

    def to_dict(self) -> dict:
        out: dict = {"kind": self.kind}
        if self.card is not None:
            out["card"] = CARD_NAMES[self.card]
        if self.suit is not None:
            out["suit"] = SUIT_NAMES[self.suit]
        if self.rank is not None:
            out["rank"] = _RANK_LETTERS[self.rank]
        if self.count:
            out["count"] = self.count
        return out


def card(c: int) -> Holding:
    return Holding(CARD, ((1 << c, 0, 0),), card=c)


def card_with(c: int, count: int) -> Holding:
    return Holding(CARD_WITH, ((1 << c, SUIT_MASK[c >> 3], count),), card=c, count=count)


def length(suit: int, count: int) -> Holding:
    return Holding(LENGTH, ((0, SUIT_MASK[suit], count),), suit=suit, count=count)


def rank(r: int, count: int = 1) -> Holding:
    return Holding(RANK, ((0, _rank_mask(r), count),), rank=r, count=count)


def ace_ten() -> Holding:
    return Holding(ACE_TEN, tuple(((1 << (s * 8 + ACE)) | (1 << (s * 8 + TEN)), 0, 0)
                                  for s in range(4)))


def side_ace(suit: int) -> Holding:
    return Holding(SIDE_ACE, ((0, _rank_mask(ACE) & ~SUIT_MASK[suit], 1),), suit=suit)


def jacks(count: int) -> Holding:
    pool = _rank_mask(JACK) | _rank_mask(NINE)
    return Holding(JACKS, tuple((1 << (s * 8 + JACK), pool, count) for s in range(4)),
                   count=count)


@dataclass(frozen=True)
class Meaning:
    """What ``word`` shows, said by ``seat``: ``kind`` (``suit``, ``raise``, ``no-trumps``,
    ``all-trumps``, ``double``, ``redouble``, ``forced``, ``pass``), the contract word it names
    or is about (a suit's name, no-trumps, all-trumps), the Coinche level it names, the turned
    card a ``take`` gets (counted with the hand), and ``shows``: the holdings, one of which the
    hand holds (none: nothing in particular)."""

    word: str
    seat: int
    kind: str
    contract: str | None = None
    level: int | None = None
    turned: int | None = None
    shows: tuple[Holding, ...] = ()

    def fits(self, cards: int) -> bool:
        """Whether a hand holding ``cards`` (what the seat saw, or more) fits the meaning."""
        if not self.shows:
            return True
        if self.turned is not None:
            cards |= 1 << self.turned
        return any(h.fits(cards) for h in self.shows)

    def misfit(self, cards: int) -> str | None:
        """None when ``cards`` fit; else the misfit's kind, for the benchmark: the word's kind
        and what the hand held of what it shows (``suit: no J, no 9, 3 cards, 1 side ace``)."""
        if self.fits(cards):
            return None
        if self.turned is not None:
            cards |= 1 << self.turned
        if self.contract in SUIT_NAMES:
            s = SUIT_NAMES.index(self.contract)
            held = "".join(_RANK_LETTERS[r] for r in (JACK, NINE) if cards >> (s * 8 + r) & 1)
            n = (cards & SUIT_MASK[s]).bit_count()
            aces = (cards & _rank_mask(ACE) & ~SUIT_MASK[s]).bit_count()
            return (f"{self.kind}: {'no J, no 9' if not held else held + ' only'}, {n} "
                    f"card{'s' * (n != 1)}, {aces} side ace{'s' * (aces != 1)}")
        counts = ", ".join(f"{(cards & _rank_mask(r)).bit_count()} {_RANK_LETTERS[r]}"
                           for r in (JACK, NINE, ACE, TEN))
        return f"{self.kind}: {counts}"

    def to_dict(self) -> dict:
        """Plain data for the page (docs/bid-meanings.md)."""
        out: dict = {"word": self.word, "seat": self.seat, "kind": self.kind,
                     "contract": self.contract, "shows": [h.to_dict() for h in self.shows]}
        if self.level is not None:
            out["level"] = self.level
        if self.turned is not None:
            out["turned"] = CARD_NAMES[self.turned]
        return out


def trump_holding(suit: int) -> tuple[Holding, ...]:
    """A suit named as trump: its jack, or its nine with another card of the suit."""
    return (card(suit * 8 + JACK), card_with(suit * 8 + NINE, 2))


def support(suit: int) -> tuple[Holding, ...]:
    """A raise of the partner's suit: its jack or its nine, or an ace of another suit."""
    return (card(suit * 8 + JACK), card(suit * 8 + NINE), side_ace(suit))


def for_contract(word: str) -> tuple[Holding, ...]:
    """A double or a redouble of a contract in ``word``: something for it: in a suit, its jack
    or nine, four of its cards or an ace of another suit; no-trumps an ace; all-trumps a jack
    or a nine."""
    if word == NO_TRUMPS:
        return (rank(ACE),)
    if word == ALL_TRUMPS:
        return (rank(JACK), rank(NINE))
    s = SUIT_NAMES.index(word)
    return (card(s * 8 + JACK), card(s * 8 + NINE), length(s, 4), side_ace(s))


NAMED = {NO_TRUMPS: (rank(ACE, 2), ace_ten()), ALL_TRUMPS: (jacks(2),)}


@dataclass(frozen=True)
class Context:
    """What a word's meaning depends on, at one turn of an auction: the seat to speak, whether
    it must name a contract (it may not pass), the standing contract's word and level (what a
    double is about), the contract words its partners and it named before, the turned card,
    and the rule set's ``trump_length_shown``."""

    auction: type[Auction]
    seat: int
    forced: bool
    standing: tuple[str, int] | None
    partners_named: frozenset[str]
    own_named: frozenset[str]
    turned: int | None
    trump_length: int = 0

    def meaning(self, word: str) -> Meaning:
        return _meaning_in(self, word)


def context_of(auction: Auction, rules: RuleSet, legal: Sequence[str] | None = None
               ) -> Context:
    """The :class:`Context` of the turn ``auction`` is at (``legal``: its legal words, when
    known)."""
    seat, turned = auction.seat, auction.turned
    standing = auction.standing
    partners: set[str] = set()
    own: set[str] = set()
    for s, w in auction.history():
        named = auction.names(w, turned)
        if named is not None and rules.side(s) == rules.side(seat):
            (own if s == seat else partners).add(named)
    if legal is None:
        legal = auction.legal()
    return Context(type(auction), seat, PASS not in legal,
                   None if standing is None else (_contract_word(standing), standing.level),
                   frozenset(partners), frozenset(own), turned, rules.trump_length_shown)


@lru_cache(maxsize=65536)
def _meaning_in(context: Context, word: str) -> Meaning:
    seat, turned = context.seat, context.turned
    if word == PASS:
        return Meaning(word, seat, PASS)
    if context.forced:
        return Meaning(word, seat, FORCED, context.auction.names(word, turned))
    if word in (DOUBLE, REDOUBLE):
        if context.standing is None:
            return Meaning(word, seat, word)
        about, standing_level = context.standing
        return Meaning(word, seat, word, about, standing_level or None,
                       shows=for_contract(about))
    named = context.auction.names(word, turned)
    assert named is not None
    level = context.auction.contract_named(word, seat, turned).level or None
    if named in NAMED:
        return Meaning(word, seat, named, named, level, shows=NAMED[named])
    s = SUIT_NAMES.index(named)
    if named in context.partners_named and named not in context.own_named:
        return Meaning(word, seat, RAISE, named, level, shows=support(s))
    shows = trump_holding(s)
    if context.trump_length:
        shows += (length(s, context.trump_length),)
    return Meaning(word, seat, SUIT, named, level, turned if word == TAKE else None, shows)


def _contract_word(contract) -> str:
    return SUIT_NAMES[contract.trump_suit] if contract.trump_suit >= 0 else contract.kind


def contexts(rules: RuleSet, dealer: int, auction: Sequence[tuple[int, str]] | Sequence[str],
             turned: int | str | None = None) -> list[Context]:
    """The context of every turn of ``auction`` (its words, or (seat, word) pairs) in a hand of
    ``rules`` dealt by ``dealer`` with the turned card ``turned`` (a card or its name), and of
    the turn after it (one more than the words)."""
    if isinstance(turned, str):
        turned = parse_card(turned)
    words = tuple(w if isinstance(w, str) else w[1] for w in auction)
    return list(_contexts(rules.name, rules.players, dealer, words, turned))


@lru_cache(maxsize=4096)
def _contexts(name: str, players: int, dealer: int, words: tuple[str, ...],
              turned: int | None) -> tuple[Context, ...]:
    rules = get_rules(name, players)  # (an auction does not depend on the options)
    auction = rules.make_auction((dealer + 1) % rules.players, turned)
    out = []
    for w in words:
        out.append(context_of(auction, rules))
        auction.apply(w)
    if not auction.done:
        out.append(context_of(auction, rules))
    return tuple(out)


def meaning(rules: RuleSet, dealer: int, auction: Sequence[tuple[int, str]] | Sequence[str],
            word: str, turned: int | str | None = None) -> Meaning:
    """What ``word`` shows, said next after ``auction`` (its words, or (seat, word) pairs) in a
    hand of ``rules`` dealt by ``dealer``, with the turned card ``turned`` (a card or its
    name) if there is one."""
    return contexts(rules, dealer, auction, turned)[len(auction)].meaning(word)


def said(rules: RuleSet, dealer: int, auction: Sequence[tuple[int, str]],
         turned: int | str | None = None) -> list[Meaning]:
    """The meaning of every word of ``auction``, in order."""
    found = contexts(rules, dealer, auction, turned)
    return [c.meaning(w) for c, (_, w) in zip(found, auction)]


def allowed_words(context: Context, legal: Sequence[str], cards: int) -> list[str]:
    """The words of ``legal`` whose meaning a hand holding ``cards`` fits in ``context`` (pass
    always does)."""
    out, fit = [], {}
    for w in legal:
        # the words naming one contract (Coinche's levels) show the same holdings
        key = w if w in (PASS, DOUBLE, REDOUBLE, TAKE) else context.auction.names(w)
        if key not in fit:
            fit[key] = context.meaning(w).fits(cards)
        if fit[key]:
            out.append(w)
    return out


def view_meanings(view) -> dict:
    """For the page: the meaning of every word said so far in ``view``'s hand (``auction``, in
    order) and, at the seat's turn in the auction, of each of its legal words (``legal``), as
    :meth:`Meaning.to_dict` data."""
    from ..rules import rules_of

    rules = rules_of(view)
    history = [(s, w) for s, w in view.get("auction") or ()]
    found = contexts(rules, view["dealer"], history, view.get("turned"))
    out: dict = {"auction": [c.meaning(w).to_dict() for c, (_, w) in zip(found, history)],
                 "legal": {}}
    if view.get("phase") == "auction" and view.get("turn") == view.get("seat"):
        out["legal"] = {w: found[-1].meaning(w).to_dict() for w in view.get("legal") or ()}
    return out
