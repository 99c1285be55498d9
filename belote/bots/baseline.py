"""The bidding of the first bots, kept as the benchmark's baseline (``normal-baseline``,
``expert-baseline``) and as the Easy bot's plain bidding: fixed thresholds on a hand valuation.

The valuation of a hand for a contract is in "points the hand brings", scaled for the number of
cards the bidder holds (5 in Bulgarian and French, 6 in Bela, 8 in Coinche). Each system turns it
into words: the ladder (suits, no-trumps, all-trumps, double, redouble), the turned card (take,
then another suit), Coinche levels with coinche and surcoinche, and Bela's one round with the
dealer forced. ``style`` sets how bold a level is: Easy bids plainly and doubles only the plainest
cases; Normal and Expert read the partner's and the opponents' bids and double when the hand says
so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..auction import DOUBLE, PASS, REDOUBLE, TAKE, Auction, coinche_bid
from ..cards import ACE, JACK, KING, NINE, QUEEN, SUIT_NAMES, TEN
from ..contract import ALL_TRUMPS, NO_TRUMPS

TRUMP_VALUE = {JACK: 20, NINE: 14, ACE: 10, TEN: 9, KING: 5, QUEEN: 5}  # 7, 8: 3


def _has(hand, s, r):
    return hand >> (s * 8 + r) & 1


def suit_value(hand: int, t: int) -> float:
    """What ``hand`` brings with ``t`` as trump."""
    v = 0.0
    trumps = (hand >> (8 * t)) & 0xFF
    k = trumps.bit_count()
    for r in range(8):
        if trumps >> r & 1:
            v += TRUMP_VALUE.get(r, 3)
    if _has(hand, t, JACK) and _has(hand, t, NINE):
        v += 6
    if k > 2:
        v += 4 * (k - 2)
    if _has(hand, t, KING) and _has(hand, t, QUEEN):
        v += 8
    for s in range(4):
        if s == t:
            continue
        cards = (hand >> (8 * s)) & 0xFF
        n = cards.bit_count()
        if cards >> ACE & 1:
            v += 10
            if cards >> TEN & 1:
                v += 8
        elif cards >> TEN & 1:
            v += 3 if n >= 2 else 1
        if n == 0 and k >= 2:
            v += 3
    return v


def nt_value(hand: int) -> float:
    v = 0.0
    for s in range(4):
        cards = (hand >> (8 * s)) & 0xFF
        n = cards.bit_count()
        if cards >> ACE & 1:
            v += 13
            if cards >> TEN & 1:
                v += 10
                if cards >> KING & 1:
                    v += 4
            if n >= 4:
                v += 4
        elif cards >> TEN & 1:
            v += 5 if n >= 3 else (3 if n == 2 else 0)
        if n == 1 and not cards >> ACE & 1:
            v -= 3
    return v


def at_value(hand: int) -> float:
    v = 0.0
    jacks = 0
    for s in range(4):
        cards = (hand >> (8 * s)) & 0xFF
        j, nine = cards >> JACK & 1, cards >> NINE & 1
        jacks += j
        if j:
            v += 15
            if nine:
                v += 10
        elif nine:
            v += 5 if cards.bit_count() >= 2 else 2
        if cards >> ACE & 1:
            v += 4 + 3 * (j and nine)
        if cards >> TEN & 1:
            v += 2
        if cards >> KING & 1 and cards >> QUEEN & 1:
            v += 7
    if jacks == 0:
        v -= 10
    return v


def value(hand: int, word: str) -> float:
    if word == NO_TRUMPS:
        return nt_value(hand)
    if word == ALL_TRUMPS:
        return at_value(hand)
    return suit_value(hand, SUIT_NAMES.index(word))


def defence_value(hand: int, word: str) -> float:
    """What ``hand`` brings against the contract ``word`` (for doubles)."""
    if word == NO_TRUMPS:
        return nt_value(hand)
    if word == ALL_TRUMPS:
        return at_value(hand)
    t = SUIT_NAMES.index(word)
    v = 0.0
    trumps = (hand >> (8 * t)) & 0xFF
    for r in range(8):
        if trumps >> r & 1:
            v += TRUMP_VALUE.get(r, 3)
    if _has(hand, t, JACK) and _has(hand, t, NINE):
        v += 8
    for s in range(4):
        if s != t:
            cards = (hand >> (8 * s)) & 0xFF
            if cards >> ACE & 1:
                v += 10
                if cards >> TEN & 1:
                    v += 6
    return v


class Style:
    """Bidding parameters of a level (thresholds for a five-card hand)."""

    suit_bid = 34.0
    nt_bid = 42.0
    at_bid = 44.0
    double_suit = 46.0
    double_nt = 40.0
    double_at = 46.0
    coinche_base = 35.0     # suit value of an eight-card hand worth an 80 bid
    coinche_slope = 1.25    # points of bid per point of value
    coinche_margin = 45.0   # how far beyond the bid the defence must expect to go
    coinche_support = 15.0  # what a bidder counts on from an average partner
    coinche_overbid = 10.0  # how much higher another suit must be to replace the partner's

    def __init__(self, level: str, **overrides):
        self.level = level
        self.doubles = True
        self.reads = level != "easy"   # partner's and opponents' bids
        self.margin = {"easy": 2.0, "normal": 0.0, "expert": 0.0}.get(level, 0.0)
        if level == "easy":  # only the plainest doubles
            self.double_suit += 10
            self.double_nt += 10
            self.double_at += 10
            self.coinche_margin += 15
        for key, v in overrides.items():
            if not hasattr(self, key):
                raise ValueError(f"unknown bidding setting {key!r}")
            setattr(self, key, v)


def _per_card(k: int) -> float:
    return k / 5.0


def choose_bid(view: Mapping[str, Any], hand: int, team, style: Style,
               auction: type[Auction]) -> str:
    """The bid for ``view`` in the rule set's ``auction``, by the shape of its bidding: bids
    with levels (Coinche); a turned card, taken or not, then another suit named (French,
    Classic); one round in which the first suit named is trump (Bela); otherwise rising bids
    with doubles (Bulgarian)."""
    legal = view["legal"]
    if len(legal) == 1:
        return legal[0]
    if auction.levels:
        return _coinche(view, hand, team, style)
    if view.get("turned"):
        return _turned(view, hand, style, first_round=TAKE in legal)
    if auction.first_bid_ends:
        return _bela(view, hand, style)
    return _ladder(view, hand, team, style)


def _ladder(view, hand, team, style):
    """Bulgarian: the highest contract worth bidding, support, doubles."""
    legal = view["legal"]
    seat = view["seat"]
    k = hand.bit_count()
    scale = _per_card(k)
    history = view["auction"]
    bids = [(s, w) for s, w in history if w not in (PASS, DOUBLE, REDOUBLE)]
    last = bids[-1] if bids else None
    partner_words = {w for s, w in bids if s != seat and team[s] == team[seat]}
    opp_words = {w for s, w in bids if team[s] != team[seat]}
    options = []
    for w in legal:
        if w in (PASS, DOUBLE, REDOUBLE):
            continue
        v = value(hand, w)
        th = {NO_TRUMPS: style.nt_bid, ALL_TRUMPS: style.at_bid}.get(
            w, style.suit_bid) * scale + style.margin
        if style.reads:
            if w in SUIT_NAMES:
                t = SUIT_NAMES.index(w)
                if w in partner_words:
                    th -= 8
                for pw in partner_words:
                    if pw in SUIT_NAMES and pw != w:
                        # the partner's suit is a side suit here: its aces count less, its
                        # jack and nine not at all
                        th += 4
                if w in opp_words:
                    th += 15
                del t
            elif w == ALL_TRUMPS:
                # the partner's suit bid promises a jack: all-trumps gets easier
                th -= 6 * sum(1 for pw in partner_words if pw in SUIT_NAMES)
                th += 4 * sum(1 for pw in opp_words if pw in SUIT_NAMES)
            elif w == NO_TRUMPS:
                th += 3 * sum(1 for pw in opp_words if pw in SUIT_NAMES)
        if last is not None and team[last[0]] == team[seat]:
            # do not overbid the partner without a clearly better contract
            th += 10
        if v >= th:
            options.append((v - th, w))
    if style.doubles and last is not None and DOUBLE in legal and team[last[0]] != team[seat]:
        d = defence_value(hand, last[1])
        th = {NO_TRUMPS: style.double_nt, ALL_TRUMPS: style.double_at}.get(
            last[1], style.double_suit) * scale
        if d >= th:
            return DOUBLE
    if options:
        options.sort(reverse=True)
        return options[0][1]
    if style.doubles and REDOUBLE in legal and last is not None:
        if value(hand, last[1]) >= ({NO_TRUMPS: style.nt_bid, ALL_TRUMPS: style.at_bid}.get(
                last[1], style.suit_bid) + 14) * scale:
            return REDOUBLE
    return PASS


def _turned(view, hand, style, first_round):
    """French and Classic: take the turned card's suit, or name another in the second round."""
    from ..cards import parse_card
    turned = parse_card(view["turned"])
    with_card = hand | (1 << turned)
    k = with_card.bit_count()
    scale = _per_card(k)
    pos = (view["seat"] - view["dealer"]) % view["players"]
    if first_round:
        v = suit_value(with_card, turned >> 3)
        th = style.suit_bid * scale + style.margin
        # the turned jack or nine is a strong reason to take
        if turned & 7 in (JACK, NINE):
            th -= 3
        if view["players"] == 4 and pos == 2 and style.reads:
            th += 2  # the dealer's partner: the dealer may take it
        return TAKE if v >= th else PASS
    best, best_v = PASS, -1e9
    for w in view["legal"]:
        if w == PASS:
            continue
        t = SUIT_NAMES.index(w)
        v = suit_value(with_card, t) - (style.suit_bid * scale + style.margin)
        if v > best_v:
            best, best_v = w, v
    return best if best_v >= 0 else PASS


