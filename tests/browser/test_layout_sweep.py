"""Nothing on the table ever hides what the player needs (issue 24): a sweep through whole hands
in a real Chromium, in every rule set and table size, checked at every phase at 1280×800,
1366×768, 390×844 and 360×640.

What the player needs: the hand, the turned card and the stock (with their labels), each seat's
name, bid bubble, dealer marker and declarations, the contract chip, the trick, and every enabled
control. Each must lie inside the window and be the element that several points inside it reach
(``document.elementFromPoint``): nothing lies over it. With a dialog open (the hand's summary,
the review, a panel) what it covers is meant to be covered: then the dialog's own controls and
the bar's are what is needed. A failure names the game, the phase, the size, the element and
what covers it.

It is cheap: one page per test, each rule set and table size in turn (a match of that game,
its first hand over, imported through the score sheet; its review kept in the save from the
start, so the review opens without the bots' worker). At each checkpoint the window takes the
four sizes and one ``page.evaluate`` checks everything. The table is driven with ``?fast=1``;
``?hold=deal,trick`` stops it after the deal and with each finished trick on the table
(web/browser/adapter.py ``_hold``), which the sweep checks and then lets go (``<main data-hold>``).

Checkpoints: the imported match's hand summary with the import notice; the review open;
"Practice from here" with its banner, each practice turn and trick, the practice's end; the next
hand dealt; each auction turn of the human; a new match started with its notice, then undone;
each card of the human (the declarations to make, "I'm out!"), each finished trick (the
declarations shown after the first), and the hand's summary.
"""

from __future__ import annotations

import json
import os
import random
import re
import time
from pathlib import Path

import pytest
from browser_harness import new_context, table_url, wait_until_ready
from table_driver import act
from test_first_paint import HOLD_JS, hold_python

from belote import Match, hand_record, replay
from belote.analysis import moments
from web.coach import review
from web.records import transfer
from web.storage import save as storage

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (390, 844), (360, 640)]
DRIVE = {"width": 1280, "height": 800}
SHOTS = os.environ.get("BELOTE_SWEEP_SHOTS")
# BELOTE_SWEEP_SEED=k: other deals (every seed moved by k), to look further than the test does.
SEED = int(os.environ.get("BELOTE_SWEEP_SEED", "0"))
# (rule set, players, seed of the imported match): seeds whose hands show what is to check
# (a turned card, the stock, declarations, "I'm out!").
GAMES = [("coinche", 4, 14), ("bulgarian", 4, 11), ("french", 4, 3), ("bela", 4, 2),
         ("classic", 2, 4), ("classic", 3, 5), ("classic", 4, 6)]

