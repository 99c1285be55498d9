"""Bots: legal play in every rule set, forced moves, time budget, hints, inference, sampling,
bidding, and the strength bench's command line."""

import json

import pytest
import rulebook as rb
from positions import StepClock

from belote.bench import bots as bench
from belote.bench import strength_report as report
from belote.bench.bots import strength_main
from belote.bench.runs import mean_ci, wilson
from belote.bots import hint, make_bot
from belote.bots.knowledge import Knowledge
from belote.bots.sampler import Sampler
from belote.cards import SUIT_MASK, parse_card
from belote.game import Match
from belote.rules import RULE_SETS, get_rules


def _play(match, bots, hands=2, check=None):
    done = 0
    while match.phase != "match-over" and done < hands:
        if match.phase == "hand-over":
            done += 1
            match.apply("next")
            continue
        seat = match.turn
        view = match.view(seat)
        bot = bots[seat]
        action = bot.choose(view, {"hands": list(match.hand.hands)}) \
            if bot.name == "oracle" else bot.choose(view)
        assert action in view["legal"], (bot.name, action, view["legal"])
        if check:
            check(match, view, action)
        match.apply(action)
    return match


@pytest.mark.parametrize("rules,players", [("bulgarian", 4), ("french", 4), ("coinche", 4),
                                           ("bela", 4), ("classic", 4), ("classic", 3),
                                           ("classic", 2)])
@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_levels_play_legal_hands(rules, players, level):
    m = Match(rules, players, seed=11)
    bots = [make_bot(level, seed=s) for s in range(players)]
    _play(m, bots, hands=3)


@pytest.mark.parametrize("rules,players", [("bulgarian", 4), ("coinche", 4), ("french", 4),
                                           ("bela", 4), ("classic", 3)])
def test_expert_and_oracle_play_a_hand(rules, players):
    m = Match(rules, players, seed=5)
    bots = [make_bot("expert" if s % 2 == 0 else "oracle", seed=s, time_budget=0.01)
            for s in range(players)]
    _play(m, bots, hands=1)


def test_expert_declares_and_answers_forced_moves_at_once():
    """The Expert makes its declarations before its first card; a forced card needs no search
    (the clock is never read); any other decision ends by its hard stop, 2.5 x the budget, on
    a clock that moves 0.01 s per reading."""
    clock = StepClock(0.01)
    m = Match("bulgarian", 4, seed=4)  # seat 0 holds a declaration and has forced cards
    expert = make_bot("expert", seed=1, time_budget=0.2, clock=clock)
    others = [make_bot("normal", seed=s, fixed_work=True) for s in range(4)]
    seen_forced = seen_declare = 0
    while m.phase != "hand-over":
        seat = m.turn
        view = m.view(seat)
        if seat == 0:
            before = clock.t
            action = expert.choose(view)
            spent = clock.t - before
            if len(view["legal"]) == 1:
                seen_forced += 1
                assert spent == 0
            if any(a.startswith("declare ") for a in view["legal"]):
                seen_declare += 1
                assert action.startswith("declare ")
            assert spent <= 2.5 * 0.2 + 0.05
        else:
            action = others[seat].choose(view)
        m.apply(action)
    assert seen_forced >= 1 and seen_declare >= 1


def test_expert_stops_at_its_budget():
    clock = StepClock(0.01)
    expert = make_bot("expert", seed=3, clock=clock, time_budget=0.05)
    m = Match("bulgarian", 4, seed=8)
    normal = [make_bot("normal", seed=s, fixed_work=True) for s in range(4)]
    while not (m.phase == "play" and m.turn == 0 and len(m.view(0)["legal"]) > 1):
        if m.phase == "hand-over":
            m.apply("next")
            continue
        m.apply(normal[m.turn].choose(m.view(m.turn)))
    view = m.view(0)
    while any(a.startswith("declare ") for a in view["legal"]):
        m.apply(expert.choose(view))
        view = m.view(0)
    expert.choose(view)
    assert 1 <= expert.last_samples <= 6


def test_hint_gives_legal_bids_and_cards():
    m = Match("coinche", 4, seed=4)
    normal = [make_bot("normal", seed=s, fixed_work=True) for s in range(4)]
    phases = set()
    while "play" not in phases or m.phase != "hand-over":
        if m.phase == "hand-over":
            m.apply("next")
            continue
        view = m.view(m.turn)
        h = hint(view, time_budget=0.01)
        assert h in view["legal"]
        phases.add(view["phase"])
        m.apply(normal[m.turn].choose(view))
    assert phases == {"auction", "play"}


