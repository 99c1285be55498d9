"""``python -m belote bench arena``: a bot's card play against colver's IS-DD, contracts fixed.

colver (PyPI ``colver``, a Rust engine for Belote Contrée) is a benchmark-only dependency:
``pip install -r belote/bench/requirements-arena.txt``. Its IS-DD player samples deals
consistent with what its seat knows (uniformly, within the voids and the cards seen: its
learned world model needs a GPU server this machine does not have) and solves each one
double-dummy, within a time budget.

Each deal is Coinche, dealt by :func:`belote.game.deal_for` and bid once by Normal bots at
every seat (with a fixed amount of work, so the auction is the same on every run); the contract is
then played twice, bot A holding the even seats and colver the odd ones, then the other way
round. Nobody declares (colver knows no declarations, and they would show cards to one side
only). Reported: the mean card-point margin per deal (A's side's card points over both
seatings, less colver's, halved) with its 95% interval, the same in Coinche score, and both
sides' time per decision; colver gets ``--ratio`` times A's budget per decision.

``--clock``: A's budget and both sides' times are the wall clock's (the default) or the
process's CPU time (``cpu``), which other programs do not take. colver stops on the wall clock
only, so with ``cpu`` its budget is set before each decision from the share of a core this
process got on the last ones (:func:`colver_time`); the report gives the CPU times each side
actually took.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import zlib

from ..auction import CAPOT_LEVEL, DOUBLE, PASS, REDOUBLE
from ..cards import CARD_NAMES, cards_of, parse_card
from ..game import deal_for
from ..hand import Hand
from ..rules import Coinche, get_rules
from .frozen import make as make_bot
from .runs import HandMatch, logged, map_work, mean_ci, percentile

GAME = Coinche.name  # colver plays Belote Contrée: Coinche

# colver numbers a card (suit * 8 + rank) with the suits spades, hearts, diamonds, clubs and the
# ranks 7 8 9 J Q K 10 A; here the suits are clubs ... spades and the ranks 7 8 9 10 J Q K A.
_COLVER_RANKS = (0, 1, 2, 4, 5, 6, 3, 7)


def to_colver(card: int) -> int:
    return (3 - (card >> 3)) * 8 + _COLVER_RANKS.index(card & 7)


def from_colver(index: int) -> int:
    return (3 - index // 8) * 8 + _COLVER_RANKS[index % 8]


def colver_bid(word: str) -> int:
    """The colver auction action of a Coinche word."""
    if word == PASS:
        return 0
    if word == DOUBLE:
        return 41
    if word == REDOUBLE:
        return 42
    level, suit = word.split()
    s = 3 - ("clubs", "diamonds", "hearts", "spades").index(suit)
    if level == "capot":
        return 37 + s
    return 1 + (int(level) - 80) // 10 * 4 + s


def colver_spec(time_ms: int) -> str:
    """colver's IS-DD card player, its worlds drawn uniformly within what the seat knows."""
    return ("[bid]\nstrategy = \"heuristic\"\n[play]\nmethod = \"isdd\"\n"
            f"time_ms = {time_ms}\n[worlds]\nsource = \"uniform\"\n")


def auction(seed, index: int) -> tuple[int, list[int], list[str]]:
    """Deal ``index``'s dealer, deck and auction, bid by Normal bots whose clock stands still
    (``fixed_work``: the same auction on every run)."""
    rules = get_rules(GAME)
    dealer, deck = deal_for(GAME, 4, seed, index)
    hand = Hand(rules, dealer, deck)
    match = HandMatch(hand, rules)
    bidders = [make_bot("normal", seed=(seed, index, s), fixed_work=True) for s in range(4)]
    while hand.phase == "auction":
        hand.apply(bidders[hand.actor].choose(match.view(hand.actor)))
    return dealer, deck, hand.auction_words()


