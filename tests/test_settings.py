"""The settings model (web/storage/settings.py), the statistics (web/storage/stats.py), the Settings
panel's HTML (web/storage/settings_panel.py) and the sounds' data (web/browser/sound.py), under
CPython."""

import json
import re

import pytest

from belote import Match
from belote.rules import RULE_SETS
from web.browser import sound
from web.storage import save as storage
from web.storage import settings, stats
from web.storage.settings_panel import panel, stats_table

# --- defaults -------------------------------------------------------------------------------


def test_defaults():
    d = settings.defaults()
    assert d == {"rules": "bulgarian", "players": 4, "options": {},
                 "levels": ["normal", "normal", "normal"], "speed": "normal",
                 "autoplay": False, "takeback": False, "sound": True, "theme": "auto",
                 "four_colour": False}
    assert settings.defaults(fast=True)["sound"] is False
    assert settings.clean(None) == d and settings.clean({}) == d
    assert settings.clean(d) == d
    # defaults() gives a fresh copy each time (nothing shared between two tables)
    d["levels"][0] = "expert"
    assert settings.defaults()["levels"][0] == "normal"
    assert storage.decode(None).settings == settings.DEFAULTS


def test_every_rule_set_option_has_its_default():
    for name, cls in RULE_SETS.items():
        assert settings.option_defaults(name) == {"target": cls.default_target,
                                                  **cls.option_defaults}
    assert settings.option_value(settings.defaults(), "target") == 151
    assert settings.option_value(settings.defaults(), "undertrump", "french") is True
    assert settings.option_value(settings.defaults(), "undertrump", "coinche") is False
    assert settings.option_value(settings.defaults(), "undertrump", "bulgarian") is None


# --- validation, field by field ----------------------------------------------------------------
GOOD = {"rules": "french", "players": 4, "options": {"french": {"target": 100}},
        "levels": ["easy", "expert", "normal"], "speed": "fast", "autoplay": True, "takeback": True,
        "sound": False, "theme": "dark", "four_colour": True}


def test_good_settings_are_kept():
    assert settings.clean(GOOD) == GOOD
    assert settings.clean(json.loads(json.dumps(GOOD))) == GOOD


@pytest.mark.parametrize(("field", "bad"), [
    ("rules", "poker"), ("rules", None), ("rules", 3),
    ("players", "4"), ("players", True), ("players", 7),
    ("options", "x"), ("options", [1]),
    ("levels", "easy"), ("levels", None), ("levels", 5),
    ("speed", "warp"), ("speed", 2), ("autoplay", "yes"), ("autoplay", 1),
    ("sound", None), ("theme", "pink"), ("theme", ["dark"]), ("four_colour", "true"),
])
def test_one_bad_field_falls_back_alone(field, bad):
    data = {**GOOD, field: bad}
    cleaned = settings.clean(data)
    for name in GOOD:
        if name == field or (field == "rules" and name in ("players",)):
            continue
        if field == "rules" and name == "options":
            assert cleaned["options"] == GOOD["options"]  # kept for when French comes back
            continue
        assert cleaned[name] == GOOD[name], name
    if field not in ("levels",):
        assert cleaned[field] == settings.DEFAULTS[field]
    else:
        assert cleaned["levels"] == ["normal"] * 3


def test_levels_are_repaired_seat_by_seat():
    assert settings.clean({"levels": ["easy", "god", None]})["levels"] == [
        "easy", "normal", "normal"]
    assert settings.clean({"levels": ["expert"]})["levels"] == ["expert", "normal", "normal"]
    assert settings.clean({"levels": ["easy", "easy", "easy", "expert"]})["levels"] == [
        "easy"] * 3


def test_players_follow_the_rules():
    assert settings.clean({"rules": "classic", "players": 3})["players"] == 3
    assert settings.clean({"rules": "classic", "players": 5})["players"] == 4
    assert settings.clean({"rules": "bela", "players": 2})["players"] == 4


