"""A hand through the public Hand API: deal patterns, who bids and leads, declarations as
actions, belote, tricks, last trick, valat, and Classic's "I'm out" (docs/rules.md §1-§6)."""

import pytest
from positions import deck_for, mask_of_str, new_hand, play, play_out

from belote import Hand, IllegalAction, get_rules
from belote.cards import SUITS, card_name, hand_str, parse_card
from belote.refusal import Refusal

DECK = list(range(32))  # 7C 8C ... AC 7D ... AS: card i is dealt i-th


def names(indices):
    return hand_str(sum(1 << i for i in indices))


def seat_cards(hand, seat):
    return hand_str(hand.hands[seat])


def solo(suit):
    """Seat 0 holds all eight cards of ``suit``; seats 1-3 share the other suits so that none
    holds three in a row, a carré or a king and queen of one suit."""
    others = [s for s in SUITS if s != suit]
    hands = [[], [], []]
    for k, s in enumerate(others):
        for r, rank in enumerate("789TJQKA"):
            hands[(r + k) % 3].append(rank + s)
    return [" ".join(rank + suit for rank in "789TJQKA")] + [" ".join(h) for h in hands]


# --- deal patterns --------------------------------------------------------------------------

def test_bulgarian_deals_3_then_2_then_3_after_the_auction():
    # docs/rules.md §2 Deal: 3 then 2 cards each (5); after the auction, 3 more each (8).
    # Dealer 3: seat 0 is served first.
    hand = Hand(get_rules("bulgarian"), 3, DECK)
    assert seat_cards(hand, 0) == names([0, 1, 2, 12, 13])
    assert seat_cards(hand, 3) == names([9, 10, 11, 18, 19])
    play(hand, "clubs pass pass pass")
    assert seat_cards(hand, 0) == names([0, 1, 2, 12, 13, 20, 21, 22])
    assert seat_cards(hand, 3) == names([9, 10, 11, 18, 19, 29, 30, 31])


def test_deal_starts_with_the_dealers_next_player():
    # docs/rules.md §1 "Direction", docs/records.md: dealing starts with the dealer's next player.
    hand = Hand(get_rules("bulgarian"), 1, DECK)
    assert seat_cards(hand, 2) == names([0, 1, 2, 12, 13])
    assert seat_cards(hand, 1) == names([9, 10, 11, 18, 19])


def test_french_turned_card_then_two_for_the_taker_three_for_others():
    # docs/rules.md §3 Deal: 3 then 2 (5 each), then the next card is turned face up; the taker
    # receives the turned card and two more; everyone else three more.
    hand = Hand(get_rules("french"), 3, DECK)
    assert card_name(hand.turned) == card_name(20)
    assert [hand.hands[s].bit_count() for s in range(4)] == [5] * 4
    play(hand, "pass take")  # seat 1 takes
    assert seat_cards(hand, 0) == names([0, 1, 2, 12, 13, 21, 22, 23])
    assert seat_cards(hand, 1) == names([3, 4, 5, 14, 15, 20, 24, 25])
    assert seat_cards(hand, 2) == names([6, 7, 8, 16, 17, 26, 27, 28])
    assert seat_cards(hand, 3) == names([9, 10, 11, 18, 19, 29, 30, 31])
    assert hand.contract.trump == 20 // 8


def test_french_second_round_taker_also_gets_the_turned_card():
    # docs/rules.md §3: the taker receives the turned card and two more, also in round two.
    hand = Hand(get_rules("french"), 3, DECK)
    play(hand, ["pass"] * 6 + ["spades"])  # seat 2 names spades
    assert hand.contract.trump == 3 and hand.contract.bidder == 2
    assert seat_cards(hand, 2) == names([6, 7, 8, 16, 17, 20, 27, 28])


def test_coinche_deals_3_3_2_before_the_auction():
    # docs/rules.md §4 Deal: all eight cards before the auction, 3-3-2.
    hand = Hand(get_rules("coinche"), 3, DECK)
    assert seat_cards(hand, 0) == names([0, 1, 2, 12, 13, 14, 24, 25])
    assert seat_cards(hand, 3) == names([9, 10, 11, 21, 22, 23, 30, 31])


