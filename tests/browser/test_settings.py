"""Settings that persist and reach the game, and statistics across matches, in a real Chromium
(?fast=1): the Settings panel (data-action=settings, controls data-setting=...), a reload keeps
every choice, the target score and undertrump reach the engine in the next new game, each bot's
level, the theme's custom properties (chosen, or the system's), reduced motion, auto-play of a
forced card, sounds, statistics migrated from an older save. The ``page`` fixture fails on any
console error."""

import json

import pytest
from table_driver import act, phase_is, play_until, saved, wait_for_human

pytestmark = pytest.mark.browser

CSS_VAR_JS = """(name) => getComputedStyle(document.documentElement)
    .getPropertyValue(name).trim()"""


def open_settings(page):
    page.click("[data-action=settings]")
    page.wait_for_selector("[data-panel=settings]")


def put_save(page, data: dict):
    page.evaluate("(raw) => localStorage.setItem('belote.v1', raw)", json.dumps(data))


def test_settings_persist_across_reload(page, open_table):
    open_table(page, {"rules": "bulgarian", "seed": 3})
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


def test_target_and_undertrump_reach_the_next_game(page, open_table):
    open_table(page, {"rules": "french", "level": "easy", "seed": 11})
    assert "to 501" in page.inner_text("[data-region=score] .rules-title")
    open_settings(page)
    assert page.is_checked("[data-setting=undertrump]")  # French: on by default
    page.fill("[data-setting=target]", "100")
    page.press("[data-setting=target]", "Enter")
    page.uncheck("[data-setting=undertrump]")
    # Rule settings wait for the next game, and the panel says so.
    assert page.get_attribute("[data-settings-pending]", "data-settings-pending") == "true"
    assert "to 501" in page.inner_text("[data-region=score] .rules-title")
    assert saved(page)["match"]["options"] == {}
    page.click("[data-action=settings-new-game]")
    wait_for_human(page)
    assert "to 100" in page.inner_text("[data-region=score] .rules-title")
    assert saved(page)["match"]["options"] == {"target": 100, "undertrump": False}
    # A bad number is put back to what is kept.
    open_settings(page)
    page.fill("[data-setting=target]", "")
    page.press("[data-setting=target]", "Tab")
    page.wait_for_function(
        "() => document.querySelector('[data-setting=target]').value === '100'")
    # Other rule sets keep their own defaults; French keeps its options after a reload.
    page.select_option("[data-setting=rules]", "coinche")
    assert page.input_value("[data-setting=target]") == "1000"
    assert not page.is_checked("[data-setting=undertrump]")
    page.select_option("[data-setting=rules]", "bulgarian")
    assert page.locator("[data-setting=undertrump]").count() == 0
    page.select_option("[data-setting=rules]", "french")
    page.reload()
    wait_for_human(page)
    assert "to 100" in page.inner_text("[data-region=score] .rules-title")
    open_settings(page)
    assert page.input_value("[data-setting=target]") == "100"
    assert not page.is_checked("[data-setting=undertrump]")


def test_theme_follows_the_choice_and_the_system(page, open_table):
    page.emulate_media(color_scheme="light")
    open_table(page, {"seed": 2})
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


def test_reduced_motion_means_no_animation(page, open_table):
    open_table(page, {"seed": 2})
    # ?fast=1 turns every animation off; without it the panels pop in, unless reduced motion.
    page.evaluate("() => document.documentElement.classList.remove('fast')")
    open_settings(page)
    animation = "() => getComputedStyle(document.querySelector('.panel')).animationName"
    assert page.evaluate(animation) == "pop"
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(animation) == "none"
    page.emulate_media(reduced_motion="no-preference")
    page.select_option("[data-setting=speed]", "instant")
    assert page.evaluate(animation) == "none"


