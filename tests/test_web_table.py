"""The table's pure parts under CPython: the saved state (web/storage/save.py) and the HTML of each
region (web/table/regions.py) for every rule set, checked against the engine's legal actions."""

import json
import random
import re
from html import unescape

import pytest
from table_page import Page

from belote import Match, replay
from web import ai
from web.i18n import card_label, t
from web.records import transfer
from web.storage import save as storage
from web.storage import stats as stats_model
from web.storage.settings import DEFAULTS as DEFAULT_SETTINGS
from web.table import panels, regions, summary, words
from web.table.notice import notice as notice_html
from web.table.shown import Shown

SETS = [("bulgarian", 4), ("french", 4), ("coinche", 4), ("bela", 4), ("classic", 2),
        ("classic", 3), ("classic", 4)]


# --- storage ---------------------------------------------------------------------------------
def test_missing_save_is_a_fresh_start():
    for raw in (None, ""):
        loaded = storage.decode(raw)
        assert loaded.problem is None and loaded.match is None
        assert loaded.settings == DEFAULT_SETTINGS and loaded.stats == {}


@pytest.mark.parametrize("raw", ["{not json", "[]", "42", "null", '"text"'])
def test_unreadable_saves_are_reported(raw):
    assert storage.decode(raw).problem == "not readable"


def test_other_version_is_reported():
    assert storage.decode(json.dumps({"version": 2, "match": None})).problem == "version"
    assert storage.decode(json.dumps({"match": None})).problem == "version"


def test_round_trip_and_salvage():
    m = Match("coinche", 4, {}, 5)
    for _ in range(6):
        m.apply(m.legal_actions()[0])
    settings = storage.clean_settings(
        {"rules": "coinche", "players": 4, "levels": ["expert"] * 3, "four_colour": True})
    stats = storage.clean_stats({"coinche": {"played": 2, "won": 1}})
    raw = storage.encode(settings, m, stats)
    loaded = storage.decode(raw)
    assert loaded.problem is None
    assert loaded.match.to_dict() == m.to_dict()
    assert loaded.settings == settings and loaded.stats == stats
    # An inconsistent match: the match is refused, settings and statistics are kept.
    data = json.loads(raw)
    data["match"]["hands"][0]["deck"].reverse()
    loaded = storage.decode(json.dumps(data))
    assert loaded.problem == "inconsistent" and loaded.detail and loaded.match is None
    assert loaded.settings == settings and loaded.stats == stats
    # Bad fields fall back one by one.
    data["settings"] = {"rules": "poker", "players": 9, "level": "god", "four_colour": "yes"}
    data["stats"] = {"x": {"played": -1, "won": 0}, "bela": {"played": 1, "won": 5}, "y": 3}
    loaded = storage.decode(json.dumps(data))
    assert loaded.settings == DEFAULT_SETTINGS
    assert loaded.stats == {"bela": {**stats_model.empty(), "played": 1, "won": 1}}


def test_settings_players_follow_the_rules():
    assert storage.clean_settings({"rules": "classic", "players": 3})["players"] == 3
    assert storage.clean_settings({"rules": "bela", "players": 3})["players"] == 4
    assert stats_model.key("classic", 2) == "classic-2"
    assert stats_model.key("bulgarian", 4) == "bulgarian"


# --- rendering ------------------------------------------------------------------------------
def attrs(html: str, name: str) -> list[str]:
    import re
    return re.findall(rf'{name}="([^"]*)"', html)


def enabled_bids(html: str) -> set[str]:
    import re
    return {m.group(1) for m in re.finditer(r'data-bid="([^"]*)"(?![^>]*disabled)', html)}


def enabled_levels(html: str) -> list[str]:
    import re
    return [m.group(1) for m in re.finditer(r'data-level="([^"]*)"(?![^>]*disabled)', html)]