def test_bela_deals_six_then_a_talon_of_two():
    # docs/rules.md §5 Deal: six cards each, then two more each face down (the talon), picked up
    # after trump is named.
    hand = Hand(get_rules("bela"), 3, DECK)
    assert seat_cards(hand, 0) == names([0, 1, 2, 12, 13, 14])
    assert [hand.talon[s].bit_count() for s in range(4)] == [2] * 4
    play(hand, "hearts")
    assert seat_cards(hand, 0) == names([0, 1, 2, 12, 13, 14, 24, 25])
    assert hand.talon == [0] * 4


def test_classic_two_players_stock_and_its_last_card():
    # docs/rules.md §6 Deal: 5 each (3 then 2), the next card turned; the taker gets it and two
    # more, the other three; the rest is not dealt and its last card is turned face up.
    hand = Hand(get_rules("classic", 2), 1, DECK)
    assert seat_cards(hand, 0) == names([0, 1, 2, 6, 7])
    assert seat_cards(hand, 1) == names([3, 4, 5, 8, 9])
    assert hand.turned == 10
    play(hand, "take")  # seat 0
    assert seat_cards(hand, 0) == names([0, 1, 2, 6, 7, 10, 11, 12])
    assert seat_cards(hand, 1) == names([3, 4, 5, 8, 9, 13, 14, 15])
    assert hand.stock_card == 31


def test_classic_three_players_stock_and_its_last_card():
    # docs/rules.md §6 Deal: with 3 players, 24 cards are dealt and the stock's last card shown.
    hand = Hand(get_rules("classic", 3), 2, DECK)
    assert hand.turned == 15
    play(hand, "pass pass take")  # seat 2, the dealer, takes
    assert seat_cards(hand, 2) == names([6, 7, 8, 13, 14, 15, 22, 23])
    assert seat_cards(hand, 0) == names([0, 1, 2, 9, 10, 16, 17, 18])
    assert hand.stock_card == 31
    assert sum(h.bit_count() for h in hand.hands) == 24


def test_classic_four_players_no_stock():
    # docs/rules.md §6 Deal: with four players every card is dealt.
    hand = Hand(get_rules("classic", 4), 0, DECK)
    play(hand, "take")
    assert hand.stock_card is None
    assert sum(h.bit_count() for h in hand.hands) == 32


@pytest.mark.parametrize("rules,auction,turned", [
    ("bulgarian", ["hearts", "pass", "pass", "pass"], None),
    ("coinche", ["80 hearts", "pass", "pass", "pass"], None),
    ("bela", ["hearts"], None),
    ("french", ["take"], "9H"),
])
def test_positions_helper_deals_the_asked_hands(rules, auction, turned):
    # tests/positions.py inverts each deal pattern of docs/rules.md (checked here once per pattern).
    wanted = solo("H")
    hand = new_hand(rules, wanted, 3, auction, turned=turned, taker=0)
    assert [seat_cards(hand, s) for s in range(4)] == [hand_str(mask_of_str(w)) for w in wanted]


# --- who bids and who leads -----------------------------------------------------------------

@pytest.mark.parametrize("rules,players,dealer,auction", [
    ("bulgarian", 4, 2, ["pass", "pass", "spades", "pass", "pass", "pass"]),
    ("french", 4, 0, ["pass", "pass", "take"]),
    ("coinche", 4, 3, ["pass", "90 clubs", "pass", "pass", "pass"]),
    ("bela", 4, 1, ["pass", "pass", "pass", "clubs"]),
    ("classic", 3, 1, ["pass", "take"]),
])
def test_player_after_dealer_bids_first_and_leads(rules, players, dealer, auction):
    # docs/rules.md §1 Direction: the player after the dealer bids first and leads the first trick,
    # whoever took the contract.
    hand = Hand(get_rules(rules, players), dealer, DECK)
    assert hand.turn == (dealer + 1) % players
    play(hand, auction)
    assert hand.phase == "play"
    assert hand.turn == (dealer + 1) % players


