"""A table read at a glance, on every screen (issue 11), in a real Chromium. Positions are read
from the DOM:

- every hand card and every legal bid (Coinche: every level) inside the viewport, uncovered,
  with nothing to scroll, at each turn of every rule set's auction, at 1280×800, 1366×768,
  390×844 and 360×640; the felt and the hand do not move while bubbles, the declaration box,
  "I'm out!" and notices come and go;
- the contract on the felt from the end of the auction to the end of the hand, the whole
  auction one key away (B) and in the hand's summary; declarations readable with their cards
  and points, and why they count; the last trick with the seats' names;
- "I'm out" asks first, with the counted total beside the target; the claimed hand on the
  score sheet and in the final score; the match-over panel and statistics fit 360 px; the
  score sheet's contracts with suit symbols, under a heading aligned as they are, and valat as
  "+90";
- the loading screen's progress bar counts bytes; a failed load says so with a retry button;
- axe-core finds nothing serious in the new panels.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from browser_harness import PageLog, new_context, table_url, wait_until_ready
from table_driver import act, phase_is, play_until, saved, state, wait_for_human
from test_accessibility import axe

from belote import Match
from web import i18n
from web.storage import save as storage

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1366, 768), (390, 844), (360, 640)]
GAMES = [("bulgarian", 4), ("french", 4), ("coinche", 4), ("bela", 4), ("classic", 3),
         ("classic", 2)]

# Elements that must be wholly inside the viewport and not covered by anything (a card is
# checked at its left edge, the part that shows when the hand overlaps on a phone).
HIDDEN_JS = """(selector) => {
    const W = innerWidth, H = innerHeight, out = [];
    for (const e of document.querySelectorAll(selector)) {
        const r = e.getBoundingClientRect();
        const x = e.dataset.card ? r.left + Math.min(8, r.width / 4) : r.left + r.width / 2;
        const hit = document.elementFromPoint(x, r.top + r.height / 2);
        const bad = r.width === 0 || r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5
            || r.bottom > H + 0.5 || !hit || !(hit === e || e.contains(hit));
        if (bad) out.push((e.dataset.card || e.dataset.bid || e.dataset.level) + " at "
            + [r.left, r.top, r.right, r.bottom].map(Math.round).join(",")
            + " under " + (hit ? hit.outerHTML.slice(0, 80) : "nothing"));
    }
    return out;
}"""
SCROLLS_JS = """() => [document.documentElement.scrollWidth - innerWidth,
                      document.documentElement.scrollHeight - innerHeight]"""
RECTS_JS = """() => Object.fromEntries([".felt", ".hand", "[data-card]"].map((s) => {
    const e = document.querySelector(s);
    if (!e) return [s, null];
    const r = e.getBoundingClientRect();
    return [s, [r.left, r.top, r.width, r.height].map((v) => Math.round(v * 10) / 10)];
}))"""
# What an element shows (its words for screen readers only left out), on one line.
SEEN = """(e) => { const c = e.cloneNode(true);
    c.querySelectorAll(".visually-hidden").forEach((x) => x.remove());
    return c.textContent.replace(/\\s+/g, " ").trim(); }"""
FITS_JS = """(selector) => {
    const panel = document.querySelector(selector);
    const p = panel.getBoundingClientRect(), out = [];
    if (panel.scrollWidth > panel.clientWidth + 1) out.push("the panel scrolls sideways");
    if (p.left < -0.5 || p.right > innerWidth + 0.5) out.push("the panel is wider than the window");
    for (const e of panel.querySelectorAll("*")) {
        if (e.closest(".visually-hidden")) continue;  // a chart's table, for screen readers
        const r = e.getBoundingClientRect();
        if (r.width && (r.left < p.left - 1 || r.right > p.right + 1))
            out.push(e.tagName + " " + (e.textContent || "").trim().slice(0, 30));
    }
    return out;
}"""


# Each seat's bubble tapped (clicked) open, then closed: its meaning (web/table/meanings.py)
# shown inside the felt, over no card of the hand, described for screen readers, and gone again;
# a bubble of another seat than yours does not cover the bidding box (yours lies under it).
MEANINGS_JS = """async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
    const felt = document.querySelector(".felt").getBoundingClientRect();
    const hand = document.querySelector("[data-region=hand]").getBoundingClientRect();
    const box = document.querySelector(".bidbox");
    const b = box && box.getBoundingClientRect();
    const out = [], seen = [];
    const seats = Array.from(document.querySelectorAll("[data-seat-panel] [data-said-seat]"),
                             (e) => e.dataset.saidSeat);
    for (const seat of seats) {
        const at = `[data-seat-panel] [data-said-seat="${seat}"] [data-action=meaning]`;
        const tapped = async (state) => {
            document.querySelector(at).click();
            for (let i = 0; i < 100; i++) {
                if (document.querySelector(at).getAttribute("aria-expanded") === state) break;
                await frame();
            }
            const button = document.querySelector(at);
            return [button, document.getElementById(button.getAttribute("aria-describedby"))];
        };
        const [button, tip] = await tapped("true");
        const r = tip.getBoundingClientRect(), where = [r.left, r.top, r.right, r.bottom]
            .map(Math.round).join();
        if (button.getAttribute("aria-expanded") !== "true" || !r.width)
            out.push(`seat ${seat}: its meaning not shown when tapped`);
        else if (r.left < felt.left - 0.5 || r.right > felt.right + 0.5
                 || r.top < felt.top - 0.5 || r.bottom > felt.bottom + 0.5)
            out.push(`seat ${seat}: its meaning at ${where} leaves the felt`);
        if (r.width && r.bottom > hand.top && r.right > hand.left && r.left < hand.right)
            out.push(`seat ${seat}: its meaning at ${where} covers the hand`);
        if (r.width && b && seat !== "0" && r.bottom > b.top && r.top < b.bottom
            && r.right > b.left && r.left < b.right)
            out.push(`seat ${seat}: its meaning at ${where} covers the bidding box`);
        for (const bid of document.querySelectorAll("[data-bid]:not([disabled])")) {
            const q = bid.getBoundingClientRect();
            const hit = document.elementFromPoint(q.left + q.width / 2, q.top + q.height / 2);
            if (!hit || !(hit === bid || bid.contains(hit)))
                out.push(`seat ${seat}: its meaning takes the tap of ${bid.dataset.bid}`);
        }
        seen.push(tip.textContent);
        const [again, gone] = await tapped("false");
        if (again.getAttribute("aria-expanded") !== "false" || gone.getBoundingClientRect().width)
            out.push(`seat ${seat}: its meaning still shown when tapped again`);
    }
    return [out, seen];
}"""
# The first bubble's meaning shows while the pointer is over it, and with the keyboard's focus.
HOVER_JS = """() => {
    const tip = document.getElementById(document.querySelector(
        "[data-seat-panel] [data-action=meaning]").getAttribute("aria-describedby"));
    return tip.getBoundingClientRect().width > 0;
}"""


# A bidding box's word, hovered or focused: where its meaning shows (over the box, in the felt).
BID_TIP_JS = """(selector) => {
    const button = document.querySelector(selector);
    const tip = document.getElementById(button.getAttribute("aria-describedby"));
    const rect = (e) => { const r = e.getBoundingClientRect();
                          return [r.left, r.top, r.right, r.bottom].map(Math.round); };
    return {tip: rect(tip), box: rect(document.querySelector(".bidbox")),
            felt: rect(document.querySelector(".felt")), text: tip.textContent};
}"""


def bid_tip_fits(page, selector: str, where: str) -> None:
    """The meaning of the bidding box's word at ``selector`` (hovered or focused now) shows over
    the box, inside the felt."""
    at = page.evaluate(BID_TIP_JS, selector)
    (left, top, right, bottom), box, felt = at["tip"], at["box"], at["felt"]
    assert right > left, f"{where}: no meaning for {selector}"
    assert bottom <= box[1] + 1 and top >= felt[1] and left >= felt[0] - 1 \
        and right <= felt[2] + 1, f"{where}: {selector}'s meaning at {at}"
    assert at["text"].startswith((i18n.t("meaning.yours", meaning=""),
                                  i18n.t("meaning.yours.others", meaning=""))), at["text"]


def meanings_shown(page, where: str) -> None:
    """Each bubble's meaning, tapped open and closed (MEANINGS_JS): a sentence of the language
    (not "no set meaning"); the bids still take a tap meanwhile (the meaning takes none)."""
    problems, seen = page.evaluate(MEANINGS_JS)
    assert seen, f"{where}: no bubble"
    assert not problems, f"{where}: {problems}"
    for text in seen:
        assert text.strip() and i18n.t("meaning.none") not in text, f"{where}: {text!r}"


def meaning_on_hover_and_focus(page, where: str) -> None:
    first = "[data-seat-panel] [data-action=meaning]"
    page.mouse.move(0, 0)
    assert not page.evaluate(HOVER_JS), f"{where}: a meaning shown unasked"
    for _ in range(2):  # Escape hides it with the pointer still over it, until it leaves
        page.hover(first)
        assert page.evaluate(HOVER_JS), f"{where}: no meaning on hover"
        page.keyboard.press("Escape")
        assert not page.evaluate(HOVER_JS), f"{where}: Escape leaves the hovered meaning"
        page.mouse.move(0, 0)
        assert not page.evaluate(HOVER_JS), f"{where}: the meaning stays after the pointer left"
    page.keyboard.press("Shift")  # the keyboard in use: the focus shows (:focus-visible)
    for _ in range(2):  # Escape hides it with the focus still on it, until the focus moves
        page.focus(first)
        assert page.evaluate(HOVER_JS), f"{where}: no meaning on the keyboard's focus"
        page.keyboard.press("Escape")
        assert not page.evaluate(HOVER_JS), f"{where}: Escape leaves the focused meaning"
        page.evaluate("() => document.activeElement.blur()")
    # a word of the bidding box, before it is said: what it would tell, hovered and focused
    bid = "[data-bid]:not([disabled])"
    page.hover(bid)
    bid_tip_fits(page, bid, f"{where}, hovered")
    page.mouse.move(0, 0)
    page.keyboard.press("Shift")
    page.focus(bid)
    bid_tip_fits(page, bid, f"{where}, focused")
    page.evaluate("() => document.activeElement.blur()")


def paste(page, text: str) -> None:
    """Import ``text`` through the score sheet's Import dialog (the sheet is open)."""
    page.click("[data-action=import]")
    page.fill("[data-import-text]", text)
    page.click("[data-action=import-open]")


