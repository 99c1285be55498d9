"""The bots' own Python, in a Web Worker (PyScript ``PyWorker``, started by web/ai.py where the
page cannot host their full search: no JSPI; and for the hand review).

The table (web/ai.py) sends a seat's view as JSON and gets an action back, so the Expert can
search for its whole time budget while the page keeps drawing and answering. Plain strings both
ways: a dict would cross as a JsProxy.

The hand review (belote.analysis, web/coach/reviewing.py) runs here too, one step per call, so that
the page stays free and the review can stop between two steps (meanwhile the bots think on the
page: web/ai.py ``review_step``):

- ``review_start(record_json, seat, worlds, seed)``: replays the record and finds the seat's
  choices; answers ``{"id", "total", "threshold", "moments": [[phase, index, played], ...]}``
  or ``{"error": why}``. It replaces any review already here.
- ``review_next(id)``: the next step of :meth:`belote.analysis.Review.staged` (every expected
  cost first, then every exact one): ``{"id", "part": "expected"|"exact", "i", "decision",
  "done", "ms"}``, or ``{"error": why}`` (another review started meanwhile, or it failed).
- ``review_stop(id)``: forget it (cancelled). A step in progress cannot be interrupted: the
  page just stops asking.
"""

import json
import time

from web.snapshot import settle

# Started from the memory snapshot (web/runtime.mjs)? Its modules must be this zip's.
BOOT = settle()

from belote.bots import hint  # noqa: E402
from web.bot_pool import TIME_BUDGET, BotPool  # noqa: E402

# Seconds of search per Expert decision here: the page is not blocked (web/bot_pool.py).
_bots = BotPool(TIME_BUDGET)
_review: dict = {}   # the review in progress: "id", "review", "steps"
_last_id = 0


def choose(level, seat, view_json, seed=""):
    """A bot's action; with a ``seed``, a daily hand's bot (belote.daily.Daily.bot: it
    searches a fixed amount, so it answers alike made afresh)."""
    if seed:
        from belote.bots.fixed import fixed_bot

        return fixed_bot(str(level), str(seed)).choose(json.loads(view_json))
    return _bots.get(str(level), int(seat)).choose(json.loads(view_json))


def hand_accuracy(record_json, seat):
    """A seat's accuracy in a finished hand (belote.analysis.accuracy): the review's expected
    costs with 32 deals per choice, then the formula; ``{"accuracy": x or null}``."""
    from belote.analysis.accuracy import expected_decisions
    from belote.analysis.accuracy import hand_accuracy as formula

    try:
        record = json.loads(str(record_json))
        decisions = list(expected_decisions(record, int(seat)))
        return json.dumps({"accuracy": formula(record, decisions)})
    except Exception as error:
        return json.dumps({"error": repr(error)})


def daily_expert(date, number):
    """The Expert's line on hand ``number`` of ``date``'s daily deal: its hand record, JSON."""
    from belote.daily import daily

    try:
        return json.dumps(daily(str(date)).expert_record(int(number)))
    except Exception as error:
        return json.dumps({"error": repr(error)})


def suggest(view_json):
    return hint(json.loads(view_json), time_budget=TIME_BUDGET)


def review_start(record_json, seat, worlds, seed):
    global _last_id
    from belote.analysis import Review  # loaded with the first review, not with the bots

    _review.clear()
    try:
        review = Review(json.loads(str(record_json)), int(seat), max(1, int(worlds)), str(seed))
    except Exception as error:  # a record that does not replay: say why, in the engine's words
        return json.dumps({"error": str(error) or type(error).__name__})
    _last_id += 1
    _review.update(id=_last_id, review=review, steps=review.staged())
    from belote.analysis import mistake_threshold

    return json.dumps({"id": _last_id, "total": review.total,
                       "threshold": mistake_threshold(review.rules),
                       "moments": [[m.phase, m.index, m.played] for m in review.moments]})


def review_next(review_id):
    if not _review or _review["id"] != int(review_id):
        return json.dumps({"error": "no such review"})
    start = time.perf_counter()
    try:
        part, i, decision = next(_review["steps"])
    except StopIteration:
        return json.dumps({"error": "the review is over"})
    except Exception as error:
        _review.clear()
        return json.dumps({"error": repr(error)})
    review = _review["review"]
    done = review.done
    if done:
        _review.clear()
    return json.dumps({"id": int(review_id), "part": part, "i": i, "decision": decision,
                       "done": done, "ms": round(1000 * (time.perf_counter() - start))})


def review_stop(review_id):
    if _review and _review["id"] == int(review_id):
        _review.clear()
    return "stopped"


def boot():
    """How this worker's Python started: snapshot, snapshot-stale or plain (web/snapshot.py)."""
    return BOOT


__export__ = ["choose", "suggest", "review_start", "review_next", "review_stop", "boot",
              "daily_expert", "hand_accuracy"]
