"""The table's controller (web/controller.py) under CPython, driven as the page drives it
(tests/table_page.py): every key binding, every command and control, refused clicks, the bots'
turns, practice, "New game" and its undo, the second tab, the save refused, hints and help.

The browser tests (tests/browser/) check the same table in a real page; these check each action
of the one dispatcher (web/dispatch.py) directly, in milliseconds."""

from __future__ import annotations

import json

import pytest
from table_page import Page

from belote import Match, hand_record, replay
from belote.refusal import Refusal
from web import effects as fx
from web import storage
from web.controller import OVERLAYS, Controller
from web.dispatch import KEYS, Action, Event, Outcome
from web.i18n import card_short, refusal, set_language, t

BULGARIAN = "fast=1&rules=bulgarian&level=easy&seed=7"
HUMAN_FIRST = "fast=1&rules=bulgarian&level=easy&seed=6"  # the human bids first


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def page(params: str = BULGARIAN, **kw) -> Page:
    return Page(params, **kw)


def human_plays(p: Page) -> bool:
    return p.c.match.phase == "play" and p.c.match.turn == 0


def illegal_card(p: Page) -> bool:
    """The human is to play, and holds a card it may not play."""
    m = p.c.match
    return human_plays(p) and len(m.legal_actions()) < len(m.view(0)["hand"])


def fetches(p: Page) -> list[str]:
    return [s.url for s in p.asked if isinstance(s, fx.Fetch)]


def finished_hand(p: Page) -> bool:
    return p.c.match.phase in ("hand-over", "match-over")


# --- start ---------------------------------------------------------------------------------
def test_start_draws_saves_and_claims_the_tab():
    p = page()
    assert p.storage[storage.TAB_KEY] == "tab-a"
    saved = json.loads(p.saved())
    assert saved["match"]["rules"] == "bulgarian" and saved["match"]["seed"] == 7
    assert p.c.last_saved == p.saved()
    assert p.attributes == {"data-turn": "0", "data-rules": "bulgarian", "data-players": "4",
                            "data-passive": "false", "data-overlay": "", "data-phase": "auction",
                            "data-notices": "", "data-declaring": "", "data-guide": "",
                            "data-guide-point": "", "data-guide-at": ""}
    assert set(p.regions) >= {"hand", "bids", "message", "overlay", "notice"}
    assert p.relabelled[0].title == "Belote" and p.relabelled[0].language == "en"
    assert p.display == fx.Display("light", "auto", "normal", "#ebe5d4")
    assert p.c.ui.settings["sound"] is False  # ?fast=1: silent unless chosen
    assert p.other == []  # ?fast=1 starts no worker


def test_start_without_fast_boots_the_worker_unless_told_not_to():
    assert fx.StartWorker() in page("rules=bulgarian&seed=3").other
    assert page("rules=bulgarian&seed=3&worker=0").other == []


def test_start_resumes_the_saved_match_and_its_settings():
    first = page()
    first.play_until(human_plays)
    saved = dict(first.storage)
    again = Page("fast=1", storage_=saved)
    assert again.c.match.to_dict() == first.c.match.to_dict()
    assert again.attributes["data-phase"] == "play"
    # A query naming another match starts that one.
    other = Page("fast=1&rules=bulgarian&seed=8", storage_=dict(saved))
    assert other.c.match.seed == 8 and other.c.match.hand.played == []


def test_a_broken_save_is_set_aside_with_a_notice():
    p = Page("fast=1", storage_={storage.KEY: "{not json"})
    assert p.set_aside == ["{not json"]
    assert p.notice_kind == "broken-save"
    assert 'data-notice="broken-save"' in p.regions["notice"]
    assert json.loads(p.saved())["version"] == storage.VERSION


def test_the_browser_language_and_the_system_theme():
    p = page(languages=("fr-FR", "en"), dark=True)
    assert p.relabelled[0].language == "fr" and p.display.theme == "dark"
    p.carry(p.c.system_theme(False))
    assert p.display.theme == "light"
    p.change("theme", "dark")
    p.carry(p.c.system_theme(False))
    assert p.display == fx.Display("dark", "dark", "normal", "#0b3a1f")


# --- the bots --------------------------------------------------------------------------------
def test_the_bots_play_until_the_human_with_the_tables_pace():
    """Not ?fast=1: each bot's turn is asked with its pause, a finished trick rests then flies
    (a sound as it goes), and the table waits for the human."""
    p = page("rules=bulgarian&level=easy&seed=7&worker=0")
    p.c.ui.settings = {**p.c.ui.settings, "sound": True}
    p.play_until(human_plays)
    thinks = [s for s in p.asked if isinstance(s, fx.Think)]
    assert thinks and all(s.level == "easy" and s.view["seat"] != 0 for s in thinks)
    assert {s.pause for s in thinks} <= {0.6, 0.55}
    p.play_until(lambda q: q.c.match.hand.tricks)
    p.play_until(lambda q: q.c.ui.shown_trick is None and human_plays(q)
                 or finished_hand(q))
    assert 0.85 in p.pauses and 0.35 in p.pauses  # the trick's rest and its flight
    assert "trick" in p.sounds and "card" in p.sounds
    assert not p.c.driving and not p.c.ui.busy


