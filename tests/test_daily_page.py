"""The daily deal at the table (web/daily/), under CPython: the page's update and view driven
by clicks on what the view drew (tests/table_page.py), the date injected (the page's clock is
never read here).

The day's bots are the fixed Experts (belote.daily.Daily.bot) in one test; the others play
the page's flow with quicker bots seeded alike standing in for them and for the Expert's line
(``Page.stand_in``), as the flow does not depend on who plays well."""

from __future__ import annotations

import json

import pytest
from table_page import Page, stand_in_line

from belote import daily
from web.app import effects as fx
from web.app import messages as msgs
from web.coach import accuracy
from web.coach.accuracy import of_sheet
from web.daily import run as daily_run
from web.storage import save as storage

TODAY = "2026-12-24"           # a Thursday: Coinche
START = "fast=1&rules=bulgarian&level=easy&seed=7"


pytestmark = pytest.mark.usefixtures("english")  # tests/conftest.py


def page(today: str = TODAY, stand_in: str | None = "random", **kw) -> Page:
    p = Page(START, today=today, **kw)
    p.stand_in = stand_in
    return p


def over(p: Page) -> bool:
    return p.m.match.phase in ("hand-over", "match-over")


def play_hand(p: Page) -> None:
    """The player's first legal choices, clicked, to the end of the daily hand on the
    table."""
    p.play_until(over)
    assert p.drawn('[data-panel="daily-over"]') is not None


def play_day(p: Page, date: str = TODAY) -> None:
    """The daily panel, then the day's four hands from the start."""
    p.click("daily")
    p.click("daily-play", date=date)
    for n in range(1, daily.HANDS + 1):
        assert p.m.daily is not None and p.m.daily.number == n
        play_hand(p)
        if n < daily.HANDS:
            p.click("daily-next")


def stored(p: Page) -> dict:
    return json.loads(p.storage[daily_run.KEY])


# --- the way in ----------------------------------------------------------------------------------
def test_the_panel_asks_the_date_then_offers_todays_deal_and_the_past_days():
    p = page()
    p.click("daily")
    assert any(isinstance(e, fx.AskToday) for e in p.asked)
    assert p.attributes["data-overlay"] == "daily"
    assert p.find("[data-daily-today]").getAttribute("data-daily-today") == TODAY
    assert "Coinche" in p.find(".daily-today").textContent
    assert p.drawn(f'[data-action="daily-play"][data-date="{TODAY}"]') is not None
    past = [el.getAttribute("data-daily-date") for el in
            p.document().querySelectorAll("tr[data-daily-date]")]
    assert past == [f"2026-12-{d}" for d in range(23, 16, -1)]
    assert p.find("[data-streak]").getAttribute("data-streak") == "0"
    p.click("daily")  # the same button closes it
    assert p.attributes["data-overlay"] == ""


def test_a_daily_hand_sets_the_match_aside_without_hint_takeback_or_out():
    p = page()
    saved = p.m.saved.match
    p.change("takeback", True)
    p.click("daily")
    before = len(p.asked)
    p.click("daily-play", date=TODAY)
    run = p.m.daily
    assert run is not None and run.counts and p.m.match is run.match
    assert p.m.match.seed == "daily/2026-12-24/1" and p.m.match.rules.name == "coinche"
    assert p.notice_kind == "daily" and "it counts" in p.regions["notice"]
    assert p.m.saved.match is saved  # set aside, untouched
    p.play_until(lambda q: q.m.match.turn == 0 and q.m.match.phase == "play")
    assert p.find('[data-action="hint"]').disabled
    assert p.drawn('[data-action="take-back"]') is None
    assert p.drawn('[data-action="out"]') is None
    p.key("h")
    assert not any(isinstance(e, fx.AskHint) for e in p.asked)
    # its bots are the day's: the Expert, seeded by the hand and the seat
    asked = [e for e in p.asked[before:] if isinstance(e, fx.AskBot)]
    assert asked and all(e.level == "expert" and e.seed == f"daily/{TODAY}/1/{e.view['seat']}"
                         for e in asked)