def duty_inferences(match, view) -> list[set[str]]:
    """Per seat, the unseen cards docs/rules.md says it cannot hold after its plays: every card
    that, held beside the card it played, would have made that card illegal (a suit not followed, a
    trump not played when it had to trump, a higher card of the suit or a higher trump it did
    not play when it had to beat), by ``rulebook.legal_cards``."""
    n, seat = match.players, view["seat"]
    contract = rb.Contract.of(match.hand.contract)
    played = [(s, c) for s, c in view["played"]]
    unseen = rb.ALL_NAMES - set(view["hand"]) - {c for _, c in played} - {view["stock_card"]}
    out = [set() for _ in range(n)]
    for start in range(0, len(played), n):
        trick = played[start:start + n]
        for i, (s, c) in enumerate(trick):
            if s == seat or i == 0:
                continue
            for x in unseen:
                if c not in rb.legal_cards(view["rules"], view["options"], n, contract, s,
                                           {c, x}, trick[:i]):
                    out[s].add(x)
    return out


@pytest.mark.parametrize("rules,players,seed", [("bulgarian", 4, 21), ("french", 4, 22),
                                                ("coinche", 4, 23), ("bela", 4, 24),
                                                ("classic", 3, 25)])
def test_inference_is_true_and_finds_every_duty(rules, players, seed):
    """Normal's knowledge of the other hands (``Knowledge``): what it infers is true (no
    forbidden card is held, every known card is), and it infers from the duties every card the
    rules exclude (checked against ``rulebook``, independently of the bots' code)."""
    m = Match(rules, players, seed=seed)
    bots = [make_bot("normal", seed=s) for s in range(players)]
    inferred = [0]

    def check(match, view, action):
        k = Knowledge(view)
        if k.contract is None:
            return
        for s, must in enumerate(duty_inferences(match, view)):
            if s == k.seat:
                continue
            assert not (k.forbidden[s] & match.hand.hands[s])
            assert k.known[s] & ~match.hand.hands[s] == 0
            missing = must - rb.names(k.forbidden[s] | k.known[s])
            assert not missing, (s, missing)
            inferred[0] += len(must)

    _play(m, bots, hands=3, check=check)
    assert inferred[0] >= 50  # the hands gave the inference something to find


def test_sampler_respects_knowledge():
    import random
    m = Match("french", 4, seed=31)
    bots = [make_bot("normal", seed=s) for s in range(4)]
    count = 0
    while m.phase != "match-over" and count < 60:
        if m.phase == "hand-over":
            m.apply("next")
            continue
        view = m.view(m.turn)
        if view["phase"] == "play":
            k = Knowledge(view)
            sampler = Sampler(k, random.Random(count))
            for _ in range(3):
                hands = sampler.sample()
                assert hands[k.seat] == k.hand
                union = 0
                for s in range(4):
                    assert hands[s].bit_count() == k.sizes[s]
                    assert union & hands[s] == 0
                    union |= hands[s]
                    if s != k.seat:
                        assert hands[s] & k.known[s] == k.known[s]
                        assert not hands[s] & k.forbidden[s]
                assert union | k.played == (1 << 32) - 1
            count += 1
        m.apply(bots[m.turn].choose(view))
    assert count >= 30


def _auction_view(rules, seed, seat_words):
    m = Match(rules, 4, seed=seed)
    for w in seat_words:
        m.apply(w)
    return m, m.view(m.turn)


def test_bids_are_legal_in_every_system_and_bela_dealer_names_a_suit():
    for rules in ("bulgarian", "french", "coinche", "bela", "classic"):
        for seed in range(25):
            m = Match(rules, 4, seed=seed)
            # the counting clock: the bids' time budgets end after a few deals, on any machine
            bots = [make_bot(lv, seed=s, clock=StepClock(0.01)) for s, lv in enumerate(
                ("easy", "normal", "expert", "normal"))]
            while m.phase == "auction":
                view = m.view(m.turn)
                a = bots[m.turn].choose(view)
                assert a in view["legal"]
                m.apply(a)
            if rules == "bela":
                assert m.hand.contract is not None


