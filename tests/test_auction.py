"""The bidding systems (docs/rules.md §2-§6 Auction), driven word by word.

Seat 0 bids first in these tests (``first=0``); 0 and 2 are partners against 1 and 3.
"""

import pytest
from positions import new_hand

from belote import Match
from belote.auction import (
    COINCHE_LEVELS,
    Auction,
    BelaAuction,
    CoincheAuction,
    LadderAuction,
    TurnedCardAuction,
    bid_word,
    split_bid,
)
from belote.cards import parse_card
from belote.contract import level_word
from belote.refusal import IllegalAction

TEAM4 = (0, 1, 0, 1)


def run(auction, words):
    for w in words.split(",") if isinstance(words, str) else words:
        auction.apply(w.strip())
    return auction


def ladder(words="", first=0):
    return run(LadderAuction(4, first, TEAM4), words) if words else LadderAuction(4, first, TEAM4)


# --- Bulgarian ladder (docs/rules.md §2 Auction) -------------------------------------------------

def test_ladder_bids_lowest_to_highest():
    # docs/rules.md §2: clubs, diamonds, hearts, spades, no-trumps, all-trumps.
    assert ladder().legal() == ["pass", "clubs", "diamonds", "hearts", "spades", "no-trumps",
                                "all-trumps"]


def test_ladder_each_bid_must_be_higher():
    # docs/rules.md §2: each bid must be higher than the last.
    a = ladder("hearts")
    assert "diamonds" not in a.legal() and "hearts" not in a.legal()
    with pytest.raises(IllegalAction):
        a.apply("hearts")
    a.apply("spades")
    assert a.legal()[:3] == ["pass", "no-trumps", "all-trumps"]


def test_ladder_three_passes_after_a_bid_end_it():
    # docs/rules.md §2: the auction ends when three players in a row pass after a bid.
    a = ladder("pass, hearts, pass, pass")
    assert not a.done
    a.apply("pass")
    assert a.done
    c = a.contract
    assert (c.kind, c.trump, c.bidder, c.multiplier) == ("suit", 2, 1, 1)


def test_ladder_passes_before_a_bid_do_not_end_it():
    # docs/rules.md §2: three passes end the auction only after a bid; a bid after them reopens.
    a = ladder("pass, pass, pass, clubs")
    assert not a.done
    run(a, "pass, pass, pass")
    assert a.contract.bidder == 3 and a.contract.trump == 0


def test_ladder_four_passes_throw_in():
    # docs/rules.md §2: if all four pass before any bid, the cards are thrown in.
    a = ladder("pass, pass, pass")
    assert not a.done
    a.apply("pass")
    assert a.done and a.contract is None


def test_ladder_double_only_by_the_other_team():
    # docs/rules.md §2: a player may double the last bid if it was made by the other team.
    a = ladder("hearts")  # seat 0 bid; seat 1 (opponent) to act
    assert "double" in a.legal()
    a.apply("pass")       # seat 2 is seat 0's partner
    assert "double" not in a.legal()
    with pytest.raises(IllegalAction):
        a.apply("double")
    a.apply("pass")       # seat 3, opponent
    assert "double" in a.legal()


def test_ladder_redouble_only_by_the_bidding_team_after_a_double():
    # docs/rules.md §2: the bidding team may then redouble.
    a = ladder("hearts")
    assert "redouble" not in a.legal()
    a.apply("double")     # seat 1
    assert "redouble" in a.legal()      # seat 2, bidder's partner
    a.apply("pass")
    assert "redouble" not in a.legal()  # seat 3, the doubler's partner
    a.apply("pass")
    assert "redouble" in a.legal()      # seat 0, the bidder


def test_ladder_no_double_after_redouble():
    # docs/rules.md §2: no double after a redouble.
    a = ladder("hearts, double, redouble")
    assert "double" not in a.legal() and "redouble" not in a.legal()
    with pytest.raises(IllegalAction):
        a.apply("double")


def test_ladder_three_passes_after_double_end_doubled():
    # docs/rules.md §2: three passes after a double end the auction; the contract is doubled.
    a = ladder("hearts, double, pass, pass, pass")
    assert a.done and a.contract.multiplier == 2 and a.contract.bidder == 0


def test_ladder_three_passes_after_redouble_end_redoubled():
    # docs/rules.md §2: ... after a bid, double or redouble.
    a = ladder("hearts, double, redouble, pass, pass")
    assert not a.done
    a.apply("pass")
    assert a.done and a.contract.multiplier == 4


def test_ladder_higher_bid_cancels_the_double():
    # docs/rules.md §2: a higher bid after a double replaces the contract; the double no longer
    # counts.
    a = ladder("hearts, double, spades, pass, pass, pass")
    c = a.contract
    assert (c.trump, c.bidder, c.multiplier) == (3, 2, 1)


