"""Why a card is refused, naming the cards that make the duty (docs/rules.md §1 "Playing a card":
"the UI explains why a card is refused"), for every duty of every rule set.

``refused(rules, contract, hand, trick, card)``: the refusal of ``card`` held in ``hand`` by
the next player on ``trick`` (led by ``leader``; 0 and 2 are partners against 1 and 3), from
:func:`belote.play.duty_refusal`. One duty per test, over the rule sets where it exists.
"""

import random

import pytest
from positions import mask_of_str, rules_of

from belote import Match
from belote.cards import hand_str, parse_card, parse_cards
from belote.contract import ALL_TRUMPS, SUIT, Contract
from belote.play import duty_refusal
from belote.refusal import Refusal
from web.i18n import LANGUAGES, refusal, set_language

HEARTS = Contract(SUIT, 2, 0)
AT = Contract(ALL_TRUMPS, None, 0)
FOUR = [("bulgarian", 4), ("french", 4), ("coinche", 4), ("bela", 4), ("classic", 4)]
ALL = [*FOUR, ("classic", 3), ("classic", 2)]
# The rule sets where a player whose partner holds the trick may play any card (docs/rules.md §2-§4,
# §6); Bela has no such exception (§5).
PARTNER_FREES = [s for s in FOUR if s[0] != "bela"]


def refused(rules, contract, hand, trick, card, leader=0, players=4) -> Refusal | None:
    ruleset = rules_of(rules, players)
    cards = parse_cards(trick)
    seats = [(leader + i) % players for i in range(len(cards))]
    seat = (leader + len(cards)) % players
    return duty_refusal(mask_of_str(hand), cards, seats, seat, ruleset.team, contract,
                        ruleset.duties(contract), parse_card(card))


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


@pytest.mark.parametrize("rules,players", ALL)
def test_must_follow_names_the_cards_of_the_suit_led(rules, players):
    # docs/rules.md §1 Playing a card: a player must follow the suit led if able.
    r = refused(rules, HEARTS, "7C 8C JH AS", "AC", "AS", players=players)
    assert r.code == "must-follow"
    assert r.params["held"] == ["8C", "7C"] and r.params["suit"] == "clubs"
    assert refusal(r) == "you must follow clubs: you hold 8♣, 7♣"


@pytest.mark.parametrize("rules,players", ALL)
def test_must_beat_a_trump_lead_names_the_higher_trumps(rules, players):
    # docs/rules.md §2: When trump is led, a player must play a higher trump; §3 "on a trump lead,
    # overtrump if able" (Coinche, Classic: as French); §5 "beat the highest card of the led suit".
    r = refused(rules, HEARTS, "JH 8H 7C", "9H", "8H", players=players)
    assert r.code == "must-beat" and r.params["trump"]
    assert (r.params["held"], r.params["beat"]) == (["JH"], "9H")
    assert refusal(r) == "you must play a higher trump than the 9♥: you hold J♥"


@pytest.mark.parametrize("rules,players", FOUR)
def test_must_beat_a_trump_lead_even_over_the_partner(rules, players):
    # docs/rules.md §2: even if the partner is winning; §3 "(even the partner)"; §5 "if able".
    r = refused(rules, HEARTS, "JH 8H 7C", "9H 7H", "8H", leader=2)
    assert r.code == "must-beat" and r.params["partner"] == "winning"
    assert refusal(r) == ("you must play a higher trump than the 9♥, even though your partner "
                          "is winning: you hold J♥")


@pytest.mark.parametrize("rules,contract", [("bela", HEARTS), ("bulgarian", AT)])
def test_must_beat_a_plain_lead(rules, contract):
    # docs/rules.md §5: follow suit and beat the highest card of the led suit in the trick if able;
    # §2 all-trumps "play a higher card of the led suit whenever able".
    hand = "AC 7C 8D" if contract is HEARTS else "9C 7C 8D"
    r = refused(rules, contract, hand, "TC", "7C")
    assert r.code == "must-beat" and not r.params["trump"]
    assert r.params["beat"] == "TC" and r.params["held"] == [hand[:2]]
    assert refusal(r) == f"you must play higher than the 10♣: you hold {hand[0]}♣"


