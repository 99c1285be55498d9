"""What ``bench strength`` and ``bench bidding`` report of their duplicate matches
(:mod:`belote.bench.bots`): the margin per deal and the match wins with their intervals, the
decisions' times, the contracts and doubles by side, and where the two seatings' auctions part."""

from __future__ import annotations

from ..auction import DOUBLE, PASS, REDOUBLE, TAKE
from ..contract import parse_contract_word
from ..rules import RULE_SETS
from .runs import mean_ci, percentile, wilson


def word_kind(word: str) -> str:
    """An auction word by its kind: pass, take, double, redouble, or the contract it names
    (suit, no-trumps, all-trumps; capot)."""
    if word in (PASS, TAKE, DOUBLE, REDOUBLE):
        return word
    parts = word.split()
    return "capot" if parts[0] == "capot" else parse_contract_word(parts[-1])[0]


def where_parted(rules, first, second) -> str | None:
    """Where the auctions of one deal in the two seatings part: the turn, then A's word and
    B's word there by kind (A holds the even seats in the first seating, the odd ones in the
    second), e.g. ``round 2, 1st to speak: suit / pass``; None if they never part. Where the
    first bid ends the auction (the turned card, Bela) only passes come before a turn, so it is
    told by its round and order; elsewhere by what was bid before it."""
    dealer, one = first
    _, two = second
    turn = next((i for i, (x, y) in enumerate(zip(one, two)) if x[1] != y[1]), None)
    if turn is None:
        return None
    seat = one[turn][0]
    a_word, b_word = (one[turn][1], two[turn][1]) if seat % 2 == 0 else \
        (two[turn][1], one[turn][1])
    if rules.auction_class.first_bid_ends:
        order = (seat - dealer - 1) % rules.players + 1
        where = f"round {turn // rules.players + 1}, {_ORDINALS[order]} to speak"
    else:
        bids = [s for s, w in one[:turn] if w not in (PASS, DOUBLE, REDOUBLE)]
        where = "opening" if not bids else (
            "over the partner" if rules.side(bids[-1]) == rules.side(seat) else
            "over the opponents")
    return f"{where}: {word_kind(a_word)} / {word_kind(b_word)}"


_ORDINALS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}


# --- statistics --------------------------------------------------------------------------------
def summarize(results):
    margins = [m for r in results for m in r["margins"]]
    wins = [w for r in results for w in r["wins"] if w is not None]
    ta = [t for r in results for t in r["times_a"]]
    tb = [t for r in results for t in r["times_b"]]
    m, lo, hi = mean_ci(margins)
    p, plo, phi = wilson(sum(1 for w in wins if w), len(wins))
    scores = [x for r in results for x in r["scores"]]
    return {
        "bidding": bidding_summary([x for r in results for x in r["bids"]],
                                   sum(r["thrown"] for r in results)),
        "parted": parted_summary(results),
        "score_a": sum(x[0] for x in scores) / max(1, len(scores)),
        "score_b": sum(x[1] for x in scores) / max(1, len(scores)),
        "deal_pairs": len(margins), "hands": sum(r["hands"] for r in results),
        "margin": m, "margin_ci": [lo, hi],
        "matches": len(wins), "win_rate": p, "win_ci": [plo, phi],
        "time_a": {"n": len(ta), "p50": percentile(ta, .5), "p95": percentile(ta, .95),
                   "max": max(ta, default=0.0)},
        "time_b": {"n": len(tb), "p50": percentile(tb, .5), "p95": percentile(tb, .95),
                   "max": max(tb, default=0.0)},
    }


def bidding_summary(bids: list[dict], thrown: int) -> dict:
    """Per side (a, b): contracts taken and made, doubles (coinches) made against the other
    side's contracts and how many of those contracts failed, the mean change of the doubler's
    margin that the double made (the same play scored undoubled), redoubles and how many were
    made."""
    out: dict = {"hands": len(bids) + thrown, "thrown": thrown}
    for side in ("a", "b"):
        taken = [x for x in bids if x["bidders"] == side]
        against = [x for x in bids if x["bidders"] != side]
        doubles = [x for x in against if x["doubler"] == side]
        redoubles = [x for x in taken if x["mult"] == 4]
        out[side] = {
            "taken": len(taken), "made": sum(1 for x in taken if x["made"]),
            "against": len(against), "doubles": len(doubles),
            "doubles_failed": sum(1 for x in doubles if not x["made"]),
            "double_gain": sum(x["gain"] for x in doubles) / max(1, len(doubles)),
            "redoubles": len(redoubles), "redoubles_made": sum(1 for x in redoubles if x["made"]),
            "kinds": {k: [sum(1 for x in taken if x["kind"] == k),
                          sum(1 for x in taken if x["kind"] == k and x["made"])]
                      for k in sorted({x["kind"] for x in bids})},
        }
    return out


