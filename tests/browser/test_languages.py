"""The table in five languages, in a real Chromium: the browser's language is used from the
loading screen on until the player picks one; every language's bar fits a phone in two rows,
and on the same page the Rules panel fetches the rule set's help in the language picked. (Each
language picked in the bar and kept after a reload, a refused card explained in Bulgarian:
under CPython, tests/test_table_flows.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_harness import PageLog, new_context, open_table, table_url, wait_until_ready
from table_driver import saved, wait_for_human

from web.i18n import EN, LANGUAGES
from web.i18n.locales import LOCALES

pytestmark = pytest.mark.browser

WORDS = {"en": EN, **LOCALES}
ROOT = Path(__file__).resolve().parents[2]


def words(code: str, key: str) -> str:
    return WORDS[code][key]


def help_title(code: str, rules: str) -> str:
    """The <h2> of web/help/<code>/<rules>.html: the Rules panel's title."""
    text = (ROOT / "web" / "help" / code / f"{rules}.html").read_text(encoding="utf-8")
    return re.search(r"<h2>(.*?)</h2>", text, re.S).group(1).strip()


@pytest.mark.parametrize(("locale", "code"), [("bg-BG", "bg"), ("hr-HR", "hr"), ("de-DE", "en")])
def test_the_browser_language_is_used_until_one_is_chosen(browser, site_url, locale, code):
    context = new_context(browser, base_url=site_url, locale=locale)
    context.set_default_timeout(60_000)
    log = PageLog()
    try:
        page = context.new_page()
        log.watch(context, page)
        page.goto(table_url({"rules": "bulgarian", "level": "easy", "seed": 5}))
        # The loading screen (web/boot.js, before Python) already speaks it.
        assert page.get_attribute("html", "lang") == code
        loading = [words(code, k) for k in ("loading", "loading.python", "loading.game",
                                             "loading.deal")]
        if page.get_attribute("main", "data-phase") == "loading":
            assert page.inner_text("[data-loading-progress]") in loading
        wait_until_ready(page)
        assert wait_for_human(page) == "auction"
        assert page.get_attribute("html", "lang") == code
        assert page.input_value("[data-setting=language]") == code
        assert page.inner_text("[data-bid=pass]") == words(code, "bid.pass")
        assert page.title() == words(code, "app.title")
        assert page.get_attribute(".felt", "aria-label") == words(code, "region.felt")
        # Not saved: only a language the player picks is.
        assert "language" not in saved(page)["settings"]
    finally:
        context.close()
    assert not log.problems(), log.problems()


ROWS_JS = """() => new Set(Array.from(document.querySelectorAll('.bar button, .bar select'))
    .map((e) => { const r = e.getBoundingClientRect(); return Math.round((r.top + r.bottom) / 8); })
).size"""  # rows of controls: distinct vertical centres (to 4 px)


def test_every_language_fits_the_phone_bar_then_the_rules_panel_follows_it(browser, site_url):
    """The bar in two rows at 360 px in every language; then, on the same page, the Rules
    panel shows the rule set's help in the language picked, fetched again when it changes."""
    context = new_context(browser, base_url=site_url, viewport={"width": 360, "height": 740})
    context.set_default_timeout(60_000)
    log = PageLog()
    try:
        page = context.new_page()
        log.watch(context, page)
        open_table(page, {"rules": "bulgarian", "level": "easy", "seed": 5})
        for code in LANGUAGES:
            page.select_option("[data-setting=language]", code)
            page.wait_for_function(f"() => document.documentElement.lang === {code!r}")
            assert page.evaluate(ROWS_JS) == 2, code
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 360, code
        # The Rules panel (test_the_rules_panel_shows_the_help_in_the_language, before).
        page.select_option("[data-setting=language]", "en")
        page.click("[data-action=help]")
        page.wait_for_selector("[data-panel=help] [data-help='en/bulgarian']")
        assert page.inner_text("#panel-title") == help_title("en", "bulgarian")
        assert page.get_attribute("main", "data-overlay") == "help"
        page.select_option("[data-setting=language]", "fr")
        page.wait_for_selector("[data-panel=help] [data-help='fr/bulgarian']")
        assert page.inner_text("#panel-title") == help_title("fr", "bulgarian")
        assert "dix de der" in page.inner_text("[data-panel=help]")
        page.click("[data-panel=help] [data-action=close]")
        assert page.locator("[data-panel=help]").count() == 0
        page.click("[data-action=help]")  # again, from what was already fetched
        page.wait_for_selector("[data-panel=help] [data-help='fr/bulgarian']")
        page.click("[data-action=help]")  # the button closes it too
        assert page.locator("[data-panel=help]").count() == 0
    finally:
        context.close()
    assert not log.problems(), log.problems()
