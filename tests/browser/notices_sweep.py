"""The layout sweep's rule (docs/layout.md; test_layout_sweep.CHECK_JS) in any browser of
drivers.py, through the phases where notices come and go and the page reloads (issue 40): in
WebKit a grid keyed on a ``:has()`` over the notices' region was not re-applied when a notice
came, and the felt shrank to 10 px with the hand off screen.

:func:`sweep_notices` plays one path by real clicks and checks, at each checkpoint, a phone's
size and a desktop's: nothing the player needs is covered or outside the window, nothing
scrolls, the felt keeps its width, and the declarations' heading lies inside their box.

1. A first visit with the Learn offer (a notice); the offer closed; a reload; "New game" with its
   notice (the steps that collapsed WebKit's table).
2. The hand played by clicking: the first bid, the first card (the declarations to make, when
   the deal has some), and the hand's summary.
3. A guided hand from the help: its first steps (Next, the hinted bid or card), a reload in the
   middle, a step after it, then skipped.
4. A finished hand whose review is kept in the save (test_layout_sweep.kept_review): after a
   reload, the review, "Learn from your mistakes" (a puzzle: its notice), a pick by clicking
   (the verdict), "Why?" (the reason in the verdict's place).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from smoke import SAVE_JS, ready, step
from table_driver import NEXT_JS, WAIT_HUMAN_JS
from test_layout_sweep import CHECK_JS, SEEN, SHOTS, first_hand_over, kept_review, report

from web.storage import save as storage

# The declarations' heading lies inside their box, within its padding (WebKit put a fieldset's
# legend on the box's top edge, its upper half over the felt: a legend's box is counted in the
# fieldset's, whose background starts lower).
HEADING_JS = """() => {
    const box = document.querySelector(".declbox");
    const head = box && box.firstElementChild;
    if (!head) return null;
    const b = box.getBoundingClientRect(), r = head.getBoundingClientRect();
    const style = getComputedStyle(box);
    const top = b.top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop);
    return r.top >= top - 0.5 && r.bottom <= b.bottom + 0.5 && r.left >= b.left - 0.5
        && r.right <= b.right + 0.5 ? null
        : `the declarations' heading at ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`
          + ` is not inside its box at ${[b.left, b.top, b.right, b.bottom].map(Math.round)}`;
}"""

# The felt keeps its width: at least 60% of the window's (it is all of it on a phone, the window
# less the score's column on a wide screen; WebKit's collapsed grid left it 10 px).
FELT_JS = """() => {
    const felt = document.querySelector(".felt").getBoundingClientRect();
    return felt.width >= 0.6 * innerWidth ? null
        : `the felt is ${Math.round(felt.width)} px wide in a ${innerWidth} px window`;
}"""

SELECTOR_JS = "(selector) => !!document.querySelector(selector)"

# The guide waits for the player: its Next, or the hinted bid or card to click (null: not yet).
GUIDE_NEXT_JS = """() => {
    if (document.querySelector("[data-panel=guide-over]")) return "over";
    const next = document.querySelector("[data-region=notice] [data-action=guide-next]");
    if (next) return "[data-region=notice] [data-action=guide-next]";
    if (document.querySelector("main").dataset.turn !== "0") return null;
    const card = document.querySelector("[data-region=hand] [data-card].hinted");
    if (card) return `[data-region=hand] [data-card="${card.dataset.card}"]`;
    const bid = document.querySelector("[data-region=bids] [data-bid].hinted");
    return bid ? `[data-region=bids] [data-bid="${bid.dataset.bid}"]` : null;
}"""
GUIDE_AT_JS = "() => document.querySelector('main').dataset.guideAt || ''"

# Where to click the element, once it is there to click: a point that reaches it (a card of the
# hand, under the next one on a phone, at the part that shows), the element still for a frame
# (a panel that pops in moves it under the pointer). Null: not yet.
CLICKABLE_JS = """async (selector) => {
    const e = document.querySelector(selector);
    if (!e) return null;
    e.scrollIntoView({block: "nearest", inline: "nearest"});
    const at = () => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width]; };
    const before = at();
    await new Promise((done) => requestAnimationFrame(() => done()));
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.left !== before[0] || r.top !== before[1]) return null;
    const x = e.matches("[data-card]") ? r.left + Math.min(8, r.width / 2) : r.left + r.width / 2;
    const y = r.top + r.height / 2;
    const hit = document.elementFromPoint(x, y);
    return hit && (hit === e || e.contains(hit)) ? [x, y] : null;
}"""

SET_SAVE_JS = "(save) => { localStorage.setItem('belote.v1', save); return true; }"


class NoticesSweep:
    """One browser's path; every problem found, with where and at which size."""

    def __init__(self, driver, url: str, sizes: list[tuple[int, int]]):
        self.driver, self.url, self.sizes = driver, url, sizes
        self.problems: list[tuple] = []
        self.home: tuple = ()  # the inner size the page had at the first size
        self.seen: dict[str, int] = {}
        self.checks = 0

    def check(self, where: str) -> None:
        """At the first size (the page stays there between checks: whatever happened since is
        checked before any resize, which makes an engine recompute every style and so would hide
        a rule it did not re-apply by itself), then at each other size, and back."""
        d = self.driver
        for i, (w, h) in enumerate(self.sizes):
            got = tuple(d.call("() => [innerWidth, innerHeight]"))
            if i or got != self.home:
                got = d.resize(w, h)
            if i == 0:
                self.home = got
            size = f"{got[0]}×{got[1]}"
            problems, found = d.call(CHECK_JS, SEEN)
            felt, heading = d.call(FELT_JS), d.call(HEADING_JS)
            if felt:
                problems.append(("the felt", ".felt", "", felt))
            if heading:
                problems.append(("the declarations' heading", ".declbox", "", heading))
            self.problems += [(where, size, *p) for p in problems]
            if problems and SHOTS:  # BELOTE_SWEEP_SHOTS=folder: a picture of each failed check
                name = re.sub(r"[^\w-]+", "_", f"{d.name} {where} {size}")
                d.screenshot(str(Path(SHOTS) / f"{name}.png"))
            for name in found:
                self.seen[name] = self.seen.get(name, 0) + 1
        self.home = self.driver.resize(*self.sizes[0])
        self.checks += 1

    def open(self, params: str) -> None:
        self.driver.goto(f"{self.url}?fast=1&{params}")
        ready(self.driver)

    def click(self, selector: str) -> None:
        """A real click, where the element shows, once it is there to click (CLICKABLE_JS)."""
        try:
            x, y = self.driver.wait(CLICKABLE_JS, 30, args=(selector,))
        except TimeoutError:
            raise AssertionError(f"{selector} was never there to click") from None
        self.driver.click_at(x, y)

    def wait_for(self, selector: str, timeout: float = 60.0) -> None:
        try:
            self.driver.wait(SELECTOR_JS, timeout, args=(selector,))
        except TimeoutError:
            state = self.driver.call(
                "() => [document.querySelector('main').dataset.phase, Object.keys(localStorage),"
                " document.querySelector('[data-region=notice]').textContent]")
            if SHOTS:
                name = re.sub(r"[^\w-]+", "_", f"{self.driver.name} no {selector}")
                self.driver.screenshot(str(Path(SHOTS) / f"{name}.png"))
            raise AssertionError(f"no {selector} after {timeout:.0f} s: {state}") from None

    def human(self) -> str:
        """Wait until the human has something to do: the simple player's click for it."""
        self.driver.wait(WAIT_HUMAN_JS, 60)
        return self.driver.call(NEXT_JS)

    def guide_step(self, last: str | None) -> str:
        """Wait for the guide's next step after step ``last``: what to click ("over": done)."""
        def waiting() -> str | None:
            if self.driver.call(GUIDE_AT_JS) == last:
                return None
            return self.driver.call(GUIDE_NEXT_JS)
        for _ in range(600):
            found = waiting()
            if found:
                return found
            self.driver.call("() => new Promise((done) => setTimeout(done, 50))")
        raise AssertionError(f"the guide did not go on after step {last}")