def _bela(view, hand, style):
    legal = view["legal"]
    scale = _per_card(hand.bit_count())
    best, best_v = None, -1e9
    for w in legal:
        if w == PASS:
            continue
        v = suit_value(hand, SUIT_NAMES.index(w))
        if v > best_v:
            best, best_v = w, v
    if PASS not in legal:
        return best
    return best if best_v >= style.suit_bid * scale + style.margin else PASS


# --- Coinche ------------------------------------------------------------------------------
def coinche_estimate(hand: int, t: int, style=None) -> float:
    """Points the team may take with ``t`` as trump, from an eight-card hand."""
    style = style or Style("normal")
    v = suit_value(hand, t)
    est = 80 + (v - style.coinche_base) * style.coinche_slope
    if _has(hand, t, KING) and _has(hand, t, QUEEN):
        est += 10  # belote counts towards the bid (its 8 are already in the value)
    return est


def _coinche(view, hand, team, style):
    legal = view["legal"]
    seat = view["seat"]
    if REDOUBLE in legal:
        # surcoinche only with a hand far above the bid
        bids = [(s, w) for s, w in view["auction"] if w not in (PASS, DOUBLE, REDOUBLE)]
        level, suit = bids[-1][1].split()
        lv = 500 if level == "capot" else int(level)
        t = SUIT_NAMES.index(suit)
        if style.doubles and coinche_estimate(hand, t, style) >= lv + 40:
            return REDOUBLE
        return PASS
    bids = [(s, w) for s, w in view["auction"] if w not in (PASS, DOUBLE, REDOUBLE)]
    last = bids[-1] if bids else None
    cur = 0
    if last:
        lw = last[1].split()[0]
        cur = 500 if lw == "capot" else int(lw)
    partner_bids = [w for s, w in bids if s != seat and team[s] == team[seat]]
    opp_bids = [w for s, w in bids if team[s] != team[seat]]
    my_bids: dict[str, int] = {}
    for s, w in bids:
        if s == seat:
            lv_word, su = w.split()
            my_bids[su] = max(my_bids.get(su, 0), 500 if lv_word == "capot" else int(lv_word))
    best = None
    for t in range(4):
        own = coinche_estimate(hand, t, style) - style.margin * 2
        est = own
        if style.reads:
            for w in partner_bids:
                pl, ps = w.split()
                pl = 500 if pl == "capot" else int(pl)
                if ps == SUIT_NAMES[t]:
                    if SUIT_NAMES[t] in my_bids:
                        # the partner raised this hand's own bid: add only what it did not
                        # show yet
                        est = max(est, pl + own - my_bids[SUIT_NAMES[t]] - 10)
                    else:
                        # support: the partner counted on an average partner (about 25
                        # points); add what this hand brings beyond that
                        est = pl + (_support(hand, t) - style.coinche_support)
                else:
                    est -= 10
            for w in opp_bids:
                if w.split()[1] == SUIT_NAMES[t]:
                    est -= 30
        level = int(est // 10) * 10
        if level > 160:
            level = 160
        if level >= 80 and level > cur:
            key = (est, t)
            if best is None or key > best[0]:
                best = (key, level, t)
    if best is not None:
        _, level, t = best
        # only bid over the partner when raising the partner's own suit or clearly better
        if last is not None and team[last[0]] == team[seat]:
            if last[1].split()[1] != SUIT_NAMES[t] and level < cur + style.coinche_overbid:
                best = None
        if best is not None:
            return coinche_bid(level, t) if coinche_bid(level, t) in legal else PASS
    if style.doubles and DOUBLE in legal and last is not None and team[last[0]] != team[seat]:
        t = SUIT_NAMES.index(last[1].split()[1])
        d = defence_value(hand, SUIT_NAMES[t])
        # the bidders need ``cur`` of 162: coinche when this hand alone takes enough of the rest
        expect_def = 20 + d * 0.9
        if cur < 500 and expect_def > 162 - cur + style.coinche_margin:
            return DOUBLE
    return PASS


def _support(hand: int, t: int) -> float:
    """What this hand adds to a partner's contract in ``t``."""
    v = 0.0
    for r, pts in ((JACK, 20), (NINE, 14), (ACE, 8), (TEN, 6)):
        if _has(hand, t, r):
            v += pts
    v += 3 * max(0, ((hand >> 8 * t) & 0xFF).bit_count() - 1)
    for s in range(4):
        if s != t:
            if _has(hand, s, ACE):
                v += 11
                if _has(hand, s, TEN):
                    v += 6
    if _has(hand, t, KING) and _has(hand, t, QUEEN):
        v += 20
    return v

