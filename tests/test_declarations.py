"""Declarations: finding them, the best use of each card, and comparing them per rule set
(docs/rules.md §1 Declarations; §2, §3, §5 Declarations)."""

import pytest
from positions import mask_of_str

from belote import get_rules


def found(hand, rules="french"):
    """The declarations the engine finds in ``hand``, as "kind cards" strings."""
    return sorted(str(d) for d in get_rules(rules).declarations_in(mask_of_str(hand)))


def values(hand, rules="french"):
    return sorted(d.value for d in get_rules(rules).declarations_in(mask_of_str(hand)))


# --- finding (docs/rules.md §1) ------------------------------------------------------------------

def test_tierce_is_worth_20():
    # docs/rules.md §1 Declarations: tierce (3 in sequence, same suit) 20.
    assert found("9H TH JH 7C 9D QS AS 8C") == ["tierce 9H TH JH"]
    assert values("9H TH JH 7C 9D QS AS 8C") == [20]


def test_quarte_is_worth_50():
    # docs/rules.md §1 Declarations: quarte (4) 50.
    assert found("JS QS KS AS 7C 9D TH 8H") == ["quarte JS QS KS AS"]
    assert values("JS QS KS AS 7C 9D TH 8H") == [50]


def test_quinte_is_worth_100():
    # docs/rules.md §1 Declarations: quinte (5) 100.
    assert found("7D 8D 9D TD JD AC KH QS") == ["quinte 7D 8D 9D TD JD"]
    assert values("7D 8D 9D TD JD AC KH QS") == [100]


def test_cards_of_different_suits_make_no_sequence():
    # docs/rules.md §1 Declarations: a sequence is in one suit.
    assert found("9H TD JH QS AC 7D 8S KC") == []


def test_sequence_order_ace_only_above_king():
    # docs/rules.md §1 Sequence order 7 8 9 T J Q K A: the ace stands only above the king, and a
    # sequence never wraps around.
    assert found("KH AH 7H 8S 9D TC QD JS") == []
    assert found("QC KC AC 8H TS 7D 9S JD") == ["tierce QC KC AC"]


def test_sequence_follows_sequence_order_not_trick_order():
    # docs/rules.md §1 Sequence order is for declarations, whatever the trick order: 9 T J in a row.
    assert found("9C TC JC 7D AS KH 8S QH") == ["tierce 9C TC JC"]


def test_two_sequences_in_one_hand():
    # docs/rules.md §1: each sequence is a declaration.
    assert found("7C 8C 9C QS KS AS 9H JD") == ["tierce 7C 8C 9C", "tierce QS KS AS"]


@pytest.mark.parametrize("rank,value", [("J", 200), ("9", 150), ("A", 100), ("T", 100),
                                        ("K", 100), ("Q", 100)])
def test_carre_values(rank, value):
    # docs/rules.md §1: four jacks 200, four nines 150, four aces, tens, kings or queens 100 each.
    hand = f"{rank}C {rank}D {rank}H {rank}S 7C 8D 7H 8S"
    assert values(hand) == [value]
    assert found(hand)[0].startswith("carre")


@pytest.mark.parametrize("rank", ["7", "8"])
def test_four_sevens_or_eights_are_nothing(rank):
    # docs/rules.md §1: four 8s or 7s nothing.
    hand = f"{rank}C {rank}D {rank}H {rank}S JC QD KH AS"
    assert found(hand) == []


def test_run_of_six_is_one_quinte_of_its_top_five():
    # docs/rules.md §1: a longer sequence than five is a quinte.
    assert found("7S 8S 9S TS JS QS AC KD") == ["quinte 8S 9S TS JS QS"]


def test_run_of_seven_is_a_quinte():
    # docs/rules.md §1: a longer sequence than five is a quinte.
    assert values("7S 8S 9S TS JS QS KS AC") == [100]


def test_run_of_eight_is_a_single_quinte_in_french():
    # docs/rules.md §1: a longer sequence than five is a quinte (only Bulgarian splits eight).
    assert values("7S 8S 9S TS JS QS KS AS", "french") == [100]


def test_bulgarian_run_of_six_or_seven_is_a_quinte():
    # docs/rules.md §1 (Bulgarian: 6 or 7 cards is a quinte).
    assert values("7S 8S 9S TS JS QS AC KD", "bulgarian") == [100]
    assert values("7S 8S 9S TS JS QS KS AC", "bulgarian") == [100]


def test_bulgarian_eight_cards_are_a_quinte_and_a_tierce():
    # docs/rules.md §1 (Bulgarian: all 8 cards are a quinte and a tierce).
    assert found("7S 8S 9S TS JS QS KS AS", "bulgarian") == \
        ["quinte TS JS QS KS AS", "tierce 7S 8S 9S"]


