"""Exact double-dummy solver: alpha-beta over bit masks with a transposition table.

Every hand is known (a sampled deal, or the true one for the Oracle). The value of a position is
what the side ``max_side`` takes from now to the end of the hand: the card points of the tricks
it wins (the current trick counted whole), the last trick's 10, and the valat bonus: ``+bonus``
when ``max_side`` takes every trick of the hand, ``-bonus`` when another side does. Both sides
play to maximise their own value (zero-sum: the other sides minimise it).

The search is fail-soft alpha-beta, one node per card. At each trick boundary a transposition
table keyed on (cards still out, leader, valat state) stores lower and upper bounds and the best
lead. A window the points still out cannot reach (or cannot miss) is answered without a
search. Cards that are equivalent (same hand, same points, adjacent in the order of the cards
still out) are searched once. The last trick is scored directly.
"""

from __future__ import annotations

from ..cards import SUIT_MASK
from ..contract import LAST_TRICK
from .core import Tables, legal_mask

INF = 1 << 20
NO_TRICK, SPLIT = -1, -2  # valat states besides "side s has taken every trick so far"


def valat_state(winner_sides) -> int:
    """The valat state after tricks won by ``winner_sides`` (in order)."""
    if not winner_sides:
        return NO_TRICK
    first = winner_sides[0]
    return first if all(s == first for s in winner_sides) else SPLIT


