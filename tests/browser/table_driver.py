"""Helpers for the table's browser tests: wait for the human's turn, act like a simple player
(the first legal bid, the first playable card, "next hand"), read the table's state from the DOM
attributes of DESIGN.md "Contract: attributes the browser tests use"."""

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


def wait_for_human(page, timeout_ms: int = 60_000) -> str:
    """Wait until the human has something to do (or the match is over); return the phase."""
    page.wait_for_function(WAIT_HUMAN_JS, timeout=timeout_ms, polling=20)
    return page.get_attribute("main", "data-phase")


def state(page) -> dict:
    return page.evaluate(STATE_JS)


def act(page, how: str = "click") -> str:
    """Do the human's next thing the simple way; returns what was done."""
    phase = wait_for_human(page)
    if phase == "match-over":
        return "match-over"
    if phase == "hand-over":
        target, done = page.locator("[data-action=next]"), "next"
    elif phase == "auction":
        target = page.locator("[data-bid]:not([disabled])").first
        done = target.get_attribute("data-bid")
    else:
        target = page.locator("[data-card]:not([aria-disabled=true])").first
        done = target.get_attribute("data-card")
    if how == "keyboard":
        target.focus()
        page.keyboard.press("Enter")
    elif how == "tap":
        target.tap()
    else:
        target.click()
    return done


def play_until(page, stop, how: str = "click", max_steps: int = 3000) -> list[str]:
    """Act until ``stop(page)`` is true when the human is to act; returns the actions."""
    done = []
    for _ in range(max_steps):
        wait_for_human(page)
        if stop(page):
            return done
        action = act(page, how)
        if action == "match-over":
            return done
        done.append(action)
    raise AssertionError(f"still playing after {max_steps} actions")


def phase_is(*phases):
    return lambda page: page.get_attribute("main", "data-phase") in phases


def saved(page) -> dict | None:
    raw = page.evaluate("() => localStorage.getItem('belote.v1')")
    return None if raw is None else json.loads(raw)
