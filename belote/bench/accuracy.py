"""``python -m belote bench accuracy``: the mean accuracy of each bot level, per rule set.

(collection only, for now)
"""

from __future__ import annotations

import argparse
import json
import time
from concurrent.futures import ProcessPoolExecutor

from ..analysis.review import WORLDS, Review
from ..bots.fixed import fixed_bot
from ..rules import CONFIGS, RULE_SETS
from .analysis import played_record

PAGE_SEED = "0"


def expected_decisions(record: dict, seat: int, worlds: int) -> list[dict]:
    review = Review(record, seat, worlds, PAGE_SEED)
    return [review.decision(m, review.expected(m), None) for m in review.moments]


def hand_rows(job: tuple) -> dict:
    name, seed, index, level, worlds = job
    start = time.process_time()
    record = played_record(name, 4, seed, index, level, fixed_bot)
    seats = [expected_decisions(record, seat, worlds) for seat in range(4)]
    return {"rules": name, "index": index, "level": level, "record": record, "seats": seats,
            "cpu": time.process_time() - start}


def main(argv: list[str], parser: type[argparse.ArgumentParser] = argparse.ArgumentParser
         ) -> int:
    p = parser(prog="python -m belote bench accuracy")
    p.add_argument("--rules", default="all")
    p.add_argument("--hands", type=int, default=10)
    p.add_argument("--seed", default="accuracy")
    p.add_argument("--levels", default="easy,normal,expert")
    p.add_argument("--worlds", type=int, default=WORLDS)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--save", metavar="FILE")
    args = p.parse_args(argv)
    four = [n for n, k in CONFIGS if k == 4]
    names = four if args.rules == "all" else args.rules.split(",")
    assert all(n in RULE_SETS for n in names)
    work = [(n, args.seed, i, level, args.worlds) for i in range(args.hands) for n in names
            for level in args.levels.split(",")]
    out = open(args.save, "w") if args.save else None
    pool = ProcessPoolExecutor(args.jobs)
    rows = pool.map(hand_rows, work)
    for row in rows:
        print(row["rules"], row["level"], row["index"], f"{row['cpu']:.1f}s", flush=True)
        if out:
            out.write(json.dumps(row) + "\n")
            out.flush()
    return 0
