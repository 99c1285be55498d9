""""Learn from your mistakes" (web/coach/puzzles.py, web/coach/practice.py): a review's graded
choices as puzzles. The pure side (which choices, how a pick is judged, a session's steps and
score, bad review data), the review's costs of every option, and the table driven as the page
drives it (tests/table_page.py): the position put back, a wrong pick then the best one, the
statistics' count, the notice's buttons, the keyboard, and back to the match untouched."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from table_page import Page

from belote import hand_record, replay
from belote.analysis import Review, moments
from belote.bench.analysis import played_record
from web.app import messages as msgs
from web.app.effects import AskHint
from web.coach import puzzles
from web.coach import review as review_model
from web.coach.practice import start_puzzles
from web.i18n import LANGUAGES, card_label, set_language, t
from web.storage import save as storage
from web.storage import stats as stats_model
from web.storage.settings_panel import stats_table

BULGARIAN = "fast=1&rules=bulgarian&level=easy&seed=7"


pytestmark = pytest.mark.usefixtures("english")  # tests/conftest.py


def decision(phase="play", index=3, played="7H", best="AH", cost=30.0, options=None,
             **kw) -> dict:
    d = {"phase": phase, "index": index, "played": played, "best": best,
         "cost_expected": cost, "cost_exact": 0.0, "worlds": 8, "best_exact": best,
         "mistake": cost > 20, "options": options if options is not None else
         {best: 0.0, played: cost, "KH": 15.0}}
    d.update(kw)
    return d


# --- the pure side ---------------------------------------------------------------------------
def test_only_graded_choices_are_puzzles():
    ds = [decision(index=1), decision(index=2, cost=5.0), decision(index=3, cost=3.0,
                                                                   grade="inaccuracy"),
          decision(index=4, cost=40.0, grade="")]
    assert [p.index for p in puzzles.puzzles_of(ds, 20.0)] == [1, 3, 4]


def test_a_pick_is_as_good_as_the_best_within_the_margin():
    p = puzzles.puzzles_of([decision()], 20.0)[0]
    assert p.choices == ["AH", "7H", "KH"]
    best, good, bad = (puzzles.judge(p, c) for c in ("AH", "KH", "7H"))
    assert best and best.good and best.cost == 0
    assert good and good.good and good.cost == 15  # under the mistake threshold: as good
    assert bad and not bad.good and bad.cost == 30 and bad.best == "AH"
    assert puzzles.judge(p, "QS") is None  # not an option: not judged


def test_the_margin_follows_the_reviews_grades():
    d = decision(grade="mistake", grades={"inaccuracy": 10.0, "mistake": 20.0})
    p = puzzles.puzzles_of([d], 20.0)[0]
    assert p.margin == 10.0
    assert not puzzles.judge(p, "KH").good  # 15 is an inaccuracy there


def test_a_review_stored_without_option_costs_offers_the_best_and_the_played():
    d = decision()
    del d["options"]
    p = puzzles.puzzles_of([d], 20.0)[0]
    assert p.choices == ["AH", "7H"] and puzzles.judge(p, "KH") is None
    assert puzzles.judge(p, "AH").good and not puzzles.judge(p, "7H").good


@pytest.mark.parametrize("bad", [
    None, 5, "x", {}, {"mistake": True}, decision(phase="declare"), decision(index="3"),
    decision(cost=float("nan")), decision(played=None), decision(best=7),
    decision(options={"AH": "zero", 3: 1}),
])
def test_bad_review_data_never_raises(bad):
    out = puzzles.puzzles_of([bad, decision(index=9)], 20.0)
    assert out[-1].index == 9 and len(out) <= 2
    for p in out:
        assert all(puzzles.judge(p, c) is not None for c in p.choices)


def test_a_session_steps_and_counts_the_first_pick():
    ds = [decision(index=1), decision(index=5)]
    s = puzzles.Session({"rules": "bulgarian", "players": 4}, 2, puzzles.puzzles_of(ds, 20.0))
    assert not s.go(-1) and s.at == 0
    verdict, first = s.pick("7H")
    assert verdict and not verdict.good and first
    verdict, first = s.pick("AH")
    assert verdict and verdict.good and not first and s.found
    assert s.pick("QS") == (None, False)
    assert s.go(1) and s.last is None and not s.found
    assert s.pick("KH")[0].good
    assert not s.go(1) and s.score() == (1, 2)


def test_the_review_values_every_option():
    """Each decision carries the expected cost of every option it valued: every legal card,
    and the bids weighed; the played and the best among them, the best at 0."""
    record = played_record("bulgarian", 4, "puzzles", 2, "normal")
    full = replay(record, complete=False)
    review = Review(record, 0, 4, 0)
    for moment, d in zip(moments(full, 0), review, strict=True):
        options = d["options"]
        assert options[d["best"]] == 0 and options[d["played"]] == d["cost_expected"]
        assert all(c >= 0 for c in options.values())
        if d["phase"] == "play":
            assert set(options) == set(moment.options)
        else:
            assert set(options) <= set(moment.options)
    packed = review_model.pack(review.decisions, 2.0)
    assert review_model.unpack(packed, record) == (review.decisions, 2.0)
    # A review stored before the options were kept still reads (without them).
    old = {**packed, "d": [row[:13] for row in packed["d"]]}
    kept = review_model.unpack(old, record)
    assert kept is not None and all(d["options"] == {} for d in kept[0])
    bad = {**packed, "d": [row[:13] + [[["AH", "x"]]] for row in packed["d"]]}
    assert review_model.unpack(bad, record) is None


# --- statistics ------------------------------------------------------------------------------
def test_the_statistics_count_puzzles_and_old_saves_load():
    stats: dict = {}
    stats_model.record_puzzle(stats, "bulgarian", 4, True)
    stats_model.record_puzzle(stats, "bulgarian", 4, False)
    stats_model.record_puzzle(stats, "nothing", 4, True)  # an unknown rule set: left out
    assert stats["bulgarian"]["puzzles"] == 2 and stats["bulgarian"]["solved"] == 1
    assert list(stats) == ["bulgarian"]
    old = {"bulgarian": {"played": 3, "won": 1}}
    assert stats_model.clean(old)["bulgarian"]["puzzles"] == 0
    bad = {"bulgarian": {"puzzles": 2, "solved": 9}, "french": {"puzzles": "x", "solved": -1}}
    cleaned = stats_model.clean(bad)
    assert cleaned["bulgarian"]["solved"] == 2 and cleaned["french"]["puzzles"] == 0
    raw = json.dumps({"version": 1, "settings": {}, "match": None, "stats": old})
    assert storage.decode(raw).stats["bulgarian"]["solved"] == 0
    html = stats_table(stats)
    assert "data-puzzles" in html and 'data-solved data-label="Solved">1' in html


# --- the table -------------------------------------------------------------------------------
def finished(p: Page) -> bool:
    return p.m.match.phase in ("hand-over", "match-over")


def graded_review(p: Page) -> tuple[dict, list[dict]]:
    """A finished hand's record and a review of it with a graded bid and a graded card (the
    best one another option than the played one; every option valued)."""
    p.play_until(finished)
    record = hand_record(p.m.match.hand)
    full = replay(record, complete=False)
    out = []
    for m in moments(full, 0):
        others = [o for o in m.options if o != m.played]
        if m.phase in {d["phase"] for d in out}:
            continue
        costs = {o: 30.0 for o in m.options}
        costs[others[0]] = 0.0
        if len(others) > 1:
            costs[others[1]] = 5.0  # within the margin: as good
        out.append(decision(m.phase, m.index, m.played, others[0], 30.0, costs))
    return record, out


def test_puzzles_on_the_table_judge_picks_and_count_them():
    p = Page(BULGARIAN)
    record, ds = graded_review(p)
    match, raw = p.m.match, p.saved()
    p.run(start_puzzles, record, ds, 20.0, 1)
    first = ds[0]
    assert p.notice_kind == "puzzle" and p.m.saved.match is match and p.m.match is not match
    assert "Puzzle 1 of 2" in p.regions["notice"] and p.m.match.turn == 0
    assert 'data-action="puzzle-prev"' in p.regions["notice"]
    assert 'data-action="puzzle-next"' in p.regions["notice"]
    # The position: the human to choose, the choices those the review valued.
    assert set(p.m.match.view(0)["legal"]) >= set(first["options"])
    # A wrong pick: judged, never played, counted once.
    wrong = first["played"]
    click = {"bid": wrong} if first["phase"] == "auction" else {"card": wrong}
    before = p.m.match.view(0)
    p.click(**click)
    assert 'data-verdict="bad"' in p.regions["notice"] and "Try again" in p.regions["notice"]
    assert p.m.match.view(0) == before
    entry = json.loads(p.saved())["stats"]["bulgarian"]
    assert (entry["puzzles"], entry["solved"]) == (1, 0)
    assert json.loads(p.saved())["match"] == json.loads(raw)["match"]
    # The best one: well found; the count does not change (the first pick counts).
    best = {"bid": first["best"]} if first["phase"] == "auction" else {"card": first["best"]}
    p.click(**best)
    assert 'data-verdict="good"' in p.regions["notice"] and "Well found" in p.regions["notice"]
    assert p.m.saved.stats["bulgarian"]["puzzles"] == 1
    # The next puzzle: a good pick at the first try is solved.
    p.click("puzzle-next")
    second = ds[1]
    assert "Puzzle 2 of 2" in p.regions["notice"] and "data-verdict" not in p.regions["notice"]
    good = [o for o, c in second["options"].items() if 0 < c <= 20]
    pick = good[0] if good else second["best"]
    p.click(**({"bid": pick} if second["phase"] == "auction" else {"card": pick}))
    assert 'data-verdict="good"' in p.regions["notice"]
    entry = p.m.saved.stats["bulgarian"]
    assert (entry["puzzles"], entry["solved"]) == (2, 1)
    # Back to the first: its verdict is still said; picks there no longer count.
    p.click("puzzle-prev")
    assert "Well found" in p.regions["notice"]
    p.click(**best)
    assert p.m.saved.stats["bulgarian"]["puzzles"] == 2
    # Finish: back to the match as it was, saying how it went.
    p.click("puzzle-finish")
    assert p.m.match is match and p.m.puzzles is None and p.notice_kind == "puzzles-done"
    assert "1 of 2" in p.regions["notice"]
    assert json.loads(p.saved())["match"] == json.loads(raw)["match"]


def test_a_verdict_gives_the_reviews_reason_behind_why():
    p = Page(BULGARIAN)
    record, ds = graded_review(p)
    first = ds[0]
    reason = {"code": "card.better", "best": first["best"], "played": first["played"],
              "n": 32, "better": 20, "same": 10} if first["phase"] == "play" else \
        {"code": "bid.loses", "best": first["best"], "played": first["played"], "pct": 60}
    ds[0] = dict(first, reason=reason)
    p.run(start_puzzles, record, ds, 20.0, 1)
    assert "puzzle-why" not in p.regions["notice"]  # nothing to say before a pick
    p.click(**({"bid": first["played"]} if first["phase"] == "auction"
               else {"card": first["played"]}))
    said = "20 of 32 deals" if first["phase"] == "play" else "60% of the deals"
    notice = p.regions["notice"]
    assert 'data-action="puzzle-why" aria-expanded="false">Why?</button>' in notice
    assert said not in notice  # folded: the notice keeps its height
    p.click("puzzle-why")
    notice = p.regions["notice"]
    assert 'aria-expanded="true"' in notice
    # the review's words (review.reason.<code>), after the verdict, in the live region
    assert f'<span class="pz-reason" data-reason="{reason["code"]}">' in notice
    assert said in notice and notice.index("data-verdict") < notice.index("pz-reason")
    for code in LANGUAGES:
        p.change("language", code)
        set_language(code)
        notice = unescape(p.regions["notice"])
        words = max(re.split(r"\{[^}]*\}", t(f"review.reason.{reason['code']}")), key=len)
        assert t("puzzle.why") in notice and words.strip() in notice
    set_language("en")
    p.change("language", "en")
    p.click("puzzle-why")
    assert said not in p.regions["notice"]
    p.click("puzzle-next")  # another puzzle: no verdict yet, no reason
    assert "puzzle-why" not in p.regions["notice"] and not p.s.practice.why_open


def test_why_explains_only_the_choices_its_reason_compares():
    """Issue 35, defect 1: the review's reason compares the best choice with the one first
    played; after a pick of any other, "Why?" is not offered (it would explain another pick),
    and a reason opened for the last pick closes with a new pick."""
    p = Page(BULGARIAN)
    record, ds = graded_review(p)
    card = next(d for d in ds if d["phase"] == "play")
    reason = {"code": "card.better", "best": card["best"], "played": card["played"],
              "n": 32, "better": 20, "same": 12}
    ds = [dict(card, reason=reason)]
    p.run(start_puzzles, record, ds, 20.0, 1)
    p.click(card=card["played"])
    p.click("puzzle-why")
    assert "20 of 32 deals" in p.regions["notice"]
    other = next(o for o in card["options"] if o not in (card["best"], card["played"]))
    p.click(card=other)
    notice = p.regions["notice"]
    assert 'data-verdict="' in notice and card_label(other) in unescape(notice)
    assert "puzzle-why" not in notice and "20 of 32 deals" not in notice
    p.click(card=card["best"])  # the best one: its reason says why it is best
    assert 'aria-expanded="false"' in p.regions["notice"]
    p.click("puzzle-why")
    assert "20 of 32 deals" in p.regions["notice"]


def test_the_hint_never_gives_a_puzzles_answer_away():
    p = Page(BULGARIAN)
    record, ds = graded_review(p)
    p.run(start_puzzles, record, ds, 20.0, 1)
    assert p.m.match.turn == 0  # the human to choose: the hint would be enabled in a match
    assert '<button type="button" data-action="hint" disabled>' in p.regions["bar"]
    p.press("[data-action=hint]")  # disabled: no click
    assert not any(isinstance(step, AskHint) for step in p.asked)
    p.send(msgs.Hint())  # asked anyway: a refusal, not the answer
    assert not any(isinstance(step, AskHint) for step in p.asked)
    assert p.s.hint is None and t("puzzle.no-hint") in p.message
    p.click("puzzle-finish")  # back to the match: the hint is the Expert's again
    assert p.m.puzzles is None


def test_puzzles_by_keyboard_and_in_every_language():
    p = Page(BULGARIAN)
    record, ds = graded_review(p)
    p.run(start_puzzles, record, ds, 20.0, None)
    p.key("Escape")  # the notice folds, keeping its buttons
    assert "data-folded" in p.regions["notice"]
    assert 'data-action="puzzle-finish"' in p.regions["notice"]
    for code in LANGUAGES:
        p.change("language", code)
        set_language(code)
        assert t("puzzle.short") in p.regions["notice"]
    set_language("en")
    p.click("puzzle-finish")
    assert p.m.puzzles is None


def test_no_graded_choice_no_puzzles_and_a_bad_review_is_refused():
    p = Page(BULGARIAN)
    record, ds = graded_review(p)
    p.run(start_puzzles, record, [dict(d, mistake=False) for d in ds], 20.0, 1)
    assert p.m.puzzles is None and t("puzzle.none") in p.message
    p.run(start_puzzles, record, [dict(ds[0], index=999)], 20.0, 1)
    assert p.m.puzzles is None and 'data-message="illegal"' in p.message
    assert p.drawn('[data-action="puzzle-next"]') is None
    p.send(msgs.PuzzleStep(1))
    p.send(msgs.FinishPuzzles())  # nothing to finish
    assert p.s.practice is None


def test_the_review_offers_the_puzzles_once_done():
    state = review_model.State({"rules": "bulgarian", "players": 4}, 1)
    state.decisions = {0: decision()}
    state.total = state.expected_done = state.exact_done = 1
    state.status = "running"
    assert 'data-action="puzzles"' not in review_model.actions(state)
    state.status = "done"
    assert 'data-action="puzzles"' in review_model.actions(state)
    assert t("puzzle.open") in review_model.actions(state)
    state.decisions = {0: decision(cost=3.0)}
    assert 'data-action="puzzles"' not in review_model.actions(state)
