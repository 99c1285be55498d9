"""The daily deal's panels, as HTML: the daily panel (today's deal, the try under way, the
streak, the past days) and the end of a daily hand (its comparison with the Expert's line,
the next hand or the day's result to share). Pure functions of the model's parts, said in the
language of the moment (web/app/view.py calls them)."""

from __future__ import annotations

import datetime as _dt

from belote.daily import MARKS, daily
from belote.streak import days, streak
from web.app.markup import attr, escape
from web.app.model import DailyRun
from web.i18n import t

PAST_DAYS = 7    # the past days the panel offers for practice
MARK_WORDS = {"better": "daily.mark.better", "equal": "daily.mark.equal",
              "worse": "daily.mark.worse"}


def signed(points: int) -> str:
    """``+40``, ``-40``, ``±0`` (as the share text writes them)."""
    return "±0" if points == 0 else f"{points:+d}"


def _button(action: str, key: str, date: str = "", primary: bool = False,
            enabled: bool = True, label: str = "") -> str:
    data = f' data-date="{attr(date)}"' if date else ""
    aria = f' aria-label="{attr(label)}"' if label else ""
    cls = ' class="primary"' if primary else ""
    return (f'<button type="button"{cls}'
            f' data-action="{action}"{data}{aria}{"" if enabled else " disabled"}>'
            f'{escape(t(key))}</button>')


def panel(today: str, history: dict, run: DailyRun | None) -> str:
    """The daily panel: today's deal (play it, or its result and practice), the try under
    way, the streak and the past days (practice; the first try's result where there was
    one)."""
    if not today:
        return f'<p>{escape(t("daily.loading"))}</p>'
    day = daily(today)
    results = {d["date"]: d for d in days(history)}
    run_date = run.day.date if run is not None and not run.finished else ""
    locked = run is not None and run.counts and not run.finished
    parts = [f'<p class="daily-today" data-daily-today="{attr(today)}">'
             f'{escape(t("daily.today", date=today, rules=t("rules." + day.rules)))}</p>',
             f'<p class="daily-about">{escape(t("daily.about", n=day.hands))}</p>']
    if run is not None and run_date:
        parts.append(f'<p class="daily-under-way">'
                     f'{escape(t("daily.under-way", date=run_date, n=run.number))} '
                     + _button("daily-play", "daily.continue", run_date, primary=True)
                     + "</p>")
    mine = results.get(today)
    if mine is None:
        if run_date != today:
            parts.append(f'<p>{_button("daily-play", "daily.play", today, primary=True)}</p>')
    elif run_date != today:
        parts.append(f'<p class="daily-done">{escape(t("daily.done"))} '
                     + _marks(mine) + " "
                     + _button("daily-play", "daily.again", today, enabled=not locked)
                     + "</p>")
    now = streak(history, today)
    parts.append(f'<p class="daily-streak" data-streak="{now["current"]}"'
                 f' data-best="{now["best"]}">'
                 f'{escape(t("daily.streak", n=now["current"], best=now["best"]))}</p>')
    rows = []
    first = _dt.date.fromisoformat(today)
    for back in range(1, PAST_DAYS + 1):
        date = (first - _dt.timedelta(days=back)).isoformat()
        past = daily(date)
        result = results.get(date)
        done = _marks(result) if result is not None else escape(t("daily.not-played"))
        play = _button("daily-play", "daily.practise", date, enabled=not locked
                       or date == run_date, label=t("daily.practise.day", date=date))
        rows.append(
            f'<tr data-daily-date="{date}"><th scope="row">{date}</th>'
            f'<td>{escape(t("rules." + past.rules))}</td><td>{done}</td>'
            f'<td>{play}</td></tr>')
    parts.append(f'<h3>{escape(t("daily.past"))}</h3>'
                 f'<p class="daily-note">{escape(t("daily.practice-note"))}</p>'
                 f'<table class="daily-days"><thead><tr>'
                 f'<th scope="col">{escape(t("daily.date"))}</th>'
                 f'<th scope="col">{escape(t("setting.rules"))}</th>'
                 f'<th scope="col">{escape(t("daily.result"))}</th>'
                 f'<td></td></tr></thead><tbody>{"".join(rows)}</tbody></table>')
    if locked and run is not None and run.day.date != today:
        parts.append(f'<p class="daily-note">{escape(t("daily.finish-first"))}</p>')
    return "".join(parts)