def test_trick_winner_leads_the_next():
    # docs/rules.md §1 Direction: the winner of a trick leads the next. Seat 0 (all hearts) leads
    # 7H, hearts trump: seat 0 wins and leads again.
    hand = new_hand("bulgarian", solo("H"), 3, ["hearts", "pass", "pass", "pass"])
    play(hand, "7H 7C 8C 9C")
    assert hand.tricks[0][2] == 0 and hand.turn == 0


def hand_first_legal(hand):
    return next(a for a in hand.legal_actions() if not a.startswith("declare"))


def test_trick_winner_leads_when_not_the_leader():
    # docs/rules.md §1 Direction: seat 3 trumps seat 0's lead and leads the next trick.
    hands = ["AC KC QC JC TC 9C 8C 7C", "7D 8D 9D TD JD QD KD AD",
             "7S 8S 9S TS JS QS KS AS", "7H 8H 9H TH JH QH KH AH"]
    hand = new_hand("bulgarian", hands, 3, ["hearts", "pass", "pass", "pass"])
    play(hand, "AC 7D 7S 7H")
    assert hand.tricks[0][2] == 3 and hand.turn == 3


def test_illegal_card_is_refused_with_the_reason():
    # docs/rules.md §1 Playing a card: the engine never lets an illegal card be played; the UI
    # explains why a card is refused.
    hands = ["AC KC QC JC TC 9C 8C 7C", "7D 8D 9D TD JD QD KD AH",
             "7S 8S 9S TS JS QS KS AS", "7H 8H 9H TH JH QH KH AD"]
    hand = new_hand("bulgarian", hands, 3, ["hearts", "pass", "pass", "pass"])
    play(hand, "AC")
    refusal = hand.why_illegal("7D")
    assert refusal.code == "must-trump" and refusal.params["held"] == ["AH"]
    assert str(refusal) == ("you must trump with a heart as your partner is not winning: "
                            "you hold AH")
    assert hand.why_illegal("7H") == Refusal("not-held", {"card": "7H"})
    assert hand.why_illegal("AH") is None
    with pytest.raises(IllegalAction, match="trump") as refused:
        hand.apply("7D")
    assert refused.value.refusal.code == "must-trump"
    with pytest.raises(IllegalAction):
        hand.apply("7S")  # seat 2's card, not seat 1's


def test_nothing_after_the_hand():
    hand = new_hand("bulgarian", solo("H"), 3, ["pass"] * 4)
    assert hand.over
    with pytest.raises(IllegalAction):
        hand.apply("7H")


# --- declarations as actions (docs/rules.md §2 Declarations: announced with the first card) ------

def bulgarian_solo(suit="H", contract="hearts"):
    return new_hand("bulgarian", solo(suit), 3, [contract, "pass", "pass", "pass"])


def test_declarations_offered_before_the_first_card():
    # docs/rules.md §2 Declarations: announced while playing one's first card.
    hand = bulgarian_solo()
    assert set(hand.legal_actions()) >= {"declare quinte TH JH QH KH AH",
                                         "declare tierce 7H 8H 9H"}


def test_declaration_cards_in_any_order():
    hand = bulgarian_solo()
    hand.apply("declare tierce 9H 7H 8H")
    assert [str(d) for d in hand.declared[0]] == ["tierce 7H 8H 9H"]
    assert "declare tierce 7H 8H 9H" not in hand.legal_actions()


def test_declaration_not_held_is_refused():
    hand = bulgarian_solo()
    with pytest.raises(IllegalAction):
        hand.apply("declare quarte 7H 8H 9H TH")  # the engine's best use is quinte + tierce
    with pytest.raises(IllegalAction):
        hand.apply("declare tierce 7C 8C 9C")


