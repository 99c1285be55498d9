"""Fit the Normal bot's bidding valuation by simulation: ``python -m scripts.fit_bidding``.

For each rule set and table size, random deals; for each deal, each seat as the bidder and each
contract it could name, the hand is played by Normal bots, each seeing its own cards, everyone
declaring all it holds (``belote.bots.simulate.play_by_bots``). A least-squares fit then says
how many card points the bidding side takes from what each player sees before the auction, as
valued by the first bots' hand valuations (``belote.bots.baseline``): the bidder's valuation of
the contract, its partner's, and the defenders' (their valuation against it). The residual
spread and the valuations' deciles over random hands are kept too, and for each two positions
(bidder, partner, defender) what one's valuation says of the other's (``given``). The result
is written to ``belote/bots/valuation_data.py`` (``--check``: only say whether it is current).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from belote.auction import PASS  # noqa: E402
from belote.bots import make_bot  # noqa: E402
from belote.bots.baseline import defence_value, value  # noqa: E402
from belote.bots.fitting import fit_line, least_squares  # noqa: E402
from belote.bots.simulate import deal_shape, play_by_bots, seat_cards  # noqa: E402
from belote.contract import ALL_TRUMPS, NO_TRUMPS  # noqa: E402
from belote.game import deal_for  # noqa: E402
from belote.rules import CONFIGS, get_rules  # noqa: E402

OUT = ROOT / "belote" / "bots" / "valuation_data.py"
DEALS = 600
SEED = "fit-bidding"
DECILES = (0.05, 0.15, 0.25, 0.35, 0.45, 0.55, 0.65, 0.75, 0.85, 0.95)


def contract_words(rules) -> list[str]:
    """The contracts a bidder may name, by contract word (suits, no-trumps, all-trumps)."""
    return list(rules.auction_class.contract_words)


def auction_for(rules, dealer: int, bidder: int, word: str, turned: int | None) -> list[str]:
    """Auction words that make ``bidder`` name ``word`` at its first chance (at the lowest
    level), everyone else passing."""
    auction = rules.make_auction((dealer + 1) % rules.players, turned)
    while not auction.done:
        legal = auction.legal()
        naming = [w for w in legal if auction.names(w, turned) == word]
        auction.apply(naming[0] if auction.seat == bidder and naming else PASS)
    return auction.words


def kind_of(word: str) -> str:
    return word if word in (NO_TRUMPS, ALL_TRUMPS) else "suit"


def samples(rules_name: str, players: int, deals: int):
    """(kind, bidder valuation, partner valuation (None without a partner), each defender's
    valuation, bidding side's card points, all card points) for every deal, bidder and
    contract."""
    rules = get_rules(rules_name, players)
    for i in range(deals):
        dealer, deck = deal_for(rules_name, players, SEED, i)
        turned_at = deal_shape(rules, dealer)[1]
        turned = deck[turned_at] if turned_at is not None else None
        held = seat_cards(rules, dealer, deck)
        for bidder in range(players):
            for word in contract_words(rules):
                words = auction_for(rules, dealer, bidder, word, turned)
                bots = [make_bot("normal", seed=((i, bidder), s)) for s in range(players)]
                result = play_by_bots(rules, dealer, deck, words, bots)
                if result is None:
                    continue
                side = rules.side(bidder)
                own = held[bidder] | ((1 << turned) if turned is not None else 0)
                partner = (bidder + 2) % players if players == 4 else None
                v_partner = value(held[partner], word) if partner is not None else None
                dvs = tuple(defence_value(held[s], word) for s in range(players)
                            if rules.side(s) != side)
                yield (kind_of(word), value(own, word), v_partner, dvs,
                       result.card_points[side], sum(result.card_points))


def quantiles(xs, qs=DECILES):
    xs = sorted(xs)
    return [round(xs[min(len(xs) - 1, int(q * len(xs)))], 2) for q in qs]


def given(rows) -> dict:
    """For each two positions (``bidder``, ``partner``, ``defence``) of the contract, what a
    player in the first knows of the second's valuation from its own: ``[a, b, sd]``, the second
    about ``a + b * own`` with residual spread ``sd`` (a bidder holding the trumps tells it that
    the others hold fewer)."""
    pairs: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for v, vp, dvs, _, _ in rows:
        seats = [("bidder", v)] + ([("partner", vp)] if vp is not None else []) + \
            [("defence", d) for d in dvs]
        for i, (me, x) in enumerate(seats):
            for j, (them, y) in enumerate(seats):
                if i != j:
                    pairs.setdefault((me, them), []).append((x, y))
    out: dict[str, dict[str, list[float]]] = {}
    for (me, them), xy in sorted(pairs.items()):
        a, b, sd = fit_line([x for x, _ in xy], [y for _, y in xy])
        out.setdefault(me, {})[them] = [round(a, 3), round(b, 4), round(sd, 2)]
    return out


def fit(rules_name: str, players: int, deals: int) -> dict:
    by_kind: dict[str, list] = {}
    for row in samples(rules_name, players, deals):
        kind, v, vp, dvs, points, total = row
        by_kind.setdefault(kind, []).append((v, vp, dvs, points, total))
    out = {}
    for kind, full in sorted(by_kind.items()):
        rows = [(v, vp or 0.0, sum(dvs), points, total) for v, vp, dvs, points, total in full]
        xs = [[1.0, r[0], r[1], r[2]] for r in rows]
        ys = [r[3] for r in rows]
        if players != 4:
            xs = [[x[0], x[1], x[3]] for x in xs]
        coef = least_squares(xs, ys)
        if players != 4:
            coef = [coef[0], coef[1], 0.0, coef[2]]
        pred = [coef[0] + coef[1] * r[0] + coef[2] * r[1] + coef[3] * r[2] for r in rows]
        sd = (sum((y - p) ** 2 for y, p in zip(ys, pred)) / max(1, len(ys) - 4)) ** 0.5
        out[kind] = {
            "a": round(coef[0], 3), "bidder": round(coef[1], 4), "partner": round(coef[2], 4),
            "defence": round(coef[3], 4), "sd": round(sd, 2), "total": rows[0][4],
            "value": quantiles([r[0] for r in rows]),
            "defence_value": quantiles([r[2] / max(1, players - (2 if players == 4 else 1))
                                        for r in rows]),
            "n": len(rows),
            "given": given(full),
        }
    return out


def render(models: dict, deals: int) -> str:
    lines = ['"""The Normal bot\'s bidding valuation, fitted by ``python -m scripts.fit_bidding``',
             f"({deals} deals per table, seed {SEED!r}): do not edit by hand.",
             "",
             "Per (rule set, players) and contract kind: the bidding side's card points are about",
             "``a + bidder * v + partner * v_partner + defence * (dv + dv)`` with spread ``sd``,",
             "where ``v`` is a player's valuation of the contract and ``dv`` a defender's",
             "valuation against it (belote.bots.baseline); ``value`` and ``defence_value`` are",
             "the deciles (5% .. 95%) of those valuations over random hands; ``given``: what",
             "a player in one position knows of another's valuation from its own, ``[a, b, sd]``",
             '(about ``a + b * own``, residual spread ``sd``)."""',
             "", "MODELS: dict = {"]
    for key, kinds in models.items():
        lines.append(f"    {key!r}: {{")
        for kind, m in kinds.items():
            lines.append(f"        {kind!r}: {{")
            for name, v in m.items():
                if name != "given":
                    lines.append(f"            {name!r}: {v!r},")
                    continue
                lines.append(f"            {name!r}: {{")
                for me, theirs in v.items():
                    lines.append(f"                {me!r}: {{")
                    lines += [f"                    {them!r}: {x!r}," for them, x in theirs.items()]
                    lines.append("                },")
                lines.append("            },")
            lines.append("        },")
        lines.append("    },")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m scripts.fit_bidding", description=__doc__)
    p.add_argument("--deals", type=int, default=DEALS)
    p.add_argument("--check", action="store_true", help="only say whether the file is current")
    args = p.parse_args(argv)
    models = {(name, n): fit(name, n, args.deals) for name, n in CONFIGS}
    text = render(models, args.deals)
    if args.check:
        current = OUT.exists() and OUT.read_text() == text
        print(f"fit_bidding: {OUT.relative_to(ROOT)} is {'current' if current else 'stale'}")
        return 0 if current else 1
    OUT.write_text(text)
    print(f"fit_bidding: wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
