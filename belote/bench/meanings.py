"""``python -m belote bench meanings``: how often the bots' words fit what they show.

For each rule set and table size and each bot level, bots of that level bid fresh deals at
every seat (the auction only); each word that shows something (:mod:`belote.bots.meanings`:
bids, doubles, redoubles; not a pass, nor the word a dealer had to name) is checked against the
cards its seat held. Reported: the words, the share that fit, by kind, and the misfits by kind
(the word's kind and what the hand held of what it shows).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from ..bots.knowledge import mask_of_names
from ..bots.meanings import meaning
from ..game import deal_for
from ..hand import Hand
from ..rules import CONFIGS, get_rules
from .frozen import make as make_bot
from .runs import HandMatch, map_work

LEVELS = ("easy", "normal", "expert")


def bids(args) -> list[tuple[str, str | None]]:
    """Hand ``index``'s auction bid by ``level`` at every seat: (kind, misfit or None) of each
    word that shows something."""
    name, players, level, seed, index, frozen, options = args
    rules = get_rules(name, players)
    dealer, deck = deal_for(name, players, seed, index)
    hand = Hand(rules, dealer, deck)
    match = HandMatch(hand, rules)
    kwargs = dict(options)
    if frozen:
        kwargs["fixed_work"] = True
    bots = [make_bot(level, seed=(seed, index, s), **kwargs) for s in range(players)]
    out = []
    while hand.phase == "auction":
        seat = hand.actor
        view = match.view(seat)
        word = bots[seat].choose(view)
        m = meaning(rules, dealer, [(s, w) for s, w in view["auction"]], word, view["turned"])
        if m.shows:
            out.append((m.kind, m.misfit(mask_of_names(view["hand"]))))
        hand.apply(word)
    return out


def run(name: str, players: int, level: str, hands: int, seed, frozen: bool, jobs: int,
        options: dict) -> dict:
    items = [(name, players, level, seed, i, frozen, options) for i in range(hands)]
    words = [w for r in map_work(bids, items, jobs, None) for w in r]
    kinds = Counter(k for k, _ in words)
    fit = Counter(k for k, miss in words if miss is None)
    misfits = Counter(miss for _, miss in words if miss is not None)
    return {"words": len(words), "fit": sum(fit.values()),
            "kinds": {k: [kinds[k], fit[k]] for k in sorted(kinds)},
            "misfits": dict(misfits.most_common())}


def report(name: str, players: int, level: str, hands: int, s: dict, limit: int = 6) -> str:
    rate = 100 * s["fit"] / max(1, s["words"])
    kinds = ", ".join(f"{k} {f}/{n}" for k, (n, f) in s["kinds"].items())
    lines = [f"{name + '/' + str(players):<12} {level:<16} hands {hands:4d}  words "
             f"{s['words']:5d}  fit {rate:5.1f}%  ({kinds})"]
    for miss, n in list(s["misfits"].items())[:limit]:
        lines.append(f"    misfit {n:4d}  {miss}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m belote bench meanings",
                                description="How often the bots' words fit their meanings.")
    p.add_argument("--rules", default="all",
                   help="rule sets, comma-separated, or all (default; every table size)")
    p.add_argument("--levels", default=",".join(LEVELS),
                   help=f"bot levels, comma-separated (default {','.join(LEVELS)})")
    p.add_argument("--hands", type=int, default=200, help="deals per table and level "
                   "(default 200)")
    p.add_argument("--seed", default="meanings", help="seed of the deals")
    p.add_argument("--fixed-work", action="store_true",
                   help="the searching bots search a fixed amount, not for a time (the same "
                        "words on every run)")
    p.add_argument("--options", default=None,
                   help='settings of every bot, as JSON, e.g. {"meanings": false}')
    p.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    args = p.parse_args(argv)
    import json

    options = json.loads(args.options) if args.options else {}
    names = None if args.rules == "all" else args.rules.split(",")
    tables = [(n, k) for n, k in CONFIGS if names is None or n in names]
    if not tables:
        p.error(f"unknown rule set in {args.rules!r}")
    t0 = time.time()
    for name, players in tables:
        for level in args.levels.split(","):
            s = run(name, players, level, args.hands, args.seed, args.fixed_work, args.jobs,
                    options)
            print(report(name, players, level, args.hands, s), flush=True)
    print(f"({time.time() - t0:.0f} s)")
    return 0