def test_must_beat_the_suit_led_even_when_trumped_in_bela():
    # docs/rules.md §5: the highest card of the led suit is to beat, though a trump holds the trick.
    r = refused("bela", HEARTS, "AC 8C 8D", "TC 7H", "8C")
    assert r.code == "must-beat" and (r.params["beat"], r.params["held"]) == ("TC", ["AC"])
    assert r.params["winner"] == 1


@pytest.mark.parametrize("rules,players", PARTNER_FREES)
def test_must_trump_when_the_partner_is_not_winning(rules, players):
    # docs/rules.md §2: if the partner is winning the trick, any card; otherwise must trump if able;
    # §3 (Coinche and four-player Classic: as French).
    r = refused(rules, HEARTS, "7H AS TD", "AC", "AS")
    assert r.code == "must-trump"
    assert (r.params["held"], r.params["led"], r.params["partner"]) == (["7H"], "clubs",
                                                                       "not-winning")
    assert refusal(r) == ("your partner is not winning and you cannot follow clubs: you must "
                          "trump with 7♥")


@pytest.mark.parametrize("players", [3, 2])
def test_must_trump_without_a_partner(players):
    # docs/rules.md §6: with 2 or 3 players each plays for themselves; the duty names no partner.
    r = refused("classic", HEARTS, "7H 9H AS TD", "AC", "AS", players=players)
    assert r.code == "must-trump" and "partner" not in r.params
    assert refusal(r) == "you cannot follow clubs: you must trump with 9♥, 7♥"


def test_must_trump_even_when_the_partner_is_winning_in_bela():
    # docs/rules.md §5: must trump, overtrumping if able, even if the partner is winning.
    r = refused("bela", HEARTS, "7H AS TD", "AC 7C", "AS", leader=2)
    assert r.code == "must-trump" and r.params["partner"] == "winning"
    assert refusal(r) == ("you cannot follow clubs: you must trump with 7♥, even though your "
                          "partner is winning")


@pytest.mark.parametrize("rules,players", PARTNER_FREES)
def test_the_partner_winning_frees_the_player(rules, players):
    # docs/rules.md §2: if the partner is winning the trick, any card: nothing is refused.
    assert refused(rules, HEARTS, "7H AS TD", "AC 7C", "AS", leader=2) is None
    assert refused(rules, HEARTS, "JH 7H AS", "AC 9H 7C", "7H", leader=1) is None


@pytest.mark.parametrize("rules,players", [*FOUR, ("classic", 3)])
def test_must_overtrump_an_opponents_trump(rules, players):
    # docs/rules.md §2: if an opponent has already trumped, must overtrump if able; §3 "over an
    # opponent's trump must overtrump if able"; §5 "overtrumping if able". (With two players
    # no one trumps before the second card: the duty cannot arise.)
    r = refused(rules, HEARTS, "JH 7H AS", "AC 9H", "7H", players=players)
    assert r.code == "must-overtrump"
    assert (r.params["held"], r.params["beat"], r.params["winner"]) == (["JH"], "9H", 1)
    assert refusal(r) == "you must overtrump: you hold J♥, higher than the 9♥ on the table"


def test_must_overtrump_even_the_partner_in_bela():
    # docs/rules.md §5: overtrumping if able, even if the partner is winning.
    r = refused("bela", HEARTS, "JH 7H AS", "AC 9H 7C", "7H", leader=1)
    assert r.code == "must-overtrump" and r.params["partner"] == "winning"
    assert refusal(r).startswith("you must overtrump, even though your partner is winning")


@pytest.mark.parametrize("rules,players", [("french", 4), ("bela", 4), ("classic", 4),
                                           ("classic", 3)])