def test_a_stale_answer_is_dropped():
    """A bot's answer for a position that changed meanwhile (another tab took over) is not
    played, and the bots' task ends."""
    p = page("rules=bulgarian&level=easy&seed=7&worker=0")
    p.play_until(human_plays)
    out = p.c.handle(Event("click", {"card": p.c.match.legal_actions()[0]}))
    (drive,) = [e.steps for e in out.effects if isinstance(e, fx.Run)]
    p.carry([e for e in out.effects if not isinstance(e, fx.Run)])
    asked = next(drive)
    assert isinstance(asked, fx.Think) and p.c.driving and p.c.ui.busy
    before = p.c.match.to_dict()
    p.other_tab_writes(storage.KEY, "another tab's save")
    with pytest.raises(StopIteration):
        drive.send(asked.view["legal"][0])
    assert p.c.match.to_dict() == before
    assert not p.c.driving and not p.c.ui.busy


def test_a_bot_failing_is_reported_and_the_table_goes_on():
    p = page("rules=bulgarian&level=easy&seed=7&worker=0")
    p.play_until(human_plays)
    out = p.c.handle(Event("click", {"card": p.c.match.legal_actions()[0]}))
    (drive,) = [e.steps for e in out.effects if isinstance(e, fx.Run)]
    asked = next(drive)
    said = drive.send("not an action")  # the engine refuses it: the task says so, and ends
    assert said[0].label == "Belote table error" and fx.Draw() in said
    assert "Something went wrong" in p.c.frame().regions["message"]
    with pytest.raises(StopIteration):
        next(drive)
    assert not p.c.driving and isinstance(asked, fx.Think)


def test_auto_play_plays_the_only_card():
    p = page("fast=1&rules=bulgarian&level=easy&seed=7")
    p.change("autoplay", True)
    played = []
    for _ in range(400):
        if finished_hand(p):
            break
        m = p.c.match
        assert not (human_plays(p) and len(m.legal_actions()) == 1
                    and not m.legal_actions()[0].startswith("declare ")), \
            "auto-play leaves no single card to the player"
        if m.phase == "auction":
            p.click(bid=m.legal_actions()[0])
        else:
            card = next(a for a in m.legal_actions() if not a.startswith("declare "))
            played.append(card)
            p.click(card=card)
    assert len(played) < 8  # the last cards played themselves


# --- the human's moves and refusals ---------------------------------------------------------
def test_a_card_during_the_auction_is_refused():
    p = page()
    hand = p.c.match.view(0)["hand"]
    p.click(card=hand[0])
    assert 'data-message="illegal"' in p.message
    assert t("turn.bid_first") in p.message
    assert p.c.match.view(0)["hand"] == hand


def test_a_card_out_of_turn_is_refused():
    p = page()
    p.play_until(human_plays)
    p.c.match.apply(p.c.match.legal_actions()[0])  # (the human's card, played behind its back)
    card = p.c.match.view(0)["hand"][0]
    p.click(card=card)
    assert t("turn.wait") in p.message


def test_an_illegal_card_says_why_and_a_legal_one_plays():
    p = page("fast=1&rules=bulgarian&level=easy&seed=2")
    p.play_until(illegal_card)
    m = p.c.match
    view = m.view(0)
    bad = next(c for c in view["hand"] if c not in view["legal"])
    p.click(card=bad, aria_disabled="true")  # a click on a card aria-disabled still says why
    assert 'data-message="illegal"' in p.message and "you must" in p.message
    # it names the duty and the cards that make it (belote.play.duty_refusal), in the live
    # status line under the felt (index.html: role=status), not over the cards
    held = m.why_illegal(bad).params["held"]
    assert held and all(card_short(c) in p.message for c in held), p.message
    assert refusal(m.why_illegal(bad)) in p.message
    assert m.view(0)["hand"] == view["hand"]
    assert f'data-card="{bad}" aria-disabled="true"' in p.regions["hand"]
    p.click(card=view["legal"][0])
    assert 'data-message="illegal"' not in p.message
    assert view["legal"][0] not in m.view(0)["hand"]


def test_bids_refused_and_disabled():
    p = page()
    m = p.c.match
    p.click(bid="no-such-bid")
    assert 'data-message="illegal"' in p.message
    before = m.to_dict()
    p.click(bid=m.legal_actions()[0], disabled="true")  # a disabled button does nothing
    assert m.to_dict() == before
    p.click(bid=m.legal_actions()[0])
    assert m.to_dict() != before and 'data-message="illegal"' not in p.message


def test_coinche_level_chooses_the_suits_shown():
    p = page("fast=1&rules=coinche&level=easy&seed=4")
    p.play_until(lambda q: q.c.match.phase == "auction" and q.c.match.turn == 0)
    p.click("bid-level", level="100", disabled="true")
    assert p.c.ui.bid_level is None
    p.click("bid-level", level="100")
    assert p.c.ui.bid_level == "100"
    p.click("bid-level")  # without a level: nothing
    assert p.c.ui.bid_level == "100"


def test_declarations_are_ticked_and_unticked():
    p = page()
    p.send(Event("change", {"declare": "declare tierce"}, checkbox=True, checked=False))
    assert p.c.ui.unticked == {"declare tierce"}
    p.send(Event("change", {"declare": "declare tierce"}, checkbox=True, checked=True))
    assert p.c.ui.unticked == set()