@pytest.mark.parametrize(("rules", "players"), SETS)
def test_regions_follow_the_engine_through_a_match(rules, players):
    """Play a whole match with random legal actions; at every step the bidding box enables
    exactly the legal bids, the hand shows exactly the human's cards with the illegal ones
    aria-disabled, the trick shows the trick and the scores show the totals."""
    rng = random.Random(f"{rules}{players}")
    m = Match(rules, players, {}, 11)
    ui = Shown(settings=dict(DEFAULT_SETTINGS))
    steps = 0
    while m.phase != "match-over" and steps < 3000:
        view = m.view(0)
        ui.reasons = {c: m.why_illegal(c) for c in view["hand"]
                      if view["phase"] == "play" and m.turn == 0 and c not in view["legal"]}
        html = regions.regions(view, ui)
        assert set(html) == {"bar", "score", "seats", "center", "contract", "bids", "declare",
                             "hand", "overlay", "message", "notice"}
        assert sorted(attrs(html["hand"], "data-card")) == sorted(view["hand"])
        if view["phase"] == "auction" and m.turn == 0:
            legal = set(view["legal"])
            if rules == "coinche":  # the levels, then the chosen level's suits
                numbers = {b for b in legal if " " in b}
                levels = {b.split()[0] for b in numbers}
                assert set(enabled_levels(html["bids"])) == levels
                level = regions.coinche_level(view, ui)
                assert enabled_bids(html["bids"]) == (legal - numbers) | {
                    b for b in numbers if b.split()[0] == level}
            else:
                assert enabled_bids(html["bids"]) == legal
        else:
            assert html["bids"] == ""
        if view["contract"] and view["phase"] in ("play", "hand-over"):
            assert f'data-contract="{view["contract"]["name"]}"' in html["contract"]
        else:
            assert html["contract"] == ""
        if view["phase"] == "play" and m.turn == 0:
            playable = [c for c in view["hand"] if c in view["legal"]]
            for c in view["hand"]:
                disabled = f'data-card="{c}" aria-disabled="true"' in html["hand"]
                assert disabled == (c not in playable)
        assert attrs(html["center"], "data-trick-card") == [c for _, c in view["trick"]]
        key = "data-score-team" if players == 4 else "data-score-player"
        assert len(attrs(html["score"], key)) == view["sides"]
        if view["phase"] == "hand-over":
            assert 'data-action="next"' in html["overlay"]
        legal = m.legal_actions()
        action = rng.choice([a for a in legal if a != "out"] or legal)
        m.apply(action)
        steps += 1
    view = m.view(0)
    html = regions.regions(view, ui)
    assert 'data-panel="match-over"' in html["overlay"]
    assert html["overlay"].count('data-action="new-game"') == 1
    assert 'data-action="new-game"' not in html["bar"]


def test_card_labels_and_refusal_reason():
    assert card_label("JH") == "jack of hearts"
    assert card_label("TS") == "ten of spades"
    m = Match("bulgarian", 4, {}, 2)
    view = m.view(0)
    ui = Shown(settings=dict(DEFAULT_SETTINGS))
    ui.reasons = {view["hand"][0]: "you must follow spades"}
    html = regions.hand(view, ui)
    assert f'aria-label="{card_label(view["hand"][0])}, not playable: you must follow spades"' \
        in html


def test_every_bid_word_has_a_label():
    view = {"rules": "bulgarian", "turned": "JH"}
    for word in ("pass", "double", "redouble", "clubs", "diamonds", "hearts", "spades",
                 "no-trumps", "all-trumps", "take", "90 hearts", "capot spades"):
        assert words.bid_text(word, view) and "bid." not in words.bid_text(word, view)
    assert words.bid_text("double", {"rules": "coinche"}) == t("bid.coinche")


def test_a_failing_bot_is_replaced_by_the_random_bot_for_that_decision():
    m = Match("french", 4, {}, 3)
    view = m.view(m.turn)

    def broken(_view):
        raise RuntimeError("bot bug")

    action = ai._on_page(broken, view, "test bot")
    assert action in view["legal"]
    assert ai._on_page(lambda v: "not an action", view, "test bot") == action
    assert ai._on_page(lambda v: view["legal"][-1], view, "test bot") == view["legal"][-1]


# --- the table at a glance (issue 11) --------------------------------------------------------
def seen_text(html: str) -> str:
    """What the HTML shows: tags and words for screen readers only left out."""
    import re
    html = re.sub(r'<span class="visually-hidden">.*?</span>', "", html)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html)).strip()