def test_bela_five_or_more_count_100_with_their_length():
    # docs/rules.md §5 Declarations: 5 or more 100 (the length compares, below).
    decls = get_rules("bela").declarations_in(mask_of_str("7S 8S 9S TS JS QS AC KD"))
    assert [(d.value, d.length) for d in decls] == [(100, 6)]


def test_bela_all_eight_of_a_suit_is_the_belot():
    # docs/rules.md §5 Declarations: all 8 of a suit ("belot") wins the match outright.
    assert found("7S 8S 9S TS JS QS KS AS", "bela")[0].startswith("belot")


# --- the best use of each card (docs/rules.md §1) ------------------------------------------------

def test_card_counts_in_one_declaration_only():
    # docs/rules.md §1: a card counts in one declaration only. JH serves the carré of jacks or the
    # quinte 9H-KH; the carré (200) is worth more than the quinte (100).
    assert found("JC JD JS JH 9H TH QH KH") == ["carre JC JD JH JS"]


def test_carre_and_rest_of_sequence_beat_the_long_sequence():
    # docs/rules.md §1: the holder's score is maximised. Carré of queens (100) + tierce 9H TH JH
    # (20) = 120 beats the quinte 9H-KH (100).
    assert found("QC QD QS QH 9H TH JH KH") == ["carre QC QD QH QS", "tierce 9H TH JH"]


def test_worthless_carre_leaves_the_sequence():
    # docs/rules.md §1: four 8s score nothing, so 8H stays in the quarte 7H-TH.
    assert found("8C 8D 8S 8H 7H 9H TH AC") == ["quarte 7H 8H 9H TH"]


def test_carre_with_sequence_in_another_suit():
    # docs/rules.md §1: disjoint declarations all count.
    assert values("AC AD AH AS 7S 8S 9S KD") == [20, 100]


# --- comparison: Bulgarian (docs/rules.md §2 Declarations) ---------------------------------------

def decls(hand, rules="bulgarian"):
    return get_rules(rules).declarations_in(mask_of_str(hand))


def counted(rules, hands, dealer=3):
    """Which declarations count when each seat declares all it holds: per seat, strings."""
    declared = [decls(h, rules) if h else [] for h in hands]
    out = get_rules(rules).resolve_declarations(declared, dealer)
    return [sorted(str(d) for d in ds) for ds in out]


def test_bulgarian_sequences_and_carres_compared_separately():
    # docs/rules.md §2: sequences and carrés are compared separately. Seat 0 has the best sequence
    # (quinte), seat 1 the only carré: both score.
    got = counted("bulgarian", ["7D 8D 9D TD JD", "KC KD KH KS", "", ""])
    assert got[0] == ["quinte 7D 8D 9D TD JD"]
    assert got[1] == ["carre KC KD KH KS"]


def test_bulgarian_longer_sequence_beats_shorter():
    # docs/rules.md §2: longer beats shorter, whatever the top card.
    got = counted("bulgarian", ["7D 8D 9D TD", "QS KS AS", "", ""])
    assert got == [["quarte 7D 8D 9D TD"], [], [], []]


def test_bulgarian_equal_length_higher_top_wins():
    # docs/rules.md §2: equal length, the higher top card wins.
    got = counted("bulgarian", ["7D 8D 9D", "", "", "QS KS AS"])
    assert got == [[], [], [], ["tierce QS KS AS"]]


def test_bulgarian_best_team_scores_all_its_sequences():
    # docs/rules.md §2: only the team with the best sequence scores its sequences — all of them,
    # the partner's lower tierce included; the other team's quarte does not count.
    got = counted("bulgarian", ["7D 8D 9D TD JD", "7C 8C 9C TC", "7H 8H 9H", ""])
    assert got == [["quinte 7D 8D 9D TD JD"], [], ["tierce 7H 8H 9H"], []]


def test_bulgarian_equal_best_sequences_none_score():
    # docs/rules.md §2: if the best of both teams are equal, no sequence scores (not even the
    # lower ones).
    got = counted("bulgarian", ["9D TD JD", "9C TC JC", "7H 8H 9H", ""])
    assert got == [[], [], [], []]


def test_bulgarian_equal_sequences_same_team_still_score():
    # docs/rules.md §2: a tie matters only between the teams; partners may hold equal sequences.
    got = counted("bulgarian", ["9D TD JD", "", "9C TC JC", "7S 8S 9S"])
    assert got == [["tierce 9D TD JD"], [], ["tierce 9C TC JC"], []]