def test_the_declarations_are_a_group_under_a_heading_of_their_own():
    """Not a fieldset's legend, which WebKit put on the box's edge (issue 40); <main
    data-declaring> says the box is there (the trick makes room for it, web/style.css)."""
    p = page()
    assert p.attributes["data-declaring"] == ""
    p.play_until(lambda q: 'class="declbox"' in q.regions["declare"] or finished_hand(q))
    box = p.regions["declare"]
    if 'class="declbox"' not in box:
        pytest.skip("nothing to declare in this deal")
    assert p.attributes["data-declaring"] == "true"
    assert "<fieldset" not in box and "<legend" not in box
    assert box.startswith('<div class="declbox" role="group" aria-labelledby="declbox-title">'
                          f'<p class="declbox-title" id="declbox-title">{t("declare.title")}</p>')
    card = next(a for a in p.c.match.legal_actions() if not a.startswith("declare "))
    p.click(card=card)  # a card: the declarations go with it
    assert p.attributes["data-declaring"] == ""


def test_im_out_asks_first():
    p = page("fast=1&rules=classic&players=2&level=easy&seed=1")
    p.click("out")  # not claimable now: nothing
    assert p.c.ui.overlay is None
    p.play_until(lambda q: "out" in q.c.match.legal_actions() or finished_hand(q))
    if "out" not in p.c.match.legal_actions():
        pytest.skip("no claim in this deal")
    p.click("out")
    assert p.c.ui.overlay == "confirm-out"
    assert p.focused[-1] == '[data-panel="confirm-out"] [data-action="close"].primary'
    p.click("out-confirm")
    assert p.c.ui.overlay is None and p.c.match.hand.out is not None


# --- the commands -------------------------------------------------------------------------
@pytest.mark.parametrize("name", OVERLAYS)
def test_panels_open_and_close(name):
    p = page()
    p.fetched["./web/help/en/bulgarian.html"] = "<p>The rules</p>"
    p.click(name)
    assert p.c.ui.overlay == name and p.attributes["data-overlay"] == name
    assert f'data-panel="{name}"' in p.regions["overlay"]
    if name == "settings":
        assert p.focused[-1] == "[data-panel=settings] [data-setting]"
    if name == "help":
        assert fetches(p) == ["./web/help/en/bulgarian.html"]
        assert "<p>The rules</p>" in p.regions["overlay"]
    p.click(name)
    assert p.c.ui.overlay is None and p.regions["overlay"] == ""
    p.click(name)
    p.click("close")
    assert p.c.ui.overlay is None


def test_help_that_cannot_be_fetched_says_why_and_follows_the_language():
    p = page()
    p.click("help")
    assert "help-failed" in p.regions["overlay"] and "HTTP 404" in p.regions["overlay"]
    p.fetched["./web/help/fr/bulgarian.html"] = "<p>Les règles</p>"
    p.change("language", "fr")
    assert "<p>Les règles</p>" in p.regions["overlay"]
    p.click("help")
    p.click("help")  # fetched once per language
    assert fetches(p).count("./web/help/fr/bulgarian.html") == 1


def test_hand_info_by_button_and_by_key():
    p = page()
    p.click("hand-info")
    assert p.c.ui.overlay == "hand" and p.regions["overlay"] == ""  # no contract yet: nothing
    p.click("hand-info")
    p.key("b")
    assert p.c.ui.overlay is None  # "b" only once there is a contract
    p.play_until(human_plays)
    p.key("b")
    assert p.c.ui.overlay == "hand" and 'data-panel="hand"' in p.regions["overlay"]
    p.key("B")
    assert p.c.ui.overlay is None
    for kw in ({"typing": True}, {"modified": True}):
        p.key("b", **kw)
        assert p.c.ui.overlay is None, kw
    p.key("b")
    assert p.c.ui.overlay == "hand"
    p.click("next") if finished_hand(p) else None


def test_next_hand_only_after_a_hand():
    p = page()
    before = p.c.match.to_dict()
    p.click("next")
    assert p.c.match.to_dict() == before
    p.play_until(finished_hand)
    number = p.c.match.view(0)["hand_number"]
    p.click("sheet")
    p.click("next")
    assert p.c.match.view(0)["hand_number"] == number + 1 and p.c.ui.overlay is None


def test_hint_says_the_suggestion():
    p = page()
    p.click("hint")
    suggestion = p.c.match.legal_actions()[0]
    assert p.c.ui.hint == suggestion and 'data-message="hint"' in p.message
    p.click(bid=suggestion)
    assert p.c.ui.hint is None and 'data-message="hint"' not in p.message
    # Card hints; none when nothing is to be done; a stale answer is dropped.
    p.play_until(human_plays)
    p.click("hint")
    assert "Hint: play the" in p.message
    p.suggest = lambda view: None
    p.click("hint")
    assert p.c.ui.hint is None and t("hint.none") in p.message
    task = p.c.hint()
    asked = next(task)
    assert isinstance(asked, fx.Suggest) and asked.view["seat"] == 0
    p.c.version += 1  # something happened before the answer came
    with pytest.raises(StopIteration):
        task.send(asked.view["legal"][0])
    assert p.c.ui.hint is None


