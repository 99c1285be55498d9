"""The panels over the felt: the score sheet, the last trick, the rules, the settings, the
statistics, the hand's auction and declarations, "I'm out?", and the ends of a hand, a
practice, a guided hand and the match."""

from __future__ import annotations

import re
from collections.abc import Mapping
from html import unescape

from belote.rules import RULE_SETS
from belote.view import View
from web.app.markup import attr, escape
from web.coach.guide_script import GUIDES
from web.i18n import card_label, current_language, t
from web.records.transfer import replay_button, sheet_actions
from web.storage.settings_panel import panel as settings_panel
from web.table.shown import Shown
from web.table.summary import (
    accuracy_line,
    accuracy_text,
    auction_table,
    match_over,
    review_button,
    side_heads,
    stats_table,
    summary,
    totals_line,
    verdict_text,
)
from web.table.words import (
    card_src,
    contract_html,
    contract_text,
    declaration_html,
    labelled,
    positions,
    seat_name,
    side_name,
    trick_won,
)


def overlay(view: View, ui: Shown) -> str:
    if ui.overlay == "sheet":
        return _panel("sheet", t("sheet.title"), sheet(view, ui.takers, ui.accuracy)
                      + sheet_actions(view) + deal_proof(ui), closable=True)
    if ui.overlay == "last-trick":
        return _panel("last-trick", t("last.title"), last_trick(view, ui), closable=True)
    if ui.overlay == "help":
        return help_panel(view, ui)
    if ui.overlay == "settings":
        return _panel("settings", t("settings.title"), settings_panel(view, ui.settings),
                      closable=True)
    if ui.overlay == "stats":
        return _panel("stats", t("stats.title"), ui.charts + stats_table(ui.stats),
                      closable=True)
    if ui.overlay == "hand" and view.get("contract"):
        return _panel("hand", t("hand.title", n=view["hand_number"]), hand_info(view, ui),
                      closable=True)
    if ui.overlay == "daily":
        return _panel("daily", t("daily.title"), ui.daily_panel, closable=True)
    if ui.overlay == "confirm-out" and "out" in view["legal"]:
        return _panel("confirm-out", t("out.confirm.title"), out_confirm(view), closable=True)
    if ui.guide_over is not None and ui.shown_trick is None:
        lines = "".join(f"<li>{escape(line)}</li>" for line in ui.guide_over)
        return _panel("guide-over", t("guide.over.title"), (
            f'<ul class="guide-score" data-guide-score>{lines}</ul>'
            f'<div class="actions"><button type="button" class="primary" data-action="guide-done">'
            f'{escape(t("guide.done"))}</button></div>'))
    if ui.practice and view["phase"] in ("hand-over", "match-over") and ui.shown_trick is None:
        return _panel("practice-over", t("practice.title"), _summary(view, ui, False) + (
            f'<div class="actions"><button type="button" data-action="practice-again">'
            f'{escape(t("practice.again"))}</button>'
            f'<button type="button" class="primary" data-action="practice-end">'
            f'{escape(t("practice.end"))}</button></div>'))
    if ui.daily_over and ui.shown_trick is None:
        return _panel("daily-over", t("daily.hand.title", n=ui.daily_hand), ui.daily_over)
    if view["phase"] == "match-over" and ui.shown_trick is None:
        return _panel("match-over", t("match.over"),
                      match_over(view, ui.stats, _accuracy(view, ui, match=True),
                                 ui.meaning, _place(ui)))
    if view["phase"] == "hand-over" and ui.shown_trick is None:
        title = t("summary.title", n=view["hand_number"])
        return _panel("hand-over", title, _summary(view, ui, True) + _accuracy(view, ui) + (
            f'<div class="actions">{review_button(view["hand_number"], wide=True)}'
            f'<button type="button" class="primary" data-action="next">'
            f'{escape(t("action.next"))}</button></div>'))
    return ""


def _accuracy(view: View, ui: Shown, match: bool = False) -> str:
    """Your accuracy in the hand just over (and in the match, at its end), where it is
    measured: not in a practice or a guided hand."""
    number = view["hand_number"]
    if number not in ui.accuracy or ui.practice or ui.guide_over is not None:
        return ""
    hand = accuracy_line(ui.accuracy[number])
    return hand + accuracy_line(ui.accuracy.get(0, ""), match=True) if match else hand


def _panel(kind: str, title: str, body: str, closable: bool = False) -> str:
    close = (f'<button type="button" class="close" data-action="close"'
             f' aria-label="{attr(t("action.close"))}">×</button>' if closable else "")
    return (f'<div class="panel" role="dialog" aria-labelledby="panel-title" data-panel="{kind}">'
            f'<div class="panel-head"><h2 id="panel-title">{escape(title)}</h2>{close}</div>'
            f'<div class="panel-body">{body}</div></div>')


