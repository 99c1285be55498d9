""""Learn from your mistakes" in a real Chromium: a hand played by clicking, its review opened
from the hand's summary, then the puzzles from the review: the table as it was at the first
graded choice, a wrong pick (the choice the review graded) then the best one, both by clicking,
each verdict said in the live status line, the review's reason under "Why?", the statistics'
count, the next puzzle by keyboard, and back to the match untouched. Any console error fails
the test (conftest.py)."""

import pytest
from table_driver import phase_is, play_until, saved
from test_layout_sweep import CHECK_JS, SEEN

pytestmark = pytest.mark.browser

# A hand whose review grades some of the simple player's choices (its first legal bid, its
# first playable card): with 6 deals per choice, several are mistakes.
PARAMS = {"rules": "bulgarian", "level": "easy", "seed": 23, "review_worlds": 6}


def wait_status(page, wanted: str, timeout_ms: int = 180_000) -> None:
    page.wait_for_function(
        "(w) => (document.querySelector('[data-review-status]') || {dataset: {}})"
        ".dataset.reviewStatus === w", arg=wanted, timeout=timeout_ms, polling=50)


def nothing_covered(page, where: str) -> None:
    """The layout sweep's rule (docs/layout.md) at a phone's size and a wide screen's."""
    problems = []
    for w, h in ((360, 640), (1280, 800)):
        page.set_viewport_size({"width": w, "height": h})
        problems += [(where, f"{w}×{h}", *p) for p in page.evaluate(CHECK_JS, SEEN)[0]]
    page.set_viewport_size({"width": 360, "height": 640})
    assert not problems, problems


def target(phase: str, word: str) -> str:
    return f"[data-bid='{word}']" if phase == "auction" else f".me [data-card='{word}']"


def test_puzzles_from_the_review(page, open_table):
    page.set_viewport_size({"width": 360, "height": 640})  # a phone
    open_table(page, PARAMS)
    play_until(page, phase_is("hand-over", "match-over"))
    raw_match = saved(page)["match"]
    page.click("[data-panel=hand-over] [data-action=review-hand]")
    wait_status(page, "done")
    stored = next(iter(saved(page)["reviews"].values()))
    graded = [r for r in stored["d"] if r[10] is not None]  # an inaccuracy, a mistake…
    assert graded, "this hand's review grades some choices"
    assert all(len(r) == 14 and r[13] for r in stored["d"]), "every option's cost is kept"
    phase_code, index, played, best = graded[0][:4]
    phase = "auction" if phase_code == "a" else "play"
    page.click("[data-panel=review] [data-action=puzzles]")
    assert page.query_selector("[data-panel=review]") is None
    page.wait_for_selector("[data-notice=puzzle]")
    notice = page.text_content("[data-notice=puzzle] p")
    assert notice.startswith(f"Puzzle 1 of {len(graded)}"), notice
    # The table as it was: the human to choose, in that phase.
    assert page.get_attribute("main", "data-turn") == "0"
    assert page.get_attribute("main", "data-phase") == phase
    if phase == "play":
        trick = page.evaluate("Array.from(document.querySelectorAll('[data-trick-card]'))"
                              ".map((e) => e.dataset.trickCard)")
        assert trick == raw_match["hands"][0]["play"][index - index % 4:index]
    nothing_covered(page, "puzzle")
    # A wrong pick: the choice the review graded. Judged, not played.
    page.click(target(phase, played))
    page.wait_for_selector("[data-notice=puzzle] [data-verdict=bad]")
    said = page.text_content("[data-verdict]")
    assert "Not as good" in said and "Try again" in said, said
    assert page.get_attribute("[data-region=notice]", "aria-live") == "polite"
    assert page.get_attribute("main", "data-turn") == "0"
    page.screenshot(path="/tmp/puzzle-phone.png")
    nothing_covered(page, "puzzle, a wrong pick")
    # The review's reason for its grade, behind "Why?" (the notice keeps its height).
    assert graded[0][11], "the graded choice has a reason"
    assert page.query_selector("[data-notice=puzzle] .pz-reason") is None
    page.click("[data-notice=puzzle] [data-action=puzzle-why]")
    page.wait_for_selector("[data-notice=puzzle] .pz-reason", state="visible")
    assert page.text_content("[data-notice=puzzle] .pz-reason").strip()
    assert page.get_attribute("[data-action=puzzle-why]", "aria-expanded") == "true"
    nothing_covered(page, "puzzle, its reason shown")
    entry = saved(page)["stats"]["bulgarian"]
    assert (entry["puzzles"], entry["solved"]) == (1, 0)
    # The best one.
    page.click(target(phase, best))
    page.wait_for_selector("[data-notice=puzzle] [data-verdict=good]")
    assert "Well found" in page.text_content("[data-verdict]")
    assert saved(page)["stats"]["bulgarian"]["puzzles"] == 1
    # The statistics show the count.
    page.click("[data-action=stats]")
    row = page.text_content("[data-panel=stats] [data-stats=bulgarian]")
    assert page.text_content("[data-panel=stats] [data-puzzles]") == "1", row
    assert page.text_content("[data-panel=stats] [data-solved]").startswith("0"), row
    page.click("[data-panel=stats] [data-action=close]")
    # The keyboard: the notice's buttons by Tab and Enter.
    if len(graded) > 1:
        page.focus("[data-notice=puzzle] [data-action=puzzle-next]")
        page.keyboard.press("Enter")
        page.wait_for_function(
            "() => document.querySelector('[data-notice=puzzle] p').textContent"
            ".startsWith('Puzzle 2')")
        assert page.query_selector("[data-verdict]") is None
    page.focus("[data-notice=puzzle] [data-action=puzzle-finish]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-notice=puzzles-done]")
    assert page.get_attribute("main", "data-phase") == "hand-over"
    assert saved(page)["match"] == raw_match