def test_dismiss_and_the_update():
    p = page()
    p.carry(p.c.update_ready())
    assert p.notice_kind == "update" and 'data-action="update"' in p.regions["notice"]
    draws = p.draws
    p.carry(p.c.update_ready())  # offered once
    assert p.draws == draws
    p.click("update")
    assert p.other[-1] == fx.ApplyUpdate()
    p.click("dismiss")
    assert p.notice_kind == "" and p.regions["notice"] == ""


def test_main_says_whether_a_notice_shows():
    """The page's grid gives the notices a row by <main data-notices> (web/style.css), never by
    a :has() on their region, which WebKit does not re-apply when a notice comes (issue 40)."""
    p = page()
    assert p.regions["notice"] == "" and p.attributes["data-notices"] == ""
    p.carry(p.c.update_ready())
    assert p.regions["notice"] and p.attributes["data-notices"] == "shown"
    p.click("dismiss")
    assert p.regions["notice"] == "" and p.attributes["data-notices"] == ""


def test_escape_dismisses_the_notice_when_nothing_is_open():
    p = page()
    p.carry(p.c.update_ready())
    p.click("sheet")
    p.key("Escape")  # the panel first
    assert p.c.ui.overlay is None and p.notice_kind == "update"
    p.key("Escape")
    assert p.notice_kind == ""
    p.carry(p.c.update_ready())
    p.c.notice(lambda: "Practice", "practice")
    p.c.keyboard = True
    outcome = p.key("Escape")  # a notice whose state lasts folds, the focus on its button
    assert p.notice_kind == "practice" and p.c.ui.notice_folded
    assert fx.Focus("[data-region=notice] button") in outcome.effects


def test_settings_change_now_or_for_the_next_game():
    p = page()
    p.click("settings")
    p.change("speed", "fast")
    assert p.display.speed == "fast" and p.forced[-1] == ("overlay",)
    assert json.loads(p.saved())["settings"]["speed"] == "fast"
    p.change("rules", "french")  # the next game's
    assert p.c.match.rules.name == "bulgarian" and p.c.ui.settings["rules"] == "french"
    p.click("settings-new-game")
    assert p.c.match.rules.name == "french" and p.c.ui.overlay is None
    p.change("target", "abc")  # a bad number is put back
    assert p.c.ui.settings.get("target") != "abc"
    p.change("four_colour", True)
    assert p.c.ui.settings["four_colour"] is True
    p.change("language", "hr")
    assert p.relabelled[-1].language == "hr"


# --- new game and its undo -----------------------------------------------------------------
def test_new_game_can_be_undone_until_the_first_move():
    p = page()
    p.play_until(human_plays)
    old = p.c.match
    p.click("new-game")
    assert p.c.match is not old and p.c.abandoned is old
    assert p.notice_kind == "new-game" and 'data-action="undo-new-game"' in p.regions["notice"]
    p.click("undo-new-game")
    assert p.c.match is old and p.c.abandoned is None and p.notice_kind == ""
    assert json.loads(p.saved())["match"] == old.to_dict()
    # After a move, the old match is gone.
    p.click("new-game")
    p.click(bid=p.c.match.legal_actions()[0])
    assert p.c.abandoned is None and p.notice_kind == ""
    p.click("undo-new-game")
    assert p.c.match is not old


def test_new_game_before_any_move_sets_nothing_aside():
    p = page(HUMAN_FIRST)
    assert p.c.match.view(0)["auction"] == []
    p.click("new-game")
    assert p.c.abandoned is None and p.notice_kind == ""


# --- practice --------------------------------------------------------------------------------
def practised(p: Page) -> tuple[dict, str, int]:
    """A finished hand's record, the save, and the index of the human's second card."""
    p.play_until(finished_hand)
    record = hand_record(p.c.match.hand)
    index = [i for i, seat in enumerate(p.c.match.hand.played_by) if seat == 0][1]
    return record, p.saved(), index


def test_practice_leaves_the_saved_match_alone_and_ends_as_it_was():
    p = page()
    record, raw, i = practised(p)
    match = p.c.match
    p.carry(p.c.start_practice(record, "play", i, 1))
    p.settle()
    assert p.notice_kind == "practice" and p.c.ui.practice and p.c.keyboard
    assert p.c.saved_match is match and p.c.match is not match
    assert 'data-action="practice-end"' in p.regions["notice"]
    p.click("dismiss")  # the notice folds: the way back stays
    assert "data-folded" in p.regions["notice"] and p.notice_kind == "practice"
    assert 'data-action="practice-end"' in p.regions["notice"]
    assert p.c.match.hand.played == match.hand.played[:i] and human_plays(p)
    stats = json.dumps(p.c.ui.stats)
    p.play_until(finished_hand)
    assert 'data-panel="practice-over"' in p.regions["overlay"]
    assert p.saved() == raw and json.dumps(p.c.ui.stats) == stats
    p.click("next")  # no next hand in a practice
    assert p.c.match.phase in ("hand-over", "match-over") and p.c.practice is not None
    p.click("practice-again")
    assert p.c.match.hand.played == match.hand.played[:i] and human_plays(p)
    p.click("practice-end")
    assert p.c.match is match and p.notice_kind == "" and not p.c.ui.practice
    assert p.saved() == raw


