"""No save breaks the table (issue 12): web/storage/save.py's decode against every kind of bad
``belote.v1`` (30,000 ``[``, 5 MB, not JSON, another shape or version, a match that does not
replay, and the settings and statistics in the same states), and a Hypothesis property over
generated bad saves: decode never raises, never hands json.loads a text beyond the guards
(in Pyodide that kills the page), keeps every part it can, and says what it lost."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from belote import Match
from web.i18n import LANGUAGES, set_language, t
from web.storage import safejson
from web.storage import save as storage
from web.storage import settings as settings_model
from web.storage.settings import DEFAULTS as DEFAULT_SETTINGS

PROBLEMS = {None, "not readable", "too big", "nested", "version", "inconsistent"}
DEEP = "[" * 30_000


def played_match(seed: int = 3, actions: int = 12) -> Match:
    m = Match("bulgarian", 4, {}, seed)
    rng = random.Random(seed)
    for _ in range(actions):
        m.apply(rng.choice(m.legal_actions()))
    return m


GOOD_SETTINGS = settings_model.clean({"rules": "coinche", "levels": ["expert"] * 3})
GOOD_STATS = {"coinche": {"played": 3, "won": 2, "hands": 20, "taken": 5, "made": 4,
                          "valats": 1, "puzzles": 6, "solved": 2, "helped": 0, "helped_won": 0}}
GOOD = storage.encode(GOOD_SETTINGS, played_match(), GOOD_STATS)


def with_part(part: str, text: str) -> str:
    """The good save with one member's JSON text replaced by ``text`` (not parsed)."""
    members = safejson.members(GOOD)
    members[part] = text
    return "{" + ",".join(f"{json.dumps(k)}:{v}" for k, v in members.items()) + "}"


def unreplayable() -> str:
    data = json.loads(GOOD)
    data["match"]["hands"][0]["deck"].reverse()
    return json.dumps(data)


# kind -> (raw, expected problem, parts expected lost)
KINDS = {
    "deep": (DEEP, "nested", []),
    "huge": ('{"version":1,"pad":"' + "x" * 5_000_000 + '"}', "too big", []),
    "not json": ("{not json", "not readable", []),
    "lone surrogate": (with_part("settings", '"\\ud800"'), None, ["settings"]),
    "wrong shape": ('[{"version":1}]', "not readable", []),
    "other version": (json.dumps({"version": 2, "match": None}), "version", []),
    "no version": (json.dumps({"settings": {}}), "version", []),
    "match does not replay": (unreplayable(), "inconsistent", []),
    "match wrong shape": (with_part("match", '{"hands":7}'), "inconsistent", []),
    "match deep": (with_part("match", DEEP + "]" * 30_000), "nested", []),
    "settings deep": (with_part("settings", DEEP + "]" * 30_000), None, ["settings"]),
    "settings wrong shape": (with_part("settings", '["coinche"]'), None, ["settings"]),
    "settings not json": (with_part("settings", "{rules: coinche}"), "not readable", []),
    "stats deep": (with_part("stats", "{" + '"a":{' * 20_000 + "}" * 20_001), None, ["stats"]),
    "stats wrong shape": (with_part("stats", '"lots"'), None, ["stats"]),
    "unbalanced deep part": (with_part("stats", DEEP), "nested", []),
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_kind_of_bad_save(kind):
    raw, problem, lost = KINDS[kind]
    loaded = storage.decode(raw)
    assert loaded.problem == problem
    assert loaded.lost == lost
    assert loaded.set_aside
    assert loaded.settings == settings_model.clean(loaded.settings)
    if problem is None:  # only a part was lost: the match and the other part are kept
        assert loaded.match.to_dict() == played_match().to_dict()
        if "settings" in lost:
            assert loaded.stats == GOOD_STATS
            assert {k: v for k, v in loaded.settings.items() if k != "language"} == \
                settings_model.defaults()
        else:
            assert loaded.settings == GOOD_SETTINGS and loaded.stats == {}
    if problem == "inconsistent":
        assert loaded.settings == GOOD_SETTINGS and loaded.stats == GOOD_STATS


def test_the_good_save_loads_whole():
    loaded = storage.decode(GOOD)
    assert not loaded.set_aside
    assert loaded.match.to_dict() == played_match().to_dict()
    assert (loaded.settings, loaded.stats) == (GOOD_SETTINGS, GOOD_STATS)


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_message_is_in_the_players_language(code):
    set_language(code)
    try:
        for kind, (raw, _, _) in KINDS.items():
            text = storage.problem_phrase(storage.decode(raw)).said()
            assert text, kind
        loaded = storage.decode(KINDS["settings deep"][0])
        assert storage.problem_phrase(loaded).said() == t("save.settings_lost")
        loaded = storage.decode(KINDS["huge"][0])
        assert storage.problem_phrase(loaded).said() == t(
            "save.broken", reason=t("save.too_big", size=len(KINDS["huge"][0])))
    finally:
        set_language("en")


def test_members_splits_without_parsing():
    assert safejson.members('{"a": [1, {"b": "}"}], "c" : "x\\"y", "d": {}}') == \
        {"a": '[1, {"b": "}"}]', "c": '"x\\"y"', "d": "{}"}
    assert safejson.members("{}") == {}
    for bad in ("[]", '{"a" 1}', '{"a": 1', '{"a": 1}}', '{"a": 1,}x', '{1: 2}', '{"a" "b": 1}'):
        assert safejson.members(bad) is None, bad


def test_settings_chosen_is_guarded():
    assert not settings_model.chosen(DEEP, "sound")
    assert settings_model.chosen(json.dumps({"settings": {"sound": True}}), "sound")


# --- the property ----------------------------------------------------------------------------
def depth(text: str) -> int:
    """Nesting depth outside strings, char by char (an oracle independent of safejson's)."""
    level = top = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            level += 1
            top = max(top, level)
        elif ch in "]}":
            level -= 1
    return top


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                max_size=4),
    max_leaves=20)


