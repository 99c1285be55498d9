"""The table at once (web/boot.js beloteFirstPaint): on a visit with a saved game the table as last
drawn is on screen before Python runs, marked ``<main data-starting="table">`` while
``data-phase`` stays ``loading``; clicks meanwhile are held and applied once when Python is
ready; a first visit shows an empty table under the progress; a bad paint is never shown; and
offline the paint still comes.

Python is kept from starting for as long as a test needs: an init script holds the game's
archive (web/build/python.zip, which web/main.py awaits) while sessionStorage says so."""

import json

import pytest
from browser_harness import (
    PageLog,
    new_context,
    open_table,
    start_server,
    stop_server,
    wait_until_ready,
)
from table_driver import play_until, saved, state, wait_for_human

pytestmark = pytest.mark.browser

HOLD_JS = """(() => {
  const real = window.fetch;
  let release;
  const gate = new Promise((resolve) => { release = resolve; });
  window.__releaseGame = () => { sessionStorage.removeItem("hold-game"); release(); };
  window.fetch = function (input, init) {
    const url = typeof input === "string" ? input : (input && input.url) || String(input);
    if (/build\\/python\\.zip/.test(url) && sessionStorage.getItem("hold-game") === "1") {
      return gate.then(() => real.call(this, input, init));
    }
    return real.call(this, input, init);
  };
})();"""
PAINT_KEY = "belote.v1.paint"


def hold_python(page) -> None:
    page.evaluate("() => sessionStorage.setItem('hold-game', '1')")


def release_python(page) -> None:
    page.evaluate("() => window.__releaseGame()")
    wait_until_ready(page)


def starting(page) -> str | None:
    return page.get_attribute("main", "data-starting")


def painted_at(page) -> float:
    return page.evaluate("performance.getEntriesByName('belote:first-paint')[0].startTime")


def mid_trick(page) -> bool:
    s = state(page)
    # The human's card does not close the trick: the bots are to play after it.
    return s["phase"] == "play" and s["turn"] == "0" and len(s["hand"]) >= 5 \
        and len(s["trick"]) <= 2 and len([c for c in s["hand"] if c not in s["disabled"]]) >= 2


@pytest.fixture
def held_context(context):
    context.add_init_script(HOLD_JS)
    return context


def test_saved_table_is_painted_before_python_and_a_held_click_counts_once(held_context, page):
    open_table(page, "rules=bulgarian&level=easy&seed=12")
    play_until(page, mid_trick)
    before = state(page)
    save_before = saved(page)
    assert page.evaluate(f"localStorage.getItem('{PAINT_KEY}') !== null")

    hold_python(page)
    page.reload()
    page.wait_for_selector("main[data-starting='table']")
    # The table as it was, marked as starting, and not ready for the tests' eyes.
    assert page.get_attribute("main", "data-phase") == "loading"
    now = state(page)
    assert now["hand"] == before["hand"] and now["trick"] == before["trick"]
    assert now["scores"] == before["scores"]
    assert page.get_attribute("main", "data-painted-phase") == "play"
    assert page.locator(".loading [data-loading-progress]").is_visible()
    assert painted_at(page) < 2000  # ~100 ms here; the benchmark measures it

    # Clicks while Python starts: held (shown), the same card twice counts once, and a second
    # card is not played as well (it is the bots' turn once the first is played: the replay
    # finds it disabled, as a live click then would be refused).
    playable = [c for c in before["hand"] if c not in before["disabled"]]
    first, other = playable[0], playable[1]
    page.click(f"[data-card='{first}']")
    page.click(f"[data-card='{first}']")
    page.click(f"[data-card='{other}']")
    assert page.get_attribute(f"[data-card='{first}']", "data-held") == ""
    assert page.get_attribute("main", "data-holding") == ""
    assert page.locator(".loading [data-loading-held]").is_visible()
    assert page.evaluate("window.beloteHeld.length") == 2
    assert saved(page) == save_before  # nothing applied yet

    release_python(page)
    wait_for_human(page)
    assert starting(page) is None and page.get_attribute("main", "data-holding") is None
    after = state(page)
    assert first not in after["hand"]
    assert other in after["hand"]
    assert len(after["hand"]) == len(before["hand"]) - 1
    moves = json.dumps(saved(page)["match"])
    assert moves.count(f'"{first}"') == json.dumps(save_before["match"]).count(f'"{first}"') + 1


def test_first_visit_shows_an_empty_table_with_the_progress(held_context, page):
    page.goto("./?fast=1")
    hold_python(page)
    page.reload()
    page.wait_for_selector("main[data-starting='skeleton']")
    assert page.get_attribute("main", "data-phase") == "loading"
    assert page.locator(".felt").is_visible()
    assert page.locator("[data-loading-bar]").count() == 1
    assert page.locator(".loading [data-loading-progress]").is_visible()
    assert page.locator("[data-card]").count() == 0
    release_python(page)
    assert starting(page) is None


BAD_PAINTS = {
    "not JSON": "not json{",
    "huge": "x" * 500_000,
    "of the wrong shape": json.dumps({"version": 1, "save": [1, "x"], "attributes": {},
                                      "regions": {}}),
    "of another save": "mismatched",
    "with a script in it": "handler",
}


def test_a_bad_paint_is_never_shown(held_context, page):
    """Each kind of bad paint in turn, in one page session: set it, reload, and find the empty
    table (the paint removed, nothing of it run), then the game drawn anew."""
    open_table(page, "rules=coinche&level=easy&seed=3")
    wait_for_human(page)
    for kind, paint in BAD_PAINTS.items():
        if paint in ("mismatched", "handler"):
            data = json.loads(page.evaluate(f"localStorage.getItem('{PAINT_KEY}')"))
            if paint == "mismatched":
                data["save"][0] += 1
            else:
                data["regions"]["hand"] = '<img src="x" onerror="window.__owned = 1">'
            paint = json.dumps(data)
        page.evaluate(f"(p) => localStorage.setItem('{PAINT_KEY}', p)", paint)
        hold_python(page)
        page.reload()
        page.wait_for_selector("main[data-starting='skeleton']")
        assert page.locator("[data-card]").count() == 0, kind
        assert page.evaluate(f"localStorage.getItem('{PAINT_KEY}')") is None, kind  # removed
        assert page.evaluate("window.__owned === undefined"), kind
        release_python(page)
        wait_for_human(page)
        assert page.evaluate(f"localStorage.getItem('{PAINT_KEY}') !== null"), kind  # anew


def test_offline_reload_still_paints(browser, site_url):
    server, url = start_server()
    context = new_context(browser, base_url=url, service_workers="allow")
    context.add_init_script(HOLD_JS)
    try:
        page = context.new_page()
        log = PageLog()
        log.watch(context, page)
        open_table(page, "rules=french&level=easy&seed=5")
        page.wait_for_function("() => navigator.serviceWorker.ready.then((r) => !!r.active)")
        if not page.evaluate("navigator.serviceWorker.controller !== null"):
            page.reload()  # the first visit's page is claimed on its next load
            wait_until_ready(page)
        wait_for_human(page)
        hand = state(page)["hand"]

        stop_server(server)
        server = None
        context.set_offline(True)
        hold_python(page)
        page.reload()
        page.wait_for_selector("main[data-starting='table']")
        assert state(page)["hand"] == hand
        release_python(page)
        assert state(page)["hand"] == hand
        assert not log.problems(), log.problems()
    finally:
        context.close()
        if server is not None:
            stop_server(server)
