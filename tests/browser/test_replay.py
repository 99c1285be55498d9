"""The replay viewer in a real Chromium: opened from the score sheet, it steps through the hand
exactly as the saved record says (every bid, every card, the score at the end), by buttons, by
arrow keys and by the slider; closing it gives the focus back and leaves the game as it was.
(Autoplay, and a later hand's replay while the table goes on: under CPython,
tests/test_table_flows.py.)"""

import pytest
from table_driver import phase_is, play_until, saved

pytestmark = pytest.mark.browser

VIEW_JS = """() => {
    const root = document.querySelector("[data-replay-step]");
    if (!root) return null;
    const all = (sel, f) => Array.from(root.querySelectorAll(sel)).map(f);
    return {
        step: Number(root.dataset.replayStep),
        steps: Number(root.dataset.replaySteps),
        playing: root.dataset.playing,
        held: all("[data-rp-card]", (e) => e.dataset.rpCard),
        seats: all("[data-rp-seat]", (e) => e.querySelectorAll("[data-rp-card]").length),
        trick: all("[data-rp-trick-card]", (e) => e.dataset.rpTrickCard),
        said: all("[data-rp-said]", (e) => e.dataset.rpSaid),
        score: !!root.querySelector("[data-rp-score]"),
        live: root.querySelector("[data-rp-live]").textContent,
        disabled: all("[aria-disabled=true]", (e) => e.dataset.action),
        hidden: getComputedStyle(document.querySelector(".game")).display === "none",
    };
}"""


def view(page) -> dict | None:
    return page.evaluate(VIEW_JS)


def first_hand_record(page) -> dict:
    play_until(page, phase_is("hand-over", "match-over"))
    return saved(page)["match"]["hands"][0]


def open_sheet_replay(page, number=1):
    page.click("[data-action=sheet]")
    page.click(f"[data-action=replay-hand][data-hand='{number}']")
    page.wait_for_selector("[data-replay-step]")


def test_replay_steps_through_the_recorded_hand(page, open_table):
    open_table(page, {"rules": "bulgarian", "level": "easy", "seed": 41})
    record = first_hand_record(page)
    before = saved(page)
    open_sheet_replay(page)
    bids, cards = record["auction"], record["play"]
    v = view(page)
    assert v["step"] == 0 and v["steps"] == len(bids) + len(cards)
    assert v["hidden"], "the table is hidden behind the viewer"
    assert v["seats"] == [5, 5, 5, 5] and v["trick"] == [] and v["said"] == []
    assert set(v["disabled"]) == {"replay-first", "replay-prev"}
    assert page.evaluate("document.activeElement.dataset.action") == "replay-next"
    for step in range(1, v["steps"] + 1):
        page.keyboard.press("ArrowRight")
        v = view(page)
        assert v["step"] == step
        if step <= len(bids):
            assert v["said"] == bids[:step]
        else:
            played = step - len(bids)
            assert v["trick"][-1] == cards[played - 1], f"step {step}"
            assert len(v["held"]) + played == 32
            assert len(v["trick"]) == (played - 1) % 4 + 1
    assert v["score"] and "End of the hand" in v["live"]
    assert set(v["disabled"]) == {"replay-next", "replay-last"}
    page.keyboard.press("ArrowRight")  # past the end: stays
    assert view(page)["step"] == v["steps"]
    page.keyboard.press("Home")
    assert view(page)["step"] == 0
    page.keyboard.press("End")
    assert view(page)["step"] == v["steps"]
    page.click("[data-action=replay-first]")
    page.click("[data-action=replay-next]")
    page.click("[data-action=replay-next]")
    page.click("[data-action=replay-prev]")
    assert view(page)["step"] == 1
    page.click("[data-action=replay-last]")
    assert view(page)["step"] == v["steps"]
    page.fill("[data-replay-seek]", str(len(bids)))
    assert view(page)["step"] == len(bids) and view(page)["said"] == bids
    page.keyboard.press("Escape")
    assert view(page) is None
    assert page.evaluate("document.activeElement.dataset.hand") == "1"
    assert page.get_attribute("main", "data-overlay") == "sheet"
    assert saved(page) == before
    assert page.get_attribute("main", "data-phase") in ("hand-over", "match-over")
