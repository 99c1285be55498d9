"""The daily deal's try and its storage: what a daily hand's bots are, the Expert's line
asked for once a hand is over, the comparison kept.

localStorage key ``belote.v1.daily`` holds ``{"version": 1, "history": {date: {"rules",
"hands"}}, "run": {...}}``: the first tries (belote/streak.py) and the try under way, which a
reload goes on with (its match, the finished hands' comparisons, the Expert's records).
:func:`load` never raises: a part that is not well formed is dropped (a broken history keeps
its well-formed days, a broken try is forgotten).
"""

from __future__ import annotations

import json

from belote import Match, RecordError
from belote.daily import LEVEL, compare, daily, mark
from belote.streak import add_hand, clean
from web.app.effects import AskExpert, Effects, Store
from web.app.model import DailyRun, Model, Said
from web.i18n.phrase import phrase
from web.storage import safejson

__all__ = ["KEY", "LEVEL", "bot_seed", "compared", "dump", "follow", "hand_over", "load",
           "store"]

KEY = "belote.v1.daily"
VERSION = 1


# --- storage -------------------------------------------------------------------------------------
def load(raw: str | None) -> tuple[dict, DailyRun | None]:
    """The history and the try kept under :data:`KEY` (an empty history, no try, for anything
    unreadable)."""
    try:
        data = safejson.loads(raw) if raw else None
    except ValueError:
        data = None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return {}, None
    try:
        run = _run(data.get("run"))
    except Exception:  # any shape at all may be stored: a try that does not load is dropped
        run = None
    return clean(data.get("history")), run


def _run(data) -> DailyRun | None:
    if not isinstance(data, dict):
        return None
    day = daily(data["date"])
    number = data["number"]
    if not isinstance(number, int) or not 1 <= number <= day.hands:
        return None
    match = Match.from_dict(data["match"])
    if match.seed != day.seed(number) or match.rules.name != day.rules or match.players != 4:
        return None
    rows = [_row(i + 1, r) for i, r in enumerate(data.get("rows") or [])]
    if len(rows) not in (number - 1, number):
        return None
    experts = {int(n): r for n, r in (data.get("experts") or {}).items()
               if str(n).isdigit() and isinstance(r, dict)}
    return DailyRun(day, number, match, data.get("counts") is True, rows, experts,
                    playing=data.get("playing") is True)


def _row(number: int, row) -> dict:
    """A finished hand's comparison as stored, checked (its difference and mark recomputed)."""
    you, expert = row["you"], row["expert"]
    if not all(isinstance(x, int) and not isinstance(x, bool) for x in (you, expert)):
        raise ValueError("not a comparison")
    return {"hand": number, "you": you, "expert": expert, "difference": you - expert,
            "mark": mark(you - expert)}


def dump(history: dict, run: DailyRun | None) -> str:
    kept = None if run is None else {
        "date": run.day.date, "number": run.number, "counts": run.counts,
        "match": run.match.to_dict(), "rows": run.rows,
        "experts": {str(n): r for n, r in run.experts.items()}, "playing": run.playing}
    return json.dumps({"version": VERSION, "history": history, "run": kept},
                      separators=(",", ":"))


def store(model: Model) -> Effects:
    """Keep the history and the try, when they changed (not from a tab whose game another
    one plays)."""
    s = model.session
    text = dump(model.saved.history, model.saved.daily)
    if s.passive or text == s.daily_saved:
        return []
    s.daily_saved = text
    return [Store(KEY, text)]


def follow(model: Model, raw: str) -> bool:
    """Another tab wrote ``raw`` under :data:`KEY`: its history and try are followed here, so
    that this tab never writes a stale one over them. Whether the try is on this tab's table
    stays this tab's; True when it was (its hand is another tab's now: this one stops)."""
    s, kept = model.session, model.saved
    if raw == s.daily_saved:
        return False
    mine = kept.daily
    playing = mine is not None and mine.playing
    kept.history, run = load(raw)
    if run is not None:
        run.playing, run.aside = playing, mine.aside if mine is not None else None
    kept.daily, s.daily_saved = run, raw
    return playing


# --- the table's turns in a daily hand -----------------------------------------------------------
def bot_seed(model: Model, seat: int) -> str:
    """The seed of the daily hand's bot at ``seat`` (belote.daily.Daily.bot), "" when no
    daily hand is on the table."""
    run = model.daily
    return "" if run is None else f"{run.day.seed(run.number)}/{seat}"


def hand_over(model: Model) -> Effects:
    """The daily hand on the table is over: compare it with the Expert's line, asked for
    first (the same for every player: kept once had)."""
    run = model.daily
    if run is None or len(run.rows) >= run.number:
        return []
    if run.number not in run.experts:
        run.asking = model.token()
        return [AskExpert(run.asking, run.day.date, run.number)] + store(model)
    return compared(model)


def compared(model: Model) -> Effects:
    """The hand's comparison with the Expert's line (and, in a try that counts, the day's
    history), kept."""
    run = model.daily
    if run is None or len(run.rows) >= run.number or run.number not in run.experts \
            or run.match.phase not in ("hand-over", "match-over"):
        return []
    try:
        row = compare(run.day, run.number, run.match.hand_record(), run.experts[run.number])
    except (RecordError, ValueError):  # a kept Expert's line that is not that hand's
        del run.experts[run.number]
        model.session.message = Said(phrase("daily.expert-failed"), "illegal")
        return store(model)
    run.rows.append(row)
    if run.counts:
        model.saved.history = add_hand(model.saved.history, run.day.date, row)
    return store(model)
