"""Redraws move only what changed (issue 35): a card dealt in, put on the trick or a bubble
popping in is animated once, when it comes, and never again when the table is drawn for
something else. Before the keyed morph (web/morph.js, web/table/motion.py) each region was
replaced whole: after Hint three cards of the hand flew in again, and after a reload the whole
hand did.

One page, with its animations on (no ``?fast=1``): every ``animationstart`` is recorded from the
document's start (an init script, so a reload's first paint is counted too), and after each
step ``document.getAnimations()`` lists what runs. A step has drawn when what it changes shows
(the hint's line, ``<html lang>``, ``data-speed``...); two frames later any animation its redraw
started exists (a card's dealing delay included: an animation waiting for its delay runs). No
step waits a fixed time, nor measures one.

The steps, at the human's first card (a trick on the felt, the declarations to make): Hint,
twice (the declaration hinted); at the human's next card, a Hint (a card hinted); the settings
opened (the panel pops in: the one animation allowed); the language changed; the cards' looks
(four colours: every card's picture changes); a setting of the table (the speed); the settings
closed; a reload (after it the table is drawn still: nothing of it came in this page) and a Hint
after it. On the way, the control, which shows that the count sees the old defect: with the
morph replaced by the old whole-region replacement, the cards dealt fly in again when the hand
is drawn anew.
"""

from __future__ import annotations

import pytest
from browser_harness import wait_until_ready
from table_driver import act, phase_is, play_until, wait_for_human

pytestmark = pytest.mark.browser

# Every animation that starts, from the document's start: its name and what it animates.
RECORD_JS = """
window.__started = [];
document.addEventListener("animationstart", (e) => {
    window.__started.push(WHAT(e.target, e.animationName));
}, true);
""".replace("WHAT", """((t, name) => {
    let s = name + " " + t.tagName.toLowerCase();
    for (const a of t.attributes)
        if (a.name.startsWith("data-") || a.name === "class") s += `[${a.name}=${a.value}]`;
    return s;
})""")

# After two frames (a redraw's new animations exist then): the CSS animations running now and
# those started since the last call, each named with what it animates (a transition, such as a
# button's colour under the pointer, is not a thing coming in).
SINCE_JS = """async () => {
    for (let i = 0; i < 2; i++) await new Promise((done) => requestAnimationFrame(done));
    const what = (a) => {
        const t = a.effect && a.effect.target;
        if (!t) return "?";
        let s = a.animationName + " " + t.tagName.toLowerCase();
        for (const x of t.attributes)
            if (x.name.startsWith("data-") || x.name === "class") s += `[${x.name}=${x.value}]`;
        return s;
    };
    const running = document.getAnimations()
        .filter((a) => a instanceof CSSAnimation && a.playState === "running").map(what);
    const started = window.__started;
    window.__started = [];
    return {running, started};
}"""

# The old drawing (before the keyed morph): each region's HTML replaced whole; and back.
OLD_DRAWING_JS = """() => {
    window.__morph = window.beloteMorph;
    window.beloteMorph = (region, html) => { region.innerHTML = html; };
}"""
MORPH_BACK_JS = "() => { window.beloteMorph = window.__morph; }"
# Until every animation has ended or been cancelled (what a move or the control started: a
# region replaced whole cancels the animations of what it removed): then none is counted.
SETTLE_JS = """async () => {
    for (;;) {
        const left = document.getAnimations().filter((a) => a.playState !== "finished");
        if (!left.length) break;
        await Promise.all(left.map((a) => a.finished.catch(() => null)));
    }
    window.__started = [];
}"""


def moved(page) -> list[str]:
    """What started or runs since the last call (each once)."""
    seen = page.evaluate(SINCE_JS)
    return sorted(set(seen["running"]) | set(seen["started"]))


def settle(page) -> None:
    page.evaluate(SETTLE_JS)


def test_redraws_start_no_animation_again(context):
    context.add_init_script(RECORD_JS)
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.set_viewport_size({"width": 1280, "height": 800})
    # Coinche, seed 3: at the human's first card a trick is on the felt and a tierce to declare.
    page.goto("./?rules=coinche&seed=3&level=easy&worker=0")
    wait_until_ready(page)
    play_until(page, phase_is("play"))
    dealt = moved(page)
    assert any(x.startswith("deal button") and "[data-card=" in x for x in dealt), (
        f"the deal was not animated: animations are off, the count would prove nothing: {dealt}")
    assert page.locator("[data-trick-card]").count(), "no trick on the felt"
    settle(page)  # (the last bot's card may still be coming)

    after: dict[str, list[str]] = {}
    page.click("[data-action=hint]")
    page.wait_for_selector("[data-message=hint]")
    after["a hint"] = moved(page)
    page.click("[data-action=hint]")
    page.wait_for_selector("[data-message=hint]")
    after["a second hint"] = moved(page)
    # A card played, the bots' cards come (animated), then a Hint that points at a card.
    act(page)
    wait_for_human(page)
    settle(page)
    page.click("[data-action=hint]")
    page.wait_for_selector("[data-region=hand] [data-card].hinted")
    after["a hint at a card"] = moved(page)

    page.click(".bar [data-action=settings]")
    page.wait_for_selector("[data-panel=settings]")
    opened = moved(page)
    after["the settings opened"] = [x for x in opened if "[data-panel=settings]" not in x]
    settle(page)  # (the panel's pop)
    page.select_option("[data-setting=language]", "fr")
    page.wait_for_selector("html[lang=fr]")
    after["the language changed"] = moved(page)
    page.check("[data-setting=four_colour]")
    page.wait_for_selector("[data-region=hand] [data-card] img[src*=four]")
    after["four colours"] = moved(page)

    # The control: drawn the old way, the cards dealt fly in again when the hand is drawn for
    # something else (here the cards' looks), and the count sees it. Then the morph is back, and
    # what the old way started is let finish.
    page.evaluate(OLD_DRAWING_JS)
    page.uncheck("[data-setting=four_colour]")
    page.wait_for_selector("[data-region=hand] [data-card] img:not([src*=four])")
    old = moved(page)
    assert any(x.startswith("deal button") and "[data-card=" in x for x in old), (
        f"the count did not see the hand drawn again the old way: {old}")
    page.evaluate(MORPH_BACK_JS)
    settle(page)

    page.select_option("[data-setting=speed]", "slow")
    page.wait_for_selector("html[data-speed=slow]")
    after["the speed changed"] = moved(page)
    page.click("[data-panel=settings] [data-action=close]")
    page.wait_for_selector("[data-panel=settings]", state="detached")
    after["the settings closed"] = moved(page)

    # A reload: the table is drawn still.
    hand = page.locator("[data-region=hand] [data-card]").count()
    page.reload()
    wait_until_ready(page)
    page.wait_for_selector("html[lang=fr] [data-region=hand] [data-card]")
    assert page.locator("[data-region=hand] [data-card]").count() == hand
    after["a reload"] = moved(page)
    page.click("[data-action=hint]")
    page.wait_for_selector("[data-region=hand] [data-card].hinted")
    after["a hint after the reload"] = moved(page)

    assert after == {step: [] for step in after}, "animated again: " + "; ".join(
        f"after {step}: {found}" for step, found in after.items() if found)
    assert not errors, errors
