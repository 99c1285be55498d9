"""Rule-based card play: the Easy and Normal bots' play, and the rollout policy of the Expert.

One function, :func:`choose_card`, decides from what the player believes of the other hands:
``may[s]`` is the mask of cards seat ``s`` may hold. The Easy bot counts nothing, so for it every
card not in its hand and not on the table may be anywhere; the Normal bot removes the cards
played and what it inferred (voids, failed overtrumps, declarations, belote); a rollout knows the
sampled deal exactly. The rules are the ones a sound player follows: obey the duties (the legal
mask already does), cash masters, draw trumps when attacking, give points to a partner whose
trick is safe, take a trick with the cheapest safe card, and otherwise throw the card that costs
least, keeping trumps, masters and guards.
"""

from __future__ import annotations

from ..cards import SUIT_MASK, cards_of
from .core import Tables


def _one(mask: int) -> bool:
    return mask & (mask - 1) == 0


def _best(mask: int, strength) -> int:
    """The strongest card of a one-suit mask."""
    best, bs = -1, -1
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        mask ^= low
        if strength[c] > bs:
            best, bs = c, strength[c]
    return best


def _worst(mask: int, strength) -> int:
    best, bs = -1, 99
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        mask ^= low
        if strength[c] < bs:
            best, bs = c, strength[c]
    return best


def is_master(card: int, out: int, tables: Tables) -> bool:
    """No card that may still be held by another player beats ``card`` in its suit."""
    return not (out & tables.higher[card])


def choose_card(hand: int, legal: int, cards, seats, seat: int, tables: Tables, team, n: int,
                may, bidder_side: int, lead_bias=None) -> int:
    """The card to play. ``cards``/``seats``: the current trick; ``may``: per seat, the cards it
    may hold (the player's own entry is ignored); ``lead_bias``: per suit, a cost added to
    leading it low (what the bidding said: the partner's suit is cheap, the opponents' dear)."""
    if _one(legal):
        return legal.bit_length() - 1
    me = team[seat]
    out = 0
    for s in range(n):
        if s != seat:
            out |= may[s]
    if not cards:
        return _lead(hand, seat, tables, team, n, may, out, bidder_side, lead_bias)
    return _follow(hand, legal, cards, seats, seat, tables, team, n, may, out, me)


def _opp_may(seat, team, n, may) -> int:
    m = 0
    for s in range(n):
        if team[s] != team[seat]:
            m |= may[s]
    return m


def _lead(hand, seat, tables, team, n, may, out, bidder_side, lead_bias=None):
    """Any card may be led: the lead is chosen from the whole hand."""
    strength, points, trump = tables.strength, tables.points, tables.trump
    me = team[seat]
    opp = _opp_may(seat, team, n, may)
    attacking = me == bidder_side
    if trump >= 0:
        my_trumps = hand & tables.trump_mask
        opp_trumps = opp & tables.trump_mask
        if my_trumps and opp_trumps and attacking:
            top = _best(my_trumps, strength)
            if is_master(top, out, tables):
                return top
            partner_trumps = 0
            for s in range(n):
                if s != seat and team[s] == me:
                    partner_trumps |= may[s]
            partner_trumps &= tables.trump_mask
            # the bidder's partner returns a small trump to the bidder's strong trumps
            if partner_trumps and _best(partner_trumps | my_trumps, strength) != top and \
                    is_master(_best(partner_trumps, strength), out & ~partner_trumps, tables):
                return _worst(my_trumps, strength)
        # a master in a side suit, where no opponent can ruff
        best, best_key = -1, None
        for s in range(4):
            if s == trump:
                continue
            mine = hand & SUIT_MASK[s]
            if not mine:
                continue
            top = _best(mine, strength)
            if not is_master(top, out, tables):
                continue
            ruff = False
            for o in range(n):
                if team[o] != me and not may[o] & SUIT_MASK[s] and may[o] & tables.trump_mask:
                    ruff = True
            if ruff:
                continue
            key = points[top] + (out & SUIT_MASK[s]).bit_count()
            if best_key is None or key > best_key:
                best, best_key = top, key
        if best >= 0:
            return best
        # a suit the partner can ruff while the opponents follow
        for s in range(4):
            if s == trump or not hand & SUIT_MASK[s]:
                continue
            for p in range(n):
                if p != seat and team[p] == me and not may[p] & SUIT_MASK[s] \
                        and may[p] & tables.trump_mask:
                    return _worst(hand & SUIT_MASK[s], strength)
        if attacking and my_trumps and opp_trumps and \
                my_trumps.bit_count() >= 3 and my_trumps != hand:
            return _worst(my_trumps, strength)
        return _low_lead(hand, tables, out, trump, lead_bias)
    # no-trumps and all-trumps: cash masters, longest first
    best, best_key = -1, None
    for s in range(4):
        mine = hand & SUIT_MASK[s]
        if not mine:
            continue
        top = _best(mine, strength)
        if is_master(top, out, tables):
            key = (points[top] + 3 * mine.bit_count(), top)
            if best_key is None or key > best_key:
                best, best_key = top, key
    if best >= 0:
        return best
    return _low_lead(hand, tables, out, -1, lead_bias)