# One checkpoint at the window's size now: every problem, as a list of lines.
CHECK_JS = r"""(seen) => {
    const W = innerWidth, H = innerHeight, out = [];
    const describe = (e) => {
        if (!e) return "nothing";
        let s = e.tagName.toLowerCase();
        if (e.classList.length) s += "." + Array.from(e.classList).join(".");
        for (const a of e.attributes)
            if (a.name.startsWith("data-") && a.name !== "data-bubble")
                s += `[${a.name}=${a.value}]`;
        const text = (e.textContent || "").replace(/\s+/g, " ").trim().slice(0, 40);
        return s + (text ? ` "${text}"` : "");
    };
    const shown = (e) => {
        // (a trick flying to its winner is on its way out: it hides nothing, needs no room)
        if (e.closest(".visually-hidden, [hidden], [inert], .trick.gather")) return false;
        const d = e.closest("details:not([open])");
        if (d && !(e.tagName === "SUMMARY" && e.parentElement === d)) return false;
        const r = e.getBoundingClientRect();
        return r.width >= 1 && r.height >= 1 && getComputedStyle(e).visibility !== "hidden";
    };
    // What is open over the table, if anything: its controls are then what the player needs.
    const dialog = [".records-host .panel", ".review-host .panel", ".overlay .panel"]
        .map((s) => document.querySelector(s)).find((e) => e && shown(e)) || null;
    const needed = [];
    const add = (selector, what, root = document) => {
        for (const e of root.querySelectorAll(selector))
            if (shown(e) && !needed.some(([x]) => x === e)) needed.push([e, what]);
    };
    const controls = "button:not([disabled]), select:not([disabled]), input:not([disabled]),"
        + " summary, a[href], [tabindex]:not([tabindex='-1'])";
    add(controls, "control", document.querySelector(".bar"));
    if (dialog) {
        add(controls, "control in the dialog", dialog);
    } else {
        add("[data-card]", "your card");
        add(".talon", "your talon");
        add("[data-turned], figure.turned figcaption", "the turned card");
        add("[data-stock], figure.stock figcaption", "the stock");
        add("[data-seat-panel] .name", "a seat's name");
        add("[data-seat-panel] .dealer-chip", "the dealer marker");
        add("[data-seat-panel] .bubble", "a bid bubble");
        add("[data-seat-panel] .decl-chip", "a declaration");
        add("[data-contract]", "the contract chip");
        add("[data-trick-card]", "a trick card");
        add(controls, "control", document.querySelector("main"));
    }
    const inset = (r, fx, fy) => [r.left + r.width * fx, r.top + r.height * fy];
    for (const [e, what] of needed) {
        if (dialog && dialog.contains(e)) e.scrollIntoView({block: "nearest", inline: "nearest"});
        const r = e.getBoundingClientRect();
        const box = [r.left, r.top, r.right, r.bottom].map(Math.round).join(",");
        if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) {
            out.push([what, describe(e), box, "is not inside the window"]);
            continue;
        }
        let points;
        if (e.matches("[data-card]")) {
            // cards overlap on a phone: what shows of this one is up to the next card
            const next = e.nextElementSibling;
            const right = next ? Math.min(r.right, next.getBoundingClientRect().left) : r.right;
            const x = r.left + Math.min(8, (right - r.left) / 2);
            points = [[x, r.top + r.height * 0.12], [x, r.top + r.height / 2],
                      [x, r.bottom - r.height * 0.12]];
        } else if (e.matches("[data-trick-card], [data-turned], [data-stock]")) {
            points = [inset(r, 0.5, 0.5), inset(r, 0.15, 0.12), inset(r, 0.85, 0.88)];
        } else {
            points = [inset(r, 0.5, 0.5), inset(r, 0.2, 0.5), inset(r, 0.8, 0.5),
                      inset(r, 0.5, 0.25), inset(r, 0.5, 0.75)];
        }
        for (const [i, [x, y]] of points.entries()) {
            const hit = document.elementFromPoint(x, y);
            if (hit && (hit === e || e.contains(hit))) continue;
            // the trick's cards may overlap at their far corner, as cards on a table do
            if (i === 2 && e.matches("[data-trick-card]") && hit.matches("[data-trick-card]"))
                continue;
            // a control's label text (a checkbox's label) is part of it
            if (hit && e.matches("input") && hit.closest("label") === e.closest("label")) continue;
            out.push([what, describe(e), box,
                      `is covered at ${Math.round(x)},${Math.round(y)} by ${describe(hit)}`]);
            break;
        }
    }
    // Controls side by side keep a gap: none touches its neighbour (the hand's cards overlap).
    const apart = needed.filter(([e, what]) => what.startsWith("control") && !e.closest(".cards"))
        .map(([e]) => [e, e.getBoundingClientRect()]);
    for (const [i, [a, ra]] of apart.entries()) {
        for (const [b, rb] of apart.slice(i + 1)) {
            if (a.parentElement !== b.parentElement) continue;
            const dx = Math.max(rb.left - ra.right, ra.left - rb.right);
            const dy = Math.max(rb.top - ra.bottom, ra.top - rb.bottom);
            if (Math.max(dx, dy) < 2)
                out.push(["control", describe(a), [ra.left, ra.top, ra.right, ra.bottom]
                    .map(Math.round).join(","), "touches " + describe(b)]);
        }
    }
    const doc = document.documentElement;
    if (doc.scrollWidth > W + 0.5 || doc.scrollHeight > H + 0.5)
        out.push(["the page", "", "", `scrolls (${doc.scrollWidth}×${doc.scrollHeight})`]);
    const found = Object.keys(seen).filter((k) => document.querySelector(seen[k]));
    return [out, found];
}"""

