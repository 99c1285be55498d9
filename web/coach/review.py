"""The hand review's pure side: what a review is while it runs, how a finished one is stored,
and its HTML (the browser side, the worker's calls and the practice are in
:mod:`web.review_panel`).

The analysis itself is the engine's (:class:`belote.analysis.Review`, run in the bots' worker
one step at a time: web/bots_worker.py): for each real choice of the seat, the Expert's choice,
the expected cost over ``worlds`` deals that fit what the seat knew, the exact cost in the real
deal, and whether it is a mistake. Nothing is decided here.

A finished review is kept in the save (``belote.v1``, member ``reviews``, :func:`clean_store`)
under :func:`key` (the hand record's hash, the seat, the deals per choice), at most
:data:`MAX_STORED` of them, the least recently used dropped first, in a compact form
(:func:`pack`, about 50 characters a choice). One that does not fit its record is ignored
(:func:`unpack`) and computed again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from belote.rules import RULE_SETS
from web.app.markup import attr, escape
from web.coach import puzzles, reasons
from web.i18n import card_label, count, t
from web.i18n.phrase import Phrase, phrase
from web.table import words

WORLDS = 32        # sampled deals per choice (the command line's default)
SEED = "0"         # the command line's default seed: `python -m belote analyze` agrees
MAX_STORED = 40    # finished reviews kept in the save
STORE_VERSION = 2   # 2: each choice's margin, grade, reason and luck note
GRADES = (None, "inaccuracy", "mistake", "blunder")
LUCK = (None, "gamble", "unlucky")
PHASE_CODE = {"auction": "a", "play": "p"}
PHASES = {code: phase for phase, code in PHASE_CODE.items()}
STATUSES = ("waiting", "running", "done", "cancelled", "unavailable", "failed")


def key(record: dict, seat: int, worlds: int = WORLDS) -> str:
    """Where the review of ``seat`` in ``record`` is kept: the record's hash, seat, deals."""
    import hashlib  # here, not at the page's plain start: only a review needs it

    text = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return f"{hashlib.sha256(text.encode()).hexdigest()[:20]}:{seat}:{worlds}"


# --- storage ------------------------------------------------------------------------------------
def pack(decisions: list[dict], threshold: float) -> dict:
    """A finished review as stored: ``{"v", "t": threshold, "d": [[phase, index, played, best,
    expected, exact, deals, best exact, mistake 0|1, margin, grade, reason, luck, options],
    ...]}``; ``options``: each option valued and its expected cost, ``[[word, cost], ...]`` (a
    review stored before they were kept has no such column)."""
    return {"v": STORE_VERSION, "t": threshold,
            "d": [[PHASE_CODE[d["phase"]], d["index"], d["played"], d["best"], d["cost_expected"],
                   d["cost_exact"], d["worlds"], d["best_exact"], int(bool(d["mistake"])),
                   d.get("margin", 0.0), d.get("grade"), d.get("reason"), d.get("luck"),
                   [[w, c] for w, c in (d.get("options") or {}).items()]]
                  for d in decisions]}


def _number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and x == x \
        and abs(x) < 1e6


def _options(x) -> bool:
    return isinstance(x, list) and len(x) <= 40 and all(
        isinstance(o, list) and len(o) == 2 and _word(o[0]) and _number(o[1]) for o in x)


def _word(x) -> bool:
    return isinstance(x, str) and 0 < len(x) <= 20


def _reason(x) -> bool:
    """A reason as the engine gives it: a code and a few words or numbers."""
    if x is None:
        return True
    return isinstance(x, dict) and len(x) <= 10 and _word(x.get("code")) and all(
        _word(k) and (_word(v) or _number(v)) for k, v in x.items())


def _well_formed(stored) -> bool:
    if not isinstance(stored, dict) or stored.get("v") != STORE_VERSION:
        return False
    rows = stored.get("d")
    if not _number(stored.get("t")) or not isinstance(rows, list) or len(rows) > 64:
        return False
    for r in rows:
        if not (isinstance(r, list) and len(r) in (13, 14) and r[0] in PHASES
                and isinstance(r[1], int) and not isinstance(r[1], bool) and 0 <= r[1] < 64
                and _word(r[2]) and _word(r[3]) and _number(r[4]) and _number(r[5])
                and isinstance(r[6], int) and not isinstance(r[6], bool) and r[6] >= 0
                and _word(r[7]) and r[8] in (0, 1) and _number(r[9]) and r[10] in GRADES
                and _reason(r[11]) and r[12] in LUCK and (len(r) == 13 or _options(r[13]))):
            return False
    return True


