"""The command line (docs/cli.md).

    python -m belote replay FILE|-
    python -m belote selfplay --rules R --players N --hands K --seed S [--bots B,B,B,B]
                              [--options JSON]
    python -m belote analyze FILE|- [--seat N] [--worlds K] [--seed S]
    python -m belote daily [YYYY-MM-DD]
    python -m belote verify FILE|-
    python -m belote bench engine|strength|bidding|analysis|verdicts|accuracy|meanings|arena ...

Errors go to stderr as one line: exit status 2 for usage, 1 for bad input.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from .deals import hand_seed
from .game import deal_for
from .hand import AUCTION, PLAY, Hand
from .record import RecordError, hand_record, loads, replay, summary
from .refusal import IllegalAction
from .rules import DEFAULT_RULES, RuleError, get_rules
from .view import View

USAGE = __doc__.split("\n\n")[1]


class UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(f"{self.prog}: {message}")


def _read(file: str) -> str:
    """A file's text, or standard input's for ``-``."""
    try:
        if file == "-":
            return sys.stdin.read()
        with open(file, encoding="utf-8") as f:
            return f.read()
    except OSError as e:
        raise RecordError(f"cannot read {file}: {e.strerror}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{file} is not UTF-8 text") from None


def cmd_replay(argv: list[str]) -> int:
    parser = _Parser(prog="python -m belote replay")
    parser.add_argument("file", help="a hand record (JSON), or - for standard input")
    args = parser.parse_args(argv)
    hand = replay(loads(_read(args.file)))
    print(json.dumps(summary(hand)))
    return 0


def cmd_analyze(argv: list[str]) -> int:
    from .analysis import WORLDS, analyze  # the bots are only needed here

    parser = _Parser(prog="python -m belote analyze")
    parser.add_argument("file", help="a hand record (JSON), or - for standard input")
    parser.add_argument("--seat", type=int, default=0, help="the seat analysed (default 0)")
    parser.add_argument("--worlds", type=int, default=WORLDS,
                        help=f"sampled deals per choice (default {WORLDS})")
    parser.add_argument("--seed", default="0", help="seed of the sampling (default 0)")
    args = parser.parse_args(argv)
    if args.worlds < 1:
        raise UsageError("--worlds must be at least 1")
    record = loads(_read(args.file))
    print(json.dumps(analyze(record, args.seat, args.worlds, args.seed)))
    return 0


def cmd_daily(argv: list[str]) -> int:
    from . import daily

    parser = _Parser(prog="python -m belote daily")
    parser.add_argument("date", nargs="?", help="a UTC date, YYYY-MM-DD (default: today's)")
    args = parser.parse_args(argv)
    try:
        day = daily.daily(args.date or daily.utc_date(time.time() * 1000))
    except ValueError as e:
        raise UsageError(str(e)) from None
    records = [day.expert_record(n) for n in range(1, day.hands + 1)]
    results = [{"hand": n, "score": daily.sheet_gain(day, n, record),
                "margin": daily.margin(day, n, record)} for n, record in enumerate(records, 1)]
    print(json.dumps({"date": day.date, "rules": day.rules, "hands": records,
                      "expert": results, "total": sum(r["margin"] for r in results)}))
    return 0


def cmd_verify(argv: list[str]) -> int:
    from .daily import daily_hand
    from .verify import verify_all

    parser = _Parser(prog="python -m belote verify")
    parser.add_argument("file", help="a hand record, a saved match or records one per line "
                                     "(JSON), or - for standard input")
    args = parser.parse_args(argv)
    text = _read(args.file)
    hands = []
    for data in _documents(text):
        hands += verify_all(data)
    out = []
    for i, hand in enumerate(hands, 1):
        entry = {"hand": i, **hand}
        found = daily_hand(hand.get("seed"))
        if found:
            entry["daily"] = found
        out.append(entry)
    print(json.dumps({"verified": sum(h["status"] == "verified" for h in out), "hands": out}))
    return 0


def _documents(text: str) -> list:
    """The JSON value of ``text``, or the values of its lines (JSON Lines, as ``selfplay``
    writes them)."""
    try:
        return [loads(text)]
    except RecordError as whole:
        lines = [line for line in text.splitlines() if line.strip()]
        if not lines:
            raise
        out = []
        for i, line in enumerate(lines, 1):
            try:
                out.append(loads(line))
            except RecordError as e:
                if i == 1:  # not JSON Lines either: the text's own error
                    raise whole from None
                raise RecordError(f"line {i}: {e}") from None
        return out


def cmd_selfplay(argv: list[str]) -> int:
    parser = _Parser(prog="python -m belote selfplay")
    parser.add_argument("--rules", default=DEFAULT_RULES)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--hands", type=int, default=1)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--bots", default=None, help="bot names by seat, comma separated")
    parser.add_argument("--options", default="{}", help="rule options as a JSON object")
    args = parser.parse_args(argv)
    try:
        options = json.loads(args.options)
    except json.JSONDecodeError as e:
        raise UsageError(f"--options is not valid JSON: {e.msg}") from None
    if not isinstance(options, dict):
        raise UsageError("--options must be a JSON object")
    if args.hands < 0:
        raise UsageError("--hands must not be negative")
    try:
        rules = get_rules(args.rules, args.players, options)
    except RuleError as e:
        raise UsageError(str(e)) from None
    names = (args.bots or ",".join(["random"] * rules.players)).split(",")
    if len(names) != rules.players:
        raise UsageError(f"--bots needs {rules.players} names, one per seat")
    try:
        bots = [_bot(name, f"{args.seed}/{seat}") for seat, name in enumerate(names)]
    except ValueError as e:
        raise UsageError(str(e)) from None
    out = sys.stdout
    for i in range(args.hands):
        hand = Hand(rules, *deal_for(rules.name, rules.players, args.seed, i),
                    seed=hand_seed(rules.name, rules.players, args.seed, i))
        while hand.phase in (AUCTION, PLAY):
            seat = hand.actor
            bot = bots[seat]
            if getattr(bot, "sees_all", False):
                action = bot.choose(hand.view(seat), hand)
            else:
                action = bot.choose(hand.view(seat))
            hand.apply(action)
        out.write(json.dumps(hand_record(hand)) + "\n")
    out.flush()
    return 0


class _RandomPlayer:
    """Uniformly random legal actions, declaring everything it holds."""

    def __init__(self, seed):
        self.rng = random.Random(seed)

    def choose(self, view: View) -> str:
        legal = view["legal"]
        declarations = [a for a in legal if a.startswith("declare ")]
        return declarations[0] if declarations else self.rng.choice(legal)


def _bot(name: str, seed: str):
    if name == "random":
        return _RandomPlayer(seed)
    from .bots import make_bot  # the bots are only needed here

    return make_bot(name, seed=seed)


def cmd_bench(argv: list[str]) -> int:
    kinds = ("engine", "strength", "bidding", "analysis", "verdicts", "accuracy", "meanings",
             "arena")
    if not argv or argv[0] not in kinds:
        raise UsageError("python -m belote bench: say 'engine', 'strength', 'bidding', "
                         "'analysis', 'verdicts', 'accuracy', 'meanings' or 'arena'")
    if argv[0] == "accuracy":
        from .bench.accuracy import main as accuracy_main

        return accuracy_main(argv[1:], _Parser)
    if argv[0] == "verdicts":
        from .bench.verdicts import main as verdicts_main

        return verdicts_main(argv[1:], _Parser)
    if argv[0] == "analysis":
        from .bench.analysis import main as analysis_main

        return analysis_main(argv[1:], _Parser)
    if argv[0] == "engine":
        from .bench.engine import main
    elif argv[0] == "arena":
        from .bench.arena import main
    elif argv[0] == "meanings":
        from .bench.meanings import main
    elif argv[0] == "strength":
        from .bench.bots import strength_main as main
    else:
        from .bench.bots import bidding_main as main
    return main(argv[1:])


COMMANDS = {"replay": cmd_replay, "selfplay": cmd_selfplay, "analyze": cmd_analyze,
            "daily": cmd_daily, "verify": cmd_verify, "bench": cmd_bench}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if not argv or argv[0] in ("-h", "--help") or argv[0] not in COMMANDS:
        if argv and argv[0] in ("-h", "--help"):
            print(USAGE)
            return 0
        print(f"usage:\n{USAGE}", file=sys.stderr)
        return 2
    try:
        return COMMANDS[argv[0]](argv[1:])
    except UsageError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except (RecordError, IllegalAction, RuleError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    except SystemExit as e:  # argparse's --help
        return int(e.code or 0)
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
