"""The table's one update (web/app/update.py) under CPython, driven as the page drives it
(tests/table_page.py: clicks on the elements drawn, read by the page's own reader): every key
binding, every command and control, refused clicks, the bots' turns, practice, "New game" and
its undo, the second tab, the save refused, hints and help.

The browser tests (tests/browser/) check the same table in a real page; these check each
message directly, in milliseconds."""

from __future__ import annotations

import json
import pickle

import pytest
from table_page import Page

from belote import Match, hand_record, replay
from belote.refusal import Refusal
from web.app import effects as fx
from web.app import messages as msgs
from web.app.keys import KEYS
from web.app.update import ROUTES
from web.app.view import view
from web.browser.reader import ACTIONS
from web.coach.practice import start_practice, start_puzzles
from web.i18n import card_short, refusal, set_language, t
from web.storage import save as storage
from web.table.moves import resume_imported
from web.table.turns import took

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
    return p.m.match.phase == "play" and p.m.match.turn == 0


def illegal_card(p: Page) -> bool:
    """The human is to play, and holds a card it may not play."""
    m = p.m.match
    return human_plays(p) and len(m.legal_actions()) < len(m.view(0)["hand"])


def fetches(p: Page) -> list[str]:
    return [s.url for s in p.asked if isinstance(s, fx.FetchHelp)]


def finished_hand(p: Page) -> bool:
    return p.m.match.phase in ("hand-over", "match-over")


def start_guide(p: Page) -> None:
    """The guided hand of the match's rule set, from the Rules panel."""
    p.click("help")
    p.press('[data-panel="help"] [data-action="guide-start"]')


# --- start ---------------------------------------------------------------------------------
def test_start_draws_saves_and_claims_the_tab():
    p = page()
    assert p.storage[storage.TAB_KEY] == "tab-a"
    saved = json.loads(p.saved())
    assert saved["match"]["rules"] == "bulgarian" and saved["match"]["seed"] == 7
    assert p.s.last_saved == p.saved()
    assert p.attributes == {"data-turn": "0", "data-rules": "bulgarian", "data-players": "4",
                            "data-passive": "false", "data-overlay": "", "data-phase": "auction",
                            "data-notices": "", "data-declaring": "", "data-guide": "",
                            "data-guide-point": "", "data-guide-at": "", "data-records": None,
                            "data-review": None}
    assert set(p.regions) >= {"hand", "bids", "message", "overlay", "notice", "records"}
    assert p.frame.title == "Belote" and p.frame.root["lang"] == "en"
    assert p.frame.root["data-theme"] == "light" and p.frame.colour == "#ebe5d4"
    assert p.frame.root["data-theme-choice"] == "auto" and p.frame.root["data-speed"] == "normal"
    assert p.m.saved.settings["sound"] is False  # ?fast=1: silent unless chosen
    assert p.other == []  # ?fast=1 starts no worker


def test_start_without_fast_boots_the_worker_unless_told_not_to():
    assert fx.StartWorker() in page("rules=bulgarian&seed=3").other
    assert page("rules=bulgarian&seed=3&worker=0").other == []


def test_start_resumes_the_saved_match_and_its_settings():
    first = page()
    first.play_until(human_plays)
    saved = dict(first.storage)
    again = Page("fast=1", storage_=saved)
    assert again.m.match.to_dict() == first.m.match.to_dict()
    assert again.attributes["data-phase"] == "play"
    # A query naming another match starts that one.
    other = Page("fast=1&rules=bulgarian&seed=8", storage_=dict(saved))
    assert other.m.match.seed == 8 and other.m.match.hand.played == []


def test_a_broken_save_is_set_aside_with_a_notice():
    p = Page("fast=1", storage_={storage.KEY: "{not json"})
    assert p.set_aside == ["{not json"]
    assert p.notice_kind == "broken-save"
    assert 'data-notice="broken-save"' in p.regions["notice"]
    assert json.loads(p.saved())["version"] == storage.VERSION


def test_the_browser_language_and_the_system_theme():
    p = page(languages=("fr-FR", "en"), dark=True)
    assert p.frame.root["lang"] == "fr" and p.frame.root["data-theme"] == "dark"
    assert "Nouvelle partie" in p.regions["bar"]
    p.send(msgs.SystemTheme(False))
    assert p.frame.root["data-theme"] == "light"
    p.change("theme", "dark")
    p.send(msgs.SystemTheme(False))
    assert p.frame.root["data-theme"] == "dark" and p.frame.colour == "#0b3a1f"


# --- the view is pure ------------------------------------------------------------------------
def test_drawing_twice_gives_the_same_page_and_changes_nothing():
    """view(model) is a function of the model: the same frame each time, and the model (with
    its match) as it was, in every phase and with panels, notices and a practice open."""
    p = page()
    for act in (lambda: None, lambda: p.play_until(human_plays), lambda: p.click("sheet"),
                lambda: p.click("hint"), lambda: p.change("language", "bg"),
                lambda: p.play_until(finished_hand)):
        act()
        before = pickle.dumps(p.m)
        first, second = view(p.m), view(p.m)
        assert first == second
        assert pickle.dumps(p.m) == before