def test_baseline_strong_hands_bid_and_double():
    from belote.bots.baseline import Style, choose_bid
    from belote.cards import parse_hand
    view = {"legal": ["pass", "clubs", "diamonds", "hearts", "spades", "no-trumps",
                      "all-trumps"], "rules": "bulgarian", "seat": 1, "auction": [[0, "pass"]],
            "players": 4, "dealer": 3}
    team = (0, 1, 0, 1)

    def bid(v, hand, level):
        return choose_bid(v, parse_hand(hand), team, Style(level),
                          RULE_SETS["bulgarian"].auction_class)

    assert bid(view, "JH 9H AH AS 7D", "easy") == "hearts"
    assert bid(view, "7C 8D 9S QH KC", "normal") == "pass"
    assert bid(view, "AC AD AH TC TD", "normal") == "no-trumps"
    view2 = dict(view, legal=["pass", "spades", "no-trumps", "all-trumps", "double"],
                 auction=[[0, "hearts"]])
    assert bid(view2, "JH 9H AH AS TS", "normal") == "double"
    assert bid(view2, "JH 9H AH AS TS", "easy") == "double"
    assert bid(view2, "JH 9H AS 7D 8C", "normal") == "double"
    assert bid(view2, "JH 9H AS 7D 8C", "easy") != "double"


def test_card_play_basics():
    """Easy gives points to a partner whose trick is safe, and does not waste a trump jack."""
    from belote.bots.core import tables_for
    from belote.bots.heuristic import choose_card
    from belote.cards import parse_hand
    from belote.contract import Contract
    from belote.play import Duties
    c = Contract("suit", 2, 0)
    T = tables_for(c, Duties())
    team = (0, 1, 0, 1)
    hand = parse_hand("TS 7S JH")
    rest = ((1 << 32) - 1) & ~hand
    # partner (seat 0) led the master ace of spades, seat 1 followed; seat 2 then seat 3 to play
    may = [rest, rest & ~SUIT_MASK[3] & ~SUIT_MASK[2], hand, rest & ~SUIT_MASK[2]]
    cards = [parse_card("AS"), parse_card("8S")]
    legal = parse_hand("TS 7S")
    card = choose_card(hand, legal, cards, [0, 1], 2, T, team, 4, may, 0)
    assert card == parse_card("TS")
    # an opponent leads a low club, we have no clubs: trump low, not with the jack
    hand = parse_hand("JH 7H 8S")
    card = choose_card(hand, parse_hand("JH 7H"), [parse_card("7C")], [3], 0, T, team, 4,
                       [hand, rest, rest, rest], 0)
    assert card == parse_card("7H")


