"""Taking back a move (docs/engine.md "Taking back a move"; issue 27): ``Match.take_back(seat)``
rewinds the hand under way to the seat's last decision, a bid or a chosen card, undoing the
bots' actions since; the record then holds what was finally played and replays exactly.

The human sits at seat 0; the other seats are the page's bots (seeded by their seat, as
web/bot_pool.py makes them), so that their choices can be compared after a take-back.
"""

import pytest

from belote import IllegalAction, Match, replay
from belote.bots import make_bot
from belote.record import summary
from belote.takeback import decisions

HUMAN = 0
BOTS = {seat: make_bot("easy", 1000 + seat) for seat in (1, 2, 3)}


def bots_play(match):
    """The bots act until it is the human's turn or the hand is over."""
    while match.phase in ("auction", "play") and match.turn != HUMAN:
        match.apply(BOTS[match.turn].choose(match.view(match.turn)))


def human_plays(match, pick=0):
    """The human's turn: the ``pick``-th of their legal cards or bids (declarations made with
    the first card, as the table does)."""
    legal = match.legal_actions()
    if match.phase == "play":
        for a in legal:
            if a.startswith("declare "):
                match.apply(a)
        legal = [a for a in match.legal_actions() if not a.startswith("declare ") and a != "out"]
    match.apply(legal[pick % len(legal)])


def at_human_card(seed, rules="bulgarian", tricks=1):
    """A match of ``seed`` at the human's turn in play with a choice of cards, after at least
    ``tricks`` tricks (None if the hand never gets there)."""
    m = Match(rules, seed=seed)
    bots_play(m)
    while m.phase in ("auction", "play"):
        if (m.phase == "play" and len(m.hand.tricks) >= tricks
                and m.hand.legal_mask().bit_count() > 1):
            return m
        human_plays(m)
        bots_play(m)
    return None


def found(make, seeds=range(40)):
    for seed in seeds:
        m = make(seed)
        if m is not None:
            return m
    raise AssertionError("no seed gives the position")


def state(match):
    """What a take-back must give back: the human's view and the saved match."""
    view = match.view(HUMAN)
    view.pop("takebacks")
    data = match.to_dict()
    data.pop("takebacks", None)
    return view, data


def test_take_back_a_card_rewinds_to_that_card():
    m = found(lambda s: at_human_card(s, tricks=2))
    before = state(m)
    played = len(m.hand.played)
    human_plays(m, pick=1)
    bots_play(m)
    assert len(m.hand.played) > played + 1  # the bots played since
    m.take_back(HUMAN)
    assert state(m) == before
    assert m.turn == HUMAN and len(m.hand.played) == played


def test_take_back_a_bid_during_the_auction():
    def at_second_bid(seed):
        m = Match("bulgarian", seed=seed)
        bots_play(m)
        if m.phase != "auction":
            return None
        human_plays(m, pick=1)  # a bid, not a pass
        bots_play(m)
        return m if m.phase == "auction" and m.turn == HUMAN else None

    m = found(at_second_bid)
    before = state(m)
    words = list(m.hand.auction.words)
    human_plays(m)
    bots_play(m)
    m.take_back(HUMAN)
    assert state(m) == before
    assert m.hand.auction.words == words


def test_take_back_the_last_bid_after_the_auction_ended_goes_back_to_the_auction():
    def human_bids_last(seed):
        m = Match("bulgarian", seed=seed)
        bots_play(m)
        before = state(m)
        human_plays(m, pick=1)
        bots_play(m)
        return (m, before) if m.phase == "play" and not m.hand.played_by.count(HUMAN) else None

    m, before = found(human_bids_last)
    m.take_back(HUMAN)
    assert m.phase == "auction" and m.turn == HUMAN
    assert state(m) == before


def test_bots_choose_the_same_after_a_take_back():
    """The bots' seeds and the position fix their choices: the same card again gives the same
    continuation, a card taken back and played again leaves the record as if never taken."""
    m = found(lambda s: at_human_card(s, tricks=1))
    human_plays(m, pick=1)
    bots_play(m)
    first = m.hand_record()
    m.take_back(HUMAN)
    human_plays(m, pick=1)
    bots_play(m)
    assert m.hand_record() == first


def test_the_final_record_replays_exactly():
    m = found(lambda s: at_human_card(s, tricks=3))
    human_plays(m, pick=1)
    bots_play(m)
    m.take_back(HUMAN)
    human_plays(m, pick=0)  # another card this time
    bots_play(m)
    while m.phase == "play":
        human_plays(m)
        bots_play(m)
    assert m.phase in ("hand-over", "match-over")
    record = m.hand_record()
    hand = replay(record)
    assert summary(hand) == summary(m.hand)
    assert hand.score.to_dict() == m.hand.score.to_dict()