def test_the_language_is_the_models():
    """The view speaks the model's language whatever the page spoke before."""
    p = page(languages=("bg",))
    set_language("fr")
    assert p.m.session.language == "bg" and view(p.m).root["lang"] == "bg"
    assert "Нова игра" in view(p.m).regions["bar"]


# --- the bots --------------------------------------------------------------------------------
def test_the_bots_play_until_the_human_with_the_tables_pace():
    """Not ?fast=1: each bot's turn is asked with its pause, a finished trick rests then flies
    (a sound as it goes), and the table waits for the human."""
    p = page("rules=bulgarian&level=easy&seed=7&worker=0")
    p.change("sound", True)
    p.play_until(human_plays)
    thinks = [s for s in p.asked if isinstance(s, fx.AskBot)]
    assert thinks and all(s.level == "easy" and s.view["seat"] != 0 for s in thinks)
    assert {s.pause for s in thinks} <= {0.6, 0.55}
    p.play_until(lambda q: q.m.match.hand.tricks)
    p.play_until(lambda q: q.s.shown_trick is None and human_plays(q) or finished_hand(q))
    assert 0.85 in p.pauses and 0.35 in p.pauses  # the trick's rest and its flight
    assert "trick" in p.sounds and "card" in p.sounds
    assert p.s.waiting is None


def test_a_stale_answer_is_dropped():
    """A bot's answer for a position that changed meanwhile (another tab took over) is not
    played, and the table's turns stop."""
    p = page("rules=bulgarian&level=easy&seed=7&worker=0")
    p.play_until(human_plays)
    effects = p.deliver(msgs.PlayCard(p.m.match.legal_actions()[0]))
    (asked,) = [e for e in effects if isinstance(e, fx.AskBot)]
    p.queue.clear()
    assert p.s.waiting is not None
    before = p.m.match.to_dict()
    p.other_tab_writes(storage.KEY, "another tab's save")
    p.send(msgs.BotChose(asked.token, asked.view["legal"][0]))
    assert p.m.match.to_dict() == before
    assert p.s.waiting is None
    p.send(msgs.BotChose(asked.token, asked.view["legal"][0]))  # asked once, answered once
    assert p.m.match.to_dict() == before


def test_a_bot_failing_is_reported_and_the_table_goes_on():
    p = page("rules=bulgarian&level=easy&seed=7&worker=0")
    p.play_until(human_plays)
    effects = p.deliver(msgs.PlayCard(p.m.match.legal_actions()[0]))
    (asked,) = [e for e in effects if isinstance(e, fx.AskBot)]
    p.queue.clear()
    said = p.send(msgs.BotChose(asked.token, "not an action"))  # the engine refuses it
    assert said[0].label == "Belote table error" and "not an action" in said[0].text
    assert "Something went wrong" in p.regions["message"]
    assert p.s.waiting is None


def test_auto_play_plays_the_only_card():
    p = page("fast=1&rules=bulgarian&level=easy&seed=7")
    p.change("autoplay", True)
    played = []
    for _ in range(400):
        if finished_hand(p):
            break
        m = p.m.match
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
    hand = p.m.match.view(0)["hand"]
    p.click(card=hand[0])
    assert 'data-message="illegal"' in p.message
    assert t("turn.bid_first") in p.message
    assert p.m.match.view(0)["hand"] == hand


def test_a_card_out_of_turn_is_refused():
    p = page()
    p.play_until(human_plays)
    p.m.match.apply(p.m.match.legal_actions()[0])  # (the human's card, played behind its back)
    p.draw()
    card = p.m.match.view(0)["hand"][0]
    p.click(card=card)
    assert t("turn.wait") in p.message


def test_an_illegal_card_says_why_and_a_legal_one_plays():
    p = page("fast=1&rules=bulgarian&level=easy&seed=2")
    p.play_until(illegal_card)
    m = p.m.match
    view_ = m.view(0)
    bad = next(c for c in view_["hand"] if c not in view_["legal"])
    assert f'data-card="{bad}" aria-disabled="true"' in p.regions["hand"]
    p.click(card=bad)  # a click on a card aria-disabled still says why
    assert 'data-message="illegal"' in p.message and "you must" in p.message
    # it names the duty and the cards that make it (belote.play.duty_refusal), in the live
    # status line under the felt (index.html: role=status), not over the cards
    held = m.why_illegal(bad).params["held"]
    assert held and all(card_short(c) in p.message for c in held), p.message
    assert refusal(m.why_illegal(bad)) in p.message
    assert m.view(0)["hand"] == view_["hand"]
    p.click(card=view_["legal"][0])
    assert 'data-message="illegal"' not in p.message
    assert view_["legal"][0] not in m.view(0)["hand"]


def test_bids_refused_and_disabled():
    p = page()
    m = p.m.match
    p.send(msgs.Bid("no-such-bid"))  # (no such button: a bid the engine refuses)
    assert 'data-message="illegal"' in p.message
    before = m.to_dict()
    disabled = p.drawn("[data-bid][disabled]")
    assert disabled is not None and p.press("[data-bid][disabled]") is None  # no click
    assert m.to_dict() == before
    p.click(bid=m.legal_actions()[0])
    assert m.to_dict() != before and 'data-message="illegal"' not in p.message