# Wait (in the page) until the table holds (after a deal, a finished trick), the human has
# something to do, or a panel waits: what it is.
WAIT_JS = r"""async (timeoutMs) => {
    const main = document.querySelector("main");
    const look = () => {
        if (main.dataset.hold) return "held " + main.dataset.hold
            + (/over/.test(main.dataset.phase) ? " last" : "");
        if (document.querySelector("[data-panel=practice-over]")) return "practice-over";
        const phase = main.dataset.phase;
        if (phase === "hand-over" || phase === "match-over")
            return document.querySelector("[data-panel] [data-action=next],"
                + " [data-panel=match-over]") ? phase : null;
        if (main.dataset.turn !== "0") return null;
        if (phase === "auction" && document.querySelector("[data-bid]")) return "auction";
        if (phase === "play" && document.querySelector("[data-card]")) return "play";
        return null;
    };
    const deadline = performance.now() + timeoutMs;
    for (;;) {
        const now = look();
        if (now) return now;
        if (performance.now() > deadline) throw new Error("the table did not stop");
        await new Promise((done) => setTimeout(done, 10));
    }
}"""


# While Python starts (web/boot.js): where the loading box is against the felt's middle.
LOADING_JS = r"""async () => {
    await new Promise((done) => requestAnimationFrame(() => done()));  // after "resize"
    const box = document.querySelector("main > .loading").getBoundingClientRect();
    const felt = document.querySelector(".felt").getBoundingClientRect();
    return {starting: document.querySelector("main").dataset.starting || null,
            dx: box.left + box.width / 2 - (felt.left + felt.width / 2),
            dy: box.top + box.height / 2 - (felt.top + felt.height / 2),
            inside: box.left >= 0 && box.top >= 0 && box.right <= innerWidth
                && box.bottom <= innerHeight && box.width > 0};
}"""


def loading_box_centred(page, paint: str) -> None:
    """The loading box lies in the middle of the felt, at each size (issue 24)."""
    page.wait_for_selector(f"main[data-starting={paint}]")
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        where = page.evaluate(LOADING_JS)
        assert where["starting"] == paint, where
        assert abs(where["dx"]) <= 2 and abs(where["dy"]) <= 2 and where["inside"], (
            f"the loading box over the {paint} at {w}×{h}: {where}")
    page.set_viewport_size(DRIVE)


def first_hand_over(rules: str, players: int, seed: int) -> Match:
    """A match of that game whose first hand has just ended with a contract taken by the
    human, who could declare with the first card (the practice starts there: the declarations
    to make are on the table). The choices are random among the legal ones."""
    rng = random.Random(seed)
    for attempt in range(200):
        m = Match(rules, players, {}, seed + 1000 * attempt)
        could_declare = None
        while m.phase in ("auction", "play"):
            legal = [a for a in m.legal_actions() if a != "out"] or m.legal_actions()
            if m.phase == "auction" and m.turn == 0 and "pass" in legal and len(legal) > 1:
                legal = [a for a in legal if a != "pass"]  # the human takes: a contract
            if m.phase == "play" and m.turn == 0 and could_declare is None:
                could_declare = any(a.startswith("declare ") for a in legal)
                legal = [a for a in legal if not a.startswith("declare ")]
            m.apply(rng.choice(legal))
        if m.sheet[-1].get("made") is not None and m.phase == "hand-over" and could_declare:
            return m
    raise AssertionError(f"{rules}-{players}: no such hand")


def kept_review(m: Match) -> tuple[str, dict]:
    """A finished review of the human's choices in hand 1, as the page keeps it."""
    record = transfer.hand_of_sheet(m, 1)
    full = replay(record, complete=False)
    decisions = [{"phase": x.phase, "index": x.index, "played": x.played,
                  "best": x.options[0], "cost_expected": 3.5 * (x.played != x.options[0]),
                  "cost_exact": 0, "worlds": review.WORLDS, "best_exact": x.options[0],
                  "mistake": x.played != x.options[0]} for x in moments(full, 0)]
    return review.key(hand_record(full), 0, review.WORLDS), review.pack(decisions, 3.0)