def _low_lead(hand, tables, out, trump, lead_bias=None):
    """A low card from the suit where leading costs least: not from a guarded ten or king,
    preferring short side suits (to ruff later) and suits where we hold most."""
    strength, points = tables.strength, tables.points
    best, best_key = -1, None
    for s in range(4):
        mine = hand & SUIT_MASK[s]
        if not mine:
            continue
        low = _worst(mine, strength)
        k = mine.bit_count()
        cost = points[low] * 2
        if s == trump:
            cost += 25
        # leading from a suit whose top is not master exposes it (T with the A out)
        top = _best(mine, strength)
        if not is_master(top, out, tables) and points[top] >= 4 and k >= 2:
            cost += 8
        if k == 1 and points[low] < 10 and trump >= 0 and hand & tables.trump_mask:
            cost -= 4  # a singleton: a void to ruff later
        if tables.kind != "suit":
            cost -= k  # no-trumps: long suits
        if lead_bias is not None:
            cost += lead_bias[s]
        key = (cost, strength[low])
        if best_key is None or key < best_key:
            best, best_key = low, key
    return best


def _can_beat(card, led, s, may, tables):
    """Whether seat ``s`` may hold a card that takes the trick from ``card``."""
    m = may[s]
    trump = tables.trump
    follow = m & SUIT_MASK[led]
    if card >> 3 == led:
        if follow & tables.higher[card]:
            return True
        return not follow and trump >= 0 and trump != led and bool(m & tables.trump_mask)
    # card is a trump on a plain lead
    return not follow and bool(m & tables.trump_mask & tables.higher[card])


def _follow(hand, legal, cards, seats, seat, tables, team, n, may, out, me):
    strength, points, trump = tables.strength, tables.points, tables.trump
    led = cards[0] >> 3
    w = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[w]
        if (c >> 3 == b >> 3 and strength[c] > strength[b]) or (c >> 3 == trump != b >> 3):
            w = i
    win, wseat = cards[w], seats[w]
    later = [(seat + k) % n for k in range(1, n - len(cards))]
    opp_later = [s for s in later if team[s] != me]
    pot = sum(points[c] for c in cards)

    def safe(c):
        for s in opp_later:
            if _can_beat(c, led, s, may, tables):
                return False
        return True

    winners, losers = [], []
    for c in cards_of(legal):
        if (c >> 3 == win >> 3 and strength[c] > strength[win]) or \
                (c >> 3 == trump and win >> 3 != trump):
            winners.append(c)
        else:
            losers.append(c)

    if team[wseat] == me and safe(win):
        return _give(legal, led, hand, tables, out)
    safe_winners = [c for c in winners if safe(c)]
    if safe_winners:
        # the cheapest safe winner: plain before trump, then the weakest
        def cost(c):
            return (c >> 3 == trump, strength[c])
        if not opp_later:
            # last to play: the cheapest winner, unless it is a master whose points matter more
            # later than this trick's
            c = min(safe_winners, key=lambda c: (c >> 3 == trump, strength[c]))
            if c >> 3 == led and c >> 3 != trump:
                # the highest points among safe winners of the led suit that are not masters
                same = [d for d in safe_winners if d >> 3 == led]
                nonmaster = [d for d in same if not is_master(d, out, tables)]
                if nonmaster:
                    c = max(nonmaster, key=lambda d: points[d])
            return c
        # not last: a safe winner; among safe ones the one with most points when it is a plain
        # card of the led suit (the trick is ours), otherwise the cheapest trump
        plain = [c for c in safe_winners if c >> 3 != trump]
        if plain:
            return max(plain, key=lambda c: (points[c], -strength[c]))
        return min(safe_winners, key=cost)
    if team[wseat] == me:
        # partner holds it for now, but an opponent may still beat it: play low
        return _discard(losers or winners, led, hand, tables, out)
    if winners and not opp_later:
        return min(winners, key=lambda c: (c >> 3 == trump, strength[c]))
    if winners and pot >= 10 and trump >= 0:
        # try to take a rich trick with a trump when the opponents may follow
        trumps = [c for c in winners if c >> 3 == trump]
        if trumps and led != trump:
            return max(trumps, key=strength.__getitem__) if pot >= 20 else \
                min(trumps, key=strength.__getitem__)
    return _discard(losers or winners, led, hand, tables, out)


def _give(legal, led, hand, tables, out):
    """Partner's trick is safe: give the most points that do not cost a later trick."""
    strength, points, trump = tables.strength, tables.points, tables.trump
    best, best_key = -1, None
    for c in cards_of(legal):
        value = points[c]
        if c >> 3 == trump and led != trump:
            value -= 12 + strength[c]  # keep trumps
        elif c >> 3 != led and is_master(c, out, tables):
            value -= points[c] + 5  # a master wins a trick of its own later
        elif c >> 3 != led:
            # do not bare a ten or an ace that guards
            rest = hand & SUIT_MASK[c >> 3] & ~(1 << c)
            top = _best(hand & SUIT_MASK[c >> 3], strength)
            if c != top and rest.bit_count() == 1 and points[top] >= 10 and \
                    not is_master(top, out, tables):
                value -= 6
        key = (value, -strength[c])
        if best_key is None or key > best_key:
            best, best_key = c, key
    return best


def _discard(options, led, hand, tables, out):
    """The card that costs least: few points, not a trump, not a master, not a guard; from a
    short suit when we hold trumps (to ruff later)."""
    strength, points, trump = tables.strength, tables.points, tables.trump
    best, best_key = -1, None
    has_trumps = trump >= 0 and hand & tables.trump_mask
    for c in options:
        s = c >> 3
        cost = points[c] * 3 + strength[c] * 0.3
        if s == trump and led != trump:
            cost += 30 + strength[c] * 2
        if s != led and is_master(c, out, tables):
            cost += 25
        if s != led:
            suit = hand & SUIT_MASK[s]
            k = suit.bit_count()
            top = _best(suit, strength)
            if c != top and k == 2 and points[top] >= 4 and not is_master(top, out, tables):
                cost += 8  # would bare the top card
            if has_trumps and s != trump:
                cost -= 3 if k == 1 else 0
        key = (cost, strength[c])
        if best_key is None or key < best_key:
            best, best_key = c, key
    return best
