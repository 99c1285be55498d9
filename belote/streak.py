"""The daily deal's history and streak: pure functions over the results the page stores.

The history maps each UTC date (``"2026-12-24"``) to the player's first try at that day's deal
(:mod:`belote.daily`), and only that one::

    {"2026-12-24": {"rules": "coinche", "hands": [[38, 78], [0, 0], [120, 80], [62, 42]]}}

``hands`` holds, per hand finished so far, your side's margin and the Expert's
(:func:`belote.daily.compare`'s ``you`` and ``expert``). A try counts only when it is the
day's first and is begun on that very day (:func:`begin`): a past day, or today's again, can
be played for practice, but is never stored. The day is the UTC date wherever the player is
(:func:`belote.daily.utc_date`), so a try begun at 23:50 UTC counts for that date even when it
ends after midnight. Nothing here reads a clock: ``today``
is always given.
"""

from __future__ import annotations

from .daily import HANDS, Daily, mark, parse_date

History = dict[str, dict]


def begin(history: History, day: Daily, today: str) -> tuple[History, bool]:
    """Start a try at ``day``'s deal on the UTC date ``today``: ``(history, counts)``. It
    counts when ``day`` is today's and has no try yet; the history then holds it, with no
    hand yet. Otherwise it is practice and the history is unchanged."""
    if day.date != parse_date(today).isoformat() or day.date in history:
        return history, False
    return {**history, day.date: {"rules": day.rules, "hands": []}}, True


def add_hand(history: History, date: str, comparison: dict) -> History:
    """The history with a finished hand of ``date``'s counted try (:func:`belote.daily.compare`:
    its ``hand`` number, ``you`` and ``expert``); unchanged when that day has no try under way
    or the hand is not the next one (a practice hand, or one already counted)."""
    entry = history.get(date)
    if entry is None or comparison.get("hand") != len(entry["hands"]) + 1 \
            or len(entry["hands"]) >= HANDS:
        return history
    hands = [*entry["hands"], [comparison["you"], comparison["expert"]]]
    return {**history, date: {**entry, "hands": hands}}


def finished(entry: dict) -> bool:
    """Whether a day's try has all its hands."""
    return len(entry["hands"]) == HANDS


def streak(history: History, today: str) -> dict:
    """``{"current": n, "best": m}``: the days in a row with a finished first try, ending
    today (or yesterday, while today's deal is still to play), and the longest run ever."""
    days = sorted(parse_date(d).toordinal() for d, entry in history.items()
                  if finished(entry))
    best = run = 0
    previous = None
    for day in days:
        run = run + 1 if previous == day - 1 else 1
        best = max(best, run)
        previous = day
    played = set(days)
    day = parse_date(today).toordinal()
    if day not in played:
        day -= 1
    current = 0
    while day in played:
        current += 1
        day -= 1
    return {"current": current, "best": best}


def days(history: History) -> list[dict]:
    """Every day's try, the latest first, as :func:`belote.daily.day_result` gives it plus
    ``finished``: what the statistics list and draw."""
    out = []
    for date in sorted(history, reverse=True):
        entry = history[date]
        hands = [{"hand": i + 1, "you": you, "expert": expert, "difference": you - expert,
                  "mark": mark(you - expert)} for i, (you, expert) in enumerate(entry["hands"])]
        out.append({"date": date, "rules": entry["rules"], "hands": hands,
                    "total": sum(h["difference"] for h in hands), "finished": finished(entry)})
    return out


def clean(data) -> History:
    """The well-formed days of a stored history (anything else is dropped; never raises)."""
    if not isinstance(data, dict):
        return {}
    out: History = {}
    for date, entry in data.items():
        try:
            day = parse_date(date).isoformat()
        except ValueError:
            continue
        if day != date or not isinstance(entry, dict):
            continue
        rules, hands = entry.get("rules"), entry.get("hands")
        if not isinstance(rules, str) or not isinstance(hands, list) or len(hands) > HANDS \
                or not all(_pair(h) for h in hands):
            continue
        out[date] = {"rules": rules, "hands": [list(h) for h in hands]}
    return out


def _pair(hand) -> bool:
    return isinstance(hand, list) and len(hand) == 2 and all(
        isinstance(x, (int, float)) and not isinstance(x, bool) for x in hand)


__all__ = ["History", "add_hand", "begin", "clean", "days", "finished", "streak"]