def steady(page) -> dict:
    """Where the felt, the hand and its first card are (they must not move)."""
    rects = page.evaluate(RECTS_JS)
    return {".felt": rects[".felt"], ".hand": rects[".hand"]}


def all_in_view(page, where: str) -> None:
    hidden = page.evaluate(HIDDEN_JS, "[data-card], [data-bid]:not([disabled]),"
                                      " [data-level]:not([disabled])")
    assert not hidden, f"{where}: {hidden}"
    assert page.evaluate(SCROLLS_JS) == [0, 0], f"{where}: the page scrolls"


def new_game(page, rules: str, players: int) -> None:
    page.click("[data-action=settings]")
    page.select_option("[data-setting=rules]", rules)
    if page.is_enabled("[data-setting=players]"):
        page.select_option("[data-setting=players]", str(players))
    page.click("[data-action=settings-new-game]")
    page.wait_for_function(f"() => document.querySelector('main').dataset.rules === '{rules}'"
                           f" && document.querySelector('main').dataset.players === '{players}'")


def click_and_wait(page, selector: str) -> None:
    """Click, then wait until the game was saved again: the next look at the table sees the
    click's outcome, not the turn it answered."""
    before = page.evaluate("() => localStorage.getItem('belote.v1')")
    page.click(selector)
    page.wait_for_function("(before) => localStorage.getItem('belote.v1') !== before", arg=before)


