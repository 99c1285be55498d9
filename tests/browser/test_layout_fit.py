"""Long words on a phone, a long review on a desktop (issue 35, defects 2, 3 and 10): the layout
sweep's rule (test_layout_sweep.CHECK_JS: nothing the player needs is covered or outside the
window, nothing scrolls) where the sweep does not go, with a few checks of its own.

One page. At 360×640 in Bulgarian, the Bulgarian guided hand played through by clicking, with
its deliberate wrong cards; at every step and after every refusal:

- the sweep's rule: a refusal of three or four lines covers neither your name nor your
  declarations (defect 2); the bidding box no bid bubble, the declarations box no card of the
  trick (defect 3), nor even the foot of one (which the rule's points inside the cards miss);
- the bar's controls lie in two rows, the language's row and the tools' (defect 3: Bulgarian
  wrapped them to three, "?" alone on the last);
- no line of the score is cut (defect 3: "Раздаване 1 · Разда…");
- once, at the first turn of yours with bubbles on the felt, each bubble's meaning tapped open
  and closed, in Bulgarian's long words (test_table_glance.MEANINGS_JS: inside the felt, over
  no card, clear of the bidding box, which stays one tap away).

Then, on the same page, Bela's guided hand alike (a new game of Bela from Settings): its step
where you beat the trick and declare your tierce has five lines, a refusal under them and the
declarations box, which covered the foot of the trick's cards (its heading, hidden there, still
names the box for screen readers).

Then at 1280×800, a finished hand's review (kept in the save, so it opens without the bots'
worker) uses the height there is: its panel is not cut off at the foot of the felt with the
window's lower part free (defect 10): it reaches down to the window's last rows, or holds all
its rows without scrolling.
"""

from __future__ import annotations

import pytest
from browser_harness import new_context, open_table
from notices_sweep import GUIDE_NEXT_JS
from test_layout_sweep import CHECK_JS, SEEN, first_hand_over, kept_review, report
from test_table_glance import MEANINGS_JS

from web.coach.guide_script import GUIDES, Step
from web.i18n import set_language, t
from web.storage import save as storage

pytestmark = pytest.mark.browser

PHONE = {"width": 360, "height": 640}
DESKTOP = {"width": 1280, "height": 800}

# The bar's controls in rows (by their vertical middles, 8 px apart at least) and each line of
# the score whose text is cut (wider than its box).
BAR_AND_SCORE_JS = r"""() => {
    const shown = (e) => e.getBoundingClientRect().width > 1;
    const middles = Array.from(document.querySelectorAll(".bar button, .bar select"))
        .filter(shown).map((e) => { const r = e.getBoundingClientRect();
                                    return (r.top + r.bottom) / 2; }).sort((a, b) => a - b);
    let rows = 0, last = -1e9;
    for (const y of middles) { if (y - last > 8) rows += 1; last = y; }
    const cut = Array.from(document.querySelectorAll("[data-region=score] *"))
        .filter((e) => shown(e) && e.scrollWidth > e.clientWidth + 1)
        .map((e) => e.textContent.replace(/\s+/g, " ").trim());
    return {rows, cut};
}"""

# How far the declarations box reaches up over the trick's lowest card (the sweep's rule probes
# points inside the cards: the box may still cut their foot).
DECLBOX_JS = """() => {
    const box = document.querySelector(".declbox");
    const cards = Array.from(document.querySelectorAll("[data-trick-card]"));
    if (!box || !cards.length) return [0, ""];
    const r = box.getBoundingClientRect();
    return [Math.max(...cards.map((c) => c.getBoundingClientRect().bottom)) - r.top,
            [r.left, r.top, r.right, r.bottom].map(Math.round).join()];
}"""

# The review's panel: where it ends against the window's foot, and whether its list scrolls.
REVIEW_JS = """() => {
    const panel = document.querySelector(".review-host .panel");
    const r = panel.getBoundingClientRect();
    return {bottom: r.bottom, height: innerHeight, felt:
            document.querySelector(".felt").getBoundingClientRect().bottom,
            scrolls: panel.scrollHeight > panel.clientHeight + 1};
}"""


class Checks:
    def __init__(self, page):
        self.page = page
        self.problems: list[tuple] = []
        self.seen: dict[str, int] = {}
        self.named_box = 0  # the declarations box found by its heading's name (hidden on a phone)
        self.meant: list[str] = []  # the bubbles' meanings, tapped once

    def __call__(self, where: str) -> None:
        problems, found = self.page.evaluate(CHECK_JS, SEEN)
        self.problems += [(where, "360×640", *p) for p in problems]
        overlap, box = self.page.evaluate(DECLBOX_JS)
        if box:
            self.named_box += self.page.get_by_role("group", name=t("declare.title")).count()
        if overlap > 0:
            self.problems.append((where, "360×640", "the declarations box", ".declbox", box,
                                  f"overlaps the trick's cards by {overlap:.1f} px"))
        bar = self.page.evaluate(BAR_AND_SCORE_JS)
        if bar["rows"] > 2:
            self.problems.append((where, "360×640", "the bar", ".bar", "",
                                  f"takes {bar['rows']} rows"))
        for text in bar["cut"]:
            self.problems.append((where, "360×640", "the score", text, "", "is cut"))
        for name in found:
            self.seen[name] = self.seen.get(name, 0) + 1
        if not self.meant and self.page.locator(".bidbox").count() and self.page.locator(
                "[data-seat-panel] [data-action=meaning]").count():
            # the bubbles' meanings in Bulgarian's long words (test_table_glance.MEANINGS_JS)
            problems, seen = self.page.evaluate(MEANINGS_JS)
            self.problems += [(where, "360×640", "a bid's meaning", p, "", "") for p in problems]
            self.meant = [text for text in seen if t("meaning.none") not in text]


