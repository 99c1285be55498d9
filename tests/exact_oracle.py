"""An independent brute force for the exact cost of a card, to check the solvers against.

Plain minimax over every line of play left in a real deal (every hand known), with nothing from
the bots: the engine's legal cards (:func:`belote.play.legal`), its trick winner, the contract's
card points, the belote rule of the rule set (:meth:`RuleSet.belote_counts`, kept as
:class:`belote.hand.Hand` keeps it) and its scoring (:meth:`RuleSet.score` on the hand's real
facts: card points, tricks, counted declarations, belotes). The only shortcut is a memo of the
positions met at a trick's start, keyed on everything the rest of the hand depends on.

The value of a finished hand for the seat's side is its score minus the mean of the other
sides' scores. The seat's side maximises it; every other side minimises it (with three
players, the two others play as one against the seat: the seat's worst case).
"""

from __future__ import annotations

from belote.cards import KING, QUEEN, cards_of
from belote.contract import LAST_TRICK
from belote.hand import Hand
from belote.play import legal, winner_index
from belote.scoring import HandResult


def margins(hand: Hand) -> dict[int, float]:
    """Per legal card of the seat to play in ``hand`` (its first trick over): the hand's score
    margin for the seat's side when everyone plays perfectly after it."""
    rules, contract, duties = hand.rules, hand.contract_in_play, hand.duties
    n, sides = rules.players, rules.sides
    me = rules.side(hand.actor)
    bidders = rules.side(contract.bidder)
    if hand.counted is None and rules.declarations_allowed(contract) and any(hand.declared):
        raise ValueError("the oracle starts after the first trick (declarations counted)")
    decl = [0] * sides
    outright = None
    for seat, ds in enumerate(hand.counted or []):
        for d in ds:
            decl[rules.side(seat)] += rules.declaration_points(d)
            if rules.wins_outright(d):
                outright = rules.side(seat)
    memo: dict = {}

    def finished(points, tricks, belote) -> float:
        valat = next((s for s in range(sides) if tricks[s] == 8), None)
        score = rules.score(HandResult(sides, contract, bidders, list(points), list(tricks),
                                       decl, list(belote), valat, outright)).score
        others = [s for s in range(sides) if s != me]
        return score[me] - sum(score[s] for s in others) / len(others)

    def play(state, c):
        """The state after the seat to play plays ``c``."""
        hands, trick, seats, leader, points, tricks, belote, pending, said = state
        seat = (seats[-1] + 1) % n if seats else leader
        hands = hands[:seat] + (hands[seat] ^ (1 << c),) + hands[seat + 1:]
        su = c >> 3
        if su in pending[seat] and c & 7 in (KING, QUEEN):  # as Hand._belote
            if su in said[seat]:
                pending = _without(pending, seat, su)
                belote = list(belote)
                belote[rules.side(seat)] += rules.belote_points
                belote = tuple(belote)
            elif rules.belote_counts(contract, su, trick[0] >> 3 if trick else su):
                said = _with(said, seat, su)
            else:
                pending = _without(pending, seat, su)
        trick, seats = trick + (c,), seats + (seat,)
        if len(trick) == n:
            w = seats[winner_index(list(trick), contract)]
            pts = sum(contract.points[x] for x in trick)
            if sum(tricks) == 7:
                pts += LAST_TRICK
            points, tricks = list(points), list(tricks)
            points[rules.side(w)] += pts
            tricks[rules.side(w)] += 1
            return (hands, (), (), w, tuple(points), tuple(tricks), belote, pending, said)
        return (hands, trick, seats, leader, points, tricks, belote, pending, said)

    def value(state) -> float:
        hands, trick, seats, leader, points, tricks, belote, _, _ = state
        if sum(tricks) == 8:
            return finished(points, tricks, belote)
        if not trick and state in memo:
            return memo[state]
        seat = (seats[-1] + 1) % n if seats else leader
        mask, _ = legal(hands[seat], list(trick), list(seats), seat, rules.team, contract,
                        duties)
        values = [value(play(state, c)) for c in cards_of(mask)]
        v = max(values) if rules.side(seat) == me else min(values)
        if not trick:
            memo[state] = v
        return v

    start = (tuple(hand.hands), tuple(hand.trick), tuple(hand.trick_seats),
             hand.trick_seats[0] if hand.trick else hand.actor, tuple(hand.points),
             tuple(hand.trick_counts), tuple(hand.belote),
             tuple(frozenset(p) for p in hand.belote_pending),
             tuple(frozenset(s) for s in hand.belote_said))
    return {c: value(play(start, c)) for c in cards_of(hand.legal_mask())}


def _with(sets, seat, su):
    return sets[:seat] + (sets[seat] | {su},) + sets[seat + 1:]


def _without(sets, seat, su):
    return sets[:seat] + (sets[seat] - {su},) + sets[seat + 1:]


def cost(hand: Hand, played: int) -> tuple[float, set[int]]:
    """The exact cost of ``played`` (the best card's margin minus its), and the best cards."""
    values = margins(hand)
    best = max(values.values())
    return best - values[played], {c for c, v in values.items() if v == best}
