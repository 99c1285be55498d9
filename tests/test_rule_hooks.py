"""The rule facts the hand, the match, the page and the bots ask the rule set (belote/rules/)."""

import pytest

from belote import Match, get_rules
from belote.cards import CARD_NAMES
from belote.rules import RULE_SETS, rules_of


def test_hanging_points_go_to_the_side_with_most_in_the_next_hand():
    """docs/rules.md §2, §3: the winner of the next hand takes them; §6: among those the pot
    names."""
    rules = get_rules("classic", 3)
    assert rules.pot_taker([30, 90, 40], []) == 1
    assert rules.pot_taker([30, 90, 40], [0, 2]) == 2
    assert rules.pot_taker([40, 90, 40], [0, 2]) is None   # a tie: they go on hanging
    assert get_rules("french").pot_taker([81, 81], []) is None


@pytest.mark.parametrize("tricks, won, allowed", [
    (0, False, False), (1, False, False), (1, True, True), (6, True, True), (7, True, False)])
def test_when_im_out_may_be_claimed(tricks, won, allowed):
    """docs/rules.md §6: after the side won a trick holding points, never with only the last
    left."""
    assert get_rules("classic", 2).may_claim_out(tricks, won) is allowed
    assert not get_rules("french").may_claim_out(tricks, won)


def test_im_out_is_right_when_the_total_and_the_hand_reach_the_target():
    rules = get_rules("classic", 2, {"target": 300})
    assert rules.out_claim_right(250, 50) and not rules.out_claim_right(250, 49)


def test_declarations_are_shown_once_the_first_trick_is_over():
    rules = get_rules("bulgarian")
    assert not rules.declarations_shown(0) and rules.declarations_shown(1)


@pytest.mark.parametrize("name, players, bidder, after", [
    ("bulgarian", 4, 1, (3,)),
    ("french", 4, 1, ((3, 2, 3, 3),)),
    ("classic", 2, 0, ((2, 3),)),
    ("coinche", 4, 2, ()),
    ("bela", 4, 0, ())])
def test_the_deal_after_the_auction(name, players, bidder, after):
    """docs/rules.md §2-§6 "Deal": three more each, or the taker of the turned card two more and the
    others three; Coinche and Bela deal everything before (Bela's talon is picked up)."""
    assert get_rules(name, players).deal_after_auction(bidder) == after


def test_only_classic_with_two_or_three_shows_the_stock_card():
    """docs/rules.md §6: with 2 or 3 players the pack's last card is turned face up."""
    for players, shown in ((2, True), (3, True), (4, False)):
        m = Match("classic", players, seed=3)
        m.apply("take")
        assert m.view(0)["stock_card"] == (CARD_NAMES[m.hand.deck[-1]] if shown else None)


@pytest.mark.parametrize("name", RULE_SETS)
def test_every_option_has_one_default(name):
    cls = RULE_SETS[name]
    assert cls.defaults()["target"] == cls.default_target
    assert get_rules(name, cls.player_counts[0]).options == cls.defaults()


def test_a_view_names_its_rule_set():
    view = Match("classic", 3, {"target": 500}, seed=1).view(0)
    rules = rules_of(view)
    assert (rules.name, rules.players, rules.target) == ("classic", 3, 500)
    assert rules_of(view) is rules
    assert [rules.side(s) for s in range(3)] == [0, 1, 2]
    assert [rules_of(Match(seed=1).view(0)).side(s) for s in range(4)] == [0, 1, 0, 1]
