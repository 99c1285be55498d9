"""``python -m belote bench strength``: duplicate matches between two bots, per rule set.

Each match is played twice on the same deals (``deal_for`` by seed and hand number) with the
teams swapped. Reported per rule set:

- the mean score margin per deal of bot A over bot B (each deal played in both seatings, the
  margin being A's hand score minus B's, averaged over the two), with its 95% confidence interval
  (normal approximation over deal pairs);
- the match win rate of A (matches to the rule set's target, both seatings) with its 95% Wilson
  interval;
- the time of the bots' decisions (those with a choice): p50, p95, max.

``--card-play-only`` fixes the contracts: every seat bids as the Normal bot, so both seatings get
the same contract, and each deal is one fresh hand (no match): only the card play differs.
``--b oracle`` gives an upper bound (the Oracle sees every hand). Work is shared over processes
(``--jobs``); the bots themselves are single-threaded.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from dataclasses import replace

from ..game import HAND_OVER, MATCH_OVER, Match, deal_for
from ..hand import Hand
from ..rules import RULE_SETS, get_rules
from .frozen import KNOWN
from .frozen import make as make_bot
from .runs import HandMatch, logged, map_work
from .strength_report import bidding_report, paired, report, summarize, where_parted

MAX_HANDS = 60


EXPERT_OPTIONS: dict = {}
CLOCK = [time.perf_counter]  # or time.process_time (--clock cpu)


A_OPTIONS: dict = {}  # settings of bot A only (--a-options)
PLAYERS = [4]  # the table size (--players; 2 or 3 with --card-play-only, Classic)


def seatings(players: int) -> int:
    """How many seatings a deal is played in: A holds the seats ``s`` with ``s % m == k`` in
    seating ``k`` (``m`` of them): the even or the odd seats with 4 or 2 players, one seat of
    three (B the two others)."""
    return 3 if players == 3 else 2


def _bots(a: str, b: str, a_seats_even: bool | int, seed, budget, players: int = 4):
    out = []
    m = seatings(players)
    for s in range(players):
        is_a = s % m == (0 if a_seats_even is True else 1 if a_seats_even is False
                         else a_seats_even)
        name = a if is_a else b
        kw: dict = dict(A_OPTIONS) if is_a else {}
        searches = name.startswith(("expert", "oracle"))
        if name.startswith("expert"):
            kw.update(EXPERT_OPTIONS)
        if searches and budget is not None:
            kw["time_budget"] = budget
        kw["clock"] = CLOCK[0]
        out.append(make_bot(name, seed=(seed, s), **kw))
    return out


def hand_bidding(match: Match, a_side: int) -> dict | None:
    """How a finished hand was bid, from A's point of view: who took the contract, whether it
    was made, who doubled and redoubled, and what the double changed for A's margin (the same
    play scored undoubled). None for a hand thrown in."""
    result = match.hand.facts
    if result is None:
        return None
    rules, contract = match.rules, result.contract
    score = rules.score(result)
    bidders = "a" if result.bidders == a_side else "b"
    defenders = "b" if bidders == "a" else "a"
    out = {"bidders": bidders, "made": score.made, "kind": contract.kind,
           "mult": contract.multiplier, "doubler": None, "gain": 0.0}
    if contract.multiplier > 1:
        out["doubler"] = defenders
        plain = rules.score(replace(result, contract=contract.with_multiplier(1))).score
        mine = a_side if defenders == "a" else 1 - a_side
        out["gain"] = (score.score[mine] - score.score[1 - mine]) - (plain[mine] - plain[1 - mine])
    return out


def _decide(bot, view, full, times):
    clock = CLOCK[0]
    many = len(view["legal"]) > 1
    t0 = clock()
    if bot.name == "oracle":
        action = bot.choose(view, full)
    else:
        action = bot.choose(view)
    if many:
        times.append(clock() - t0)
    return action


def play_match(rules_name: str, seed, a: str, b: str, a_even: bool, budget=None,
               auctions: list | None = None):
    """One match; returns per hand [score of A, score of B] (None for thrown in), the winner
    (True when A won), decision times of A and of B, and per hand how it was bid
    (:func:`hand_bidding`). ``auctions`` (a list) gets each hand's dealer and auction."""
    match = Match(rules_name, 4, seed=seed)
    bots = _bots(a, b, a_even, seed, budget)
    times: tuple[list[float], list[float]] = ([], [])
    hands: list[list[int] | None] = []
    bids: list[dict | None] = []
    a_side = 0 if a_even else 1

    def finished():
        sc = match.scores[-1]
        hands.append(None if sc is None else [sc.score[a_side], sc.score[1 - a_side]])
        bids.append(hand_bidding(match, a_side))
        if auctions is not None:
            auctions.append((match.hand.dealer, match.hand.auction.history()))

    while match.phase != MATCH_OVER and len(hands) < MAX_HANDS:
        if match.phase == HAND_OVER:
            finished()
            match.apply("next")
            continue
        seat = match.hand.actor
        bot = bots[seat]
        full = {"hands": list(match.hand.hands)}
        action = _decide(bot, match.view(seat), full, times[(seat % 2 == 0) != a_even])
        match.apply(action)
    if match.phase == MATCH_OVER:
        finished()
    won = None if match.winner is None else match.winner == a_side
    return hands, won, times, bids


