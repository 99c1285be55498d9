"""Your accuracy, hand by hand: asked of the bots' worker once each hand is over, kept, and
shown in the hand's summary and on the score sheet (belote/analysis/accuracy.py has the
formula; docs/coach.md "Accuracy").

Nothing here waits: a finished hand's record goes to the worker (effects.AskAccuracy: the
review's expected costs, then the formula, off the table's way), and its answer comes back as
a message (messages.Accuracy) that is kept by the hand's seed, unique to the hand.

localStorage key ``belote.v1.accuracy`` holds ``{"version": 1, "hands": {seed: accuracy or
null}, "matches": [...]}``: each hand's accuracy (null: the seat had no choice), the latest
:data:`KEPT`; and the latest :data:`MATCHES` finished matches, each ``{"rules": stats key,
"seeds": [its hands' seeds], "totals": [[the sides' totals after each hand], ...]}``, which the
statistics draw (web/coach/charts.py). :func:`load` never raises: it keeps what is well formed.
"""

from __future__ import annotations

import json

from belote import Match
from belote.analysis.accuracy import match_accuracy
from belote.deals import hand_seed
from web.app.effects import AskAccuracy, Effects, Store
from web.app.messages import Accuracy, ChartMatch
from web.app.model import HUMAN, Model
from web.storage import safejson
from web.storage import stats as stats_model

KEY = "belote.v1.accuracy"
VERSION = 1
KEPT = 400       # hands kept (the oldest go first)
MATCHES = 30     # finished matches kept


def load(raw: str | None) -> tuple[dict[str, float | None], list[dict]]:
    """The hands' accuracies and the finished matches kept under :data:`KEY`."""
    try:
        data = safejson.loads(raw) if raw else None
    except ValueError:
        data = None
    if not isinstance(data, dict) or data.get("version") != VERSION:
        return {}, []
    hands = data.get("hands")
    kept = {k: (float(v) if v is not None else None) for k, v in hands.items()
            if isinstance(k, str) and (v is None or _number(v) and 0 <= v <= 100)} \
        if isinstance(hands, dict) else {}
    matches = data.get("matches")
    return kept, [m for m in matches if _match(m)][-MATCHES:] if isinstance(matches, list) \
        else []


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _match(entry) -> bool:
    if not isinstance(entry, dict) or not stats_model.valid_key(entry.get("rules")):
        return False
    seeds, totals = entry.get("seeds"), entry.get("totals")
    return (isinstance(seeds, list) and all(isinstance(x, str) for x in seeds)
            and isinstance(totals, list) and len(totals) == len(seeds)
            and all(isinstance(row, list) and 2 <= len(row) <= 3 and all(map(_number, row))
                    for row in totals))


def dump(hands: dict[str, float | None], matches: list[dict]) -> str:
    return json.dumps({"version": VERSION, "hands": hands, "matches": matches},
                      separators=(",", ":"))


def store(model: Model) -> Effects:
    return [Store(KEY, dump(model.saved.accuracy, model.saved.matches))]


def follow(model: Model, raw: str) -> None:
    """Another tab wrote ``raw`` under :data:`KEY`: what it measured and kept joins what this
    tab did, so that neither tab's next write loses the other's."""
    kept = model.saved
    hands, matches = load(raw)
    kept.accuracy = {**hands, **{k: v for k, v in kept.accuracy.items() if k not in hands}}
    while len(kept.accuracy) > KEPT:
        del kept.accuracy[next(iter(kept.accuracy))]
    kept.matches = [*matches, *(m for m in kept.matches if m not in matches)][-MATCHES:]


def record_match(model: Model) -> Effects:
    """A counted match is over: keep its hands (their seeds) and its totals hand by hand."""
    m = model.match
    rows = [e for e in m.sheet if e.get("totals")]
    entry = {"rules": stats_model.key(m.rules.name, m.players),
             "seeds": [hand_seed(m.rules.name, m.players, m.seed, e["hand"] - 1) for e in rows],
             "totals": [list(e["totals"]) for e in rows]}
    model.saved.matches = [*model.saved.matches, entry][-MATCHES:]
    return store(model)


def charted(model: Model) -> list[dict]:
    """The matches whose totals the statistics may draw, oldest first: those kept, then the
    one on the table (its hands so far), unless it is the latest kept."""
    m, kept = model.match, model.saved.matches
    totals = [list(e["totals"]) for e in m.sheet if e.get("totals")]
    here = {"rules": stats_model.key(m.rules.name, m.players), "totals": totals}
    return [*kept, here] if totals and (not kept or kept[-1]["totals"] != totals) else kept


def charted_at(model: Model, count: int) -> int:
    """The index of the match the totals chart draws among ``count`` (the latest at first)."""
    at = model.session.chart_match
    return count - 1 if at is None or not 0 <= at < count else at


def step_chart(model: Model, msg: ChartMatch) -> Effects:
    """The totals chart draws the match ``msg.step`` away."""
    count = len(charted(model))
    model.session.chart_match = max(0, min(count - 1, charted_at(model, count) + msg.step))
    return []


def match_value(model: Model, entry: dict) -> float | None:
    """A kept match's accuracy: the mean of its measured hands' (None: none measured)."""
    values = [model.saved.accuracy.get(seed) for seed in entry["seeds"]]
    return match_accuracy(v for v in values if v is not None)


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
    return store(model)


def of_hand(model: Model, match: Match, number: int) -> float | None | str:
    """Hand ``number`` (from 1) of ``match``: its accuracy, None (no choice), or "" (not
    measured yet)."""
    key = hand_seed(match.rules.name, match.players, match.seed, number - 1)
    return model.saved.accuracy.get(key, "")


def of_sheet(model: Model) -> dict[int, float | None | str]:
    """The accuracy of each hand played out on the match's score sheet (not those thrown in),
    and ``0``: the match's (the mean of its measured hands')."""
    m = model.match
    rows = {e["hand"]: of_hand(model, m, e["hand"]) for e in m.sheet if e.get("totals")}
    measured_ = [v for v in rows.values() if v != ""]
    rows[0] = match_accuracy(v for v in measured_ if not isinstance(v, str)) \
        if measured_ else ""
    return rows
