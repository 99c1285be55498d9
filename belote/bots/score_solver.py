"""Exact search on the hand's score itself (:class:`ScoreSolver`), where the card points of one
side do not tell it; the card-point search, its transposition table and its bounds are
:mod:`belote.bots.solver`'s."""

from __future__ import annotations

from ..cards import KING, QUEEN, SUIT_MASK
from ..contract import LAST_TRICK
from .core import Tables, legal_mask
from .solver import INF, NO_TRICK, SPLIT


class ScoreSolver:
    """Exact search on the hand's score itself, where the card points of one side do not tell
    it: with three players (the taker must total more than *each* other player, so the score
    depends on how the two others share their points) and while a belote may still be lost
    (docs/rules.md §2: in all-trumps, a king or queen discarded on a trick of another suit).

    ``leaf(points, valat, belote)`` scores a finished hand for ``max_side``: ``points`` the
    card points of every side (last trick included), ``valat`` the side that took every trick
    (or None), ``belote`` every side's belotes. ``max_side`` maximises it and every other side
    minimises it: with three players the two others play as one against the seat (its worst
    case). ``counts(suit, led)`` tells whether the first card of a belote in ``suit`` played on
    a trick led in ``led`` says it (:meth:`RuleSet.belote_counts`).

    Plain fail-soft alpha-beta, one node per card, equivalent cards searched once, a
    transposition table at trick boundaries keyed on everything the rest depends on (cards out,
    leader, valat state, every side's points and belotes, the belotes still at stake).
    """

    def __init__(self, tables: Tables, players: int, team, max_side: int, leaf,
                 counts=None, belote_points: int = 20):
        self.tables = tables
        self.n = players
        self.team = tuple(team)
        self.max_side = max_side
        self.leaf = leaf
        self.counts = counts
        self.belote_points = belote_points
        self.nodes = 0
        self.tt: dict = {}
        self.move_cache: dict = {}
        self.hands: list[int] = [0] * players

    def reset(self):
        self.tt = {}
        self.move_cache = {}

    def solve(self, hands, trick_cards, trick_seats, leader: int, tricks_left: int, vs: int,
              points, belote, pending=frozenset(), alpha: float = -INF,
              beta: float = INF) -> float:
        """The leaf value of the position under perfect play: ``hands`` per seat (masks), the
        current trick's cards and seats (possibly empty; then ``leader`` leads),
        ``tricks_left`` counting the current one, ``vs`` the valat state, ``points`` and
        ``belote`` per side so far (a belote already said counted whole), ``pending`` the
        (seat, suit) belotes whose first card is still to play and may yet be lost (a card of
        the current trick already counted in them: see :meth:`after`)."""
        H = self.hands
        H[:] = hands
        pts, bel, pend = tuple(points), tuple(belote), frozenset(pending)
        rem = 0
        for h in hands:
            rem |= h
        if not trick_cards:
            return self._lead(leader, rem, tricks_left, vs, pts, bel, pend, alpha, beta)
        tables = self.tables
        strength, trump = tables.strength, tables.trump
        led = trick_cards[0] >> 3
        top = win = trick_cards[0]
        wseat = trick_seats[0]
        tp = 0
        for i, c in enumerate(trick_cards):
            rem |= 1 << c
            tp += tables.points[c]
            if i and c >> 3 == led and strength[c] > strength[top]:
                top = c
            if i and ((c >> 3 == win >> 3 and strength[c] > strength[win])
                      or (c >> 3 == trump != win >> 3)):
                win, wseat = c, trick_seats[i]
        if len(trick_cards) == self.n:
            return self._finish(wseat, tp, left=tricks_left, vs=vs, pts=pts, bel=bel, pend=pend,
                                alpha=alpha, beta=beta)
        return self._follow(len(trick_cards), (trick_seats[-1] + 1) % self.n, led, top, win,
                            wseat, tp, rem, tricks_left, vs, pts, bel, pend, alpha, beta)

    def move_values(self, hands, trick_cards, trick_seats, seat: int, tricks_left: int,
                    vs: int, points, belote, moves, pending=frozenset()) -> dict[int, float]:
        """Exact value of each card of ``moves`` played now by ``seat``."""
        out = {}
        leader = trick_seats[0] if trick_seats else seat
        for c in moves:
            h = list(hands)
            h[seat] ^= 1 << c
            bel, pend = self.after(seat, c, trick_cards, belote, pending)
            out[c] = self.solve(h, list(trick_cards) + [c], list(trick_seats) + [seat], leader,
                                tricks_left, vs, points, bel, pend)
        return out

    def after(self, seat: int, c: int, trick_cards, belote, pending):
        """(belote, pending) once ``seat`` has played ``c`` on ``trick_cards``."""
        bel, pend = tuple(belote), frozenset(pending)
        if not pend:
            return bel, pend
        return self._played(seat, c, trick_cards[0] >> 3 if trick_cards else c >> 3, bel, pend)

    def _finish(self, w, tp, left, vs, pts, bel, pend, alpha, beta):
        """A completed trick won by seat ``w`` worth ``tp`` (before the last trick's 10)."""
        side = self.team[w]
        np = list(pts)
        np[side] += tp + (LAST_TRICK if left == 1 else 0)
        pts = tuple(np)
        vs = side if vs == NO_TRICK else (vs if vs == side else SPLIT)
        if left == 1:
            return self.leaf(pts, vs if vs >= 0 else None, bel)
        rem = 0
        for h in self.hands:
            rem |= h
        return self._lead(w, rem, left - 1, vs, pts, bel, pend, alpha, beta)

    def _played(self, seat, c, led, bel, pend):
        """The belotes and those at stake after ``seat`` plays ``c`` on a trick led in ``led``."""
        if (seat, c >> 3) in pend and c & 7 in (KING, QUEEN):
            su = c >> 3
            pend = pend - {(seat, su)}
            if self.counts(su, led):
                nb = list(bel)
                nb[self.team[seat]] += self.belote_points
                bel = tuple(nb)
        return bel, pend

    def _lead(self, leader, rem, left, vs, pts, bel, pend, alpha, beta):
        self.nodes += 1
        key = (rem, leader, vs, pts, bel, pend)
        entry = self.tt.get(key)
        if entry is not None:
            lo, hi = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha, beta = max(alpha, lo), min(beta, hi)
        else:
            lo, hi = -INF, INF
        alpha0, beta0 = alpha, beta
        H, n = self.hands, self.n
        hand = H[leader]
        maximizing = self.team[leader] == self.max_side
        best = -INF if maximizing else INF
        points = self.tables.points
        nxt = (leader + 1) % n
        for c in self._moves(hand, rem, pend, leader):
            H[leader] = hand ^ (1 << c)
            nbel, npend = (self._played(leader, c, c >> 3, bel, pend) if pend
                           else (bel, pend))
            v = self._follow(1, nxt, c >> 3, c, c, leader, points[c], rem, left, vs, pts, nbel,
                             npend, alpha, beta)
            H[leader] = hand
            if maximizing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        if best <= alpha0:
            hi = min(hi, best)
        elif best >= beta0:
            lo = max(lo, best)
        else:
            lo = hi = best
        self.tt[key] = (lo, hi)
        return best

    def _follow(self, i, seat, led, top, win, wseat, tp, rem, left, vs, pts, bel, pend, alpha,
                beta):
        """Seat ``seat`` plays the ``i``-th card of the trick."""
        self.nodes += 1
        H, tables, n, team = self.hands, self.tables, self.n, self.team
        strength, points, trump = tables.strength, tables.points, tables.trump
        hand = H[seat]
        legal = legal_mask(hand, led, top, win, team[wseat] == team[seat], tables)
        moves = [legal.bit_length() - 1] if legal & (legal - 1) == 0 else \
            self._moves(legal, rem, pend, seat)
        maximizing = team[seat] == self.max_side
        best = -INF if maximizing else INF
        last = i + 1 == n
        nxt = (seat + 1) % n
        wsuit = win >> 3
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
            nbel, npend = self._played(seat, c, led, bel, pend) if pend else (bel, pend)
            if last:
                v = self._finish(nwseat, tp + points[c], left, vs, pts, nbel, npend, alpha,
                                 beta)
            else:
                v = self._follow(i + 1, nxt, led, ntop, nwin, nwseat, tp + points[c], rem,
                                 left, vs, pts, nbel, npend, alpha, beta)
            H[seat] = hand
            if maximizing:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best

    def _moves(self, legal, rem, pend, seat):
        """One card of each run of equivalent legal cards (same suit and points, no card still
        out between them); a card of a belote at stake is never merged."""
        stakes = sum(1 << s for s in range(4) if (seat, s) in pend) if pend else 0
        key = (legal, rem, stakes)
        moves = self.move_cache.get(key)
        if moves is None:
            moves = self.move_cache[key] = self._classes(legal, rem, stakes)
        return moves

    def _classes(self, legal, rem, stakes):
        tables = self.tables
        points = tables.points
        out = []
        for s in range(4):
            mine = legal & SUIT_MASK[s]
            if not mine:
                continue
            alive = rem & SUIT_MASK[s]
            stake = stakes >> s & 1
            prev = -1
            for c in reversed(tables.order[s]):
                bit = 1 << c
                if not alive & bit:
                    continue
                if mine & bit:
                    if prev >= 0 and points[prev] == points[c] and not (
                            stake and c & 7 in (KING, QUEEN)):
                        continue
                    prev = c
                    out.append(c)
                else:
                    prev = -1
        return out
