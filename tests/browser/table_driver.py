"""Helpers for the table's browser tests: wait for the human's turn, act like a simple player
(the first legal bid, the first playable card, "next hand"), read the table's state from the DOM
attributes of docs/attributes.md."""

from __future__ import annotations

import json

WAIT_HUMAN_JS = """() => {
    const main = document.querySelector("main");
    const phase = main.dataset.phase;
    if (phase === "match-over") return true;
    if (phase === "hand-over") return !!document.querySelector("[data-action=next]");
    const mine = main.dataset.turn === "0";
    if (phase === "auction") return mine && !!document.querySelector("[data-bid]");
    if (phase === "play") return mine && !!document.querySelector("[data-card]");
    return false;
}"""

STATE_JS = """() => {
    const all = (sel, f) => Array.from(document.querySelectorAll(sel)).map(f);
    const main = document.querySelector("main");
    return {
        phase: main.dataset.phase,
        turn: main.dataset.turn,
        hand: all("[data-card]", (e) => e.dataset.card),
        disabled: all("[data-card][aria-disabled=true]", (e) => e.dataset.card),
        trick: all("[data-trick-card]", (e) => [e.dataset.seat, e.dataset.trickCard]),
        auction: all("[data-said-seat]", (e) => [e.dataset.saidSeat, e.dataset.said]),
        bids: all("[data-bid]:not([disabled])", (e) => e.dataset.bid),
        scores: all("[data-score-team],[data-score-player]", (e) => e.textContent.trim()),
        contract: (document.querySelector("[data-contract]") || {}).textContent || null,
    };
}"""


# What the simple player clicks in the phase the table is in (null: nothing).
NEXT_JS = """() => {
    const phase = document.querySelector("main").dataset.phase;
    if (phase === "hand-over") return "[data-action=next]";
    if (phase === "auction") return "[data-bid]:not([disabled])";
    if (phase === "play") return "[data-card]:not([aria-disabled=true])";
    return null;
}"""

# Wait (polling inside the page: one round trip) until the human has something to do; the phase
# and, with ``locate``, what the simple player does there (NEXT_JS's element scrolled into view)
# and the point to click for it, checked to be the element a click there reaches.
NEXT_TURN_JS = """async ([timeoutMs, locate]) => {
    const ready = READY;
    const next = NEXT;
    const look = () => {
        if (!ready()) return null;
        const phase = document.querySelector("main").dataset.phase;
        const selector = next();
        if (!locate || !selector) return {phase, selector};
        const target = document.querySelector(selector);
        if (!target) return null;
        const action = phase === "hand-over" ? "next"
            : phase === "auction" ? target.dataset.bid : target.dataset.card;
        target.scrollIntoView({block: "nearest", inline: "nearest"});
        const box = target.getBoundingClientRect();
        const x = box.left + box.width / 2, y = box.top + box.height / 2;
        const hit = document.elementFromPoint(x, y);
        const clear = !!hit && (hit === target || target.contains(hit));
        return {phase, selector, action, x, y, clear};
    };
    const deadline = performance.now() + timeoutMs;
    for (;;) {
        const turn = look();
        if (turn) return turn;
        if (performance.now() > deadline) throw new Error("the human had nothing to do");
        await new Promise((done) => setTimeout(done, 15));
    }
}""".replace("READY", WAIT_HUMAN_JS.strip()).replace("NEXT", NEXT_JS.strip())


def wait_for_human(page, timeout_ms: int = 60_000) -> str:
    """Wait until the human has something to do (or the match is over); return the phase."""
    return page.evaluate(NEXT_TURN_JS, [timeout_ms, False])["phase"]


def next_turn(page, timeout_ms: int = 60_000) -> dict:
    """Wait until the human has something to do; return the phase and, unless the match is
    over, the ``selector`` of what the simple player does, its ``action`` and the point ``x``,
    ``y`` to click for it (``clear``: nothing covers it there)."""
    return page.evaluate(NEXT_TURN_JS, [timeout_ms, True])


def state(page) -> dict:
    return page.evaluate(STATE_JS)


def act(page, how: str = "click", turn: dict | None = None) -> str:
    """Do the human's next thing the simple way; returns what was done. A click is the mouse's,
    at the element's place (Playwright's actionability checks when something covers it)."""
    turn = turn or next_turn(page)
    if turn["phase"] == "match-over":
        return "match-over"
    if how == "click" and turn["clear"]:
        page.mouse.click(turn["x"], turn["y"])
        return turn["action"]
    target = page.locator(turn["selector"]).first
    if how == "keyboard":
        target.focus()
        page.keyboard.press("Enter")
    elif how == "tap":
        target.tap()
    else:
        target.click()
    return turn["action"]


class phase_is:  # noqa: N801 - reads as a predicate: play_until(page, phase_is("play"))
    """Stop when the table is in one of ``phases`` (checked without another round trip)."""

    def __init__(self, *phases: str):
        self.phases = phases

    def __call__(self, page) -> bool:
        return page.get_attribute("main", "data-phase") in self.phases


def play_until(page, stop, how: str = "click", max_steps: int = 3000) -> list[str]:
    """Act until ``stop(page)`` is true when the human is to act; returns the actions."""
    done = []
    for _ in range(max_steps):
        turn = next_turn(page)
        if turn["phase"] in stop.phases if isinstance(stop, phase_is) else stop(page):
            return done
        action = act(page, how, turn)
        if action == "match-over":
            return done
        done.append(action)
    raise AssertionError(f"still playing after {max_steps} actions")


def saved(page) -> dict | None:
    raw = page.evaluate("() => localStorage.getItem('belote.v1')")
    return None if raw is None else json.loads(raw)
