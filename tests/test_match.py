"""A match: the score sheet, hanging points carried to the next hand, the end of the match per
rule set, Classic "I'm out", views and saving (docs/rules.md §2-§6 End; docs/records.md "A match
record").

Hands are played through ``Match.apply``. Where a test needs exact hand results, the rule set's
own ``score`` hook is fed scripted facts (``scripted``): the scores are still computed by the
rule set, only the facts of each hand (card points, tricks, declarations) are chosen.
"""

import json

import pytest
from positions import new_hand, play

from belote import Hand, IllegalAction, Match, RecordError, RuleError
from belote.cards import hand_str
from belote.contract import SUIT, Contract
from belote.rules import CONFIGS, RULE_SETS
from belote.scoring import HandResult

HEARTS = Contract(SUIT, 2, 0)


def fact(cards, tricks=None, decl=None, belote=None, valat=None, bidders=0, contract=None,
         outright=None):
    sides = len(cards)
    tricks = tricks or ([4, 4] if sides == 2 else [3, 3, 2])
    contract = contract or Contract(SUIT, 2, bidders)
    return HandResult(sides, contract, bidders, list(cards), list(tricks),
                      list(decl or [0] * sides), list(belote or [0] * sides), valat, outright)


def scripted(match, *facts):
    """The next hands of ``match`` have these facts (scored by the match's rule set)."""
    queue = list(facts)
    real = type(match.rules).score

    def score(result):
        return real(match.rules, queue.pop(0))

    match.rules.score = score
    return queue


def play_hand(match):
    """Play the current hand to its end: the first bidder bids the lowest contract, everyone
    else passes; then the first legal card each time."""
    while match.phase in ("auction", "play"):
        actions = match.legal_actions()
        if match.phase == "auction":
            words = match.hand.auction.words
            action = actions[1] if not words and actions[0] == "pass" else actions[0]
            if words and "pass" in actions:
                action = "pass"
        else:
            action = next(a for a in actions if not a.startswith("declare") and a != "out")
        match.apply(action)


def play_hands(match, k):
    for _ in range(k):
        if match.phase == "hand-over":
            match.apply("next")
        play_hand(match)


# --- end of the match -----------------------------------------------------------------------

def test_bulgarian_match_ends_when_a_team_reaches_151():
    # docs/rules.md §2 End: the match ends after a hand in which a team reaches 151.
    m = Match("bulgarian", seed=1)
    scripted(m, *[fact([152, 10], [7, 1])] * 11)   # 15 and 1 game points a hand
    play_hands(m, 10)
    assert m.totals == [150, 10] and m.winner is None and m.phase == "hand-over"
    play_hands(m, 1)
    assert m.totals == [165, 11] and m.winner == 0 and m.phase == "match-over"
    assert m.legal_actions() == []
    with pytest.raises(IllegalAction):
        m.apply("next")


@pytest.mark.parametrize("rules,target", [("bulgarian", 151), ("french", 501),
                                          ("coinche", 1000), ("bela", 1001),
                                          ("classic", 1000)])
def test_default_targets(rules, target):
    # docs/rules.md §2-§6 headings: to 151, 501, 1000, 1001, 1000.
    assert Match(rules, 4, seed=0).rules.target == target


def test_target_is_an_option():
    # docs/rules.md: options may be changed in the settings.
    m = Match("french", options={"target": 301}, seed=0)
    assert m.rules.target == 301 and m.view(0)["target"] == 301


def test_unknown_rule_set_or_option_rejected():
    with pytest.raises(RuleError, match="unknown rule set"):
        Match("whist")
    with pytest.raises(RuleError, match="unknown option"):
        Match("bela", options={"undertrump": True})
    with pytest.raises(RuleError):
        Match("bulgarian", players=3)


