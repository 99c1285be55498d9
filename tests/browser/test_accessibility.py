"""Accessibility in a real Chromium.

- axe-core (the npm dev dependency, injected by the test from node_modules: the site never
  serves it) finds no serious or critical violation on the table during the auction and during
  play, in the settings panel, the score sheet, the replay viewer, the import dialog, the
  end-of-hand screen and the hand review (from the summary, and over the replay viewer): on a
  desktop in the light theme and on a phone in the dark one.
- (Every card's spoken name, saying why it may not be played when it may not: under CPython,
  tests/test_table_flows.py; the names are read in Chromium by axe above.)
- A hand, the score sheet, the replay viewer and its controls work by keyboard alone, with a
  visible focus ring.
- The replay viewer steps through the hand exactly as the saved record says (every bid, every
  card, the score at the end), by buttons, by arrow keys and by the slider; closing it gives
  the focus back and leaves the game as it was. (Autoplay, and a later hand's replay while the
  table goes on: under CPython, tests/test_table_flows.py.)
- (With ``prefers-reduced-motion`` the table does not animate: test_redraws.py, on its page.)
"""

from __future__ import annotations

from pathlib import Path

import pytest
from browser_harness import new_context
from table_driver import phase_is, play_until, saved, wait_for_human

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = ("serious", "critical")

AXE_JS = """async () => {
    const result = await axe.run(document, {resultTypes: ["violations"]});
    return result.violations.map((v) => ({
        id: v.id, impact: v.impact, help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ") + ": " + n.failureSummary),
    }));
}"""


