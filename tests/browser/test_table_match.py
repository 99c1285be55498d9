"""A whole match played by clicking in a real Chromium (?fast=1, Easy bots): the first legal bid
and the first playable card each time, "next hand" between hands, until the end of the match
(Bulgarian here; every rule set under CPython: tests/test_table_flows.py, with the rules chosen
in Settings); a hint and the last trick; a hand by touch (a hand by keyboard only:
test_accessibility.py). Console errors
fail the test (the ``page`` fixture)."""

import json

import pytest
from browser_harness import new_context
from table_driver import act, phase_is, play_until, saved, state, wait_for_human

from web.storage import save as storage

pytestmark = pytest.mark.browser

# Bulgarian, to a target the player chose (settings), lower than the rule set's own so that the
# match is a few hands long. Every other rule set's whole match is played under CPython, by the
# same clicks on the same drawn elements (tests/test_table_flows.py): here the real page's
# boot, clicks and reload at the end.
TARGET = 30


def choose_target(page, rules: str, target: int) -> None:
    """Save settings with this target for ``rules`` (no match yet), as the settings panel does."""
    settings = storage.clean_settings({"rules": rules, "options": {rules: {"target": target}}})
    assert settings["options"][rules]["target"] == target
    page.context.add_init_script(  # before the page's own scripts, on the first visit only
        "if (!sessionStorage.getItem('target-chosen')) {"
        f" localStorage.setItem('belote.v1', {json.dumps(storage.encode(settings, None, {}))});"
        " sessionStorage.setItem('target-chosen', '1'); }")


def test_full_match_by_clicking_with_a_hint_and_the_last_trick(page, open_table):
    choose_target(page, "bulgarian", TARGET)
    open_table(page, {"rules": "bulgarian", "players": 4, "level": "easy", "seed": 7})
    assert json.loads(page.evaluate("() => localStorage.getItem('belote.v1')"))[
        "match"]["options"] == {"target": TARGET}
    assert page.get_attribute("main", "data-rules") == "bulgarian"
    assert page.get_attribute("main", "data-players") == "4"
    # In the first hand's play, once a trick is over: a hint, then the last trick.
    actions = play_until(page, lambda p: p.get_attribute("main", "data-phase") == "play"
                         and p.locator("[data-action=last-trick]:not([disabled])").count() == 1)
    page.click("[data-action=hint]")
    page.wait_for_selector("[data-message=hint]")
    assert page.locator(".hinted").count() >= 1
    page.click("[data-action=last-trick]")
    assert page.locator("[data-panel=last-trick] [data-last-card]").count() == 4
    page.keyboard.press("Escape")
    assert page.locator("[data-panel=last-trick]").count() == 0
    # On to the end of the match.
    actions += play_until(page, phase_is("match-over"))
    hands = actions.count("next")
    assert hands >= 1  # "next hand" was clicked at least once before the end
    assert page.get_attribute("main", "data-phase") == "match-over"
    # The running score, one number per team: reaching the target ended the match.
    totals = [int(page.locator(f"[data-score-team='{s}']").inner_text()) for s in range(2)]
    assert max(totals) >= TARGET, totals
    # The end of the match: who won, and a new-game button (exactly one).
    assert page.locator("[data-panel=match-over] [data-winner]").count() == 1
    assert page.locator("[data-action=new-game]").count() == 1
    # The score sheet lists every hand played (thrown-in hands included).
    page.click("[data-action=sheet]")
    rows = page.locator("[data-panel=sheet] tbody tr").count()
    assert rows == hands + 1
    page.click("[data-action=close]")
    # Statistics were counted once, and survive a reload.
    assert saved(page)["stats"]["bulgarian"]["played"] == 1
    page.reload()
    wait_for_human(page)
    assert page.get_attribute("main", "data-phase") == "match-over"
    assert saved(page)["stats"]["bulgarian"]["played"] == 1
    # A new game starts a fresh match of the same rules.
    page.click("[data-action=new-game]")
    assert wait_for_human(page) in ("auction", "play")
    assert page.get_attribute("main", "data-rules") == "bulgarian"
    assert all(v == "0" for v in state(page)["scores"])


def test_a_hand_by_touch(browser, site_url, page_log):
    context = new_context(browser, base_url=site_url, has_touch=True, is_mobile=True,
                                  viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page_log.watch(context, page)
        page.goto("./?fast=1&rules=coinche&level=easy&seed=21")
        wait_for_human(page)
        for _ in range(200):
            if act(page, "tap") == "next":
                break
        else:
            raise AssertionError("the hand did not end")
        assert wait_for_human(page) in ("auction", "play")
        assert len(saved(page)["match"]["hands"]) == 2
    finally:
        context.close()
    assert not page_log.errors, page_log.errors
