"""The guided hands in a real Chromium (issue 27): each rule set's guide played through by
clicking, from the help panel, with one deliberate wrong card per duty (the refusal read on the
table names the card and the duty, in the engine's words: web/i18n.refusal); the score
explained at the end; on a 360×640 phone (in English, and French and Bulgarian for two guides)
nothing scrolls and the step's text covers no card; the first visit's offer, and a reload midway
goes on where the guide was; the first steps by keyboard alone, each step's words in a live
region."""

from __future__ import annotations

import json

import pytest
from browser_harness import PageLog, new_context, open_table

from web.coach import guide as guides
from web.coach.guide_script import GUIDES, Step
from web.i18n import card_label, refusal, set_language, t

pytestmark = pytest.mark.browser

STATE_JS = """() => {
    const main = document.querySelector("main");
    return {at: main.dataset.guideAt, guide: main.dataset.guide, turn: main.dataset.turn,
            phase: main.dataset.phase,
            next: !!document.querySelector('[data-region=notice] [data-action="guide-next"]'),
            over: !!document.querySelector('[data-panel="guide-over"]')};
}"""

# Every hand card is inside the viewport and nothing covers it; nothing scrolls.
COVERED_JS = """() => {
    const out = [];
    for (const e of document.querySelectorAll("[data-region=hand] [data-card]")) {
        const r = e.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + Math.min(8, r.width / 4),
                                              r.top + r.height / 2);
        if (r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5 || !e.contains(hit))
            out.push(e.dataset.card);
    }
    const root = document.scrollingElement;
    if (root.scrollHeight > innerHeight + 1 || root.scrollWidth > innerWidth + 1)
        out.push("scrolls");
    return out;
}"""


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def wait_step(page, last: str | None) -> dict:
    """Wait until the guide waits for the player (a step after ``last``) or is over."""
    page.wait_for_function(
        """(last) => {
            const main = document.querySelector("main");
            if (document.querySelector('[data-panel="guide-over"]')) return true;
            if (main.dataset.guideAt === last) return false;
            if (document.querySelector('[data-region=notice] [data-action="guide-next"]'))
                return true;
            return main.dataset.turn === "0" && !!document.querySelector(".hinted");
        }""", arg=last, timeout=30_000, polling=20)
    return page.evaluate(STATE_JS)


def play_through(page, rules: str, check_layout: bool = False) -> int:
    """Click through ``rules``' guide from where it is; returns the wrong cards refused."""
    guide = GUIDES[rules]
    refused, last = 0, None
    for _ in range(len(guide.script) + 5):
        s = wait_step(page, last)
        if s["over"]:
            return refused
        at = int(s["at"])
        step = guide.script[at]
        assert isinstance(step, Step), (rules, at, step)
        if check_layout:
            assert page.evaluate(COVERED_JS) == [], (rules, at)
        if s["next"]:
            page.click('[data-region=notice] [data-action="guide-next"]')
        elif s["phase"] == "play":
            if step.wrong:
                run = guides.GuideRun(guide, at)
                why = run.match.why_illegal(step.wrong)
                assert why is not None and why.code == step.duty
                page.click(f'[data-region=hand] [data-card="{step.wrong}"]', force=True)
                said = t("card.refused", card=card_label(step.wrong), reason=refusal(why))
                message = page.locator('[data-message="illegal"]')
                message.wait_for(timeout=10_000)
                assert message.inner_text() == said
                assert page.evaluate(STATE_JS)["at"] == str(at)  # the step waits still
                refused += 1
            page.click(f'[data-region=hand] [data-card="{step.expect}"]')
        else:
            page.click(f'[data-region=bids] [data-bid="{step.expect}"]')
        last = str(at)
    raise AssertionError(f"{rules}: the guide never ended")


# One phone's page for the guides played through in turn (one boot; one pytest-xdist worker):
# each test starts its guide from the Rules panel of a new game of its rule set, in its
# language, and checks its own console errors.
PHONE = pytest.mark.xdist_group("guides-phone")


@pytest.fixture(scope="module")
def phone(browser, site_url):
    context = new_context(browser, base_url=site_url, viewport={"width": 360, "height": 640})
    context.set_default_timeout(60_000)
    page = context.new_page()
    log = PageLog()
    log.watch(context, page)
    open_table(page, "rules=bulgarian&seed=7")
    yield page, log
    context.close()


def guide_on_the_phone(phone, rules: str, language: str) -> int:
    """Start ``rules``' guide on the shared phone page in ``language`` (a new game of that rule
    set, its Rules panel, "Learn"), play it through checking the layout at every step; the wrong
    cards refused. A page left mid-guide by a failed test is loaded again first."""
    page, log = phone
    log.errors.clear()
    if page.get_attribute("main", "data-guide"):
        open_table(page, "rules=bulgarian&seed=7")
    if page.get_attribute("html", "lang") != language:
        page.select_option("[data-setting=language]", language)
        page.wait_for_function(f"() => document.documentElement.lang === {language!r}")
    if page.get_attribute("main", "data-rules") != rules:
        page.click("[data-action=settings]")
        page.select_option("[data-setting=rules]", rules)
        page.click("[data-action=settings-new-game]")
        page.wait_for_selector(f"main[data-rules={rules}]")
    page.click('[data-action="help"]')
    page.wait_for_selector(f'[data-panel="help"] [data-help$="/{rules}"]')  # the rules read
    page.click(f'[data-panel="help"] [data-action="guide-start"][data-rules="{rules}"]')
    page.wait_for_selector(f'main[data-guide="{rules}"]')
    refused = play_through(page, rules, check_layout=True)
    assert not log.problems(), log.problems()
    return refused


