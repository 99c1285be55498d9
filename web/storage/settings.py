"""The player's settings: defaults, validation and repair, migration, and what they mean.

Pure Python (no browser): the table (:mod:`web.controller`) keeps the cleaned dict in
``Ui.settings`` and saves it in ``belote.v1`` ("settings"); :mod:`web.storage` cleans what it
reads through :func:`clean`. A saved settings object is repaired field by field: a bad or
unknown value falls back to its default, the other fields are kept, and nothing here raises.

Shape (every field always present after :func:`clean`)::

    {"rules": "bulgarian",        # the rule set of the next new game
     "players": 4,                # 2, 3 or 4 (Classic), else 4
     "options": {"french": {"target": 100, "undertrump": false}},
                                  # per rule set, only the options that differ from its defaults
     "levels": ["normal", "normal", "normal"],   # the bots of seats 1, 2, 3
     "speed": "normal",           # slow | normal | fast | instant
     "autoplay": false,           # play the only legal card by itself
     "takeback": false,           # moves may be taken back in matches (always in practice)
     "sound": true,
     "theme": "auto",             # auto (the system's) | light | dark
     "four_colour": false}

Older saves had one ``"level"`` for every bot: it becomes the level of each seat. Rule settings
(rules, players, target and the rule set's options) apply to the next new game; the others at
once. The settings panel's controls carry ``data-setting`` names (:data:`CONTROLS`), and
:func:`change` turns a control's new value into new settings.
"""

from __future__ import annotations

from belote.rules import DEFAULT_RULES, RULE_SETS
from web.storage import safejson

RULE_NAMES = tuple(RULE_SETS)
LEVELS = ("easy", "normal", "expert")
SPEEDS = ("slow", "normal", "fast", "instant")
THEMES = ("auto", "light", "dark")
BOT_SEATS = (1, 2, 3)
TARGET_MIN, TARGET_MAX = 10, 9999

# How long pauses and animations last at each speed, relative to "normal".
SPEED_FACTOR = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}
# Seconds before the only legal card plays itself (times the speed factor, at least a glimpse).
AUTOPLAY_PAUSE = 0.6
AUTOPLAY_MIN = 0.15

# data-setting names of the settings panel. The rule settings apply to the next new game.
RULE_CONTROLS = ("rules", "players", "target", "undertrump")
LEVEL_CONTROLS = tuple(f"level-{seat}" for seat in BOT_SEATS)
OTHER_CONTROLS = ("speed", "autoplay", "takeback", "sound", "theme", "four_colour")
FLAGS = ("autoplay", "takeback", "sound", "four_colour")  # the on/off settings
CONTROLS = RULE_CONTROLS + LEVEL_CONTROLS + OTHER_CONTROLS


def defaults(fast: bool = False) -> dict:
    """Fresh settings. With ``?fast=1`` (the tests) sound starts off."""
    return {"rules": DEFAULT_RULES, "players": 4, "options": {},
            "levels": ["normal"] * len(BOT_SEATS), "speed": "normal", "autoplay": False,
            "takeback": False, "sound": not fast, "theme": "auto", "four_colour": False}


DEFAULTS = defaults()


# --- the rule sets' options -------------------------------------------------------------------
def player_counts(rules: str) -> tuple[int, ...]:
    cls = RULE_SETS.get(rules)
    return tuple(cls.player_counts) if cls else (4,)


def default_players(rules: str) -> int:
    counts = player_counts(rules)
    return 4 if 4 in counts else counts[0]


def option_defaults(rules: str) -> dict:
    """Every option of ``rules`` with its default: ``target`` and the rule set's own."""
    cls = RULE_SETS.get(rules)
    return cls.defaults() if cls else {}


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def valid_option(rules: str, name: str, value) -> bool:
    known = option_defaults(rules)
    if name not in known:
        return False
    if name == "target":
        return _int(value) and TARGET_MIN <= value <= TARGET_MAX
    default = known[name]
    if isinstance(default, bool):
        return isinstance(value, bool)
    if _int(default):
        return _int(value) and value > 0
    return isinstance(value, type(default))


def _clean_options(data) -> dict:
    """Per rule set, the valid options that differ from the defaults (others are dropped)."""
    out: dict[str, dict] = {}
    if not isinstance(data, dict):
        return out
    for rules, options in data.items():
        if rules not in RULE_SETS or not isinstance(options, dict):
            continue
        known = option_defaults(rules)
        kept = {name: value for name, value in options.items()
                if isinstance(name, str) and valid_option(rules, name, value)
                and value != known[name]}
        if kept:
            out[rules] = kept
    return out


def option_value(settings: dict, name: str, rules: str | None = None):
    """The value of option ``name`` for ``rules`` (the settings' rule set by default)."""
    rules = rules or settings.get("rules", DEFAULTS["rules"])
    changed = (settings.get("options") or {}).get(rules) or {}
    return changed.get(name, option_defaults(rules).get(name))