# Every value the loading bar took (each change is a mutation record with the value before it).
PROGRESS_JS = """() => {
    window.barSeen = [];
    new MutationObserver((records) => {
        for (const r of records) window.barSeen.push(Number(r.oldValue));
    }).observe(document, {subtree: true, attributes: true, attributeOldValue: true,
                          attributeFilter: ["aria-valuenow"]});
}"""


def test_every_auction_fits_every_screen(browser, site_url, page_log):
    """One page: each rule set's auctions, every turn of the human at each of the four sizes;
    also the loading bar of that first visit, and the bar's menus in a dark color-scheme."""
    context = new_context(browser, base_url=site_url, viewport={"width": 1280, "height": 800},
                                  color_scheme="light")
    context.set_default_timeout(60_000)
    try:
        page = context.new_page()
        page_log.watch(context, page)
        page.add_init_script(f"({PROGRESS_JS})()")
        page.goto(table_url({"rules": "bulgarian", "level": "easy", "seed": 3}))
        wait_until_ready(page)
        # The first visit's loading bar counted bytes as they came, up to 100 %.
        values = page.evaluate("window.barSeen") + [
            int(page.get_attribute("[data-loading-bar]", "aria-valuenow"))]
        assert values == sorted(values) and values[-1] == 100, values
        assert any(0 < v < 100 for v in values), values
        text = page.text_content("[data-loading-bytes]")
        assert re.fullmatch(r"(\d+\.\d) / \1 MB", text), text
        # WebKit draws a select's menu in the select's color-scheme: dark, on the dark bar.
        assert page.evaluate("getComputedStyle(document.querySelector("
                             "'[data-setting=language]')).colorScheme") == "dark"
        where: dict = {}
        turns = 0
        meant: set[str] = set()  # the rule sets whose bubbles' meanings were tapped
        own: set[str] = set()    # ... with the player's own bubble among them
        for rules, players in GAMES:
            if (rules, players) != ("bulgarian", 4):
                new_game(page, rules, players)
            mine = 0
            while True:
                phase = wait_for_human(page)
                if phase == "hand-over":  # thrown in: the next hand's auction
                    click_and_wait(page, "[data-action=next]")
                    continue
                if phase == "play" and mine == 0:  # the others took it before the human's
                    play_until(page, phase_is("hand-over", "match-over"))  # turn: next hand
                    continue
                if phase != "auction" or mine >= 4:
                    assert mine >= 1, f"{rules}-{players}: no auction turn for the human ({phase})"
                    break
                for w, h in SIZES:
                    page.set_viewport_size({"width": w, "height": h})
                    here = f"{rules}-{players} {w}x{h} turn {mine}"
                    all_in_view(page, here)
                    if rules == "coinche":  # each level shows its four suits in view
                        for level in page.eval_on_selector_all(
                                "[data-level]:not([disabled])",
                                "es => es.map(e => e.dataset.level)"):
                            page.click(f"[data-level='{level}']")
                            all_in_view(page, f"{here} level {level}")
                    said = page.locator("[data-seat-panel] [data-action=meaning]").count()
                    if said and (w, h) == (1280, 800) and not meant:
                        meaning_on_hover_and_focus(page, here)
                    yours = page.locator("[data-seat-panel] [data-said-seat='0'] "
                                         "[data-action=meaning]").count()
                    if (w, h) == (360, 640) and ((said and rules not in meant)
                                                 or (yours and rules not in own)):
                        meanings_shown(page, here)  # bids' meanings, your own once it shows
                        if yours:
                            own.add(rules)
                    if said and (w, h) == (360, 640) and rules not in meant:
                        last = "[data-bidbox] [data-bid]:not([disabled]) >> nth=-1"
                        page.keyboard.press("Shift")
                        page.locator(last).focus()
                        bid_tip_fits(page, "[data-bidbox] :focus", f"{here}, focused")
                        page.evaluate("() => document.activeElement.blur()")
                        all_in_view(page, f"{here}, after the meanings")
                        meant.add(rules)
                    # The felt and the hand stay where they were, whatever bubbles came. On
                    # a narrow screen a notice takes a row of its own above the score (issue
                    # 24): the felt is then another, steady too; the hand never moves.
                    now = steady(page)
                    notice = w < 1000 and page.locator("[data-notice]").count() > 0
                    assert where.setdefault((w, h, notice), now) == now, here
                    assert where.setdefault((w, h, "hand"), now[".hand"]) == now[".hand"], here
                page.set_viewport_size({"width": 1280, "height": 800})
                mine += 1
                turns += 1
                legal = state(page)["bids"]
                bid = "pass" if mine < 3 and "pass" in legal else \
                    next((b for b in legal if b != "pass"), legal[0])
                click_and_wait(page, f"[data-bid='{bid}']")
        assert turns >= len(GAMES)
        assert meant >= {"bulgarian", "coinche", "french", "bela", "classic"}, meant
        assert own >= {"french", "classic"}, own
    finally:
        context.close()
    assert not page_log.problems(), page_log.problems()


