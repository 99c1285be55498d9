"""A whole match in each rule set, played by clicking in a real Chromium (?fast=1, Easy bots):
the first legal bid and the first playable card each time, "next hand" between hands, until the
end of the match. Console errors fail the test (the ``page`` fixture)."""

import json

import pytest
from browser_harness import new_context
from table_driver import act, phase_is, play_until, saved, state, wait_for_human

from web.storage import save as storage

pytestmark = pytest.mark.browser

# A target the player chose (settings), lower than the rule set's own so that a match is a few
# hands long: the match's end, not its length, is what these tests are about.
MATCHES = [
    ("bulgarian", 4, 30),
    ("french", 4, 250),
    ("coinche", 4, 266),
    ("bela", 4, 300),
    ("classic", 2, 200),
    ("classic", 3, 200),
    ("classic", 4, 200),
]
# The reload after the match's end (a boot) in one match only: what it checks is the same in all.
RELOADED = ("bulgarian", 4)


def choose_target(page, rules: str, target: int) -> None:
    """Save settings with this target for ``rules`` (no match yet), as the settings panel does."""
    settings = storage.clean_settings({"rules": rules, "options": {rules: {"target": target}}})
    assert settings["options"][rules]["target"] == target
    page.context.add_init_script(  # before the page's own scripts, on the first visit only
        "if (!sessionStorage.getItem('target-chosen')) {"
        f" localStorage.setItem('belote.v1', {json.dumps(storage.encode(settings, None, {}))});"
        " sessionStorage.setItem('target-chosen', '1'); }")


@pytest.mark.parametrize(("rules", "players", "target"), MATCHES,
                         ids=[f"{r}-{n}" for r, n, _ in MATCHES])
def test_full_match_by_clicking(page, open_table, rules, players, target):
    choose_target(page, rules, target)
    open_table(page, {"rules": rules, "players": players, "level": "easy", "seed": 7})
    assert json.loads(page.evaluate("() => localStorage.getItem('belote.v1')"))[
        "match"]["options"] == {"target": target}
    assert page.get_attribute("main", "data-rules") == rules
    assert page.get_attribute("main", "data-players") == str(players)
    actions = play_until(page, phase_is("match-over"))
    hands = actions.count("next")
    assert hands >= 1  # "next hand" was clicked at least once before the end
    assert page.get_attribute("main", "data-phase") == "match-over"
    # The running score: one number per team (4 players) or per player (2 and 3).
    attr = "data-score-team" if players == 4 else "data-score-player"
    totals = [int(page.locator(f"[{attr}='{s}']").inner_text())
              for s in range(2 if players == 4 else players)]
    # Reaching the target ends the match; also a right "I'm out" (Classic: the claim's points
    # are not added to the totals) and eight in sequence (Bela).
    claimed = page.locator("[data-panel=match-over] [data-out=right]").count() == 1
    assert max(totals) >= target or claimed or rules == "bela", totals
    # The end of the match: who won, and a new-game button (exactly one).
    assert page.locator("[data-panel=match-over] [data-winner]").count() == 1
    assert page.locator("[data-action=new-game]").count() == 1
    # The score sheet lists every hand played (thrown-in hands included).
    page.click("[data-action=sheet]")
    rows = page.locator("[data-panel=sheet] tbody tr").count()
    assert rows == hands + 1
    page.click("[data-action=close]")
    # Statistics were counted once, and survive a reload.
    key = f"classic-{players}" if rules == "classic" else rules
    assert saved(page)["stats"][key]["played"] == 1
    if (rules, players) == RELOADED:
        page.reload()
        wait_for_human(page)
        assert page.get_attribute("main", "data-phase") == "match-over"
        assert saved(page)["stats"][key]["played"] == 1
    # A new game starts a fresh match of the same rules.
    page.click("[data-action=new-game]")
    assert wait_for_human(page) in ("auction", "play")
    assert page.get_attribute("main", "data-rules") == rules
    assert all(v == "0" for v in state(page)["scores"])


def test_settings_choose_the_rules_and_persist(page, open_table):
    open_table(page, {"level": "easy", "seed": 3})
    assert page.get_attribute("main", "data-rules") == "bulgarian"  # the default
    page.click("[data-action=settings]")
    page.select_option("[data-setting=rules]", "classic")
    page.select_option("[data-setting=players]", "3")
    for seat in (1, 2):
        page.select_option(f"[data-setting=level-{seat}]", "easy")
    page.click("[data-action=settings-new-game]")
    wait_for_human(page)
    assert page.get_attribute("main", "data-rules") == "classic"
    assert page.get_attribute("main", "data-players") == "3"
    assert page.locator("[data-score-player]").count() == 3
    # Classic hides running card points while the hand is played.
    play_until(page, phase_is("play"))
    assert "points" not in page.locator("[data-region=score]").inner_text()
    page.goto("./?fast=1")
    wait_for_human(page)
    page.click("[data-action=settings]")
    assert page.input_value("[data-setting=rules]") == "classic"
    assert page.input_value("[data-setting=players]") == "3"
    assert page.input_value("[data-setting=level-1]") == "easy"
    assert page.get_attribute("main", "data-rules") == "classic"


ACTIVE_JS = """() => {
    const e = document.activeElement;
    if (!e) return "";
    if (e.dataset.card) return "card " + (e.getAttribute("aria-disabled") === "true" ? "no" : "ok");
    if (e.dataset.bid) return e.disabled ? "bid no" : "bid ok";
    return e.dataset.action ? "action " + e.dataset.action : e.tagName;
}"""


def test_a_hand_with_the_keyboard_only(page, open_table):
    """Tab to the table, then Enter plays what has the focus; the focus follows the play (the
    first legal bid or card, the "next hand" button); arrows move along the hand."""
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
    page.keyboard.press("Enter")
    assert wait_for_human(page) in ("auction", "play")
    assert len(saved(page)["match"]["hands"]) == 2


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


def test_hint_and_last_trick(page, open_table):
    open_table(page, {"rules": "french", "level": "easy", "seed": 5})
    play_until(page, lambda p: p.get_attribute("main", "data-phase") == "play"
               and p.locator("[data-action=last-trick]:not([disabled])").count() == 1)
    page.click("[data-action=hint]")
    page.wait_for_selector("[data-message=hint]")
    assert page.locator(".hinted").count() >= 1
    page.click("[data-action=last-trick]")
    assert page.locator("[data-panel=last-trick] [data-last-card]").count() == 4
    page.keyboard.press("Escape")
    assert page.locator("[data-panel=last-trick]").count() == 0
