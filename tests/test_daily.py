"""The daily deal (belote/daily.py) and its history (belote/streak.py): the deals of a date, the
Expert's line, duplicate scoring, the share text, the streak across days and time zones. No
clock: every date and instant is given."""

import datetime as dt
import functools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from table_page import expert_line

from belote import Match
from belote.cards import CARD_NAMES
from belote.daily import (
    HANDS,
    RULES_BY_WEEKDAY,
    compare,
    daily,
    daily_hand,
    day_result,
    margin,
    share_text,
    utc_date,
)
from belote.deals import commitment, deal
from belote.record import RecordError, replay
from belote.streak import add_hand, begin, clean, days, streak

ROOT = Path(__file__).resolve().parent.parent
DEALS = json.loads((ROOT / "tests/data/daily_deals.json").read_text())
HANDS_PLAYED = json.loads((ROOT / "tests/data/daily_hands.json").read_text())
# The tests that read the Expert's lines share one pytest-xdist worker, where each line is
# computed once (tests/table_page.py ``expert_line``; the daily command run once).
EXPERTS_LINE = pytest.mark.xdist_group("experts-line")


def experts_record(date: str, number: int) -> dict:
    """The Expert's line on a daily hand, computed once per worker."""
    return json.loads(expert_line(date, number))


# --- the deals of a date ------------------------------------------------------------------------
@pytest.mark.parametrize("expected", DEALS["days"], ids=lambda d: d["date"])
def test_the_deals_of_a_date_are_a_fixed_expectation(expected):
    # The page runs the same code in Pyodide and must draw these same deals.
    day = daily(expected["date"])
    assert day.rules == expected["rules"] and day.hands == HANDS == len(expected["hands"])
    for number, hand in enumerate(expected["hands"], 1):
        match = day.match(number)
        record = match.hand_record()
        assert match.hand.seed == hand["seed"] == \
            f"{day.rules}/4/daily/{day.date}/{number}/0"
        assert record["commitment"] == hand["commitment"] == commitment(hand["seed"])
        assert record["dealer"] == hand["dealer"]
        assert " ".join(record["deck"]) == hand["deck"]
        assert "seed" not in record  # revealed only once the hand is over


def test_a_deck_is_pythons_shuffle_seeded_by_the_string():
    # docs/deals.md: anyone can redo it with the standard library alone.
    import random

    seed = "coinche/4/daily/2026-12-24/1/0"
    rng = random.Random(seed)
    cards = list(range(32))
    rng.shuffle(cards)
    assert deal(seed, 4) == (rng.randrange(4), cards)
    assert daily("2026-12-24").match(1).hand.deck == cards


def test_the_rule_set_follows_the_weekday():
    monday = dt.date(2026, 12, 21)
    for offset, name in enumerate(RULES_BY_WEEKDAY):
        assert daily(monday + dt.timedelta(days=offset)).rules == name
    assert daily("2026-12-24").rules == "coinche"  # a Thursday


def test_every_day_deals_other_cards():
    decks = {tuple(daily(dt.date(2026, 1, 1) + dt.timedelta(days=i)).match(n).hand.deck)
             for i in range(30) for n in range(1, HANDS + 1)}
    assert len(decks) == 30 * HANDS


@pytest.mark.parametrize("bad", ["2026-13-01", "2026-02-30", "24/12/2026", "", None, 20261224,
                                 "2026-12-24T10:00", dt.datetime(2026, 12, 24)])
def test_a_bad_date_is_a_value_error(bad):
    with pytest.raises(ValueError):
        daily(bad)


def test_a_hand_out_of_the_day_is_refused():
    day = daily("2026-12-24")
    for number in (0, HANDS + 1, True, "1"):
        with pytest.raises(ValueError):
            day.match(number)


def test_a_daily_seed_is_recognised_and_nothing_else():
    assert daily_hand("coinche/4/daily/2026-12-24/2/0") == {"date": "2026-12-24", "hand": 2}
    for seed in ("french/4/daily/2026-12-24/2/0",   # not Thursday's rule set
                 "coinche/4/daily/2026-12-24/5/0",  # no fifth hand
                 "coinche/4/daily/2026-12-24/2/1",  # not a first hand
                 "coinche/4/daily/2026-02-30/2/0", "coinche/4/7/0", None, 12):
        assert daily_hand(seed) is None


# --- the Expert's line --------------------------------------------------------------------------
COMMAND_DATE = "2026-12-23"  # a Wednesday: Bela, the quickest to search


