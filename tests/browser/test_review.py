"""The hand review in a real Chromium: opened from the hand's summary, from the score sheet and
from the replay viewer (an imported hand too), it runs in the bots' worker, shows each real
choice with the Expert's choice and its costs (expected, with the deals sampled; exact), marks
the mistakes and sums them up in one line; it can be cancelled and continued, is kept with the
hand (opened again, it is not computed again), and "Practice from here" plays the deal again
without touching the saved match."""

import json

import pytest
from table_driver import phase_is, play_until, saved, wait_for_human

from belote import replay
from belote.analysis import moments

pytestmark = pytest.mark.browser

WORLDS = 6  # deals per choice here (?review_worlds): the page's default is slower
PARAMS = {"rules": "bulgarian", "level": "easy", "seed": 23, "review_worlds": WORLDS}

ROWS_JS = """() => Array.from(document.querySelectorAll("[data-review-row]")).map((r) => ({
    phase: r.dataset.phase,
    index: Number(r.dataset.index),
    mistake: r.dataset.mistake === "true",
    best: r.querySelector("[data-best]").dataset.best,
    expected: Number(r.querySelector("[data-cost-expected]").dataset.costExpected),
    worlds: Number(r.querySelector("[data-worlds]").dataset.worlds),
    exact: r.querySelector("[data-cost-exact]").dataset.costExact,
    text: r.textContent,
}))"""


def status(page) -> str | None:
    return page.get_attribute("[data-review-status]", "data-review-status")


def wait_status(page, *wanted, timeout_ms=120_000) -> None:
    page.wait_for_function(
        "(w) => w.includes((document.querySelector('[data-review-status]') || {dataset: {}})"
        ".dataset.reviewStatus)", arg=list(wanted), timeout=timeout_ms, polling=50)


def rows(page) -> list[dict]:
    return page.evaluate(ROWS_JS)


def first_hand(page, open_table, **params) -> dict:
    open_table(page, {**PARAMS, **params})
    play_until(page, phase_is("hand-over", "match-over"))
    return saved(page)["match"]["hands"][0]


def human_moments(record: dict) -> list[tuple[str, int, str]]:
    """The human's real choices in ``record``, as the engine finds them."""
    return [(m.phase, m.index, m.played) for m in moments(replay(record, complete=False), 0)]


def check_done(page, record: dict) -> list[dict]:
    """The finished review shows every real choice of seat 0, with both costs."""
    got = rows(page)
    assert [(r["phase"], r["index"]) for r in got] == [
        (p, i) for p, i, _ in human_moments(record)]
    for r in got:
        assert r["worlds"] >= 1 and r["expected"] >= 0 and float(r["exact"]) >= 0, r
        assert "Expert" in r["text"] and "Expected cost" in r["text"], r
        assert f"{r['worlds']} deal" in r["text"] and "exact cost" in r["text"], r
    total = page.text_content("[data-review-total]")
    mistakes = [r for r in got if r["mistake"]]
    if mistakes:
        assert total.startswith(f"{len(mistakes)} mistake"), total
        assert total.endswith(" points") or total.endswith(" point"), total
    else:
        assert total == "No mistakes"
    return got


def test_review_from_the_hand_summary(page, open_table):
    record = first_hand(page, open_table)
    page.click("[data-panel=hand-over] [data-action=review-hand]")
    page.wait_for_selector("[data-panel=review]")
    assert page.evaluate("document.activeElement.dataset.action") == "review-cancel"
    wait_status(page, "done")
    got = check_done(page, record)
    assert got, "a Bulgarian hand always has real choices"
    assert "choices analysed" in page.text_content("[data-review-progress]") or len(got) == 1
    before = saved(page)
    assert len(before["reviews"]) == 1
    calls = page.get_attribute("[data-region=review]", "data-review-calls")
    # Closed and opened again (from the score sheet now): shown from the save, not computed.
    page.keyboard.press("Escape")
    assert page.query_selector("[data-panel=review]") is None
    page.click("[data-action=sheet]")
    page.click("[data-action=review-hand][data-hand='1']")
    assert status(page) == "done"
    assert rows(page) == got
    assert page.text_content("[data-review-progress]").startswith("Analysed before")
    assert page.get_attribute("[data-region=review]", "data-review-calls") == calls
    page.click("[data-panel=review] [data-action=review-close]")
    assert page.evaluate("document.activeElement.dataset.hand") == "1"
    assert saved(page)["match"] == before["match"]
