"""``python -m belote bench analysis``: how long one seat's whole hand takes to analyse.

Hands are dealt as ``selfplay`` deals them (``deal_for``: rule set, players, seed, index) and
played by bots (Normal by default, searching a fixed amount: the same hand on any machine,
however loaded); then one seat's review runs to the end, timed by an
injectable clock: the time to the first decision, the whole hand, and the slowest decision.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from ..analysis.review import WORLDS, Review
from ..bots import Bot
from ..bots.fixed import fixed_bot
from ..game import deal_for
from ..hand import Hand
from ..record import hand_record
from ..rules import CONFIGS, RULE_SETS, get_rules


def played_record(rules_name: str, players: int, seed, index: int, level: str = "normal",
                  make: Callable[..., Bot] = fixed_bot) -> dict:
    """Hand ``index`` of ``seed``, played by bots of ``level`` at every seat (made by
    ``make(level, seed)``; by default searching a fixed amount: a bot on a time budget may
    choose otherwise on a loaded machine, and the tests' hands were chosen for what they hold)."""
    rules = get_rules(rules_name, players)
    dealer, deck = deal_for(rules_name, players, seed, index)
    hand = Hand(rules, dealer, deck)
    bots = [make(level, (seed, index, s)) for s in range(players)]
    while hand.phase in ("auction", "play"):
        seat = hand.actor
        hand.apply(bots[seat].choose(hand.view(seat)))
    return hand_record(hand)


def time_review(record: dict, seat: int, worlds: int, seed, clock: Callable[[], float]
                ) -> dict:
    """Seconds to the first decision, for the whole review and for its slowest decision."""
    start = clock()
    review = Review(record, seat, worlds, seed)
    first, slowest, last = None, 0.0, start
    for _ in review:
        now = clock()
        if first is None:
            first = now - start
        slowest = max(slowest, now - last)
        last = now
    total = clock() - start
    return {"decisions": review.total, "first": total if first is None else first,
            "total": total, "slowest": slowest}


def bench(rules_name: str, players: int, hands: int, worlds: int, seed, seat: int,
          clock: Callable[[], float], level: str = "normal") -> dict:
    """Per hand timings of ``hands`` reviews, and their summary (seconds)."""
    runs = [time_review(played_record(rules_name, players, seed, i, level), seat, worlds, seed,
                        clock) for i in range(hands)]
    firsts = [r["first"] for r in runs]
    totals = [r["total"] for r in runs]
    return {"hands": len(runs), "decisions": sum(r["decisions"] for r in runs) / len(runs),
            "first_median": statistics.median(firsts), "first_max": max(firsts),
            "total_median": statistics.median(totals), "total_max": max(totals),
            "slowest": max(r["slowest"] for r in runs), "runs": runs}


def main(argv: list[str], parser: type[argparse.ArgumentParser] = argparse.ArgumentParser
         ) -> int:
    p = parser(prog="python -m belote bench analysis",
               description="Time one seat's whole-hand analysis.")
    p.add_argument("--rules", default="bulgarian,coinche",
                   help="rule sets, comma-separated, or 'all' (default bulgarian,coinche)")
    p.add_argument("--players", type=int, default=None,
                   help="players (default: every table size of each rule set)")
    p.add_argument("--hands", type=int, default=20, help="hands per rule set (default 20)")
    p.add_argument("--worlds", type=int, default=WORLDS,
                   help=f"sampled deals per choice (default {WORLDS})")
    p.add_argument("--seat", type=int, default=0, help="the seat analysed (default 0)")
    p.add_argument("--seed", default="bench", help="seed of the deals and the analysis")
    p.add_argument("--bots", default="normal", help="the bots that play the hands (normal)")
    p.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                   help="the process's CPU time (default; other programs do not disturb it) "
                        "or the wall clock")
    args = p.parse_args(argv)
    names = list(RULE_SETS) if args.rules == "all" else args.rules.split(",")
    configs = [(n, k) for n, k in CONFIGS if n in names
               and (args.players is None or k == args.players)]
    if not configs or any(n not in RULE_SETS for n in names):
        p.error(f"no such rule set and players: {args.rules} {args.players or ''}".strip())
    if args.hands < 1 or args.worlds < 1:
        p.error("--hands and --worlds must be at least 1")
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    print(f"Analysis of seat {args.seat}'s hand, {args.worlds} deals per choice, "
          f"{'CPU time of one process' if args.clock == 'cpu' else 'wall clock'}, ms")
    print(f"{'':<36}   {'first decision':>16}   {'whole hand':>16}   {'slowest':>10}")
    print(f"{'rules':<12}{'players':>8}{'hands':>7}{'choices':>9}   {'median':>9}{'max':>7}"
          f"   {'median':>9}{'max':>7}   {'choice':>10}")
    for name, players in configs:
        r = bench(name, players, args.hands, args.worlds, args.seed, args.seat % players,
                  clock, args.bots)
        ms = {k: round(1000 * v) for k, v in r.items() if isinstance(v, float)}
        print(f"{name:<12}{players:>8}{r['hands']:>7}{r['decisions']:>9.1f}   "
              f"{ms['first_median']:>9}{ms['first_max']:>7}   {ms['total_median']:>9}"
              f"{ms['total_max']:>7}   {ms['slowest']:>10}", flush=True)
    return 0