def test_coinche_level_chooses_the_suits_shown():
    p = page("fast=1&rules=coinche&level=easy&seed=4")
    p.play_until(lambda q: q.m.match.phase == "auction" and q.m.match.turn == 0)
    enabled = p.document().querySelectorAll("[data-level]:not([disabled])")
    level = enabled[-1].getAttribute("data-level")
    assert level != enabled[0].getAttribute("data-level")
    p.click("bid-level", level=level)
    assert p.s.bid_level == level
    assert f'data-bid="{level} hearts"' in p.regions["bids"]
    p.send(msgs.ChooseLevel(""))  # without a level: nothing
    assert p.s.bid_level == level


def test_declarations_are_ticked_and_unticked():
    p = page()
    p.send(msgs.Tick("declare tierce", False))
    assert p.s.unticked == {"declare tierce"}
    p.send(msgs.Tick("declare tierce", True))
    assert p.s.unticked == set()


def test_a_declaration_box_is_read_as_the_page_reads_it():
    p = page()  # (seed 7: the player has a declaration to make in the first hand)
    p.play_until(lambda q: human_plays(q) and any(
        a.startswith("declare ") for a in q.m.match.legal_actions()) or finished_hand(q))
    box = p.drawn("[data-declare]")
    assert box is not None and box.checked  # ticked by default
    declaration = box.getAttribute("data-declare")
    box.checked = False
    assert p.dom_event("change", box) == msgs.Tick(declaration, False)
    assert p.s.unticked == {declaration}


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
    card = next(a for a in p.m.match.legal_actions() if not a.startswith("declare "))
    p.click(card=card)  # a card: the declarations go with it
    assert p.attributes["data-declaring"] == ""


def test_im_out_asks_first():
    p = page("fast=1&rules=classic&players=2&level=easy&seed=1")
    assert p.drawn('[data-action="out"]') is None
    p.send(msgs.AskOut())  # not claimable now: nothing
    assert p.s.overlay is None
    p.play_until(lambda q: "out" in q.m.match.legal_actions() or finished_hand(q))
    if "out" not in p.m.match.legal_actions():
        pytest.skip("no claim in this deal")
    p.click("out")
    assert p.s.overlay == "confirm-out"
    assert p.focused[-1] == '[data-panel="confirm-out"] [data-action="close"].primary'
    p.click("out-confirm")
    assert p.s.overlay is None and p.m.match.hand.out is not None


# --- the commands -------------------------------------------------------------------------
@pytest.mark.parametrize("name", ("sheet", "last-trick", "stats", "help", "settings"))
def test_panels_open_and_close(name):
    p = page()
    p.fetched["./web/help/en/bulgarian.html"] = "<p>The rules</p>"
    if name == "last-trick":  # (the button is enabled once there is one)
        assert p.press("[data-action=last-trick]") is None
        p.play_until(lambda q: q.m.match.hand.tricks)
    p.click(name)
    assert p.s.overlay == name and p.attributes["data-overlay"] == name
    assert f'data-panel="{name}"' in p.regions["overlay"]
    if name == "settings":
        assert p.focused[-1] == "[data-panel=settings] [data-setting]"
    if name == "help":
        assert fetches(p) == ["./web/help/en/bulgarian.html"]
        assert "<p>The rules</p>" in p.regions["overlay"]
    p.click(name)
    assert p.s.overlay is None and p.regions["overlay"] == ""
    p.click(name)
    p.click("close")
    assert p.s.overlay is None


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
    assert p.drawn('[data-action="hand-info"]') is None  # no contract yet: no marker
    p.key("b")
    assert p.s.overlay is None  # "b" only once there is a contract
    p.play_until(human_plays)
    p.click("hand-info")
    assert p.s.overlay == "hand" and 'data-panel="hand"' in p.regions["overlay"]
    p.key("B")
    assert p.s.overlay is None
    p.key("b", focus='[data-setting="language"]')  # typing in a field: the field's key
    p.key("b", ctrl=True)
    assert p.s.overlay is None
    p.key("b")
    assert p.s.overlay == "hand"


def test_next_hand_only_after_a_hand():
    p = page()
    before = p.m.match.to_dict()
    assert p.drawn('[data-action="next"]') is None
    p.send(msgs.NextHand())
    assert p.m.match.to_dict() == before
    p.play_until(finished_hand)
    number = p.m.match.view(0)["hand_number"]
    p.click("sheet")
    p.send(msgs.NextHand())  # (its button is under the sheet)
    assert p.m.match.view(0)["hand_number"] == number + 1 and p.s.overlay is None


def test_hint_says_the_suggestion():
    p = page()
    p.click("hint")
    suggestion = p.m.match.legal_actions()[0]
    assert p.s.hint == suggestion and 'data-message="hint"' in p.message
    p.click(bid=suggestion)
    assert p.s.hint is None and 'data-message="hint"' not in p.message
    # Card hints; none when nothing is to be done; a stale answer is dropped.
    p.play_until(human_plays)
    p.click("hint")
    assert "Hint: play the" in p.message
    p.suggest = lambda view_: None
    p.click("hint")
    assert p.s.hint is None and t("hint.none") in p.message
    (asked,) = p.deliver(msgs.Hint())
    p.queue.clear()
    assert isinstance(asked, fx.AskHint) and asked.view["seat"] == 0
    p.s.version += 1  # something happened before the answer came
    p.send(msgs.Hinted(asked.version, asked.view["legal"][0]))
    assert p.s.hint is None