FORCED_OR_CHOICE_JS = """() => {
    const main = document.querySelector("main");
    const phase = main.dataset.phase;
    if (phase === "hand-over" || phase === "match-over") return true;
    if (main.dataset.turn !== "0") return false;
    if (phase === "auction") return !!document.querySelector("[data-bid]");
    if (phase !== "play") return false;
    const playable = document.querySelectorAll("[data-card]:not([aria-disabled=true])").length;
    const other = document.querySelector("[data-declare], [data-action=out]");
    return playable >= 2 || (playable === 1 && !!other);
}"""


def test_autoplay_plays_a_forced_card(page, open_table):
    open_table(page, {"rules": "bulgarian", "level": "easy", "seed": 8})
    open_settings(page)
    page.check("[data-setting=autoplay]")
    page.click("[data-action=close]")
    clicked = 0
    for _ in range(60):
        # Act only when there is a choice: a single legal card must play by itself.
        page.wait_for_function(FORCED_OR_CHOICE_JS, timeout=20_000, polling=20)
        phase = page.get_attribute("main", "data-phase")
        if phase in ("hand-over", "match-over"):
            break
        act(page)
        clicked += phase == "play"
    else:
        raise AssertionError("the hand did not end")
    assert len(saved(page)["match"]["hands"][0]["play"]) == 32
    assert clicked < 8, "the last card (always forced) was not played by itself"


def test_sounds_and_statistics(page, open_table):
    # An older save: statistics with played/won only, settings with one level for every bot.
    page.goto("./?fast=1&seed=4")
    wait_for_human(page)
    put_save(page, {"version": 1, "match": None,
                    "settings": {"rules": "bulgarian", "players": 4, "level": "easy",
                                 "four_colour": False},
                    "stats": {"bulgarian": {"played": 3, "won": 2},
                              "classic-3": {"played": 1, "won": 0}}})
    page.goto("./?fast=1&seed=4")
    wait_for_human(page)
    assert page.locator("[data-notice=broken-save]").count() == 0
    s = saved(page)
    assert s["settings"]["levels"] == ["easy"] * 3
    assert s["stats"]["bulgarian"] == {"played": 3, "won": 2, "hands": 0, "taken": 0,
                                       "made": 0, "valats": 0, "puzzles": 0, "solved": 0,
                                       "helped": 0, "helped_won": 0}
    assert s["stats"]["classic-3"]["played"] == 1
    # Sounds on (they start with the first click), then a whole hand.
    open_settings(page)
    page.check("[data-setting=sound]")
    page.click("[data-action=close]")
    play_until(page, phase_is("hand-over"))
    assert int(page.get_attribute("main", "data-sounds") or 0) > 0
    entry = saved(page)["stats"]["bulgarian"]
    assert entry["hands"] == 1 and entry["played"] == 3
    assert entry["made"] <= entry["taken"] <= 1
    page.click("[data-action=stats]")
    row = page.locator("[data-panel=stats] [data-stats=bulgarian]")
    assert row.locator("[data-played]").inner_text() == "3"
    assert row.locator("[data-hands]").inner_text() == "1"
    assert row.locator("[data-taken]").inner_text() == str(entry["taken"])


def test_corrupt_settings_are_repaired_and_the_match_kept(page, open_table):
    open_table(page, {"rules": "french", "level": "easy", "seed": 6})
    play_until(page, phase_is("play"))
    good = saved(page)
    bad = dict(good)
    bad["settings"] = {"rules": "french", "players": "four", "levels": "expert",
                       "options": {"french": {"target": "big", "undertrump": 3}},
                       "speed": "warp", "theme": 7, "autoplay": "yes", "sound": None}
    put_save(page, bad)
    page.goto("./?fast=1")
    wait_for_human(page)
    assert page.locator("[data-notice]").count() == 0
    assert saved(page)["match"] == good["match"]
    s = saved(page)["settings"]
    assert (s["rules"], s["players"], s["levels"], s["options"], s["speed"], s["theme"],
            s["autoplay"]) == ("french", 4, ["normal"] * 3, {}, "normal", "auto", False)
    act(page)