def test_practice_keeps_a_notice_and_fails_clearly():
    p = page()
    record, _, i = practised(p)
    p.carry(p.c.update_ready())
    p.carry(p.c.start_practice(record, "play", i, None))  # imported: no number
    assert "Practice:" in p.regions["notice"] and p.notice_kind == "practice"
    p.click("practice-end")
    assert p.notice_kind == "update"
    p.carry(p.c.start_practice(record, "play", i, 1))
    p.carry(p.c.start_practice(record, "play", 1000, 1))
    assert 'data-message="illegal"' in p.message and p.c.practice is not None
    p.carry(p.c.start_practice({"rules": "nothing"}, "play", 0, 1))
    assert 'data-message="illegal"' in p.message
    p.click("practice-end")
    p.click("practice-end")  # nothing to end
    p.click("practice-again")  # nor to practise again
    assert p.c.practice is None


def test_puzzles_step_judge_and_finish():
    """"Learn from your mistakes" (web/puzzles.py; more in tests/test_puzzles.py): the deal at
    each graded choice, a pick judged and never played, the steps and the way back."""
    from belote.analysis import moments

    p = page()
    record, raw, _ = practised(p)
    match = p.c.match
    graded = moments(replay(record, complete=False), 0)[:2]
    decisions = [{"phase": m.phase, "index": m.index, "played": m.played,
                  "best": next(o for o in m.options if o != m.played), "cost_expected": 30.0,
                  "mistake": True, "reason": {"code": "bid.loses", "pct": 60}}
                 for m in graded]
    p.carry(p.c.start_puzzles(record, decisions, 20.0, 1))
    assert p.notice_kind == "puzzle" and p.c.saved_match is match
    first = decisions[0]
    p.click(**({"bid": first["played"]} if first["phase"] == "auction"
               else {"card": first["played"]}))
    assert 'data-verdict="bad"' in p.regions["notice"] and p.c.match.turn == 0
    p.click("puzzle-why")  # the review's reason, shown and hidden
    assert "60% of the deals" in p.regions["notice"]
    p.click("puzzle-why")
    assert "60% of the deals" not in p.regions["notice"]
    p.click("puzzle-next")
    assert "Puzzle 2 of 2" in p.regions["notice"]
    p.click("puzzle-prev")
    assert 'data-verdict="bad"' in p.regions["notice"]
    p.click("puzzle-finish")
    assert p.c.match is match and p.notice_kind == "puzzles-done"
    assert json.loads(p.saved())["match"] == json.loads(raw)["match"]


def test_new_game_leaves_a_practice():
    p = page()
    record, _, i = practised(p)
    match = p.c.match
    p.carry(p.c.start_practice(record, "play", i, 1))
    assert p.c.practice is not None
    p.click("new-game")
    assert p.c.practice is None and p.c.abandoned is match


# --- reviews and imports -----------------------------------------------------------------------
def test_reviews_are_kept_in_the_save():
    p = page()
    p.carry(p.c.store_review("k1", {"v": 1, "d": [], "t": 0}))
    assert json.loads(p.saved())["reviews"].keys() == {"k1"}
    p.carry(p.c.touch_review("k1"))
    assert "k1" in json.loads(p.saved())["reviews"]


def test_an_imported_match_replaces_the_table_until_the_first_move():
    p = page()
    p.play_until(human_plays)
    old = p.c.match
    imported = Match("french", 4, {}, 5)
    p.carry(p.c.resume_imported(imported))
    p.settle()
    assert p.c.match is imported and p.c.abandoned is old and p.notice_kind == "new-game"
    assert p.c.keyboard
    p.click("undo-new-game")
    assert p.c.match is old
    fresh = Page(HUMAN_FIRST)
    fresh.carry(fresh.c.resume_imported(Match("french", 4, {}, 5)))
    assert fresh.notice_kind == "imported"
    assert fresh.c.tell("said")[0] == fx.Draw() and fresh.c.ui.message == "said"


# --- two tabs ----------------------------------------------------------------------------------
def test_a_tab_that_only_opens_the_game_takes_nothing():
    """Issue 24: opening writes nothing back and claims nothing; a change made there claims
    the game, and the tab that played, told, stops."""
    shared: dict = {}
    a = Page(BULGARIAN, storage_=shared, tab="tab-a")
    a.click(bid=a.c.match.legal_actions()[0])  # a move: a plays the game
    a.settle()
    saved = shared[storage.KEY]
    b = Page(BULGARIAN, storage_=shared, tab="tab-b")
    assert shared[storage.KEY] == saved and shared[storage.TAB_KEY] == "tab-a"
    assert b.c.watching and not b.c.plays() and a.c.plays()
    assert b.c.match.to_dict() == a.c.match.to_dict()
    b.click(bid=b.c.match.legal_actions()[0])  # a move in b claims the game
    b.settle()
    assert shared[storage.TAB_KEY] == "tab-b" and b.c.plays()
    a.other_tab_writes(storage.TAB_KEY, "tab-b")
    assert a.c.ui.passive and a.notice_kind == "other-tab" and not a.c.plays()