def test_dismiss_and_the_update():
    p = page()
    p.send(msgs.UpdateReady())
    assert p.notice_kind == "update" and 'data-action="update"' in p.regions["notice"]
    assert p.send(msgs.UpdateReady()) == []  # offered once
    p.click("update")
    assert p.other[-1] == fx.Reload()
    p.click("dismiss")
    assert p.notice_kind == "" and p.regions["notice"] == ""


def test_main_says_whether_a_notice_shows():
    """The page's grid gives the notices a row by <main data-notices> (web/style.css), never by
    a :has() on their region, which WebKit does not re-apply when a notice comes (issue 40)."""
    p = page()
    assert p.regions["notice"] == "" and p.attributes["data-notices"] == ""
    p.send(msgs.UpdateReady())
    assert p.regions["notice"] and p.attributes["data-notices"] == "shown"
    p.click("dismiss")
    assert p.regions["notice"] == "" and p.attributes["data-notices"] == ""


def test_escape_dismisses_the_notice_when_nothing_is_open():
    p = page()
    p.send(msgs.UpdateReady())
    p.click("sheet")
    p.key("Escape")  # the panel first
    assert p.s.overlay is None and p.notice_kind == "update"
    p.key("Escape")
    assert p.notice_kind == ""
    record, _, i = practised(p)
    p.run(start_practice, record, "play", i, 1)
    p.key("Escape")  # a notice whose state lasts folds, the focus on its button
    assert p.notice_kind == "practice" and p.s.notice.folded
    assert p.focused[-1] == "[data-region=notice] button"


def test_settings_change_now_or_for_the_next_game():
    p = page()
    p.click("settings")
    p.change("speed", "fast")
    assert p.frame.root["data-speed"] == "fast"
    assert p.find('[data-setting="speed"]').value == "fast"
    assert json.loads(p.saved())["settings"]["speed"] == "fast"
    p.change("rules", "french")  # the next game's
    assert p.m.match.rules.name == "bulgarian" and p.m.saved.settings["rules"] == "french"
    p.click("settings-new-game")
    assert p.m.match.rules.name == "french" and p.s.overlay is None
    p.click("settings")
    p.change("target", "abc")  # a bad number is put back
    assert p.m.saved.settings.get("target") != "abc"
    assert p.find('[data-setting="target"]').value != "abc"
    p.change("four_colour", True)
    assert p.m.saved.settings["four_colour"] is True and "cards/four/" in p.regions["hand"]
    p.change("language", "hr")
    assert p.frame.root["lang"] == "hr"


# --- new game and its undo -----------------------------------------------------------------
def test_new_game_can_be_undone_until_the_first_move():
    p = page()
    p.play_until(human_plays)
    old = p.m.match
    p.click("new-game")
    assert p.m.match is not old and p.s.abandoned is old
    assert p.notice_kind == "new-game" and 'data-action="undo-new-game"' in p.regions["notice"]
    p.click("undo-new-game")
    assert p.m.match is old and p.s.abandoned is None and p.notice_kind == ""
    assert json.loads(p.saved())["match"] == old.to_dict()
    # After a move, the old match is gone.
    p.click("new-game")
    p.click(bid=p.m.match.legal_actions()[0])
    assert p.s.abandoned is None and p.notice_kind == ""
    p.send(msgs.UndoNewGame())
    assert p.m.match is not old


def test_new_game_before_any_move_sets_nothing_aside():
    p = page(HUMAN_FIRST)
    assert p.m.match.view(0)["auction"] == []
    p.click("new-game")
    assert p.s.abandoned is None and p.notice_kind == ""


# --- practice --------------------------------------------------------------------------------
def practised(p: Page) -> tuple[dict, str, int]:
    """A finished hand's record, the save, and the index of the human's second card."""
    p.play_until(finished_hand)
    record = hand_record(p.m.match.hand)
    index = [i for i, seat in enumerate(p.m.match.hand.played_by) if seat == 0][1]
    return record, p.saved(), index


def test_practice_leaves_the_saved_match_alone_and_ends_as_it_was():
    p = page()
    record, raw, i = practised(p)
    match = p.m.match
    p.run(start_practice, record, "play", i, 1)
    assert p.notice_kind == "practice" and p.s.practice is not None and p.s.keyboard
    assert p.m.saved.match is match and p.m.match is not match
    assert 'data-action="practice-end"' in p.regions["notice"]
    p.click("dismiss")  # the notice folds: the way back stays
    assert "data-folded" in p.regions["notice"] and p.notice_kind == "practice"
    assert 'data-action="practice-end"' in p.regions["notice"]
    assert p.m.match.hand.played == match.hand.played[:i] and human_plays(p)
    stats = json.dumps(p.m.saved.stats)
    p.play_until(finished_hand)
    assert 'data-panel="practice-over"' in p.regions["overlay"]
    assert p.saved() == raw and json.dumps(p.m.saved.stats) == stats
    p.send(msgs.NextHand())  # no next hand in a practice
    assert p.m.match.phase in ("hand-over", "match-over") and p.s.practice is not None
    p.click("practice-again")
    assert p.m.match.hand.played == match.hand.played[:i] and human_plays(p)
    p.click("practice-end")
    assert p.m.match is match and p.notice_kind == "" and p.s.practice is None
    assert p.saved() == raw