@functools.cache
def daily_command() -> str:
    """What ``python -m belote daily`` prints for COMMAND_DATE, run once per worker, in a
    process with another hash seed than this one's."""
    out = run("daily", COMMAND_DATE, env={**os.environ, "PYTHONHASHSEED": "12345"})
    assert out.returncode == 0, out.stderr
    return out.stdout


@EXPERTS_LINE
def test_the_experts_line_is_the_same_every_time_and_in_another_process():
    # Fixed work, no clock: the same on every device. Another process (the daily command's)
    # has another hash seed (set and dict orders of strings differ), which must not matter
    # either.
    day = daily(COMMAND_DATE)
    lines = [day.expert_record(n) for n in range(1, HANDS + 1)]
    assert day.expert_record(3) == lines[2]
    assert json.loads(daily_command())["hands"] == lines
    for n, record in enumerate(lines, 1):
        assert replay(record).over and record["seed"] == day.hand_seed(n)


def test_the_experts_steps_end_with_the_hand_over():
    day = daily("2026-12-24")
    steps = list(day.expert_steps(2))  # hand 2: everyone passes
    assert [m.phase for m in steps][-1] == "hand-over"
    assert steps[-1].hand_record() == day.expert_record(2)


@EXPERTS_LINE
def test_the_bots_answer_alike_whenever_they_are_made():
    # The player's opponents and partner answer as in the Expert's line wherever the
    # position is the same, even made afresh for every decision (as a worker may): a bot's
    # answer depends only on its seed and its view.
    day = daily("2026-12-24")
    expert = experts_record("2026-12-24", 3)
    match = day.match(3)
    while match.phase in ("auction", "play"):
        seat = match.turn
        assert seat is not None
        match.apply(day.bot(3, seat).choose(match.view(seat)))
    assert match.hand_record() == expert


# --- duplicate scoring ----------------------------------------------------------------------
def test_duplicate_scoring_on_fixed_hands():
    # tests/data/daily_hands.json: hands 1-3 of 2026-12-24, seat 0 played by an Easy bot
    # ("yours") and by the Expert; the others are the day's bots in both.
    day = daily(HANDS_PLAYED["date"])
    got = [compare(day, h["hand"], h["yours"], h["experts"]) for h in HANDS_PLAYED["hands"]]
    assert got == [
        # you took 110 clubs and made it (320 to 20); the Expert's side reached 160
        # spades redoubled and made it: 1400 to 0
        {"hand": 1, "you": 300, "expert": 1400, "difference": -1100, "mark": "worse"},
        # everyone passed, both times
        {"hand": 2, "you": 0, "expert": 0, "difference": 0, "mark": "equal"},
        # the same contract, 80 hearts by seat 3: 0 to 240 for you, 160 to 80 for the Expert
        {"hand": 3, "you": -240, "expert": 80, "difference": -320, "mark": "worse"},
    ]
    assert margin(day, 3, HANDS_PLAYED["hands"][2]["yours"], seat=1) == 240
    result = day_result(day, got)
    assert result == {"date": "2026-12-24", "rules": "coinche", "hands": got, "total": -1420}


def test_a_record_that_is_not_the_days_hand_is_refused():
    day = daily("2026-12-24")
    yours = HANDS_PLAYED["hands"][0]["yours"]
    with pytest.raises(RecordError, match="daily hand 2"):
        margin(day, 2, yours)  # hand 1's cards
    unfinished = dict(yours, play=yours["play"][:5])
    unfinished.pop("seed")
    with pytest.raises(RecordError, match="not finished"):
        margin(day, 1, unfinished)
    with pytest.raises(RecordError):
        margin(daily("2026-12-25"), 1, yours)


def test_the_share_text():
    result = {"date": "2026-12-24", "rules": "coinche", "total": 40, "hands": [
        {"mark": "better"}, {"mark": "equal"}, {"mark": "worse"}, {"mark": "better"}]}
    assert share_text(result) == "Belote daily 2026-12-24 · Coinche\n🟩⬜🟥🟩 +40"
    assert share_text(dict(result, total=-1420), "Belote du jour", "Coinche") == \
        "Belote du jour 2026-12-24 · Coinche\n🟩⬜🟥🟩 -1420"
    assert share_text(dict(result, total=0, hands=[])).endswith("\n ±0")


