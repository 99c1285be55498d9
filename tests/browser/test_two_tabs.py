"""Two tabs on one game (issue 24), two pages of one browser context: a tab that only opens the
game never takes it from another, not even while the other's bots are playing; only a move (or
"Play in this tab") does. The other tab then says so, and stays readable: nothing on it is
covered, at each size (the layout sweep's check), and "Play in this tab" gives it back."""

from __future__ import annotations

import pytest
from browser_harness import table_url, wait_until_ready
from table_driver import act, saved, state, wait_for_human
from test_layout_sweep import CHECK_JS, SEEN, SIZES

pytestmark = pytest.mark.browser

PARAMS = {"rules": "bulgarian", "level": "easy", "seed": 6}


# Whether the table holds (?hold), whose turn it is, and whether the human has something to do.
SAVED_JS = "() => localStorage.getItem('belote.v1')"

NOW_JS = """() => {
    const m = document.querySelector("main");
    const mine = m.dataset.turn === "0" && !!document.querySelector(
        "[data-bid]:not([disabled]), [data-card]:not([aria-disabled=true])");
    return [m.dataset.hold || "", m.dataset.turn, mine];
}"""


def passive(page) -> bool:
    return page.get_attribute("main", "data-passive") == "true"


def open_tab(context, errors: list, params: dict | None = None):
    tab = context.new_page()
    tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    tab.on("pageerror", lambda e: errors.append(str(e)))
    tab.goto(table_url(params or {}))
    return tab


def readable(tab, where: str) -> None:
    """The sweep's check at the four sizes: nothing the player needs is covered."""
    problems = []
    for w, h in SIZES:
        tab.set_viewport_size({"width": w, "height": h})
        found, _ = tab.evaluate(CHECK_JS, SEEN)
        problems += [f"{where} @{w}×{h}: {p}" for p in found]
    tab.set_viewport_size({"width": 1280, "height": 800})
    assert not problems, "\n".join(problems)


def test_a_tab_that_only_looks_takes_nothing(context, page):
    errors: list[str] = []
    page.goto(table_url(PARAMS))
    wait_for_human(page)
    act(page)  # a move: this tab plays the game
    wait_for_human(page)
    # Another tab opens the game, makes no move, and closes: this one goes on as before.
    other = open_tab(context, errors)
    wait_for_human(other)
    assert state(other)["hand"] == state(page)["hand"]
    # Whatever the other tab wrote on opening reached this one before a probe written after it
    # (a tab gets another's storage events in order): this tab has seen it all, and goes on.
    page.evaluate("""() => { window.probed = false; addEventListener('storage',
        (e) => { if (e.key === 'belote.test.probe') window.probed = true; }); }""")
    other.evaluate("() => localStorage.setItem('belote.test.probe', String(Math.random()))")
    page.wait_for_function("() => window.probed")
    assert not passive(page) and page.locator("[data-notice]").count() == 0
    before = saved(page)
    other.close()
    act(page)
    wait_for_human(page)
    assert not passive(page) and saved(page) != before

    # Opened while this tab's bots are playing (held with a bot to play next, ?hold=trick):
    # the new tab's bots wait, it writes nothing, and this tab keeps the game.
    page.goto(table_url({**PARAMS, "hold": "trick"}))
    wait_until_ready(page)
    for _ in range(400):
        hold, turn, mine = page.evaluate(NOW_JS)
        if hold and turn != "0":
            break
        before = page.evaluate(SAVED_JS)
        if hold:
            page.evaluate("() => document.querySelector('main').removeAttribute('data-hold')")
        elif mine:
            page.locator("[data-bid]:not([disabled]), [data-card]:not([aria-disabled=true])"
                         ).first.click()
            page.wait_for_function(f"(before) => ({SAVED_JS})() !== before", arg=before)
        # Until the table holds again or the human has something to do.
        page.wait_for_function(f"() => {{ const [hold, turn, mine] = ({NOW_JS})();"
                               " return !!hold || mine; }")
    else:
        raise AssertionError("no finished trick with a bot to play next")
    held = page.evaluate("() => localStorage.getItem('belote.v1')")
    other = open_tab(context, errors)
    other.wait_for_function("() => document.querySelector('main').dataset.phase === 'play'")
    # It asked who plays, and was told: this tab plays.
    other.wait_for_function("() => /:here$/.test(document.querySelector('main').dataset.asked"
                            " || '')")
    assert page.evaluate("() => localStorage.getItem('belote.v1')") == held
    assert not passive(page) and not passive(other)
    # This tab goes on: the looking tab says the game is played elsewhere, readable.
    page.evaluate("() => document.querySelector('main').removeAttribute('data-hold')")
    other.wait_for_selector("[data-notice=other-tab]")
    assert passive(other)
    readable(other, "the tab that only looked")
    assert not passive(page)
    other.close()
    assert not errors, errors


def test_a_move_takes_the_game_and_the_other_tab_can_take_it_back(context, page):
    errors: list[str] = []
    page.goto(table_url(PARAMS))
    wait_for_human(page)
    act(page)
    wait_for_human(page)
    other = open_tab(context, errors)
    wait_for_human(other)
    assert not passive(page)
    act(other)  # a move there: that tab plays the game now
    page.wait_for_selector("[data-notice=other-tab]")
    assert passive(page) and not passive(other)
    notice = page.inner_text("[data-notice=other-tab] p")
    assert notice == "This game is now played in another tab."
    # said to screen readers: the notices' region is a live region
    assert page.get_attribute("[data-region=notice]", "aria-live") == "polite"
    readable(page, "the tab whose game was taken")
    # Dismissed, the notice folds and keeps its button.
    page.click("[data-notice] [data-action=dismiss]")
    assert page.locator("[data-notice=other-tab][data-folded] [data-action=take-over]").count()
    # "Play in this tab": the game as the other tab left it, and the other tab stops.
    wait_for_human(other)
    page.click("[data-action=take-over]")
    wait_for_human(page)
    assert not passive(page)
    assert state(page)["hand"] == state(other)["hand"]
    other.wait_for_selector("[data-notice=other-tab]")
    assert passive(other)
    # "New game" in a tab whose game was taken is a move too: it takes the game, and plays.
    other.click(".bar [data-action=new-game]")
    wait_for_human(other)
    assert not passive(other) and other.locator("[data-bid]").count() > 0
    page.wait_for_selector("[data-notice=other-tab]")
    other.close()
    assert not errors, errors
