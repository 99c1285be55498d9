"""Scoring a hand from its facts, per rule set (docs/rules.md §2-§6 Scoring / Hand points / Game
points / Rounding). Facts are given per side as a HandResult; side 0 is the bidders unless said.
"""

import pytest

from belote import get_rules
from belote.contract import ALL_TRUMPS, NO_TRUMPS, SUIT, Contract
from belote.rules.bulgarian import divide_by_ten, round_pair
from belote.rules.coinche import round_half_down_to_ten
from belote.scoring import HandResult, HandScore

HEARTS = Contract(SUIT, 2, 0)


def result(cards, tricks=None, decl=None, belote=None, valat=None, contract=HEARTS,
           bidders=0, outright=None):
    sides = len(cards)
    if tricks is None:
        tricks = [4] * sides if sides == 2 else [3, 3, 2][:sides]
    return HandResult(sides, contract, bidders, list(cards), list(tricks),
                      list(decl or [0] * sides), list(belote or [0] * sides), valat, outright)


def score(rules, *args, players=4, **kwargs) -> HandScore:
    return get_rules(rules, players).score(result(*args, **kwargs))


# --- rounding helpers -----------------------------------------------------------------------

@pytest.mark.parametrize("points,rounded", [(82, 80), (85, 80), (86, 90), (80, 80), (0, 0),
                                            (155, 150), (156, 160), (250, 250)])
def test_coinche_round_to_nearest_ten_five_down(points, rounded):
    # docs/rules.md §4 "Rounding": to the nearest ten, a 5 rounding down (82 -> 80, 85 -> 80,
    # 86 -> 90).
    assert round_half_down_to_ten(points) == rounded


@pytest.mark.parametrize("points,up_from,tens", [(86, 6, 9), (85, 6, 8), (85, 5, 9),
                                                 (84, 5, 8), (90, 6, 9), (0, 6, 0)])
def test_bulgarian_divide_by_ten(points, up_from, tens):
    # docs/rules.md §2 Game points: suit 6 or more rounds up; all-trumps and no-trumps 5 or more.
    assert divide_by_ten(points, up_from) == tens


def test_bulgarian_pair_both_end_in_six_example():
    # docs/rules.md §2 Game points: 56 and 106 count 6 and 10.
    assert round_pair(56, 106, 6, 6) == (6, 10)
    assert round_pair(106, 56, 6, 6) == (10, 6)


def test_bulgarian_pair_equal_both_round_down():
    # docs/rules.md §2 Game points: when the two are equal, both round down.
    assert round_pair(86, 86, 6, 6) == (8, 8)


# --- Bulgarian (docs/rules.md §2) ----------------------------------------------------------------

def test_bulgarian_made_each_team_scores_its_own():
    # docs/rules.md §2 Who scores: bidders more than the others: each team scores its own.
    s = score("bulgarian", [102, 60])
    assert s.made and s.score == [10, 6] and s.raw == [102, 60] and s.hanging == [0, 0]


def test_bulgarian_suit_six_rounds_up_five_down():
    # docs/rules.md §2 Game points: suit contract: a last digit of 6 or more rounds up.
    assert score("bulgarian", [85, 77]).score == [8, 8]
    assert score("bulgarian", [87, 75]).score == [9, 7]


def test_bulgarian_worked_example_56_and_106():
    # docs/rules.md §2 Game points: both end in 6 in a suit contract: the lower up, the higher
    # down — 56 and 106 count 6 and 10.
    assert score("bulgarian", [106, 56]).score == [10, 6]


def test_bulgarian_both_end_in_six_lower_up_higher_down():
    # docs/rules.md §2 Game points: 96 and 66 count 9 and 7 (not 10 and 7).
    assert score("bulgarian", [96, 66]).score == [9, 7]


def test_bulgarian_all_trumps_five_rounds_up():
    # docs/rules.md §2 Game points: all-trumps: 5 or more rounds up (258 in the hand).
    at = Contract(ALL_TRUMPS, None, 0)
    assert score("bulgarian", [135, 123], contract=at).score == [14, 12]
    assert score("bulgarian", [138, 120], contract=at).score == [14, 12]


