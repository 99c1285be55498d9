"""``python -m belote bench accuracy``: the mean accuracy of each bot level, per rule set.

Hands are dealt as ``selfplay`` deals them and played by bots of one level at every seat,
searching a fixed amount (:func:`belote.bots.fixed.fixed_bot`: the same hands on every
machine); every seat's choices are reviewed as the page reviews them (the expected costs at
``--worlds`` deals, the page's seed) and each seat's hand gets its accuracy
(:mod:`belote.analysis.accuracy`). Printed per rule set and level: the mean over the seats'
hands, with a 95% confidence interval over the hands (the four seats of a hand are averaged
first: they share its cards), and whether the means rise with strength. Then what the
accuracy costs: the review's expected pass per seat and hand, and the formula itself.

The calibration of docs/coach.md; ``--save FILE`` keeps every hand's record and decisions.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from ..analysis.accuracy import hand_accuracy
from ..analysis.review import WORLDS, Review
from .analysis import played_record
from .verdicts import PAGE_SEED, four_player_rules

LEVELS = ("easy", "normal", "expert")
Z = 1.96


def expected_decisions(record: dict, seat: int, worlds: int) -> list[dict]:
    """The review's decisions of ``seat`` with their expected costs only (the page's first
    pass: what the accuracy needs)."""
    review = Review(record, seat, worlds, PAGE_SEED)
    return [review.decision(m, review.expected(m), None) for m in review.moments]


def hand_rows(job: tuple) -> dict:
    """One hand played by ``level`` bots: its record, each seat's decisions and accuracy."""
    name, seed, index, level, worlds = job
    record = played_record(name, 4, seed, index, level)
    seats, review_cpu, formula_cpu = [], [], 0.0
    for seat in range(4):
        start = time.process_time()
        decisions = expected_decisions(record, seat, worlds)
        middle = time.process_time()
        accuracy = hand_accuracy(record, decisions)
        formula_cpu += time.process_time() - middle
        review_cpu.append(middle - start)
        seats.append({"accuracy": accuracy, "decisions": decisions})
    return {"rules": name, "index": index, "level": level, "record": record, "seats": seats,
            "review_cpu": review_cpu, "formula_cpu": formula_cpu}


def mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% interval (0 with fewer than 2 values)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, 0.0
    return mean, Z * statistics.stdev(values) / math.sqrt(len(values))


def per_hand(rows: list[dict]) -> list[float]:
    """Each hand's mean accuracy over its seats that had a choice."""
    out = []
    for row in rows:
        scored = [s["accuracy"] for s in row["seats"] if s["accuracy"] is not None]
        if scored:
            out.append(statistics.fmean(scored))
    return out


def run(work: list[tuple], jobs: int) -> list[dict]:
    if jobs <= 1:
        return [hand_rows(w) for w in work]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(hand_rows, work))


def main(argv: list[str], parser: type[argparse.ArgumentParser] = argparse.ArgumentParser
         ) -> int:
    p = parser(prog="python -m belote bench accuracy",
               description="The mean accuracy of Easy, Normal and Expert, per rule set.")
    p.add_argument("--rules", default="all",
                   help="4-player rule sets, comma-separated, or 'all' (default)")
    p.add_argument("--hands", type=int, default=20, help="hands per rule set and level (20)")
    p.add_argument("--levels", default=",".join(LEVELS),
                   help="bot levels, weakest first (default easy,normal,expert)")
    p.add_argument("--seed", default="accuracy", help="seed of the deals (default accuracy)")
    p.add_argument("--worlds", type=int, default=WORLDS,
                   help=f"the review's deals per choice (default {WORLDS}, the page's)")
    p.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    p.add_argument("--save", metavar="FILE", help="write every hand's record and decisions")
    args = p.parse_args(argv)
    names = four_player_rules(p, args.rules)
    levels = args.levels.split(",")
    if any(level not in LEVELS for level in levels):
        p.error(f"--levels: say some of {', '.join(LEVELS)}")
    if args.hands < 1 or args.worlds < 1 or args.jobs < 1:
        p.error("--hands, --worlds and --jobs must be at least 1")
    work = [(n, args.seed, i, level, args.worlds) for n in names for level in levels
            for i in range(args.hands)]
    start = time.perf_counter()
    rows = run(work, args.jobs)
    wall = time.perf_counter() - start
    print(f"Accuracy of every seat's hand (docs/coach.md), mean and 95% interval over the "
          f"hands; bots of one level at every seat, searching a fixed amount; the review's "
          f"expected costs at {args.worlds} deals per choice; {args.hands} hands per rule "
          f"set and level, seed {args.seed}")
    print(f"{'rules':<12}" + "".join(f"{level:>18}" for level in levels) + "   rises")
    for name in names:
        means = []
        line = f"{name:<12}"
        for level in levels:
            mean, half = mean_interval(per_hand(
                [r for r in rows if r["rules"] == name and r["level"] == level]))
            means.append(mean)
            line += f"{mean:>11.1f} ± {half:>4.1f}"
        rises = all(a < b for a, b in zip(means, means[1:]))
        print(f"{line}   {'yes' if rises else 'NO'}")
    reviews = [t for r in rows for t in r["review_cpu"]]
    formula = sum(r["formula_cpu"] for r in rows) / sum(len(r["seats"]) for r in rows)
    print(f"review's expected pass per seat and hand: median {statistics.median(reviews):.2f} s,"
          f" max {max(reviews):.2f} s CPU; the accuracy formula: {1e3 * formula:.2f} ms; "
          f"{wall:.0f} s wall, --jobs {args.jobs}")
    if args.save:
        with open(args.save, "w") as f:
            for row in rows:
                f.write(json.dumps(row, separators=(",", ":")) + "\n")
        print(f"saved {len(rows)} hands to {args.save}")
    return 0