def test_practice_keeps_a_notice_and_fails_clearly():
    p = page()
    record, _, i = practised(p)
    p.send(msgs.UpdateReady())
    p.run(start_practice, record, "play", i, None)  # imported: no number
    assert "Practice:" in p.regions["notice"] and p.notice_kind == "practice"
    p.click("practice-end")
    assert p.notice_kind == "update"
    p.run(start_practice, record, "play", i, 1)
    p.run(start_practice, record, "play", 1000, 1)
    assert 'data-message="illegal"' in p.message and p.s.practice is not None
    p.run(start_practice, {"rules": "nothing"}, "play", 0, 1)
    assert 'data-message="illegal"' in p.message
    p.click("practice-end")
    p.send(msgs.EndPractice())  # nothing to end
    p.send(msgs.PracticeAgain())  # nor to practise again
    assert p.s.practice is None


def test_puzzles_step_judge_and_finish():
    """"Learn from your mistakes" (web/coach/puzzles.py; more in tests/test_puzzles.py): the
    deal at each graded choice, a pick judged and never played, the steps and the way back."""
    from belote.analysis import moments

    p = page()
    record, raw, _ = practised(p)
    match = p.m.match
    graded = moments(replay(record, complete=False), 0)[:2]
    decisions = [{"phase": m.phase, "index": m.index, "played": m.played,
                  "best": next(o for o in m.options if o != m.played), "cost_expected": 30.0,
                  "mistake": True, "reason": {"code": "bid.loses", "pct": 60}}
                 for m in graded]
    p.run(start_puzzles, record, decisions, 20.0, 1)
    assert p.notice_kind == "puzzle" and p.m.saved.match is match
    first = decisions[0]
    p.click(**({"bid": first["played"]} if first["phase"] == "auction"
               else {"card": first["played"]}))
    assert 'data-verdict="bad"' in p.regions["notice"] and p.m.match.turn == 0
    p.click("puzzle-why")  # the review's reason, shown and hidden
    assert "60% of the deals" in p.regions["notice"]
    p.click("puzzle-why")
    assert "60% of the deals" not in p.regions["notice"]
    p.click("puzzle-next")
    assert "Puzzle 2 of 2" in p.regions["notice"]
    p.click("puzzle-prev")
    assert 'data-verdict="bad"' in p.regions["notice"]
    p.click("puzzle-finish")
    assert p.m.match is match and p.notice_kind == "puzzles-done"
    assert json.loads(p.saved())["match"] == json.loads(raw)["match"]


def test_new_game_leaves_a_practice():
    p = page()
    record, _, i = practised(p)
    match = p.m.match
    p.run(start_practice, record, "play", i, 1)
    assert p.s.practice is not None
    p.click("new-game")
    assert p.s.practice is None and p.s.abandoned is match


# --- imports ---------------------------------------------------------------------------------
def test_an_imported_match_replaces_the_table_until_the_first_move():
    p = page()
    p.play_until(human_plays)
    old = p.m.match
    imported = Match("french", 4, {}, 5)
    p.run(resume_imported, imported)
    assert p.m.match is imported and p.s.abandoned is old and p.notice_kind == "new-game"
    assert p.s.keyboard
    p.click("undo-new-game")
    assert p.m.match is old
    fresh = Page(HUMAN_FIRST)
    fresh.run(resume_imported, Match("french", 4, {}, 5))
    assert fresh.notice_kind == "imported"


# --- two tabs ----------------------------------------------------------------------------------
def test_a_tab_that_only_opens_the_game_takes_nothing():
    """Issue 24: opening writes nothing back and claims nothing; a change made there claims
    the game, and the tab that played, told, stops."""
    from web.table.start import plays

    shared: dict = {}
    a = Page(BULGARIAN, storage_=shared, tab="tab-a")
    a.click(bid=a.m.match.legal_actions()[0])  # a move: a plays the game
    saved = shared[storage.KEY]
    b = Page(BULGARIAN, storage_=shared, tab="tab-b")
    assert shared[storage.KEY] == saved and shared[storage.TAB_KEY] == "tab-a"
    assert b.s.watching and not plays(b.m) and plays(a.m)
    assert b.m.match.to_dict() == a.m.match.to_dict()
    b.click(bid=b.m.match.legal_actions()[0])  # a move in b claims the game
    assert shared[storage.TAB_KEY] == "tab-b" and plays(b.m)
    a.other_tab_writes(storage.TAB_KEY, "tab-b")
    assert a.s.passive and a.notice_kind == "other-tab" and not plays(a.m)