class Sweep:
    """Drives one page; collects every problem; counts what it saw."""

    def __init__(self, page):
        self.page = page
        self.problems: list[str] = []
        self.checks = 0
        self.t_resize = self.t_eval = 0.0
        self.seen: dict[str, int] = {}

    def check(self, where: str) -> None:
        """The four sizes (in turn one way and back, one resize fewer) and one evaluate each."""
        page = self.page
        sizes = SIZES if self.checks % 2 == 0 else SIZES[::-1]
        for w, h in sizes:
            t0 = time.perf_counter()
            page.set_viewport_size({"width": w, "height": h})
            t1 = time.perf_counter()
            problems, found = page.evaluate(CHECK_JS, SEEN)
            self.t_resize += t1 - t0
            self.t_eval += time.perf_counter() - t1
            self.problems += [(where, f"{w}×{h}", *p) for p in problems]
            if problems and SHOTS:  # BELOTE_SWEEP_SHOTS=folder: a picture of each failed check
                name = re.sub(r"[^\w-]+", "_", f"{where} {w}x{h}")
                page.screenshot(path=str(Path(SHOTS) / f"{name}.png"))
        self.checks += 1
        for name in found:
            self.seen[name] = self.seen.get(name, 0) + 1

    def wait(self) -> str:
        return self.page.evaluate(WAIT_JS, 60_000)

    def release(self) -> None:
        self.page.evaluate("document.querySelector('main').removeAttribute('data-hold')")

    def first_legal(self) -> None:
        """The simple player's move: the first legal bid or playable card, by a click of the
        mouse where it shows uncovered (table_driver.act). Not Playwright's click, which first
        waits for two animation frames with the element unmoved: once, in a whole ./test run on
        the loaded machine, none came for 30 s; a table that really stops still fails here, at
        the next wait for the human's turn."""
        act(self.page)

    def play(self, game: str, stops: tuple[str, ...], practice: bool = False) -> str:
        """Play on until one of ``stops`` (a phase or "practice-over"), checking each turn of
        the human and the first and last finished tricks (in a practice, its first turn and
        its first trick only)."""
        tricks = turns = 0
        label = f"{game} {'practice ' if practice else ''}"
        for _ in range(400):
            now = self.wait()
            if now in stops:
                return now
            if now.startswith("held"):
                tricks += 1
                if tricks == 1 or (now.endswith("last") and not practice):
                    self.check(f"{label}trick {tricks} collected")
                self.release()
                continue
            if now not in ("auction", "play"):
                panels = self.page.eval_on_selector_all("[data-panel]",
                                                        "ps => ps.map(p => p.dataset.panel)")
                raise AssertionError(f"{label}: {now} before {stops} (panels {panels})")
            turns += 1
            if turns == 1 or not practice:
                self.check(f"{label}{now} turn {turns}")
            self.first_legal()
        raise AssertionError(f"{label}: still playing")

    def to_human(self) -> str:
        """Let the table go on (past any hold, unchecked) until the human is to act."""
        while (now := self.wait()).startswith("held"):
            self.release()
        return now


SEEN = {"turned card": "[data-turned]", "stock": "[data-stock]", "declaration box": ".declbox",
        "I'm out": "[data-action=out]", "declaration": ".decl-chip", "contract": "[data-contract]",
        "notice": "[data-notice]", "talon": ".talon", "bubble": ".bubble"}


def report(problems: list[tuple]) -> str:
    """Each kind of problem once (its first occurrence), and how often it came."""
    kinds: dict[tuple, list] = {}
    for where, size, what, element, box, how in problems:
        cover = how.split(" by ")[-1].split(" ")[0].split("[")[0] if " by " in how else how
        kinds.setdefault((what, element.split(" ")[0].split("[")[0], cover), []).append(
            f"{where} @{size}: {what} {element} at {box} {how}")
    lines = [f"{len(problems)} problems, {len(kinds)} kinds:"]
    for found in kinds.values():
        lines.append(f"({len(found)}×) {found[0]}")
    return "\n".join(lines)


def import_match(page, m: Match) -> None:
    page.click("[data-action=sheet]")
    page.click("[data-action=import]")
    page.fill("[data-import-text]", json.dumps(m.to_dict()))
    page.click("[data-action=import-open]")
    page.click("[data-action=import-resume]")
    page.wait_for_selector("[data-panel=hand-over]")