def test_no_declaration_after_the_first_card():
    # docs/rules.md §2: declarations go with the first card, not later.
    hand = bulgarian_solo()
    play(hand, "7H")
    while hand.turn != 0:
        hand.apply(hand_first_legal(hand))
    assert not any(a.startswith("declare") for a in hand.legal_actions())
    with pytest.raises(IllegalAction):
        hand.apply("declare tierce 8H 9H TH")


def test_declarations_compared_after_the_first_trick():
    # docs/rules.md §2: shown after the first trick.
    hand = bulgarian_solo()
    hand.apply("declare quinte TH JH QH KH AH")
    play(hand, "7H")
    assert hand.counted is None
    for _ in range(3):
        hand.apply(hand_first_legal(hand))
    assert [str(d) for d in hand.counted[0]] == ["quinte TH JH QH KH AH"]


def test_no_declarations_in_no_trumps():
    # docs/rules.md §2 Contracts: no-trumps: no declarations, no belote.
    hand = bulgarian_solo(contract="no-trumps")
    assert not any(a.startswith("declare") for a in hand.legal_actions())
    play_out(hand)
    assert hand.score.declarations == [0, 0] and hand.score.belote == [0, 0]


def test_undeclared_declarations_do_not_count():
    # docs/rules.md §2: a declaration counts only when announced.
    hand = bulgarian_solo()
    play_out(hand, declare=False)
    assert hand.score.declarations == [0, 0]


# --- belote (docs/rules.md §1 Belote, §2 Belote) -------------------------------------------------

def test_belote_counts_20_once_both_cards_are_played():
    # docs/rules.md §1 Belote: 20 points, counts only if both cards are played by that player; said
    # with the first, "rebelote" with the second.
    hand = bulgarian_solo()
    for card in "7H 8H 9H TH JH QH".split():
        while hand.turn != 0:
            hand.apply(hand_first_legal(hand))
        hand.apply(card)
    assert hand.belote == [0, 0]
    assert [(s, w) for s, w, _ in hand.belote_log] == [(0, "belote")]
    while hand.turn != 0:
        hand.apply(hand_first_legal(hand))
    hand.apply("KH")
    assert hand.belote == [20, 0]
    assert [(s, w) for s, w, _ in hand.belote_log] == [(0, "belote"), (0, "rebelote")]


def test_belote_is_never_compared_with_declarations():
    # docs/rules.md §1 Belote: 20 to its team whatever the declarations; the two cards may also be
    # part of a declaration (here the quinte TH-AH).
    hand = bulgarian_solo()
    play_out(hand)
    assert hand.score.belote == [20, 0]
    assert hand.score.declarations == [120, 0]


def test_belote_in_all_trumps_any_suit():
    # docs/rules.md §2 Belote: in all-trumps the king and queen of any suit make a belot.
    hand = bulgarian_solo("D", "all-trumps")
    play_out(hand)
    assert hand.score.belote == [20, 0]


def test_belote_in_all_trumps_lost_when_discarded():
    # docs/rules.md §2 Belote: one that is discarded on a trick of another suit is lost. Seat 1
    # holds KD QD and discards KD on seat 0's club lead.
    hands = ["7C 8C 9C TC JC QC KC AC", "KD QD 7D 8D 7H 8H 7S 8S",
             "9D TD JD AD QH KH QS KS", "9H TH JH AH 9S TS JS AS"]
    hand = new_hand("bulgarian", hands, 3, ["all-trumps", "pass", "pass", "pass"])
    play(hand, "7C KD 9D 9H 8C QD TD TH")
    assert hand.belote == [0, 0]
    assert not [e for e in hand.belote_log if e[0] == 1]
    play_out(hand)
    assert hand.score.belote[1] == 0


def test_belote_in_all_trumps_said_when_following():
    # docs/rules.md §2 Belote: counts when the first of the pair is played following the suit led.
    hands = ["7D 8D 9D TD 7C 8C 9C TC", "KD QD 7H 8H JC QC KC AC",
             "JD AD 9H TH JH AH 7S 8S", "QH KH 9S TS JS QS KS AS"]
    hand = new_hand("bulgarian", hands, 3, ["all-trumps", "pass", "pass", "pass"])
    play(hand, "7D KD")
    assert hand.belote_log[0][:2] == (1, "belote")


