"""Your progress in pictures: the statistics' charts, as SVG drawn here (no library), each
with a table alternative for screen readers (the picture is hidden from them, the table
visually hidden).

- your accuracy over your recent matches, per rule set (web/coach/accuracy.py's finished
  matches);
- your daily results, the latest days (belote/streak.py's history);
- contracts taken and made, per rule set (web/storage/stats.py);
- the totals of a match, hand by hand (the match on the table, else the latest kept; the
  player steps through those kept).

Pure functions of the model's parts, in the language of the moment. The pictures draw in a
320 × 150 box that scales to the panel's width; their words are few (the axes' ends), the
names of the series are in an HTML legend under each, so that nothing overlaps at 360 px in
any language (tests/browser/test_daily.py measures it).
"""

from __future__ import annotations

from collections.abc import Sequence

from belote.streak import days
from web.app.markup import escape
from web.i18n import t
from web.storage import stats as stats_model
from web.storage.settings_panel import rules_name

W, H = 320, 150            # the picture's box
LEFT, RIGHT, TOP, BOTTOM = 30, 8, 10, 22  # room for the axes' words
RECENT = 10                # matches per rule set on the accuracy chart
DAYS = 14                  # days on the daily chart


def charts(accuracy: dict[str, list[float]], history: dict, stats: dict,
           totals: list[list[int]], sides: Sequence[str], target: int,
           position: tuple[int, int] = (1, 1)) -> str:
    """The four charts, in this order (``accuracy``: per rule set key, the latest matches'
    accuracies, oldest first; ``totals``: the sides' totals after each hand of the match,
    named ``sides``, played to ``target``, the ``position[0]``-th of ``position[1]``)."""
    return ('<div class="charts" data-charts>' + accuracy_chart(accuracy)
            + daily_chart(history) + contracts_chart(stats)
            + match_chart(totals, sides, target, position) + '</div>')


def _figure(kind: str, title: str, svg: str, legend: str, table: str) -> str:
    return (f'<figure class="chart" data-chart="{kind}"><figcaption>{escape(title)}'
            f'</figcaption>{svg}{legend}<div class="visually-hidden">{table}</div></figure>')


def _empty(kind: str, title: str, key: str) -> str:
    return (f'<figure class="chart" data-chart="{kind}" data-empty><figcaption>'
            f'{escape(title)}</figcaption><p class="chart-empty">{escape(t(key))}</p></figure>')


def _svg(body: str) -> str:
    return (f'<svg class="chart-svg" viewBox="0 0 {W} {H}" preserveAspectRatio="xMidYMid meet"'
            f' aria-hidden="true" focusable="false">{body}</svg>')


def _x(i: int, n: int) -> float:
    """The ``i``-th of ``n`` points across the plot."""
    span = W - LEFT - RIGHT
    return LEFT + (span / 2 if n <= 1 else span * i / (n - 1))


def _y(value: float, low: float, high: float) -> float:
    span = H - TOP - BOTTOM
    return TOP + span * (1 - (value - low) / ((high - low) or 1))


def _label(x: float, y: float, text: str, anchor: str = "end") -> str:
    return (f'<text class="axis-label" x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}">'
            f'{escape(text)}</text>')


def _grid(low: float, high: float, marks: Sequence[float]) -> str:
    """Horizontal lines at ``marks``, each named at the left (one too close to the last
    named is left out: their words would overlap)."""
    out: list[str] = []
    named: list[float] = []
    for v in marks:
        y = _y(v, low, high)
        if any(abs(y - other) < 14 for other in named):
            continue
        named.append(y)
        out.append(f'<line class="grid" x1="{LEFT}" x2="{W - RIGHT}" y1="{y:.1f}" y2="{y:.1f}"/>')
        out.append(_label(LEFT - 4, y + 4, f"{v:g}"))
    return "".join(out)


def _ends(first: str, last: str) -> str:
    """The x axis named at its two ends."""
    y = H - 6
    if first == last:
        return _label(_x(0, 1), y, first, "middle")
    return _label(LEFT, y, first, "start") + _label(W - RIGHT, y, last, "end")


def _line(points: list[tuple[float, float]], series: int) -> str:
    path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    dots = "".join(f'<circle class="series-{series}" cx="{x:.1f}" cy="{y:.1f}" r="2.6"/>'
                   for x, y in points)
    return (f'<polyline class="series-{series}" data-series="{series}" points="{path}"'
            f' fill="none"/>{dots}')


def _legend(names: Sequence[str], classes: Sequence[str] = ()) -> str:
    """The series' names under the picture (each with its colour and line)."""
    classes = classes or [f"series-{i}" for i in range(len(names))]
    items = "".join(f'<li><span class="swatch {cls}" aria-hidden="true"></span>'
                    f'{escape(name)}</li>' for cls, name in zip(classes, names))
    return f'<ul class="chart-legend" aria-hidden="true">{items}</ul>'