def unpack(stored, record: dict) -> tuple[list[dict], float] | None:
    """The decisions and the mistake threshold of a stored review, if it is well formed and
    fits ``record`` (each choice names the record's own bid or card at its place); else None."""
    if not _well_formed(stored):
        return None
    decisions = []
    for (code, index, played, best, expected, exact, worlds, best_exact, mistake, margin, grade,
         reason, luck, *rest) in stored["d"]:
        phase = PHASES[code]
        said = record.get("auction" if phase == "auction" else "play")
        if not isinstance(said, list) or index >= len(said) or said[index] != played:
            return None
        decisions.append({"phase": phase, "index": index, "played": played, "best": best,
                          "cost_expected": expected, "cost_exact": exact, "worlds": worlds,
                          "best_exact": best_exact, "mistake": bool(mistake),
                          "margin": margin, "grade": grade, "reason": reason, "luck": luck,
                          "options": {w: c for w, c in rest[0]} if rest else {}})
    return decisions, stored["t"]


def clean_store(data) -> dict:
    """The well-formed stored reviews of a save (any other shape: none; never raises)."""
    if not isinstance(data, dict):
        return {}
    kept = {k: v for k, v in data.items()
            if isinstance(k, str) and len(k) <= 40 and _well_formed(v)}
    return dict(list(kept.items())[-MAX_STORED:])


def remember(store: dict, review_key: str, packed: dict) -> dict:
    """``store`` with ``packed`` kept under ``review_key`` as the most recent one."""
    out = {k: v for k, v in store.items() if k != review_key}
    out[review_key] = packed
    return dict(list(out.items())[-MAX_STORED:])


def touch(store: dict, review_key: str) -> dict:
    """``store`` with the review under ``review_key`` (if any) made the most recent."""
    return remember(store, review_key, store[review_key]) if review_key in store else store


# --- a review in the page -----------------------------------------------------------------------
@dataclass
class State(puzzles.OfRecord):
    """One review in the panel: the hand, and what has come of it so far."""

    record: dict
    number: int | None          # the hand's number on the score sheet (None: imported)
    turned: str | None = None   # the turned card (how "take" reads)
    seat: int = 0
    worlds: int = WORLDS
    status: str = "waiting"     # one of STATUSES
    total: int | None = None    # the seat's choices, once the worker has replayed the hand
    threshold: float | None = None
    decisions: dict[int, dict] = field(default_factory=dict)  # i -> decision (exact: None)
    expected_done: int = 0
    exact_done: int = 0
    error: str = ""
    stored: bool = False        # shown from the save, not computed now

    @property
    def key(self) -> str:
        return key(self.record, self.seat, self.worlds)

    @property
    def finished(self) -> bool:
        return self.total is not None and self.exact_done == self.total

    def ordered(self) -> list[dict]:
        return [self.decisions[i] for i in sorted(self.decisions)]


def digits(rules: str) -> int:
    """Decimals the rule set's score shows (Bulgarian counts in tenths of game points)."""
    cls = RULE_SETS.get(rules)
    return 0 if cls is None or cls.score_scale >= 1 else 1


def points(x: float, rules: str) -> str:
    """``18 points``, ``2,4 points`` in the current language."""
    return count("count.points", x, digits(rules))


def summary(state: State) -> str:
    """The one-line total: ``2 mistakes, 18 points`` (the expected costs of the mistakes),
    ``No mistakes``; empty until every expected cost is in."""
    if state.total is None or state.expected_done < state.total:
        return ""
    mistakes = [d for d in state.ordered() if d["mistake"]]
    if not mistakes:
        return t("review.total.none")
    lost = sum(d["cost_expected"] for d in mistakes)
    return t("review.total", mistakes=t("review.mistakes", n=len(mistakes)),
             points=points(lost, state.rules))