def test_bench_command_runs_and_prints_json(capsys):
    assert strength_main(["--rules", "bulgarian", "--deals", "2", "--a", "normal", "--b",
                          "easy", "--jobs", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    r = out["results"]["bulgarian"]
    assert r["deal_pairs"] >= 2 and 0 <= r["win_rate"] <= 1
    assert strength_main(["--rules", "coinche", "--deals", "2", "--a", "expert", "--b",
                          "easy", "--card-play-only", "--time-budget", "0.005",
                          "--jobs", "1"]) == 0
    text = capsys.readouterr().out
    assert "margin per deal" in text and "p95" in text
    assert strength_main(["--rules", "nope"]) == 2


def test_statistics():
    m, lo, hi = mean_ci([1, 2, 3, 4])
    assert lo < m == 2.5 < hi
    p, lo, hi = wilson(65, 100)
    assert lo < 0.65 < hi and 0.5 < lo


def test_bench_log_resumes_and_reports_without_playing(tmp_path, capsys, monkeypatch):
    log = tmp_path / "pairs.jsonl"
    args = ["--rules", "bulgarian", "--deals", "2", "--a", "easy", "--b", "random", "--jobs",
            "1", "--json", "--log", str(log)]
    assert strength_main(args) == 0
    first = json.loads(capsys.readouterr().out)["results"]["bulgarian"]
    assert log.read_text().count("\n") >= 1

    def no_play(item):
        raise AssertionError("a logged pair was played again")

    monkeypatch.setattr(bench, "_match_pair", no_play)
    for more in ([], ["--report-only"]):
        assert strength_main(args + more) == 0
        again = json.loads(capsys.readouterr().out)["results"]["bulgarian"]
        assert again["margin"] == first["margin"] and again["deal_pairs"] == first["deal_pairs"]


def test_bench_tells_where_the_two_seatings_auctions_part():
    # The dealer 3 (seat 0 speaks first). In the first seating A holds seats 0 and 2, in the
    # second seats 1 and 3: the first word that differs is A's or B's by its seat.
    classic = get_rules("classic")
    passes = [(s, "pass") for s in (0, 1, 2, 3)]
    first = (3, passes + [(0, "hearts")])
    second = (3, passes + [(0, "pass"), (1, "pass"), (2, "pass"), (3, "pass")])
    assert report.where_parted(classic, first, second) == "round 2, 1st to speak: suit / pass"
    first = (3, [(0, "pass"), (1, "take")])
    second = (3, [(0, "pass"), (1, "pass"), (2, "take")])
    assert report.where_parted(classic, first, second) == "round 1, 2nd to speak: pass / take"
    assert report.where_parted(classic, first, first) is None
    bulgarian = get_rules("bulgarian")
    first = (3, [(0, "clubs"), (1, "all-trumps"), (2, "pass")])
    second = (3, [(0, "clubs"), (1, "pass"), (2, "no-trumps")])
    assert report.where_parted(bulgarian, first, second) == "over the opponents: pass / all-trumps"
    coinche = get_rules("coinche")
    first = (3, [(0, "capot spades")])
    second = (3, [(0, "90 spades")])
    assert report.where_parted(coinche, first, second) == "opening: capot / suit"


def test_bench_sums_up_where_the_auctions_part():
    results = [{"margins": [4.0, -2.0, 8.0], "parted": [None, "opening: suit / pass",
                                                     "opening: suit / pass"]},
               {"margins": [1.0]}]  # logged before the places were kept
    got = report.parted_summary(results)
    assert got["opening: suit / pass"]["deals"] == 2
    assert got["opening: suit / pass"]["margin"] == 3.0
    assert got["opening: suit / pass"]["share"] == 6.0 / 3
    assert got["the same auction"]["share"] == 4.0 / 3
    lines = report.parted_report({"parted": got})  # the heavier first
    assert lines[1].split()[:4] == ["opening:", "suit", "/", "pass"]
    assert lines[2].split()[:3] == ["the", "same", "auction"]


def test_bench_pairs_two_logs_deal_by_deal(tmp_path, capsys):
    # Two settings of bot A on the same matches: the difference per deal, the deals one log
    # alone reached left out.
    key = bench.log_key("bela", "normal", "normal-baseline", 2026, False)
    mine, other = tmp_path / "mine.jsonl", tmp_path / "other.jsonl"
    for path, margins in ((mine, [[10, -4], [6]]), (other, [[2, -4, 8], [0], [5]])):
        path.write_text("".join(json.dumps({"key": key, "result": {"margins": m}}) + "\n"
                                for m in margins))
    got = report.paired(bench.logged(str(mine), key), bench.logged(str(other), key))
    assert got["deals"] == 3 and got["mean"] == (8 + 0 + 6) / 3
    assert got["ci"][0] < got["mean"] < got["ci"][1]
    args = ["--rules", "bulgarian", "--deals", "2", "--a", "easy", "--b", "random", "--jobs",
            "1", "--log", str(tmp_path / "a.jsonl")]
    assert strength_main(args) == 0
    capsys.readouterr()
    assert strength_main(args + ["--against", args[-1], "--report-only"]) == 0
    assert "on the same deals: deals" in capsys.readouterr().out
    assert strength_main(args + ["--against", args[-1], "--report-only", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["results"]["bulgarian"]["paired"]["mean"] == 0


def test_bench_plays_classic_with_two_and_three_players(capsys):
    """``--players 2|3`` (Classic, contracts fixed): each deal is played with A at each seat
    of three (B at the two others), or at each of two; expert-pack is a level."""
    for players in ("2", "3"):
        assert strength_main(["--rules", "classic", "--players", players, "--deals", "1",
                              "--a", "expert", "--b", "expert-pack", "--card-play-only",
                              "--time-budget", "0.005", "--jobs", "1", "--json"]) == 0
        r = json.loads(capsys.readouterr().out)["results"]["classic"]
        assert r["deal_pairs"] == 1 and r["hands"] == int(players)
    assert strength_main(["--rules", "classic", "--players", "3", "--deals", "1"]) == 2
    assert make_bot("expert-pack").pack_valuation
    with pytest.raises(ValueError):
        make_bot("normal-pack")