def test_contract_declarations_and_the_last_trick(page, open_table):
    """Coinche, seed 14: the human holds a quarte of hearts, the partner one of diamonds."""
    page.set_viewport_size({"width": 1280, "height": 800})
    open_table(page, {"rules": "coinche", "level": "easy", "seed": 14})
    wait_for_human(page)
    before = steady(page)
    assert page.locator("[data-region=contract] *").count() == 0  # no contract yet
    play_until(page, lambda p: p.locator("[data-declare]").count() > 0)
    # The declaration box lies over the felt: the table keeps its size, the hand its place.
    assert steady(page) == before
    label = page.eval_on_selector(".declbox label", SEEN)
    assert label == "Quarte ♥ 9-10-J-Q · 50", label
    # The contract on the felt, and the whole auction one key away.
    marker = page.locator("[data-region=contract] [data-contract]")
    contract = saved(page)["match"]["hands"][-1]
    assert marker.is_visible()
    felt = page.locator(".felt").bounding_box()
    box = marker.bounding_box()
    assert felt["x"] <= box["x"] and box["x"] + box["width"] <= felt["x"] + felt["width"]
    page.keyboard.press("b")
    page.wait_for_selector("[data-panel=hand] [data-auction]")
    said = page.eval_on_selector_all("[data-panel=hand] [data-auction] [data-said]",
                                     "es => es.map(e => e.dataset.said)")
    assert said == contract["auction"]
    problems = axe(page, "bidding and declarations")
    page.keyboard.press("Escape")
    assert page.locator("[data-panel=hand]").count() == 0
    act(page)  # the first card, with the quarte
    wait_for_human(page)
    assert steady(page) == before
    # After the first trick: everyone's declarations, readable, until the hand ends.
    chips = page.eval_on_selector_all(
        "[data-seat-panel] [data-declared]",
        f"es => es.map(e => [e.closest('[data-seat-panel]').dataset.seatPanel, ({SEEN})(e),"
        " parseFloat(getComputedStyle(e).fontSize)])")
    assert ["0", "Quarte ♥ 9-10-J-Q · 50"] in [c[:2] for c in chips], chips
    assert ["2", "Quarte ♦ 10-J-Q-K · 50"] in [c[:2] for c in chips], chips
    assert all(size >= 12 for *_, size in chips), chips
    # The last trick: each card at its seat, with the seat's name.
    page.click("[data-action=last-trick]")
    names = page.eval_on_selector_all(
        "[data-panel=last-trick] figure", "es => es.map(e => [e.querySelector('img')"
        ".dataset.seat, e.querySelector('figcaption').innerText])")
    assert sorted(names) == [["0", "You"], ["1", "Right"], ["2", "Partner"], ["3", "Left"]]
    page.keyboard.press("Escape")
    play_until(page, phase_is("hand-over", "match-over"))
    assert marker.is_visible()  # to the end of the hand
    assert page.locator("[data-panel=hand-over] .why[data-why]").count() >= 1
    page.click("[data-panel=hand-over] .auction-details summary")
    said = page.eval_on_selector_all("[data-panel=hand-over] [data-auction] [data-said]",
                                     "es => es.map(e => e.dataset.said)")
    assert said == contract["auction"]
    problems += axe(page, "hand summary")
    assert not problems, "\n".join(problems)