def help_panel(view: View, ui: Shown) -> str:
    """The rules of the match's rule set in the current language: web/help/<lang>/<rules>.html,
    fetched into the session (``Shown.help``). The fragment's <h2> becomes the panel's title."""
    lang, rules = current_language(), view["rules"]
    title = t("rules." + rules)
    guided = ""  # the rule set's guided hand, at any time
    if rules in GUIDES:
        guided = (f'<p class="guide-offer"><button type="button" data-action="guide-start"'
                  f' data-rules="{attr(rules)}">{escape(t("guide.help"))}</button></p>')
    if ui.help is None:
        return _panel("help", title, guided + f'<p class="help-loading">'
                      f'{escape(t("help.loading"))}</p>', closable=True)
    html = ui.help
    found = re.match(r"\s*<h2>(.*?)</h2>", html, re.S)
    if found:
        title, html = unescape(re.sub(r"<[^>]+>", "", found.group(1))), html[found.end():]
    return _panel("help", title, guided + f'<div class="help" lang="{lang}"'
                  f' data-help="{lang}/{rules}">{html}</div>', closable=True)


def _place(ui: Shown) -> str:
    """The auction list's keys (web/table/meanings.py: this deal's; ``ui.meaning`` is the one
    tapped open)."""
    return f"list.{ui.deal}"


def _summary(view: View, ui: Shown, totals: bool) -> str:
    return summary(view, totals, ui.meaning, _place(ui))


def hand_info(view: View, ui: Shown) -> str:
    """The contract, the whole auction seat by seat, the declarations of the hand, and the
    deal's proof: the commitment to its seed, and the seed once the hand is over."""
    contract = view["contract"]
    if contract is None:  # (the panel opens once there is one)
        return ""
    players = view["players"]
    head = (f'<p class="contract-line">{contract_text(contract, view["rules"])} · '
            f'{escape(seat_name(contract["bidder"], players))}</p>')
    return (head + f'<h3>{escape(t("auction.history"))}</h3>'
            + auction_table(view, ui.meaning, _place(ui))
            + f'<h3>{escape(t("declare.list"))}</h3>' + declarations_summary(view)
            + deal_proof(ui))


def deal_proof(ui: Shown) -> str:
    """The hand's commitment, shown from the deal on (a hash of the seed the deck came from),
    its seed once it is over: anyone can check the deck (``python -m belote verify``,
    docs/deals.md). On the score sheet and in the hand's details."""
    if not ui.commitment:
        return ""
    seed = (f'<dt>{escape(t("deal.seed"))}</dt><dd><code data-seed>{escape(ui.seed)}</code></dd>'
            if ui.seed else "")
    return (f'<h3>{escape(t("deal.proof"))}</h3><dl class="deal-proof">'
            f'<dt>{escape(t("deal.commitment"))}</dt>'
            f'<dd><code data-commitment>{escape(ui.commitment)}</code></dd>{seed}</dl>'
            f'<p class="note">{escape(t("deal.proof.note" if ui.seed else "deal.proof.before"))}'
            f'</p>')


def declarations_summary(view: View) -> str:
    """Every declaration made that the viewer may see, by seat, and why those that count
    count (the engine's verdicts: better sequence, carré, tie)."""
    players = view["players"]
    counted = view.get("counted")
    rows = []
    for seat in range(players):
        declared = (view.get("declared") or [[]] * players)[seat]
        if declared:
            chips = []
            for d in declared:
                state, note = "", ""
                if counted is not None:
                    ok = d in counted[seat]
                    state = " counts" if ok else " void"
                    word = t("declare.counts" if ok else "declare.void")
                    note = f' <small>({escape(word)})</small>'
                chips.append(f'<li class="decl-chip{state}" data-declared="{attr(d["kind"])}">'
                             f'{declaration_html(d)}{note}</li>')
            body = f'<ul class="decls">{"".join(chips)}</ul>'
        else:
            kinds = (view.get("announced") or [[]] * players)[seat]
            if not kinds:
                continue
            body = escape(", ".join(t("declare." + k) for k in kinds))
        rows.append(f'<li data-declarations-seat="{seat}"><b>{escape(seat_name(seat, players))}'
                    f'</b> {body}</li>')
    if not rows:
        return f'<p class="none">{escape(t("declare.none"))}</p>'
    return (f'<ul class="decl-seats">{"".join(rows)}</ul>'
            + "".join(f'<p class="why" data-why="{attr(v["reason"])}">'
                      f'{escape(verdict_text(v, view))}</p>'
                      for v in view.get("declaration_verdicts") or []))