def _table(caption: str, heads: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    body = "".join("<tr>" + f'<th scope="row">{escape(r[0])}</th>'
                   + "".join(f"<td>{escape(c)}</td>" for c in r[1:]) + "</tr>" for r in rows)
    return (f'<table><caption>{escape(caption)}</caption><thead><tr>{head}</tr></thead>'
            f'<tbody>{body}</tbody></table>')


# --- the charts ------------------------------------------------------------------------------
def accuracy_chart(accuracy: dict[str, list[float]]) -> str:
    title = t("chart.accuracy")
    series = [(key, values[-RECENT:]) for key, values in sorted(accuracy.items()) if values]
    if not series:
        return _empty("accuracy", title, "chart.accuracy.empty")
    n = max(len(v) for _, v in series)
    body = _grid(0, 100, (0, 50, 100))
    for i, (_, values) in enumerate(series):
        start = n - len(values)  # the latest matches line up at the right
        body += _line([(_x(start + j, n), _y(v, 0, 100)) for j, v in enumerate(values)], i)
    body += _ends(t("chart.older"), t("chart.latest")) if n > 1 else ""
    names = [rules_name(key) for key, _ in series]
    rows = [[name] + [f"{v:.0f}" for v in values] for name, (_, values) in zip(names, series)]
    heads = [t("stats.rules")] + [t("chart.match", n=j + 1) for j in range(n)]
    rows = [r + [""] * (len(heads) - len(r)) for r in rows]
    return _figure("accuracy", title, _svg(body), _legend(names),
                   _table(title, heads, rows))


def daily_chart(history: dict) -> str:
    title = t("chart.daily")
    results = [d for d in days(history) if d["hands"]][:DAYS][::-1]  # oldest first
    if not results:
        return _empty("daily", title, "chart.daily.empty")
    totals = [d["total"] for d in results]
    high, low = max(0, *totals), min(0, *totals)
    if high == low:
        high = 1
    n = len(results)
    step = (W - LEFT - RIGHT) / n
    zero = _y(0, low, high)
    body = _grid(low, high, sorted({low, 0, high}))
    for i, d in enumerate(results):
        y = _y(d["total"], low, high)
        top, height = min(y, zero), max(abs(zero - y), 1)
        mark = "better" if d["total"] > 0 else "worse" if d["total"] < 0 else "equal"
        body += (f'<rect class="bar {mark}" x="{LEFT + i * step + step * 0.15:.1f}"'
                 f' y="{top:.1f}" width="{step * 0.7:.1f}" height="{height:.1f}"/>')
    body += _ends(results[0]["date"][5:], results[-1]["date"][5:])
    rows = [[d["date"], t("rules." + d["rules"]), f"{d['total']:+d}" if d["total"] else "±0"]
            for d in results]
    return _figure("daily", title, _svg(body), "",
                   _table(title, [t("daily.date"), t("stats.rules"), t("daily.total")], rows))


def contracts_chart(stats: dict) -> str:
    """Per rule set, a bar of the contracts taken with the part made filled in."""
    title = t("chart.contracts")
    stats = stats_model.clean(stats)
    rows = [(key, e["taken"], e["made"]) for key, e in sorted(stats.items()) if e["taken"]]
    if not rows:
        return _empty("contracts", title, "chart.contracts.empty")
    most = max(taken for _, taken, _ in rows)
    row_h = 34
    height = TOP + row_h * len(rows)
    body = ""
    for i, (key, taken, made) in enumerate(rows):
        y = TOP + i * row_h
        width = (W - 2 * RIGHT) * taken / most
        body += (_label(RIGHT, y + 11, rules_name(key), "start")
                 + _label(W - RIGHT, y + 11, f"{made} / {taken}")
                 + f'<rect class="bar taken" x="{RIGHT}" y="{y + 16}" width="{width:.1f}"'
                 f' height="12"/><rect class="bar made" x="{RIGHT}" y="{y + 16}"'
                 f' width="{width * made / taken:.1f}" height="12"/>')
    svg = (f'<svg class="chart-svg" viewBox="0 0 {W} {height}" aria-hidden="true"'
           f' focusable="false">{body}</svg>')
    table = _table(title, [t("stats.rules"), t("stats.taken"), t("stats.made")],
                   [[rules_name(key), str(taken), str(made)] for key, taken, made in rows])
    return _figure("contracts", title, svg,
                   _legend([t("stats.made"), t("stats.taken")], ("made", "taken")), table)


def match_chart(totals: list[list[int]], sides: Sequence[str], target: int,
                position: tuple[int, int] = (1, 1)) -> str:
    """Each side's total after each hand of the match, up to the target; buttons step to
    the other matches kept (the ``position[0]``-th of ``position[1]``, from the oldest)."""
    title = t("chart.match.totals")
    if not totals:
        return _empty("match", title, "chart.match.empty")
    points = [[0] * len(sides)] + [list(row) for row in totals]
    high = max(target, *(max(row) for row in points))
    n = len(points)
    body = _grid(0, high, (0, target) if target < high else (0, high))
    for side in range(len(sides)):
        body += _line([(_x(i, n), _y(row[side], 0, high)) for i, row in enumerate(points)],
                      side)
    body += _ends("0", str(n - 1))
    rows = [[str(i + 1)] + [str(v) for v in row] for i, row in enumerate(totals)]
    return _figure("match", title, _svg(body), _legend(sides) + _steps(*position),
                   _table(title, [t("sheet.hand"), *sides], rows))


def _steps(at: int, count: int) -> str:
    """Earlier / "Match 3 of 5" / later, when more than one match is kept."""
    if count < 2:
        return ""

    def step(n: int, key: str, arrow: str, enabled: bool) -> str:
        return (f'<button type="button" class="chart-step" data-action="chart-match"'
                f' data-step="{n}" aria-label="{escape(t(key))}" title="{escape(t(key))}"'
                f'{"" if enabled else " disabled"}>{arrow}</button>')

    return (f'<p class="chart-pick" data-chart-pick="{at}">'
            + step(-1, "chart.match.earlier", "‹", at > 1)
            + f'<span>{escape(t("chart.match.pick", n=at, count=count))}</span>'
            + step(1, "chart.match.later", "›", at < count) + '</p>')
