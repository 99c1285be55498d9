"""The replay viewer in a real Chromium: opened from the score sheet, it steps through the hand
exactly as the saved record says (every bid, every card, the score at the end), by buttons, by
arrow keys, by the slider and by autoplay; closing it gives the focus back and leaves the game
as it was."""

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


def test_autoplay_runs_to_the_end_and_pauses(page, open_table):
    open_table(page, {"rules": "coinche", "level": "easy", "seed": 8})
    first_hand_record(page)
    open_sheet_replay(page)
    steps = view(page)["steps"]
    page.click("[data-action=replay-play]")
    assert page.text_content("[data-rp-play-text]") == "Pause"
    page.wait_for_function(
        "() => document.querySelector('[data-replay-step]').dataset.playing === 'false'")
    v = view(page)
    assert v["step"] == steps and v["score"]
    assert page.text_content("[data-rp-play-text]") == "Play"
    # Play again from the end starts over; a step key stops it.
    page.click("[data-action=replay-play]")
    page.keyboard.press("Home")
    assert view(page)["playing"] == "false" and view(page)["step"] == 0
    page.click("[data-action=replay-close]")
    assert view(page) is None


def test_replay_of_a_later_hand_and_the_table_goes_on(page, open_table):
    """Hand 2 from the sheet while hand 3 is being bid; closing the viewer, play continues."""
    open_table(page, {"rules": "french", "level": "easy", "seed": 12})
    play_until(page, lambda p: len((saved(p) or {"match": {"hands": []}})["match"]["hands"]) >= 3
               and p.get_attribute("main", "data-phase") in ("auction", "play"))
    hands = saved(page)["match"]["hands"]
    open_sheet_replay(page, 2)
    v = view(page)
    assert v["steps"] == len(hands[1]["auction"]) + len(hands[1]["play"])
    assert "hand 2" in page.text_content("#replay-title")
    page.keyboard.press("End")
    assert view(page)["score"]
    page.keyboard.press("Escape")
    page.keyboard.press("Escape")  # the sheet
    assert page.get_attribute("main", "data-overlay") == ""
    play_until(page, lambda p: len(saved(p)["match"]["hands"]) >= 4)