def sweep_notices(driver, url: str, sizes: list[tuple[int, int]]) -> None:
    """``url``: the site on an origin of its own (a first visit); ``sizes``: a phone's and a
    desktop's, as near as the browser allows."""
    b = driver.name
    s = NoticesSweep(driver, url, sizes)
    game = "rules=bulgarian&level=easy&seed=7"
    with step(b, "a first visit, the Learn offer, closed, a reload, a new game"):
        s.home = driver.resize(*sizes[0])
        s.open(f"offer=1&{game}")
        s.wait_for("[data-notice=guide-offer]")
        s.check("a first visit with the Learn offer")
        s.click("[data-notice=guide-offer] [data-action=dismiss]")
        driver.wait("() => !document.querySelector('[data-notice]')", 10)
        s.check("the offer closed")
        driver.reload()
        ready(driver)
        s.check("after a reload")
        s.click(".bar [data-action=new-game]")
        s.wait_for("[data-notice=new-game]")
        s.check("a new game with its notice")
    with step(b, "the hand played by clicking"):
        checked: set[str] = set()
        while (selector := s.human()) != "[data-action=next]":
            phase = driver.call("() => document.querySelector('main').dataset.phase")
            if phase not in checked:  # the first bid, the first card (declarations to make)
                checked.add(phase)
                s.check(f"the new game, its first {phase} turn")
            before = driver.call(SAVE_JS)
            s.click(selector)
            driver.wait("(before) => localStorage.getItem('belote.v1') !== before", 30,
                        args=(before,))
        s.check("the hand's summary")
    with step(b, "a guided hand, a reload in the middle, skipped"):
        s.click(".bar [data-action=help]")
        s.wait_for("[data-panel=help] [data-help]")  # (its words redraw the panel)
        s.click("[data-panel=help] [data-action=guide-start][data-rules=bulgarian]")
        s.wait_for("main[data-guide=bulgarian]")
        last = None
        for i in range(4):
            target = s.guide_step(last)
            s.check(f"the guide, step {i + 1}")
            last = driver.call(GUIDE_AT_JS)
            s.click(target)
        driver.reload()
        ready(driver)
        s.wait_for("main[data-guide=bulgarian]")
        s.guide_step(None)
        s.check("the guide after a reload")
        s.click("[data-region=notice] [data-action=guide-skip]")
        driver.wait("() => document.querySelector('main').dataset.guide === ''", 30)
        s.check("the guide skipped")
    with step(b, "after a reload, the review, a puzzle, its verdict and reason"):
        m = first_hand_over("bulgarian", 4, 11)
        key, review = kept_review(m)
        save = storage.encode(storage.clean_settings({}), m, storage.clean_stats({}),
                              {key: review})
        driver.call(SET_SAVE_JS, save)
        s.open("level=easy")  # (a query naming a rule set or seed would start a new match)
        s.wait_for("[data-panel=hand-over] [data-action=review-hand]")
        s.check("a finished hand, after a reload")
        s.click("[data-panel=hand-over] [data-action=review-hand]")
        s.wait_for("[data-review-status=done]")
        s.check("the review")
        s.click("[data-panel=review] [data-action=puzzles]")
        s.wait_for("[data-notice=puzzle]")
        s.check("a puzzle")
        s.click(s.human())
        s.wait_for("[data-notice=puzzle] .pz-verdict")
        s.check("a puzzle's verdict")
        if driver.call(SELECTOR_JS, "[data-action=puzzle-why]"):
            s.click("[data-action=puzzle-why]")
            s.wait_for("[data-notice=puzzle] .pz-reason")
            s.check("a puzzle's reason")
    with step(b, "nothing covered, the felt kept its width"):
        print(f"{b}: {s.checks} checkpoints × {len(sizes)} sizes; seen {json.dumps(s.seen)}")
        assert not s.problems, report(s.problems)
        for name in ("notice", "declaration box", "bubble", "contract"):
            assert s.seen.get(name), f"the sweep never saw: {name}"
    with step(b, "no console error nor uncaught error"):
        found = driver.errors()
        assert not found, "\n".join(found)