def axe(page, where: str) -> list[str]:
    """The serious and critical violations axe finds on the page now, as readable lines."""
    if not AXE.is_file():
        pytest.fail("node_modules/axe-core is missing: run python3 scripts/vendor.py (npm ci)")
    if not page.evaluate("() => !!window.axe"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(AXE_JS)
    return [f"{where}: [{v['impact']}] {v['id']} ({v['help']}): " + " | ".join(v["nodes"])
            for v in found if v["impact"] in SERIOUS]


def open_settings(page) -> str:
    """The settings panel (the Statistics panel holds the options where there is none)."""
    for action in ("settings", "stats"):
        if page.query_selector(f"[data-action={action}]"):
            page.click(f"[data-action={action}]")
            page.wait_for_selector("[data-panel]")
            return action
    raise AssertionError("no settings control")


@pytest.mark.parametrize(("size", "scheme"), [((1280, 800), "light"), ((390, 844), "dark")],
                         ids=["desktop-light", "phone-dark"])
def test_axe_finds_nothing_serious(browser, site_url, page_log, size, scheme):
    context = new_context(browser, base_url=site_url, color_scheme=scheme,
                                  viewport={"width": size[0], "height": size[1]})
    context.set_default_timeout(60_000)
    problems = []
    try:
        page = context.new_page()
        page_log.watch(context, page)
        page.goto("./?fast=1&rules=bulgarian&level=easy&seed=17&review_worlds=4")
        assert wait_for_human(page) == "auction"
        assert page.get_attribute("html", "data-theme") == scheme
        problems += axe(page, "auction")
        play_until(page, phase_is("play"))
        problems += axe(page, "play")
        open_settings(page)
        problems += axe(page, "settings")
        page.keyboard.press("Escape")
        play_until(page, phase_is("hand-over", "match-over"))
        problems += axe(page, "end of the hand")
        page.click("[data-panel=hand-over] [data-action=review-hand]")
        page.wait_for_selector("[data-review-status=done]", timeout=120_000)
        problems += axe(page, "hand review")
        page.keyboard.press("Escape")
        page.click("[data-action=sheet]")
        problems += axe(page, "score sheet")
        page.click("[data-action=replay-hand][data-hand='1']")
        for _ in range(10):
            page.keyboard.press("ArrowRight")
        problems += axe(page, "replay viewer")
        page.keyboard.press("End")
        problems += axe(page, "replay viewer, end")
        page.click("[data-action=replay-review]")
        page.wait_for_selector("[data-review-status=done]")
        problems += axe(page, "hand review over the replay viewer")
        page.keyboard.press("Escape")
        page.keyboard.press("Escape")
        page.click("[data-action=import]")
        page.fill("[data-import-text]", "{oops")
        page.click("[data-action=import-open]")
        problems += axe(page, "import dialog")
    finally:
        context.close()
    assert not problems, "\n".join(problems)
    assert not page_log.problems(), page_log.problems()


def focus_ring(page) -> str:
    return page.evaluate("""() => {
        const s = getComputedStyle(document.activeElement);
        return s.outlineStyle === "none" || s.outlineWidth === "0px" ? "" : s.outlineStyle;
    }""")


def tab_to(page, selector: str, limit: int = 80) -> None:
    for _ in range(limit):
        if page.evaluate("(sel) => document.activeElement.matches(sel)", selector):
            assert focus_ring(page), f"no visible focus on {selector}"
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {selector}")


ACTIVE_JS = """() => {
    const e = document.activeElement;
    if (!e) return "";
    if (e.dataset.card) return "card " + (e.getAttribute("aria-disabled") === "true" ? "no" : "ok");
    if (e.dataset.bid) return e.disabled ? "bid no" : "bid ok";
    return e.dataset.action ? "action " + e.dataset.action : e.tagName;
}"""


def test_a_hand_then_the_score_sheet_and_replay_by_keyboard(page, open_table):
    """Tab to the table, then Enter plays what has the focus; the focus follows the play (the
    first legal bid or card, the "next hand" button); arrows move along the hand. Then the
    score sheet and the replay viewer, and "next hand", by keyboard alone."""
    open_table(page, {"rules": "bulgarian", "level": "easy", "seed": 77})
    wait_for_human(page)
    for _ in range(40):
        if page.evaluate(ACTIVE_JS).startswith(("bid", "card")):
            break
        page.keyboard.press("Tab")
    else:
        raise AssertionError("Tab never reached the bids or the cards")
    for _ in range(200):
        wait_for_human(page)
        active = page.evaluate(ACTIVE_JS)
        if active == "action next":
            break
        page.keyboard.press("ArrowRight" if active.endswith(" no") else "Enter")
    else:
        raise AssertionError(f"the hand did not end by keyboard (focus on {active})")
    tab_to(page, "[data-action=sheet]")
    page.keyboard.press("Enter")
    tab_to(page, "[data-action=replay-hand]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-replay-step]")
    assert focus_ring(page)
    steps = int(page.get_attribute("[data-replay-step]", "data-replay-steps"))
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # the focused "next step" button
    assert page.get_attribute("[data-replay-step]", "data-replay-step") == "4"
    tab_to(page, "[data-action=replay-last]")
    page.keyboard.press("Enter")
    assert page.get_attribute("[data-replay-step]", "data-replay-step") == str(steps)
    tab_to(page, "[data-replay-seek]")
    page.keyboard.press("Home")
    assert page.get_attribute("[data-replay-step]", "data-replay-step") == "0"
    # The table behind is out of reach while the viewer is open.
    for _ in range(25):
        page.keyboard.press("Tab")
        assert page.evaluate("() => !!document.activeElement.closest('[data-region=records]')"
                             " || document.activeElement === document.body")
    page.keyboard.press("Escape")
    assert page.evaluate("document.activeElement.dataset.action") == "replay-hand"
    tab_to(page, "[data-action=import]")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "import-file"
    page.keyboard.press("Escape")
    assert page.get_attribute("main", "data-records") is None
    tab_to(page, "[data-panel] .close, [data-action=close]")
    page.keyboard.press("Enter")
    tab_to(page, "[data-action=next]")
    page.keyboard.press("Enter")
    assert wait_for_human(page) in ("auction", "play")
    assert len(saved(page)["match"]["hands"]) == 2
    # The first hand in the replay viewer, step by step (test_replay.py's own page before).
    replay_steps_through_the_recorded_hand(page)


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


def replay_view(page) -> dict | None:
    return page.evaluate(VIEW_JS)


def open_sheet_replay(page, number=1):
    page.click("[data-action=sheet]")
    page.click(f"[data-action=replay-hand][data-hand='{number}']")
    page.wait_for_selector("[data-replay-step]")


def replay_steps_through_the_recorded_hand(page) -> None:
    """The replay viewer, opened from the score sheet, steps through the first hand exactly
    as the saved record says (every bid, every card, the score at the end), by arrow keys,
    buttons and the slider; closing it gives the focus back and leaves the game as it was."""
    record = saved(page)["match"]["hands"][0]
    before, phase = saved(page), page.get_attribute("main", "data-phase")
    open_sheet_replay(page)
    bids, cards = record["auction"], record["play"]
    v = replay_view(page)
    assert v["step"] == 0 and v["steps"] == len(bids) + len(cards)
    assert v["hidden"], "the table is hidden behind the viewer"
    assert v["seats"] == [5, 5, 5, 5] and v["trick"] == [] and v["said"] == []
    assert set(v["disabled"]) == {"replay-first", "replay-prev"}
    assert page.evaluate("document.activeElement.dataset.action") == "replay-next"
    for step in range(1, v["steps"] + 1):
        page.keyboard.press("ArrowRight")
        v = replay_view(page)
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
    assert replay_view(page)["step"] == v["steps"]
    page.keyboard.press("Home")
    assert replay_view(page)["step"] == 0
    page.keyboard.press("End")
    assert replay_view(page)["step"] == v["steps"]
    page.click("[data-action=replay-first]")
    page.click("[data-action=replay-next]")
    page.click("[data-action=replay-next]")
    page.click("[data-action=replay-prev]")
    assert replay_view(page)["step"] == 1
    page.click("[data-action=replay-last]")
    assert replay_view(page)["step"] == v["steps"]
    page.fill("[data-replay-seek]", str(len(bids)))
    assert replay_view(page)["step"] == len(bids) and replay_view(page)["said"] == bids
    page.keyboard.press("Escape")
    assert replay_view(page) is None
    assert page.evaluate("document.activeElement.dataset.hand") == "1"
    assert page.get_attribute("main", "data-overlay") == "sheet"
    assert saved(page) == before
    assert page.get_attribute("main", "data-phase") == phase