def sweep_games(browser, site_url, page_log, games, expect, paint) -> None:
    matches = [(f"{r}-{p}", first_hand_over(r, p, s + SEED)) for r, p, s in games]
    reviews = dict(kept_review(m) for _, m in matches)
    save = storage.encode(storage.clean_settings({}), None, storage.clean_stats({}), reviews)
    context = new_context(browser, base_url=site_url, viewport=DRIVE)
    context.set_default_timeout(30_000)
    context.add_init_script(f"if (!localStorage.getItem('belote.v1'))"
                            f" localStorage.setItem('belote.v1', {json.dumps(save)})")
    context.add_init_script(HOLD_JS)
    started = time.perf_counter()
    try:
        page = context.new_page()
        page_log.watch(context, page)
        if paint == "skeleton":  # a first visit: the empty table under the loading box
            page.goto("./?fast=1")
            hold_python(page)
            page.goto(table_url({"level": "easy", "seed": 1 + SEED, "hold": "deal,trick"}))
            loading_box_centred(page, "skeleton")
            page.evaluate("() => window.__releaseGame()")
        else:
            page.goto(table_url({"level": "easy", "seed": 1 + SEED, "hold": "deal,trick"}))
        wait_until_ready(page)
        sweep = Sweep(page)
        for game, m in matches:
            import_match(page, m)
            sweep.check(f"{game} hand 1 over, imported (notice)")
            # The review, kept in the save: open at once.
            page.click("[data-panel=hand-over] [data-action=review-hand]")
            page.wait_for_selector("[data-review-status=done]")
            sweep.check(f"{game} review open")
            # Practice from the human's first card (else the first choice).
            choices = page.eval_on_selector_all(
                "[data-review-row]", "rs => rs.map(r => [r.dataset.phase, r.dataset.reviewRow])")
            pick = next((i for phase, i in choices if phase == "play"), choices[0][1])
            page.click(f"[data-practice='{pick}']")
            page.wait_for_selector("[data-notice=practice]")
            sweep.play(game, ("practice-over",), practice=True)
            sweep.check(f"{game} practice over")
            page.click("[data-panel=practice-over] [data-action=practice-end]")
            page.wait_for_selector("[data-panel=hand-over] [data-action=next]")
            page.click("[data-panel=hand-over] [data-action=next]")
            # The next hand dealt; a new match (from the settings, as a player does) with its
            # notice, then undone; the hand played to its end.
            assert sweep.wait() == "held deal", game
            sweep.check(f"{game} hand 2 dealt")
            sweep.release()
            now = sweep.to_human()
            sweep.check(f"{game} hand 2 {now}")
            rules, players = game.split("-")
            page.click("[data-action=settings]")
            page.select_option("[data-setting=rules]", rules)
            if page.is_enabled("[data-setting=players]"):
                page.select_option("[data-setting=players]", players)
            if page.locator("[data-action=settings-new-game]").count():
                page.click("[data-action=settings-new-game]")
            else:  # the settings say this game already: the bar's "New game"
                page.click("[data-panel=settings] [data-action=close]")
                page.click(".bar [data-action=new-game]")
            now = sweep.to_human()
            page.wait_for_selector("[data-notice=new-game]")
            sweep.check(f"{game} a new match, {now} (its notice)")
            page.click("[data-action=undo-new-game]")
            if sweep.play(game, ("hand-over", "match-over")) == "hand-over":
                sweep.check(f"{game} hand 2 over")
            page.click(".bar [data-action=sheet]")
            sweep.check(f"{game} the score sheet")
            page.click("[data-panel=sheet] [data-action=close]")
        if paint == "table":  # the next visit: the table as last drawn under the loading box
            hold_python(page)
            page.reload()
            loading_box_centred(page, "table")
        print(f"layout sweep: {len(games)} games, {sweep.checks} checkpoints × {len(SIZES)}"
              f" sizes in {time.perf_counter() - started:.1f} s; seen {sweep.seen}"
              f" resize {sweep.t_resize:.1f} s eval {sweep.t_eval:.1f} s")
    finally:
        context.close()
    assert not sweep.problems, report(sweep.problems)
    for name in expect:
        assert sweep.seen.get(name), f"the sweep never saw: {name}"
    assert not page_log.problems(), page_log.problems()


def test_nothing_covered_four_player_games(optimizing_browser, site_url, page_log):
    sweep_games(optimizing_browser, site_url, page_log, [g for g in GAMES if g[0] != "classic"],
                ("turned card", "declaration box", "declaration", "contract", "notice", "talon",
                 "bubble"), paint="skeleton")


def test_nothing_covered_classic(optimizing_browser, site_url, page_log):
    sweep_games(optimizing_browser, site_url, page_log, [g for g in GAMES if g[0] == "classic"],
                ("turned card", "stock", "declaration box", "I'm out", "declaration", "contract",
                 "notice", "bubble"), paint="table")


def test_layout_as_notices_come_and_go(page, page_log):
    """The path the WebKit and Firefox suites sweep too (notices_sweep.py, issue 40): the Learn
    offer, a reload, a new game's notice, a guided hand, a puzzle, the hand's summary."""
    from browser_harness import start_server, stop_server
    from drivers import Chromium
    from notices_sweep import sweep_notices

    server, url = start_server()
    try:
        sweep_notices(Chromium(page, page_log), url, [(360, 640), (1280, 800)])
    finally:
        stop_server(server)