def play_fixed_hand(rules_name: str, seed, index: int, a: str, b: str, a_even: bool | int,
                    budget=None, players: int = 4):
    """One fresh hand whose auction is bid by Normal bots at every seat; A and B play the cards
    (A in seating ``a_even``: True/False the even/odd seats, or a seating number, see
    :func:`seatings`). Returns [score A, score B] (each the mean of its sides' scores) or None
    if thrown in, and the decision times."""
    rules = get_rules(rules_name, players)
    dealer, deck = deal_for(rules_name, players, seed, index)
    hand = Hand(rules, dealer, deck)
    match = HandMatch(hand, rules)
    # a fixed amount of work: the same auction in every seating, whatever the load
    bidders = [make_bot("normal", seed=(seed, index, s), fixed_work=True)
               for s in range(players)]
    bots = _bots(a, b, a_even, (seed, index), budget, players)
    m = seatings(players)
    k = 0 if a_even is True else 1 if a_even is False else a_even
    times: tuple[list[float], list[float]] = ([], [])
    while not hand.over:
        seat = hand.actor
        view = match.view(seat)
        if hand.phase == "auction":
            action = bidders[seat].choose(view)
        else:
            action = _decide(bots[seat], view, {"hands": list(hand.hands)},
                             times[seat % m != k])
        hand.apply(action)
    if hand.score is None:
        return None, times
    a_sides = {rules.side(s) for s in range(players) if s % m == k}
    b_sides = set(range(rules.sides)) - a_sides
    score = hand.score.score
    return [sum(score[x] for x in a_sides) / len(a_sides),
            sum(score[x] for x in b_sides) / len(b_sides)], times


# --- work items (top level so that multiprocessing can pickle them) ----------------------------
def _match_pair(args):
    rules_name, seed, a, b, budget = args
    a1: list = []
    a2: list = []
    h1, w1, t1, b1 = play_match(rules_name, seed, a, b, True, budget, a1)
    h2, w2, t2, b2 = play_match(rules_name, seed, a, b, False, budget, a2)
    margins, scores, parted = [], [], []
    rules = get_rules(rules_name)
    for x, y, first, second in zip(h1, h2, a1, a2):
        x, y = x or [0, 0], y or [0, 0]
        margins.append((x[0] - x[1] + y[0] - y[1]) / 2)
        scores.append([(x[0] + y[0]) / 2, (x[1] + y[1]) / 2])
        parted.append(where_parted(rules, first, second))
    return {"margins": margins, "scores": scores, "wins": [w1, w2], "times_a": t1[0] + t2[0],
            "times_b": t1[1] + t2[1], "hands": len(h1) + len(h2),
            "bids": [x for x in b1 + b2 if x is not None], "thrown": (b1 + b2).count(None),
            "parted": parted}


def _deal_pair(args):
    rules_name, seed, index, a, b, budget = args[:6]
    players = args[6] if len(args) > 6 else 4
    m = seatings(players)
    played = [play_fixed_hand(rules_name, seed, index, a, b, k == 0 if m == 2 else k, budget,
                              players) for k in range(m)]
    got = [x or [0, 0] for x, _ in played]
    return {"margins": [sum(x[0] - x[1] for x in got) / m],
            "scores": [[sum(x[0] for x in got) / m, sum(x[1] for x in got) / m]], "wins": [],
            "times_a": [t for _, ts in played for t in ts[0]],
            "times_b": [t for _, ts in played for t in ts[1]], "hands": m, "bids": [],
            "thrown": 0}