def match_options(settings: dict, rules: str | None = None) -> dict:
    """The options to start a match with (``Match(rules, players, options, seed)``): only the
    ones that differ from the rule set's defaults, as hand records keep them."""
    rules = rules or settings.get("rules", DEFAULTS["rules"])
    return dict(_clean_options(settings.get("options")).get(rules, {}))


def set_option(settings: dict, name: str, value, rules: str | None = None) -> dict:
    """New settings with option ``name`` of ``rules`` set (ignored when not valid)."""
    rules = rules or settings.get("rules", DEFAULTS["rules"])
    if not valid_option(rules, name, value):
        return dict(settings)
    options = {r: dict(o) for r, o in (settings.get("options") or {}).items()
               if isinstance(o, dict)}
    mine = options.setdefault(rules, {})
    if value == option_defaults(rules)[name]:
        mine.pop(name, None)
    else:
        mine[name] = value
    return {**settings, "options": _clean_options(options)}


# --- validation and migration ----------------------------------------------------------------
def clean(data, fast: bool = False) -> dict:
    """Settings with every field valid. Unknown fields are dropped, a bad field falls back to
    its default, older shapes are migrated (one ``level`` for every bot); never raises."""
    out = defaults(fast)
    if not isinstance(data, dict):
        return out
    if data.get("rules") in RULE_NAMES:
        out["rules"] = data["rules"]
    players = data.get("players")
    if _int(players) and players in player_counts(out["rules"]):
        out["players"] = players
    else:
        out["players"] = default_players(out["rules"])
    out["options"] = _clean_options(data.get("options"))
    levels = data.get("levels")
    old = data.get("level") if data.get("level") in LEVELS else None  # before per-seat levels
    fallback = old or out["levels"][0]
    if isinstance(levels, (list, tuple)):
        out["levels"] = [levels[i] if i < len(levels) and levels[i] in LEVELS else fallback
                         for i in range(len(BOT_SEATS))]
    else:
        out["levels"] = [fallback] * len(BOT_SEATS)
    for name, choices in (("speed", SPEEDS), ("theme", THEMES)):
        if data.get(name) in choices:
            out[name] = data[name]
    for name in FLAGS:
        if isinstance(data.get(name), bool):
            out[name] = data[name]
    return out


# --- what the settings mean --------------------------------------------------------------
def level(settings: dict, seat: int) -> str:
    """The level of the bot at ``seat`` (1, 2 or 3)."""
    levels = settings.get("levels") or []
    i = seat - 1
    return levels[i] if 0 <= i < len(levels) and levels[i] in LEVELS else "normal"


def speed_factor(settings: dict) -> float:
    return SPEED_FACTOR.get(str(settings.get("speed")), 1.0)


def autoplay_pause(settings: dict) -> float:
    return max(AUTOPLAY_PAUSE * speed_factor(settings), AUTOPLAY_MIN)


def change(settings: dict, name: str, value) -> dict:
    """New settings after control ``name`` (a data-setting) took ``value``: a str from a
    select or a number field, a bool from a checkbox. A bad value leaves the settings as they
    were; fields this module does not know (the language) are kept; never raises."""
    s = dict(settings) if isinstance(settings, dict) else defaults()
    rules = str(s["rules"]) if s.get("rules") in RULE_NAMES else DEFAULTS["rules"]
    if name == "rules" and value in RULE_NAMES:
        s["rules"] = value
        if s.get("players") not in player_counts(value):
            s["players"] = default_players(value)
    elif name == "players":
        n = _as_int(value)
        if n in player_counts(rules):
            s["players"] = n
    elif name == "target":
        n = _as_int(value)
        if n is not None:
            s = set_option(s, "target", min(max(n, TARGET_MIN), TARGET_MAX), rules)
    elif name in LEVEL_CONTROLS:
        if value in LEVELS:
            levels = [level(s, seat) for seat in BOT_SEATS]
            levels[int(name.split("-")[1]) - 1] = value
            s["levels"] = levels
    elif name in ("speed", "theme"):
        if value in (SPEEDS if name == "speed" else THEMES):
            s[name] = value
    elif name in FLAGS or name in option_defaults(rules):
        flag = _as_bool(value)
        if flag is not None:
            if name in FLAGS:
                s[name] = flag
            else:
                s = set_option(s, name, flag, rules)
    return s


def _as_int(value) -> int | None:
    if _int(value):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = value.strip()
        if text.lstrip("-").isdigit():
            return int(text)
    return None


def _as_bool(value) -> bool | None:
    if isinstance(value, bool):
        return value
    if value in ("true", "on", "1"):
        return True
    if value in ("false", "off", "0"):
        return False
    return None


def chosen(raw: str | None, name: str) -> bool:
    """Whether the saved string ``raw`` (``belote.v1``) holds a valid value for setting
    ``name`` (else the table may pick its own default, e.g. no sound with ?fast=1)."""
    if raw is None:
        return False
    try:
        saved = safejson.loads(raw)["settings"]  # guarded: a save 30,000 deep kills Pyodide
    except Exception:
        return False
    if not isinstance(saved, dict) or name not in saved:
        return False
    return clean({name: saved[name]})[name] == saved[name]
