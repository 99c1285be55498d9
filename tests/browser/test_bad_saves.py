"""No save breaks the page, in Chromium: every kind of bad ``belote.v1`` in one page session
(smoke.bad_saves, which tests/browser/test_firefox.py runs in Firefox too, for the kinds that
depend on the engine), and storage that is
full or refused (private mode): the game goes on and says once that progress is not saved."""

import pytest
from browser_harness import PageLog, new_context, start_server, stop_server
from drivers import Chromium
from smoke import bad_kinds, bad_saves, ready, wait_for_human
from table_driver import NEXT_JS

from web.i18n import set_language, t

pytestmark = pytest.mark.browser

FILL_JS = """() => {
    localStorage.clear();
    let i = 0;
    for (let size = 1 << 22; size >= 1; size = Math.floor(size / 4)) {
        for (;;) {
            try { localStorage.setItem("filler" + i++, "x".repeat(size)); } catch (e) { break; }
        }
    }
    return i;
}"""
REFUSE_JS = """Object.defineProperty(window, "localStorage", {
    get() { throw new DOMException("The operation is insecure.", "SecurityError"); },
});"""
NOTICES_JS = """() => Array.from(document.querySelectorAll("[data-notice]"),
                                  (e) => [e.dataset.notice, e.querySelector("p").textContent])"""


# Kinds whose handling is the same Python in any engine, read with what else is kept of them
# under CPython (tests/test_table_flows.py::test_corrupt_old_and_inconsistent_saves); "not
# JSON" in a browser's language in Firefox (test_firefox.py).
READ_ELSEWHERE = ("not JSON", "from another version", "a match that does not replay",
                  "JSON of the wrong shape")


def test_chromium_no_save_breaks_the_page(browser):
    every = bad_kinds()
    assert set(READ_ELSEWHERE) <= every.keys()
    kinds = {k: v for k, v in every.items() if k not in READ_ELSEWHERE}
    server, url = start_server()
    context = new_context(browser, base_url=url, locale="bg-BG")
    try:
        page, log = context.new_page(), PageLog()
        log.watch(context, page)
        bad_saves(Chromium(page, log), url, "bg", kinds)
    finally:
        context.close()
        stop_server(server)


def expected_off(language: str) -> str:
    set_language(language)
    try:
        return t("save.off", reason="@").split("@")[0]
    finally:
        set_language("en")


@pytest.mark.parametrize("how", ["full", "refused"])
def test_storage_full_or_refused(browser, how):
    server, url = start_server()
    context = new_context(browser, base_url=url)
    try:
        page, log = context.new_page(), PageLog()
        log.watch(context, page)
        driver = Chromium(page, log)
        if how == "refused":
            context.add_init_script(REFUSE_JS)
        driver.goto(f"{url}?fast=1")
        ready(driver)
        if how == "full":
            wait_for_human(driver)
            assert driver.call(FILL_JS) > 0
            driver.reload()
            ready(driver)
        wait_for_human(driver)
        notices = driver.call(NOTICES_JS)
        assert len(notices) == 1 and notices[0][0] == "save-failed", notices
        assert notices[0][1].startswith(expected_off("en")), notices
        page.click("[data-notice] [data-action=dismiss]")
        for _ in range(3):  # the game goes on, and says it once only
            before = driver.call("() => document.querySelector('[data-region=hand]').innerHTML"
                                 " + document.querySelector('[data-region=bids]').innerHTML")
            act_without_save(driver, before)
        assert driver.call(NOTICES_JS) == []
        assert not log.problems(), log.problems()
    finally:
        context.close()
        stop_server(server)


def act_without_save(driver, before: str) -> None:
    """act() for a page that cannot save: wait for the table to change instead."""
    wait_for_human(driver)
    driver.click(driver.call(NEXT_JS))
    driver.wait("(before) => document.querySelector('[data-region=hand]').innerHTML"
                " + document.querySelector('[data-region=bids]').innerHTML !== before", 30,
                args=(before,))