def parted_summary(results) -> dict:
    """Per place where the two seatings' auctions part (:func:`where_parted`; results logged
    before it was kept have none): the deal pairs, the mean margin on them with its 95%
    interval, and what they add to the margin per deal of all the deal pairs that have it."""
    groups: dict[str, list[float]] = {}
    deals = 0
    for r in results:
        for place, margin in zip(r.get("parted", ()), r["margins"]):
            deals += 1
            groups.setdefault(place or "the same auction", []).append(margin)
    out = {}
    for place, margins in groups.items():
        m, lo, hi = mean_ci(margins)
        out[place] = {"deals": len(margins), "margin": m, "ci": [lo, hi],
                      "share": sum(margins) / deals}
    return out


def parted_report(s, limit: int = 8) -> list[str]:
    """The places where the auctions part that weigh most on the margin."""
    parted = s.get("parted") or {}
    if not parted:
        return []
    lines = ["  where the auctions part (A's word / B's word), the places that weigh most:"]
    for place, x in sorted(parted.items(), key=lambda kv: -abs(kv[1]["share"]))[:limit]:
        lines.append(f"    {place:46s} deal pairs {x['deals']:6d}  margin {x['margin']:+8.2f} "
                     f"[{x['ci'][0]:+.2f}, {x['ci'][1]:+.2f}]  per deal {x['share']:+.2f}")
    return lines


def bidding_report(rules_name, a, b, s) -> str:
    bd = s["bidding"]
    double = RULE_SETS[rules_name].double_names
    lines = [f"{rules_name}: {a} (A) vs {b} (B), bidding",
             f"  deal pairs {s['deal_pairs']} ({s['hands']} hands, {bd['thrown']} thrown in)  "
             f"mean hand score per deal pair A {s['score_a']:.2f}  B {s['score_b']:.2f}  "
             f"margin {s['margin']:+.2f}  95% CI [{s['margin_ci'][0]:+.2f}, "
             f"{s['margin_ci'][1]:+.2f}]"]
    for side, who in (("a", a), ("b", b)):
        x = bd[side]
        pct = 100 * x["made"] / max(1, x["taken"])
        dpct = 100 * x["doubles"] / max(1, x["against"])
        fpct = 100 * x["doubles_failed"] / max(1, x["doubles"])
        rpct = 100 * x["redoubles_made"] / max(1, x["redoubles"])
        kinds = ", ".join(f"{k} {n} ({100 * m / n:.0f}% made)"
                          for k, (n, m) in x["kinds"].items() if n)
        lines.append(f"  {side.upper()} {who}: contracts {x['taken']} ({kinds}), made {pct:.1f}%; "
                     f"{double[0]}s {x['doubles']} of {x['against']} opposing contracts "
                     f"({dpct:.1f}%), {fpct:.0f}% of them failed, mean gain "
                     f"{x['double_gain']:+.1f}; {double[1]}s {x['redoubles']}, "
                     f"{rpct:.0f}% made")
    return "\n".join(lines + parted_report(s))


def _ms(x):
    return f"{1000 * x:.0f} ms"


def report(rules_name, a, b, s, card_play_only) -> str:
    lines = [f"{rules_name}: {a} vs {b}" + (" (card play only, contracts fixed)"
                                          if card_play_only else "")]
    lines.append(f"  deal pairs {s['deal_pairs']} ({s['hands']} hands)  "
                 f"margin per deal {s['margin']:+.2f}  "
                 f"95% CI [{s['margin_ci'][0]:+.2f}, {s['margin_ci'][1]:+.2f}]")
    if s["matches"]:
        lines.append(f"  matches {s['matches']}  {a} wins {100 * s['win_rate']:.1f}%  "
                     f"95% CI [{100 * s['win_ci'][0]:.1f}%, {100 * s['win_ci'][1]:.1f}%]")
    for who, key in ((a, "time_a"), (b, "time_b")):
        t = s[key]
        lines.append(f"  {who:7s} decisions {t['n']}: p50 {_ms(t['p50'])}  "
                     f"p95 {_ms(t['p95'])}  max {_ms(t['max'])}")
    return "\n".join(lines)


def paired(results: list, others: list) -> dict:
    """The margin per deal of ``results`` less that of ``others`` (two logs of the same
    matches, say two settings of bot A), deal by deal: a match's deals depend on its seed and
    the hand's number only, so the same deals are compared. Deals only one of them reached
    are left out."""
    diffs = [x - y for r, o in zip(results, others)
             for x, y in zip(r["margins"], o["margins"])]
    m, lo, hi = mean_ci(diffs)
    return {"deals": len(diffs), "mean": m, "ci": [lo, hi]}
