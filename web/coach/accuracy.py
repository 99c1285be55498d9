"""Your accuracy, hand by hand: asked of the bots' worker once each hand is over, kept, and
shown in the hand's summary and on the score sheet (belote/analysis/accuracy.py has the
formula; docs/coach.md "Accuracy").

Nothing here waits: a finished hand's record goes to the worker (effects.AskAccuracy: the
review's expected costs, then the formula, off the table's way), and its answer comes back as
a message (messages.Accuracy) that is kept by the hand's seed, unique to the hand. localStorage
key ``belote.v1.accuracy`` holds ``{"version": 1, "hands": {seed: accuracy or null}}`` (null:
the seat had no choice), the latest :data:`KEPT`; :func:`load` never raises.
"""

from __future__ import annotations

import json

from belote import Match
from belote.analysis.accuracy import match_accuracy
from belote.deals import hand_seed
from web.app.effects import AskAccuracy, Effects, Store
from web.app.messages import Accuracy
from web.app.model import HUMAN, Model
from web.storage import safejson

KEY = "belote.v1.accuracy"
VERSION = 1
KEPT = 400       # hands kept (the oldest go first)


def load(raw: str | None) -> dict[str, float | None]:
    try:
        data = safejson.loads(raw) if raw else None
    except ValueError:
        data = None
    if not isinstance(data, dict) or data.get("version") != VERSION \
            or not isinstance(data.get("hands"), dict):
        return {}
    return {k: (float(v) if v is not None else None) for k, v in data["hands"].items()
            if isinstance(k, str) and (v is None or isinstance(v, (int, float))
                                       and not isinstance(v, bool) and 0 <= v <= 100)}


def dump(hands: dict[str, float | None]) -> str:
    return json.dumps({"version": VERSION, "hands": hands}, separators=(",", ":"))


def ask(model: Model) -> Effects:
    """The hand on the table is over: ask for the player's accuracy in it (once)."""
    m = model.match
    record = m.hand_record()
    key = record.get("seed")
    if not isinstance(key, str) or key in model.saved.accuracy:
        return []
    return [AskAccuracy(key, record, HUMAN)]


def measured(model: Model, msg: Accuracy) -> Effects:
    """The worker's answer: kept (none kept when it failed: asked again next time)."""
    if msg.failed or model.session.passive:
        return []
    hands = model.saved.accuracy
    hands.pop(msg.key, None)
    hands[msg.key] = None if msg.value is None else round(msg.value, 1)
    while len(hands) > KEPT:
        del hands[next(iter(hands))]
    return [Store(KEY, dump(hands))]


def of_hand(model: Model, match: Match, number: int) -> float | None | str:
    """Hand ``number`` (from 1) of ``match``: its accuracy, None (no choice), or "" (not
    measured yet)."""
    key = hand_seed(match.rules.name, match.players, match.seed, number - 1)
    return model.saved.accuracy.get(key, "")


def of_sheet(model: Model) -> dict[int, float | None | str]:
    """The accuracy of each hand on the match's score sheet, and ``0``: the match's (the mean
    of its measured hands')."""
    m = model.match
    rows = {e["hand"]: of_hand(model, m, e["hand"]) for e in m.sheet}
    measured_ = [v for v in rows.values() if v != ""]
    rows[0] = match_accuracy(v for v in measured_ if not isinstance(v, str)) \
        if measured_ else ""
    return rows
