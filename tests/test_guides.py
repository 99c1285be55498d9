"""The guided hands (belote/guides.py, web/coach/guide_script.py, web/coach/guide.py) played
through under CPython: each script is legal on the real engine, every step is reached, the deal
really has the duty each step claims (the card the test plays as wrong is refused by it), and
the score explained at the end is the engine's own. Through the table's update too
(tests/table_page.py), as a player clicks: an offer, a wrong card, an off-script card, "Next",
a reload midway, the end."""

from __future__ import annotations

import json

import pytest
from table_page import Page

from belote.cards import SUIT_MASK, parse_card
from belote.play import legal
from web.app import messages as msgs
from web.coach import guide as guides
from web.coach.guide_script import GUIDES, Step
from web.i18n import LANGUAGES, set_language, t

NAMES = sorted(GUIDES)


pytestmark = pytest.mark.usefixtures("english")  # tests/conftest.py


def steps(rules: str):
    """Play ``rules``' guide through on its own, yielding (run, step) at every step."""
    run = guides.GuideRun(GUIDES[rules])
    while not run.finished:
        step = run.step()
        if step is None:
            action = run.bot_action()
            assert action is not None, f"{rules}: the script ends before the hand"
            assert action in run.match.legal_actions(), (rules, run.at, action)
            run.match.apply(action)
            run.took()
            continue
        yield run, step
        if step.expect:
            assert run.match.turn == 0, (rules, run.at, "the step waits for the bots")
            assert step.expect in run.match.legal_actions(), (rules, run.at, step.expect)
            run.apply_player(step.expect)
        else:
            assert run.next()
    assert run.at == len(run.guide.script), f"{rules}: the script goes on after the hand"
    yield run, None


@pytest.mark.parametrize("rules", NAMES)
def test_every_step_is_reached_and_the_hand_ends(rules):
    seen = [step for _, step in steps(rules)]
    assert seen[-1] is None
    script_steps = [s for s in GUIDES[rules].script if isinstance(s, Step)]
    assert seen[:-1] == script_steps


@pytest.mark.parametrize("rules", NAMES)
def test_each_duty_is_there_and_refuses_the_wrong_card(rules):
    """A step that shows a duty: the engine restricts the player's cards by it, and the card
    the browser test plays as wrong is refused naming it (docs/rules.md §1 "Playing a card")."""
    shown = 0
    for run, step in steps(rules):
        if step is None or not step.duty:
            continue
        hand = run.match.hand
        if step.duty == "partner-frees":  # void, holding trumps, the partner winning: free
            trump = hand.contract_in_play.trump_suit
            led = hand.trick[0] >> 3
            mine = hand.hands[0]
            assert not mine & SUIT_MASK[led] and mine & SUIT_MASK[trump]
            mask, duty = legal(mine, hand.trick, hand.trick_seats, 0, hand.team,
                               hand.contract_in_play, hand.duties)
            assert mask == mine and duty is None
            shown += 1
            continue
        assert hand._legal()[1] == step.duty, (rules, step)
        if step.wrong:
            why = run.match.why_illegal(step.wrong)
            assert why is not None and why.code == step.duty, (rules, step.wrong, why)
            assert hand.hands[0] >> parse_card(step.wrong) & 1
        shown += 1
    assert shown >= 3


@pytest.mark.parametrize("rules", NAMES)
def test_the_score_lines_are_the_engines_score(rules):
    *_, (run, _) = steps(rules)
    score = run.match.hand.score
    assert score is not None
    lines = guides.score_lines(run.match)
    us = run.match.rules.side(0)
    assert t("guide.score.cards", us=score.card_points[us],
             them=score.card_points[1 - us]) in lines
    assert t("guide.score.score", us=score.score[us], them=score.score[1 - us]) in lines
    assert t("guide.score.raw", us=score.raw[us], them=score.raw[1 - us]) in lines
    assert lines[-1] == t(f"guide.{rules}.rule")


@pytest.mark.parametrize("rules", NAMES)
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_step_has_its_words(rules, language):
    set_language(language)
    for run, step in steps(rules):
        if step is None:
            break
        text = guides.step_text(rules, step, run.match.view(0))
        assert text and not text.startswith("guide."), (language, step.key)


