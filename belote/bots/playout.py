"""The rule player at every seat, seeing every hand: the Expert's rollouts, and whole hands
simulated for bidding.
"""

from __future__ import annotations

from ..contract import LAST_TRICK
from .core import Tables, legal_mask
from .heuristic import choose_card
from .solver import NO_TRICK, SPLIT


def playout(hands, cards, seats, leader: int, left: int, vs: int, pts, tables: Tables, team,
            n: int, bidder_side: int, stop: int = 0):
    """Plays on with the heuristic player (every hand known) until ``stop`` tricks are left.

    ``cards``/``seats``: the current trick (possibly empty; then ``leader`` leads), ``left``:
    tricks left counting the current one, ``vs``: the valat state (see the solver). Mutates
    ``hands`` and ``pts`` (per side); returns (leader, left, vs).
    """
    strength, points, trump = tables.strength, tables.points, tables.trump
    cards, seats = list(cards), list(seats)
    while True:
        if len(cards) == n:
            w = 0
            for i in range(1, n):
                c, b = cards[i], cards[w]
                if (c >> 3 == b >> 3 and strength[c] > strength[b]) or (c >> 3 == trump != b >> 3):
                    w = i
            side = team[seats[w]]
            p = 0
            for c in cards:
                p += points[c]
            if left == 1:
                p += LAST_TRICK
            pts[side] += p
            vs = side if vs == NO_TRICK else (vs if vs == side else SPLIT)
            leader = seats[w]
            left -= 1
            cards, seats = [], []
            if left <= stop:
                return leader, left, vs
        if cards:
            seat = (seats[-1] + 1) % n
            led = cards[0] >> 3
            top = win = cards[0]
            wi = 0
            for i in range(1, len(cards)):
                c = cards[i]
                if c >> 3 == led and strength[c] > strength[top]:
                    top = c
                if (c >> 3 == win >> 3 and strength[c] > strength[win]) or \
                        (c >> 3 == trump != win >> 3):
                    win, wi = c, i
            legal = legal_mask(hands[seat], led, top, win, team[seats[wi]] == team[seat], tables)
        else:
            seat = leader
            legal = hands[seat]
        c = choose_card(hands[seat], legal, cards, seats, seat, tables, team, n, hands, bidder_side)
        hands[seat] ^= 1 << c
        cards.append(c)
        seats.append(seat)