def progress(state: State) -> str:
    """Where the review is, in words (the panel's live line)."""
    s, total = state.status, state.total or 0
    if s == "waiting":
        return t("review.waiting")
    if s == "unavailable":
        return t("review.unavailable")
    if s == "failed":
        return t("review.failed", reason=state.error)
    if state.total == 0:
        return t("review.empty")
    if s == "done":
        return t("review.stored") if state.stored else t("review.done", n=total)
    if s == "cancelled":
        return t("review.cancelled", done=state.exact_done, total=total)
    if state.total is None:
        return t("review.starting")
    if state.expected_done < total:
        return t("review.progress", done=state.expected_done, total=total)
    return t("review.progress.exact", done=state.exact_done, total=total)


def _choice(word: str, phase: str, state: State) -> str:
    """A bid or a card as the row shows it (HTML)."""
    if phase == "auction":
        return escape(words.bid_text(word, {"rules": state.rules, "turned": state.turned}))
    suit = words.suit_of(word)
    return (f'<span class="rv-card">{escape(words.rank_index(word))}'
            f'{words.suit_html(suit)}</span>'
            f'<span class="visually-hidden"> ({escape(card_label(word))})</span>')


def _plain(word: str, phase: str, state: State) -> str:
    if phase == "auction":
        return words.bid_text(word, {"rules": state.rules, "turned": state.turned})
    return card_label(word)