def test_rule_options_are_validated():
    options = {
        "french": {"target": 100, "undertrump": False, "bogus": 1},
        "coinche": {"target": 1000, "undertrump": "no"},     # the default: not kept
        "bulgarian": {"undertrump": True, "target": 5},      # no such option; target too low
        "bela": {"target": 99999},                           # too high
        "classic": {"target": 2.5, "undertrump": True},      # not a whole number; default
        "poker": {"target": 10},
        "french-4": {"target": 100},
    }
    assert settings.clean({"options": options})["options"] == {
        "french": {"target": 100, "undertrump": False}}
    assert settings.clean({"options": {"bela": {"target": True}}})["options"] == {}


def test_match_options_reach_the_engine():
    s = settings.clean({"rules": "french", "options": {"french": {"target": 100,
                                                                  "undertrump": False}}})
    opts = settings.match_options(s)
    assert opts == {"target": 100, "undertrump": False}
    m = Match(s["rules"], s["players"], opts, 1)
    assert m.rules.target == 100 and m.rules.options["undertrump"] is False
    assert m.view(0)["target"] == 100
    # Options of another rule set stay with it.
    assert settings.match_options(s, "coinche") == {}
    assert settings.match_options(settings.change(s, "rules", "bulgarian")) == {}


# --- migration -----------------------------------------------------------------------------------
def test_older_settings_are_migrated():
    old = {"rules": "coinche", "players": 4, "level": "expert", "four_colour": True}
    new = settings.clean(old)
    assert new["levels"] == ["expert"] * 3 and "level" not in new
    assert new["rules"] == "coinche" and new["four_colour"] is True
    assert new["speed"] == "normal" and new["theme"] == "auto" and new["sound"] is True
    # A bad old level: the default; per-seat levels win over the old single one.
    assert settings.clean({"level": "god"})["levels"] == ["normal"] * 3
    assert settings.clean({"level": "easy", "levels": ["expert"] * 3})["levels"] == [
        "expert"] * 3
    assert settings.clean({"level": "easy", "levels": ["expert", "x"]})["levels"] == [
        "expert", "easy", "easy"]


@pytest.mark.parametrize("raw", [
    None, 0, "settings", [], [1, 2], {"rules": {"x": 1}}, {"levels": {"1": "easy"}},
    {"options": {"french": None}}, {"options": {"french": {"target": None}}},
    {"options": {None: 1}}, {"players": None, "rules": None, "theme": None, "speed": {}},
    {"players": 1e100}, {"options": {"french": {"target": -4}}},
])
def test_corrupt_settings_never_raise(raw):
    cleaned = settings.clean(raw)
    assert settings.clean(cleaned) == cleaned
    assert set(cleaned) == set(settings.DEFAULTS)
    Match(cleaned["rules"], cleaned["players"], settings.match_options(cleaned), 1)


def test_corrupt_settings_in_a_save_keep_the_match():
    m = Match("french", 4, {"target": 100}, 4)
    raw = json.loads(storage.encode(settings.defaults(), m, {}))
    raw["settings"] = {"rules": "french", "levels": "broken", "speed": 9, "options": [],
                       "language": "fr", "theme": "dark"}
    loaded = storage.decode(json.dumps(raw))
    assert loaded.problem is None and loaded.match.rules.target == 100
    assert loaded.settings["rules"] == "french" and loaded.settings["theme"] == "dark"
    assert loaded.settings["levels"] == ["normal"] * 3 and loaded.settings["speed"] == "normal"
    assert loaded.settings["language"] == "fr"   # the language is kept by web/storage/save.py