def test_ladder_higher_bid_after_redouble_cancels_it():
    # docs/rules.md §2: a higher bid replaces the contract, redouble included; doubling is open
    # again against the new bidder.
    a = ladder("hearts, double, redouble, no-trumps")  # seat 3 bids no-trumps
    assert "double" in a.legal()                     # seat 0 is an opponent of seat 3
    run(a, "pass, pass, pass")
    assert a.contract.kind == "no-trumps" and a.contract.multiplier == 1


def test_ladder_all_trumps_is_the_top():
    # docs/rules.md §2: nothing above all-trumps; only pass or double remain.
    a = ladder("all-trumps")
    assert a.legal() == ["pass", "double"]


def test_ladder_seats_in_history():
    # docs/rules.md §1 Direction: the next player is seat + 1.
    a = ladder("pass, clubs", first=3)
    assert a.history() == [(3, "pass"), (0, "clubs")]
    assert a.to_act == 1


def test_no_bid_after_the_auction():
    a = ladder("pass, pass, pass, pass")
    with pytest.raises(IllegalAction, match="over"):
        a.apply("clubs")
    assert a.legal() == []


# --- turned card, two rounds (docs/rules.md §3 Auction; §6) --------------------------------------

def turned(words="", players=4, card="9H"):
    a = TurnedCardAuction(players, 0, tuple(range(players)) if players < 4 else TEAM4,
                          parse_card(card))
    return run(a, words) if words else a


def test_first_round_take_or_pass():
    # docs/rules.md §3: first round, each player may take the turned card's suit or pass.
    assert turned().legal() == ["take", "pass"]


def test_take_in_first_round_makes_the_turned_suit_trump():
    # docs/rules.md §3: the taker takes the turned card's suit as trump; the first taker ends it.
    a = turned("pass, take")
    assert a.done and a.contract.trump == 2 and a.contract.bidder == 1


def test_second_round_names_another_suit():
    # docs/rules.md §3: if all pass, a second round in which each may name any other suit.
    a = turned("pass, pass, pass, pass")
    assert a.legal() == ["pass", "clubs", "diamonds", "spades"]
    with pytest.raises(IllegalAction):
        a.apply("hearts")
    with pytest.raises(IllegalAction):
        a.apply("take")
    run(a, "pass, spades")
    assert a.contract.trump == 3 and a.contract.bidder == 1


def test_all_pass_twice_throw_in():
    # docs/rules.md §3: if all pass twice the next player deals.
    a = turned(["pass"] * 7)
    assert not a.done
    a.apply("pass")
    assert a.done and a.contract is None


@pytest.mark.parametrize("players", [2, 3])
def test_classic_two_rounds_with_fewer_players(players):
    # docs/rules.md §6: trump taken as in French Belote, with 2 or 3 players.
    a = turned(["pass"] * players, players)
    assert a.legal() == ["pass", "clubs", "diamonds", "spades"]
    run(a, ["pass"] * (players - 1))
    assert not a.done
    a.apply("pass")
    assert a.done and a.contract is None


def test_no_doubles_with_the_turned_card():
    # docs/rules.md §3: the French auction has no double ("No doubling" in Scoring).
    assert "double" not in turned("take").legal() + turned().legal()


# --- Coinche (docs/rules.md §4 Auction; the engine's reading in CoincheAuction's docstring) -------

def coinche(words=""):
    a = CoincheAuction(4, 0, TEAM4)
    return run(a, words) if words else a


def test_coinche_bids_80_to_160_then_capot():
    # docs/rules.md §4: 80, 90, ... 160, then capot, each with a suit.
    legal = coinche().legal()
    assert legal[0] == "pass"
    assert legal[1:5] == ["80 clubs", "80 diamonds", "80 hearts", "80 spades"]
    assert legal[-4:] == ["capot clubs", "capot diamonds", "capot hearts", "capot spades"]
    assert len(legal) == 1 + 4 * 10


@pytest.mark.parametrize("rules", ["bulgarian", "french", "coinche", "bela"])
def test_a_bid_word_splits_into_its_level_and_the_word_it_names(rules):
    """split_bid and bid_word are each other's inverse on every word a first turn may say,
    and give the level and the contract word that the bid names."""
    m = Match(rules, seed=1)
    auction = m.hand.auction
    for word in m.legal_actions():
        level, named = split_bid(word)
        assert bid_word(level, named) == word
        if word not in ("pass", "double", "redouble", "take"):
            contract = auction.contract_named(word, 0, m.hand.turned)
            assert (contract.level, contract.name) == (level, word)
    assert split_bid("capot spades") == (500, "spades") and split_bid("take") == (0, "take")
    assert [level_word(lv) for lv in COINCHE_LEVELS[-2:]] == ["160", "capot"]


