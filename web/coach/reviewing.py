"""The hand review on the table: opened, run step by step in the bots' worker, cancelled,
continued, closed; "Practice from here" and "Learn from your mistakes" from it.

A review opens from the hand's summary, a row of the score sheet, or the replay viewer
(imported hands too). A finished review kept in the save shows at once; otherwise the worker
(web/bots_worker.py) is asked for one step at a time (``review_start``, then ``review_next``
until done: every expected cost, then every exact one), so the page never waits on the
analysis. Cancel stops asking (the step under way still comes and is kept: Continue goes on
from there); closing the panel cancels. The worker not up yet: the panel says so and waits
(it is started if it was off: ``?fast=1`` does not start it with the table).
"""

from __future__ import annotations

import json

from belote import RecordError, hand_record, replay
from belote.cards import CARD_NAMES
from web.app.effects import AskReview, Effects, Focus, StopReview, WaitWorker
from web.app.messages import Practise, ReviewAnswer, ReviewHand, WorkerState
from web.app.model import Model, Review
from web.coach import review as model_review
from web.coach.practice import start_practice, start_puzzles
from web.i18n.phrase import Words, phrase
from web.records import transfer
from web.records.dialogs import close_records
from web.table.changes import save, say


# --- opening and closing -------------------------------------------------------------------------
def open_sheet_hand(model: Model, msg: ReviewHand) -> Effects:
    record = transfer.hand_of_sheet(model.match, msg.number)
    if record is None:
        return []
    opener = f'[data-action="review-hand"][data-hand="{msg.number}"]'
    return open_review(model, record, msg.number, opener)


def open_from_viewer(model: Model) -> Effects:
    rp = model.session.records.replay
    if rp is None:
        return []
    return open_review(model, rp.record, rp.number, '[data-action="replay-review"]', True)


def open_review(model: Model, record: dict, number: int | None, opener: str | None,
                over_viewer: bool = False) -> Effects:
    """Show the review of the player's choices in ``record`` (hand ``number`` of the sheet,
    None for an imported one): the one kept if there is one, else start it."""
    effects = close(model, focus=False)
    try:
        full = replay(record, complete=False)
    except RecordError as error:  # checked when it was opened: should not happen
        say(model, phrase("error", reason=Words(str(error))), "illegal")
        return effects
    turned = CARD_NAMES[full.turned] if full.turned is not None else None
    # As the engine writes it (the viewer's record is): one key, whichever way it opened.
    state = model_review.State(hand_record(full), number, turned,
                               worlds=model.flags.review_worlds)
    kept = model_review.unpack(model.saved.reviews.get(state.key), record)
    review = Review(state, model.token(), opener, over_viewer)
    model.session.review = review
    effects.append(Focus("[data-review-actions] button"))
    if kept is not None:
        decisions, state.threshold = kept
        state.decisions = dict(enumerate(decisions))
        state.total = state.expected_done = state.exact_done = len(decisions)
        state.status, state.stored = "done", True
        model.saved.reviews = model_review.touch(model.saved.reviews, state.key)
        return effects + save(model)
    return effects + ask(model, review)


def close(model: Model, focus: bool = True) -> Effects:
    """Close the panel; a review still running stops (closing cancels)."""
    review = model.session.review
    if review is None:
        return []
    model.session.review = None
    effects: Effects = []
    if not review.state.finished and review.worker_id is not None:
        effects.append(StopReview(review.worker_id))
    if focus and review.opener:
        effects.append(Focus(review.opener, '[data-action="sheet"]'))
    return effects


def cancel(model: Model) -> Effects:
    """Stop asking the worker (the step under way is kept when it comes)."""
    review = model.session.review
    if review is None or review.state.status not in ("waiting", "running"):
        return []
    review.token = model.token()
    review.state.status = "cancelled"
    return [Focus('[data-action="review-continue"]')]


def resume(model: Model) -> Effects:
    review = model.session.review
    if review is None or review.state.status != "cancelled":
        return []
    review.state.status = "running" if review.worker_id is not None else "waiting"
    return [Focus('[data-action="review-cancel"]')] + ask(model, review)


def fail(model: Model, reason: str) -> Effects:
    """The review went wrong: it says so and stops."""
    review = model.session.review
    if review is not None:
        review.state.status, review.state.error = "failed", reason
        review.token = model.token()
    return []


# --- the worker ----------------------------------------------------------------------------------
def ask(model: Model, review: Review) -> Effects:
    """Go on asking the worker: wait for it to be up, start the review there, ask for its
    next step (a new run: any answer to an older one is kept but asks no more)."""
    review.token = model.token()
    if review.worker_id is None and review.state.status != "running":
        review.state.status = "waiting"
        return [WaitWorker(review.serial)]
    return _next(review)


