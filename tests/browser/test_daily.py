"""The daily deal in a real page (issue 38): a daily hand played by clicking, at the player's
seat with the day's fixed Experts (thinking on the page: ?fast=1 has no worker), then
compared with the Expert's line; a finished day shared to the clipboard. The date is the
page's ``?today=`` (no clock here)."""

from __future__ import annotations

import json

import pytest
from table_driver import act, next_turn
from table_page import Page

from belote import daily
from web.daily import run as daily_run

pytestmark = pytest.mark.browser

DAY = "2026-12-23"    # a Wednesday: Bela, the quickest of the rule sets to search
OPEN = {"rules": "bulgarian", "level": "easy", "seed": 7, "today": DAY}

# Wait until the player has something to do, or the daily hand is over (its panel).
HUMAN_OR_OVER_JS = """() => {
    if (document.querySelector("[data-panel=daily-over]")) return "over";
    const main = document.querySelector("main");
    if (main.dataset.turn !== "0") return null;
    if (main.dataset.phase === "auction" && document.querySelector("[data-bid]")) return "me";
    if (main.dataset.phase === "play" && document.querySelector("[data-card]")) return "me";
    return null;
}"""


def play_daily_hand(page) -> None:
    for _ in range(200):
        handle = page.wait_for_function(HUMAN_OR_OVER_JS, timeout=240_000, polling=50)
        if handle.json_value() == "over":
            return
        assert page.is_disabled("[data-action=hint]")
        assert page.locator("[data-action=out], [data-action=take-back]").count() == 0
        act(page, "click", next_turn(page))
    raise AssertionError("the daily hand never ended")


def test_a_daily_hand_played_by_clicking_is_compared_with_the_experts(page, open_table):
    open_table(page, OPEN)
    page.click("[data-action=daily]")
    page.wait_for_selector(f"[data-daily-today='{DAY}']")
    page.click(f"[data-action=daily-play][data-date='{DAY}']")
    page.wait_for_selector("[data-notice=daily]")
    assert page.get_attribute("main", "data-rules") == "bela"
    play_daily_hand(page)
    page.wait_for_selector("[data-panel=daily-over] [data-daily-hand='1']", timeout=240_000)
    stored = json.loads(page.evaluate(f"() => localStorage.getItem('{daily_run.KEY}')"))
    run = stored["run"]
    assert run["date"] == DAY and run["counts"] and len(run["rows"]) == 1
    # the row is the engine's comparison of the hand played with the Expert's line
    expert = daily.daily(DAY).expert_record(1)
    assert run["experts"]["1"] == expert  # the page's line is CPython's, card for card
    row = daily.compare(daily.daily(DAY), 1, run["match"]["hands"][0], expert)
    assert run["rows"][0] == row
    assert stored["history"][DAY]["hands"] == [[row["you"], row["expert"]]]
    assert page.get_attribute("[data-daily-hand='1']", "data-mark") == row["mark"]
    page.click("[data-action=daily-next]")
    page.wait_for_function("() => document.querySelector('main').dataset.phase === 'auction'")
    assert "2 of 4" in page.inner_text("[data-notice=daily]")


def test_a_finished_day_is_shared_to_the_clipboard(page, context, open_table):
    """A day played to its last hand (its storage made under CPython by the page's own
    update, tests/table_page.py, bots standing in for the Experts) is shared in one tap."""
    p = Page("fast=1&rules=bulgarian&level=easy&seed=7", today=DAY)
    p.stand_in = "random"
    p.click("daily")
    p.click("daily-play", date=DAY)
    for n in range(1, daily.HANDS + 1):
        p.play_until(lambda q: q.m.match.phase in ("hand-over", "match-over"))
        if n < daily.HANDS:
            p.click("daily-next")
    run = p.m.saved.daily
    assert run is not None and run.finished
    expected = daily.share_text(daily.day_result(run.day, run.rows))
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.add_init_script(f"localStorage.setItem({json.dumps(daily_run.KEY)}, "
                         f"{json.dumps(p.storage[daily_run.KEY])})")
    open_table(page, OPEN)
    page.wait_for_selector("[data-panel=daily-over] [data-daily-hand='4']")
    assert page.inner_text("[data-share-text]") == expected
    page.click("[data-action=daily-share]")
    page.wait_for_selector("[data-shared=copied]")
    assert page.evaluate("() => navigator.clipboard.readText()") == expected


# --- the statistics' charts at 360 x 640 ---------------------------------------------------------
OVERLAPS_JS = """() => {
    const box = (e) => e.getBoundingClientRect();
    const hit = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
        && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
    const width = document.documentElement.clientWidth;
    const problems = [];
    const figures = [...document.querySelectorAll("[data-panel=stats] [data-chart]")];
    figures.forEach((f, i) => {
        const name = f.dataset.chart, r = box(f);
        if (r.left < -0.5 || r.right > width + 0.5) problems.push(`${name}: off the screen`);
        figures.slice(i + 1).forEach((g) => {
            if (hit(r, box(g))) problems.push(`${name} over ${g.dataset.chart}`);
        });
        const parts = [...f.querySelectorAll(":scope > figcaption, :scope > svg,"
            + " :scope > .chart-legend, :scope > .chart-empty")];
        parts.forEach((a, j) => parts.slice(j + 1).forEach((b) => {
            if (hit(box(a), box(b))) problems.push(`${name}: ${a.tagName} over ${b.tagName}`);
        }));
        const svg = f.querySelector("svg");
        if (!svg) return;
        const s = box(svg);
        const words = [...svg.querySelectorAll("text"), ...f.querySelectorAll(".chart-legend li")];
        words.forEach((a, j) => {
            const ra = box(a);
            if (a.tagName === "text" && (ra.left < s.left - 1 || ra.right > s.right + 1))
                problems.push(`${name}: "${a.textContent}" outside its picture`);
            words.slice(j + 1).forEach((b) => {
                if (hit(ra, box(b)))
                    problems.push(`${name}: "${a.textContent}" over "${b.textContent}"`);
            });
        });
    });
    const panel = document.querySelector("[data-panel=stats] .panel-body");
    if (panel && panel.scrollWidth > panel.clientWidth + 1)
        problems.push("the panel scrolls sideways");
    return {problems, charts: figures.length,
            empty: figures.filter((f) => f.hasAttribute("data-empty")).length};
}"""