# The guide's next step after step ``last``: [its number, what to click] (null: not yet).
STEP_JS = """(last) => {
    const at = document.querySelector("main").dataset.guideAt;
    const next = (NEXT)();
    return next === "over" ? ["over", next] : next && at !== last ? [at, next] : null;
}""".replace("NEXT", GUIDE_NEXT_JS.strip())


def play_guide(page, rules: str, check: Checks) -> int:
    """Click through ``rules``' guide (its hinted bids and cards, Next), checking each step;
    each wrong card the script names is clicked first, and checked refused; the refusals."""
    guide, refused, last = GUIDES[rules], 0, None
    for _ in range(len(guide.script) + 5):
        at, target = page.wait_for_function(STEP_JS, arg=last, polling=20).json_value()
        if at == "over":
            return refused
        step = guide.script[int(at)]
        check(f"{rules}, step {at}")
        if isinstance(step, Step) and step.wrong and "[data-card=" in target:
            page.click(f'[data-region=hand] [data-card="{step.wrong}"]', force=True)
            page.wait_for_selector('[data-message="illegal"]')
            check(f"{rules}, step {at}, {step.wrong} refused")
            refused += 1
        page.click(target)
        last = at
    raise AssertionError(f"{rules}: the guide never ended")


@pytest.fixture
def bulgarian():
    set_language("bg")
    yield
    set_language("en")


def test_long_words_on_a_phone_and_the_review_on_a_desktop(browser, site_url, page_log,
                                                           bulgarian):
    context = new_context(browser, base_url=site_url, locale="bg", viewport=PHONE)
    try:
        page = context.new_page()
        page_log.watch(context, page)
        open_table(page, "rules=bulgarian&seed=7")
        assert page.evaluate("() => document.documentElement.lang") == "bg"
        page.click('[data-action="help"]')
        page.click('[data-panel="help"] [data-action="guide-start"][data-rules="bulgarian"]')
        page.wait_for_selector('main[data-guide="bulgarian"]')
        check = Checks(page)
        refused = play_guide(page, "bulgarian", check)
        assert refused >= 2
        page.click('[data-panel="guide-over"] [data-action="guide-done"]')
        page.wait_for_selector('main[data-guide=""]')
        for name in ("bubble", "declaration box", "declaration", "contract", "notice"):
            assert check.seen.get(name), f"the guide never showed: {name}"
        assert check.meant, "no bubble's meaning was tapped"

        # Bela's guide on the same page: a new game of Bela from Settings, its Rules panel.
        page.click("[data-action=settings]")
        page.select_option("[data-setting=rules]", "bela")
        page.click("[data-action=settings-new-game]")
        page.wait_for_selector("main[data-rules=bela]")
        page.click('[data-action="help"]')
        page.click('[data-panel="help"] [data-action="guide-start"][data-rules="bela"]')
        page.wait_for_selector('main[data-guide="bela"]')
        check.seen.clear()
        assert play_guide(page, "bela", check) >= 1
        page.click('[data-panel="guide-over"] [data-action="guide-done"]')
        page.wait_for_selector('main[data-guide=""]')
        for name in ("declaration box", "notice"):
            assert check.seen.get(name), f"Bela's guide never showed: {name}"
        assert check.named_box, "the declarations box lost its heading's name"

        # The review at 1280×800: a finished hand, its review kept in the save.
        m = first_hand_over("bulgarian", 4, 11)
        key, review = kept_review(m)
        save = storage.encode(storage.clean_settings({}), m, storage.clean_stats({}),
                              {key: review})
        page.evaluate("(save) => localStorage.setItem('belote.v1', save)", save)
        page.set_viewport_size(DESKTOP)
        open_table(page, "level=easy")
        page.click("[data-panel=hand-over] [data-action=review-hand]")
        page.wait_for_selector("[data-review-status=done]")
        problems, _ = page.evaluate(CHECK_JS, SEEN)
        check.problems += [("the review", "1280×800", *p) for p in problems]
        where = page.evaluate(REVIEW_JS)
        if where["scrolls"] and where["bottom"] < where["height"] - 40:
            check.problems.append((
                "the review", "1280×800", "the review's panel", ".review-host .panel", "",
                f"scrolls, ending at {where['bottom']:.0f} px (the felt's foot"
                f" {where['felt']:.0f}) in a {where['height']} px window"))
        assert not check.problems, report(check.problems)
    finally:
        context.close()
    assert not page_log.problems(), page_log.problems()
