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