def test_the_day_played_by_clicking_is_compared_counted_and_shared():
    p = page()
    play_day(p)
    run = p.m.saved.daily
    assert run is not None and run.finished
    # the last hand's row: your margin minus the line's (the stand-in's) on the same cards
    assert run.rows[-1] == daily.compare(run.day, 4, run.match.hand_record(),
                                         json.loads(stand_in_line("random", TODAY, 4)))
    rows = p.document().querySelectorAll("[data-daily-hand]")
    assert [r.getAttribute("data-mark") for r in rows] == [r["mark"] for r in run.rows]
    total = sum(r["difference"] for r in run.rows)
    assert p.find("tfoot [data-daily-total]").getAttribute("data-daily-total") == str(total)
    # counted: the history holds the day, the streak is 1
    assert p.m.saved.history[TODAY] == {"rules": "coinche",
                                        "hands": [[r["you"], r["expert"]] for r in run.rows]}
    assert stored(p)["history"] == p.m.saved.history
    # one tap shares the day's text
    p.click("daily-share")
    text = daily.share_text(daily.day_result(run.day, run.rows))
    assert p.shares == [text]
    assert p.find("[data-share-text]").textContent == text
    assert p.find("[data-shared]").getAttribute("data-shared") == "copied"
    p.click("daily-end")
    assert p.m.daily is None and p.notice_kind == ""
    p.click("daily")
    assert p.find("[data-streak]").getAttribute("data-streak") == "1"
    assert p.drawn(f'[data-action="daily-play"][data-date="{TODAY}"]').textContent == \
        "Play again (practice)"


def test_the_share_text_is_said_in_the_players_language():
    p = page()
    p.change("language", "fr")
    play_day(p)
    p.click("daily-share")
    assert p.shares[0].startswith("Belote du jour 2026-12-24 · Coinche (contrée)\n")


def test_only_the_first_try_on_its_day_counts():
    p = page()
    play_day(p)
    kept = dict(p.m.saved.history)
    play_day(p)  # today's again: practice
    assert not p.m.saved.daily.counts and "does not count" in p.regions["notice"]
    assert p.m.saved.history == kept
    play_day(p, "2026-12-20")  # a past day: practice
    assert p.m.saved.history == kept
    assert "2026-12-20" not in p.m.saved.history


def test_the_streak_across_days():
    storage_: dict = {}
    for day in ("2026-12-22", "2026-12-23"):
        play_day(page(day, storage_=storage_), day)
    p = page("2026-12-23", storage_=storage_)
    p.click("daily")
    assert p.find("[data-streak]").getAttribute("data-streak") == "2"
    p = page("2026-12-24", storage_=storage_)  # today still to play: the streak holds
    p.click("daily")
    assert p.find("[data-streak]").getAttribute("data-streak") == "2"
    p = page("2026-12-26", storage_=storage_)  # a day missed: it starts again
    p.click("daily")
    assert (p.find("[data-streak]").getAttribute("data-streak"),
            p.find("[data-streak]").getAttribute("data-best")) == ("0", "2")


def test_a_reload_goes_on_with_the_try_and_back_to_the_match_keeps_it():
    storage_: dict = {}
    p = page(storage_=storage_)
    p.click("daily")
    p.click("daily-play", date=TODAY)
    play_hand(p)
    p.click("daily-next")
    p.play_until(lambda q: q.m.match.phase == "play")
    q = page(storage_=storage_)  # a reload
    assert q.m.daily is not None and q.m.daily.number == 2 and q.notice_kind == "daily"
    assert q.m.match.to_dict() == p.m.match.to_dict()
    assert q.m.daily.rows == p.m.daily.rows
    q.click("daily-end")  # back to the match: the try waits
    assert q.m.daily is None and q.m.match.seed == 7
    q.click("daily")
    q.click("daily-play", date=TODAY)  # "Go on"
    assert q.m.daily is not None and q.m.daily.number == 2
    assert q.m.match.to_dict() == p.m.match.to_dict()


def test_another_day_started_from_a_daily_hand_goes_back_to_the_matchs_notice():
    p = page()
    p.change("rules", "coinche")  # the match's notice: the rules apply to the next game
    kept = p.s.notice
    play_day(p)
    p.click("daily")
    p.click("daily-play", date="2026-12-20")  # from the table's daily hand: another day
    assert p.m.saved.daily.day.date == "2026-12-20"
    p.click("daily-end")
    assert p.s.notice == kept


def test_a_try_that_counts_is_finished_before_another_day_is_practised():
    p = page()
    p.click("daily")
    p.click("daily-play", date=TODAY)
    p.click("daily-end")
    p.click("daily")
    assert p.find('[data-action="daily-play"][data-date="2026-12-20"]').disabled
    p.send(msgs.DailyPlay("2026-12-20"))
    assert "Finish the try that counts first" in p.message
    assert p.m.saved.daily.day.date == TODAY


