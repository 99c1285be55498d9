"""Legal play and the winner of a trick, per rule set (docs/rules.md §1-§6 "Play").

Seats in the trick: the leader is seat 0, then 1, 2, 3; 0 and 2 are partners against 1 and 3.
``legal_cards(rules, contract, hand, trick)`` gives what the next player may play.
"""

import pytest
from positions import cards, legal_cards, legal_reason

from belote.cards import parse_cards
from belote.contract import ALL_TRUMPS, NO_TRUMPS, SUIT, Contract
from belote.play import (
    BEAT,
    FOLLOW,
    OVERTRUMP,
    TRUMP,
    UNDERTRUMP,
    winner_index,
)

HEARTS = Contract(SUIT, 2, 0)  # hearts trump
AT = Contract(ALL_TRUMPS, None, 0)
NT = Contract(NO_TRUMPS, None, 0)
FOUR = ["bulgarian", "french", "coinche", "bela", "classic"]


def winner(trick, contract=HEARTS):
    return winner_index(parse_cards(trick), contract)


# --- common to every rule set ---------------------------------------------------------------

@pytest.mark.parametrize("rules", FOUR)
def test_leader_may_play_any_card(rules):
    # docs/rules.md §1 Playing a card: the duties concern following a card led; a lead is free.
    hand = "7C JH AS TD 8H 9S QC KD"
    assert legal_cards(rules, HEARTS, hand) == cards(hand)


@pytest.mark.parametrize("rules", FOUR)
def test_must_follow_suit_led(rules):
    # docs/rules.md §1 Playing a card: a player must follow the suit led if able.
    assert legal_cards(rules, HEARTS, "7C KC JH AS", "AC") == cards("7C KC")


@pytest.mark.parametrize("rules", ["bulgarian", "french", "coinche", "classic"])
def test_plain_lead_need_not_be_beaten(rules):
    # docs/rules.md §2/§3 Play: on a plain suit led, follow suit (no duty to beat it).
    assert legal_cards(rules, HEARTS, "7C AC JH", "KC") == cards("7C AC")


@pytest.mark.parametrize("rules", FOUR)
def test_trump_lead_must_be_beaten_when_able(rules):
    # docs/rules.md §2/§3/§5 Play: on a trump lead, a higher trump if able.
    assert legal_cards(rules, HEARTS, "7H 8H 9H AS", "AH") == cards("9H")


@pytest.mark.parametrize("rules", FOUR)
def test_trump_lead_beaten_even_over_partner(rules):
    # docs/rules.md §2: even if the partner is winning, §3 "overtrump if able (even the partner)".
    # Seat 2 follows its partner's 9H (seat 1 played 7H).
    assert legal_cards(rules, HEARTS, "8H JH AS", "9H 7H") == cards("JH")


@pytest.mark.parametrize("rules", FOUR)
def test_trump_lead_no_higher_trump_any_trump(rules):
    # docs/rules.md §2 Play: a higher trump "if able"; otherwise still follow suit with any trump.
    assert legal_cards(rules, HEARTS, "7H 8H AS", "JH") == cards("7H 8H")


@pytest.mark.parametrize("rules", FOUR)
def test_cannot_follow_trump_lead_any_card(rules):
    # docs/rules.md §1: with no card of the suit led (trump) nothing else is required.
    assert legal_cards(rules, HEARTS, "7C AS TD", "JH") == cards("7C AS TD")


# --- Bulgarian, suit contract (docs/rules.md §2) -------------------------------------------------

def test_bulgarian_partner_winning_frees_the_player():
    # docs/rules.md §2 Play, suit contract: cannot follow and the partner is winning: any card.
    # Seat 0 leads AC, seat 1 plays 7C, seat 2 (partner of 0) has no club.
    assert legal_cards("bulgarian", HEARTS, "7H 8S TD", "AC 7C") == cards("7H 8S TD")


def test_bulgarian_must_trump_when_opponent_winning():
    # docs/rules.md §2 Play, suit contract: otherwise must trump if able.
    assert legal_cards("bulgarian", HEARTS, "7H QH 8S TD", "AC") == cards("7H QH")
    assert legal_reason("bulgarian", HEARTS, "7H QH 8S TD", "AC") == TRUMP


def test_bulgarian_must_overtrump_an_opponent_trump():
    # docs/rules.md §2 Play: if an opponent has already trumped, must overtrump if able.
    # Seat 0 leads AC, seat 1 (opponent of seat 2) trumps with TH.
    assert legal_cards("bulgarian", HEARTS, "7H JH 8S", "AC TH") == cards("JH")
    assert legal_reason("bulgarian", HEARTS, "7H JH 8S", "AC TH") == OVERTRUMP


def test_bulgarian_unable_to_overtrump_any_card():
    # docs/rules.md §2 Play: ... and if unable may play any card (no undertrump duty).
    assert legal_cards("bulgarian", HEARTS, "7H 8H 8S TD", "AC TH") == cards("7H 8H 8S TD")