def _next(review: Review) -> Effects:
    state = review.state
    if review.worker_id is None:
        args = (json.dumps(state.record), state.seat, state.worlds, model_review.SEED)
        return [AskReview(review.serial, review.token, "review_start", args)]
    return [AskReview(review.serial, review.token, "review_next", (review.worker_id,))]


def worker_state(model: Model, msg: WorkerState) -> Effects:
    """The bots' worker is up (or will not be): the review starts there, or says why not."""
    review = model.session.review
    if review is None or review.serial != msg.review or review.state.status != "waiting":
        return []
    if msg.state != "ready":
        review.state.status = "unavailable"
        return []
    review.state.status = "running"
    return _next(review)


def answered(model: Model, msg: ReviewAnswer) -> Effects:
    """A step's answer: a row appears (its expected cost) or gets its exact cost; the next
    step is asked unless the run was cancelled or the review is done."""
    review = model.session.review
    if review is None or review.serial != msg.review:
        return []  # closed, or another review opened: nothing to keep
    state = review.state
    data = _parse(msg.answer)
    if msg.method == "review_start":
        if data is None or not isinstance(data.get("id"), int) \
                or not isinstance(data.get("total"), int):
            return _failed(review, data, msg.answer, msg.worker)
        review.worker_id = data["id"]
        state.total = data["total"]
        threshold = data.get("threshold")
        state.threshold = threshold if isinstance(threshold, (int, float)) else None
        if state.total == 0:
            return finish(model, review)
    else:
        if data is None or data.get("id") != review.worker_id:
            if data is not None and data.get("error") == "no such review" \
                    and msg.token == review.token:
                return restart(model, review)  # another review took the worker meanwhile
            return _failed(review, data, msg.answer, msg.worker)
        apply_step(state, data)
        if state.finished:
            return finish(model, review)
    if msg.token != review.token:
        return []  # cancelled: this step is kept, the next one waits for Continue
    state.status = "running"
    return _next(review)


def restart(model: Model, review: Review) -> Effects:
    """The worker forgot this review (another one started there): start it again."""
    review.worker_id = None
    state = review.state
    state.decisions, state.total = {}, None
    state.expected_done = state.exact_done = 0
    return ask(model, review)


def _parse(answer) -> dict | None:
    if not isinstance(answer, str):
        return None
    try:
        data = json.loads(answer)
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def _failed(review: Review, data: dict | None, answer, worker: str) -> Effects:
    state = review.state
    if worker != "ready":
        state.status = "unavailable"
    else:
        state.status = "failed"
        state.error = str((data or {}).get("error") or answer or "?")[:200]
    review.worker_id = None
    return []


def apply_step(state: model_review.State, data: dict) -> None:
    """One step: a row appears (its expected cost) or gets its exact cost."""
    i, decision, part = data.get("i"), data.get("decision"), data.get("part")
    if not isinstance(i, int) or not isinstance(decision, dict) or state.total is None \
            or not 0 <= i < state.total:
        raise ValueError(f"the worker answered {str(data)[:120]}")
    state.decisions[i] = decision
    if part == "expected":
        state.expected_done = max(state.expected_done, i + 1)
    else:
        state.exact_done = max(state.exact_done, i + 1)


def finish(model: Model, review: Review) -> Effects:
    """Done: kept in the save (web/coach/review.py)."""
    state = review.state
    state.status = "done"
    review.worker_id = None
    packed = model_review.pack(state.ordered(), state.threshold or 0)
    model.saved.reviews = model_review.remember(model.saved.reviews, state.key, packed)
    return save(model)


# --- practice and puzzles ------------------------------------------------------------------------
def practise(model: Model, msg: Practise) -> Effects:
    """Play the deal again from choice ``msg.index``: the panel (and the viewer) close."""
    review = model.session.review
    if review is None or msg.index not in review.state.decisions:
        return []
    d = review.state.decisions[msg.index]
    record, number = review.state.record, review.state.number
    effects = close(model, focus=False) + close_records(model, focus=False)
    return effects + start_practice(model, record, d["phase"], d["index"], number)


def puzzles(model: Model) -> Effects:
    """"Learn from your mistakes": the review's graded choices as puzzles on the table
    (web/coach/puzzles.py); the panel (and the viewer) close."""
    review = model.session.review
    if review is None or review.state.status != "done":
        return []
    state = review.state
    record, number = state.record, state.number
    decisions, threshold = state.ordered(), state.threshold or 0.0
    effects = close(model, focus=False) + close_records(model, focus=False)
    return effects + start_puzzles(model, record, decisions, threshold, number)
