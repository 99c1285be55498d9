"""The table in five languages: the player picks one in the bar (saved with the settings), else
the browser's language is used; the Rules panel shows the rule set's help in that language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from browser_harness import PageLog, new_context, open_table, table_url, wait_until_ready
from table_driver import play_until, saved, state, wait_for_human

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


def test_each_language_changes_the_table_and_persists(page, open_table):
    open_table(page, {"rules": "bulgarian", "level": "easy", "seed": 5})
    assert wait_for_human(page) == "auction"
    assert page.get_attribute("html", "lang") == "en"  # the test browser speaks English
    assert page.inner_text("[data-bid=pass]") == "Pass"
    for code in ("es", "fr", "bg", "hr", "en"):
        page.select_option("[data-setting=language]", code)
        page.wait_for_function(f"() => document.documentElement.lang === {code!r}")
        assert page.inner_text("[data-bid=pass]") == words(code, "bid.pass")
        assert page.inner_text("[data-bid=no-trumps]") == words(code, "bid.no-trumps")
        assert page.inner_text("[data-action=new-game]") == words(code, "action.new-game")
        assert page.title() == words(code, "app.title")
        assert page.get_attribute(".felt", "aria-label") == words(code, "region.felt")
        assert saved(page)["settings"]["language"] == code
        if code not in ("bg", "en"):
            continue
        # The choice survives a reload, and the match goes on where it was (checked for one
        # language other than English, whose script differs too, and back in English).
        before = state(page)
        page.reload()
        assert wait_for_human(page) == "auction"
        assert page.input_value("[data-setting=language]") == code
        assert page.get_attribute("html", "lang") == code
        assert page.inner_text("[data-bid=pass]") == words(code, "bid.pass")
        assert state(page)["hand"] == before["hand"]
    # The menu names each language in its own words.
    options = page.locator("[data-setting=language] option").all_inner_texts()
    assert options == list(LANGUAGES.values())


def test_a_refused_card_is_explained_in_the_language(page, open_table):
    open_table(page, "rules=bulgarian&level=easy&seed=2")
    page.select_option("[data-setting=language]", "bg")

    def refused_card(p):
        s = state(p)
        return s["phase"] == "play" and s["turn"] == "0" and s["disabled"] and s["trick"]

    play_until(page, refused_card)
    card = state(page)["disabled"][0]
    button = page.locator(f"[data-card='{card}']")
    label = button.get_attribute("aria-label")
    assert ", не може да се играе: трябва да" in label, label
    button.click(force=True)
    message = page.locator("[data-message=illegal]")
    message.wait_for()
    text = message.inner_text()
    assert text.startswith("Не можеш да играеш "), text
    assert not re.search("[A-Za-z]{3,}", text), text  # no English word left


def test_the_rules_panel_shows_the_help_in_the_language(page, open_table):
    open_table(page, {"rules": "coinche", "level": "easy", "seed": 4})
    page.click("[data-action=help]")
    page.wait_for_selector("[data-panel=help] [data-help='en/coinche']")
    assert page.inner_text("#panel-title") == help_title("en", "coinche")
    assert page.get_attribute("main", "data-overlay") == "help"
    page.select_option("[data-setting=language]", "fr")
    page.wait_for_selector("[data-panel=help] [data-help='fr/coinche']")
    assert page.inner_text("#panel-title") == help_title("fr", "coinche")
    assert "dix de der" in page.inner_text("[data-panel=help]")
    page.click("[data-panel=help] [data-action=close]")
    assert page.locator("[data-panel=help]").count() == 0
    page.click("[data-action=help]")  # again, from what was already fetched
    page.wait_for_selector("[data-panel=help] [data-help='fr/coinche']")
    page.click("[data-action=help]")  # the button closes it too
    assert page.locator("[data-panel=help]").count() == 0


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
        # Not saved: only a language the player picks is.
        assert "language" not in saved(page)["settings"]
    finally:
        context.close()
    assert not log.problems(), log.problems()


ROWS_JS = """() => new Set(Array.from(document.querySelectorAll('.bar button, .bar select'))
    .map((e) => { const r = e.getBoundingClientRect(); return Math.round((r.top + r.bottom) / 8); })
).size"""  # rows of controls: distinct vertical centres (to 4 px)


def test_every_language_fits_the_phone_bar_in_two_rows(browser, site_url):
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
    finally:
        context.close()
    assert not log.problems(), log.problems()
