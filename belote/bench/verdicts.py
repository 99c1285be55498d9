"""``python -m belote bench verdicts``: do the review's verdicts hold up?

Hands are dealt as ``selfplay`` deals them and played by bots (``--bots``, one level per hand in
turn); every seat's choices are analysed twice: as the page does (``--worlds`` deals, more for a
close call, the page's seed) and again on ``--factor`` times as many deals with another seed,
the *reference* cost. Two rates, per rule set and in all:

- *hold up*: of the choices called mistakes at the page's setting, the share whose reference
  cost is at least half the mistake threshold (goal: at least 90%);
- *missed*: of the choices whose reference cost is at least twice the threshold, the share the
  page did not call (goal: at most 10%).

``--save FILE`` writes the hands and their choices' reference costs (JSON): the fixed set that
tests/test_verdicts.py checks again at the page's setting without recomputing the references.
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor

from ..analysis.review import WORLDS, Review, mistake_threshold
from ..rules import CONFIGS, get_rules
from .analysis import played_record

PAGE_SEED = "0"            # the page's seed (web/coach/review.py SEED)
REFERENCE_SEED = "reference"
FACTOR = 20
SET_VERSION = 1


def page_verdicts(record: dict, seat: int, worlds: int = WORLDS) -> list[dict]:
    """Each choice of ``seat`` as the page judges it (expected cost only: the verdicts)."""
    review = Review(record, seat, worlds, PAGE_SEED)
    out = []
    for m in review.moments:
        cost = review.expected(m)
        d = review.decision(m, cost, None)
        out.append({"phase": m.phase, "index": m.index, "played": m.played,
                    "cost": d["cost_expected"], "margin": d["margin"], "worlds": d["worlds"],
                    "grade": d["grade"], "mistake": d["mistake"]})
    return out


def reference_costs(record: dict, seat: int, worlds: int) -> list[float]:
    """Each choice's expected cost on ``worlds`` deals (a fixed number), another seed."""
    review = Review(record, seat, worlds, REFERENCE_SEED, max_worlds=worlds)
    return [round(review.expected(m).cost, 2) for m in review.moments]


def hand_rows(job: tuple) -> dict:
    """One hand: its record and, per seat and choice, the page's verdict and the reference."""
    name, seed, index, level, worlds, factor = job
    start = time.process_time()
    record = played_record(name, 4, seed, index, level)
    choices = []
    for seat in range(4):
        refs = reference_costs(record, seat, worlds * factor)
        for page, ref in zip(page_verdicts(record, seat, worlds), refs):
            choices.append({"seat": seat, **page, "reference": ref})
    return {"rules": name, "index": index, "bots": level, "record": record,
            "choices": choices, "cpu": time.process_time() - start}


def rates(choices: list[dict], threshold: float) -> dict:
    """The hold-up and missed rates of ``choices`` (each with ``mistake`` and ``reference``)."""
    called = [c for c in choices if c["mistake"]]
    held = [c for c in called if c["reference"] >= threshold / 2]
    clear = [c for c in choices if c["reference"] >= 2 * threshold]
    missed = [c for c in clear if not c["mistake"]]
    return {"choices": len(choices), "called": len(called), "held": len(held),
            "clear": len(clear), "missed": len(missed),
            "hold_rate": len(held) / len(called) if called else 1.0,
            "miss_rate": len(missed) / len(clear) if clear else 0.0}


def run(names: list[str], hands: int, seed: str, levels: list[str], worlds: int, factor: int,
        jobs: int) -> list[dict]:
    """Every hand's rows, in a stable order (``jobs`` processes)."""
    work = [(n, seed, i, levels[i % len(levels)], worlds, factor)
            for n in names for i in range(hands)]
    if jobs <= 1:
        return [hand_rows(w) for w in work]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(hand_rows, work))


def fixed_set(hands: list[dict], worlds: int, factor: int, seed: str) -> dict:
    """The saved set: each hand's record and its choices' reference costs."""
    return {"version": SET_VERSION, "worlds": worlds, "factor": factor, "seed": seed,
            "page_seed": PAGE_SEED, "reference_seed": REFERENCE_SEED,
            "hands": [{"rules": h["rules"], "index": h["index"], "bots": h["bots"],
                       "record": h["record"],
                       "choices": [[c["seat"], c["phase"], c["index"], c["played"],
                                    c["reference"]] for c in h["choices"]]}
                      for h in hands]}


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def four_player_rules(p: argparse.ArgumentParser, spec: str) -> list[str]:
    """The 4-player rule sets named by ``--rules`` (comma-separated, or "all"); a usage error
    for any other name."""
    four = [n for n, k in CONFIGS if k == 4]
    names = four if spec == "all" else spec.split(",")
    if any(n not in four for n in names):
        p.error(f"no such 4-player rule set: {spec}")
    return names