# How many rows the top bar's controls make (tops further apart than 10 px).
BAR_ROWS_JS = """() => {
    const tops = [...document.querySelectorAll(".bar button, .bar select")]
        .filter((e) => e.getClientRects().length)
        .map((e) => e.getBoundingClientRect().top).sort((a, b) => a - b);
    return tops.filter((top, i) => i === 0 || top - tops[i - 1] > 10).length;
}"""


def progress_storage() -> dict[str, str]:
    """A player's progress: three rule sets' matches with their hands' accuracy, two weeks
    of daily results (better and worse), contracts taken and made."""
    hands, matches = {}, []
    for r, rules in enumerate(("bulgarian", "classic-3", "coinche")):
        for m in range(10):
            seeds = [f"{rules}/{m}/{h}" for h in range(6)]
            hands.update({seed: float((37 * r + 11 * m + 7 * h) % 101)
                          for h, seed in enumerate(seeds)})
            totals = [[20 * h + 5 * m, 25 * h] for h in range(1, 7)]
            matches.append({"rules": rules, "seeds": seeds, "totals": totals})
    history = {f"2026-12-{d:02d}": {"rules": daily.daily(f"2026-12-{d:02d}").rules,
                                    "hands": [[(d * 37) % 300 - 150, 40]] * 4}
               for d in range(9, 23)}
    stats = {"bulgarian": {"played": 9, "won": 5, "taken": 40, "made": 31},
             "classic-3": {"played": 3, "won": 1, "taken": 12, "made": 5},
             "coinche": {"played": 4, "won": 2, "taken": 18, "made": 11},
             "french": {"played": 1, "won": 1, "taken": 2, "made": 2}}
    return {"belote.v1.accuracy": json.dumps({"version": 1, "hands": hands,
                                              "matches": matches}),
            daily_run.KEY: json.dumps({"version": 1, "history": history, "run": None}),
            "belote.v1": json.dumps({"version": 1, "settings": {"theme": "dark"},
                                     "stats": stats})}


def test_the_charts_at_360_by_640_overlap_nothing_in_any_language(page, open_table):
    page.set_viewport_size({"width": 360, "height": 640})
    for key, value in progress_storage().items():
        page.add_init_script(f"localStorage.setItem({json.dumps(key)}, {json.dumps(value)})")
    open_table(page, OPEN)
    assert page.get_attribute("html", "data-theme") == "dark"
    for code in ("en", "fr", "es", "bg", "hr"):
        page.select_option("[data-setting=language]", code)
        page.click("[data-action=stats]")
        page.wait_for_selector("[data-panel=stats] [data-chart=match]")
        found = page.evaluate(OVERLAPS_JS)
        assert found == {"problems": [], "charts": 4, "empty": 0}, code
        # the bar keeps its two rows with the Daily deal's button (issue 35, defect 3)
        rows = page.evaluate(BAR_ROWS_JS)
        assert rows == 2, code
        page.click("[data-panel=stats] [data-action=close]")
    # the check sees an overlap when there is one
    page.add_style_tag(content=".chart-legend { margin-top: -3rem; }")
    page.click("[data-action=stats]")
    assert "match: svg over UL" in str(page.evaluate(OVERLAPS_JS)["problems"])


def test_the_bots_worker_plays_the_daily_hand_its_experts_line_and_accuracy(page, open_table):
    """With the bots' worker up: the day's bots, the Expert's line and the accuracy come from
    the worker (web/bots_worker.py), the same as CPython's."""
    open_table(page, {**OPEN, "worker": "1", "bots": "worker"})  # the bots in their worker
    page.wait_for_selector("main[data-worker=ready]", timeout=120_000)
    page.click("[data-action=daily]")
    page.click(f"[data-action=daily-play][data-date='{DAY}']")
    play_daily_hand(page)
    page.wait_for_selector("[data-panel=daily-over] [data-daily-hand='1']", timeout=240_000)
    page.wait_for_function("() => document.querySelector('[data-panel=daily-over]"
                           " [data-accuracy]').dataset.accuracy !== ''", timeout=120_000)
    stored = json.loads(page.evaluate(f"() => localStorage.getItem('{daily_run.KEY}')"))
    # the worker's fixed Experts played the same line as CPython's, card for card
    assert stored["run"]["experts"]["1"] == daily.daily(DAY).expert_record(1)
    assert page.get_attribute("main", "data-worker") == "ready"