@st.composite
def bad_saves(draw) -> str:
    """A save gone wrong: a part replaced, nested deep, cut short, spliced with junk."""
    how = draw(st.sampled_from(["part", "deep part", "cut", "splice", "value", "text"]))
    if how == "part":
        part = draw(st.sampled_from(["version", "settings", "stats", "match"]))
        return with_part(part, json.dumps(draw(json_values)))
    if how == "deep part":
        part = draw(st.sampled_from(["settings", "stats", "match", "version"]))
        n = draw(st.integers(safejson.MAX_DEPTH - 2, 3000))
        opener = draw(st.sampled_from(["[", '{"k":']))
        closer = "]" if opener == "[" else "}"
        return with_part(part, opener * n + "0" + closer * draw(st.integers(0, n)))
    if how == "cut":
        return GOOD[:draw(st.integers(0, len(GOOD) - 1))]
    if how == "splice":
        at = draw(st.integers(0, len(GOOD)))
        junk = draw(st.text(alphabet='[]{}",:\\x0 ', max_size=30))
        return GOOD[:at] + junk + GOOD[at + draw(st.integers(0, 5)):]
    if how == "value":
        return json.dumps(draw(json_values))
    return draw(st.text(max_size=200))


@settings(max_examples=400, deadline=None, database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(raw=bad_saves())
def test_no_save_breaks_decode(raw, monkeypatch_json):
    loaded = storage.decode(raw)  # never raises
    assert monkeypatch_json.refused == []  # json.loads never saw text beyond the guards
    assert loaded.problem in PROBLEMS
    assert set(loaded.lost) <= {"settings", "stats"}
    assert loaded.settings == storage.clean_settings(loaded.settings)
    assert loaded.stats == storage.clean_stats(loaded.stats)
    if loaded.problem is not None:
        assert loaded.match is None
    if loaded.set_aside:
        assert storage.problem_phrase(loaded).said()
    # What was kept saves and loads again, whole.
    again = storage.decode(storage.encode(loaded.settings, loaded.match, loaded.stats))
    assert not again.set_aside
    if loaded.match is not None:
        assert again.match.to_dict() == loaded.match.to_dict()


class _Guard:
    def __init__(self, loads):
        self.loads, self.refused = loads, []

    def __call__(self, text, *args, **kwargs):
        if isinstance(text, str) and (len(text) > safejson.MAX_CHARS
                                      or depth(text) > safejson.MAX_DEPTH):
            self.refused.append(text[:40])
        return self.loads(text, *args, **kwargs)


@pytest.fixture(scope="module")
def monkeypatch_json():
    guard = _Guard(json.loads)
    original = safejson.json.loads
    safejson.json.loads = guard
    yield guard
    safejson.json.loads = original


def test_the_paint_goes_with_its_save_and_stays_small():
    """web/storage/save.py encode_paint: what web/boot.js shows before Python runs (and checks
    against the save it goes with)."""
    save = storage.encode(DEFAULT_SETTINGS, None, {})
    regions = {"hand": '<button data-card="JH">Валет</button>', "bar": ""}
    attributes = {"data-painted-phase": "play", "data-turn": "0"}
    assert storage.encode_paint(regions, attributes, None) is None  # no save, no paint
    paint = json.loads(storage.encode_paint(regions, attributes, save))
    assert paint["version"] == storage.PAINT_VERSION
    assert paint["save"] == [len(save), save[-storage.PAINT_TAIL:]]
    assert paint["regions"] == regions and paint["attributes"] == attributes
    assert "Валет" in storage.encode_paint(regions, attributes, save)  # not \u-escaped
    huge = {"hand": "x" * storage.PAINT_MAX}
    assert storage.encode_paint(huge, attributes, save) is None


def test_take_backs_survive_a_save_and_older_saves_load_without_them():
    """Issue 27: a match with a take-back keeps its mark through the save; a save from before
    take-backs (no "takebacks" in the match, no "helped" counts) loads with none."""
    m = played_match()
    m.takebacks = {0: 2}
    loaded = storage.decode(storage.encode(GOOD_SETTINGS, m, GOOD_STATS))
    assert loaded.problem is None and loaded.match.takebacks == {0: 2}
    old_stats = {"coinche": {"played": 3, "won": 2}}
    old = storage.decode(storage.encode(GOOD_SETTINGS, played_match(), old_stats))
    assert old.problem is None and old.match.takebacks == {}
    assert old.stats["coinche"]["helped"] == 0 and old.stats["coinche"]["helped_won"] == 0
    assert not old.settings["takeback"]
