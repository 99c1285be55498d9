"""What each bid shows (belote/bots/meanings.py): the model, the page's data, the bots keeping to
it and reading every seat's words by it."""

import json
import random

import pytest
from positions import new_hand

from belote.bots import make_bot
from belote.bots.knowledge import Knowledge
from belote.bots.meanings import allowed_words, contexts, meaning, view_meanings
from belote.bots.sampler import BotSampler, Sampler
from belote.cards import parse_hand
from belote.game import Match
from belote.rules import CONFIGS, get_rules

BULGARIAN = get_rules("bulgarian")
COINCHE = get_rules("coinche")


def shows(rules, auction, word, turned=None, dealer=3):
    return meaning(get_rules(rules) if isinstance(rules, str) else rules, dealer, auction,
                   word, turned)


def test_a_suit_bid_shows_its_jack_or_its_nine_with_another_card_of_the_suit():
    m = shows(BULGARIAN, [], "hearts")
    assert m.kind == "suit" and m.seat == 0 and m.contract == "hearts"
    assert m.fits(parse_hand("JH 7S 8S 9C AC"))           # the jack alone
    assert m.fits(parse_hand("9H 7H 8S 9C AC"))           # the nine with another heart
    assert not m.fits(parse_hand("9H 7S 8S 9C AC"))       # the nine alone
    assert not m.fits(parse_hand("AH TH KH 8S AC"))       # three hearts, no jack, no nine
    assert m.misfit(parse_hand("AH TH KH 8S AC")) == "suit: no J, no 9, 3 cards, 1 side ace"


def test_a_coinche_bid_shows_four_trumps_too():
    """A bid naming the points to take may stand on four trumps without their jack or nine
    (the Expert before issue 39 bid so); elsewhere a suit bid does not."""
    long = parse_hand("AH TH KH QH 7S 8S 9C AC")
    assert shows(COINCHE, [], "80 hearts").fits(long)
    assert not shows(COINCHE, [], "80 hearts").fits(parse_hand("AH TH KH 7S 8S 9C AC 7D"))
    assert not shows(BULGARIAN, [], "hearts").fits(long)


def test_take_counts_the_turned_card():
    m = shows("french", [], "take", turned="9H")
    assert m.turned is not None and m.to_dict()["turned"] == "9H"
    assert m.fits(parse_hand("7H 8S 9C AC KD"))           # the turned nine and the seven
    assert not m.fits(parse_hand("7S 8S 9C AC KD"))


def test_no_trumps_shows_two_aces_or_an_ace_with_its_ten():
    m = shows(BULGARIAN, ["hearts"], "no-trumps")
    assert m.fits(parse_hand("AH AS 7C 8C 9D"))
    assert m.fits(parse_hand("AH TH 7C 8C 9D"))
    assert not m.fits(parse_hand("AH TS 7C 8C 9D"))


def test_all_trumps_shows_a_jack_with_another_jack_or_a_nine():
    m = shows(BULGARIAN, [], "all-trumps")
    assert m.fits(parse_hand("JH 9S 7C 8C AD"))
    assert m.fits(parse_hand("JH JS 7C 8C AD"))
    assert not m.fits(parse_hand("9H 9S 7C 8C AD"))       # no jack
    assert not m.fits(parse_hand("JH 7S 7C 8C AD"))


def test_a_double_shows_something_against_the_contract_it_doubles():
    m = shows(BULGARIAN, ["hearts"], "double")
    assert m.kind == "double" and m.contract == "hearts"
    assert m.fits(parse_hand("9H 7S 8S 9C 7D"))           # the nine of their trumps
    assert m.fits(parse_hand("7H 8H TH QH 7D"))           # four of their trumps
    assert m.fits(parse_hand("7H AS 8S 9C 7D"))           # an ace of another suit
    assert not m.fits(parse_hand("7H AH 8S 9C 7D"))       # their ace is no side ace
    assert shows(BULGARIAN, ["no-trumps"], "double").fits(parse_hand("AH 7S 8S 9C 7D"))


def test_a_coinche_bid_in_the_partners_suit_shows_support_and_a_new_suit_the_trumps():
    # seat 0 opens 80 hearts; seat 2, its partner, raises; seat 1, an opponent, names hearts too
    raised = shows(COINCHE, ["80 hearts", "pass"], "90 hearts")
    assert raised.kind == "raise" and raised.seat == 2 and raised.level == 90
    assert raised.fits(parse_hand("7H 8H AS 7C 8C 9C 7D 8D"))   # an ace outside hearts
    assert not raised.fits(parse_hand("7H 8H TH 7C 8C 9C 7D 8D"))
    assert shows(COINCHE, ["80 hearts"], "90 hearts").kind == "suit"
    # the opener bidding its own suit again still shows the trumps
    again = shows(COINCHE, ["80 hearts", "pass", "90 spades", "pass"], "100 hearts")
    assert again.seat == 0 and again.kind == "suit"


def test_a_pass_and_a_forced_word_show_nothing():
    assert shows(BULGARIAN, [], "pass").shows == ()
    forced = shows("bela", ["pass", "pass", "pass"], "hearts")
    assert forced.kind == "forced" and forced.fits(0)


def test_the_page_gets_plain_data_for_every_word_said_and_every_word_it_may_say():
    m = Match("coinche", seed=4)
    while m.phase == "auction" and len(m.view(m.turn)["auction"]) < 2:
        m.apply("pass")
    view = m.view(m.turn)
    got = view_meanings(view)
    assert json.loads(json.dumps(got)) == got
    assert [x["word"] for x in got["auction"]] == ["pass", "pass"]
    assert set(got["legal"]) == set(view["legal"])
    assert got["legal"]["80 hearts"]["shows"] == [
        {"kind": "card", "card": "JH"}, {"kind": "card-with", "card": "9H", "count": 2},
        {"kind": "length", "suit": "hearts", "count": 4}]
    assert view_meanings(m.view((m.turn + 1) % 4))["legal"] == {}  # not that seat's turn