# --- changes from the panel's controls ---------------------------------------------------------
def test_change():
    s = settings.defaults()
    s = settings.change(s, "rules", "classic")
    assert (s["rules"], s["players"]) == ("classic", 4)
    s = settings.change(s, "players", "3")
    assert s["players"] == 3
    s = settings.change(s, "rules", "bela")
    assert s["players"] == 4
    s = settings.change(s, "rules", "french")
    s = settings.change(s, "target", "100")
    assert settings.option_value(s, "target") == 100
    s = settings.change(s, "target", "5")          # clamped to the smallest allowed
    assert settings.option_value(s, "target") == settings.TARGET_MIN
    s = settings.change(s, "target", "not a number")
    assert settings.option_value(s, "target") == settings.TARGET_MIN
    s = settings.change(s, "target", "501")         # the default again: nothing stored
    assert s["options"] == {}
    s = settings.change(s, "undertrump", False)
    assert settings.match_options(s) == {"undertrump": False}
    s = settings.change(s, "level-2", "expert")
    s = settings.change(s, "level-3", "easy")
    s = settings.change(s, "level-3", "god")        # refused
    assert s["levels"] == ["normal", "expert", "easy"]
    assert [settings.level(s, seat) for seat in (1, 2, 3)] == ["normal", "expert", "easy"]
    for name, value in (("speed", "instant"), ("theme", "light"), ("autoplay", True),
                        ("sound", False), ("four_colour", True)):
        s = settings.change(s, name, value)
        assert s[name] == value
    s = settings.change(s, "speed", "warp")
    assert s["speed"] == "instant"
    s = settings.change(s, "players", "2")          # French has four players only
    assert s["players"] == 4
    s = settings.change({**s, "language": "bg"}, "theme", "dark")
    assert s["language"] == "bg"                    # fields it does not know are kept
    assert settings.change(None, "rules", "coinche")["rules"] == "coinche"
    assert settings.clean(s) == {k: v for k, v in s.items() if k != "language"}


def test_speed_and_autoplay_pause():
    assert settings.speed_factor({"speed": "instant"}) == 0
    assert settings.speed_factor({"speed": "slow"}) > 1 > settings.speed_factor(
        {"speed": "fast"})
    assert settings.speed_factor({}) == 1
    assert settings.autoplay_pause({"speed": "instant"}) == settings.AUTOPLAY_MIN
    assert settings.autoplay_pause({"speed": "normal"}) == settings.AUTOPLAY_PAUSE


# --- statistics ----------------------------------------------------------------------------------
def test_stats_migration_keeps_older_counts():
    old = {"bulgarian": {"played": 5, "won": 3}, "classic-3": {"played": 2, "won": 0}}
    new = stats.clean(old)
    assert new == {
        "bulgarian": {**stats.empty(), "played": 5, "won": 3},
        "classic-3": {**stats.empty(), "played": 2}}
    assert stats.clean(new) == new
    assert storage.decode(storage.encode(settings.defaults(), None, old)).stats == new


def test_corrupt_stats_are_repaired_count_by_count():
    data = {
        "french": {"played": 4, "won": 9, "hands": "x", "taken": 3, "made": 5, "valats": -1},
        "coinche": {"played": True, "won": 1.5},
        "classic-9": {"played": 1, "won": 1},   # no such table
        "poker": {"played": 1, "won": 1},
        "bela": [1, 2],
        7: {"played": 1},
        "classic": {"played": 1, "won": 1},     # a key without the table size is kept
    }
    assert stats.clean(data) == {
        "french": {**stats.empty(), "played": 4, "won": 4, "taken": 3, "made": 3},
        "coinche": stats.empty(),
        "classic": {**stats.empty(), "played": 1, "won": 1},
    }
    for raw in (None, [], "x", 3):
        assert stats.clean(raw) == {}


