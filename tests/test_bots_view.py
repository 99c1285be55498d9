"""No peeking: a bot's decision depends only on its view (and its seed).

Two states that differ only in cards the seat cannot see (swapped between two other players)
give the same view, and every bot then gives the same action.
"""

import random

import pytest
from positions import StepClock

from belote.bots import make_bot
from belote.cards import SUIT_MASK, hand_str
from belote.game import Match


def _advance(match, rng, steps):
    bots = [make_bot("normal", seed=s) for s in range(match.players)]
    for _ in range(steps):
        if match.phase == "match-over":
            break
        if match.phase == "hand-over":
            match.apply("next")
            continue
        match.apply(bots[match.turn].choose(match.view(match.turn)))


def _swap_hidden(match, seat, rng):
    """Swap one card between two other seats' hands, keeping what ``seat`` can see: same suit
    (so no void inferred from play changes meaning), neither card declared or in a said belote,
    nor the taker's turned card. Returns False when no such swap exists."""
    hand = match.hand
    others = [s for s in range(match.players) if s != seat]
    rng.shuffle(others)
    shown = 0
    for ds in hand.declared:
        for d in ds:
            shown |= d.cards
    if hand.turned is not None:
        shown |= 1 << hand.turned
    for _, _, c in hand.belote_log:
        shown |= 1 << (c ^ 3)  # the other card of the pair (K ^ Q)
    for s in range(4):
        for a in others:
            for b in others:
                if a >= b:
                    continue
                ma = hand.hands[a] & SUIT_MASK[s] & ~shown
                mb = hand.hands[b] & SUIT_MASK[s] & ~shown
                if ma and mb:
                    ca = (ma & -ma).bit_length() - 1
                    cb = (mb & -mb).bit_length() - 1
                    hand.hands[a] ^= (1 << ca) | (1 << cb)
                    hand.hands[b] ^= (1 << ca) | (1 << cb)
                    return True
    return False


def _cases():
    out = []
    for rules in ("bulgarian", "french", "coinche", "bela", "classic"):
        for steps in (0, 2, 9, 17, 26):
            out.append((rules, steps))
    return out


def _timing(name: str) -> dict:
    if name == "expert":
        return {"clock": StepClock(), "time_budget": 0.05}
    return {"clock": StepClock()} if name == "normal" else {}


@pytest.mark.parametrize("rules,steps", _cases())
def test_same_view_same_action(rules, steps):
    rng = random.Random(f"{rules}/{steps}")
    m1 = Match(rules, 4, seed=rng.randrange(10**6))
    _advance(m1, rng, steps)
    if m1.phase not in ("auction", "play"):
        pytest.skip("no decision to make here")
    seat = m1.turn
    m2 = Match.from_dict(m1.to_dict())
    if not _swap_hidden(m2, seat, rng):
        pytest.skip("no hidden card to swap")
    assert [m1.hand.hands[s] for s in range(4)] != [m2.hand.hands[s] for s in range(4)]
    v1, v2 = m1.view(seat), m2.view(seat)
    assert v1 == v2
    for name in ("random", "easy", "normal", "expert"):
        # a clock that counts its readings: the Normal's simulated bids and the Expert's search
        # stop after the same work whatever the load of the machine
        a1 = make_bot(name, seed=5, **_timing(name)).choose(v1)
        a2 = make_bot(name, seed=5, **_timing(name)).choose(v2)
        assert a1 == a2, name
        assert a1 in v1["legal"]


def test_view_hides_other_hands():
    m = Match("bulgarian", 4, seed=3)
    v = m.view(0)
    text = repr(v)
    for s in (1, 2, 3):
        for c in hand_str(m.hand.hands[s]).split():
            assert f"'{c}'" not in text or c == v["turned"]