@pytest.mark.parametrize("high,low", [("J", "9"), ("9", "A"), ("A", "T"), ("T", "K"),
                                      ("K", "Q")])
def test_bulgarian_carre_order(high, low):
    # docs/rules.md §2: carrés: jacks > nines > aces > tens > kings > queens.
    h = f"{high}C {high}D {high}H {high}S"
    lo = f"{low}C {low}D {low}H {low}S"
    got = counted("bulgarian", [lo, h, "", ""])
    assert got[0] == [] and len(got[1]) == 1


def test_bulgarian_sequence_tie_does_not_cancel_carres():
    # docs/rules.md §2: separately — a tie of sequences leaves the carrés to be compared alone.
    got = counted("bulgarian", ["9D TD JD AC AD AH AS", "9C TC JC", "", ""])
    assert got == [["carre AC AD AH AS"], [], [], []]


# --- comparison: French, Coinche, Classic (docs/rules.md §3) -------------------------------------

@pytest.mark.parametrize("rules", ["french", "coinche", "classic"])
def test_french_single_best_decides_for_its_team(rules):
    # docs/rules.md §3: the single best declaration at the table decides: that player's team scores
    # all its declarations (the partner's tierce too), the other team none.
    got = counted(rules, ["7D 8D 9D TD", "QS KS AS 7C 8C 9C", "7H 8H 9H", ""])
    assert got == [["quarte 7D 8D 9D TD"], [], ["tierce 7H 8H 9H"], []]


@pytest.mark.parametrize("rules", ["french", "coinche", "classic"])
def test_french_compares_by_value_first(rules):
    # docs/rules.md §3: compare by value — a carré of jacks (200) beats a quinte (100).
    got = counted(rules, ["7D 8D 9D TD JD", "JC JS JH JD", "", ""])
    assert got == [[], ["carre JC JD JH JS"], [], []]


@pytest.mark.parametrize("rules", ["french", "coinche", "classic"])
def test_french_carre_beats_sequence_of_equal_value(rules):
    # docs/rules.md §3: a carré beats a sequence of equal value (queens 100 over a quinte 100).
    got = counted(rules, ["7D 8D 9D TD JD", "QC QS QH QD", "", ""])
    assert got == [[], ["carre QC QD QH QS"], [], []]


@pytest.mark.parametrize("rules", ["french", "coinche", "classic"])
def test_french_equal_value_higher_top_card(rules):
    # docs/rules.md §3: equal value and length: the top card decides.
    got = counted(rules, ["7D 8D 9D", "TS JS QS", "", ""])
    assert got == [[], ["tierce TS JS QS"], [], []]


@pytest.mark.parametrize("rules", ["french", "coinche", "classic"])
def test_french_full_tie_neither_scores(rules):
    # docs/rules.md §3: a full tie between teams: neither scores.
    got = counted(rules, ["7D 8D 9D TD", "7S 8S 9S TS", "", ""])
    assert got == [[], [], [], []]


def test_classic_three_players_best_player_scores():
    # docs/rules.md §6: as French; each player is a side.
    declared = [decls("7D 8D 9D", "classic"), decls("TS JS QS KS", "classic"),
                decls("7C 8C 9C", "classic")]
    rules = get_rules("classic", 3)
    out = rules.resolve_declarations(declared, 0)
    assert [len(x) for x in out] == [0, 1, 0]


# --- comparison: Bela (docs/rules.md §5) ---------------------------------------------------------

def test_bela_best_team_scores_all_of_its_declarations():
    # docs/rules.md §5: each team's best is compared; the better team scores all of its
    # declarations.
    got = counted("bela", ["7D 8D 9D TD", "QS KS AS", "7H 8H 9H", ""])
    assert got == [["quarte 7D 8D 9D TD"], [], ["tierce 7H 8H 9H"], []]


def test_bela_longer_run_wins_between_equal_values():
    # docs/rules.md §5: value, then length: a run of six (100) beats a run of five (100).
    got = counted("bela", ["7D 8D 9D TD JD", "7S 8S 9S TS JS QS", "", ""])
    assert got == [[], ["quinte 7S 8S 9S TS JS QS"], [], []]


@pytest.mark.parametrize("dealer,winner", [(3, 0), (0, 1), (1, 0), (2, 0)])
def test_bela_equal_best_goes_to_first_from_dealers_right(dealer, winner):
    # docs/rules.md §5: an equal best goes to the team whose player comes first counting from the
    # dealer's right (the player after the dealer). Seats 0 and 1 hold equal tierces.
    got = counted("bela", ["7D 8D 9D", "7S 8S 9S", "", ""], dealer=dealer)
    assert [bool(x) for x in got[:2]] == [winner == 0, winner == 1]