def test_belote_said_when_trumping():
    # docs/rules.md §2 Belote: counts when the first of the pair is played trumping. Seat 1 has no
    # club and trumps seat 0's AC with QH, then plays KH.
    hands = ["AC KC QC JC TC 9C 8C 7C", "QH KH 7D 8D 9D 7S 8S 9S",
             "7H 8H 9H TH TD JD QD KD", "JH AH AD TS JS QS KS AS"]
    hand = new_hand("bulgarian", hands, 3, ["hearts", "pass", "pass", "pass"])
    play(hand, "AC QH")
    assert hand.belote_log[0][:2] == (1, "belote")
    play_out(hand)
    assert hand.score.belote == [0, 20]


def test_no_belote_in_a_plain_suit_of_a_suit_contract():
    # docs/rules.md §1 Belote: king and queen of trump. Seat 1 holds KD QD, hearts are trump.
    hands = ["7H 8H 9H TH JH QH KH AH", "KD QD 7D 8D 7C 8C 7S 8S",
             "9D TD JD AD 9C TC 9S TS", None]
    hand = new_hand("french", hands, 3, ["take"], turned="7H", taker=0)
    play_out(hand)
    assert hand.score.belote == [20, 0]


# --- tricks, last trick, valat (docs/rules.md §1, §2 Hand points) --------------------------------

def test_last_trick_adds_ten():
    # docs/rules.md §1 Card points: the last trick adds 10 ("dix de der"): 162.
    hand = bulgarian_solo()
    play_out(hand)
    tricks = [e for e in hand.events if e["type"] == "trick"]
    for i, t in enumerate(tricks):
        cards_value = sum(hand.contract.points[parse_card(c)] for c in t["cards"])
        assert t["points"] == cards_value + (10 if i == 7 else 0)
    assert sum(t["points"] for t in tricks) == 162


def test_valat_all_eight_tricks():
    # docs/rules.md §1 Valat: a team that wins all eight tricks; §2: +90, and the hand cannot end
    # the match.
    hand = bulgarian_solo()
    play_out(hand)
    r = hand.score
    assert r.valat and r.card_points == [162, 0]
    assert r.raw == [162 + 120 + 20 + 90, 0]
    assert not r.can_end_match


def test_bela_all_eight_of_a_suit_wins_outright():
    # docs/rules.md §5 Declarations: all 8 of a suit ("belot") wins the match outright.
    hand = new_hand("bela", solo("S"), 3, ["spades"])
    assert "declare belot 7S 8S 9S TS JS QS KS AS" in hand.legal_actions()
    play_out(hand)
    assert hand.score.outright == 0


# --- Classic "I'm out" (docs/rules.md §6) --------------------------------------------------------

def classic_two():
    """Seat 0 takes hearts holding all eight; seat 1 discards the cards listed."""
    hands = ["7H 8H 9H TH JH QH KH AH", "7C 8C TD AC KD 7S 9S JS"]
    return new_hand("classic", hands, 1, ["take"], players=2, turned="JH", taker=0,
                    stock_card="AS")


def test_out_not_before_winning_a_trick_with_points():
    # docs/rules.md §6 "I'm out": allowed only once that player has won a trick holding a card
    # worth points.
    hand = classic_two()
    assert "out" not in hand.legal_actions()
    with pytest.raises(IllegalAction):
        hand.apply("out")
    play(hand, "7H 7C")  # seat 0 wins a trick worth nothing
    assert hand.turn == 0 and "out" not in hand.legal_actions()
    play(hand, "8H AC")  # now a trick with an ace
    assert hand.turn == 0 and "out" in hand.legal_actions()