def test_a_line_that_could_not_be_had_is_asked_again():
    p = page()
    p.click("daily")
    p.click("daily-play", date=TODAY)
    p.stand_in = None
    p.expert = lambda date, n: None  # the worker failed
    p.play_until(over)
    assert p.m.saved.daily.rows == [] and "could not be played" in p.message
    p.stand_in = "random"
    p.click("daily-compare")
    assert len(p.m.saved.daily.rows) == 1 and p.drawn("[data-daily-compare]") is not None


# --- two tabs ------------------------------------------------------------------------------------
def test_a_tab_follows_the_daily_try_another_tab_wrote_and_never_writes_a_stale_one():
    shared: dict = {}
    a = page(storage_=shared, tab="tab-a")
    b = page(storage_=shared, tab="tab-b")
    b.click("daily")
    b.click("daily-play", date=TODAY)  # a move: b plays the game now
    assert shared[storage.TAB_KEY] == "tab-b"
    play_hand(b)
    a.other_tab_writes(storage.TAB_KEY, "tab-b")
    a.other_tab_writes(daily_run.KEY, shared[daily_run.KEY])
    # followed, not on a's table: a keeps its match, stopped until taken back
    assert a.s.passive and a.m.daily is None and a.m.match.seed == 7
    assert a.m.saved.history == b.m.saved.history and a.m.saved.daily.rows == b.m.saved.daily.rows
    # taken back in a: the try goes on at hand 1's comparison, counted, none of it lost
    a.click("take-over")
    a.click("daily")
    a.click("daily-play", date=TODAY)
    assert a.m.daily is not None and a.m.daily.counts and a.m.daily.rows == b.m.daily.rows
    assert len(stored(a)["run"]["rows"]) == 1 and stored(a)["run"]["rows"] == b.m.daily.rows
    assert stored(a)["history"][TODAY]["hands"] == b.m.saved.history[TODAY]["hands"]
    # b, whose daily hand a plays on now, stops (told by the daily write alone); its table
    # follows a's
    a.click("daily-next")
    b.other_tab_writes(daily_run.KEY, shared[daily_run.KEY])
    assert b.s.passive and b.notice_kind == "other-tab"
    assert b.m.daily is not None and b.m.daily.number == 2
    written = dict(shared)
    b.send(msgs.DailyPlay(TODAY))
    assert shared == written
    a.play_until(lambda q: q.m.match.phase == "play")
    b.other_tab_writes(daily_run.KEY, shared[daily_run.KEY])
    assert b.m.match.to_dict() == a.m.match.to_dict()
    b.click("take-over")
    assert not b.s.passive and b.m.daily.number == 2 and b.m.daily.rows == a.m.daily.rows
    assert b.m.match.to_dict() == a.m.match.to_dict()


def test_two_tabs_keep_each_others_accuracies():
    shared: dict = {}
    a = page(storage_=shared, tab="tab-a")
    entry = {"rules": "bulgarian", "seeds": ["s1"], "totals": [[100, 62]]}
    a.m.saved.accuracy, a.m.saved.matches = {"s0": 80.0}, []
    a.other_tab_writes(accuracy.KEY, accuracy.dump({"s1": 55.5}, [entry]))
    assert a.m.saved.accuracy == {"s1": 55.5, "s0": 80.0} and a.m.saved.matches == [entry]
    a.send(msgs.Accuracy("s2", 90.0))  # a's next write keeps both tabs' hands
    kept, matches = accuracy.load(shared[accuracy.KEY])
    assert kept == {"s1": 55.5, "s0": 80.0, "s2": 90.0} and matches == [entry]


@pytest.mark.parametrize("raw", [
    "", "not json", "[]", "{}", '{"version": 2}', "[" * 30000,
    '{"version": 1, "history": {"2026-12-24": {"rules": 3, "hands": "x"}}, "run": 7}',
    '{"version": 1, "history": [], "run": {"date": "2026-13-45", "number": 1}}',
    '{"version": 1, "history": {}, "run": {"date": "2026-12-24", "number": 9, "match": {}}}',
    '{"version": 1, "history": {}, "run": {"date": "2026-12-24", "number": 1, '
    '"match": {"rules": "coinche", "players": 4, "seed": "daily/2026-12-23/1", "hands": []}}}',
])
def test_a_broken_daily_save_never_crashes(raw):
    p = page(storage_={daily_run.KEY: raw})
    assert p.m.saved.history == {} and p.m.saved.daily is None
    p.click("daily")
    p.click("daily-play", date=TODAY)
    assert p.m.daily is not None and not p.reports