# --- progress kept in localStorage ----------------------------------------------------------
@pytest.mark.parametrize("text", [None, "", "{", "[]", "null", '{"v": 9}', '{"v": 1, "done": 3}',
                                  '{"v": 1, "current": ["nope", 2]}',
                                  '{"v": 1, "current": ["bulgarian", 9999]}',
                                  '{"v": 1, "current": ["bulgarian", true]}'])
def test_a_bad_progress_reads_as_nothing(text):
    p = guides.load(text)
    assert p.current is None and isinstance(p.done, set)


def test_progress_round_trips():
    p = guides.Progress({"bulgarian"}, {"french"}, True, ("bulgarian", 5))
    assert guides.load(p.dump()) == p


# --- through the table --------------------------------------------------------------------
def play_guide(p: Page, wrong: bool = True) -> list[str]:
    """Play the guide on the table ``p`` as a player does: Next, each card or bid (first the
    step's wrong card, refused); returns the refusals read."""
    refusals = []
    for _ in range(200):
        guided = p.s.guided
        if guided is None or guided.run.finished:
            break
        run = guided.run
        step = run.step()
        assert step is not None, "the bots' task stopped before a step"
        if not step.expect:
            assert 'data-action="guide-next"' in p.regions["notice"]
            # the status line says what the table waits for: Next, not a seat (defect 6)
            if p.s.message is None and p.s.shown_trick is None:
                assert t("guide.wait-next") in p.message, p.message
            p.click("guide-next")
        elif run.match.phase == "play":
            if wrong and step.wrong:
                p.click(card=step.wrong)
                assert 'data-message="illegal"' in p.message
                refusals.append(p.message)
                assert run.step() is step
            p.click(card=step.expect)
        else:
            p.click(bid=step.expect)
    return refusals


@pytest.mark.parametrize("rules", NAMES)
def test_a_guide_played_on_the_table(rules):
    p = Page("fast=1&rules=bulgarian&seed=7")
    before = p.m.match
    p.send(msgs.StartGuide(rules))
    assert p.attributes["data-guide"] == rules and p.notice_kind == "guide"
    refusals = play_guide(p)
    assert len(refusals) == sum(1 for s in GUIDES[rules].script
                                if isinstance(s, Step) and s.wrong)
    assert 'data-panel="guide-over"' in p.regions["overlay"]
    # played to its end, the guide cannot be skipped any more: its score says "Done"
    assert 'data-action="guide-skip"' not in p.regions["notice"]
    for line in guides.score_lines(p.m.match):
        assert line.replace("'", "&#x27;") in p.regions["overlay"] or line in p.regions["overlay"]
    p.click("guide-done")
    assert p.s.guided is None and p.m.match is before
    assert rules in json.loads(p.storage[guides.KEY])["done"]


def test_an_off_script_card_is_explained_and_the_step_waits():
    p = Page("fast=1&rules=bulgarian&seed=7")
    p.send(msgs.StartGuide("bulgarian"))
    run = p.s.guided.run

    def others() -> list[str]:
        step = run.step()
        if step is None or not step.expect or run.match.phase != "play":
            return []
        return [a for a in run.match.legal_actions()
                if a != step.expect and not a.startswith("declare")]

    while not others():
        step = run.step()
        if not step.expect:
            p.click("guide-next")
        elif run.match.phase == "play":
            p.click(card=step.expect)
        else:
            p.click(bid=step.expect)
    step = run.step()
    p.click(card=others()[0])
    assert run.step() is step and 'data-message="hint"' in p.message


def test_a_reload_goes_on_where_the_guide_was():
    p = Page("fast=1&rules=bulgarian&seed=7")
    p.send(msgs.StartGuide("bulgarian"))
    p.click("guide-next")
    p.click(bid="hearts")
    at = p.s.guided.run.at
    saved = json.loads(p.storage[guides.KEY])
    assert saved["current"][0] == "bulgarian" and saved["current"][1] >= at
    again = Page("fast=1&rules=bulgarian&seed=7", storage_=p.storage, tab="tab-b")
    assert again.s.guided is not None and again.s.guided.run.at == p.s.guided.run.at
    assert again.m.match.view(0)["contract"] is not None
    play_guide(again, wrong=False)
    assert again.s.guided.run.finished