class Solver:
    """Solves positions of one contract for one side. Reuse it for many positions of the same
    deal to share the transposition table; call :meth:`reset` for another deal."""

    def __init__(self, tables: Tables, players: int, team, max_side: int, valat_bonus: int = 90):
        self.tables = tables
        self.n = players
        self.team = tuple(team)
        self.max_side = max_side
        self.bonus = valat_bonus
        self.nodes = 0
        self.tt: dict = {}
        self.hands: list[int] = [0] * players
        # per suit, the points of each set of its cards (an 8-bit mask): for bounds
        self.suit_points = tuple(
            tuple(sum(tables.points[8 * su + r] for r in range(8) if m >> r & 1)
                  for m in range(256))
            for su in range(4))

    def reset(self):
        self.tt = {}

    # --- public --------------------------------------------------------------------------
    def solve(self, hands, trick_cards, trick_seats, leader: int, tricks_left: int, vstate: int,
              alpha: int = -INF, beta: int = INF) -> int:
        """Value for ``max_side`` of the position: ``hands`` per seat (masks), the current
        trick's cards and seats (possibly empty), its ``leader``, ``tricks_left`` counting the
        current one, ``vstate`` the valat state of the tricks already won."""
        H = self.hands
        H[:] = hands
        rem = 0
        for h in hands:
            rem |= h
        for c in trick_cards:
            rem |= 1 << c
        if not trick_cards:
            return self._trick(leader, rem, tricks_left, vstate, alpha, beta)
        return self._resume(trick_cards, trick_seats, rem, tricks_left, vstate, alpha, beta)

    def move_values(self, hands, trick_cards, trick_seats, seat: int, tricks_left: int,
                    vstate: int, moves) -> dict[int, int]:
        """Exact value of each card of ``moves`` played now by ``seat``."""
        out = {}
        for c in moves:
            h = list(hands)
            h[seat] ^= 1 << c
            out[c] = self.solve(h, list(trick_cards) + [c], list(trick_seats) + [seat],
                                seat, tricks_left, vstate)
        return out

    # --- search --------------------------------------------------------------------------
    def _resume(self, cards, seats, rem, left, vs, alpha, beta):
        tables = self.tables
        strength = tables.strength
        led = cards[0] >> 3
        top = win = cards[0]
        wseat = seats[0]
        pts = tables.points[cards[0]]
        for i in range(1, len(cards)):
            c = cards[i]
            pts += tables.points[c]
            if c >> 3 == led:
                if strength[c] > strength[top]:
                    top = c
                if win >> 3 == led and strength[c] > strength[win]:
                    win, wseat = c, seats[i]
            elif c >> 3 == tables.trump and (win >> 3 != c >> 3 or strength[c] > strength[win]):
                win, wseat = c, seats[i]
        if len(cards) == self.n:
            return self._finish(wseat, pts, rem, left, vs, alpha, beta)
        return self._follow(len(cards), (seats[-1] + 1) % self.n, led, top, win, wseat, pts,
                            rem, left, vs, alpha, beta)

    def _finish(self, w, pts, rem, left, vs, alpha, beta):
        """Value of a completed trick won by seat ``w`` worth ``pts`` (before the last-trick
        bonus), plus the rest of the hand."""
        side = self.team[w]
        mine = side == self.max_side
        if left == 1:
            pts += LAST_TRICK
            v = pts if mine else 0
            if self.bonus and (vs == side or vs == NO_TRICK):
                v += self.bonus if mine else -self.bonus
            return v
        nvs = side if vs == NO_TRICK else (vs if vs == side else SPLIT)
        base = pts if mine else 0
        rem = 0
        for h in self.hands:
            rem |= h
        return base + self._trick(w, rem, left - 1, nvs, alpha - base, beta - base)

    def _trick(self, leader, rem, left, vs, alpha, beta):
        """Value from a trick boundary: ``leader`` to lead, ``rem`` the cards still out."""
        self.nodes += 1
        H, n, tables = self.hands, self.n, self.tables
        if left == 1:  # one card each: play it out
            strength, trump = tables.strength, tables.trump
            win = H[leader].bit_length() - 1
            pts = tables.points[win]
            wseat = leader
            for i in range(1, n):
                s = (leader + i) % n
                c = H[s].bit_length() - 1
                pts += tables.points[c]
                cs = c >> 3
                if cs == win >> 3:
                    if strength[c] > strength[win]:
                        win, wseat = c, s
                elif cs == trump:
                    win, wseat = c, s
            return self._finish(wseat, pts, rem, 1, vs, alpha, beta)
        # what is still to win bounds the value: a window beyond it needs no search
        sp = self.suit_points
        most = (sp[0][rem & 255] + sp[1][rem >> 8 & 255] + sp[2][rem >> 16 & 255]
                + sp[3][rem >> 24 & 255] + LAST_TRICK)
        if self.bonus and (vs == self.max_side or vs == NO_TRICK):
            most += self.bonus
        if most <= alpha:
            return most
        least = -self.bonus if self.bonus and vs != self.max_side and vs != SPLIT else 0
        if least >= beta:
            return least
        key = (rem << 7) | (leader << 3) | (vs + 2)
        tt = self.tt
        entry = tt.get(key)
        first = -1
        if entry is not None:
            lo, hi, first = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            if lo > alpha:
                alpha = lo
            if hi < beta:
                beta = hi
        else:
            lo, hi = -INF, INF
        alpha0, beta0 = alpha, beta
        hand = H[leader]
        moves = self._order_leads(hand, rem, first)
        maximizing = self.team[leader] == self.max_side
        best = -INF if maximizing else INF
        best_card = -1
        pts0 = tables.points
        for c in moves:
            H[leader] = hand ^ (1 << c)
            v = self._follow(1, (leader + 1) % n, c >> 3, c, c, leader, pts0[c], rem, left, vs,
                             alpha, beta)
            H[leader] = hand
            if maximizing:
                if v > best:
                    best, best_card = v, c
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if v < best:
                    best, best_card = v, c
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        # store bounds relative to the window the node was searched with
        if best <= alpha0:
            hi = min(hi, best)
        elif best >= beta0:
            lo = max(lo, best)
        else:
            lo = hi = best
        tt[key] = (lo, hi, best_card)
        return best

    def _order_leads(self, hand, rem, first):
        """Lead candidates: one of each run of equivalent cards; masters and the table's best
        move first, then the others from the weakest."""
        tables = self.tables
        strength, points = tables.strength, tables.points
        masters: list[int] = []
        others: list[int] = []
        for s in range(4):
            mine = hand & SUIT_MASK[s]
            if not mine:
                continue
            alive = rem & SUIT_MASK[s]
            prev = -1
            top = True  # walking down from the strongest: still above every other card
            for c in reversed(tables.order[s]):
                bit = 1 << c
                if not alive & bit:
                    continue
                if mine & bit:
                    if prev >= 0 and points[prev] == points[c]:
                        continue
                    prev = c
                    (masters if top else others).append(c)
                else:
                    prev = -1
                    top = False
        others.sort(key=strength.__getitem__)
        masters.sort(key=points.__getitem__, reverse=True)
        moves = masters + others
        if first >= 0 and first in moves:
            moves.remove(first)
            moves.insert(0, first)
        return moves

    def _follow(self, i, seat, led, top, win, wseat, pts, rem, left, vs, alpha, beta):
        """Seat ``seat`` plays the ``i``-th card of the trick."""
        self.nodes += 1
        H, tables, n = self.hands, self.tables, self.n
        team = self.team
        hand = H[seat]
        strength = tables.strength
        points = tables.points
        trump = tables.trump
        legal = legal_mask(hand, led, top, win, team[wseat] == team[seat], tables)
        # candidates, equivalent cards once; winners / losers ordered
        wsuit = win >> 3
        if legal & (legal - 1) == 0:
            moves = [legal.bit_length() - 1]
        else:
            partner = team[wseat] == team[seat]
            winners, losers = [], []
            m = legal
            while m:
                low = m & -m
                c = low.bit_length() - 1
                s = c >> 3
                suit_legal = legal & SUIT_MASK[s]
                m &= ~SUIT_MASK[s]
                if suit_legal == low:
                    if (s == wsuit and strength[c] > strength[win]) or (s == trump != wsuit):
                        winners.append(c)
                    else:
                        losers.append(c)
                    continue
                alive = rem & SUIT_MASK[s]
                prev = -1
                for d in tables.order[s]:
                    bit = 1 << d
                    if not alive & bit:
                        continue
                    if suit_legal & bit:
                        if prev >= 0 and points[prev] == points[d]:
                            prev = d
                            continue
                        prev = d
                        if (s == wsuit and strength[d] > strength[win]) or (s == trump != wsuit):
                            winners.append(d)
                        else:
                            losers.append(d)
                    else:
                        prev = -1
            if partner:
                moves = winners + losers
                moves.sort(key=points.__getitem__, reverse=True)
            else:
                if len(losers) > 1:
                    losers.sort(key=points.__getitem__)
                moves = winners + losers
        maximizing = team[seat] == self.max_side
        best = -INF if maximizing else INF
        last = i + 1 == n
        nxt = (seat + 1) % n
        for c in moves:
            H[seat] = hand ^ (1 << c)
            cs = c >> 3
            ntop, nwin, nwseat = top, win, wseat
            if cs == led:
                if strength[c] > strength[top]:
                    ntop = c
                if wsuit == led and strength[c] > strength[win]:
                    nwin, nwseat = c, seat
            elif cs == trump and (wsuit != trump or strength[c] > strength[win]):
                nwin, nwseat = c, seat
            if last:
                v = self._finish(nwseat, pts + points[c], rem, left, vs, alpha, beta)
            else:
                v = self._follow(i + 1, nxt, led, ntop, nwin, nwseat, pts + points[c], rem, left,
                                 vs, alpha, beta)
            H[seat] = hand
            if maximizing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            else:
                if v < best:
                    best = v
                    if v < beta:
                        beta = v
                        if alpha >= beta:
                            break
        return best