def test_a_broken_history_keeps_its_good_days():
    good = {"rules": "bela", "hands": [[10, 20]]}
    raw = json.dumps({"version": 1, "history": {"2026-12-23": good, "x": 1,
                                                "2026-12-22": {"rules": "bela"}}})
    assert daily_run.load(raw) == ({"2026-12-23": good}, None)


def test_the_sheet_shows_the_commitment_before_the_hand_and_the_seed_after():
    p = page()
    match = p.m.match
    assert p.m.match.phase == "auction"
    p.click("sheet")
    assert p.find("[data-commitment]").textContent == match.commitment
    assert p.drawn("[data-seed]") is None
    p.click("close")
    p.play_until(lambda q: q.m.match.view(0)["contract"] is not None
                 and q.m.match.phase == "play")
    p.click("hand-info")  # the hand's details too
    assert p.find("[data-commitment]").textContent == match.commitment
    p.click("close")
    p.play_until(over)
    p.click("sheet")
    assert p.find("[data-seed]").textContent == match.hand_record()["seed"]


def test_the_fixed_experts_play_the_day_card_for_card():
    """The page's daily bots are the day's Experts: the auction of hand 1 as
    belote.daily.Daily.bot answers it."""
    p = page(stand_in=None)
    p.click("daily")
    p.click("daily-play", date=TODAY)
    day = daily.daily(TODAY)
    bots = [day.bot(1, seat) for seat in range(4)]
    replayed = day.match(1)
    p.play_until(lambda q: q.m.match.phase != "auction" or q.m.match.turn == 0
                 and len(q.m.match.view(0)["auction"]) >= 1)
    for seat, word in p.m.match.view(0)["auction"]:
        if seat != 0:
            assert bots[seat].choose(replayed.view(seat)) == word
        replayed.apply(word)



# --- accuracy ------------------------------------------------------------------------------------
def test_accuracy_is_asked_after_each_hand_and_shown_in_the_summary_and_on_the_sheet():
    storage_: dict = {}
    p = Page(START, storage_=storage_)
    p.play_until(over)
    asked = [e for e in p.asked if isinstance(e, fx.AskAccuracy)]
    record = p.m.match.hand_record()
    assert [(e.key, e.seat) for e in asked] == [(record["seed"], 0)]
    assert asked[0].record == record
    value = p.m.saved.accuracy[record["seed"]]
    assert value is None or 0 <= value <= 100
    shown = p.find('[data-panel="hand-over"] [data-accuracy]').getAttribute("data-accuracy")
    assert shown == ("" if value is None else f"{value:g}")
    p.click("sheet")
    assert p.find('[data-panel="sheet"] [data-match-accuracy]') is not None
    assert "accuracy" in p.find('[data-panel="sheet"] tbody small').textContent
    # kept: a reload shows it without asking again
    q = Page(START, storage_=storage_)
    assert q.m.saved.accuracy == p.m.saved.accuracy
    assert not any(isinstance(e, fx.AskAccuracy) for e in q.asked)


def test_accuracy_says_it_is_measuring_until_the_answer_comes():
    p = Page(START)
    p.accuracy = lambda record, seat: 87.25
    p.play_until(lambda q: q.m.match.phase == "play" and len(q.m.match.view(0)["hand"]) == 1)
    p.deliver(msgs.PlayCard(p.m.match.legal_actions()[0]))  # the last card: the answers held
    held = []
    while p.queue:
        msg = p.queue.popleft()
        if isinstance(msg, msgs.Accuracy):
            held.append(msg)
        else:
            p.deliver(msg)
    assert over(p) and len(held) == 1
    assert p.find('[data-panel="hand-over"] [data-accuracy]').getAttribute("data-accuracy") == ""
    assert "measuring" in p.find('[data-panel="hand-over"] [data-accuracy]').textContent
    p.send(held[0])
    assert p.find('[data-panel="hand-over"] [data-accuracy]').getAttribute(
        "data-accuracy") == "87.2"


@pytest.mark.parametrize("raw", ["", "x", "[]", '{"version": 1, "hands": 3}',
                                 '{"version": 1, "hands": {"a": 300, "b": "x", "c": 50}}'])
def test_a_broken_accuracy_store_keeps_what_is_well_formed(raw):
    kept, matches = accuracy.load(raw)
    assert kept == ({"c": 50.0} if '"c"' in raw else {}) and matches == []


# --- the charts ----------------------------------------------------------------------------------
def charts_of(p: Page) -> dict:
    p.click("stats")
    return {el.getAttribute("data-chart"): el
            for el in p.document().querySelectorAll("[data-panel=stats] [data-chart]")}