def test_a_rule_set_says_which_option_values_it_takes():
    """RuleSet.option_error: what the page checks a setting with, and what a match refuses."""
    french = RULE_SETS["french"]
    assert french.defaults() == {"target": 501, "undertrump": True}
    assert french.option_error("undertrump", False) is None
    assert french.option_error("target", 301) is None
    assert "true or false" in french.option_error("undertrump", 1)
    assert "positive whole number" in french.option_error("target", 0)
    assert "positive whole number" in french.option_error("target", True)
    assert "unknown option" in RULE_SETS["bela"].option_error("undertrump", True)
    with pytest.raises(RuleError, match="true or false"):
        Match("french", options={"undertrump": "no"})


def test_both_reach_the_higher_wins():
    # docs/rules.md §2 End: if both do, the higher total wins.
    m = Match("bulgarian", seed=2)
    m.totals = [145, 145]
    scripted(m, fact([102, 60]))  # 10 and 6
    play_hand(m)
    assert m.totals == [155, 151] and m.winner == 0


def test_both_reach_equal_play_on():
    # docs/rules.md §2 End: if equal, play on.
    m = Match("bulgarian", seed=3)
    m.totals = [143, 143]
    scripted(m, fact([82, 80]), fact([102, 60]))  # 8 and 8, then 10 and 6
    play_hand(m)
    assert m.totals == [151, 151] and m.winner is None and m.phase == "hand-over"
    play_hands(m, 1)
    assert m.winner == 0


def test_bulgarian_valat_cannot_end_the_match():
    # docs/rules.md §2 End: a hand won by valat cannot end the match: another hand is played.
    m = Match("bulgarian", seed=4)
    m.totals = [140, 0]
    scripted(m, fact([162, 0], [8, 0], valat=0), fact([60, 102], bidders=1))
    play_hand(m)
    assert m.totals == [165, 0] and m.winner is None
    play_hands(m, 1)
    assert m.winner == 0  # still the only team past 151 after the next hand


def test_bulgarian_hanging_hand_cannot_end_the_match():
    # docs/rules.md §2 End: a hand that leaves points hanging cannot end the match.
    m = Match("bulgarian", seed=5)
    m.totals = [0, 145]
    scripted(m, fact([81, 81]), fact([102, 60]))
    play_hand(m)
    assert m.totals == [0, 153] and m.winner is None
    play_hands(m, 1)
    # The next hand's winner (team 0) takes the 8 hanging points; team 1 has 159 and wins.
    assert m.totals == [18, 159] and m.winner == 1


def test_bulgarian_hanging_points_go_to_the_next_hands_winner():
    # docs/rules.md §2 Who scores: equal: the bidders' points hang and go to the team that wins
    # the next hand (here the other team).
    m = Match("bulgarian", seed=6)
    scripted(m, fact([81, 81]), fact([60, 102], bidders=1))
    play_hand(m)
    assert m.totals == [0, 8] and m.view(0)["hanging"] == 8
    play_hands(m, 1)
    assert m.totals == [6, 8 + 10 + 8] and m.view(0)["hanging"] == 0


def test_hanging_points_wait_while_the_next_hand_is_even():
    # docs/rules.md §2: the points go to the team that wins the next hand; a hand both teams gain
    # equally from (engine reading: no winner) keeps them hanging for the one after.
    m = Match("bulgarian", seed=7)
    scripted(m, fact([81, 81]), fact([82, 80]), fact([102, 60]))
    play_hands(m, 2)
    assert m.totals == [8, 16] and m.view(0)["hanging"] == 8
    play_hands(m, 1)
    assert m.totals == [8 + 10 + 8, 16 + 6]


def test_hanging_points_wait_over_a_thrown_in_hand():
    # docs/rules.md §1 Direction / §2: a hand thrown in is no winner; the points still hang.
    m = Match("bulgarian", seed=8)
    scripted(m, fact([81, 81]), fact([102, 60]))
    play_hand(m)
    m.apply("next")
    for _ in range(4):
        m.apply("pass")
    assert m.hand.over and m.hand.contract is None and m.view(0)["hanging"] == 8
    play_hands(m, 1)
    assert m.totals == [8 + 10, 8 + 6]