def run(rules_name, a, b, deals, seed, card_play_only, budget, jobs, progress=None,
        log=None, report_only=False):
    """The summary of ``deals`` deal pairs. With ``log`` (a path), every match pair's result is
    appended to it as a JSON line as it comes in, and the pairs already there for the same rule
    set, bots and seed are taken instead of being played again: a long run can be resumed, and
    ``report_only`` summarizes what the log holds so far."""
    key = log_key(rules_name, a, b, seed, card_play_only)
    if PLAYERS[0] != 4:
        key.append(PLAYERS[0])
    results: list = logged(log, key)
    if report_only:
        return summarize(results)

    def keep(r):
        if log:
            with open(log, "a") as f:
                f.write(json.dumps({"key": key, "result": r}) + "\n")

    if card_play_only:
        pairs = [(rules_name, seed, i, a, b, budget, PLAYERS[0])
                 for i in range(len(results), deals)]
        return summarize(results + map_work(_deal_pair, pairs, jobs, progress, keep))
    # matches until at least ``deals`` deal pairs: estimate hands per match as we go
    fn = _match_pair
    j = len(results)
    while sum(len(r["margins"]) for r in results) < deals:
        have = sum(len(r["margins"]) for r in results)
        per = (have / len(results)) if results else 10
        batch = math.ceil((deals - have) / max(per, 1))
        if not results:
            batch = min(batch, 2 * jobs)  # a first few to learn how long a match is
        batch = max(jobs, batch)
        items = [(rules_name, f"{seed}/{j + i}", a, b, budget) for i in range(batch)]
        j += batch
        results += map_work(fn, items, jobs, progress, keep)
    return summarize(results)


def log_key(rules_name, a, b, seed, card_play_only) -> list:
    """What a log line's results are of (a bot's own settings are not part of it)."""
    return [rules_name, a, b, str(seed), card_play_only]


def solver_speed(positions: int = 150, seed: int = 1, tricks_left: int = 4) -> dict:
    """Mean and max time of an exact solve with ``tricks_left`` tricks to play (random deals,
    random legal play up to there), per contract kind, Bulgarian rules."""
    import random

    from ..bots.core import tables_for
    from ..bots.solver import Solver, valat_state
    from ..cards import cards_of
    rng = random.Random(seed)
    rules = get_rules("bulgarian")
    out = {}
    for word in ("hearts", "no-trumps", "all-trumps"):
        times = []
        for _ in range(positions):
            dealer, deck = deal_for("bulgarian", 4, rng.randrange(10**9), 0)
            hand = Hand(rules, dealer, deck)
            bidder = rng.randrange(4)
            while hand.phase == "auction":
                hand.apply(word if hand.turn == bidder and word in hand.legal_actions()
                           else "pass")
            while len(hand.tricks) < 8 - tricks_left or hand.trick:
                hand.play_card(rng.choice(cards_of(hand.legal_mask())))
            tables = tables_for(hand.contract_in_play, hand.duties)
            solver = Solver(tables, 4, hand.team, hand.team[hand.actor], 90)
            winners = [hand.team[w] for _, _, w in hand.tricks]
            clock = CLOCK[0]
            t0 = clock()
            solver.solve(hand.hands, [], [], hand.actor, tricks_left, valat_state(winners))
            times.append(clock() - t0)
        out[word] = {"mean": sum(times) / len(times), "max": max(times), "n": len(times)}
    return out


def bidding_main(argv: list[str]) -> int:
    """``bench bidding``: the same duplicate matches, reported by how they were bid."""
    return strength_main(argv, bidding=True)