def test_coinche_each_bid_must_be_higher():
    # docs/rules.md §4: each bid must be higher (same number in another suit is not higher).
    a = coinche("90 hearts")
    assert "90 spades" not in a.legal() and "80 clubs" not in a.legal()
    assert "100 clubs" in a.legal()
    with pytest.raises(IllegalAction):
        a.apply("90 spades")


def test_coinche_three_passes_after_a_bid_end_it():
    # docs/rules.md §4: the auction otherwise ends after three passes following a bid.
    a = coinche("pass, 100 hearts, pass, pass")
    assert not a.done
    a.apply("pass")
    c = a.contract
    assert (c.trump, c.level, c.bidder, c.multiplier) == (2, 100, 1, 1)


def test_coinche_four_passes_throw_in():
    # docs/rules.md §4: four passes: next dealer.
    a = coinche("pass, pass, pass, pass")
    assert a.done and a.contract is None


def test_coinche_only_by_an_opponent():
    # docs/rules.md §4: an opponent of the last bidder may coinche.
    a = coinche("80 hearts")
    assert "double" in a.legal()
    a.apply("pass")
    assert "double" not in a.legal()  # seat 2, the bidder's partner


def test_after_a_coinche_only_the_bidders_speak():
    # docs/rules.md §4: after a coinche no one may bid again; each of the two bidders in turn, the
    # first after the coinche first, may surcoinche or pass.
    a = coinche("80 hearts, double")
    assert a.to_act == 2 and a.legal() == ["pass", "redouble"]
    a.apply("pass")
    assert not a.done and a.to_act == 0, "the defender at seat 3 has no turn after the coinche"
    assert a.legal() == ["pass", "redouble"]


def test_coinche_then_both_bidders_pass_ends_coinched():
    # docs/rules.md §4: both bidders passing ends the auction, coinched.
    a = coinche("80 hearts, double, pass, pass")
    assert a.done and a.contract.multiplier == 2 and a.contract.bidder == 0
    assert a.history() == [(0, "80 hearts"), (1, "double"), (2, "pass"), (0, "pass")]


def test_the_bidder_surcoinches_after_the_partner_passes():
    # docs/rules.md §4 and docs/records.md (auction words): ["80 hearts", "double", "pass",
    # "redouble"] is legal: the bidder's partner passes, then the bidder surcoinches.
    a = coinche("80 hearts, double, pass, redouble")
    assert a.done and a.contract.multiplier == 4 and a.contract.bidder == 0
    assert a.history()[-1] == (0, "redouble")


def test_a_coinche_by_the_second_defender_is_answered_by_the_bidder_first():
    # docs/rules.md §4: the first of the bidders after the coinche speaks first.
    a = coinche("80 hearts, pass, pass, double")
    assert a.to_act == 0
    a.apply("pass")
    assert a.to_act == 2
    a.apply("redouble")
    assert a.done and a.contract.multiplier == 4


def test_surcoinche_ends_at_once():
    # docs/rules.md §4: the bidders may then surcoinche; either ends the auction at once.
    a = coinche("80 hearts, double, redouble")
    assert a.done and a.contract.multiplier == 4


def test_no_higher_bid_over_a_coinche():
    # docs/rules.md §4: a coinche ends the bidding (only the surcoinche answer remains).
    a = coinche("80 hearts, double")
    with pytest.raises(IllegalAction):
        a.apply("90 spades")


def test_capot_bid():
    # docs/rules.md §4: capot (all tricks) is the highest bid; its contract level is 500.
    a = coinche("160 spades, capot hearts, pass, pass, pass")
    assert a.contract.capot_bid and a.contract.level == 500 and a.contract.trump == 2
    assert a.contract.name == "capot hearts"


def test_nothing_above_capot():
    a = coinche("capot clubs")
    assert a.legal() == ["pass", "double"]


# --- Bela (docs/rules.md §5 Auction) -------------------------------------------------------------

def test_bela_one_round_name_a_suit_or_pass():
    # docs/rules.md §5: one round; each names a suit or passes.
    a = BelaAuction(4, 0, TEAM4)
    assert a.legal() == ["pass", "clubs", "diamonds", "hearts", "spades"]
    run(a, "pass, diamonds")
    assert a.done and a.contract.trump == 1 and a.contract.bidder == 1


def test_bela_dealer_must_name_a_suit():
    # docs/rules.md §5: the dealer must name one if the other three passed.
    a = run(BelaAuction(4, 0, TEAM4), "pass, pass, pass")
    assert a.legal() == ["clubs", "diamonds", "hearts", "spades"]
    with pytest.raises(IllegalAction):
        a.apply("pass")
    a.apply("spades")
    assert a.contract.bidder == 3


