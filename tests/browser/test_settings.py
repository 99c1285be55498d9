"""Settings that persist, in a real Chromium (?fast=1): the Settings panel (data-action=settings,
controls data-setting=...) by keyboard, every control labelled, a reload keeps every choice, the
sounds heard (Web Audio); the theme's custom properties (chosen, or the system's) and the
animations under reduced motion and the instant speed. The ``page`` fixture fails on any console
error. What needs no browser (rule settings for the next game, auto-play, statistics migrated
from an older save, corrupt settings repaired) is played under CPython: tests/test_table_flows.py
and tests/test_update.py."""

import pytest
from table_driver import act, phase_is, play_until, saved, wait_for_human

pytestmark = pytest.mark.browser

CSS_VAR_JS = """(name) => getComputedStyle(document.documentElement)
    .getPropertyValue(name).trim()"""


def open_settings(page):
    page.click("[data-action=settings]")
    page.wait_for_selector("[data-panel=settings]")


def test_theme_and_motion_then_every_setting_persists_across_reload(page, open_table):
    """One page: the theme and the motion follow the choice and the system; then every
    setting chosen by keyboard is kept across a reload, and the sounds are heard."""
    page.emulate_media(color_scheme="light")
    open_table(page, {"rules": "bulgarian", "seed": 3})
    css = lambda name: page.evaluate(CSS_VAR_JS, name)  # noqa: E731
    bar = lambda: page.get_attribute('meta[name="theme-color"]', "content")  # noqa: E731
    assert page.get_attribute("html", "data-theme") == "light"
    light_page, light_panel = css("--page"), css("--panel")
    assert bar() == light_page.strip()  # the browser's bar has the page's colour
    open_settings(page)
    assert page.input_value("[data-setting=theme]") == "auto"
    page.select_option("[data-setting=theme]", "dark")
    assert page.get_attribute("html", "data-theme") == "dark"
    assert css("--page") != light_page and css("--panel") != light_panel
    dark_page = css("--page")
    assert bar() == dark_page.strip()
    page.select_option("[data-setting=theme]", "light")
    assert css("--page") == light_page
    # "Like the system": follows prefers-color-scheme, also when it changes.
    page.select_option("[data-setting=theme]", "auto")
    page.emulate_media(color_scheme="dark")
    page.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")
    assert css("--page") == dark_page
    page.emulate_media(color_scheme="light")
    page.wait_for_function("() => document.documentElement.dataset.theme === 'light'")
    # The panel's text stays readable on its background in both themes.
    for theme in ("light", "dark"):
        page.select_option("[data-setting=theme]", theme)
        colors = page.locator("[data-panel=settings]").evaluate(
            "(e) => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]")
        assert colors[0] != colors[1], theme
    # ?fast=1 turns every animation off; without it the panels pop in, unless reduced motion
    # or the instant speed.
    page.evaluate("() => document.documentElement.classList.remove('fast')")
    animation = "() => getComputedStyle(document.querySelector('.panel')).animationName"
    assert page.evaluate(animation) == "pop"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(animation) == "none"
    page.emulate_media(reduced_motion="no-preference")
    page.select_option("[data-setting=speed]", "instant")
    assert page.evaluate(animation) == "none"
    page.evaluate("() => document.documentElement.classList.add('fast')")
    page.keyboard.press("Escape")
    assert page.locator("[data-panel=settings]").count() == 0

    # Keyboard: the Settings button opens a dialog whose first control takes the focus.
    page.focus("[data-action=settings]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-panel=settings][role=dialog]")
    assert page.evaluate("() => document.activeElement.dataset.setting") == "rules"
    for name, value in (("level-1", "expert"), ("level-2", "easy"), ("level-3", "normal"),
                        ("speed", "fast"), ("theme", "dark")):
        page.select_option(f"[data-setting={name}]", value)
    for name in ("autoplay", "sound", "four_colour"):
        page.check(f"[data-setting={name}]")
    # Every control has a visible label.
    for name in ("rules", "players", "target", "level-1", "level-2", "level-3", "speed",
                 "autoplay", "sound", "theme", "four_colour"):
        assert page.locator(f"[data-setting={name}]").evaluate(
            "(e) => e.labels.length > 0 && e.labels[0].textContent.trim().length > 0"), name
    page.keyboard.press("Escape")
    assert page.locator("[data-panel=settings]").count() == 0
    s = saved(page)["settings"]
    assert s["levels"] == ["expert", "easy", "normal"]
    assert (s["speed"], s["theme"], s["autoplay"], s["sound"], s["four_colour"]) == (
        "fast", "dark", True, True, True)

    page.goto("./?fast=1")
    wait_for_human(page)
    assert page.get_attribute("html", "data-theme") == "dark"
    assert page.get_attribute("html", "data-speed") == "fast"
    open_settings(page)
    assert [page.input_value(f"[data-setting=level-{n}]") for n in (1, 2, 3)] == [
        "expert", "easy", "normal"]
    assert page.input_value("[data-setting=speed]") == "fast"
    assert page.input_value("[data-setting=theme]") == "dark"
    for name in ("autoplay", "sound", "four_colour"):
        assert page.is_checked(f"[data-setting={name}]"), name
    assert saved(page)["settings"]["levels"] == ["expert", "easy", "normal"]
    # Sounds on (Web Audio starts with the first click): a card played is heard.
    page.keyboard.press("Escape")
    play_until(page, phase_is("play", "hand-over"))
    act(page)
    page.wait_for_function("() => Number(document.querySelector('main').dataset.sounds) > 0")