def test_the_statistics_draw_four_charts_empty_at_first():
    found = charts_of(page())
    assert list(found) == ["accuracy", "daily", "contracts", "match"]
    assert all(el.hasAttribute("data-empty") for el in found.values())


def test_each_chart_draws_its_data_with_a_table_for_screen_readers():
    storage_: dict = {}
    p = page(storage_=storage_)
    # a match to a low target, set aside by the day: it ends in a few hands, each measured
    p.click("settings")
    p.change("target", "30")
    p.click("settings-new-game")
    play_day(p)
    p.click("daily-end")
    p.play_until(lambda q: q.m.match.phase == "match-over")
    p.m.saved.stats["bulgarian"].update(taken=5, made=3)  # (the simple player never takes)
    found = charts_of(p)
    assert not any(el.hasAttribute("data-empty") for el in found.values())
    for el in found.values():
        svg = el.querySelector("svg")
        assert svg.getAttribute("aria-hidden") == "true"
        assert el.querySelector(".visually-hidden table caption") is not None
    # the daily chart: one bar for the day, its total in the table
    run = p.m.saved.daily
    total = sum(r["difference"] for r in run.rows)
    bars = found["daily"].querySelectorAll("rect")
    assert len(bars) == 1
    assert found["daily"].querySelectorAll("tbody td")[-1].textContent == (
        f"{total:+d}" if total else "±0")
    # the accuracy: the match just finished, its mean of the hands measured
    entry = p.m.saved.matches[-1]
    played = [e for e in p.m.match.sheet if e.get("totals")]  # (not the hands thrown in)
    assert entry["rules"] == "bulgarian" and entry["totals"] == [e["totals"] for e in played]
    assert len(played) > 1
    rows = found["accuracy"].querySelectorAll("tbody tr")
    assert [r.querySelector("th").textContent for r in rows] == ["Bulgarian Belot"]
    # the match's totals, hand by hand: one line per side, a row per hand
    assert len(found["match"].querySelectorAll("polyline")) == 2
    assert len(found["match"].querySelectorAll("tbody tr")) == len(played)
    # contracts: taken and made from the statistics
    stats = p.m.saved.stats["bulgarian"]
    cells = [c.textContent for c in found["contracts"].querySelectorAll("tbody td")]
    assert cells == [str(stats["taken"]), str(stats["made"])] == ["5", "3"]
    # every hand played out has its accuracy measured (none waits on)
    assert "" not in of_sheet(p.m).values()
    # kept: a reload has the same
    q = page(storage_=storage_)
    assert q.m.saved.matches == p.m.saved.matches and q.m.saved.history == p.m.saved.history


def test_the_totals_chart_steps_through_the_matches_kept():
    p = page()
    entries = [{"rules": "bulgarian", "seeds": ["a", "b"], "totals": [[90, 72], [151, 162]]},
               {"rules": "classic-3", "seeds": ["c"], "totals": [[40, 50, 72]]}]
    p.m.saved.matches = list(entries)
    p.play_until(lambda q: q.m.match.phase in ("hand-over", "match-over"))
    table = [list(e["totals"]) for e in p.m.match.sheet if e.get("totals")]

    def drawn() -> tuple[list[list[str]], str]:
        chart = p.find('[data-chart="match"]')
        rows = [[c.textContent for c in r.querySelectorAll("th, td")]
                for r in chart.querySelectorAll("tbody tr")]
        heads = [c.textContent for c in chart.querySelectorAll("thead th")]
        said = chart.textContent
        if chart.querySelector('[data-step="1"]').disabled:
            said += " (latest)"
        return rows, " ".join(heads) + " | " + said

    p.click("stats")
    rows, said = drawn()  # at first the match on the table, the latest of three
    assert rows == [[str(i + 1), *map(str, r)] for i, r in enumerate(table)]
    assert "Match 3 of 3" in said and "(latest)" in said
    p.send(msgs.ChartMatch(-1))  # the 3-player match kept: three sides, named by seat
    rows, heads = drawn()
    assert rows == [["1", "40", "50", "72"]] and len(heads.split(" | ")[0].split()) >= 4
    p.send(msgs.ChartMatch(-1))
    p.send(msgs.ChartMatch(-1))  # not past the oldest
    rows, heads = drawn()
    assert rows == [["1", "90", "72"], ["2", "151", "162"]] and "Us" in heads
    p.click("chart-match", step="1")  # the button, clicked
    assert "Match 2 of 3" in drawn()[1]
    p.click("close")
    assert "Match 3 of 3" in charts_of(p)["match"].textContent  # opened again: the latest