def test_bulgarian_doubled_tie_hangs_the_whole_hand():
    # docs/rules.md §2 Doubled hand: a tie leaves all the hand's points hanging.
    m = Match("bulgarian", seed=9)
    doubled = Contract(SUIT, 2, 0, 0, 2)
    scripted(m, fact([81, 81], contract=doubled), fact([60, 102], bidders=1))
    play_hand(m)
    assert m.totals == [0, 0] and m.view(0)["hanging"] == 32
    play_hands(m, 1)
    assert m.totals == [6, 10 + 32]


def test_french_litige_goes_to_the_next_hands_winner():
    # docs/rules.md §3 Scoring: litige: the takers' points hang and go to the winner of the next
    # hand.
    m = Match("french", seed=10)
    scripted(m, fact([81, 81]), fact([100, 62]))
    play_hand(m)
    assert m.totals == [0, 81]
    play_hands(m, 1)
    assert m.totals == [100 + 81, 81 + 62]


def test_french_first_to_501_even_after_a_litige():
    # docs/rules.md §3 End: first to 501 after a hand. Only Bulgarian (§2 End) forbids a hand that
    # leaves points hanging to end the match.
    m = Match("french", seed=11)
    m.totals = [0, 450]
    scripted(m, fact([81, 81]))
    play_hand(m)
    assert m.totals == [0, 531] and m.winner == 1


@pytest.mark.parametrize("rules,target", [("french", 501), ("coinche", 1000),
                                          ("bela", 1001)])
def test_first_to_target_wins(rules, target):
    # docs/rules.md §3-§5 End: first to the target after a hand.
    m = Match(rules, seed=12)
    m.totals = [target - 100, 0]
    contract = Contract(SUIT, 2, 0, 80) if rules == "coinche" else None
    scripted(m, fact([102, 60], contract=contract))
    play_hand(m)
    assert m.winner == 0


@pytest.mark.parametrize("rules", ["french", "coinche", "bela", "classic"])
def test_both_past_target_higher_wins_tie_plays_on(rules):
    # docs/rules.md §3-§6 End: both reach the target: the higher wins; tie: play on.
    contract = Contract(SUIT, 2, 0, 80) if rules == "coinche" else None
    hand_fact = fact([100, 62], contract=contract)
    gains = Match(rules, seed=13).rules.score(hand_fact).score
    m = Match(rules, seed=13)
    target = m.rules.target
    m.totals = [target - gains[0], target + 5 - gains[1]]
    scripted(m, hand_fact)
    play_hand(m)
    assert m.totals == [target, target + 5] and m.winner == 1
    m = Match(rules, seed=13)
    m.totals = [target - gains[0], target - gains[1]]
    scripted(m, hand_fact)
    play_hand(m)
    assert m.totals == [target, target] and m.winner is None and m.phase == "hand-over"


def test_bela_eight_of_a_suit_wins_the_match_outright():
    # docs/rules.md §5 Declarations: all 8 of a suit ("belot") wins the match outright.
    m = Match("bela", seed=14)
    scripted(m, fact([60, 102], outright=0))
    play_hand(m)
    assert m.winner == 0 and m.totals[0] < m.totals[1]


def test_classic_several_beat_the_taker_next_hand_decides_among_them():
    # docs/rules.md §6 Scoring: if several beat the taker, the one with more points in the next
    # hand takes them (seat 0 gains most next hand, but only seats 1 and 2 may take them).
    m = Match("classic", 3, seed=15)
    scripted(m, fact([40, 61, 61]), fact([100, 30, 32], bidders=0))
    play_hand(m)
    assert m.totals == [0, 61, 61]
    play_hands(m, 1)
    assert m.totals == [100, 91, 61 + 32 + 40]


def test_classic_tie_with_the_taker_pending_between_the_two():
    # docs/rules.md §6: a tie between the taker and another leaves the taker's points pending
    # until the next hand, where the one of the two with more points takes them.
    m = Match("classic", 3, seed=16)
    scripted(m, fact([60, 60, 42]), fact([30, 32, 100], bidders=2))
    play_hand(m)
    assert m.totals == [0, 60, 42]
    play_hands(m, 1)
    assert m.totals == [30, 60 + 32 + 60, 142]