def test_bulgarian_partner_trumped_winning_frees():
    # docs/rules.md §2: the partner (seat 1, for seat 3) is winning with a trump: any card.
    assert legal_cards("bulgarian", HEARTS, "8H JH 8S", "AC 7H QC") == cards("8H JH 8S")


def test_bulgarian_partner_winning_by_plain_card_frees_too():
    # docs/rules.md §2: seat 3's partner (seat 1) holds the trick with AC over 7C: any card.
    assert legal_cards("bulgarian", HEARTS, "7H 8S", "7C AC 8C") == cards("7H 8S")


def test_bulgarian_overtrumped_partner_means_opponent_winning():
    # docs/rules.md §2: seat 2's partner trumped, but seat 1 overtrumped: seat 2 must overtrump.
    # Seat 3 leads AC (leader=3), seat 0 trumps 7H, seat 1 overtrumps 9H; seat 2 has JH 8H AS.
    assert legal_cards("bulgarian", HEARTS, "8H JH AS", "AC 7H 9H", leader=3) == cards("JH")


# --- Bulgarian, all-trumps and no-trumps ----------------------------------------------------

def test_all_trumps_must_beat_the_led_suit_when_able():
    # docs/rules.md §2 Play, all-trumps: follow suit and play a higher card whenever able.
    assert legal_cards("bulgarian", AT, "7S 9S AD", "AS") == cards("9S")
    assert legal_reason("bulgarian", AT, "7S 9S AD", "AS") == BEAT


def test_all_trumps_beat_partner_too():
    # docs/rules.md §2 Play, all-trumps: "whenever able", the partner winning included.
    assert legal_cards("bulgarian", AT, "KD JD", "9D 8D") == cards("JD")


def test_all_trumps_cannot_follow_any_card():
    # docs/rules.md §2 Play, all-trumps: a player who cannot follow plays any card.
    assert legal_cards("bulgarian", AT, "7S 9S AD", "KC") == cards("7S 9S AD")


def test_all_trumps_cannot_beat_any_card_of_the_suit():
    # docs/rules.md §2 Play, all-trumps: only "whenever able".
    assert legal_cards("bulgarian", AT, "7S 8S AD", "JS") == cards("7S 8S")


def test_no_trumps_follow_without_beating():
    # docs/rules.md §2 Play, no-trumps: follow suit if able (no duty to beat).
    assert legal_cards("bulgarian", NT, "7S AS AD", "TS") == cards("7S AS")


def test_no_trumps_cannot_follow_any_card():
    # docs/rules.md §2 Play, no-trumps: otherwise any card.
    assert legal_cards("bulgarian", NT, "7H AD", "TS") == cards("7H AD")


# --- French, Coinche, Classic (docs/rules.md §3, §4, §6) -----------------------------------------

@pytest.mark.parametrize("rules", ["french", "coinche", "classic"])
def test_french_partner_holding_trick_frees(rules):
    # docs/rules.md §3 Play: cannot follow and the partner holds the trick: any card.
    assert legal_cards(rules, HEARTS, "7H 8S TD", "AC 7C") == cards("7H 8S TD")


@pytest.mark.parametrize("rules", ["french", "coinche", "classic"])
def test_french_must_trump_when_opponent_holds(rules):
    # docs/rules.md §3 Play: otherwise must trump if able.
    assert legal_cards(rules, HEARTS, "7H 8S TD", "AC") == cards("7H")


@pytest.mark.parametrize("rules", ["french", "coinche", "classic"])
def test_french_must_overtrump_an_opponent_trump(rules):
    # docs/rules.md §3 Play: over an opponent's trump, must overtrump if able.
    assert legal_cards(rules, HEARTS, "7H JH 8S", "AC TH") == cards("JH")


@pytest.mark.parametrize("rules", ["french", "classic"])
def test_undertrump_on_by_default_in_french_and_classic(rules):
    # docs/rules.md §3 option "undertrump", on by default in French and Classic: unable to
    # overtrump, must still play a lower trump.
    assert legal_cards(rules, HEARTS, "7H 8S TD", "AC JH") == cards("7H")
    assert legal_reason(rules, HEARTS, "7H 8S TD", "AC JH") == UNDERTRUMP


def test_undertrump_off_by_default_in_coinche():
    # docs/rules.md §3 option "undertrump", off in Coinche: one may then discard.
    assert legal_cards("coinche", HEARTS, "7H 8S TD", "AC JH") == cards("7H 8S TD")


def test_undertrump_option_switched_on_in_coinche():
    # docs/rules.md §3: the option may be changed in the settings.
    assert legal_cards("coinche", HEARTS, "7H 8S TD", "AC JH",
                       options={"undertrump": True}) == cards("7H")


def test_undertrump_option_switched_off_in_french():
    # docs/rules.md §3: the option may be changed in the settings.
    assert legal_cards("french", HEARTS, "7H 8S TD", "AC JH",
                       options={"undertrump": False}) == cards("7H 8S TD")