def test_must_undertrump(rules, players):
    # docs/rules.md §3: else must still play a lower trump (option "undertrump", on in French and
    # Classic); §5 "a player who can neither follow nor trump plays any card": one who can trump
    # must.
    r = refused(rules, HEARTS, "8H 7H AS", "AC JH", "AS", players=players)
    assert r.code == "must-undertrump"
    assert (r.params["held"], r.params["beat"]) == (["8H", "7H"], "JH")
    assert refusal(r) == ("you cannot beat the J♥, but you must still play a trump: you hold "
                          "8♥, 7♥")


@pytest.mark.parametrize("rules", ["bulgarian", "coinche"])
def test_no_undertrump_where_the_rules_free_it(rules):
    # docs/rules.md §2: if unable may play any card; §3 option "undertrump" off in Coinche.
    assert refused(rules, HEARTS, "8H 7H AS", "AC JH", "AS") is None


def test_must_undertrump_even_when_the_partner_is_winning_in_bela():
    # docs/rules.md §5: no partner exception; a trump must be played even below the partner's.
    r = refused("bela", HEARTS, "8H 7H AS", "AC JH 7C", "AS", leader=1)
    assert r.code == "must-undertrump" and r.params["partner"] == "winning"
    assert refusal(r) == ("your partner is winning, but you cannot follow clubs and must "
                          "still play a trump: you hold 8♥, 7♥")


def test_a_legal_or_unheld_card_has_no_duty_refusal():
    assert refused("french", HEARTS, "7C 8C JH", "AC", "8C") is None
    assert refused("french", HEARTS, "7C 8C JH", "AC", "KD") is None
    assert refused("french", HEARTS, "7C 8C JH", "", "JH") is None


def test_the_match_gives_the_same_refusal_as_the_table_shows():
    # The match's why_illegal (what the table asks) carries the cards held that are legal.
    m = Match("bulgarian", 4, {}, 2)
    rng = random.Random(1)
    for _ in range(400):
        if m.phase == "play" and m.hand.trick:
            seat = m.turn
            held = hand_str(m.hand.hands[seat]).split()
            illegal = [c for c in held if c not in m.legal_actions()]
            if illegal:
                r = m.why_illegal(illegal[0])
                assert r.code.startswith("must-") and r.params["held"]
                assert set(r.params["held"]) <= set(m.legal_actions())
                return
        m.apply(rng.choice(m.legal_actions()))
    pytest.fail("no refused card met")


VARIANTS = [
    refused("french", HEARTS, "7C 8C JH AS", "AC", "AS"),
    refused("french", HEARTS, "JH 8H 7C", "9H", "8H"),
    refused("french", HEARTS, "JH 8H 7C", "9H 7H", "8H", leader=2),
    refused("bela", HEARTS, "AC 7C 8D", "TC", "7C"),
    refused("bela", HEARTS, "AC 7C 8D", "TC 7D", "7C", leader=2),
    refused("french", HEARTS, "7H AS TD", "AC", "AS"),
    refused("classic", HEARTS, "7H AS TD", "AC", "AS", players=3),
    refused("bela", HEARTS, "7H AS TD", "AC 7C", "AS", leader=2),
    refused("french", HEARTS, "JH 7H AS", "AC 9H", "7H"),
    refused("bela", HEARTS, "JH 7H AS", "AC 9H 7C", "7H", leader=1),
    refused("french", HEARTS, "8H 7H AS", "AC JH", "AS"),
    refused("bela", HEARTS, "8H 7H AS", "AC JH 7C", "AS", leader=1),
]


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_refusal_names_its_cards_in_every_language(language):
    set_language(language)
    texts = set()
    for r in VARIANTS:
        text = refusal(r)
        assert "{" not in text and text, (language, r)
        assert all(c.replace("T", "10")[:-1] in text for c in r.params["held"]), text
        assert any(s in text for s in "♣♦♥♠"), text
        texts.add(text)
    assert len(texts) == len(VARIANTS)  # each variant has its own words
