"""Hand records (docs/records.md): writing, replaying, and refusing bad input
with a RecordError that names the problem."""

import copy
import json

import pytest
from positions import new_hand, play, play_out

from belote import RecordError, get_rules, hand_record, replay
from belote.record import loads, summary

SOLO_H = ["7H 8H 9H TH JH QH KH AH", "7C TC KC 9D QD 8S JS AS",
          "8C JC AC 7D TD KD 9S QS", "9C QC 8D JD AD 7S TS KS"]


def finished(rules="bulgarian", auction=("hearts", "pass", "pass", "pass"), **kw):
    hand = new_hand(rules, SOLO_H, 3, list(auction), **kw)
    return play_out(hand)


def base_record():
    return hand_record(finished())


def refused(record, *fragments):
    with pytest.raises(RecordError) as info:
        replay(record)
    message = str(info.value)
    for f in fragments:
        assert f in message, message
    return message


# --- writing and replaying ------------------------------------------------------------------

def test_record_has_the_design_fields():
    # docs/records.md: rules, players, options, dealer, deck, auction, play, declared, out.
    rec = base_record()
    assert set(rec) == {"rules", "players", "options", "dealer", "deck", "auction", "play",
                        "declared", "out"}
    assert rec["rules"] == "bulgarian" and rec["players"] == 4 and rec["options"] == {}
    assert rec["dealer"] == 3 and len(rec["deck"]) == 32 and len(rec["play"]) == 32
    assert rec["auction"] == ["hearts", "pass", "pass", "pass"]
    assert rec["declared"][0] == ["quinte", "TH JH QH KH AH", "tierce", "7H 8H 9H"]
    assert rec["out"] is None
    json.dumps(rec)


def test_replay_gives_the_same_result():
    # docs/records.md: complete enough to replay and re-score the hand with no other state.
    hand = finished()
    again = replay(json.loads(json.dumps(hand_record(hand))))
    assert summary(again) == summary(hand)
    assert again.played == hand.played


def test_summary_has_the_command_line_fields():
    # docs/cli.md: replay prints card_points, declarations, belote, valat, raw,
    # score, hanging, contract, bidders, made.
    s = summary(finished())
    assert set(s) == {"card_points", "declarations", "belote", "valat", "raw", "score",
                      "hanging", "contract", "bidders", "made"}
    assert s["card_points"] == [162, 0] and s["valat"] is True
    assert s["contract"] == "hearts" and s["bidders"] == 0 and s["made"] is True


def test_declared_as_pairs_is_accepted():
    # docs/records.md: "declared": [["tierce", "9H TH JH"], [], [], []].
    rec = base_record()
    rec["declared"] = [[["quinte", "TH JH QH KH AH"]], [], [], []]
    assert summary(replay(rec))["declarations"] == [100, 0]


def test_declared_omitted_means_each_seat_declares_all():
    # docs/records.md: "declared" may be omitted: then each seat declares all it holds.
    rec = base_record()
    del rec["declared"]
    assert summary(replay(rec))["declarations"] == [120, 0]


def test_declared_empty_means_nothing_declared():
    rec = base_record()
    rec["declared"] = [[], [], [], []]
    assert summary(replay(rec))["declarations"] == [0, 0]


def test_options_are_recorded_and_replayed():
    # docs/records.md: "options": rule options that differ from the defaults, by name.
    hand = new_hand("coinche", SOLO_H, 3, ["80 hearts", "pass", "pass", "pass"],
                    options={"undertrump": True})
    rec = hand_record(play_out(hand))
    assert rec["options"] == {"undertrump": True}
    assert replay(rec).rules.options["undertrump"] is True


def test_thrown_in_record_replays():
    rec = hand_record(new_hand("bulgarian", SOLO_H, 3, ["pass"] * 4))
    hand = replay(rec)
    assert hand.over and hand.contract is None
    assert summary(hand)["contract"] == "thrown in"


def test_unfinished_record_replays_when_allowed():
    hand = new_hand("bulgarian", SOLO_H, 3, ["hearts", "pass", "pass", "pass"])
    play(hand, "7H 7C")
    rec = hand_record(hand)
    assert replay(rec, complete=False).played == hand.played
    refused(rec, "ends before the hand is over")