def test_bots_wait_in_a_tab_opened_while_another_plays():
    shared: dict = {}
    a = Page(BULGARIAN, storage_=shared, tab="tab-a")
    a.click(bid=a.c.match.legal_actions()[0])
    a.settle()
    # The save as a bot is to act (a's bots are thinking): b opens on it.
    m = Match.from_dict(a.c.match.to_dict())
    while m.turn == 0:
        m.apply(m.legal_actions()[0])
    shared[storage.KEY] = storage.encode(a.c.ui.settings, m, a.c.ui.stats, {})
    b = Page("fast=1", storage_=shared, tab="tab-b", start=False)
    b.carry(b.c.start(["en"], False))
    b.settle(limit=50, endless=True)  # it asks, is answered, waits, asks again...
    assert b.c.watching and any(isinstance(s, fx.WhoPlays) for s in b.asked)
    assert b.pauses.count(1.0) >= 2
    assert not any(isinstance(s, fx.Think) for s in b.asked)  # its bots wait
    assert shared[storage.TAB_KEY] == "tab-a"
    # With no tab answering (a and b closed), a new tab's bots play, and it takes the game.
    a.tabs.clear()
    c = Page("fast=1", storage_=shared, tab="tab-c")
    assert any(isinstance(s, fx.Think) for s in c.asked) and not c.c.watching
    assert shared[storage.TAB_KEY] == "tab-c"


def test_another_tab_stops_this_one_until_taken_back():
    shared: dict = {}
    a = Page(BULGARIAN, storage_=shared, tab="tab-a")
    b = Page(BULGARIAN, storage_=shared, tab="tab-b")
    a.other_tab_writes(storage.TAB_KEY, "tab-b")
    assert a.c.ui.passive and a.notice_kind == "other-tab"
    assert a.attributes["data-passive"] == "true"
    assert 'data-action="take-over"' in a.regions["notice"]
    # Passive: moves and undo do nothing, nothing is written; dismiss folds the notice.
    before, written = a.c.match.to_dict(), dict(shared)
    a.click(bid=a.c.match.legal_actions()[0])
    a.click("dismiss")
    a.click("hint")
    assert a.c.match.to_dict() == before and a.notice_kind == "other-tab" and shared == written
    assert "data-folded" in a.regions["notice"]
    assert 'data-action="take-over"' in a.regions["notice"]
    b.play_until(human_plays)
    a.click("take-over")
    assert not a.c.ui.passive and a.notice_kind == "reloaded"
    assert a.c.match.to_dict() == b.c.match.to_dict()
    assert shared[storage.TAB_KEY] == "tab-a"
    b.other_tab_writes(storage.TAB_KEY, "tab-a")
    assert b.c.ui.passive
    # "New game" in a tab whose game was taken is a move: it takes the game and deals.
    b.click("new-game")
    assert not b.c.ui.passive and shared[storage.TAB_KEY] == "tab-b"
    assert b.c.match.to_dict() != a.c.match.to_dict()


def test_writes_that_are_not_another_tabs_playing_are_ignored():
    p = page()
    for key, value in ((storage.KEY, p.c.last_saved), (storage.TAB_KEY, "tab-a"),
                       ("something.else", "x"), (storage.KEY, None)):
        p.other_tab_writes(key, value)
        assert not p.c.ui.passive, key
    p.other_tab_writes(storage.KEY, "a save of another tab's")
    version = p.c.version
    p.other_tab_writes(storage.KEY, "and another")  # once passive, nothing more
    assert p.c.version == version


def test_take_over_with_nothing_saved_keeps_the_match():
    p = page()
    match = p.c.match
    p.other_tab_writes(storage.TAB_KEY, "tab-b")
    del p.storage[storage.KEY]
    p.click("take-over")
    assert p.c.match is match and not p.c.ui.passive and p.notice_kind == "reloaded"


# --- storage refusing ----------------------------------------------------------------------------
def test_a_refused_save_is_said_once_and_the_game_goes_on():
    p = page()
    p.refuse = True
    p.click(bid=p.c.match.legal_actions()[0])
    assert p.notice_kind == "save-failed" and "QuotaExceededError" in p.regions["notice"]
    p.click("dismiss")
    p.play_until(human_plays)
    assert p.notice_kind == ""


def test_a_refused_save_after_a_broken_one_says_both():
    p = Page(HUMAN_FIRST, storage_={storage.KEY: "[]"})
    p.refuse = True
    p.click(bid=p.c.match.legal_actions()[0])
    assert p.notice_kind == "save-failed"
    assert "not a saved game" in p.regions["notice"] and "not being saved" in p.regions["notice"]


def test_storage_refusing_from_the_start_says_both_problems():
    """Opening claims nothing (issue 24): the first write is the new match's save, and its
    refusal says so beside the broken save's words."""
    p = Page("fast=1", storage_={storage.KEY: "[]"}, start=False)
    p.refuse = True
    p.carry(p.c.start(["en"], False))
    p.settle()
    assert p.notice_kind == "save-failed"
    assert "not a saved game" in p.regions["notice"] and "not being saved" in p.regions["notice"]