def test_classic_each_pending_pot_goes_to_the_most_points_in_the_next_hand():
    # docs/rules.md §6 Scoring: pending points go to the one (among those who may take them) with
    # more points in the next hand; a pot taken in that hand does not count as its points.
    m = Match("classic", 3, seed=16)
    scripted(m, fact([60, 60, 42]), fact([40, 40, 40], bidders=2), fact([6, 5, 7], bidders=2))
    play_hand(m)  # seat 0 took and tied seat 1: 60 pending between seats 0 and 1
    play_hands(m, 1)  # seat 2 took and tied both: 40 pending among all three; the 60 waits
    assert m.totals == [40, 100, 42] and m.view(0)["hanging"] == 100
    play_hands(m, 1)  # hand points 6, 5, 7: seat 0 beats seat 1 for the 60, seat 2 has most
    assert m.totals == [40 + 6 + 60, 100 + 5, 42 + 7 + 40] and m.view(0)["hanging"] == 0


def test_classic_highest_total_wins_after_1000():
    # docs/rules.md §6 End: after a hand in which one or more reach 1000, the highest total wins.
    m = Match("classic", 3, seed=17)
    m.totals = [950, 980, 0]
    scripted(m, fact([70, 50, 42]))
    play_hand(m)
    assert m.totals == [1020, 1030, 42] and m.winner == 1


# --- Classic "I'm out" (docs/rules.md §6) --------------------------------------------------------

def out_hand(match, players):
    """Put a prepared Classic hand in ``match``: seat 0 holds all the hearts and takes."""
    if players == 2:
        hands = ["7H 8H 9H TH JH QH KH AH", "7C 8C TD AC KD 7S 9S JS"]
    elif players == 3:
        hands = ["7H 8H 9H TH JH QH KH AH", "7C 8C TD AC KD 7S 9S JS",
                 "9C TC JD AD QS KS 8D QC"]
    else:
        hands = ["7H 8H 9H TH JH QH KH AH", "7C TC KC 9D QD 8S JS AS",
                 "8C JC AC 7D TD KD 9S QS", "9C QC 8D JD AD 7S TS KS"]
    dealer = players - 1
    match.hand = new_hand("classic", hands, dealer, [], players=players, turned="JH", taker=0)
    match.apply("take")
    for card in {2: "8H AC", 3: "8H AC 9C", 4: "8H TC 8C 9C"}[players].split():
        match.apply(card)
    assert match.hand.turn == 0 and "out" in match.hand.legal_actions()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_out_right_claimant_wins(players):
    # docs/rules.md §6: if the claim is right, that player (team) wins the match. Seat 0 has won a
    # trick worth 11 or 10; 990 + that reaches 1000.
    m = Match("classic", players, seed=18)
    m.totals = [990] + [0] * (m.rules.sides - 1)
    out_hand(m, players)
    m.apply("out")
    assert m.winner == 0 and m.phase == "match-over"


def test_out_counts_declarations_and_won_cards_not_unfinished_belote():
    # docs/rules.md §6: the claim is judged on the side's points so far (cards won, accepted
    # declarations, belote when both cards have been played).
    m = Match("classic", 2, seed=19)
    m.totals = [989, 0]
    out_hand(m, 2)
    m.apply("out")  # 11 points: 1000 reached
    assert m.winner == 0
    m = Match("classic", 2, seed=19)
    m.totals = [990 - 1, 0]
    out_hand(m, 2)
    assert m.hand.claim_points(0) == 11


def test_out_wrong_two_players_the_other_wins():
    # docs/rules.md §6: wrong: with 2 players the other wins.
    m = Match("classic", 2, seed=20)
    m.totals = [900, 0]
    out_hand(m, 2)
    m.apply("out")
    assert m.winner == 1


def test_out_wrong_four_players_the_other_team_wins():
    # docs/rules.md §6: wrong: with 4 the other team wins.
    m = Match("classic", 4, seed=21)
    m.totals = [900, 0]
    out_hand(m, 4)
    m.apply("out")
    assert m.winner == 1