def main(argv: list[str], parser: type[argparse.ArgumentParser] = argparse.ArgumentParser
         ) -> int:
    p = parser(prog="python -m belote bench verdicts",
               description="Do the review's mistakes hold up with 20 times as many deals?")
    p.add_argument("--rules", default="all",
                   help="4-player rule sets, comma-separated, or 'all' (default)")
    p.add_argument("--hands", type=int, default=10, help="hands per rule set (default 10)")
    p.add_argument("--seed", default="verdicts", help="seed of the deals (default verdicts)")
    p.add_argument("--bots", default="normal,easy",
                   help="bot levels that play the hands, one per hand in turn (normal,easy)")
    p.add_argument("--worlds", type=int, default=WORLDS,
                   help=f"the page's deals per choice (default {WORLDS})")
    p.add_argument("--factor", type=int, default=FACTOR,
                   help=f"the reference's deals, times --worlds (default {FACTOR})")
    p.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    p.add_argument("--save", metavar="FILE", help="write the hands and reference costs (JSON)")
    args = p.parse_args(argv)
    names = four_player_rules(p, args.rules)
    if args.hands < 1 or args.worlds < 1 or args.factor < 1 or args.jobs < 1:
        p.error("--hands, --worlds, --factor and --jobs must be at least 1")
    levels = args.bots.split(",")
    start = time.perf_counter()
    hands = run(names, args.hands, args.seed, levels, args.worlds, args.factor, args.jobs)
    wall = time.perf_counter() - start
    print(f"Verdicts at {args.worlds} deals per choice (up to {4 * args.worlds} for a close "
          f"call, {8 * args.worlds} for a Bulgarian bid's) against "
          f"{args.worlds * args.factor} deals; every seat's choices; bots "
          f"{args.bots}; seed {args.seed}")
    print(f"{'rules':<12}{'hands':>6}{'choices':>9}{'threshold':>10}{'called':>8}"
          f"{'hold up':>9}{'clear':>7}{'missed':>8}")
    everything = []
    for name in names:
        threshold = mistake_threshold(get_rules(name, 4))
        choices = [c for h in hands if h["rules"] == name for c in h["choices"]]
        r = rates(choices, threshold)
        everything.append((r, choices, threshold, name))
        print(f"{name:<12}{args.hands:>6}{r['choices']:>9}{threshold:>10g}{r['called']:>8}"
              f"{_pct(r['hold_rate']):>9}{r['clear']:>7}{_pct(r['miss_rate']):>8}")
    called = sum(r["called"] for r, *_ in everything)
    held = sum(r["held"] for r, *_ in everything)
    clear = sum(r["clear"] for r, *_ in everything)
    missed = sum(r["missed"] for r, *_ in everything)
    print(f"{'all':<12}{len(hands):>6}{sum(r['choices'] for r, *_ in everything):>9}"
          f"{'':>10}{called:>8}{_pct(held / called if called else 1.0):>9}{clear:>7}"
          f"{_pct(missed / clear if clear else 0.0):>8}")
    cpu = sum(h["cpu"] for h in hands)
    print(f"hold up: called mistakes whose reference cost is at least half the threshold "
          f"(goal >= 90%); missed: choices costing at least twice the threshold not called "
          f"(goal <= 10%). {wall:.0f} s wall, {cpu:.0f} s CPU, --jobs {args.jobs}")
    keys = ("seat", "phase", "index", "played", "cost", "margin", "worlds", "reference")
    for _, choices, threshold, name in everything:
        for c in choices:
            if c["mistake"] and c["reference"] < threshold / 2 or \
                    c["reference"] >= 2 * threshold and not c["mistake"]:
                what = "false alarm" if c["mistake"] else "missed"
                print(f"  {what}, {name}: {json.dumps({k: c[k] for k in keys})}")
    if args.save:
        with open(args.save, "w") as f:
            json.dump(fixed_set(hands, args.worlds, args.factor, args.seed), f,
                      separators=(",", ":"))
            f.write("\n")
        print(f"saved {len(hands)} hands to {args.save}")
    return 0