@PHONE
@pytest.mark.parametrize("rules", sorted(GUIDES))
def test_a_guided_hand_played_by_clicking(phone, rules):
    """Played on a 360×640 phone: at every step no card is covered and nothing scrolls."""
    page, _ = phone
    wrong = [s for s in GUIDES[rules].script if isinstance(s, Step) and s.wrong]
    assert guide_on_the_phone(phone, rules, "en") == len(wrong)
    lines = page.locator("[data-guide-score] li").all_inner_texts()
    run = guides.GuideRun(GUIDES[rules], len(GUIDES[rules].script))
    assert lines == guides.score_lines(run.match)
    page.click('[data-panel="guide-over"] [data-action="guide-done"]')
    page.wait_for_selector('main[data-guide=""]')
    progress = json.loads(page.evaluate(f"() => localStorage.getItem('{guides.KEY}')"))
    assert rules in progress["done"] and progress["current"] is None


def test_the_offer_on_a_phone_and_a_reload_midway(browser, site_url):
    context = new_context(browser, base_url=site_url, viewport={"width": 360, "height": 640})
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        open_table(page, "offer=1&rules=bulgarian&seed=7")
        offer = page.locator('[data-notice="guide-offer"]')
        assert t("guide.offer") in offer.inner_text()
        offer.locator('[data-action="guide-start"]').click()
        page.wait_for_selector('main[data-guide="bulgarian"]')
        last = None
        for _ in range(4):  # a few steps, then a reload
            s = wait_step(page, last)
            assert page.evaluate(COVERED_JS) == []
            if s["next"]:
                page.click('[data-action="guide-next"]')
            else:
                step = GUIDES["bulgarian"].script[int(s["at"])]
                page.click(f'[data-bid="{step.expect}"]' if s["phase"] == "auction"
                           else f'[data-region=hand] [data-card="{step.expect}"]')
            last = s["at"]
        at = page.evaluate(STATE_JS)["at"]
        open_table(page, "offer=1&rules=bulgarian&seed=7")
        page.wait_for_selector('main[data-guide="bulgarian"]')
        assert int(page.evaluate(STATE_JS)["at"]) >= int(at)
        assert play_through(page, "bulgarian", check_layout=True) >= 1
        assert errors == []
    finally:
        context.close()


FOCUS_JS = """([target, group]) => {
    const el = document.activeElement;
    if (!el || el === document.body) return "none";
    if (el.matches(target)) return "target";
    if (group && el.closest(group)) return "group";
    return "other";
}"""


def reach(page, target: str, group: str = "") -> None:
    """Move the focus to ``target`` by keyboard only: Tab until it (or its group of buttons,
    the hand or the bidding box) has the focus, then the arrow keys within the group."""
    for _ in range(60):
        where = page.evaluate(FOCUS_JS, [target, group])
        if where == "target":
            return
        page.keyboard.press("ArrowRight" if where == "group" else "Tab")
    raise AssertionError(f"the keyboard never reached {target}")


def test_a_guide_by_keyboard_alone_is_announced(page, open_table):
    """The French guide's first steps by keyboard alone (Tab, the arrow keys, Enter): the
    offer, Next, two bids, a wrong card refused and the right one. Each step's words are in
    the notices' bar, a live region (role=status, aria-live=polite), and the refusal in the
    message's live region."""
    guide = GUIDES["french"]
    open_table(page, "offer=1&rules=french&seed=7")
    for region in ("notice", "message"):
        live = page.locator(f"[data-region={region}]")
        assert live.get_attribute("role") == "status"
        assert live.get_attribute("aria-live") == "polite"
    reach(page, '[data-region=notice] [data-action="guide-start"]')
    page.keyboard.press("Enter")
    page.wait_for_selector('main[data-guide="french"]')
    notice = page.locator("[data-region=notice]")
    last, played = None, 0
    while played < 5:
        s = wait_step(page, last)
        at = int(s["at"])
        step = guide.script[at]
        assert isinstance(step, Step)
        run = guides.GuideRun(guide, at)
        said = guides.step_text("french", step, run.match.view(0))
        page.wait_for_function("(said) => document.querySelector('[data-region=notice]')"
                               ".innerText.includes(said)", arg=said, timeout=10_000)
        assert said in notice.inner_text()
        if s["next"]:
            reach(page, '[data-region=notice] [data-action="guide-next"]')
        elif s["phase"] == "auction":
            reach(page, f'[data-region=bids] [data-bid="{step.expect}"]', ".bidbox")
        else:
            if step.wrong:
                reach(page, f'[data-region=hand] [data-card="{step.wrong}"]', ".cards")
                page.keyboard.press("Enter")
                why = run.match.why_illegal(step.wrong)
                message = page.locator('[data-message="illegal"]')
                message.wait_for(timeout=10_000)
                assert message.inner_text() == t("card.refused", card=card_label(step.wrong),
                                                 reason=refusal(why))
                assert page.evaluate(STATE_JS)["at"] == str(at)
            reach(page, f'[data-region=hand] [data-card="{step.expect}"]', ".cards")
        page.keyboard.press("Enter")
        last, played = str(at), played + 1
    assert int(page.evaluate(STATE_JS)["at"]) > int(last)


@PHONE
@pytest.mark.parametrize(("rules", "language"), [("french", "fr"), ("coinche", "bg"),
                                                    ("bela", "fr"), ("classic", "fr")])
def test_a_guide_in_another_language_fits_a_phone(phone, rules, language):
    """Longer words than English: on a 360×640 phone in that language, at every step no card
    is covered and nothing scrolls; the refusals are read in that language."""
    set_language(language)
    assert guide_on_the_phone(phone, rules, language) >= 1
    phone[0].click('[data-panel="guide-over"] [data-action="guide-done"]')