def test_out_wrong_three_players_match_goes_on_without_the_claimant():
    # docs/rules.md §6: wrong: with 3 the match goes on among the other two. Engine reading: the
    # claimant's seat still plays, but can no longer win the match.
    m = Match("classic", 3, seed=22)
    m.totals = [900, 0, 0]
    out_hand(m, 3)
    m.apply("out")
    assert m.winner is None and m.losers == [0] and m.phase == "hand-over"
    m.apply("next")
    m.totals = [2000, 990, 900]
    scripted(m, fact([40, 70, 52], bidders=1))
    play_hand(m)
    assert m.winner == 1


def test_out_wrong_three_players_no_second_claim():
    # docs/rules.md §6: with 3 players a wrong claim loses the match for the claimant; the match
    # goes on among the other two, so the claimant cannot claim (and win) later.
    m = Match("classic", 3, seed=34)
    m.totals = [900, 0, 0]
    out_hand(m, 3)
    m.apply("out")
    m.apply("next")
    m.totals = [995, 0, 0]
    out_hand(m, 3)
    assert "out" in m.hand.legal_actions()
    assert "out" not in m.legal_actions()
    assert m.why_illegal("out")
    with pytest.raises(IllegalAction):
        m.apply("out")


# --- views and saving (docs/engine.md, docs/records.md) --------------------------------------

def test_view_shows_only_what_the_seat_may_see():
    # docs/bots.md: a bot sees only what its seat may see (its view), never the other hands.
    m = Match("coinche", seed=23)
    v = m.view(1)
    assert v["hand"] == hand_str(m.hand.hands[1]).split()
    assert v["hand_sizes"] == [8, 8, 8, 8]
    assert all(card not in json.dumps(v) for card in hand_str(m.hand.hands[2]).split())
    assert v["legal"] == (m.legal_actions() if m.turn == 1 else [])


def test_view_hides_declarations_until_the_first_trick():
    # docs/rules.md §2 Declarations: announced with the first card, shown after the first trick.
    m = Match.of_hand(new_hand("bulgarian", ["7H 8H 9H TH JH QH KH AH", "7C TC KC 9D QD 8S JS AS",
                                             "8C JC AC 7D TD KD 9S QS", "9C QC 8D JD AD 7S TS KS"],
                               3, ["hearts", "pass", "pass", "pass"]))
    m.apply("declare tierce 7H 8H 9H")
    m.apply("7H")
    tierce = {"kind": "tierce", "cards": "7H 8H 9H", "points": 20}
    assert m.view(1)["declared"][0] == [] and m.view(1)["announced"][0] == ["tierce"]
    assert m.view(0)["declared"][0] == [tierce]
    play(m.hand, "7C 8C 9C")
    assert m.view(1)["declared"][0] == [tierce]


def test_view_hides_running_points_in_classic():
    # docs/rules.md §6: while the hand is in play the running card points are not shown.
    assert Match("classic", 2, seed=25).view(0)["card_points"] is None
    assert Match("french", seed=25).view(0)["card_points"] == [0, 0]


@pytest.mark.parametrize("rules,players", CONFIGS)
def test_a_hand_is_viewed_as_the_first_hand_of_a_match(rules, players):
    """A hand's own view (Hand.view) is its match's while the match's first hand is played, at
    every step and for every seat; Match.of_hand gives a match of a hand dealt elsewhere, which
    views, plays and scores as that match does."""
    m = Match(rules, players, seed=28)
    elsewhere = Match.of_hand(Hand(m.rules, m.hand.dealer, m.hand.deck))
    while m.phase in ("auction", "play"):
        for seat in range(players):
            assert m.view(seat) == m.hand.view(seat) == elsewhere.view(seat)
        action = next(a for a in m.legal_actions() if a != "out")
        assert m.apply(action) == elsewhere.apply(action)
    assert [m.view(s) for s in range(players)] == [elsewhere.view(s) for s in range(players)]
    assert m.view(0)["sheet"] and not m.hand.view(0)["sheet"]  # the hand's line is the match's