def when_text(phase: str, index: int, players: int) -> str:
    """``Bidding``, ``Trick 3``: when the record's ``phase`` entry ``index`` was said."""
    if phase == "auction":
        return t("review.bidding")
    return t("review.trick", n=index // players + 1)


def when_phrase(phase: str, index: int, players: int) -> Phrase:
    """:func:`when_text`, as words kept in a model (said in the language of the moment)."""
    if phase == "auction":
        return phrase("review.bidding")
    return phrase("review.trick", n=index // players + 1)


def when(decision: dict, state: State) -> str:
    return when_text(decision["phase"], decision["index"], state.players)


def row(state: State, i: int) -> str:
    """One choice: when, what was played, the Expert's choice, the expected cost (and the
    deals it was sampled on), the exact cost, a mistake marked; "Practice from here"."""
    d = state.decisions[i]
    phase, rules = d["phase"], state.rules
    mistake = bool(d["mistake"])
    same = d["best"] == d["played"]
    best = t("review.same") if same else t("review.best", what="{w}")
    best_html = escape(best).replace("{w}", _choice(d["best"], phase, state))
    cost = points(d["cost_expected"], rules)
    if d["cost_expected"] > 0 and d.get("margin") is not None:
        cost += " " + t("review.margin", points=points(d["margin"], rules))
    expected = t("review.expected", cost=cost, deals=t("review.deals", n=d["worlds"]))
    grade = d.get("grade") or ("mistake" if mistake else None)
    mark = (f' <span class="rv-mark" data-grade="{grade}">'
            f'{escape(t("review.grade." + grade))}</span>' if grade else "")
    played = escape(t("review.played", what="{w}")).replace(
        "{w}", _choice(d["played"], phase, state))
    label = t("review.practice.label", when=when(d, state),
              what=_plain(d["played"], phase, state))
    return (
        f'<li class="rv-row{" mistake" if mistake else ""}" data-review-row="{i}"'
        f' data-phase="{phase}" data-index="{d["index"]}"'
        f' data-mistake="{str(mistake).lower()}">'
        f'<p class="rv-what"><span class="rv-when">{escape(when(d, state))}</span> '
        f'<span class="rv-played">{played}</span>{mark}</p>'
        f'<p class="rv-best" data-best="{attr(d["best"])}">{best_html}</p>'
        f'<p class="rv-costs"><span class="rv-expected"'
        f' data-cost-expected="{d["cost_expected"]}" data-worlds="{d["worlds"]}">'
        f'{escape(expected)}</span> {exact(state, i)}</p>'
        f'{reason_html(d, state)}{luck_html(d)}'
        f'<button type="button" class="rv-practice" data-action="practice"'
        f' data-practice="{i}" aria-label="{attr(label)}">'
        f'{escape(t("review.practice"))}</button>'
        f'</li>')


def reason_text(d: dict, state: State) -> str:
    """The choice's reason in words (empty when there is none, or an unknown one)."""
    said: words.Said = {"rules": state.rules, "turned": state.turned}
    return reasons.reason_text(
        d.get("reason"), (lambda w: words.bid_text(w, said)) if d["phase"] == "auction"
        else words.short_card, d.get("cost_expected"), lambda x: points(x, state.rules))


def reason_html(d: dict, state: State) -> str:
    text = reason_text(d, state)
    return f'<p class="rv-reason" data-reason="{attr(d["reason"]["code"])}">{escape(text)}</p>' \
        if text else ""


def luck_html(d: dict) -> str:
    luck = d.get("luck")
    if luck not in ("gamble", "unlucky"):
        return ""
    return f'<p class="rv-luck" data-luck="{luck}">{escape(t("review.luck." + luck))}</p>'


def exact(state: State, i: int) -> str:
    """Choice ``i``'s exact cost (and the best choice in the real deal when it differs), or
    that it is still being computed."""
    d = state.decisions[i]
    if d["cost_exact"] is None:
        return (f'<span class="rv-exact pending" data-cost-exact="">'
                f'{escape(t("review.exact.pending"))}</span>')
    text = escape(t("review.exact", cost=points(d["cost_exact"], state.rules)))
    if d["cost_exact"] > 0 and d["best_exact"] and d["best_exact"] != d["played"]:
        text += " " + escape(t("review.exact.best", what="{w}")).replace(
            "{w}", _choice(d["best_exact"], d["phase"], state))
    return f'<span class="rv-exact" data-cost-exact="{d["cost_exact"]}">{text}</span>'


def actions(state: State) -> str:
    """The buttons under the list: Cancel while it runs (or waits), Continue once cancelled."""
    if state.status in ("waiting", "running"):
        button = (f'<button type="button" data-action="review-cancel">'
                  f'{escape(t("review.cancel"))}</button>')
    elif state.status == "cancelled":
        button = (f'<button type="button" class="primary" data-action="review-continue">'
                  f'{escape(t("review.continue"))}</button>')
    else:
        button = (f'<button type="button" class="primary" data-action="review-close">'
                  f'{escape(t("action.close"))}</button>')
    if state.status == "done" and any(puzzles.graded(d) for d in state.decisions.values()):
        button = (f'<button type="button" data-action="puzzles">'
                  f'{escape(t("puzzle.open"))}</button>') + button
    return f'<div class="actions">{button}</div>'


def title(state: State) -> str:
    if state.number is None:
        return t("review.title.imported")
    return t("review.title", n=state.number)


def note(state: State) -> str:
    threshold = state.threshold
    if threshold is None:
        return t("review.note")
    return t("review.note") + " " + t("review.note.mistake",
                                      points=points(threshold, state.rules))


def bar(state: State) -> str:
    """The progress bar (the live line says the same in words)."""
    total = 2 * (state.total or 0)
    done = state.expected_done + state.exact_done
    return (f'<progress class="rv-bar" max="{max(total, 1)}" value="{done if total else 0}"'
            f' aria-hidden="true"></progress>')


def panel(state: State, modal: bool = False) -> str:
    """The whole review panel at ``state`` (the controller then updates it piece by piece)."""
    rows = "".join(row(state, i) for i in sorted(state.decisions))
    modal_attr = ' aria-modal="true"' if modal else ""
    return (
        f'<div class="panel review-panel" role="dialog"{modal_attr}'
        f' aria-labelledby="review-title" data-panel="review"'
        f' data-review-status="{state.status}">'
        f'<div class="panel-head"><h2 id="review-title">{escape(title(state))}</h2>'
        f'<button type="button" class="close" data-action="review-close"'
        f' aria-label="{attr(t("review.close"))}">×</button></div>'
        f'<div class="panel-body">'
        f'<p class="note" data-review-note>{escape(note(state))}</p>'
        f'<p class="rv-progress" role="status" data-review-progress>'
        f'{escape(progress(state))}</p>{bar(state)}'
        f'<p class="rv-total" data-review-total>{escape(summary(state))}</p>'
        f'<ol class="rv-list" aria-label="{attr(t("review.list"))}" data-review-list>{rows}</ol>'
        f'<div data-review-actions data-for="{state.status}">{actions(state)}</div>'
        f'</div></div>')