def test_bots_wait_in_a_tab_opened_while_another_plays():
    shared: dict = {}
    a = Page(BULGARIAN, storage_=shared, tab="tab-a")
    a.click(bid=a.m.match.legal_actions()[0])
    # The save as a bot is to act (a's bots are thinking): b opens on it.
    m = Match.from_dict(a.m.match.to_dict())
    while m.turn == 0:
        m.apply(m.legal_actions()[0])
    shared[storage.KEY] = storage.encode(a.m.saved.settings, m, a.m.saved.stats, {})
    b = Page("fast=1", storage_=shared, tab="tab-b", start=False)
    b.model, effects = _init(b)
    b.draw()
    b.carry(effects)
    b.settle(limit=50, endless=True)  # it asks, is answered, waits, asks again...
    assert b.s.watching and any(isinstance(s, fx.AskTabs) for s in b.asked)
    assert b.pauses.count(1.0) >= 2
    assert not any(isinstance(s, fx.AskBot) for s in b.asked)  # its bots wait
    assert shared[storage.TAB_KEY] == "tab-a"
    # With no tab answering (a and b closed), a new tab's bots play, and it takes the game.
    a.tabs.clear()
    c = Page("fast=1", storage_=shared, tab="tab-c")
    assert any(isinstance(s, fx.AskBot) for s in c.asked) and not c.s.watching
    assert shared[storage.TAB_KEY] == "tab-c"


def _init(p: Page):
    from web.app.model import Flags
    from web.table.start import KEYS, init

    return init(Flags(p.params, p.tab), p.languages, p.dark,
                {key: p.storage.get(key) for key in KEYS})


def test_another_tab_stops_this_one_until_taken_back():
    shared: dict = {}
    a = Page(BULGARIAN, storage_=shared, tab="tab-a")
    b = Page(BULGARIAN, storage_=shared, tab="tab-b")
    a.other_tab_writes(storage.TAB_KEY, "tab-b")
    assert a.s.passive and a.notice_kind == "other-tab"
    assert a.attributes["data-passive"] == "true"
    assert 'data-action="take-over"' in a.regions["notice"]
    # Passive: moves and undo do nothing, nothing is written; dismiss folds the notice.
    before, written = a.m.match.to_dict(), dict(shared)
    assert a.drawn("[data-bid]") is None  # no bidding box in a tab that only looks
    a.send(msgs.Bid(a.m.match.legal_actions()[0]))
    a.click("dismiss")
    a.send(msgs.Hint())
    assert a.m.match.to_dict() == before and a.notice_kind == "other-tab" and shared == written
    assert "data-folded" in a.regions["notice"]
    assert 'data-action="take-over"' in a.regions["notice"]
    b.play_until(human_plays)
    a.click("take-over")
    assert not a.s.passive and a.notice_kind == "reloaded"
    assert a.m.match.to_dict() == b.m.match.to_dict()
    assert shared[storage.TAB_KEY] == "tab-a"
    b.other_tab_writes(storage.TAB_KEY, "tab-a")
    assert b.s.passive
    # "New game" in a tab whose game was taken is a move: it takes the game and deals.
    b.click("new-game")
    assert not b.s.passive and shared[storage.TAB_KEY] == "tab-b"
    assert b.m.match.to_dict() != a.m.match.to_dict()


def test_a_tab_that_lost_the_game_does_not_ask_for_a_card():
    """Issue 35, defect 9: the player's turn, but the game is played in another tab: this one
    says so rather than "Your turn: play a card" over a hand it greys out."""
    shared: dict = {}
    a = Page(BULGARIAN, storage_=shared, tab="tab-a")
    a.play_until(human_plays)
    assert t("turn.you.lead") in a.message or t("turn.you.play") in a.message
    a.other_tab_writes(storage.TAB_KEY, "tab-b")
    assert a.s.passive
    assert t("turn.you.play") not in a.message and t("turn.you.lead") not in a.message
    assert t("turn.you.elsewhere") in a.message


def test_writes_that_are_not_another_tabs_playing_are_ignored():
    p = page()
    for key, value in ((storage.KEY, p.s.last_saved), (storage.TAB_KEY, "tab-a"),
                       ("something.else", "x"), (storage.KEY, None)):
        p.other_tab_writes(key, value)
        assert not p.s.passive, key
    p.other_tab_writes(storage.KEY, "a save of another tab's")
    version = p.s.version
    p.other_tab_writes(storage.KEY, "and another")  # once passive, nothing more
    assert p.s.version == version


def test_take_over_with_nothing_saved_keeps_the_match():
    p = page()
    match = p.m.match
    p.other_tab_writes(storage.TAB_KEY, "tab-b")
    del p.storage[storage.KEY]
    p.click("take-over")
    assert p.m.match is match and not p.s.passive and p.notice_kind == "reloaded"


# --- storage refusing ----------------------------------------------------------------------------
def test_a_refused_save_is_said_once_and_the_game_goes_on():
    p = page()
    p.refuse = True
    p.click(bid=p.m.match.legal_actions()[0])
    assert p.notice_kind == "save-failed" and "QuotaExceededError" in p.regions["notice"]
    p.click("dismiss")
    p.play_until(human_plays)
    assert p.notice_kind == ""


def test_a_refused_save_after_a_broken_one_says_both():
    p = Page(HUMAN_FIRST, storage_={storage.KEY: "[]"})
    p.refuse = True
    p.click(bid=p.m.match.legal_actions()[0])
    assert p.notice_kind == "save-failed"
    assert "not a saved game" in p.regions["notice"] and "not being saved" in p.regions["notice"]