def test_bulgarian_all_trumps_both_end_in_four():
    # docs/rules.md §2 Game points: both end in 4 in all-trumps: the lower up, the higher down.
    at = Contract(ALL_TRUMPS, None, 0)
    assert score("bulgarian", [134, 124], contract=at).score == [13, 13]


def test_bulgarian_suit_both_end_in_four_round_on_their_own():
    # docs/rules.md §2 Game points: the "both end in" rule is 6 in a suit; 4 there rounds down.
    assert score("bulgarian", [84, 64], decl=[0, 0]).score == [8, 6]


def test_bulgarian_no_trumps_count_double():
    # docs/rules.md §2 Hand points: in no-trumps card points and last trick count double (260).
    nt = Contract(NO_TRUMPS, None, 0)
    s = score("bulgarian", [75, 55], contract=nt)
    assert s.raw == [150, 110] and s.score == [15, 11]
    assert score("bulgarian", [72, 58], contract=nt).score == [14, 12]


def test_bulgarian_valat_bonus_90():
    # docs/rules.md §2 Hand points: Valat: +90.
    s = score("bulgarian", [162, 0], tricks=[8, 0], valat=0)
    assert s.raw == [252, 0] and s.score == [25, 0] and s.valat


def test_bulgarian_valat_bonus_not_doubled_in_no_trumps():
    # docs/rules.md §2 Hand points: Valat: +90 (not doubled in no-trumps): 260 + 90.
    nt = Contract(NO_TRUMPS, None, 0)
    s = score("bulgarian", [130, 0], tricks=[8, 0], valat=0, contract=nt)
    assert s.raw == [350, 0] and s.score == [35, 0]


def test_bulgarian_declarations_and_belote_added_to_their_team():
    # docs/rules.md §2 Hand points: add each team's declarations and belots.
    s = score("bulgarian", [80, 82], decl=[50, 0], belote=[0, 20])
    assert s.raw == [130, 102] and s.score == [13, 10]


def test_bulgarian_inside_other_team_scores_everything():
    # docs/rules.md §2 Who scores: fewer: the bidders are "inside": the other team scores all the
    # points of the hand, the bidders' declarations included; the bidders nothing.
    s = score("bulgarian", [56, 106], decl=[20, 0])
    assert not s.made and s.raw == [76, 106]
    # Rounded once: 182 -> 18 (rounding 76 and 106 apart would give 8 + 11 = 19).
    assert s.score == [0, 18]


def test_bulgarian_equal_bidders_points_hang():
    # docs/rules.md §2 Who scores: equal: the other team scores its own, and the bidders' points
    # hang. Both 106: equal totals both round down (10, not 11).
    s = score("bulgarian", [56, 106], decl=[50, 0])
    assert s.raw == [106, 106]
    assert s.score == [0, 10] and s.hanging == [10, 0] and not s.made


def test_bulgarian_hanging_hand_cannot_end_the_match():
    # docs/rules.md §2 End: a hand that leaves points hanging cannot end the match.
    assert not score("bulgarian", [81, 81]).can_end_match
    assert score("bulgarian", [82, 80]).can_end_match


def test_bulgarian_valat_cannot_end_the_match():
    # docs/rules.md §2 End: a hand won by valat cannot end the match.
    assert not score("bulgarian", [162, 0], tricks=[8, 0], valat=0).can_end_match


@pytest.mark.parametrize("mult", [2, 4])
def test_bulgarian_doubled_winner_scores_whole_hand(mult):
    # docs/rules.md §2 Doubled hand: the team with more points scores the whole hand x 2, or x 4
    # redoubled; the other scores nothing. The total is rounded once: 162 -> 16.
    doubled = Contract(SUIT, 2, 0, 0, mult)
    s = score("bulgarian", [100, 62], contract=doubled)
    assert s.score == [16 * mult, 0]


def test_bulgarian_doubled_defenders_with_more_score_whole_hand():
    # docs/rules.md §2 Doubled hand: the team with more points, whichever it is.
    doubled = Contract(SUIT, 2, 0, 0, 2)
    assert score("bulgarian", [60, 102], contract=doubled).score == [0, 32]


