"""The hand review in a real Chromium: opened from the hand's summary, from the score sheet and
from the replay viewer (an imported hand too), it runs in the bots' worker, shows each real
choice with the Expert's choice and its costs (expected, with the deals sampled; exact), marks
the mistakes and sums them up in one line; it can be cancelled and continued, is kept with the
hand (opened again, it is not computed again), and "Practice from here" plays the deal again
without touching the saved match."""

import json

import pytest
from browser_harness import BOOT_JS
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


def test_review_from_the_hand_summary_then_practice(page, open_table):
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
    # And from the hand's replay viewer: the same review, kept.
    page.click("[data-action=replay-hand][data-hand='1']")
    page.click("[data-action=replay-review]")
    assert status(page) == "done" and rows(page) == got
    assert page.get_attribute("[data-region=review]", "data-review-calls") == calls
    assert saved(page)["match"] == before["match"]
    # "Practice this deal" from a choice of the review: the saved match is left alone.
    raw = page.evaluate("() => localStorage.getItem('belote.v1')")
    pick = next(i for i, r in enumerate(got) if r["phase"] == "play" and r["index"] % 4)
    r = got[pick]
    page.click(f"[data-practice='{pick}']")
    assert page.query_selector("[data-panel=review]") is None
    assert page.get_attribute("[data-notice]", "data-notice") == "practice"
    # Dismissed, the practice's notice folds to a short label: the way back stays.
    page.click("[data-notice] [data-action=dismiss]")
    assert page.get_attribute("[data-notice]", "data-notice") == "practice"
    assert page.query_selector("[data-notice][data-folded] [data-action=practice-end]")
    # The deal as it stood at that choice: the trick so far on the table, the human to play.
    assert wait_practice_turn(page) == "play"
    start = r["index"] - r["index"] % 4
    trick = page.evaluate("Array.from(document.querySelectorAll('[data-trick-card]'))"
                          ".map((e) => e.dataset.trickCard)")
    assert trick == record["play"][start:r["index"]]
    assert record["play"][r["index"]] in page.evaluate(
        "Array.from(document.querySelectorAll('[data-card]')).map((e) => e.dataset.card)")
    while wait_practice_turn(page) != "over":
        page.locator("[data-bid]:not([disabled]), [data-card]:not([aria-disabled=true])"
                     ).first.click()
    assert page.evaluate("() => localStorage.getItem('belote.v1')") == raw
    page.click("[data-action=practice-again]")
    assert wait_practice_turn(page) == "play"
    page.click("[data-action=practice-end]")
    assert page.query_selector("[data-notice=practice]") is None
    assert page.get_attribute("main", "data-phase") == "hand-over"
    assert page.query_selector("[data-panel=hand-over]")
    assert page.evaluate("() => localStorage.getItem('belote.v1')") == raw
    # The match goes on as it was.
    page.click("[data-action=next]")
    wait_for_human(page)
    assert len(saved(page)["match"]["hands"]) == 2


def asked_no_more(page) -> None:
    """Once the review is closed or cancelled the worker is asked nothing more: the panel's
    task ends (``data-review-asking`` false) as soon as the step under way, if any, comes back
    (a worker that stalls never answers: this fails), and at most that step came back."""
    def calls() -> int:
        return int(page.get_attribute("[data-region=review]", "data-review-calls"))
    before = calls()
    page.wait_for_function(
        "() => document.querySelector('[data-region=review]').dataset.reviewAsking === 'false'",
        timeout=60_000, polling=50)
    assert calls() <= before + 1, "the worker was asked more after the review stopped"


