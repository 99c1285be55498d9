"""The end of a hand and of a match: the hand's score line by line, whose good news it is,
the totals, the auction one tap away; shared by the table's panels and the replay viewer."""

from __future__ import annotations

from belote.rules import RULE_SETS
from belote.view import SheetEntry, View
from web.app.markup import attr, escape
from web.i18n import t
from web.storage.settings_panel import stats_table as settings_stats_table
from web.table.meanings import said_button, said_meanings
from web.table.words import (
    contract_text,
    multiplied,
    seat_name,
    side_name,
    side_subject,
)


def auction_table(view: View, opened: str = "", place: str = "list") -> str:
    """The whole auction, seat by seat: one column per seat from the first to bid, one row
    per round; each bid says what it shows (web/table/meanings.py), keyed ``place``.hand:index,
    open when that is ``opened``."""
    players, auction = view["players"], view["auction"]
    if not auction:
        return f'<p class="none">{escape(t("auction.none"))}</p>'
    first = (view["dealer"] + 1) % players
    order = [(first + i) % players for i in range(players)]
    meanings = said_meanings(view)
    rows: list[list[str]] = []
    last = players
    for i, (seat, word) in enumerate(auction):
        col = order.index(seat)
        if col <= last:
            rows.append([""] * players)
        end = " end" if 2 * col >= players else ""  # its meaning opens leftwards
        key = f'{place}.{view.get("hand_number", 0)}:{i}'
        rows[-1][col] = (f'<span class="said{end}" data-said-seat="{seat}"'
                         f' data-said="{attr(word)}">'
                         f'{said_button(view, i, key, opened, meanings)}</span>')
        last = col
    heads = "".join(f'<th scope="col">{escape(seat_name(s, players))}</th>' for s in order)
    body = "".join("<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>"
                   for row in rows)
    return (f'<table class="auction" data-auction><thead><tr>{heads}</tr></thead>'
            f'<tbody>{body}</tbody></table>')


def review_button(number: int, wide: bool = False) -> str:
    """"Review" for finished hand ``number`` (web/coach/reviewing.py): in the hand's summary
    (``wide``) or on its score sheet row."""
    cls = "review-hand" + ("" if wide else " small")
    return (f'<button type="button" class="{cls}" data-action="review-hand"'
            f' data-hand="{number}" aria-label="{attr(t("review.hand", n=number))}">'
            f'{escape(t("action.review"))}</button>')


def side_heads(view: View) -> str:
    return "".join(f'<th scope="col">{escape(side_name(s, view))}</th>'
                   for s in range(view["sides"]))


def _auction_details(view: View, opened: str, place: str) -> str:
    if not view.get("auction"):
        return ""
    return (f'<details class="auction-details"><summary>{escape(t("auction.history"))}'
            f'</summary>{auction_table(view, opened, place)}</details>')