def out_confirm(view: View) -> str:
    """Before "I'm out": the claimant's total counted so far beside the target. Card points
    of the hand are not shown (docs/rules.md §6: players keep count in their heads)."""
    side = view["side"]
    total, known, target = view["totals"][side], view["known_points"][side], view["target"]
    counted = total + known
    rows = [("out.confirm.total", total, ""), ("out.confirm.shown", known, ""),
            ("out.confirm.counted", counted, "sum"), ("out.confirm.target", target, ""),
            ("out.confirm.needed", max(0, target - counted), "scored")]
    body = "".join(f'<tr class="{cls}"><th scope="row">{escape(t(key))}</th>'
                   f'<td data-out-{key.split(".")[-1]}="{value}">{value}</td></tr>'
                   for key, value, cls in rows)
    return (f'<table class="summary out-count">{body}</table>'
            f'<p class="note">{escape(t("out.confirm.cards"))}</p>'
            f'<p class="verdict">{escape(t("out.confirm.stake"))}</p>'
            f'<div class="actions"><button type="button" class="out" data-action="out-confirm">'
            f'{escape(t("action.out"))}</button>'
            f'<button type="button" class="primary" data-action="close">'
            f'{escape(t("out.confirm.no"))}</button></div>')


def sheet(view: View, takers: Mapping[int, int | None] | None = None,
          accuracy: Mapping[int, float | None | str] | None = None) -> str:
    """Every finished hand: its contract and who took it (``takers``: hand number -> seat),
    made or inside, your accuracy (``accuracy``: hand number -> it; 0: the match's), each
    side's points and running totals, its Replay and Review."""
    rows = view.get("sheet") or []
    takers = takers or {}
    accuracy = accuracy or {}
    if not rows:
        return f'<p>{escape(t("sheet.empty"))}</p>'
    body = []
    bonus = RULE_SETS[view["rules"]].valat_bonus
    for e in rows:
        contract = contract_html(e.get("contract") or "", view["rules"])
        notes = []
        if e.get("out"):
            notes.append(t("sheet.out"))
        elif e.get("made") is True:
            notes.append(t("sheet.made"))
        elif e.get("made") is False:
            notes.append(t("sheet.inside"))
        if e.get("valat") is not None:
            notes.append(t("sheet.valat", side=side_name(e["valat"], view), points=bonus))
        if any(e.get("hanging") or []):
            notes.append(t("sheet.hanging", points=sum(e["hanging"])))
        taken_back = (view.get("takebacks") or {}).get(str(e["hand"]), 0)
        if taken_back:
            notes.append(t("sheet.takeback", n=taken_back))
        if e["hand"] in accuracy:
            notes.append(t("sheet.accuracy", value=accuracy_text(accuracy[e["hand"]])))
        totals = e.get("totals")
        cells = "".join(
            f'<td><span class="gain">{e["score"][s]}</span>'
            f'<span class="running">{totals[s] if totals else ""}</span></td>'
            for s in range(view["sides"]))
        seat = takers.get(e["hand"])
        if seat is not None:
            contract += (f' · <span class="sheet-taker" data-taker="{seat}">'
                         f'{escape(seat_name(seat, view["players"]))}</span>')
        body.append(f'<tr><td>{e["hand"]}</td><td><span class="sheet-contract">{contract}</span>'
                    f'<small>{escape(" · ".join(notes))}</small></td>{cells}'
                    f'<td class="replay-cell">{replay_button(e["hand"])}'
                    f'{review_button(e["hand"])}</td></tr>')
    return (f'<table class="sheet"><thead><tr><th scope="col">{escape(t("sheet.hand"))}</th>'
            f'<th scope="col">{escape(t("sheet.contract"))}</th>{side_heads(view)}'
            f'<th scope="col"><span class="visually-hidden">{escape(t("action.replay"))}'
            f'</span></th></tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>' + totals_line(view) + _helped(view)
            + (accuracy_line(accuracy[0], match=True) if 0 in accuracy else ""))


def _helped(view: View) -> str:
    """The mark of a match in which moves were taken back (counted apart in the statistics)."""
    if not view.get("takebacks"):
        return ""
    return f'<p class="sheet-helped" data-helped>{escape(t("sheet.helped"))}</p>'


def last_trick(view: View, ui: Shown) -> str:
    """The last trick: each card at its seat, with the seat's name."""
    last = view.get("last_trick")
    if not last:
        return f'<p>{escape(t("last.none"))}</p>'
    players = view["players"]
    pos = positions(players)
    four = ui.settings.get("four_colour", False)
    cards = "".join(
        f'<figure class="lcard pos-{pos[s]}{" winner" if s == last["winner"] else ""}">'
        f'<img src="{card_src(c, four)}" data-last-card="{c}" data-seat="{s}"'
        f' alt="{attr(labelled(seat_name(s, players), card_label(c)))}">'
        f'<figcaption aria-hidden="true">{escape(seat_name(s, players))}</figcaption></figure>'
        for s, c in last["cards"])
    return (f'<div class="trick last" data-players="{players}">{cards}</div>'
            f'<p class="last-winner">{escape(trick_won(last["winner"], players))}</p>')