def out_match() -> Match:
    """Classic, two players: the human to play, and "I'm out" may be said."""
    rng = random.Random(2)
    m = Match("classic", 2, {}, 4)
    while not (m.phase == "play" and m.turn == 0 and "out" in m.legal_actions()):
        legal = m.legal_actions()
        m.apply(rng.choice([a for a in legal if a != "out"] or legal))
    return m


def right_claim_match() -> Match:
    """Classic, two players, seed 0: the human says "I'm out" when it is right."""
    rng = random.Random(0)
    m = Match("classic", 2, {}, 0)
    while m.phase != "match-over":
        legal = m.legal_actions()
        if "out" in legal and m.turn == 0 and m.totals[0] + m.hand.claim_points(0) >= 1000:
            m.apply("out")
            break
        m.apply(rng.choice([a for a in legal if a != "out"] or legal))
    assert m.sheet[-1]["out"]["right"]
    return m


def valat_match() -> Match:
    """French: the first hand in which a side takes every trick, over."""
    for seed in range(300):
        m = Match("french", 4, {}, seed)
        while m.phase in ("auction", "play"):
            legal = m.legal_actions()
            if m.phase == "play":
                cards = [a for a in legal if len(a) == 2]
                legal = cards[-1:] if m.turn % 2 == 0 else cards[:1]
            m.apply(legal[0])
        if m.sheet[-1].get("valat") is not None:
            return m
    raise AssertionError("no valat")


