"""The one view of the table: ``view(model)`` is everything the page shows, as data.

A pure function of the model (web/app/model.py), in the model's language: the HTML of each
region of the page (``[data-region=name]``: the table's, the records region's, the review
panel's), ``<main>``'s and ``<html>``'s attributes, the title and the fixed parts' names. It
changes nothing and asks nothing: drawing twice gives the same frame. The values the model does
not keep are derived here (:func:`shown`): why a card may not be played, whether a move may be
taken back, who took each contract, the guided hand's pointer, a puzzle's verdict in words.
The adapter (web/browser/adapter.py) morphs each region that changed into the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from belote.view import View
from web.app.markup import escape
from web.app.model import HUMAN, Model
from web.coach import guide
from web.coach import review as review_html
from web.coach.accuracy import charted, charted_at, match_value, of_sheet
from web.coach.charts import charts
from web.coach.reasons import reason_text
from web.coach.review import points, when_text
from web.daily import panel as daily_panel
from web.daily.play import share_line
from web.i18n import card_label, refusal, speaking, t
from web.i18n.phrase import said
from web.records import replay as viewer
from web.records import transfer
from web.storage.settings import player_counts
from web.storage.stats import key as stats_key
from web.storage.stats import split_key
from web.table.motion import animated
from web.table.moves import can_take_back, take_back_allowed
from web.table.regions import declarations_to_make, regions
from web.table.shown import Shown
from web.table.summary import accuracy_line, summary
from web.table.words import bid_text, side_name

# Each theme's page colour (style.css --page), for the browser's bar; web/boot.js has the same.
THEME_COLOURS = {"dark": "#0b3a1f", "light": "#ebe5d4"}
# The page's fixed parts named in the player's language: (selector, i18n key of aria-label).
LABELS = (("[data-region=score]", "region.score"), (".felt", "region.felt"),
          (".me", "region.me"))


@dataclass(frozen=True)
class Frame:
    """The page as the model shows it."""

    regions: dict[str, str]             # each [data-region]'s HTML
    main: dict[str, str | None]         # <main>'s attributes (None: none)
    root: dict[str, str]                # <html>'s: lang, data-theme, data-theme-choice, speed
    title: str
    colour: str                         # the browser bar's (meta theme-color)
    labels: tuple[tuple[str, str], ...]  # (selector, aria-label) of the page's fixed parts


def view(model: Model) -> Frame:
    """The page as ``model`` shows it, in its language."""
    with speaking(model.session.language):
        return _frame(model)


def _frame(model: Model) -> Frame:
    s = model.session
    v = model.match.view(HUMAN)
    if model.puzzles is not None:  # only the options the review valued may be picked
        choices = set(model.puzzles.puzzle.choices)
        v["legal"] = [a for a in v["legal"] if a in choices]
    if model.daily is not None:  # a daily hand starts at 0: "I'm out" is never right there
        v["legal"] = [a for a in v["legal"] if a != "out"]
    ui = shown(model, v)
    html = regions(v, ui)
    html["records"] = records(model, ui)
    html["review"] = (review_html.panel(s.review.state, modal=s.review.over_viewer)
                      if s.review is not None else "")
    guided = s.guided.run if s.guided is not None else None
    main: dict[str, str | None] = {
        "data-turn": "" if v["turn"] is None else str(v["turn"]),
        "data-rules": v["rules"],
        "data-players": str(v["players"]),
        "data-passive": "true" if s.passive else "false",
        "data-overlay": s.overlay or "",
        "data-phase": v["phase"],
        # the page's grid follows these (web/style.css), never a :has() on regions that change:
        # WebKit does not re-apply such a rule when a notice comes or goes
        "data-notices": "shown" if html["notice"] else "",
        "data-declaring": "true" if declarations_to_make(v, ui) else "",
        "data-guide": guided.rules if guided else "",
        "data-guide-point": ui.guide_point,
        "data-guide-at": str(guided.at) if guided else "",
        "data-records": s.records.mode,
        "data-review": None if s.review is None else (
            "over" if s.review.over_viewer else "panel"),
    }
    settings = model.saved.settings
    choice = settings.get("theme", "auto")
    theme = choice if choice in ("light", "dark") else ("dark" if s.dark else "light")
    root = {"lang": s.language, "data-theme": theme, "data-theme-choice": choice,
            "data-speed": settings.get("speed", "normal")}
    return Frame(html, main, root, t("app.title"), THEME_COLOURS[theme],
                 tuple((selector, t(key)) for selector, key in LABELS))


def shown(model: Model, v: View) -> Shown:
    """What the regions show beyond the engine's view ``v``, derived from the model."""
    s = model.session
    notice = s.notice
    kind = notice.kind if notice is not None else ""
    takeback = take_back_allowed(model)
    guide_point, guide_next, guide_over, hint = "", False, None, s.hint
    guided = s.guided.run if s.guided is not None else None
    if guided is not None:  # what the guide shows: the part pointed at, the awaited action
        step = guided.step()
        guide_point = step.point if step is not None else ""
        if step is not None and step.expect:
            hint = step.expect
        guide_next = step is not None and not step.expect
        if guided.finished:
            guide_over = tuple(guide.score_lines(model.match, HUMAN))
    help_html = s.help.get((s.language, model.match.rules.name))
    if help_html is not None and not isinstance(help_html, str):
        help_html = f'<p class="help-failed">{escape(said(help_html))}</p>'
    verdict, why = puzzle_verdict(model, v)
    practice = s.practice
    run = model.daily
    over = v["phase"] in ("hand-over", "match-over")
    measured = of_sheet(model) if over or s.overlay == "sheet" else {}
    daily_over = ""
    if run is not None and over:
        daily_over = daily_panel.hand_over(
            run, summary(v, totals=False) + accuracy_line(measured.get(v["hand_number"], "")),
            share_line(model, run) if run.rows else "", s.shared)
    hand = model.match.hand
    return Shown(
        settings=model.saved.settings, stats=model.saved.stats, animated=animated(model),
        arrived=s.arrived, deal=s.deal, overlay=s.overlay,
        message=str(said(s.message.said)) if s.message is not None else "",
        message_kind=s.message.kind if s.message is not None else "info",
        notice=notice_text(model, v), notice_kind=kind,
        notice_folded=notice is not None and notice.folded, unticked=frozenset(s.unticked),
        shown_trick=s.shown_trick, hint=hint, passive=s.passive, reasons=reasons(model, v),
        help=help_html, bid_level=s.bid_level, meaning=s.meaning,
        practice=practice is not None and practice.puzzles is None,
        takers=transfer.takers(model.match, {}) if s.overlay == "sheet" else {},
        puzzles=model.puzzles, verdict=verdict, why=why,
        why_open=practice is not None and practice.why_open,
        guide_point=guide_point, guide_next=guide_next, guide_over=guide_over,
        guide_offer=notice.rules if notice is not None else "",
        takeback=takeback, can_take_back=takeback and can_take_back(model),
        daily=run is not None, daily_over=daily_over, daily_hand=run.number if run else 0,
        accuracy=measured, charts=progress(model, v) if s.overlay == "stats" else "",
        daily_panel=(daily_panel.panel(s.today, model.saved.history, model.saved.daily)
                     if s.overlay == "daily" else ""),
        commitment=hand.commitment or "", seed=(hand.seed or "") if hand.over else "")