def summary(view: View, totals: bool = True, opened: str = "", place: str = "list") -> str:
    """The end of a hand: card points, declarations (whose count, and why), belote, valat,
    made or inside; the auction one tap away (its bids' meanings: :func:`auction_table`)."""
    sheet_rows = view.get("sheet") or []
    entry = sheet_rows[-1] if sheet_rows else None
    score = view.get("hand_score")
    if entry and entry.get("out"):
        return _out_summary(view, entry) + (totals_line(view) if totals else "")
    if not score:
        return (f'<p class="verdict">{escape(t("summary.thrown"))}</p>'
                + _auction_details(view, opened, place))
    sides = view["sides"]
    bidders = score["bidders"]
    contract = contract_text(view.get("contract"), view["rules"])
    bidder_name = side_subject(bidders, view)
    if score["made"]:
        verdict = t("summary.made", side=bidder_name, contract="{c}")
    elif any(score.get("hanging") or []) and score["hanging"][bidders]:
        verdict = t("summary.tied", contract="{c}")
    else:
        verdict = t("summary.inside", side=bidder_name, contract="{c}")
    verdict = escape(verdict).replace("{c}", contract)
    gained = entry["score"] if entry else score["score"]

    def row_words(words: str, values, cls: str = "") -> str:
        cells = "".join(f"<td>{escape(str(v))}</td>" for v in values)
        return f'<tr class="{cls}"><th scope="row">{escape(words)}</th>{cells}</tr>'

    def row(key: str, values, cls: str = "") -> str:
        return row_words(t(key), values, cls)

    bonus = RULE_SETS[view["rules"]].valat_bonus
    won_all = [bonus if view["tricks_won"][s] == 8 else 0 for s in range(sides)]
    valat = [f"+{b}" if b else "" for b in won_all]
    rows = [row("summary.cards", score["card_points"])]
    # The card points as the total counts them, when the rule set multiplies them (Bulgarian
    # no trumps: ×2): what the other lines leave of the total, read from the engine's numbers.
    counted = [score["raw"][s] - score["declarations"][s] - score["belote"][s] - won_all[s]
               for s in range(sides)]
    factors = {c // p for c, p in zip(counted, score["card_points"]) if p and c % p == 0}
    if counted != score["card_points"] and len(factors) == 1 and factors != {1}:
        rows.append(row_words(t("summary.cards.counted", factor=factors.pop()), counted,
                              "counted"))
    rows += [row("summary.declarations", score["declarations"]),
             row("summary.belote", score["belote"])]
    if score["valat"]:
        rows.append(row("summary.valat", valat, "valat"))
    rows.append(row("summary.raw", score["raw"], "sum"))
    held = view.get("contract")
    multiplier = held["multiplier"] if held else 1
    if multiplier > 1:  # a double (contra, coinche...) multiplies what is scored
        word = multiplied(multiplier, view["rules"])
        rows.append(f'<tr class="multiplied"><th scope="row">{escape(word[:1].upper() + word[1:])}'
                    f'</th><td colspan="{sides}">×{multiplier}</td></tr>')
    tied = not score["made"] and any(score.get("hanging") or []) and score["hanging"][bidders]
    if not score["made"] and not tied and sides == 2 and not gained[bidders]:
        # inside: the other side scores the hand (how much is the rule set's: the line above)
        rows.append(f'<tr class="inside-all"><th scope="row" colspan="{sides + 1}">'
                    f'{escape(t("summary.inside.all"))}</th></tr>')
    rows.append(row("summary.score", gained, "scored"))
    if any(score.get("hanging") or []):
        rows.append(row("summary.hanging", score["hanging"]))
    verdicts = "".join(f'<p class="why" data-why="{attr(v["reason"])}">'
                       f'{escape(verdict_text(v, view))}</p>'
                       for v in view.get("declaration_verdicts") or [])
    mine = bidders == view.get("side", 0)
    good = None if tied else score["made"] == mine
    return (f'<p class="verdict{" made" if score["made"] else " inside"}"'
            f' data-made="{str(bool(score["made"])).lower()}"{news(good)}{verdict}</p>'
            f'<table class="summary"><thead><tr><td></td>{side_heads(view)}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table>' + verdicts
            + _auction_details(view, opened, place)
            + (totals_line(view) if totals else ""))


NEWS_MARKS = {"good": "✔", "bad": "✘"}


def news(good: bool | None) -> str:
    """A verdict's attributes and mark as news for the viewer's side: good news for your side in
    one colour, theirs in another (style.css ``[data-news]``), and never by colour alone."""
    if good is None:
        return ' data-news="even">'
    kind = "good" if good else "bad"
    return (f' data-news="{kind}"><span class="news-mark" aria-hidden="true">'
            f'{NEWS_MARKS[kind]}</span> ')


def _out_summary(view: View, entry: SheetEntry) -> str:
    """A hand stopped by "I'm out": who claimed, right or wrong, and each side's points as
    counted at the claim, which the score sheet and the totals hold (docs/rules.md §6)."""
    out = entry["out"]
    key = ("out.right" if out["right"] else "out.wrong") + (
        ".you" if out["side"] == view["side"] else "")
    text = t(key, side=side_subject(out["side"], view), points=t("count.points", n=out["points"]))
    right = "right" if out["right"] else "wrong"
    cells = "".join(f'<td data-claim-side="{s}">{entry["score"][s]}</td>'
                    for s in range(view["sides"]))
    good = out["right"] == (out["side"] == view["side"])
    return (f'<p class="verdict" data-out="{right}"{news(good)}{escape(text)}</p>'
            f'<table class="summary"><thead><tr><td></td>{side_heads(view)}</tr></thead>'
            f'<tbody><tr class="scored"><th scope="row">{escape(t("summary.claim"))}</th>'
            f'{cells}</tr></tbody></table>')


def totals_line(view: View) -> str:
    parts = [f'<span class="side-total">{escape(side_name(s, view))} '
             f'<b data-final-side="{s}">{view["totals"][s]}</b></span>'
             for s in range(view["sides"])]
    hanging = view.get("hanging") or 0
    extra = f' · {escape(t("score.hanging", points=hanging))}' if hanging else ""
    return f'<p class="totals">{" · ".join(parts)}{extra}</p>'


def match_over(view: View, stats: dict, accuracy: str = "", opened: str = "",
               place: str = "list") -> str:
    winner = view["winner"]
    if winner is None:
        return ""
    if winner == view["side"]:
        headline = t("match.won.team") if view["players"] == 4 else t("match.won")
    elif view["players"] == 4:
        headline = t("match.lost.team")
    else:
        headline = t("match.lost", side=side_subject(winner, view))
    won = winner == view["side"]
    return (f'<p class="verdict big{" won" if won else ""}"'
            f' data-winner="{winner}"{news(won)}{escape(headline)}</p>'
            + summary(view, totals=False, opened=opened, place=place) + accuracy
            + f'<h3>{escape(t("match.final"))}</h3>' + totals_line(view)
            + stats_table(stats)
            + f'<div class="actions">{review_button(view["hand_number"], wide=True)}'
            f'<button type="button" class="primary"'
            f' data-action="new-game">{escape(t("action.new-game"))}</button></div>')


def stats_table(stats: dict) -> str:
    """Per rule set: matches played and won, hands, contracts taken and made, valats."""
    return settings_stats_table(stats)


def verdict_text(v: dict, view: View) -> str:
    """``Sequences count for Us: a longer sequence.`` from an engine verdict."""
    what = t("why." + v["compared"])
    why = t("why." + v["reason"])
    if v["side"] is None:
        return t("why.none", what=what, why=why)
    return t("why.side", what=what, side=side_name(v["side"], view), why=why)


def accuracy_text(value: float | None | str) -> str:
    """An accuracy as the table says it: ``87``; "measuring…" while the worker measures it
    (""), "no choice" when the seat had none (None)."""
    if value == "":
        return t("accuracy.measuring")
    if value is None or isinstance(value, str):
        return t("accuracy.none")
    return f"{value:.0f}"


def accuracy_line(value: float | None | str, match: bool = False) -> str:
    """Your accuracy in the hand (or the match: ``match``), 0 to 100 (docs/coach.md
    "Accuracy")."""
    shown = "" if value is None or isinstance(value, str) else f"{value:g}"
    key = "accuracy.match" if match else "accuracy.hand"
    name = "data-match-accuracy" if match else "data-accuracy"
    return (f'<p class="accuracy" {name}="{shown}" title="{attr(t("accuracy.about"))}">'
            f'{escape(t(key, value=accuracy_text(value)))}</p>')