def test_storage_refusing_from_the_start_says_both_problems():
    """Opening claims nothing (issue 24): the first write is the new match's save, and its
    refusal says so beside the broken save's words."""
    p = Page("fast=1", storage_={storage.KEY: "[]"}, start=False)
    p.refuse = True
    p.start()
    assert p.notice_kind == "save-failed"
    assert "not a saved game" in p.regions["notice"] and "not being saved" in p.regions["notice"]


# --- keys ----------------------------------------------------------------------------------------
def test_every_key_binding_sends_a_message_of_the_update():
    for b in KEYS:
        assert b.msg is None and b.where or type(b.msg) in ROUTES, b


def test_every_action_the_page_draws_is_read_and_updated():
    """Each data-action drawn anywhere has its message (web/browser/reader.py), and each
    message its handler (web/app/update.py)."""
    import re
    from pathlib import Path

    drawn = set()
    for path in Path("web").rglob("*.py"):
        drawn |= set(re.findall(r'data-action="([a-z-]+)"', path.read_text()))
        drawn |= set(re.findall(r'step\("([a-z-]+)"', path.read_text()))
        drawn |= set(re.findall(r'button\("([a-z-]+)"', path.read_text()))
    assert drawn - set(ACTIONS) == set()
    for build in ACTIONS.values():
        assert type(build(_Element())) in ROUTES


class _Element:
    def getAttribute(self, name):  # noqa: N802
        return None


def test_escape_closes_the_innermost_thing():
    p = page()
    p.s.keyboard = False
    assert p.key("Escape").msg is None  # nothing open: nothing to close
    assert p.s.keyboard  # any key that reaches the table: the keyboard is in use
    p.click("sheet")
    out = p.key("Escape")
    assert p.s.overlay is None and not out.prevent
    # The records region: Escape inside it closes it.
    p.click("sheet")
    p.click("import")
    assert p.attributes["data-records"] == "import"
    p.s.keyboard = False
    out = p.key("Escape", focus="[data-import-text]")
    assert p.attributes["data-records"] is None and out.prevent and out.stop
    assert not p.s.keyboard and p.s.overlay == "sheet"  # the region kept the key
    p.key("Escape")  # outside it: the table's panel
    assert p.s.overlay is None


def test_the_replay_viewer_steps_by_arrows_home_and_end():
    p = page()
    p.play_until(finished_hand)
    p.click("sheet")
    p.click("replay-hand", hand="1")
    assert p.attributes["data-records"] == "replay" and p.s.records.step == 0
    inside = '[data-action="replay-next"]'
    wanted = {"ArrowRight": 1, "ArrowDown": 2, "ArrowLeft": 1, "ArrowUp": 0,
              "End": p.s.records.replay.last, "Home": 0}
    for key, step in wanted.items():
        out = p.key(key, focus=inside)
        assert p.s.records.step == step and out.prevent and out.stop, key
        assert f'data-replay-step="{step}"' in p.regions["records"]
    p.key("ArrowRight", focus="[data-replay-seek]")  # the slider moves on its own
    p.key("Enter", focus=inside)
    assert p.s.records.step == 0
    # And "b" does nothing while the region is open.
    p.key("b")
    assert p.s.overlay == "sheet"
    p.click("replay-close")
    p.click("sheet")
    p.key("b")
    assert p.s.overlay == "hand"


@pytest.mark.parametrize(("key", "index"), [("ArrowLeft", 1), ("ArrowUp", 1), ("ArrowRight", 3),
                                            ("ArrowDown", 3), ("Home", 0), ("End", 7)])
def test_arrows_move_along_the_hand_and_the_bidding_box(key, index):
    p = page()
    p.play_until(human_plays)
    cards = p.document().querySelectorAll("[data-card]")
    assert len(cards) == 8
    third = cards[2].getAttribute("data-card")
    out = p.key(key, focus=f'[data-card="{third}"]')
    assert p.focused == [index] and out.prevent and not out.stop
    p.focused.clear()
    out = p.key(key)  # not in a group: the browser's own
    assert out.msg is None and not out.prevent and p.focused == []


def test_arrows_wrap_around():
    p = page()
    p.play_until(human_plays)
    cards = [c.getAttribute("data-card") for c in p.document().querySelectorAll("[data-card]")]
    p.key("ArrowRight", focus=f'[data-card="{cards[-1]}"]')
    p.key("ArrowLeft", focus=f'[data-card="{cards[0]}"]')
    assert p.focused == [0, 7]


def test_the_pointer_turns_the_keyboard_off():
    p = page()
    p.key("x")
    assert p.s.keyboard
    p.send(msgs.Pointer())
    assert not p.s.keyboard


# --- the reader ----------------------------------------------------------------------------------
def test_clicks_on_disabled_or_aria_disabled_records_buttons_do_nothing():
    p = page()
    p.play_until(finished_hand)
    p.click("sheet")
    p.click("replay-hand", hand="1")
    assert p.find('[data-action="replay-prev"]').getAttribute("aria-disabled") == "true"
    assert p.click("replay-prev") is None and p.s.records.step == 0
    p.click("replay-next")
    assert p.s.records.step == 1