def test_undertrump_with_only_trumps_left():
    # docs/rules.md §3: a hand of trumps only, none higher: any of them.
    assert legal_cards("french", HEARTS, "7H 8H", "AC JH") == cards("7H 8H")


def test_classic_two_players_must_trump():
    # docs/rules.md §6 Players: 2 play each for themselves; §3 Play: cannot follow -> trump.
    assert legal_cards("classic", HEARTS, "7H 8S", "AC", players=2) == cards("7H")


def test_classic_three_players_no_partner_frees():
    # docs/rules.md §6: with 3 players nobody has a partner. Seat 0 holds the trick with AC over
    # seat 1's 7C: seat 2 must trump (with 4 players, seat 2 would be free).
    assert legal_cards("classic", HEARTS, "7H 8S", "AC 7C", players=3) == cards("7H")
    assert legal_cards("classic", HEARTS, "7H 8S", "AC 7C", players=4) == cards("7H 8S")


def test_classic_three_players_overtrump():
    # docs/rules.md §6/§3: seat 2 follows 7C and 9H (seat 1 trumped): overtrump.
    assert legal_cards("classic", HEARTS, "JH 8H 8S", "7C 9H", players=3) == cards("JH")


# --- Bela (docs/rules.md §5) ---------------------------------------------------------------------

def test_bela_must_beat_plain_lead_when_able():
    # docs/rules.md §5 Play: follow suit and beat the highest card of the led suit if able.
    assert legal_cards("bela", HEARTS, "7C AC JH", "KC") == cards("AC")
    assert legal_reason("bela", HEARTS, "7C AC JH", "KC") == BEAT


def test_bela_beat_even_the_partner():
    # docs/rules.md §5 Play: the duty to beat does not depend on who holds the trick.
    assert legal_cards("bela", HEARTS, "7C AC", "KC 8C") == cards("AC")


def test_bela_cannot_beat_any_card_of_suit():
    # docs/rules.md §5 Play: beat "if able"; otherwise follow with any card of the suit.
    assert legal_cards("bela", HEARTS, "7C 8C JH", "AC") == cards("7C 8C")


def test_bela_partner_winning_does_not_free():
    # docs/rules.md §5 Play: cannot follow -> must trump "even if the partner is winning".
    assert legal_cards("bela", HEARTS, "7H 8S TD", "AC 7C") == cards("7H")


def test_bela_must_overtrump_partner():
    # docs/rules.md §5 Play: overtrumping if able, even if the partner is winning.
    # Seat 3's partner (seat 1) trumped with 9H.
    assert legal_cards("bela", HEARTS, "8H JH 8S", "AC 9H 7C") == cards("JH")


def test_bela_unable_to_overtrump_still_trumps():
    # docs/rules.md §5 Play: "must trump" — a player who can trump but not overtrump still trumps.
    assert legal_cards("bela", HEARTS, "7H 8S", "AC JH") == cards("7H")


def test_bela_neither_follow_nor_trump_any_card():
    # docs/rules.md §5 Play: a player who can neither follow nor trump plays any card.
    assert legal_cards("bela", HEARTS, "8S TD", "AC JH") == cards("8S TD")


def test_bela_plain_lead_trumped_still_beat_the_led_suit():
    # docs/rules.md §5 Play: beat the highest card of the led suit when able, even once the trick
    # has been trumped.
    assert legal_cards("bela", HEARTS, "9C AC", "TC 7H") == cards("AC")
    assert legal_cards("bela", HEARTS, "7C 8C", "TC 7H") == cards("7C 8C")


# --- trick winner (docs/rules.md §1 Trick order) -------------------------------------------------

def test_highest_card_of_led_suit_wins():
    # docs/rules.md §1 Trick order, plain suit A T K Q J 9 8 7.
    assert winner("KC TC AC 9C") == 2


def test_card_of_another_plain_suit_never_wins():
    # docs/rules.md §1: only the suit led or a trump can take a trick.
    assert winner("7C AS AD 8C") == 3


def test_any_trump_beats_plain_cards():
    # docs/rules.md §1: a trump takes a trick of a plain suit.
    assert winner("AC TC 7H KC") == 2


def test_highest_trump_wins():
    # docs/rules.md §1 Trick order, trump J 9 A T K Q 8 7.
    assert winner("AC 7H 9H AH") == 2
    assert winner("TH JH 9H AH") == 1


def test_all_trumps_j_and_9_win_their_suit():
    # docs/rules.md §2 all-trumps: every suit ranks as trump.
    assert winner("AS 9S TS JC", AT) == 1


def test_no_trumps_ace_wins_over_jack():
    # docs/rules.md §2 no-trumps: every suit ranks as plain.
    assert winner("JS 9S AS TS", NT) == 2


def test_two_card_trick():
    # docs/rules.md §6: with 2 players a trick has two cards.
    assert winner("8H 7S") == 0
    assert winner("8S 7H") == 1


# --- the refusal explains itself: tests/test_refusals.py -----------------------------------

def test_follow_reason_when_suit_is_forced():
    assert legal_reason("french", HEARTS, "7C KC JH AS", "8C") == FOLLOW