def test_the_share_text_holds_nothing_about_the_player():
    day = daily(HANDS_PLAYED["date"])
    result = day_result(day, [compare(day, h["hand"], h["yours"], h["experts"])
                              for h in HANDS_PLAYED["hands"]])
    text = share_text(result)
    assert text == "Belote daily 2026-12-24 · Coinche\n🟥⬜🟥 -1420"
    assert not any(card in text for card in CARD_NAMES)  # no card, no hand's score
    assert not any(str(h["you"]) in text for h in result["hands"] if h["you"])


# --- the day, the streak and time zones -----------------------------------------------------
def at(y, m, d, hh, mm, hours_from_utc: float) -> dt.datetime:
    return dt.datetime(y, m, d, hh, mm, tzinfo=dt.timezone(dt.timedelta(hours=hours_from_utc)))


def test_the_day_is_the_utc_date_wherever_the_player_is():
    # 09:30 on 25 December in Sydney (UTC+11) and 13:30 on 24 December in Los Angeles
    # (UTC-8) are the same instant, and the same daily deal: 24 December's.
    sydney, los_angeles = at(2026, 12, 25, 9, 30, 11), at(2026, 12, 24, 14, 30, -8)
    assert utc_date(sydney) == utc_date(los_angeles) == "2026-12-24"
    assert utc_date(at(2026, 12, 24, 23, 59, 0)) == "2026-12-24"
    assert utc_date(at(2026, 12, 25, 0, 0, 0)) == "2026-12-25"
    assert utc_date(at(2026, 12, 24, 19, 0, -5)) == "2026-12-25"   # New York, evening
    # milliseconds since the epoch, as JavaScript's Date.now() gives them
    assert utc_date(sydney.timestamp() * 1000) == "2026-12-24"
    assert utc_date(0) == "1970-01-01" and utc_date(-1) == "1969-12-31"
    for bad in (dt.datetime(2026, 12, 24, 10, 0), "2026-12-24", None, True, 1e20,
                float("nan"), float("inf")):
        with pytest.raises(ValueError):
            utc_date(bad)


def play_day(history, date, today, hands=HANDS):
    """A try at ``date``'s deal begun on ``today``, ``hands`` hands finished."""
    history, counts = begin(history, daily(date), today)
    for n in range(1, hands + 1):
        history = add_hand(history, date, {"hand": n, "you": 10 * n, "expert": 20})
    return history, counts


def test_only_the_first_try_on_its_own_day_counts():
    history, counts = play_day({}, "2026-12-24", "2026-12-24")
    assert counts and list(history) == ["2026-12-24"]
    assert history["2026-12-24"] == {"rules": "coinche",
                                     "hands": [[10, 20], [20, 20], [30, 20], [40, 20]]}
    again, counts = play_day(history, "2026-12-24", "2026-12-24")  # a second try: practice
    assert not counts and again == history
    late, counts = play_day(history, "2026-12-23", "2026-12-24")  # a past day: practice
    assert not counts and late == history
    early, counts = play_day({}, "2026-12-25", "2026-12-24")
    assert not counts and early == {}


def test_hands_are_added_once_and_in_order():
    history, _ = begin({}, daily("2026-12-24"), "2026-12-24")
    hand = {"hand": 1, "you": 80, "expert": 160}
    history = add_hand(history, "2026-12-24", hand)
    assert add_hand(history, "2026-12-24", hand) == history          # already counted
    assert add_hand(history, "2026-12-24", dict(hand, hand=3)) == history  # not the next one
    assert add_hand(history, "2026-12-23", hand) == history          # no try that day
    assert days(history) == [{"date": "2026-12-24", "rules": "coinche", "finished": False,
                              "total": -80, "hands": [{"hand": 1, "you": 80, "expert": 160,
                                                       "difference": -80, "mark": "worse"}]}]


def test_the_streak_across_days():
    history: dict = {}
    for date in ("2026-12-20", "2026-12-21", "2026-12-22",  # three days in a row
                 "2026-12-24", "2026-12-25"):               # a day missed, then two
        history, counts = play_day(history, date, date)
        assert counts
    assert streak(history, "2026-12-25") == {"current": 2, "best": 3}
    # the next day, before its deal is played, the streak is still alive...
    assert streak(history, "2026-12-26") == {"current": 2, "best": 3}
    # ... and gone the day after
    assert streak(history, "2026-12-27") == {"current": 0, "best": 3}
    # a try begun but not finished keeps nothing going
    unfinished, _ = play_day(history, "2026-12-26", "2026-12-26", hands=3)
    assert streak(unfinished, "2026-12-26") == {"current": 2, "best": 3}
    assert streak(unfinished, "2026-12-27") == {"current": 0, "best": 3}
    history, _ = play_day(history, "2026-12-26", "2026-12-26")
    assert streak(history, "2026-12-26") == {"current": 3, "best": 3}
    assert streak({}, "2026-12-26") == {"current": 0, "best": 0}