def test_unknown_actions_and_events_do_nothing():
    from fake_dom import parse

    p = page()
    draws = p.draws
    root = parse('<button data-action="no-such-action">x</button><p>text</p>'
                 '<input data-other><select></select>')
    button, text, field, select = root.querySelectorAll("button, p, input, select")
    for kind, el in (("click", button), ("click", text), ("change", field),
                     ("input", select), ("focus", button)):
        assert p.dom_event(kind, el) is None
    assert p.draws == draws


def test_an_action_that_fails_is_reported_and_the_table_goes_on():
    p = page()
    p.m.match.why_illegal = None  # type: ignore[assignment,method-assign]  # breaks "bid"
    p.click(bid="pass")
    assert p.reports and p.reports[0].label == "Belote table error"
    assert "Something went wrong" in p.message


# --- guided hands (web/coach/guide.py; played through in tests/test_guides.py) --------------
def test_guide_actions_start_next_skip_and_done():
    p = page()
    before = p.m.match
    start_guide(p)
    assert p.s.guided is not None and p.notice_kind == "guide"
    at = p.s.guided.run.at
    p.click("guide-next")
    assert p.s.guided.run.at > at
    p.click("guide-skip")
    assert p.s.guided is None and p.m.match is before
    start_guide(p)
    p.send(msgs.EndGuide())  # (the score's "Done") ends it the same way
    assert p.s.guided is None and p.m.match is before


# --- taking back a move (issue 27; belote/takeback.py) --------------------------------------
def human_after_own_card(p: Page) -> bool:
    """The human to play again, having played a card in this hand."""
    return human_plays(p) and 0 in p.m.match.hand.played_by[:-1] and \
        p.m.match.can_take_back(0)


def test_take_back_is_off_in_a_match_by_default():
    p = page()
    p.play_until(human_after_own_card)
    assert 'data-action="take-back"' not in p.regions["bar"]
    before = p.m.match.to_dict()
    p.key("u")
    # the setting named as the Settings panel names it (issue 35, defect 7)
    said = t("takeback.off", setting=t("setting.takeback"))
    assert said in p.message and p.m.match.to_dict() == before
    p.click("settings")
    assert t("setting.takeback") in p.regions["overlay"]
    p.click("close")
    # turned on, the red message goes: it is no longer true
    p.change("takeback", True)
    assert said not in p.message and 'data-message="illegal"' not in p.message
    p.key("u")
    assert said not in p.message and p.m.match.to_dict() != before


def test_take_back_a_card_with_the_setting_marks_the_match():
    p = page()
    p.change("takeback", True)
    p.play_until(human_plays)
    before = (p.m.match.view(0), p.m.match.hand_record())
    p.click(card=next(a for a in p.m.match.legal_actions() if not a.startswith("declare ")))
    p.play_until(human_after_own_card)
    assert 'data-action="take-back"' in p.regions["bar"]
    assert 'aria-keyshortcuts="U"' in p.regions["bar"]
    p.click("take-back")
    view_ = p.m.match.view(0)
    assert view_.pop("takebacks") == {"1": 1}
    before[0].pop("takebacks")
    assert (view_, p.m.match.hand_record()) == before
    assert t("takeback.done") in p.message
    saved = json.loads(p.saved())["match"]
    assert saved["takebacks"] == {"1": 1}
    assert Match.from_dict(saved).helped
    # the mark on the score sheet, once the hand is on it
    p.play_until(finished_hand)
    p.click("sheet")
    assert "data-helped" in p.regions["overlay"] and "1 move taken back" in p.regions["overlay"]
    # a match won with take-backs counts apart
    took(p.m, [{"type": "match-over", "winner": 0}])
    entry = p.m.saved.stats["bulgarian"]
    assert entry["helped"] == 1 and entry["helped_won"] == 1 and entry["played"] == 0


def test_take_back_a_bid_by_key():
    p = page(HUMAN_FIRST)
    p.change("takeback", True)
    words = list(p.m.match.hand.auction.words)
    assert p.m.match.turn == 0
    p.click(bid=p.m.match.legal_actions()[-1])
    p.play_until(lambda q: q.m.match.turn == 0 or finished_hand(q))
    p.key("U")
    assert p.m.match.phase == "auction" and p.m.match.hand.auction.words == words


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
    p.run(start_practice, record, "play", i, 1)
    p.click(card=next(a for a in p.m.match.legal_actions() if not a.startswith("declare ")))
    p.play_until(lambda q: human_plays(q) or finished_hand(q))
    if finished_hand(p):
        return
    played = len(p.m.match.hand.played)
    p.click("take-back")
    assert len(p.m.match.hand.played) < played and human_plays(p)
    assert json.loads(p.saved())["match"].get("takebacks") is None  # the saved match untouched


def test_take_back_in_a_guided_hand():
    p = page()
    start_guide(p)
    run = p.s.guided.run
    for _ in range(50):  # on to the step after the player's first action
        step = run.step()
        if step is not None and step.expect and p.m.match.turn == 0:
            break
        p.click("guide-next")
    at = p.s.guided.run.at
    p.click(**({"card": step.expect} if p.m.match.phase == "play" else {"bid": step.expect}))
    assert p.s.guided.run.at > at
    p.click("take-back")
    assert p.s.guided.run.at == at and p.s.guided.run.step().expect == step.expect