STATS = {"bulgarian": {"played": 12, "won": 7, "hands": 140, "taken": 40, "made": 31,
                       "valats": 3},
         "coinche": {"played": 120, "won": 61, "hands": 1400, "taken": 400, "made": 301,
                     "valats": 13},
         "classic-3": {"played": 2, "won": 1, "hands": 30, "taken": 9, "made": 5, "valats": 0}}


def test_claims_and_endings_on_a_phone(browser, site_url, page_log):
    """360×640: "I'm out" asks first, with the counted total beside the target; a claimed hand
    on the score sheet and in the final score; the match-over panel and the statistics fit;
    valat on the score sheet as its points. Matches are imported, not played."""
    context = new_context(browser, base_url=site_url, viewport={"width": 360, "height": 640})
    context.set_default_timeout(60_000)
    save = storage.encode(storage.clean_settings({}), None, storage.clean_stats(STATS))
    context.add_init_script(f"if (!localStorage.getItem('belote.v1'))"
                            f" localStorage.setItem('belote.v1', {json.dumps(save)})")
    try:
        page = context.new_page()
        page_log.watch(context, page)
        page.goto(table_url({"rules": "classic", "players": 2, "level": "easy", "seed": 1}))
        wait_for_human(page)
        before = steady(page)
        problems = []
        # "I'm out!" on the table moves nothing, and asks first.
        claimant = out_match()
        page.click("[data-action=sheet]")
        paste(page, json.dumps(claimant.to_dict()))
        page.click("[data-action=import-resume]")
        out = page.locator("[data-action=out]")
        out.wait_for()
        page.click("[data-notice] [data-action=dismiss]")  # the import's notice (its own row)
        assert steady(page) == before
        hand = state(page)["hand"]
        page.click("[data-action=out]")
        panel = page.locator("[data-panel=confirm-out]")
        panel.wait_for()
        total, known = claimant.totals[0], claimant.hand.shown_points(0)
        for name, value in (("total", total), ("shown", known), ("counted", total + known),
                            ("target", 1000), ("needed", max(0, 1000 - total - known))):
            assert page.get_attribute(f"[data-out-{name}]", f"data-out-{name}") == str(value)
        assert page.evaluate("document.activeElement.dataset.action") == "close"  # the safe one
        problems += axe(page, "I'm out: the confirmation")
        page.click("[data-panel=confirm-out] [data-action=close]")
        assert panel.count() == 0
        assert state(page)["phase"] == "play" and state(page)["hand"] == hand
        assert saved(page)["match"]["hands"][-1]["out"] is None
        page.click("[data-action=out]")
        page.click("[data-action=out-confirm]")
        page.wait_for_selector("[data-panel=match-over] [data-out]")
        judged = Match.from_dict(saved(page)["match"])
        claimed = [int(x) for x in page.eval_on_selector_all(
            "[data-claim-side]", "es => es.map(e => e.textContent)")]
        assert claimed == judged.sheet[-1]["score"]
        # A match won by a right "I'm out": the claim on the sheet and in the final score.
        claimed_match = right_claim_match()
        page.click("[data-action=sheet]")
        paste(page, json.dumps(claimed_match.to_dict()))
        page.click("[data-action=import-resume]")
        page.wait_for_selector("[data-panel=match-over] [data-out=right]")
        entry = claimed_match.sheet[-1]
        cells = page.eval_on_selector_all("[data-claim-side]", "es => es.map(e => e.textContent)")
        assert [int(x) for x in cells] == entry["score"]
        finals = page.eval_on_selector_all("[data-panel=match-over] [data-final-side]",
                                           "es => es.map(e => e.textContent)")
        assert [int(x) for x in finals] == claimed_match.totals != [0, 0]
        # three rule sets saved before, and the claimed match just played (classic-2)
        assert page.locator("[data-panel=match-over] table.stats tr[data-stats]").count() == 4
        assert page.evaluate(FITS_JS, "[data-panel=match-over]") == []
        problems += axe(page, "match over, 360 px")
        page.click("[data-action=sheet]")
        last = page.locator("[data-panel=sheet] tbody tr").last
        assert i18n.EN["sheet.out"] in last.inner_text()
        assert last.locator(".sheet-contract .suit").count() == 1  # ♣, ♦, ♥ or ♠
        # each heading aligned as its column's cells ("Contract" left, over left; defect 11)
        aligns = page.evaluate("""() => {
            const sheet = document.querySelector('[data-panel=sheet] table.sheet');
            const cells = sheet.tBodies[0].rows[0].cells;
            return [...sheet.tHead.rows[0].cells].map((th, i) =>
                [getComputedStyle(th).textAlign, getComputedStyle(cells[i]).textAlign]);
        }""")
        assert aligns[1] == ["left", "left"] and all(a == b for a, b in aligns), aligns
        page.click("[data-action=close]")
        # The statistics: every column readable at 360 px.
        page.click("[data-action=stats]")
        assert page.evaluate(FITS_JS, "[data-panel=stats]") == []
        labels = page.eval_on_selector_all(
            "[data-panel=stats] tr[data-stats='coinche'] td",
            "es => es.map(e => getComputedStyle(e, '::before').content)")
        assert len(labels) == 10 and all(x not in ("none", '""') for x in labels), labels
        problems += axe(page, "statistics, 360 px")
        page.click("[data-action=close]")
        # Valat on the score sheet as its points.
        page.click("[data-action=sheet]")
        paste(page, json.dumps(valat_match().to_dict()))
        page.click("[data-action=import-resume]")
        page.click("[data-action=sheet]")
        note = page.locator("[data-panel=sheet] tbody tr").last.locator("small").inner_text()
        assert re.search(r"valat (Us|Them) \+90", note), note
        assert not problems, "\n".join(problems)
    finally:
        context.close()
    assert not page_log.problems(), page_log.problems()


def test_a_failed_load_says_so_and_offers_to_try_again(browser, site_url):
    context = new_context(browser, base_url=site_url)
    context.set_default_timeout(60_000)
    log = PageLog()
    try:
        page = context.new_page()
        log.watch(context, page)
        # the context's route: on a first visit the service worker fetches the runtime
        context.route("**/pyodide.asm.wasm", lambda route: route.abort())
        page.goto(table_url())
        box = page.locator("[data-loading-error]")
        box.wait_for(state="visible")
        assert page.inner_text("[data-loading-error-text]") == i18n.EN["loading.failed"]
        assert "pyodide.asm.wasm" in page.inner_text("[data-loading-error-reason]")
        retry = page.locator("[data-loading-retry]")
        assert retry.inner_text() == i18n.EN["loading.retry"]
        assert page.get_attribute("main", "data-phase") == "loading"
        assert not page.locator("[data-loading-bar]").is_visible()
        with page.expect_navigation():
            retry.click()
        box.wait_for(state="visible")  # still failing: said again
    finally:
        context.close()
    assert not log.foreign, log.foreign
