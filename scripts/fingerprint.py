"""A fingerprint of the engine's and the bots' behaviour: ``python -m scripts.fingerprint``.

For every rule set and table size and every bot level, bots of that level play a few hands at
every seat, on fixed deals, as matches (``next`` between hands, a new match once one is won, so
that hanging points, "I'm out" and the end of a match are played too). Printed per table and
level: short digests of

- ``records``: every hand record (auction, play, declarations, "I'm out");
- ``scores``: every record replayed (:func:`belote.record.replay`, the ``replay`` command's
  summary), and the match's score sheet, totals and winner after every hand;
- ``views``: the view each bot was given at each of its decisions, and every seat's at the end
  of each hand;
- ``events``: every event :meth:`belote.Match.apply` returned;

(``--hands`` hands for the levels that search, ``--quick-hands`` for the others)

and what the hands went through (hands thrown in, hanging points, "I'm out" claims, matches
won), so that one can see the rules' rarer paths are played. A refactor that keeps behaviour
keeps every digest.

The searching bots (the Normal's bidding, the Expert, the Oracle) normally stop on a time
budget; here they search a fixed amount (``fixed_work``: their clock stands still), so each
decision runs to its count of deals or samples (the Expert's ``max_samples`` and
``bid_deals``, the Normal's own deal counts): the same on every run and every machine.
``--samples`` and ``--deals`` set the Expert's counts (smaller is quicker; the digests then
differ).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from belote.bots import BASELINES, BOT_NAMES, make_bot  # noqa: E402
from belote.game import Match  # noqa: E402
from belote.record import replay, summary  # noqa: E402
from belote.rules import CONFIGS, RULE_SETS  # noqa: E402

LEVELS = BOT_NAMES + BASELINES
SEED = "fingerprint"
HANDS = 6        # per table, for the levels that search (normal, expert, oracle)
QUICK_HANDS = 48  # per table, for the others (random, easy, normal-baseline)
SAMPLES = 24   # the Expert's samples per card (its default is 80)
DEALS = 16     # the Expert's deals per bid (its default is 48)


def searches(level: str) -> bool:
    return level in ("normal", "expert", "oracle", "expert-baseline")


def _bots(level: str, players: int, samples: int, deals: int, make=make_bot) -> list:
    kwargs: dict = {"fixed_work": True}
    if level.startswith(("expert", "oracle")):
        kwargs.update(max_samples=samples, bid_deals=deals)
    return [make(level, seed=f"{SEED}/{s}", **kwargs) for s in range(players)]


class Digest:
    """A running SHA-256 of JSON values, written with sorted keys."""

    def __init__(self):
        self.h = hashlib.sha256()

    def add(self, value) -> None:
        self.h.update(json.dumps(value, sort_keys=True, separators=(",", ":")).encode())
        self.h.update(b"\n")

    def short(self) -> str:
        return self.h.hexdigest()[:12]


def play(rules_name: str, players: int, level: str, hands: int = HANDS,
         samples: int = SAMPLES, deals: int = DEALS, make=make_bot) -> dict:
    """Bots of ``level`` at every seat play ``hands`` hands; the digests and the counts
    (``make``: the bots' factory, :func:`belote.bots.make_bot`)."""
    # a low target, so that matches end (and Classic's "I'm out" is claimed) within a few hands
    options = {"target": RULE_SETS[rules_name].quick_target}
    digests = {k: Digest() for k in ("records", "scores", "views", "events")}
    counts = {"hands": 0, "thrown": 0, "hanging": 0, "out": 0, "won": 0}
    bots = _bots(level, players, samples, deals, make)
    matches = 0
    match = Match(rules_name, players, options, seed=f"{SEED}/{matches}")
    start = time.process_time()
    while counts["hands"] < hands:
        phase = match.phase
        if phase in ("auction", "play"):
            seat = match.turn
            assert seat is not None
            view = match.view(seat)
            digests["views"].add(view)
            bot = bots[seat]
            action = bot.choose(view, match) if getattr(bot, "sees_all", False) \
                else bot.choose(view)
            digests["events"].add(match.apply(action))
            continue
        # the hand is over
        counts["hands"] += 1
        # the deal and every action; not the deal's seed and commitment (docs/deals.md),
        # recorded since issue 38, so that the digests compare with earlier ones
        record = {k: v for k, v in match.hand_record().items() if k not in ("seed", "commitment")}
        digests["records"].add(record)
        digests["scores"].add(summary(replay(record)))
        digests["scores"].add([match.sheet[-1], match.totals, match.winner, match.losers])
        for s in range(players):
            digests["views"].add(match.view(s))
        entry = match.sheet[-1]
        counts["thrown"] += entry["made"] is None and "out" not in entry
        counts["hanging"] += any(entry.get("hanging") or ())
        counts["out"] += "out" in entry
        if phase == "match-over":
            counts["won"] += 1
            matches += 1
            match = Match(rules_name, players, options, seed=f"{SEED}/{matches}")
        else:
            digests["events"].add(match.apply("next"))
    return {"rules": rules_name, "players": players, "level": level, "counts": counts,
            "digests": {k: d.short() for k, d in digests.items()},
            "seconds": time.process_time() - start}


def _play(args: tuple) -> dict:
    return play(*args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scripts.fingerprint",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=HANDS,
                        help=f"per table of a level that searches (default {HANDS})")
    parser.add_argument("--quick-hands", type=int, default=QUICK_HANDS,
                        help=f"per table of the other levels (default {QUICK_HANDS})")
    parser.add_argument("--levels", default=",".join(LEVELS),
                        help="bot levels, comma separated (default: all)")
    parser.add_argument("--rules", default=",".join(RULE_SETS),
                        help="rule sets, comma separated (default: all)")
    parser.add_argument("--samples", type=int, default=SAMPLES,
                        help=f"the Expert's samples per card (default {SAMPLES})")
    parser.add_argument("--deals", type=int, default=DEALS,
                        help=f"the Expert's deals per bid (default {DEALS})")
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    parser.add_argument("--times", action="store_true",
                        help="also print each table's CPU seconds (these vary)")
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    rules = args.rules.split(",")
    for level in levels:
        if level not in LEVELS:
            parser.error(f"unknown level {level!r} (known: {', '.join(LEVELS)})")
    for name in rules:
        if name not in RULE_SETS:
            parser.error(f"unknown rule set {name!r} (known: {', '.join(RULE_SETS)})")
    jobs = [(name, n, level, args.hands if searches(level) else args.quick_hands, args.samples,
             args.deals)
            for name, n in CONFIGS if name in rules for level in levels]
    print(f"fingerprint: {args.hands} hands per table that searches, {args.quick_hands} per other "
          f"table, seed {SEED!r}, Expert {args.samples} samples per card and {args.deals} deals "
          "per bid, clocks frozen")
    total = Digest()
    with ProcessPoolExecutor(max(1, args.jobs)) as pool:
        for row in pool.map(_play, jobs):
            c, d = row["counts"], row["digests"]
            total.add(d)
            line = (f"{row['rules'] + '/' + str(row['players']):<12} {row['level']:<16}"
                    f" records {d['records']}  scores {d['scores']}  views {d['views']}"
                    f"  events {d['events']}   hands {c['hands']} thrown {c['thrown']}"
                    f" hanging {c['hanging']} out {c['out']} won {c['won']}")
            if args.times:
                line += f"  {row['seconds']:.1f}s"
            print(line, flush=True)
    print(f"all {total.short()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
