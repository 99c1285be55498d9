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