def test_skip_puts_the_match_back_and_remembers():
    p = Page("fast=1&rules=bulgarian&seed=7")
    before = p.m.match
    p.send(msgs.StartGuide("bulgarian"))
    assert 'data-action="guide-skip"' in p.regions["notice"]
    p.click("guide-skip")
    assert p.s.guided is None and p.m.match is before
    assert json.loads(p.storage[guides.KEY])["done"] == ["bulgarian"]
    assert p.m.saved.match is before


def test_the_first_visit_offers_a_guide_once():
    p = Page("fast=1&offer=1&rules=bulgarian&seed=7")
    assert p.notice_kind == "guide-offer"
    assert 'data-action="guide-start"' in p.regions["notice"]
    p.click("dismiss")
    assert p.notice_kind == ""
    again = Page("fast=1&offer=1&rules=bulgarian&seed=7", storage_=p.storage, tab="tab-b")
    assert again.notice_kind != "guide-offer"


def test_a_rule_set_chosen_the_first_time_offers_its_guide():
    p = Page("fast=1&offer=1&rules=bulgarian&seed=7", storage_={guides.KEY: '{"v": 1}'})
    assert p.notice_kind != "guide-offer"
    p.change("rules", "bulgarian")
    assert p.notice_kind == "guide-offer"
    p.send(msgs.StartGuide("bulgarian"))
    assert p.s.guided is not None and p.s.guided.run.rules == "bulgarian"


@pytest.mark.parametrize("rules", ["coinche", "french"])
def test_learn_in_the_offer_of_a_chosen_rule_set_starts_its_guide(rules):
    """Choose Coinche (or French) in Settings, then click the notice's "Learn": that rule set's
    guided hand starts, not the Bulgarian one. The click is read from the drawn button by the
    page's own reader, which once dropped its ``data-rules``."""
    p = Page("fast=1&offer=1&rules=bulgarian&seed=7", storage_={guides.KEY: '{"v": 1}'})
    p.change("rules", rules)
    assert p.notice_kind == "guide-offer"
    p.press('[data-notice="guide-offer"] [data-action="guide-start"]')
    assert p.attributes["data-guide"] == rules


def test_the_help_offers_the_guide():
    p = Page("fast=1&rules=bulgarian&seed=7")
    p.click("help")
    assert 'data-action="guide-start" data-rules="bulgarian"' in p.regions["overlay"]


def test_the_saved_match_stays_the_match_during_a_guide():
    p = Page("fast=1&rules=bulgarian&seed=7")
    saved = p.storage["belote.v1"] if "belote.v1" in p.storage else None
    p.send(msgs.StartGuide("bulgarian"))
    play_guide(p, wrong=False)
    if saved is not None:
        assert json.loads(p.storage["belote.v1"])["match"] == json.loads(saved)["match"]


def test_the_coinche_guide_shows_a_discard_where_french_must_undertrump():
    """docs/rules.md §3-§4: the same cards; under the opponents' J♥ the French player must play a
    lower trump, the Coinche player may discard (option "undertrump" off)."""
    seen = {}
    for rules, key in (("french", "undertrump"), ("coinche", "no.undertrump")):
        for run, step in steps(rules):
            if step is not None and step.key == key:
                hand = run.match.hand
                assert hand.trick == [parse_card("7C"), parse_card("JH")]
                seen[rules] = (hand.hands[0], hand._legal())
                break
    (french_hand, (french_mask, french_duty)), (coinche_hand, (coinche_mask, coinche_duty)) = (
        seen["french"], seen["coinche"])
    hearts = SUIT_MASK[parse_card("JH") >> 3]
    assert french_hand == coinche_hand and french_hand & hearts
    assert french_duty == "must-undertrump" and french_mask == french_hand & hearts
    assert coinche_duty is None and coinche_mask == coinche_hand