def strength_main(argv: list[str], bidding: bool = False) -> int:
    command = "bidding" if bidding else "strength"
    p = argparse.ArgumentParser(
        prog=f"python -m belote bench {command}",
        description="Duplicate matches between two bots" + (
            ": contracts taken and made, doubles and redoubles, by side." if bidding else "."))
    p.add_argument("--rules", default="bulgarian,coinche",
                   help="rule sets, comma-separated, or 'all' (default bulgarian,coinche)")
    p.add_argument("--deals", type=int, default=60,
                   help="deal pairs per rule set (default 60; the goals use 1000)")
    p.add_argument("--seed", default="bench", help="seed of the deals")
    p.add_argument("--a", default="expert", help="bot A (default expert)")
    default_b = "expert-baseline" if bidding else "easy"
    p.add_argument("--b", default=default_b, help=f"bot B (default {default_b})")
    p.add_argument("--card-play-only", action="store_true",
                   help="fix the contracts (Normal bidding everywhere), one hand per deal")
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=4,
                   help="table size (2 or 3: Classic with --card-play-only; each deal is "
                        "played with A at each seat with 3, B at the others)")
    p.add_argument("--time-budget", type=float, default=None,
                   help="Expert/Oracle time budget per decision, seconds (default 0.1)")
    p.add_argument("--jobs", type=int, default=2, help="processes (default 2)")
    p.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                   help="time decisions (and the Expert's budget) by the wall clock (default) "
                        "or by the process's CPU time, which other programs do not disturb")
    p.add_argument("--expert-options", default=None,
                   help='Expert settings as JSON, e.g. {"rollout_stop": 2}')
    p.add_argument("--a-options", default=None,
                   help='settings of bot A only, as JSON, e.g. {"valuation": {"caution": 1}}')
    p.add_argument("--solver", action="store_true",
                   help="also time the exact solver with four tricks left")
    p.add_argument("--log", default=None,
                   help="append each match pair's result to this file (JSON lines), and take "
                        "the pairs already there instead of playing them again")
    p.add_argument("--report-only", action="store_true",
                   help="with --log: report the pairs the log holds, playing none")
    p.add_argument("--against", default=None, metavar="LOG",
                   help="with --log: also the margin per deal less that of the same matches "
                        "in LOG (another setting of bot A), deal by deal")
    p.add_argument("--json", action="store_true", help="print JSON instead of a report")
    try:
        args = p.parse_args(argv)
    except SystemExit as e:
        return 2 if e.code else 0
    if args.clock == "cpu":
        CLOCK[0] = time.process_time
    for option, target in ((args.expert_options, EXPERT_OPTIONS), (args.a_options, A_OPTIONS)):
        if option:
            try:
                target.update(json.loads(option))
            except ValueError:
                print("--expert-options and --a-options take a JSON object", file=sys.stderr)
                return 2
    names = list(RULE_SETS) if args.rules == "all" else args.rules.split(",")
    for name in names:
        if name not in RULE_SETS:
            print(f"unknown rule set {name!r}", file=sys.stderr)
            return 2
    for bot in (args.a, args.b):
        if bot not in KNOWN:
            print(f"unknown bot {bot!r} (known: {', '.join(KNOWN)})",
                  file=sys.stderr)
            return 2
    if args.players != 4:
        if not args.card_play_only or any(args.players not in RULE_SETS[name].player_counts
                                           for name in names):
            print(f"--players {args.players}: with --card-play-only, and rule sets played by "
                  f"{args.players} (Classic)", file=sys.stderr)
            return 2
        PLAYERS[0] = args.players
    out = {}
    for name in names:
        t0 = time.time()
        s = run(name, args.a, args.b, args.deals, args.seed, args.card_play_only,
                args.time_budget, args.jobs, log=args.log, report_only=args.report_only)
        s["seconds"] = round(time.time() - t0, 1)
        if args.log and args.against:
            key = log_key(name, args.a, args.b, args.seed, args.card_play_only)
            s["paired"] = paired(logged(args.log, key), logged(args.against, key))
        out[name] = s
        if not args.json:
            text = report(name, args.a, args.b, s, args.card_play_only)
            if bidding:
                text += "\n" + bidding_report(name, args.a, args.b, s)
            if "paired" in s:
                d = s["paired"]
                text += (f"\n  less {args.against} on the same deals: deals {d['deals']}  "
                         f"margin {d['mean']:+.2f}  95% CI [{d['ci'][0]:+.2f}, {d['ci'][1]:+.2f}]")
            print(text + f"\n  ({s['seconds']} s)", flush=True)
    solver = None
    if args.solver:
        solver = solver_speed()
        if not args.json:
            print("solver, four tricks left (150 positions each): " + "  ".join(
                f"{k} mean {1000 * v['mean']:.2f} ms max {1000 * v['max']:.1f} ms"
                for k, v in solver.items()))
    if args.json:
        print(json.dumps({"a": args.a, "b": args.b, "card_play_only": args.card_play_only,
                          "deals": args.deals, "seed": args.seed, "results": out,
                          "solver": solver}, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(strength_main(sys.argv[1:]))
