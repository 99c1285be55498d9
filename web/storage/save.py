"""The saved state (docs/saves.md), as pure functions on strings.

localStorage key ``belote.v1`` holds ``{"version": 1, "settings": {...}, "match":
<Match.to_dict()>, "stats": {...}}``, and ``"reviews": {...}`` once a hand has been reviewed
(finished hand reviews, :mod:`web.review`; a cache: what is malformed in it is dropped
silently and computed again when asked for).

:func:`decode` never raises: whatever it is given (30,000 ``[``, 5 MB, not JSON, another
shape or version, a match that does not replay), it returns what could be kept (settings and
statistics are salvaged field by field, and each part of the save apart from the others) and
what was lost, to tell the player; the caller (:mod:`web.controller`) then has the raw string
copied to ``belote.v1.broken`` and starts afresh what was lost. The browser side (reading and
writing localStorage) is in :mod:`web.table`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from belote import Match, RecordError
from web.coach import review as review_model
from web.i18n import LANGUAGES
from web.i18n.phrase import Joined, Words, phrase
from web.storage import safejson
from web.storage import settings as settings_model
from web.storage import stats as stats_model

KEY = "belote.v1"
BROKEN_KEY = "belote.v1.broken"
TAB_KEY = "belote.v1.tab"  # the id of the tab that plays: another tab taking over writes it
# The table as last drawn (encode_paint), which web/boot.js puts on screen before Python runs.
PAINT_KEY = "belote.v1.paint"
PAINT_VERSION = 1
PAINT_MAX = 400_000  # characters; web/boot.js ignores (and removes) a longer one
PAINT_TAIL = 64      # the save's last characters, kept with the paint to match it
VERSION = 1
LEVELS = settings_model.LEVELS
# "language" (a code of web.i18n.LANGUAGES) is saved only once the player has chosen one; until
# then the table speaks the browser's language.


def clean_settings(data) -> dict:
    """Settings with every field valid, field by field (web/storage/settings.py: unknown or bad
    values fall back to the defaults, an older shape is migrated); and the chosen language."""
    out = settings_model.clean(data)
    if not isinstance(data, dict):
        return out
    if isinstance(data.get("language"), str) and data["language"] in LANGUAGES:
        out["language"] = data["language"]
    return out


def clean_stats(data) -> dict:
    """Every well-formed entry, older ones migrated (web/storage/stats.py)."""
    return stats_model.clean(data)


def record_result(stats: dict, rules: str, players: int, won: bool,
                  helped: bool = False) -> dict:
    return stats_model.record_match(stats, rules, players, won, helped)


@dataclass
class Loaded:
    """What :func:`decode` could keep. ``problem`` is None, or why the match (or the whole save)
    was lost: ``"not readable"``, ``"too big"`` (``detail``: its length), ``"nested"`` (too
    deeply), ``"version"`` or ``"inconsistent"`` (the engine's words in ``detail``). ``lost``
    names the parts that were unreadable and start afresh (``"settings"``, ``"stats"``) while
    the rest was kept. When either is set, the raw string must be set aside under BROKEN_KEY."""

    settings: dict = field(default_factory=settings_model.defaults)
    stats: dict = field(default_factory=dict)
    match: Match | None = None
    reviews: dict = field(default_factory=dict)
    problem: str | None = None
    detail: str = ""
    lost: list[str] = field(default_factory=list)

    @property
    def set_aside(self) -> bool:
        return bool(self.problem or self.lost)


_UNREADABLE = object()  # a member of the save too deep to parse


def _parse(raw: str, loaded: Loaded):
    """The saved object, or None with ``loaded.problem`` set. The size and depth guards come
    before any parsing (web/storage/safejson.py); a save too deep in one member keeps the others."""
    try:
        return safejson.loads(raw)
    except safejson.TooBig:
        loaded.problem, loaded.detail = "too big", str(len(raw))
    except safejson.TooDeep:
        parts = safejson.members(raw)
        if parts is None:
            loaded.problem = "nested"
            return None
        data = {}
        for name, text in parts.items():
            try:
                data[name] = safejson.loads(text)
            except ValueError:
                data[name] = _UNREADABLE
        return data
    except ValueError:
        loaded.problem = "not readable"
    return None


def decode(raw: str | None) -> Loaded:
    """The state in a saved string; never raises, whatever the string."""
    loaded = Loaded()
    if raw is None or raw == "":
        return loaded
    data = _parse(raw, loaded)
    if loaded.problem:
        return loaded
    if not isinstance(data, dict):
        loaded.problem = "not readable"
        return loaded
    if data.get("version") != VERSION:
        # No older version of the save exists, so there is nothing to migrate from.
        loaded.problem = "version"
        return loaded
    for part in ("settings", "stats"):
        value = data.get(part)
        if value is not None and not isinstance(value, dict):  # unreadable, or not an object
            loaded.lost.append(part)
    loaded.settings = clean_settings(data.get("settings"))
    loaded.stats = clean_stats(data.get("stats"))
    loaded.reviews = review_model.clean_store(data.get("reviews"))
    match = data.get("match")
    if match is None:
        return loaded
    if match is _UNREADABLE:
        loaded.problem = "nested"
        return loaded
    try:
        loaded.match = Match.from_dict(match)
    except RecordError as error:
        loaded.problem, loaded.detail = "inconsistent", str(error)
    except Exception as error:  # any other surprise in a hand-edited save
        loaded.problem, loaded.detail = "inconsistent", type(error).__name__
    return loaded


def encode(settings: dict, match: Match | None, stats: dict,
           reviews: dict | None = None) -> str:
    data = {"version": VERSION, "settings": settings,
            "match": match.to_dict() if match is not None else None, "stats": stats}
    if reviews:
        data["reviews"] = reviews
    return json.dumps(data, separators=(",", ":"))


def problem_phrase(loaded: Loaded) -> Joined:
    """What to tell the player about a save that could not be used (whole or in part), as
    words kept in a model (said in the language of the moment)."""
    out: list[object] = []
    if loaded.problem == "version":
        out.append(phrase("save.version"))
    elif loaded.problem:
        reason: object = {"not readable": phrase("save.unreadable"),
                          "nested": phrase("import.nested"),
                          "too big": phrase("save.too_big", size=loaded.detail),
                          }.get(loaded.problem)
        if reason is None:
            reason = phrase("import.inconsistent")
            if loaded.detail:  # the engine's own words: technical, in English
                reason = Joined((reason, Words(f"({loaded.detail})")))
        out.append(phrase("save.broken", reason=reason))
    if "settings" in loaded.lost:
        out.append(phrase("save.settings_lost"))
    if "stats" in loaded.lost:
        out.append(phrase("save.stats_lost"))
    return Joined(tuple(out))


def encode_paint(regions: dict[str, str], attributes: dict[str, str],
                 save: str | None) -> str | None:
    """The table as drawn, for web/boot.js to show at once on the next visit (docs/saves.md,
    "The first paint"): each region's HTML and <main>'s attributes (``data-phase`` as
    ``data-painted-phase``: the page stays ``loading`` until Python draws), with the save it
    goes with (its length and last characters: web/boot.js shows the paint only beside that
    very save). None when there is no save or the paint would pass PAINT_MAX."""
    if not save:
        return None
    text = json.dumps({"version": PAINT_VERSION, "save": [len(save), save[-PAINT_TAIL:]],
                       "attributes": attributes, "regions": regions}, separators=(",", ":"),
                      ensure_ascii=False)
    return text if len(text) <= PAINT_MAX else None