def test_stats_recording():
    s = stats.clean({"bulgarian": {"played": 1, "won": 1}})
    stats.record_match(s, "bulgarian", 4, False)
    stats.record_match(s, "classic", 3, True)
    stats.record_hand(s, "bulgarian", 4, taken=True, made=True)
    stats.record_hand(s, "bulgarian", 4, taken=True, made=False, valat=True)
    stats.record_hand(s, "bulgarian", 4, taken=False, made=True)   # made counts only if taken
    assert s["bulgarian"] == {**stats.empty(), "played": 2, "won": 1, "hands": 3, "taken": 2,
                              "made": 1, "valats": 1}
    assert s["classic-3"]["played"] == 1 and s["classic-3"]["won"] == 1
    assert storage.record_result(s, "bela", 4, True)["bela"]["won"] == 1
    assert stats.rate(1, 3) == 33 and stats.rate(0, 0) is None


def _finish_hand(m: Match) -> None:
    while m.phase not in ("hand-over", "match-over"):
        m.apply(m.legal_actions()[0])


def test_hand_facts_from_the_engine():
    for seed in range(30):
        m = Match("french", 4, {}, seed)
        _finish_hand(m)
        facts = stats.hand_facts(m, 0)
        hand = m.hand
        if hand.score is None:
            assert facts == {"taken": False, "made": False, "valat": False}
            continue
        assert facts["taken"] == (hand.contract.bidder == 0)
        assert facts["made"] == (facts["taken"] and hand.score.made)
        assert facts["valat"] == (hand.facts.tricks[0] == 8)


# --- the panel --------------------------------------------------------------------------------
def _controls(html: str) -> list[str]:
    return re.findall(r'data-setting="([^"]+)"', html)


def test_panel_has_every_control_labelled():
    for rules, players in (("french", 4), ("bulgarian", 4), ("classic", 3), ("classic", 2)):
        s = settings.clean({"rules": rules, "players": players})
        view = Match(rules, players, {}, 1).view(0)
        html = panel(view, s)
        names = _controls(html)
        expected = ["rules", "players", "target"]
        if "undertrump" in settings.option_defaults(rules):
            expected.append("undertrump")
        expected += [f"level-{seat}" for seat in range(1, players)]
        expected += ["speed", "autoplay", "takeback", "sound", "theme", "four_colour"]
        assert names == expected, (rules, names)
        for name in names:  # every control has a label pointing at it
            assert f'for="setting-{name}"' in html and f'id="setting-{name}"' in html
        assert 'data-settings-pending="false"' in html


def test_panel_says_what_waits_for_the_next_game():
    view = Match("french", 4, {}, 1).view(0)
    s = settings.change(settings.clean({"rules": "french"}), "target", "100")
    html = panel(view, s)
    assert 'data-settings-pending="true"' in html
    assert 'data-action="settings-new-game"' in html
    assert 'value="100"' in html
    view = Match("french", 4, {"target": 100}, 1).view(0)
    assert 'data-settings-pending="false"' in panel(view, s)


def test_stats_table():
    html = stats_table({"french": {"played": 4, "won": 3, "hands": 20, "taken": 6, "made": 5,
                                   "valats": 1}, "classic-3": {"played": 1, "won": 0}})
    assert 'data-stats="french"' in html and 'data-stats="classic-3"' in html
    assert "75%" in html and "83%" in html
    assert re.search(r'<td data-valats data-label="Valats">1</td>', html)
    assert "stats-empty" in stats_table({})


# --- sounds -------------------------------------------------------------------------------------
def test_sounds_are_short_and_sane():
    assert set(sound.SOUNDS) == {"card", "trick", "belote", "win"}
    for notes in sound.SOUNDS.values():
        assert 0 < max(n.start + n.length for n in notes) <= 1.0  # seconds, first to last
        for n in notes:
            assert 20 < n.freq < 5000 and 0 < n.gain <= 0.3 and n.length > sound.ATTACK
            assert n.wave in ("sine", "triangle", "square", "sawtooth")


def test_sound_without_a_browser_stays_silent():
    s = sound.Sound()
    assert s.play("card") is False       # no js module under CPython: nothing, no exception
    assert s.play("nothing") is False
    s.close()