def test_out_claim_recorded_and_replayed():
    # docs/records.md: "out": {"seat": 1, "after_card": 17} for Classic "I'm out".
    hand = new_hand("classic", ["7H 8H 9H TH JH QH KH AH", "7C 8C TD AC KD 7S 9S JS"], 1,
                    ["take"], players=2, turned="JH", taker=0)
    play(hand, "8H AC out")
    rec = hand_record(hand)
    assert rec["out"] == {"seat": 0, "after_card": 2}
    again = replay(rec)
    assert again.out == rec["out"] and again.over


def test_loads_reads_json():
    assert loads('{"rules": "bela"}') == {"rules": "bela"}


# --- bad input ------------------------------------------------------------------------------

def test_malformed_json():
    with pytest.raises(RecordError, match="not valid JSON"):
        loads('{"rules": "bulgarian",')


def test_not_an_object():
    refused([1, 2], "JSON object")


@pytest.mark.parametrize("key", ["rules", "dealer", "deck"])
def test_missing_key(key):
    rec = base_record()
    del rec[key]
    refused(rec, repr(key))


def test_unknown_rule_set():
    rec = base_record()
    rec["rules"] = "skat"
    refused(rec, "unknown rule set", "skat")


def test_unknown_option():
    rec = base_record()
    rec["options"] = {"trumps": 5}
    refused(rec, "unknown option", "trumps")


@pytest.mark.parametrize("options", [{"target": "many"}, {"target": 0}, {"target": True},
                                     [1], "x"])
def test_bad_option_value(options):
    rec = base_record()
    rec["options"] = options
    refused(rec, "option")


def test_undertrump_is_not_a_bulgarian_option():
    # docs/rules.md §3: the undertrump option belongs to French, Coinche and Classic.
    rec = base_record()
    rec["options"] = {"undertrump": True}
    refused(rec, "unknown option", "undertrump")


@pytest.mark.parametrize("players", [2, 3, 5, "4", None])
def test_bad_player_count(players):
    # docs/rules.md §2-§5: four players; only Classic has 2 and 3.
    rec = base_record()
    rec["players"] = players
    refused(rec, "players")


@pytest.mark.parametrize("dealer", [-1, 4, "0", True, None])
def test_bad_dealer(dealer):
    rec = base_record()
    rec["dealer"] = dealer
    refused(rec, "dealer")


def test_deck_not_32_cards():
    rec = base_record()
    rec["deck"] = rec["deck"][:31]
    refused(rec, "32 cards", "31")
    rec["deck"] = "7C 8C"
    refused(rec, "32 cards")


def test_deck_with_unknown_card():
    rec = base_record()
    rec["deck"][5] = "1Z"
    refused(rec, "deck card 6", "1Z")


def test_deck_with_repeated_card():
    rec = base_record()
    rec["deck"][7] = rec["deck"][0]
    refused(rec, "deck card 8", "twice")


def test_illegal_bid():
    rec = base_record()
    rec["auction"] = ["hearts", "clubs", "pass", "pass", "pass"]
    refused(rec, "auction word 2", "clubs", "not a legal bid")


def test_coinche_record_with_the_bidder_surcoinching_replays():
    # docs/rules.md §4, docs/records.md auction words: only the turns taken are listed; the bidder
    # (seat 0, first to speak) surcoinches after its partner passes.
    rec = hand_record(finished("coinche", ["80 hearts", "double", "pass", "redouble"]))
    hand = replay(rec)
    assert hand.contract.multiplier == 4 and hand.contract.bidder == 0
    assert hand.auction.history() == [(0, "80 hearts"), (1, "double"), (2, "pass"),
                                      (0, "redouble")]


def test_coinche_record_with_a_bid_after_the_coinche_is_refused():
    # docs/rules.md §4: after a coinche no one may bid again.
    rec = hand_record(finished("coinche", ["80 hearts", "double", "pass", "pass"]))
    rec["auction"] = ["80 hearts", "double", "90 spades"]
    message = refused(rec, "auction word 3", "90 spades", "by seat 2", "not a legal bid")
    assert "\n" not in message