def _colver_env(colver, dealer: int, hands: list[int], words: list[str], contract):
    """colver's deal, its auction replayed word by word (or, where its auction differs, its
    contract set), ready for the first card."""
    env = colver.Env.deal_with_hands(dealer, [[to_colver(c) for c in cards_of(h)]
                                              for h in hands])
    replayed = True
    actions = []
    for w in words:
        a = colver_bid(w)
        if env.phase() != 0 or a not in env.legal_actions():
            replayed = False
            break
        actions.append(a)
        env.step(a)
    # colver's contract (set_contract's arguments, in order): its trump, the level (250:
    # capot), the bidders' team, the multiplier
    want = dict(trump=3 - contract.trump_suit,
                value=250 if contract.level == CAPOT_LEVEL else contract.level,
                team=contract.bidder % 2, coinche={1: 0, 2: 1, 4: 2}[contract.multiplier])
    if not replayed or env.phase() != 1 or any(env.get_contract().get(k) != v
                                              for k, v in want.items()):
        env = colver.Env.deal_with_hands(dealer, [[to_colver(c) for c in cards_of(h)]
                                                  for h in hands])
        actions = []
        env.set_contract(*want.values())
        env.set_phase_playing()
    return env, actions


# The share of a core this process got on colver's last decisions (CPU time over wall time).
_SHARE = [1.0]


def colver_time(target_ms: float) -> int:
    """colver's wall-clock budget (ms) for about ``target_ms`` of this process's CPU time."""
    return max(1, round(target_ms / _SHARE[0]))


def core_share(seconds: float = 0.3) -> float:
    """The share of a core this process gets now: a busy loop's CPU time over its wall time."""
    w0, c0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - w0 < seconds:
        pass
    return min(1.0, max(0.02, (time.process_time() - c0) / (time.perf_counter() - w0)))


def _took(cpu: float, wall: float) -> None:
    """Learn the share of a core from a decision that took ``cpu`` of ``wall`` seconds."""
    if wall > 0.005:
        _SHARE[0] = min(1.0, max(0.02, (_SHARE[0] + cpu / wall) / 2))


def play(seed, index: int, a: str, a_side: int, budget: float, ratio: float,
         a_options: dict, cpu: bool = False) -> dict | None:
    """Deal ``index`` played with A at the seats of ``a_side`` (0: even, 1: odd) and colver at
    the others; None when thrown in. A's side's card points and score margin, and the
    decision times (``cpu``: the process's CPU time, also A's budget's clock)."""
    import colver

    clock = time.process_time if cpu else time.perf_counter

    rules = get_rules(GAME)
    dealer, deck, words = auction(seed, index)
    hand = Hand(rules, dealer, deck)
    for w in words:
        hand.apply(w)
    if hand.contract is None:
        return None
    match = HandMatch(hand, rules)
    env, bids = _colver_env(colver, dealer, hand.hands, words, hand.contract)
    time_ms = max(1, round(ratio * budget * 1000))
    agents = {}
    for s in range(4):
        if s % 2 != a_side:
            agents[s] = colver.Agent(colver_spec(time_ms), seat=s,
                                     seed=zlib.crc32(repr((seed, index, s)).encode()))
    bots = {s: make_bot(a, seed=(seed, index, s), time_budget=budget, clock=clock,
                        **a_options)
            for s in range(4) if s % 2 == a_side}
    # colver's players see the deal before the auction, then every action
    fresh = colver.Env.deal_with_hands(dealer, [[to_colver(c) for c in cards_of(h)]
                                                for h in hand.hands])
    for agent in agents.values():
        agent.init_deal(fresh)
    for act in bids:
        for agent in agents.values():
            agent.observe(fresh, act)
        fresh.step(act)
    times: dict[str, list[float]] = {"a": [], "colver": []}
    worlds: list[int] = []
    while hand.phase == "play":
        seat = hand.actor
        legal = [x for x in hand.legal_actions() if not x.startswith("declare")]
        if seat in bots:
            view = match.view(seat)
            view["legal"] = legal
            t0 = clock()
            card = bots[seat].choose(view)
            if len(legal) > 1:
                times["a"].append(clock() - t0)
        else:
            if cpu:
                agents[seat].set_time_ms(colver_time(time_ms))
            w0, t0 = time.perf_counter(), clock()
            decision = agents[seat].decide(env)
            took = clock() - t0
            if cpu:
                _took(took, time.perf_counter() - w0)
            if len(legal) > 1:
                times["colver"].append(took)
                worlds.append(decision.get("determinizations", 0))
            card = CARD_NAMES[from_colver(decision["action"])]
            if card not in legal:
                raise RuntimeError(f"colver played {card}, not legal here ({legal})")
        action = to_colver(parse_card(card))
        for agent in agents.values():
            agent.observe(env, action)
        env.step(action)
        hand.apply(card)
    score = hand.score
    assert score is not None
    b_side = 1 - a_side
    return {"points": score.card_points[a_side] - score.card_points[b_side],
            "score": score.score[a_side] - score.score[b_side],
            "times": times, "worlds": worlds}