# --- keys ----------------------------------------------------------------------------------------
class Part:
    """A part of the page with its own actions (as web/records.py and web/review_panel.py add
    theirs): it notes what it was asked to do."""

    def __init__(self, c: Controller, names: tuple[str, ...], states: dict[str, bool]):
        self.done: list[str] = []
        self.state = dict(states)
        c.dispatcher.add({name: Action(self.note(name), lambda error: [], enabled_only=True,
                                       aria=True) for name in names},
                         {name: (lambda n=name: self.state[n]) for name in states})

    def note(self, name):
        return lambda event: self.done.append(name) or []


RECORDS = ("records-close", "replay-prev", "replay-next", "replay-first", "replay-last",
           "replay-play")
REVIEW = ("review-close",)


def parts(p: Page) -> tuple[Part, Part]:
    records = Part(p.c, RECORDS, {"records-open": False, "replaying": False})
    review = Part(p.c, REVIEW, {"review-open": False})
    return records, review


def test_every_key_binding_names_an_action_of_the_page():
    p = page()
    parts(p)
    for b in KEYS:
        assert b.action in p.c.dispatcher.actions, b


def test_escape_closes_the_innermost_thing():
    p = page()
    records, review = parts(p)
    p.c.keyboard = False
    assert p.key("Escape") == Outcome()  # nothing open: nothing to close
    assert p.c.keyboard  # any key that reaches the table: the keyboard is in use
    p.click("sheet")
    out = p.key("Escape")
    assert p.c.ui.overlay is None and not out.prevent
    # The hand review, from inside it (the key stops there) or from anywhere.
    review.state["review-open"] = True
    p.click("sheet")
    p.c.keyboard = False
    out = p.key("Escape", within="review")
    assert review.done == ["review-close"] and out.prevent and out.stop
    assert not p.c.keyboard and p.c.ui.overlay == "sheet"
    out = p.key("Escape")
    assert review.done == ["review-close"] * 2 and not out.prevent and not out.stop
    review.state["review-open"] = False
    # The records region: Escape inside it closes it.
    records.state["records-open"] = True
    out = p.key("Escape", within="records")
    assert records.done == ["records-close"] and out.prevent and out.stop
    assert p.c.ui.overlay == "sheet"
    p.key("Escape")  # outside it: the table's panel
    assert p.c.ui.overlay is None and records.done == ["records-close"]


def test_the_replay_viewer_steps_by_arrows_home_and_end():
    p = page()
    records, _ = parts(p)
    for key in ("ArrowLeft", "ArrowRight", "Home", "End"):
        p.key(key, within="records")  # not replaying: nothing
    assert records.done == []
    records.state.update({"records-open": True, "replaying": True})
    wanted = {"ArrowLeft": "replay-prev", "ArrowUp": "replay-prev",
              "ArrowRight": "replay-next", "ArrowDown": "replay-next",
              "Home": "replay-first", "End": "replay-last"}
    for key, action in wanted.items():
        out = p.key(key, within="records")
        assert records.done[-1] == action and out.prevent and out.stop, key
    done = len(records.done)
    p.key("ArrowLeft", within="records", typing=True)  # the slider moves on its own
    p.key("ArrowLeft")  # outside the viewer
    p.key("Enter", within="records")
    assert len(records.done) == done
    # And "b" does nothing while the region is open.
    p.play_until(human_plays)
    p.key("b")
    assert p.c.ui.overlay is None
    records.state["records-open"] = False
    p.key("b")
    assert p.c.ui.overlay == "hand"


@pytest.mark.parametrize(("key", "index"), [("ArrowLeft", 1), ("ArrowUp", 1), ("ArrowRight", 3),
                                            ("ArrowDown", 3), ("Home", 0), ("End", 7)])
def test_arrows_move_along_the_hand_and_the_bidding_box(key, index):
    p = page()
    out = p.key(key, group=(2, 8))
    assert p.focused == [index] and out.prevent and not out.stop
    p.focused.clear()
    assert p.key(key) == Outcome() and p.focused == []  # not in a group: the browser's own


def test_arrows_wrap_around():
    p = page()
    p.key("ArrowRight", group=(7, 8))
    p.key("ArrowLeft", group=(0, 8))
    assert p.focused == [0, 7]


def test_the_pointer_turns_the_keyboard_off():
    p = page()
    p.key("x")
    assert p.c.keyboard
    p.c.pointer()
    assert not p.c.keyboard


# --- the dispatcher ------------------------------------------------------------------------------
def test_clicks_on_disabled_elements_of_the_pages_parts_do_nothing():
    p = page()
    records, _ = parts(p)
    p.click("replay-play", disabled="true")
    p.click("replay-play", aria_disabled="true")
    assert records.done == []
    p.click("replay-play")
    assert records.done == ["replay-play"]


def test_unknown_actions_and_events_do_nothing():
    p = page()
    draws = p.draws
    for event in (Event("click", {"action": "no-such-action"}), Event("click", {}),
                  Event("change", {}), Event("input", {}), Event("focus", {})):
        assert p.send(event) == Outcome()
    assert p.draws == draws


def test_an_action_that_fails_is_reported_and_the_table_goes_on():
    p = page()
    p.c.match.why_illegal = None  # type: ignore[assignment,method-assign]  # breaks "bid"
    p.click(bid="pass")
    assert p.reports and p.reports[0].label == "Belote table error"
    assert "Something went wrong" in p.message