def test_coinche_record_with_a_defender_speaking_after_the_coinche_is_refused():
    # docs/rules.md §4: the defenders have no turn after the coinche: after the partner's pass the
    # bidder speaks, and a second coinche is not a word it may say.
    rec = hand_record(finished("coinche", ["80 hearts", "double", "pass", "pass"]))
    rec["auction"] = ["80 hearts", "double", "pass", "double"]
    refused(rec, "auction word 4", "by seat 0", "not a legal bid")


def test_bid_after_the_auction():
    rec = base_record()
    rec["auction"] = rec["auction"] + ["pass"]
    refused(rec, "auction word 5", "after the auction ended")


def test_unknown_card_in_play():
    rec = base_record()
    rec["play"][3] = "XX"
    refused(rec, "card 4", "XX")


def test_repeated_card_in_play():
    # A card played twice: the second time its player no longer holds it.
    rec = base_record()
    rec["play"][4] = rec["play"][0]
    refused(rec, "card 5", "7H")


def test_card_not_held_in_play():
    # Seat 0 may not lead a card it does not hold (7C is seat 1's).
    rec = base_record()
    rec["play"][0] = "7C"
    refused(rec, "card 1", "7C", "do not hold")


def test_card_refused_for_not_following_suit():
    # docs/rules.md §1 Playing a card: follow suit. Seat 0 leads 7C in a deal where seat 1 holds
    # clubs and tries a diamond.
    hands = ["7C 8C 9C TC 7D 8D 9D TD", "JC QC KC AC JD QD KD AD",
             "7H 8H 9H TH 7S 8S 9S TS", "JH QH KH AH JS QS KS AS"]
    hand = new_hand("bulgarian", hands, 3, ["hearts", "pass", "pass", "pass"])
    rec = hand_record(hand)
    rec["play"] = ["7C", "JD"]
    refused(rec, "card 2", "JD", "must follow clubs")


def test_card_before_the_auction_ends():
    rec = base_record()
    rec["auction"] = ["hearts", "pass"]
    refused(rec, "card 1", "no card can be played")


def test_card_after_the_hand():
    rec = base_record()
    rec["play"].append("7C")
    refused(rec, "card 33", "no card can be played")


def test_bad_declaration():
    rec = base_record()
    rec["declared"] = [["quarte", "7H 8H 9H TH"], [], [], []]
    refused(rec, "seat 0", "quarte")


def test_declared_wrong_shape():
    rec = base_record()
    rec["declared"] = [["tierce"], [], [], []]
    refused(rec, "declared[0]")
    rec["declared"] = [[], []]
    refused(rec, "declared")


def test_out_outside_classic():
    rec = base_record()
    rec["out"] = {"seat": 0, "after_card": 4}
    refused(rec, "out")


def test_out_malformed():
    rec = base_record()
    rec["out"] = {"seat": "0"}
    refused(rec, "out must be")


def test_record_errors_never_escape_as_other_exceptions():
    # docs/cli.md: never a traceback for bad input. Fields, and entries inside them, replaced by
    # odd values: each replay either works or raises RecordError.
    rec = base_record()
    odd = [None, 1, "x", [], {}, [None], True, -1, 3.5, {"a": 1}, "declare tierce 7H 8H 9H",
           "out", "next"]
    cases = [(key, value) for key in rec for value in odd]
    for v in odd:
        cases += [("play", [v] + rec["play"][1:]), ("play", rec["play"] + [v]),
                  ("auction", [v]), ("declared", [[v], [], [], []]),
                  ("declared", [["tierce", v], [], [], []]), ("deck", [v] * 32),
                  ("out", {"seat": v, "after_card": 2}), ("out", {"seat": 0, "after_card": v}),
                  ("options", {"target": v})]
    for key, value in cases:
        bad = copy.deepcopy(rec)
        bad[key] = value
        try:
            replay(bad)
        except RecordError:
            pass


def test_options_changed_are_named_in_rules():
    # docs/rules.md: options may be changed; the rule set keeps every option by name.
    rules = get_rules("french", 4, {"undertrump": False, "target": 1001})
    assert rules.options == {"target": 1001, "undertrump": False}
    assert rules.changed_options == {"undertrump": False, "target": 1001}
