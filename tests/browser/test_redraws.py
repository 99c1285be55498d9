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
is drawn anew. After each step until the reload every card on the table is still the element
it was (the morph kept it).

Before them, the deal: each card of the hand dealt in once, each bid's bubble popped once. After
them, on the same page: a new game deals again (each card once); at the instant speed nothing
is dealt in; with reduced motion (the system's setting, read by the CSS) no card moves and no
animation or transition of the table lasts. (test_table_glance.py's test_what_moves_on_the_table
and test_accessibility.py's test_reduced_motion_stops_the_animations, each on its own page
before, are these last steps now.)
"""

from __future__ import annotations

import re

import pytest
from browser_harness import wait_until_ready
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
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
# region replaced whole cancels the animations of what it removed): then those started since
# the last count (returned) are forgotten.
SETTLE_JS = """async () => {
    for (;;) {
        const left = document.getAnimations().filter((a) => a.playState !== "finished");
        if (!left.length) break;
        await Promise.all(left.map((a) => a.finished.catch(() => null)));
    }
    const started = window.__started;
    window.__started = [];
    return started;
}"""


# The cards on the table marked, to tell afterwards whether a redraw kept their elements.
MARK_JS = """() => { for (const e of document.querySelectorAll("[data-card], [data-trick-card]"))
    e.beloteMarked = true; }"""
NEW_JS = """() => Array.from(document.querySelectorAll("[data-card], [data-trick-card]"))
    .filter((e) => !e.beloteMarked).map((e) => e.dataset.card || e.dataset.trickCard)"""
HAND_JS = """() => Array.from(document.querySelectorAll("[data-region=hand] [data-card]"),
                          (e) => e.dataset.card).sort()"""
# Every animation's and transition's duration on the table's things, in seconds.
DURATIONS_JS = """() => Array.from(
    document.querySelectorAll(".bubble, .card, .nameplate, .panel, .tcard"),
    (e) => { const s = getComputedStyle(e);
             return [s.animationDuration, s.transitionDuration]; }).flat()
    .map((d) => parseFloat(d.split(",")[0]) / (d.split(",")[0].endsWith("ms") ? 1000 : 1))"""


def moved(page) -> list[str]:
    """What started or runs since the last call (each once)."""
    seen = page.evaluate(SINCE_JS)
    return sorted(set(seen["running"]) | set(seen["started"]))


def settle(page) -> None:
    page.evaluate(SETTLE_JS)


def started(page) -> list[str]:
    """Every animation started since the last count, repeats kept, once every animation has
    run its course (a deal's cards start one after another)."""
    return page.evaluate(SETTLE_JS)


def dealt(page) -> list[str]:
    """The cards whose deal started since the last call, repeats kept, sorted."""
    return sorted(c for x in started(page) if x.startswith("deal ")
                  for c in re.findall(r"\[data-card=(\w+)\]", x))


def renewed(page) -> list[str]:
    """The cards on the table whose element is new since the last call (then all marked)."""
    fresh = page.evaluate(NEW_JS)
    page.evaluate(MARK_JS)
    return [f"a new element for {card}" for card in fresh]


def new_game(page) -> None:
    page.click(".bar [data-action=new-game]")
    wait_for_human(page)


def set_speed(page, speed: str) -> None:
    """Choose ``speed`` in the settings panel, then close it (checked, and clicked again if the
    first click was lost: once the panel was still open a minute later, cause not found)."""
    page.click(".bar [data-action=settings]")
    page.select_option("[data-setting=speed]", speed)
    for _ in range(2):
        page.click("[data-panel=settings] [data-action=close]")
        try:
            page.wait_for_selector("[data-panel=settings]", state="detached", timeout=5_000)
            return
        except PlaywrightTimeoutError:
            continue
    raise AssertionError("the settings panel did not close")


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
    # The deal: each card of the hand dealt in once; then each bid's bubble pops once.
    wait_for_human(page)
    assert dealt(page) == page.evaluate(HAND_JS), (
        "the deal was not animated once per card (animations off: the count would prove nothing)")
    play_until(page, phase_is("play"))
    pops = [x for x in started(page) if x.startswith("pop ") and "[data-bubble=" in x]
    assert len(pops) >= 3 and len(pops) == len(set(pops)), pops
    assert page.locator("[data-trick-card]").count(), "no trick on the felt"
    settle(page)  # (the last bot's card may still be coming)

    after: dict[str, list[str]] = {}
    renewed(page)  # every card marked
    page.click("[data-action=hint]")
    page.wait_for_selector("[data-message=hint]")
    after["a hint"] = moved(page) + renewed(page)
    page.click("[data-action=hint]")
    page.wait_for_selector("[data-message=hint]")
    after["a second hint"] = moved(page) + renewed(page)
    # A card played, the bots' cards come (animated), then a Hint that points at a card.
    act(page)
    wait_for_human(page)
    settle(page)
    renewed(page)  # (the trick's new cards)
    page.click("[data-action=hint]")
    page.wait_for_selector("[data-region=hand] [data-card].hinted")
    after["a hint at a card"] = moved(page) + renewed(page)

    page.click(".bar [data-action=settings]")
    page.wait_for_selector("[data-panel=settings]")
    opened = moved(page)
    after["the settings opened"] = [x for x in opened if "[data-panel=settings]" not in x] \
        + renewed(page)
    settle(page)  # (the panel's pop)
    page.select_option("[data-setting=language]", "fr")
    page.wait_for_selector("html[lang=fr]")
    after["the language changed"] = moved(page) + renewed(page)
    page.check("[data-setting=four_colour]")
    page.wait_for_selector("[data-region=hand] [data-card] img[src*=four]")
    after["four colours"] = moved(page) + renewed(page)

    # The control: drawn the old way, the cards dealt fly in again when the hand is drawn for
    # something else (here the cards' looks), and the count sees it. Then the morph is back, and
    # what the old way started is let finish.
    page.evaluate(OLD_DRAWING_JS)
    page.uncheck("[data-setting=four_colour]")
    page.wait_for_selector("[data-region=hand] [data-card] img:not([src*=four])")
    old = moved(page)
    assert any(x.startswith("deal button") and "[data-card=" in x for x in old), (
        f"the count did not see the hand drawn again the old way: {old}")
    assert renewed(page), "the old way drew the same elements: the marks would prove nothing"
    page.evaluate(MORPH_BACK_JS)
    settle(page)

    page.select_option("[data-setting=speed]", "slow")
    page.wait_for_selector("html[data-speed=slow]")
    after["the speed changed"] = moved(page) + renewed(page)
    page.click("[data-panel=settings] [data-action=close]")
    page.wait_for_selector("[data-panel=settings]", state="detached")
    after["the settings closed"] = moved(page) + renewed(page)

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

    # A new game deals again, each card once; at the instant speed nothing comes in; with
    # reduced motion no card moves and nothing on the table lasts.
    started(page)
    new_game(page)
    assert dealt(page) == page.evaluate(HAND_JS)
    set_speed(page, "instant")
    new_game(page)
    assert page.locator(".card.deal, .bubble.fresh").count() == 0
    set_speed(page, "normal")
    page.emulate_media(reduced_motion="reduce")
    new_game(page)
    names = page.eval_on_selector_all(
        "[data-card]", "es => es.map(e => getComputedStyle(e).animationName)")
    assert names and set(names) == {"none"}, names
    durations = page.evaluate(DURATIONS_JS)
    assert durations and max(durations) <= 0.001, durations
    assert not errors, errors