def test_declarations_read_with_their_cards_and_points():
    assert seen_text(words.declaration_html({"kind": "tierce", "cards": "9H TH JH",
                                              "points": 20})) == "Tierce ♥ 9-10-J · 20"
    assert seen_text(words.declaration_html({"kind": "carre", "cards": "9C 9D 9H 9S",
                                              "points": 150})) == "Four nines · 150"
    assert "hearts" in words.declaration_html({"kind": "quarte", "cards": "7H 8H 9H TH",
                                                "points": 50})  # spoken


def until(m: Match, done, rng=None):
    rng = rng or random.Random(1)
    while not done(m):
        legal = m.legal_actions()
        m.apply(rng.choice([a for a in legal if a != "out"] or legal))
    return m


def test_a_bubble_pops_in_when_said_not_when_drawn_again():
    """A bid's bubble carries its animation's class once it is said in this page (the page's
    morph keeps the element, so a later drawing does not start it again); a reload draws the
    table still, and ?fast=1 never animates."""
    p = Page("rules=bulgarian&level=easy&seed=5&worker=0")
    p.play_until(lambda q: len(q.m.match.hand.auction.words) >= 2 and q.m.match.turn == 0)
    assert p.regions["seats"].count("bubble bid fresh") >= 2
    again = Page("rules=bulgarian&level=easy&seed=5&worker=0", storage_=dict(p.storage))
    assert again.m.match.hand.auction.words == p.m.match.hand.auction.words
    assert "bubble bid" in again.regions["seats"] and "fresh" not in again.regions["seats"]
    p.click(bid=p.m.match.legal_actions()[0])
    assert "fresh" not in Page("fast=1&rules=bulgarian&level=easy&seed=5").regions["seats"]


def test_the_contract_marker_from_the_auction_to_the_end_of_the_hand():
    m = Match("french", 4, {}, 4)
    ui = Shown(settings=dict(DEFAULT_SETTINGS))
    assert regions.contract_marker(m.view(0), ui) == ""
    until(m, lambda m: m.phase != "auction")
    view = m.view(0)
    marker = regions.contract_marker(view, ui)
    assert f'data-contract="{view["contract"]["name"]}"' in marker
    assert 'data-action="hand-info"' in marker
    until(m, lambda m: m.phase != "play")
    assert m.phase == "hand-over" and regions.contract_marker(m.view(0), ui) != ""
    ui.overlay = "hand"
    info = panels.overlay(m.view(0), ui)
    said = [w for _, w in m.view(0)["auction"]]
    import re
    assert re.findall(r'data-said="([^"]*)"', info) == said


def test_the_coinche_box_shows_one_level_at_a_time():
    m = Match("coinche", 4, {}, 14)
    until(m, lambda m: m.turn == 0)
    view = m.view(0)
    ui = Shown(settings=dict(DEFAULT_SETTINGS))
    lowest = regions.coinche_level(view, ui)
    ui.bid_level = "capot"
    html = regions.bids(view, ui)
    assert enabled_bids(html) >= {"capot clubs", "capot spades"}
    assert not any(b.startswith(lowest + " ") for b in enabled_bids(html))
    assert 'data-level="capot" aria-pressed="true"' in html
    ui.bid_level, ui.hint = None, "capot hearts"
    assert regions.coinche_level(view, ui) == "capot"


def test_i_am_out_asks_with_the_counted_total():
    m = Match("classic", 2, {}, 4)
    until(m, lambda m: m.turn == 0 and "out" in m.legal_actions(), random.Random(2))
    view = m.view(0)
    ui = Shown(settings=dict(DEFAULT_SETTINGS), overlay="confirm-out")
    html = panels.overlay(view, ui)
    total, shown = view["totals"][0], view["known_points"][0]
    assert f'data-out-total="{total}"' in html and f'data-out-shown="{shown}"' in html
    assert f'data-out-counted="{total + shown}"' in html and 'data-out-target="1000"' in html
    assert 'data-action="out-confirm"' in html