def progress(model: Model, v: View) -> str:
    """The statistics' charts: the finished matches' accuracy per rule set, the daily results,
    the contracts, and the totals of a match hand by hand: the one on the table, else the
    latest kept, or any kept one the player steps to (``ChartMatch``)."""
    kept = model.saved
    per_rules: dict[str, list[float]] = {}
    for entry in kept.matches:
        value = match_value(model, entry)
        if value is not None:
            per_rules.setdefault(entry["rules"], []).append(value)
    choices = charted(model)
    if not choices:
        return charts(per_rules, kept.history, kept.stats, [], [], v["target"])
    at = charted_at(model, len(choices))
    entry = choices[at]
    rules, players = split_key(entry["rules"])
    players = players or player_counts(rules)[0]
    totals = entry["totals"]
    sides = [side_name(side, {**v, "players": players}) for side in range(len(totals[0]))]
    here = entry["rules"] == stats_key(model.match.rules.name, model.match.players)
    target = v["target"] if here else max(totals[-1])
    return charts(per_rules, kept.history, kept.stats, totals, sides, target,
                  (at + 1, len(choices)))


def reasons(model: Model, v: View) -> dict[str, str]:
    """Why each card of the hand may not be played now (said in its spoken name)."""
    if v["phase"] != "play":
        return {}
    if v["turn"] != HUMAN or model.session.passive:
        return {c: t("turn.wait").rstrip(".").lower() for c in v["hand"]}
    legal, out = set(v["legal"]), {}
    for c in v["hand"]:
        if c not in legal:
            why = model.match.why_illegal(c)
            out[c] = refusal(why) if why else t("puzzle.other").rstrip(".")
    return out