def _marks(result: dict) -> str:
    """A day's marks and total, in words for the screen reader."""
    marks = "".join(MARKS[h["mark"]] for h in result["hands"])
    words = ", ".join(t(MARK_WORDS[h["mark"]]) for h in result["hands"])
    total = signed(result["total"])
    return (f'<span class="daily-marks" data-daily-total="{result["total"]}">'
            f'<span aria-hidden="true">{marks} {total}</span>'
            f'<span class="visually-hidden">{escape(t("daily.marks", marks=words, total=total))}'
            f'</span></span>')


def comparison(run: DailyRun) -> str:
    """The finished hands, one row each: your result, the Expert's on the same cards, the
    difference; and the total so far."""
    body = "".join(
        f'<tr data-daily-hand="{r["hand"]}" data-mark="{r["mark"]}">'
        f'<th scope="row">{r["hand"]}</th><td>{signed(r["you"])}</td>'
        f'<td>{signed(r["expert"])}</td>'
        f'<td class="daily-diff"><span aria-hidden="true">{MARKS[r["mark"]]}</span> '
        f'{signed(r["difference"])}<span class="visually-hidden"> '
        f'({escape(t(MARK_WORDS[r["mark"]]))})</span></td></tr>' for r in run.rows)
    total = sum(r["difference"] for r in run.rows)
    return (f'<table class="summary daily-compare" data-daily-compare>'
            f'<caption>{escape(t("daily.compare.caption"))}</caption><thead><tr>'
            f'<th scope="col">{escape(t("sheet.hand"))}</th>'
            f'<th scope="col">{escape(t("daily.you"))}</th>'
            f'<th scope="col">{escape(t("daily.expert"))}</th>'
            f'<th scope="col">{escape(t("daily.difference"))}</th></tr></thead>'
            f'<tbody>{body}</tbody><tfoot><tr class="scored"><th scope="row" colspan="3">'
            f'{escape(t("daily.total"))}</th><td data-daily-total="{total}">{signed(total)}</td>'
            f'</tr></tfoot></table>')


def hand_over(run: DailyRun, summary: str, share_text: str, shared: str) -> str:
    """The end of a daily hand: the hand's score (``summary``), then its comparison with
    the Expert's line (or that it is being played), and the next hand or the day's result
    to share."""
    compared = len(run.rows) >= run.number
    if compared:
        body = comparison(run)
    elif run.asking:
        body = (f'<p class="daily-waiting" data-daily-waiting role="status">'
                f'{escape(t("daily.expert-playing"))}</p>')
    else:
        body = (f'<p class="daily-waiting">{escape(t("daily.expert-failed"))} '
                + _button("daily-compare", "daily.retry") + "</p>")
    actions = ""
    if compared and run.number < run.day.hands:
        actions = _button("daily-next", "daily.next", primary=True)
    elif compared:
        heard = {"shared": "daily.shared", "copied": "daily.copied",
                 "failed": "daily.share-failed"}.get(shared)
        said = (f'<p class="daily-shared" role="status" data-shared="{attr(shared)}">'
                f'{escape(t(heard))}</p>' if heard else "")
        body += (f'<p class="verdict">{escape(t("daily.day-over"))}</p>'
                 f'<pre class="daily-share-text" data-share-text>{escape(share_text)}</pre>'
                 + said)
        actions = _button("daily-share", "daily.share", primary=True)
    return (summary + body + '<div class="actions">'
            + _button("daily-end", "daily.end") + actions + '</div>')
