"""Cards, notation, trick order and card points (docs/rules.md §1)."""

import pytest

from belote import Match
from belote.cards import (
    ALL_CARDS,
    PLAIN_RANKING,
    TRUMP_RANKING,
    CardError,
    card_name,
    cards_of,
    hand_str,
    parse_card,
    parse_cards,
    parse_hand,
    rank,
    suit,
)
from belote.contract import ALL_TRUMPS, NO_TRUMPS, SUIT, Contract

HEARTS_TRUMP = Contract(SUIT, 2, 0)


def by_strength(contract, text):
    """The cards of ``text`` from strongest to weakest under ``contract``."""
    return [card_name(c) for c in sorted(parse_cards(text), key=lambda c: -contract.strength[c])]


def test_thirty_two_cards_with_distinct_names():
    # docs/rules.md §1 Cards: 32 cards, ranks 7 8 9 T J Q K A in four suits.
    names = {card_name(c) for c in ALL_CARDS}
    assert len(names) == 32
    assert {n[0] for n in names} == set("789TJQKA")
    assert {n[1] for n in names} == set("CDHS")


def test_notation_rank_then_suit():
    # docs/rules.md §1 Cards: notation is rank then suit, `JH` the jack of hearts.
    jh = parse_card("JH")
    assert card_name(jh) == "JH"
    assert suit(jh) == 2 and rank(jh) == 4  # hearts; 7 8 9 T J -> index 4
    assert parse_card("jh") == jh and parse_card("10H") == parse_card("TH")


def test_every_card_round_trips():
    # docs/rules.md §1 Cards: the notation names every card exactly.
    for c in ALL_CARDS:
        assert parse_card(card_name(c)) == c


@pytest.mark.parametrize("bad", ["", "1H", "JX", "HJ", "JHH", "ZZ"])
def test_unknown_card_is_refused(bad):
    # docs/rules.md §1 Cards: anything else is not a card.
    with pytest.raises(CardError):
        parse_card(bad)


def test_hand_as_space_separated_cards():
    # docs/rules.md §1 Cards: a hand is written "JH 9H AS TS".
    mask = parse_hand("JH 9H AS TS")
    assert hand_str(mask) == "9H JH TS AS"
    assert len(cards_of(mask)) == 4


def test_card_written_twice_in_a_hand_is_an_error():
    # docs/rules.md §1 Cards: each card exists once.
    with pytest.raises(CardError, match="twice"):
        parse_hand("JH 9H JH")


def test_trump_order_j_9_a_t_k_q_8_7():
    # docs/rules.md §1 Trick order: in a trump suit J 9 A T K Q 8 7.
    assert by_strength(HEARTS_TRUMP, "7H 8H 9H TH JH QH KH AH") == \
        "JH 9H AH TH KH QH 8H 7H".split()


def test_plain_order_a_t_k_q_j_9_8_7():
    # docs/rules.md §1 Trick order: in a plain suit A T K Q J 9 8 7.
    assert by_strength(HEARTS_TRUMP, "7S 8S 9S TS JS QS KS AS") == \
        "AS TS KS QS JS 9S 8S 7S".split()


def test_the_rank_letters_strongest_first_follow_the_trick_order():
    assert TRUMP_RANKING == "J9ATKQ87" and PLAIN_RANKING == "ATKQJ987"
    assert [c[0] for c in by_strength(HEARTS_TRUMP, "7H 8H 9H TH JH QH KH AH")] == \
        list(TRUMP_RANKING)
    assert [c[0] for c in by_strength(HEARTS_TRUMP, "7S 8S 9S TS JS QS KS AS")] == \
        list(PLAIN_RANKING)


def test_all_trumps_ranks_every_suit_as_trump():
    # docs/rules.md §2 Contracts: all-trumps, every suit ranks as trump.
    at = Contract(ALL_TRUMPS, None, 0)
    assert by_strength(at, "7C 8C 9C TC JC QC KC AC") == "JC 9C AC TC KC QC 8C 7C".split()


def test_no_trumps_ranks_every_suit_as_plain():
    # docs/rules.md §2 Contracts: no-trumps, every suit ranks as plain.
    nt = Contract(NO_TRUMPS, None, 0)
    assert by_strength(nt, "7D 8D 9D TD JD QD KD AD") == "AD TD KD QD JD 9D 8D 7D".split()


def test_trump_card_points():
    # docs/rules.md §1 Card points: trump J 20, 9 14, A 11, T 10, K 4, Q 3, 8 and 7 nothing.
    p = HEARTS_TRUMP.points
    assert [p[parse_card(c)] for c in "JH 9H AH TH KH QH 8H 7H".split()] == \
        [20, 14, 11, 10, 4, 3, 0, 0]


def test_plain_card_points():
    # docs/rules.md §1 Card points: plain A 11, T 10, K 4, Q 3, J 2, 9 8 7 nothing.
    p = HEARTS_TRUMP.points
    assert [p[parse_card(c)] for c in "AS TS KS QS JS 9S 8S 7S".split()] == \
        [11, 10, 4, 3, 2, 0, 0, 0]


def test_suit_contract_holds_152_in_the_cards():
    # docs/rules.md §1 Card points: 62 in the trump suit, 30 in each plain suit, 152 in all.
    p = HEARTS_TRUMP.points
    assert sum(p[c] for c in range(16, 24)) == 62
    assert sum(p[c] for c in range(0, 8)) == 30
    assert sum(p) == 152


def test_all_trumps_and_no_trumps_card_totals():
    # docs/rules.md §2 Contracts: all-trumps 4 x 62 (+10 = 258); no-trumps 4 x 30 (+10 = 130).
    assert sum(Contract(ALL_TRUMPS, None, 0).points) == 248
    assert sum(Contract(NO_TRUMPS, None, 0).points) == 120


def test_contract_names():
    assert Contract(SUIT, 2, 1).name == "hearts"
    assert Contract(SUIT, 2, 1, multiplier=2).label == "hearts doubled"
    assert Contract(SUIT, 3, 1, 90).name == "90 spades"
    assert Contract(SUIT, 3, 1, 500, 4).label == "capot spades redoubled"
    assert Contract(NO_TRUMPS, None, 0).name == "no-trumps"


def test_the_contract_a_view_shows_reads_back():
    m = Match("coinche", seed=3)
    for word in ("120 diamonds", "double", "pass", "pass"):
        m.apply(word)
    assert m.hand.contract == Contract(SUIT, 1, (m.hand.dealer + 1) % 4, 120, 2)
    assert Contract.from_dict(m.view(0)["contract"]) == m.hand.contract