def test_out_only_for_the_side_that_won_points():
    # docs/rules.md §6: seat 1 has won nothing: no claim for seat 1.
    hand = classic_two()
    play(hand, "8H AC 7H")
    assert hand.turn == 1 and "out" not in hand.legal_actions()


def test_out_not_when_only_the_last_trick_remains():
    # docs/rules.md §6: never when only the last trick remains.
    hand = classic_two()
    play(hand, "8H AC 7H 7C 9H 8C TH TD JH KD QH 7S")
    assert len(hand.tricks) == 6 and "out" in hand.legal_actions()
    play(hand, "KH 9S")
    assert len(hand.tricks) == 7 and "out" not in hand.legal_actions()


def test_out_stops_the_hand():
    # docs/rules.md §6: a player who believes their total would reach 1000 may stop the hand.
    hand = classic_two()
    play(hand, "8H AC")
    hand.apply("out")
    assert hand.over and hand.out == {"seat": 0, "after_card": 2}
    assert hand.score is None


def test_no_out_claim_outside_classic():
    # docs/rules.md §6: "I'm out" belongs to Classic Belote.
    hand = bulgarian_solo()
    play(hand, "7H")
    while hand.turn != 0:
        hand.apply(hand_first_legal(hand))
    assert "out" not in hand.legal_actions()


def test_running_card_points_hidden_in_classic():
    # docs/rules.md §6: while the hand is in play the running card points are not shown.
    assert not get_rules("classic", 2).shows_card_points
    assert get_rules("bulgarian").shows_card_points


def test_deck_for_places_the_stock_card_last():
    deck = deck_for("classic", 1, ["7H 8H 9H TH JH QH KH AH", "7C 8C TD AC KD 7S 9S JS"],
                    turned="JH", taker=0, stock_card="AS", players=2)
    assert card_name(deck[-1]) == "AS"


# --- whole hands scored end to end (seat 0 holds all eight hearts and takes every trick) ---

def test_bulgarian_hand_scored_end_to_end():
    # docs/rules.md §2 Hand points: 162 + quinte and tierce (120) + belot (20) + valat (90) = 392,
    # divided by ten: 39.
    hand = play_out(bulgarian_solo())
    assert hand.score.raw == [392, 0] and hand.score.score == [39, 0]


def test_french_hand_scored_end_to_end():
    # docs/rules.md §3: 162 + capot 90 (252) + quinte (a run of eight is one quinte) 100
    # + belote 20.
    hand = play_out(new_hand("french", solo("H"), 3, ["take"], turned="9H", taker=0))
    assert hand.score.score == [372, 0] and hand.score.made


def test_coinche_hand_scored_end_to_end():
    # docs/rules.md §4: capot 250 for the cards + quinte 100 + the bid 80, + belote 20.
    hand = play_out(new_hand("coinche", solo("H"), 3, ["80 hearts", "pass", "pass", "pass"]))
    assert hand.score.score == [450, 0] and hand.score.made


def test_coinche_capot_bid_scored_end_to_end():
    # docs/rules.md §4: a capot bid made: 500 in all + quinte 100, belote 20; coinched: x 2 except
    # the belote.
    hand = play_out(new_hand("coinche", solo("H"), 3,
                             ["capot hearts", "double", "pass", "pass"]))
    assert hand.contract.multiplier == 2
    assert hand.score.score == [(500 + 100) * 2 + 20, 0]


def test_bela_hand_scored_end_to_end():
    # docs/rules.md §5: 162 + štiglja 90 + bela 20; the belot of eight wins the match instead of
    # scoring points.
    hand = play_out(new_hand("bela", solo("H"), 3, ["hearts"]))
    assert hand.score.score == [272, 0] and hand.score.outright == 0


def test_classic_two_players_scored_end_to_end():
    # docs/rules.md §6: cards won (62 hearts + 27 in the other's discards + 10 last trick) +
    # capote 100 + quinte 100 + belote 20.
    hand = play_out(classic_two())
    assert hand.score.card_points == [99, 0]
    assert hand.score.score == [99 + 100 + 100 + 20, 0]