def test_the_sheet_shows_suits_and_valat_points():
    view = {"rules": "french", "players": 4, "sides": 2, "totals": [252, 0], "hanging": 0,
            "sheet": [{"hand": 1, "dealer": 0, "contract": "hearts", "score": [252, 0],
                       "hanging": [0, 0], "made": True, "bidders": 0, "totals": [252, 0],
                       "valat": 0}]}
    html = panels.sheet(view)  # type: ignore[arg-type]
    assert '<span class="suit red" aria-hidden="true">♥</span>' in html
    assert "valat Us +90" in html


def test_the_bots_do_not_wait_behind_a_review_step(monkeypatch):
    """While a hand review's step holds the worker, a bot's turn is thought on the page."""
    import asyncio
    import concurrent.futures

    m = Match("french", 4, {}, 3)
    view = m.view(m.turn)
    asked = []
    started: list[asyncio.Event] = []   # the step reached the worker
    release: list[asyncio.Event] = []   # ... which answers it when the test says so

    class Worker:
        async def review_next(self, review_id):
            started[0].set()
            await release[0].wait()
            return "{}"

        async def choose(self, level, seat, view_json):
            asked.append(level)
            return view["legal"][0]

    monkeypatch.setattr(ai, "_worker", Worker())
    monkeypatch.setattr(ai, "_worker_state", "ready")

    async def both():
        started.append(asyncio.Event())
        release.append(asyncio.Event())
        step = asyncio.ensure_future(ai.review_step("review_next", 1))
        await started[0].wait()
        action = await ai.think("easy", view)
        assert not step.done() and action in view["legal"] and asked == []
        release[0].set()
        assert await step == "{}"
        assert await ai.think("easy", view) == view["legal"][0] and asked == ["easy"]

    # A thread of its own: the worker that runs this test may hold Playwright's event loop.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, both()).result()


def hand_over(rules: str, players: int, seed: int, bidder_side: int, made: bool) -> Match:
    """A match whose first hand ended with ``bidder_side``'s contract ``made`` or not."""
    for attempt in range(400):
        m, rng = Match(rules, players, {}, seed + attempt), random.Random(attempt)
        while m.phase in ("auction", "play"):
            legal = m.legal_actions()
            m.apply(rng.choice([a for a in legal if a != "out"] or legal))
        score = m.view(0)["hand_score"]
        if score and score["bidders"] == bidder_side and bool(score["made"]) == made \
                and not any(score["hanging"]):
            return m
    raise AssertionError("no such hand")


@pytest.mark.parametrize(("side", "made", "news"), [(0, True, "good"), (1, True, "bad"),
                                                    (0, False, "bad"), (1, False, "good")])
def test_the_summary_says_news_for_your_side_with_a_mark(side, made, news):
    """They made it: bad news (their colour, and ✘), whatever the word "made" (issue 24)."""
    view = hand_over("french", 4, 10, side, made).view(0)
    html = summary.summary(view)
    mark = summary.NEWS_MARKS[news]
    assert f'data-news="{news}"><span class="news-mark" aria-hidden="true">{mark}</span>' in html
    assert f'data-made="{str(made).lower()}"' in html


def test_the_sheet_names_who_took_each_contract():
    m = hand_over("bulgarian", 4, 20, 1, True)
    m.apply("next")
    takers = transfer.takers(m, {})
    record = transfer.hand_of_sheet(m, 1)
    assert takers == {1: replay(record, complete=False).contract.bidder}
    assert takers[1] in (1, 3)
    html = panels.sheet(m.view(0), takers)
    seat = words.seat_name(takers[1], 4)
    assert f'· <span class="sheet-taker" data-taker="{takers[1]}">{seat}</span>' in html
    assert transfer.takers(m, {1: 3}) == {1: 3}  # what is known is not replayed again
    assert transfer.taker({"rules": "nonsense"}) is None