def test_bela_no_doubles():
    # docs/rules.md §5: no doubles.
    a = BelaAuction(4, 0, TEAM4)
    assert "double" not in a.legal()
    assert "double" not in run(BelaAuction(4, 0, TEAM4), "pass, pass, pass").legal()


# --- throw-ins and the next dealer (docs/rules.md §1 Direction) ----------------------------------

@pytest.mark.parametrize("rules,passes", [("bulgarian", 4), ("french", 8), ("coinche", 4)])
def test_thrown_in_hand_is_over_without_score(rules, passes):
    # docs/rules.md §2/§3/§4: all pass: the cards are thrown in.
    hand = new_hand(rules, ["7C 8C 9C TC JC QC KC AC", "7D 8D 9D TD JD QD KD AD",
                            "7H 8H 9H TH JH QH KH AH", None], turned="9H", taker=2)
    for _ in range(passes):
        hand.apply("pass")
    assert hand.over and hand.contract is None and hand.score is None
    assert hand.legal_actions() == []


@pytest.mark.parametrize("rules,players,passes", [("bulgarian", 4, 4), ("french", 4, 8),
                                                  ("coinche", 4, 4), ("classic", 2, 4),
                                                  ("classic", 3, 6)])
def test_deal_passes_to_the_next_player_after_a_throw_in(rules, players, passes):
    # docs/rules.md §1 Direction: the deal passes to the next player after every hand, including
    # a hand thrown in.
    m = Match(rules, players, seed=7)
    dealer = m.hand.dealer
    for _ in range(passes):
        m.apply("pass")
    assert m.phase == "hand-over"
    assert m.legal_actions() == ["next"]
    m.apply("next")
    assert m.hand.dealer == (dealer + 1) % players
    assert m.hand.turn == (dealer + 2) % players  # the player after the dealer bids first


# --- what callers ask the auction (the bidding box, the bots) ---------------------------------

@pytest.mark.parametrize("word, contract", [
    ("hearts", ("suit", 2, 0)), ("no-trumps", ("no-trumps", None, 0)),
    ("all-trumps", ("all-trumps", None, 0)), ("90 spades", ("suit", 3, 90)),
    ("capot clubs", ("suit", 0, 500)), ("take", ("suit", 2, 0))])
def test_a_bid_read_into_its_contract(word, contract):
    named = LadderAuction.contract_named(word, 3, turned=parse_card("9H"))
    assert (named.kind, named.trump, named.level) == contract
    assert named.bidder == 3 and named.multiplier == 1
    assert LadderAuction.names(word, parse_card("9H")) == named.name.split()[-1]


def test_pass_double_and_redouble_name_no_contract():
    assert [Auction.names(w) for w in ("pass", "double", "redouble")] == [None] * 3
    with pytest.raises(ValueError):
        Auction.contract_named("take", 0)


def test_what_a_pass_leaves_standing():
    assert ladder().standing is None
    assert ladder("hearts, double").standing.label == "hearts doubled"
    assert ladder("hearts, double").standing.bidder == 0
    assert coinche("pass, 90 spades").standing.name == "90 spades"
    # where the first bid ends the auction, a pass leaves nothing standing: the others speak
    assert turned("pass, pass").standing is None
    assert BelaAuction(4, 0, TEAM4).standing is None


def test_every_legal_word_has_a_place_in_the_bidding_box():
    """Each system's layout holds every word it may make legal (Coinche's numbers in its row
    of levels), and says what a turn asks when it is not plain."""
    for auction in [ladder("pass"), ladder("hearts"), ladder("hearts, double"),
                    ladder("hearts, double, redouble"),
                    turned(), turned("pass, pass, pass, pass"), coinche(),
                    coinche("pass, 90 spades"), coinche("pass, 90 spades, double"),
                    run(BelaAuction(4, 0, TEAM4), "pass, pass, pass")]:
        layout = auction.layout(auction.legal())
        shown = {w for row in layout.rows for w in row}
        for word in auction.legal():
            assert word in shown or (layout.levels and auction.contract_named(word, 0).level)
    assert turned().layout(["take", "pass"]).note == "round1"
    assert turned().layout(["pass", "clubs"]).note == "round2"
    assert BelaAuction.layout(["clubs", "hearts"]).note == "forced"
    assert BelaAuction.layout(["pass", "clubs"]).note is None


def test_the_contracts_and_levels_of_each_system():
    assert LadderAuction.contract_words[-2:] == ("no-trumps", "all-trumps")
    assert TurnedCardAuction.contract_words == ("clubs", "diamonds", "hearts", "spades")
    assert CoincheAuction.levels[0] == 80 and CoincheAuction.levels[-1] == 500
    assert not LadderAuction.levels and not BelaAuction.levels