def test_declarations_go_back_with_the_first_card():
    """Declarations are made with a seat's first card (docs/rules.md §1): taking that card back
    leaves them to be made again."""
    def human_declares(seed):
        m = at_human_card(seed, tricks=0)
        if m is None or m.hand.first_card_played[HUMAN] or not m.hand.available[HUMAN]:
            return None
        return m

    m = found(human_declares, range(200))
    before = state(m)
    human_plays(m, pick=1)
    assert m.hand.declared[HUMAN]
    bots_play(m)
    m.take_back(HUMAN)
    assert m.hand.declared[HUMAN] == [] and not m.hand.first_card_played[HUMAN]
    assert state(m) == before


def test_a_forced_card_is_no_decision():
    """The human's last card (one left) is not a choice: the take-back goes to the one before."""
    def last_card_not_last_to_play(seed):
        m = Match("bulgarian", seed=seed)
        bots_play(m)
        while m.phase in ("auction", "play"):
            if m.phase == "play" and m.hand.hands[HUMAN].bit_count() == 1 and \
                    len(m.hand.trick) < 3:
                return m
            human_plays(m)
            bots_play(m)
        return None

    m = found(last_card_not_last_to_play)
    steps = decisions(m.hand, HUMAN)
    human_plays(m)
    bots_play(m)
    assert m.phase in ("hand-over", "match-over")  # the hand is over: nothing to take back
    assert not m.can_take_back(HUMAN)
    m2 = found(last_card_not_last_to_play)
    human_plays(m2)  # the forced card, the hand still under way
    assert m2.phase == "play"
    assert decisions(m2.hand, HUMAN) == steps
    bids = len(m2.hand.auction.history())
    m2.take_back(HUMAN)
    assert m2.hand.hands[HUMAN].bit_count() >= 2  # back before the forced card
    assert len(m2.hand.played) == steps[-1] - bids


def test_nothing_to_take_back_before_the_first_decision():
    def human_not_first(seed):
        m = Match("bulgarian", seed=seed)
        return m if m.turn != HUMAN else None

    m = found(human_not_first)
    bots_play(m)
    assert not m.can_take_back(HUMAN)
    with pytest.raises(IllegalAction) as refused:
        m.take_back(HUMAN)
    assert refused.value.refusal.code == "nothing-to-take-back"
    assert m.takebacks == {}


def test_not_across_a_finished_hand():
    m = found(lambda s: at_human_card(s, tricks=1))
    while m.phase == "play":
        human_plays(m)
        bots_play(m)
    with pytest.raises(IllegalAction):
        m.take_back(HUMAN)
    assert m.phase == "hand-over"
    m.apply("next")
    bots_play(m)
    assert m.turn == HUMAN and m.phase == "auction"  # the new hand: no decision of theirs yet
    assert not m.can_take_back(HUMAN)


def test_take_backs_are_counted_and_saved():
    m = found(lambda s: at_human_card(s, tricks=1))
    assert "takebacks" not in m.to_dict()  # a match without take-backs saves as before
    human_plays(m, pick=1)
    bots_play(m)
    m.take_back(HUMAN)
    assert m.helped and m.takebacks == {0: 1}
    assert m.view(HUMAN)["takebacks"] == {"1": 1}
    data = m.to_dict()
    assert data["takebacks"] == {"1": 1}
    again = Match.from_dict(data)
    assert again.takebacks == {0: 1} and again.helped
    del data["takebacks"]  # an older save
    assert Match.from_dict(data).takebacks == {}


def test_take_back_in_every_rule_set():
    for rules, players in (("french", 4), ("coinche", 4), ("bela", 4), ("classic", 2),
                           ("classic", 3)):
        def make(seed, rules=rules, players=players):
            m = Match(rules, players, seed=seed)
            bots = {s: make_bot("easy", 1000 + s) for s in range(1, players)}
            while m.phase in ("auction", "play") and m.turn != HUMAN:
                m.apply(bots[m.turn].choose(m.view(m.turn)))
            if m.phase != "auction":
                return None
            before = state(m)
            human_plays(m)
            while m.phase in ("auction", "play") and m.turn != HUMAN:
                m.apply(bots[m.turn].choose(m.view(m.turn)))
            if m.phase not in ("auction", "play"):
                return None
            m.take_back(HUMAN)
            assert state(m) == before, rules
            return m

        found(make)