def test_no_action_is_added_twice():
    p = page()
    with pytest.raises(ValueError, match="already"):
        p.c.dispatcher.add({"next": Action(lambda e: [], lambda e: [])})


def test_every_action_of_the_table_is_tested_here():
    """Each of the controller's actions appears in a test of this file."""
    source = open(__file__, encoding="utf-8").read()
    names = set(page().c.dispatcher.actions)
    for name in names - {"card", "bid", "setting", "declare"}:
        if name in OVERLAYS or name.startswith("focus-"):
            continue  # parametrized above
        assert f'"{name}"' in source, name


# --- guided hands (web/guide.py; played through in tests/test_guides.py) ---------------------
def test_guide_actions_start_next_skip_and_done():
    p = page()
    before = p.c.match
    p.click("guide-start", rules="bulgarian")
    assert p.c.guide is not None and p.c.ui.notice_kind == "guide"
    at = p.c.guide.at
    p.click("guide-next")
    assert p.c.guide.at > at
    p.click("guide-skip")
    assert p.c.guide is None and p.c.match is before
    p.click("guide-start", rules="bulgarian")
    p.click("guide-done")  # (the score's "Done") ends it the same way
    assert p.c.guide is None and p.c.match is before


# --- taking back a move (issue 27; belote/takeback.py) --------------------------------------
def human_after_own_card(p: Page) -> bool:
    """The human to play again, having played a card in this hand."""
    return human_plays(p) and 0 in p.c.match.hand.played_by[:-1] and \
        p.c.match.can_take_back(0)


def test_take_back_is_off_in_a_match_by_default():
    p = page()
    p.play_until(human_after_own_card)
    assert 'data-action="take-back"' not in p.regions["bar"]
    before = p.c.match.to_dict()
    p.key("u")
    assert t("takeback.off") in p.message and p.c.match.to_dict() == before


def test_take_back_a_card_with_the_setting_marks_the_match():
    p = page()
    p.change("takeback", True)
    p.play_until(human_plays)
    before = (p.c.match.view(0), p.c.match.hand_record())
    p.click(card=p.c.match.legal_actions()[-1])
    p.play_until(human_after_own_card)
    assert 'data-action="take-back"' in p.regions["bar"]
    assert 'aria-keyshortcuts="U"' in p.regions["bar"]
    p.click("take-back")
    view = p.c.match.view(0)
    assert view.pop("takebacks") == {"1": 1}
    before[0].pop("takebacks")
    assert (view, p.c.match.hand_record()) == before
    assert t("takeback.done") in p.message
    saved = json.loads(p.saved())["match"]
    assert saved["takebacks"] == {"1": 1}
    assert Match.from_dict(saved).helped
    # the mark on the score sheet, once the hand is on it
    p.play_until(finished_hand)
    p.click("sheet")
    assert "data-helped" in p.regions["overlay"] and "1 move taken back" in p.regions["overlay"]
    # a match won with take-backs counts apart
    p.c.took([{"type": "match-over", "winner": 0}])
    entry = p.c.ui.stats["bulgarian"]
    assert entry["helped"] == 1 and entry["helped_won"] == 1 and entry["played"] == 0


def test_take_back_a_bid_by_key():
    p = page(HUMAN_FIRST)
    p.change("takeback", True)
    words = list(p.c.match.hand.auction.words)
    assert p.c.match.turn == 0
    p.click(bid=p.c.match.legal_actions()[-1])
    p.play_until(lambda q: q.c.match.turn == 0 or finished_hand(q))
    p.key("U")
    assert p.c.match.phase == "auction" and p.c.match.hand.auction.words == words


def test_nothing_to_take_back_is_said():
    p = page(HUMAN_FIRST)
    p.change("takeback", True)
    opening = p.regions["bar"].split('data-action="take-back"')[1].split(">")[0]
    assert 'aria-keyshortcuts="U"' in opening and "disabled" in opening
    p.key("u")
    assert refusal(Refusal("nothing-to-take-back")) in p.message


def test_take_back_in_practice_without_the_setting():
    p = page()
    record, _, i = practised(p)
    p.carry(p.c.start_practice(record, "play", i, 1))
    p.settle()
    p.click(card=p.c.match.legal_actions()[0])
    p.play_until(lambda q: human_plays(q) or finished_hand(q))
    if finished_hand(p):
        return
    played = len(p.c.match.hand.played)
    p.click("take-back")
    assert len(p.c.match.hand.played) < played and human_plays(p)
    assert json.loads(p.saved())["match"].get("takebacks") is None  # the saved match untouched


def test_take_back_in_a_guided_hand():
    p = page()
    p.click("guide-start", rules="bulgarian")
    run = p.c.guide
    for _ in range(50):  # on to the step after the player's first action
        step = run.step()
        if step is not None and step.expect and p.c.match.turn == 0:
            break
        p.click("guide-next")
        p.settle()
    at = p.c.guide.at
    p.click(**({"card": step.expect} if p.c.match.phase == "play" else {"bid": step.expect}))
    p.settle()
    assert p.c.guide.at > at
    p.click("take-back")
    assert p.c.guide.at == at and p.c.guide.step().expect == step.expect