def test_classic_view_shows_the_stock_card_and_turned_card():
    # docs/rules.md §6 Deal: the turned card, and the stock's last card for all to see.
    m = Match("classic", 2, seed=26)
    assert m.view(1)["turned"] is not None
    m.apply("take")
    assert m.view(1)["stock_card"] == m.view(0)["stock_card"] is not None


def test_save_and_restore_gives_the_same_match():
    # docs/records.md: Match.to_dict() / from_dict() rebuild the match by replaying.
    m = Match("bulgarian", seed=27)
    play_hands(m, 3)
    m.apply("next")
    m.apply(m.legal_actions()[0])
    data = json.loads(json.dumps(m.to_dict()))
    again = Match.from_dict(data)
    for seat in range(4):
        assert again.view(seat) == m.view(seat)
    assert again.totals == m.totals and again.sheet == m.sheet


def test_restore_refuses_a_hand_not_dealt_from_the_seed():
    m = Match("french", seed=28)
    data = m.to_dict()
    data["hands"][0]["deck"] = list(reversed(data["hands"][0]["deck"]))
    with pytest.raises(RecordError, match="seed"):
        Match.from_dict(data)


@pytest.mark.parametrize("data", [None, [], {}, {"hands": []}, {"rules": "nope", "hands": [{}]},
                                  {"rules": "bela", "seed": 1, "hands": [{"dealer": 0}]}])
def test_restore_refuses_bad_saves(data):
    # docs/saves.md: a save that is unreadable never breaks the page (RecordError).
    with pytest.raises(RecordError):
        Match.from_dict(data)


@pytest.mark.parametrize("entry", [1, None, [], "hand"])
def test_restore_refuses_hand_entries_that_are_not_records(entry):
    # docs/saves.md: an internally inconsistent save raises RecordError, no crash.
    data = Match("bela", seed=31).to_dict()
    data["hands"] = [entry]
    with pytest.raises(RecordError, match="hand 1"):
        Match.from_dict(data)


def test_restore_refuses_a_hand_of_other_rules():
    # docs/records.md: every hand of a match is played by the match's rules.
    data = Match("bela", seed=32).to_dict()
    data["hands"][0]["rules"] = "bulgarian"
    with pytest.raises(RecordError, match="rules"):
        Match.from_dict(data)
    data = Match("coinche", seed=33).to_dict()
    data["hands"][0]["options"] = {"undertrump": True}
    with pytest.raises(RecordError, match="rules"):
        Match.from_dict(data)


def test_deals_depend_on_the_seed_only():
    # docs/cli.md selfplay: the deals depend only on rules, players, seed and hand index.
    a, b = Match("bela", seed=29), Match("bela", seed=29)
    assert a.hand.deck == b.hand.deck and a.hand.dealer == b.hand.dealer
    assert Match("bela", seed=30).hand.deck != a.hand.deck


def _scribble(value):
    """Change every list and dict inside ``value``, in place."""
    if isinstance(value, dict):
        for v in value.values():
            _scribble(v)
        value["scribbled"] = True
    elif isinstance(value, list):
        for v in value:
            _scribble(v)
        value.append("scribbled")


@pytest.mark.parametrize("rules, players", [("bulgarian", 4), ("classic", 3), ("classic", 2)])
def test_a_view_is_a_copy(rules, players):
    """Whatever a reader does to a view (the page, a bot), the match is unchanged: the next view
    is the same as before, the sheet, an "I'm out" and the hand's score included."""
    import copy
    import random

    m = Match(rules, players, {"target": 300}, seed=5)
    rng = random.Random(2)
    for _ in range(600):
        if m.phase == "match-over":
            break
        for seat in range(players):
            before = copy.deepcopy(m.view(seat))
            _scribble(m.view(seat))
            assert m.view(seat) == before
        m.apply(rng.choice(m.legal_actions()))
    assert m.sheet and any("out" in e for e in m.sheet) == (rules == "classic")