def test_bulgarian_doubled_declarations_decide_who_has_more():
    # docs/rules.md §2 Doubled hand: points include declarations and belots (202 -> 20, x 2).
    doubled = Contract(SUIT, 2, 0, 0, 2)
    s = score("bulgarian", [62, 100], decl=[20, 0], belote=[20, 0], contract=doubled)
    assert s.raw == [102, 100]
    assert s.score == [40, 0]


def test_bulgarian_doubled_whole_hand_includes_everything():
    # docs/rules.md §2 Doubled hand: cards, declarations, belots, valat, x 2.
    doubled = Contract(SUIT, 2, 1, 0, 2)
    s = score("bulgarian", [0, 162], tricks=[0, 8], decl=[0, 50], belote=[20, 0], valat=1,
              contract=doubled, bidders=1)
    assert s.score == [0, (162 + 50 + 20 + 90) // 10 * 2]


def test_bulgarian_doubled_tie_all_points_hang():
    # docs/rules.md §2 Doubled hand: a tie leaves all the hand's points hanging.
    doubled = Contract(SUIT, 2, 0, 0, 2)
    s = score("bulgarian", [81, 81], contract=doubled)
    assert s.score == [0, 0] and sum(s.hanging) == 32 and not s.can_end_match


# --- French (docs/rules.md §3 Scoring) -----------------------------------------------------------

def test_french_made_points_kept_exactly():
    # docs/rules.md §3 Scoring: points kept exactly (no dividing).
    s = score("french", [97, 65], decl=[20, 0], belote=[0, 20])
    assert s.made and s.score == [117, 85]


def test_french_belote_counts_for_the_takers_total():
    # docs/rules.md §3: the takers must score more than the defenders, belote included.
    s = score("french", [75, 87], belote=[20, 0])
    assert s.made and s.score == [95, 87]


def test_french_dedans():
    # docs/rules.md §3: fewer: "dedans": the defenders score 162 plus all declarations, the takers
    # keep only their belote.
    s = score("french", [50, 112], decl=[20, 0], belote=[20, 0])
    assert not s.made and s.raw == [90, 112]
    assert s.score == [20, 162 + 20]


def test_french_litige_takers_points_hang():
    # docs/rules.md §3: tie ("litige"): the defenders score their own points; the takers' points
    # hang (they go to the winner of the next hand).
    s = score("french", [71, 91], belote=[20, 0])
    assert s.raw == [91, 91] and s.score == [0, 91] and s.hanging == [91, 0]
    # docs/rules.md §3 End: unlike Bulgarian (§2 End), a litige hand may end the match.
    assert s.can_end_match


def test_french_capot():
    # docs/rules.md §3: Capot: +90 (252 in all).
    s = score("french", [162, 0], tricks=[8, 0], valat=0)
    assert s.score == [252, 0]


def test_french_capot_by_defenders_is_dedans():
    # docs/rules.md §3: the defenders take every trick: 252, and the takers are dedans.
    s = score("french", [0, 162], tricks=[0, 8], valat=1, decl=[0, 50])
    assert s.score == [0, 252 + 50]


# --- Coinche (docs/rules.md §4) ------------------------------------------------------------------

def bid(level, mult=1):
    return Contract(SUIT, 2, 0, level, mult)


def test_coinche_made_points_plus_bid():
    # docs/rules.md §4 Made: the bidders score their points plus the bid, the defenders their own
    # (card points rounded: 102 -> 100, 60 -> 60).
    s = score("coinche", [102, 60], contract=bid(80))
    assert s.made and s.score == [180, 60]


def test_coinche_rounding_applies_to_card_points():
    # docs/rules.md §4 Rounding: 82 -> 80 (and 80 stays), 85 -> 80, 86 -> 90.
    assert score("coinche", [82, 80], contract=bid(80)).score == [160, 80]
    assert score("coinche", [85, 77], contract=bid(80)).score == [160, 80]
    assert score("coinche", [86, 76], contract=bid(80)).score == [170, 80]


def test_coinche_needs_82_card_points():
    # docs/rules.md §4 Made: at least 82 card points, whatever the declarations and belote.
    s = score("coinche", [81, 81], belote=[20, 0], contract=bid(80))
    assert not s.made
    assert s.score == [20, 160 + 80]


def test_coinche_must_reach_the_bid():
    # docs/rules.md §4 Made: card points + declarations + belote reach the bid.
    assert not score("coinche", [100, 62], contract=bid(110)).made
    s = score("coinche", [100, 62], decl=[20, 0], contract=bid(110))
    assert s.made and s.score == [100 + 20 + 110, 60]
    assert score("coinche", [100, 62], belote=[20, 0], contract=bid(120)).made


def test_coinche_failed_defenders_score_160_bid_and_every_declaration():
    # docs/rules.md §4 Failed: the defenders score 160 + the bid + every declaration that counted
    # (either team's); the bidders keep only their belote.
    s = score("coinche", [90, 72], decl=[20, 0], belote=[20, 0], contract=bid(140))
    assert not s.made
    assert s.score == [20, 160 + 140 + 20]


def test_coinche_capot_counts_250_for_the_cards():
    # docs/rules.md §4 Capot: a team taking every trick counts 250 for its cards instead of 162.
    s = score("coinche", [162, 0], tricks=[8, 0], valat=0, contract=bid(80))
    assert s.score == [250 + 80, 0]


def test_coinche_capot_bid_made_is_worth_500_in_all():
    # docs/rules.md §4 Capot: a capot bid is worth 500 in all (250 in cards + 250 for the bid), not
    # 500 on top of the cards.
    s = score("coinche", [162, 0], tricks=[8, 0], valat=0, contract=bid(500))
    assert s.made and s.score == [500, 0]


def test_coinche_capot_bid_made_only_with_every_trick():
    # docs/rules.md §4 Made: a capot bid is made only by taking every trick; failed, it is still
    # worth 500 in all to the defenders (not 160 + 500).
    s = score("coinche", [152, 10], tricks=[7, 1], contract=bid(500))
    assert not s.made and s.score == [0, 500]


def test_coinche_capot_bid_adds_the_declarations_that_count_to_the_winner():
    # docs/rules.md §4 Capot: plus the declarations that count: to the bidders when they take every
    # trick, otherwise to the defenders; belote stays with its team.
    s = score("coinche", [162, 0], tricks=[8, 0], valat=0, decl=[100, 0], belote=[20, 0],
              contract=bid(500))
    assert s.score == [500 + 100 + 20, 0]
    s = score("coinche", [140, 22], tricks=[7, 1], decl=[50, 0], belote=[0, 20],
              contract=bid(500))
    assert s.score == [0, 500 + 50 + 20]


@pytest.mark.parametrize("mult,made,expected", [(2, True, [1000, 0]), (4, True, [2000, 0]),
                                                (2, False, [0, 1000]), (4, False, [0, 2000])])
def test_coinche_capot_bid_coinched_and_surcoinched(mult, made, expected):
    # docs/rules.md §4 Capot: x 2 / x 4 after a coinche / surcoinche: a redoubled failed capot is
    # 2,000 (not (160 + 500) x 4).
    if made:
        s = score("coinche", [162, 0], tricks=[8, 0], valat=0, contract=bid(500, mult))
    else:
        s = score("coinche", [152, 10], tricks=[7, 1], contract=bid(500, mult))
    assert s.made == made and s.score == expected


@pytest.mark.parametrize("mult", [2, 4])
def test_coinche_multiplies_the_winners_score_not_the_belote(mult):
    # docs/rules.md §4 Coinche: the score of the team that wins the contract is x 2 (x 4 after
    # surcoinche); belote is never multiplied. docs/rules.md does not say what the losing team of a
    # coinched contract scores; engine reading (the usual Coinche rule, and web/help): only
    # its belote.
    s = score("coinche", [102, 60], belote=[20, 0], contract=bid(80, mult))
    assert s.made and s.score == [(100 + 80) * mult + 20, 0]


@pytest.mark.parametrize("mult", [2, 4])
def test_coinche_failed_coinched_contract(mult):
    # docs/rules.md §4 Coinche: the defenders win the contract: their score is multiplied, their
    # belote is not.
    s = score("coinche", [70, 92], belote=[0, 20], contract=bid(90, mult))
    assert not s.made and s.score == [0, (160 + 90) * mult + 20]


# --- Bela (docs/rules.md §5 Scoring) -------------------------------------------------------------

def test_bela_made_points_kept_exactly():
    # docs/rules.md §5 Scoring: points kept exactly; the namer scores more than half.
    s = score("bela", [100, 62], decl=[20, 0])
    assert s.made and s.score == [120, 62]


def test_bela_exact_half_falls():
    # docs/rules.md §5: otherwise, an exact half included, it "falls": the other team scores
    # everything.
    s = score("bela", [71, 91], decl=[20, 0])
    assert s.raw == [91, 91] and not s.made and s.score == [0, 182]


def test_bela_less_than_half_falls():
    # docs/rules.md §5: the namer must score more than half of cards + declarations that count.
    s = score("bela", [90, 72], decl=[0, 50])
    assert not s.made and s.score == [0, 212]


def test_bela_stiglja_bonus_90():
    # docs/rules.md §5: all eight tricks ("štiglja"): +90.
    s = score("bela", [162, 0], tricks=[8, 0], valat=0)
    assert s.score == [252, 0]


def test_bela_declarations_only_with_a_trick():
    # docs/rules.md §5: the better team scores its declarations only if it takes at least one trick.
    s = score("bela", [162, 0], tricks=[8, 0], valat=0, decl=[0, 50])
    assert s.declarations == [0, 0] and s.score == [252, 0]


def test_bela_team_without_a_trick_loses_its_bela():
    # docs/rules.md §5: a team that takes no trick loses its belas to the other team.
    s = score("bela", [162, 0], tricks=[8, 0], valat=0, belote=[0, 20])
    assert s.belote == [20, 0] and s.score == [272, 0]


def test_bela_eight_of_a_suit_reported_outright():
    # docs/rules.md §5: all 8 of a suit ("belot") wins the match outright.
    assert score("bela", [100, 62], outright=0).outright == 0


# --- Classic (docs/rules.md §6 Scoring) ----------------------------------------------------------

def test_classic_taker_above_everyone_each_scores_own():
    # docs/rules.md §6 Scoring: the taker must total more than every other.
    s = score("classic", [70, 50, 42], players=3)
    assert s.made and s.score == [70, 50, 42]


def test_classic_one_beats_taker_and_adds_taker_points():
    # docs/rules.md §6: otherwise the one who beat them adds the taker's points to their own.
    s = score("classic", [50, 70, 42], players=3)
    assert not s.made and s.score == [0, 120, 42]


def test_classic_several_beat_taker_points_pending_for_them():
    # docs/rules.md §6: if several beat the taker, the one with more points in the next hand takes
    # them.
    s = score("classic", [40, 61, 61], players=3)
    assert s.score == [0, 61, 61] and s.hanging == [40, 0, 0] and s.hanging_to == [1, 2]


def test_classic_tie_with_taker_pending_between_the_two():
    # docs/rules.md §6: a tie between the taker and another leaves the taker's points pending until
    # the next hand, where the one of the two with more points takes them.
    s = score("classic", [60, 60, 42], players=3)
    assert s.score == [0, 60, 42] and s.hanging == [60, 0, 0] and s.hanging_to == [0, 1]


def test_classic_two_players_other_beats_taker():
    # docs/rules.md §6: with two players the other takes the taker's points.
    s = score("classic", [70, 92], players=2)
    assert s.score == [0, 162]


def test_classic_capote_bonus_100():
    # docs/rules.md §6 Scoring: capote, leaving an opponent without a trick, 100 (engine reading:
    # the valat of §1, one side taking all eight tricks).
    s = score("classic", [162, 0], tricks=[8, 0], valat=0, players=2)
    assert s.score == [262, 0]


def test_classic_declarations_and_belote_count():
    # docs/rules.md §6 Scoring: accepted declarations; card points; prizes.
    s = score("classic", [80, 82], decl=[50, 0], belote=[0, 20], players=4)
    assert s.score == [130, 102] and s.made