def test_notices_are_slim_dismissible_and_fold_when_their_state_lasts():
    ui = Shown(notice="A new version is ready.", notice_kind="update")
    html = notice_html(ui)
    assert 'data-tone="news"' in html and 'data-action="update"' in html
    assert 'data-action="dismiss"' in html
    ui = Shown(notice="Practice", notice_kind="practice")
    assert 'data-action="dismiss"' in notice_html(ui)
    ui.notice_folded = True
    folded = notice_html(ui)
    assert "data-folded" in folded and 'data-action="dismiss"' not in folded
    assert 'data-action="practice-end"' in folded and "Practice: it does not count." in folded
    ui = Shown(notice="Broken", notice_kind="broken-save")
    assert 'data-tone="problem"' in notice_html(ui)
    ui = Shown(notice="Other tab", notice_kind="other-tab", passive=True)
    assert 'data-action="take-over"' in notice_html(ui)
    assert notice_html(Shown()) == ""


def test_no_style_rule_hangs_on_has():
    """The page's layout follows attributes the view sets (<main data-notices>, data-declaring,
    a notice's data-shows), never ``:has()``: WebKit does not re-apply a ``:has()`` rule when
    the children it looks at change, and its table lost the felt when a notice came (issue 40)."""
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    sheets = sorted((root / "web").glob("*.css")) + [root / "index.html"]
    for sheet in sheets:
        text = sheet.read_text()
        rules = text if sheet.suffix == ".css" else "".join(
            part.split("</style>")[0] for part in text.split("<style>")[1:])
        code = "".join(part.split("*/", 1)[-1] for part in rules.split("/*"))  # comments out
        assert ":has(" not in code, f"{sheet.name} has a :has() rule"


def summary_rows(html: str) -> dict[str, list[str]]:
    """The summary table's rows: heading -> cells."""
    out = {}
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", html.split('<table class="summary">')[1]):
        head = re.search(r"<th[^>]*>(.*?)</th>", row)
        if head:
            cells = re.findall(r"<td[^>]*>(.*?)</td>", row)
            out[unescape(head.group(1))] = [unescape(c) for c in cells]
    return out


def ended_hands(rules: str, wanted, tries: int = 3000):
    """The first hand (random legal play, seeds from 0) whose view satisfies ``wanted``."""
    for seed in range(tries):
        m, rng = Match(rules, 4, {}, seed), random.Random(seed)
        while m.phase in ("auction", "play"):
            legal = m.legal_actions()
            m.apply(rng.choice([a for a in legal if a != "out"] or legal))
        view = m.view(0)
        if view.get("hand_score") and wanted(view):
            return view
    raise AssertionError("no such hand")


def test_the_summary_adds_up_in_no_trumps():
    """Issue 35, defect 5: Bulgarian no trumps counts the cards twice; the summary says so,
    and its lines add up to the total."""
    view = ended_hands("bulgarian", lambda v: v["contract"]["kind"] == "no-trumps")
    score = view["hand_score"]
    rows = summary_rows(summary.summary(view))
    counted = rows[t("summary.cards.counted", factor=2)]
    assert [int(c) for c in counted] == [2 * p for p in score["card_points"]]
    for side in range(2):
        valat = rows.get(t("summary.valat"), ["", ""])[side]
        parts = [counted[side], rows[t("summary.declarations")][side],
                 rows[t("summary.belote")][side], valat]
        assert sum(int(x) for x in parts if x) == int(rows[t("summary.raw")][side])
    # a suit contract counts the cards once: no such line
    plain = ended_hands("bulgarian", lambda v: v["contract"]["kind"] == "suit")
    assert not any(h.startswith(t("summary.cards") + " ×")
                   for h in summary_rows(summary.summary(plain)))


def test_the_summary_says_a_double_and_who_takes_the_hand_when_inside():
    """Issue 35, defect 5: a doubled hand has its line (the total times two); a hand that
    went inside says the other side takes it."""
    view = ended_hands("bulgarian", lambda v: v["contract"]["multiplier"] == 2
                       and not v["hand_score"]["made"] and not any(v["hand_score"]["hanging"]))
    rows = summary_rows(summary.summary(view))
    assert rows[t("contract.doubled").capitalize()] == ["×2"]
    assert t("summary.inside.all") in rows
    bidders = view["hand_score"]["bidders"]
    assert int(rows[t("summary.score")][bidders]) == 0
    made = ended_hands("bulgarian", lambda v: v["hand_score"]["made"])
    assert t("summary.inside.all") not in summary_rows(summary.summary(made))