@pytest.mark.wasm_optimizing  # 48 deals per choice: long in Liftoff's code
def test_cancel_stops_the_worker_and_continue_finishes(page, page_log, open_table):
    first_hand(page, open_table, review_worlds=48)
    # Closing the panel while it runs cancels: the worker is asked nothing more.
    page.click("[data-panel=hand-over] [data-action=review-hand]")
    page.wait_for_selector("[data-review-row]")
    page.keyboard.press("Escape")
    assert page.query_selector("[data-panel=review]") is None
    asked_no_more(page)
    # Opened again, it starts again; Cancel stops it, Continue goes on.
    page.click("[data-panel=hand-over] [data-action=review-hand]")
    page.wait_for_selector("[data-review-row]")  # the first expected cost is in
    page.click("[data-action=review-cancel]")
    assert status(page) == "cancelled"
    assert page.text_content("[data-review-progress]").startswith("Cancelled after")
    assert page.evaluate("document.activeElement.dataset.action") == "review-continue"
    asked_no_more(page)  # the step under way (if any) comes back and is kept
    assert status(page) == "cancelled" and "reviews" not in saved(page)
    # The table stays usable meanwhile: the score sheet opens and closes.
    page.click("[data-action=sheet]")
    assert page.get_attribute("main", "data-overlay") == "sheet"
    page.click("[data-panel=review] [data-action=review-continue]")
    wait_status(page, "done", timeout_ms=240_000)
    assert len(saved(page)["reviews"]) == 1
    # The panel follows a language switch at once, plurals included.
    page.select_option("[data-setting=language]", "hr")
    assert page.text_content("#review-title") == "Analiza dijeljenja 1"
    total = page.text_content("[data-review-total]")
    assert total == "Nema grešaka" or " greš" in total, total
    assert all("dijeljenja" in r["text"] for r in rows(page)), "48 dijeljenja"
    page.click("[data-panel=review] [data-action=review-close]")
    page.click("[data-action=review-hand][data-hand='1']")
    assert status(page) == "done"
    # The review started the worker; its Python started as the page's did (plainly: no service
    # worker here, so no cached memory snapshot; web/runtime.mjs).
    assert page.get_attribute("main", "data-worker") == "ready"
    assert page.get_attribute("main", "data-worker-boot") == page.evaluate(BOOT_JS) == "plain"
    # Nor did it warn of anything (it never reaches for the page's document: pyscript.json).
    assert not page_log.warnings, page_log.warnings


def wait_practice_turn(page) -> str:
    """Wait for the human's turn in the practised hand, or its end; returns the phase."""
    page.wait_for_function("""() => {
        if (document.querySelector("[data-panel=practice-over]")) return true;
        const main = document.querySelector("main");
        if (main.dataset.turn !== "0") return false;
        return !!document.querySelector(main.dataset.phase === "auction" ? "[data-bid]"
                                         : "[data-card]");
    }""", timeout=60_000, polling=20)
    if page.query_selector("[data-panel=practice-over]"):
        return "over"
    return page.get_attribute("main", "data-phase")


def test_review_in_the_replay_viewer_of_an_imported_hand(page, open_table, tmp_path):
    record = first_hand(page, open_table, rules="coinche", seed=5)
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    page.click("[data-action=sheet]")
    page.click("[data-action=import]")
    page.set_input_files("[data-import-file]", str(path))
    page.wait_for_selector("[data-replay-step]")
    page.click("[data-action=replay-review]")
    panel = page.wait_for_selector("[data-panel=review]")
    assert panel.get_attribute("aria-modal") == "true"
    assert page.text_content("#review-title") == "Review of this hand"
    wait_status(page, "done")
    check_done(page, record)
    page.keyboard.press("Escape")
    assert page.query_selector("[data-panel=review]") is None
    assert page.query_selector("[data-replay-step]"), "the viewer stays open"
    assert page.evaluate("document.activeElement.dataset.action") == "replay-review"
    # Practice the imported deal from its first choice: the viewer closes, the save stays.
    raw = page.evaluate("() => localStorage.getItem('belote.v1')")
    page.click("[data-action=replay-review]")
    assert status(page) == "done"
    page.click("[data-practice='0']")
    assert page.get_attribute("main", "data-records") is None
    assert "this deal from your choice" in page.text_content("[data-notice=practice] p")
    assert wait_practice_turn(page) in ("auction", "play")
    page.click("[data-action=practice-end]")
    assert page.get_attribute("main", "data-phase") == "hand-over"
    assert page.evaluate("() => localStorage.getItem('belote.v1')") == raw