@pytest.mark.parametrize("rules,players", CONFIGS)
def test_the_bots_name_only_words_their_hand_fits(rules, players):
    """Easy and Normal (a fixed amount of work) over a few auctions of every table: every
    word is one its hand fits; the first bots' bidding, kept for the benchmarks, does not
    keep to the meanings (and is not asked to)."""
    for level in ("easy", "normal"):
        for seed in range(3):
            m = Match(rules, players, seed=seed)
            bots = [make_bot(level, seed=s, fixed_work=True) for s in range(players)]
            while m.phase == "auction":
                view = m.view(m.turn)
                k = Knowledge(view)
                word = bots[m.turn].choose(view)
                turn = contexts(k.rules, k.dealer, k.auction, k.turned)[-1]
                assert word in allowed_words(turn, view["legal"], k.hand), (level, word)
                m.apply(word)


def _partner_bid_hearts():
    """Bulgarian: seat 1 bids hearts and plays it; seat 0 (an opponent) to lead."""
    hand = new_hand("bulgarian", ["7S 8S 9S 7C 8C 9C 7D 8D", None, "AS KS QS TC JC QC KC AC",
                                  "JS TS AH KD QD JD TD AD"], dealer=3,
                    auction=["pass", "hearts", "pass", "pass", "pass"])
    m = Match("bulgarian", seed=0)
    m.hand = hand
    return Knowledge(m.view(0))


def test_the_bots_read_a_bid_by_its_meaning_when_they_sample_deals():
    knowledge = _partner_bid_hearts()
    shown = meaning(knowledge.rules, 3, ["pass"], "hearts")
    fits = [shown.fits(BotSampler(knowledge, random.Random(i)).sample()[1]) for i in range(40)]
    assert all(fits)
    # the review's sampler (and the Expert before issue 39) read it by valuations only
    plain = [shown.fits(Sampler(knowledge, random.Random(i)).sample()[1]) for i in range(40)]
    assert not all(plain)


def test_a_fixed_amount_of_work_gives_the_same_choices_whatever_the_clock():
    ticks = iter(range(10 ** 6))

    def racing():  # a clock that runs out at once
        return float(next(ticks))

    m = Match("coinche", seed=3)
    for _ in range(40):
        if m.phase != "auction" and m.phase != "play":
            break
        view = m.view(m.turn)
        a = make_bot("expert", seed=1, fixed_work=True, max_samples=6, bid_deals=4)
        b = make_bot("expert", seed=1, fixed_work=True, max_samples=6, bid_deals=4,
                     clock=racing)
        assert a.choose(view) == b.choose(view)
        m.apply(a.choose(view))


# --- the benchmarks: bench meanings, bench arena ---------------------------------------------
def test_bench_meanings_counts_the_words_that_fit_and_names_the_misfits():
    from belote.bench.meanings import report, run

    kept = run("bulgarian", 4, "easy", 6, "t", True, 1, {})
    assert kept["words"] and kept["fit"] == kept["words"] and not kept["misfits"]
    free = run("bulgarian", 4, "easy", 30, "t", True, 1, {"meanings": False})
    assert free["fit"] < free["words"]
    assert all(kind.startswith("suit: no J, no 9") for kind in free["misfits"])
    lines = report("bulgarian", 4, "easy", 30, free).splitlines()
    assert "fit" in lines[0] and lines[1].lstrip().startswith("misfit")


def test_the_arena_speaks_colvers_cards_and_bids():
    from belote.bench.arena import colver_bid, from_colver, to_colver
    from belote.cards import parse_card

    assert sorted(to_colver(c) for c in range(32)) == list(range(32))
    assert all(from_colver(to_colver(c)) == c for c in range(32))
    # colver: spades, hearts, diamonds, clubs; in each 7 8 9 J Q K 10 A
    assert to_colver(parse_card("7S")) == 0 and to_colver(parse_card("TS")) == 6
    assert to_colver(parse_card("JH")) == 11 and to_colver(parse_card("AC")) == 31
    assert colver_bid("pass") == 0 and colver_bid("80 spades") == 1
    assert colver_bid("90 clubs") == 8 and colver_bid("capot hearts") == 38
    assert (colver_bid("double"), colver_bid("redouble")) == (41, 42)


def test_the_arena_says_how_to_install_colver_when_it_is_missing(monkeypatch, capsys):
    import builtins

    from belote.bench.arena import main

    real = builtins.__import__

    def without_colver(name, *args, **kwargs):
        if name == "colver":
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", without_colver)
    assert main(["--deals", "1"]) == 2
    assert "requirements-arena.txt" in capsys.readouterr().err


def test_the_arena_by_cpu_time_gives_colver_the_wall_time_that_buys_its_cpu_time(monkeypatch):
    """colver stops on the wall clock: with --clock cpu, its budget grows as the process's share
    of a core falls, and shrinks back as it rises (never below the CPU target itself)."""
    from belote.bench import arena

    monkeypatch.setattr(arena, "_SHARE", [1.0])
    assert arena.colver_time(400) == 400
    arena._took(0.1, 1.0)            # a tenth of a core on the last decision
    assert arena.colver_time(400) == round(400 / 0.55)
    for _ in range(20):
        arena._took(0.1, 1.0)
    assert 3900 <= arena.colver_time(400) <= 4000
    for _ in range(20):
        arena._took(0.5, 0.5)        # a whole core again
    assert arena.colver_time(400) == 400
    arena._took(0.0, 0.001)          # too short to tell: the share stays
    assert arena.colver_time(400) == 400