def deal_pair(args) -> dict | None:
    """Deal ``index`` in both seatings: the margins (halved sums) and the times."""
    seed, index, a, budget, ratio, a_options, cpu = args
    got = [play(seed, index, a, side, budget, ratio, a_options, cpu) for side in (0, 1)]
    if got[0] is None or got[1] is None:
        return {"index": index, "thrown": True}
    return {"index": index, "points": (got[0]["points"] + got[1]["points"]) / 2,
            "score": (got[0]["score"] + got[1]["score"]) / 2,
            "times_a": got[0]["times"]["a"] + got[1]["times"]["a"],
            "times_colver": got[0]["times"]["colver"] + got[1]["times"]["colver"],
            "worlds": got[0]["worlds"] + got[1]["worlds"]}


def paired(results: list[dict], others: list[dict]) -> dict:
    """The card-point margin of ``results`` less that of ``others`` on the deals both played."""
    theirs = {r["index"]: r["points"] for r in others if not r.get("thrown")}
    diffs = [r["points"] - theirs[r["index"]] for r in results
             if not r.get("thrown") and r["index"] in theirs]
    m, lo, hi = mean_ci(diffs)
    return {"deals": len(diffs), "mean": m, "ci": [lo, hi]}


def _read_log(path: str) -> list[dict]:
    """Every result in an arena log (whatever its key)."""
    out = []
    with open(path) as f:
        for line in f:
            try:
                out.append(json.loads(line)["result"])
            except ValueError:
                continue  # a line cut short when a run was stopped
    return out


def summarize(results: list[dict]) -> dict:
    played = [r for r in results if not r.get("thrown")]
    points = mean_ci([r["points"] for r in played])
    score = mean_ci([r["score"] for r in played])
    ta = [t for r in played for t in r["times_a"]]
    tc = [t for r in played for t in r["times_colver"]]
    worlds = [w for r in played for w in r["worlds"]]

    def timing(xs):
        return {"n": len(xs), "mean": sum(xs) / max(1, len(xs)), "p50": percentile(xs, .5),
                "p95": percentile(xs, .95), "max": max(xs, default=0.0)}

    return {"deals": len(played), "thrown": len(results) - len(played),
            "points": points, "score": score, "time_a": timing(ta), "time_colver": timing(tc),
            "worlds_p50": percentile(worlds, .5)}


def report(a: str, s: dict, budget: float, ratio: float, cpu: bool = False) -> str:
    def ms(t):
        return (f"decisions {t['n']}: mean {1000 * t['mean']:.0f} ms  p50 "
                f"{1000 * t['p50']:.0f} ms  p95 {1000 * t['p95']:.0f} ms  max "
                f"{1000 * t['max']:.0f} ms")

    p, sc = s["points"], s["score"]
    ta, tc = s["time_a"], s["time_colver"]
    kind = "CPU time" if cpu else "time"
    return "\n".join([
        f"coinche: {a} ({1000 * budget:.0f} ms) vs colver IS-DD ({ratio:g} x: "
        f"{ratio * budget * 1000:.0f} ms), card play only, contracts fixed; "
        f"{'CPU' if cpu else 'wall'} clock",
        f"  deal pairs {s['deals']} ({s['thrown']} thrown in)  card points per deal "
        f"{p[0]:+.2f}  95% CI [{p[1]:+.2f}, {p[2]:+.2f}]",
        f"  score per deal {sc[0]:+.2f}  95% CI [{sc[1]:+.2f}, {sc[2]:+.2f}]",
        f"  {a:7s} {ms(ta)}",
        f"  colver  {ms(tc)}; worlds solved p50 {s['worlds_p50']}",
        f"  colver's {kind} / {a}'s: {tc['mean'] / max(1e-9, ta['mean']):.1f} x (means)"])


