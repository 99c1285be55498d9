"""What a view costs: ``python -m scripts.bench_view [--against REV] [--rounds 3]``.

Times :meth:`belote.Match.view` (every seat in turn, CPU time of one process) at a position in the
middle of a hand after twelve hands (a twelve-line score sheet), per rule set, and an Easy
bot's decision there for scale. With ``--against REV`` the same is timed on the engine of git
revision ``REV`` too (checked out into a temporary directory), the two runs alternating, and
the ratio of the medians is printed. Prints results, asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIGS = (("bulgarian", 4), ("french", 4), ("classic", 3))

# Run in a child process whose sys.path starts with the engine's tree: prints one JSON object.
CHILD = r"""
import json, random, sys, time
sys.path.insert(0, sys.argv[1])
from belote import Match
from belote.bots import make_bot

out = {}
for name, players in json.loads(sys.argv[2]):
    m = Match(name, players, {"target": 100000}, seed=7)
    rng = random.Random(1)
    hands = 0
    while not (hands >= 12 and m.phase == "play" and len(m.hand.played) >= 9):
        if m.phase == "hand-over":
            m.apply("next")
            hands += 1
            continue
        m.apply(rng.choice([a for a in m.legal_actions() if a != "out"]))
    calls, start = 0, time.process_time()
    while time.process_time() - start < 1.0:
        for seat in range(players):
            m.view(seat)
            calls += 1
    view_us = (time.process_time() - start) / calls * 1e6
    bot, view = make_bot("easy", seed=0), m.view(m.turn)
    calls, start = 0, time.process_time()
    while time.process_time() - start < 1.0:
        bot.choose(view)
        calls += 1
    out[name + "/" + str(players)] = [view_us, (time.process_time() - start) / calls * 1e6]
print(json.dumps(out))
"""


def measure(tree: Path) -> dict[str, list[float]]:
    done = subprocess.run([sys.executable, "-c", CHILD, str(tree), json.dumps(CONFIGS)],
                          check=True, capture_output=True, text=True)
    return json.loads(done.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts.bench_view",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--against", help="a git revision to compare with")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each tree (default 3)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"this tree": ROOT}
        if args.against:
            old = Path(tmp) / "old"
            old.mkdir()
            archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.against, "belote"],
                                     check=True, capture_output=True)
            subprocess.run(["tar", "-x", "-C", str(old)], input=archive.stdout, check=True)
            trees = {args.against: old, "this tree": ROOT}
        runs: dict[str, list[dict[str, list[float]]]] = {name: [] for name in trees}
        for _ in range(args.rounds):
            for name, tree in trees.items():
                runs[name].append(measure(tree))
    print(f"Match.view, µs per call (median of {args.rounds} runs; an Easy decision for scale)")
    medians = {}
    for name, results in runs.items():
        medians[name] = {config: [statistics.median(r[config][i] for r in results)
                                  for i in (0, 1)] for config in results[0]}
        cells = "  ".join(f"{config} {view:6.1f} (easy {easy:6.1f})"
                          for config, (view, easy) in medians[name].items())
        print(f"{name:<12} {cells}")
    if args.against:
        ratios = "  ".join(f"{config} {medians['this tree'][config][0] / old[0]:.2f}"
                           for config, old in medians[args.against].items())
        print(f"{'ratio':<12} {ratios}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