def notice_text(model: Model, v: View) -> str:
    """The notice's words: its phrase, or what the guided hand or the puzzle says now."""
    notice = model.session.notice
    if notice is None:
        return ""
    if notice.said is not None:
        return str(said(notice.said))
    guided = model.session.guided
    if notice.kind == "guide" and guided is not None:
        run = guided.run
        if run.finished:
            return t("guide.over")
        step = next((i for i in run.guide.script[run.at:] if isinstance(i, guide.Step)), None)
        return guide.step_text(run.rules, step, v) if step is not None else ""
    session = model.puzzles
    if notice.kind == "puzzle" and session is not None:
        p = session.puzzle
        at, total = session.at + 1, len(session.puzzles)
        when = when_text(p.phase, p.index, model.match.rules.players)
        title = t("puzzle.title", i=at, n=total, when=when)
        if session.picks.get(at - 1):  # a pick's verdict follows the title instead
            return title
        task = t("puzzle.task.bid" if p.phase == "auction" else "puzzle.task.card")
        return t("puzzle.notice", title=title, task=task)
    return ""


def puzzle_verdict(model: Model, v: View) -> tuple[str, str]:
    """The verdict on the last pick in the shown puzzle (as good as the best or not, the best
    choice, what the pick costs), and the review's reason for its grade (web/coach/reasons.py)
    when it gives one."""
    session = model.puzzles
    verdict = session.last if session is not None else None
    if session is None or verdict is None:
        return "", ""
    p, rules = session.puzzle, session.rules

    def word(w: str) -> str:
        return bid_text(w, {"rules": rules, "turned": v["turned"]}) if p.phase == "auction" \
            else card_label(w)

    if verdict.pick == verdict.best:
        text = t("puzzle.best", pick=word(verdict.pick))
    elif verdict.good:
        text = t("puzzle.good", pick=word(verdict.pick), best=word(verdict.best))
    else:
        text = t("puzzle.bad", pick=word(verdict.pick), best=word(verdict.best),
                 cost=points(verdict.cost, rules))
    # the review's reason compares the best choice with the one first played: it explains a
    # pick of either, and says nothing true about any other
    if verdict.pick not in (p.best, p.played):
        return text, ""
    return text, reason_text(p.reason, word, p.cost, lambda x: points(x, rules))


def records(model: Model, ui: Shown) -> str:
    """The records region: the import dialog (or its question about an imported match), or
    the replay viewer."""
    r = model.session.records
    if r.mode == "import":
        if r.pending is not None:
            view = r.pending.view(0)
            names = [side_name(s, view) for s in range(r.pending.rules.sides)]
            return transfer.match_question(r.pending, names)
        return transfer.import_form(str(said(r.error)) if r.error is not None else "", r.text)
    if r.mode == "replay" and r.replay is not None:
        return viewer.viewer(r.replay, r.step, ui, r.playing)
    return ""