def main(argv: list[str]) -> int:
    p = argparse.ArgumentParser(prog="python -m belote bench arena",
                                description="A bot's card play against colver's IS-DD, "
                                            "Coinche, contracts fixed, duplicate deals.")
    p.add_argument("--deals", type=int, default=100, help="deal pairs (default 100)")
    p.add_argument("--seed", default="arena", help="seed of the deals (default arena)")
    p.add_argument("--a", default="expert", help="our bot (default expert)")
    p.add_argument("--a-options", default=None, help="its settings, as JSON")
    p.add_argument("--time-budget", type=float, default=0.1,
                   help="its time per decision, seconds (default 0.1)")
    p.add_argument("--ratio", type=float, default=4.0,
                   help="colver's time per decision over the bot's budget (default 4)")
    p.add_argument("--jobs", type=int, default=1, help="processes (default 1)")
    p.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                   help="A's budget and both sides' times by the wall clock (default) or by "
                        "the process's CPU time, which other programs do not take (colver's "
                        "budget then follows the share of a core the process gets)")
    p.add_argument("--log", default=None,
                   help="append each deal pair's result to this file (JSON lines) and take "
                        "those already there instead of playing them again")
    p.add_argument("--against", default=None, metavar="LOG",
                   help="with --log: also the card-point margin less that of the same deals in "
                        "LOG (another bot or setting against colver), deal by deal")
    p.add_argument("--json", action="store_true", help="print JSON instead of a report")
    args = p.parse_args(argv)
    os.environ.setdefault("RAYON_NUM_THREADS", "1")  # one core per process, as the bot has
    try:
        import colver  # noqa: F401
    except ImportError:
        print("colver is not installed: pip install -r belote/bench/requirements-arena.txt",
              file=sys.stderr)
        return 2
    a_options = json.loads(args.a_options) if args.a_options else {}
    cpu = args.clock == "cpu"
    key = [args.a, str(args.seed), args.time_budget, args.ratio, a_options]
    if cpu:
        key.append("cpu")  # a log of runs by the wall clock keeps its key
    results = logged(args.log, key)

    def keep(r):
        if args.log:
            with open(args.log, "a") as f:
                f.write(json.dumps({"key": key, "result": r}) + "\n")

    load = os.getloadavg()[0]
    if cpu:
        _SHARE[0] = core_share()  # colver's first budget (then learnt from its decisions)
    t0 = time.time()
    items = [(args.seed, i, args.a, args.time_budget, args.ratio, a_options, cpu)
             for i in range(len(results), args.deals)]
    results += map_work(deal_pair, items, args.jobs, None, keep)
    s = summarize(results)
    if args.against:
        s["paired"] = paired(results, _read_log(args.against))
    s["seconds"] = round(time.time() - t0, 1)
    s["load"] = [round(load, 2), round(os.getloadavg()[0], 2)]
    if args.json:
        print(json.dumps(s, indent=1))
    else:
        print(report(args.a, s, args.time_budget, args.ratio, cpu))
        if "paired" in s:
            d = s["paired"]
            print(f"  less {args.against} on the same deals: deals {d['deals']}  card points "
                  f"{d['mean']:+.2f}  95% CI [{d['ci'][0]:+.2f}, {d['ci'][1]:+.2f}]")
        print(f"  ({s['seconds']} s; load average {s['load'][0]} at the start, "
              f"{s['load'][1]} at the end)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