def test_the_streak_across_time_zones_and_midnight_utc():
    # A player in Auckland (UTC+13) plays every morning at 08:00 local time: that is the
    # evening before in UTC, so each morning's deal is the previous UTC date's, and the days
    # stay in a row. Across a month's end and a year's end.
    history: dict = {}
    mornings = [at(2026, 12, 30, 8, 0, 13), at(2026, 12, 31, 8, 0, 13),
                at(2027, 1, 1, 8, 0, 13), at(2027, 1, 2, 8, 0, 13)]
    for morning in mornings:
        today = utc_date(morning)
        history, counts = play_day(history, today, today)
        assert counts
    assert sorted(history) == ["2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01"]
    assert streak(history, utc_date(at(2027, 1, 2, 20, 0, 13))) == {"current": 4, "best": 4}
    # A player in Honolulu (UTC-10) starts at 13:55 local, 23:55 UTC, and finishes after
    # midnight UTC: the try was begun on its day and counts for it.
    start, end = at(2026, 12, 24, 13, 55, -10), at(2026, 12, 24, 14, 20, -10)
    history, counts = begin({}, daily(utc_date(start)), utc_date(start))
    assert counts and utc_date(end) == "2026-12-25"
    for n in range(1, HANDS + 1):
        history = add_hand(history, "2026-12-24", {"hand": n, "you": 0, "expert": 0})
    assert streak(history, utc_date(end)) == {"current": 1, "best": 1}


def test_a_stored_history_is_cleaned_never_raised_on():
    good = {"rules": "coinche", "hands": [[1, 2]]}
    stored = {"2026-12-24": good, "2026-12-25": {"rules": "coinche", "hands": [[1]]},
              "2026-02-30": good, "yesterday": good, "2026-12-26": [],
              "2026-12-27": {"rules": "french", "hands": [[1, 2]] * 5},
              "2026-12-28": {"rules": 3, "hands": []},
              "2026-12-29": {"rules": "french", "hands": [[True, 2]]}}
    assert clean(stored) == {"2026-12-24": good}
    for junk in (None, [], "x", 3):
        assert clean(junk) == {}


def test_a_daily_match_is_an_ordinary_match():
    # The page plays a daily hand as any match: saved and restored, the seed revealed at the
    # end, the hand verified.
    day = daily("2026-12-24")
    match = day.match(2)
    for _ in range(4):
        match.apply("pass")
    restored = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert restored.hand_record() == match.hand_record()
    assert match.hand_record()["seed"] == day.hand_seed(2)


# --- the command ----------------------------------------------------------------------------
def run(*args, stdin: str | None = None, env: dict | None = None):
    return subprocess.run([sys.executable, "-m", "belote", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=600, env=env)


@EXPERTS_LINE
def test_the_daily_command_prints_the_experts_line_and_results():
    # (its hands are the Expert's line: test_the_experts_line_is_the_same_every_time_...)
    printed = json.loads(daily_command())
    day = daily(COMMAND_DATE)
    assert printed["date"] == day.date and printed["rules"] == "bela" == day.rules
    assert [r["seed"] for r in printed["hands"]] == \
        [day.hand_seed(n) for n in range(1, HANDS + 1)]
    assert [e["margin"] for e in printed["expert"]] == \
        [margin(day, n, r) for n, r in enumerate(printed["hands"], 1)]
    assert printed["total"] == sum(e["margin"] for e in printed["expert"])
    for entry in printed["expert"]:
        assert entry["margin"] == entry["score"][0] - entry["score"][1]
    checked = run("verify", "-", stdin=daily_command())
    assert checked.returncode == 0, checked.stderr
    assert [h["daily"] for h in json.loads(checked.stdout)["hands"]] == \
        [{"date": COMMAND_DATE, "hand": n} for n in range(1, HANDS + 1)]


def test_a_bad_date_is_a_usage_error():
    for bad in ("2026-02-30", "tomorrow"):
        out = run("daily", bad)
        assert out.returncode == 2 and out.stdout == "" and "Traceback" not in out.stderr
        assert len(out.stderr.strip().splitlines()) == 1 and bad in out.stderr
