"""Whole play-throughs of the table under CPython (tests/table_page.py: clicks on the elements
the view drew, read by the page's own reader), moved here from the browser tests: what they
checked needs no browser (docs/testing.md, "Where a check lives"). The browser keeps one of
each kind, for the boot, the paint and the layout."""

from __future__ import annotations

import json
import re

import pytest
from table_page import Page

from belote import Match, replay
from web.app import effects as fx
from web.app import records_messages as rmsgs
from web.i18n import EN, LANGUAGES, set_language, t
from web.i18n.locales import LOCALES
from web.storage import save as storage


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def phase(p: Page) -> str:
    return p.m.match.phase


def saved(p: Page) -> dict:
    return json.loads(p.saved())


# What the browser tests' simple player clicks (tests/browser/table_driver.py NEXT_JS): the
# first enabled bid, the first playable card, "next hand", in the order drawn.
NEXT = {"hand-over": '[data-action="next"]', "auction": "[data-bid]:not([disabled])",
        "play": '[data-card]:not([aria-disabled="true"])'}


def act(p: Page) -> str:
    """Click what the simple player clicks; returns the action ("next", a bid, a card)."""
    el = p.find(NEXT[phase(p)])
    action = el.getAttribute("data-bid") or el.getAttribute("data-card") or "next"
    p.press(NEXT[phase(p)])
    return action


def play_until(p: Page, done) -> list[str]:
    """Act as the simple player until ``done(p)`` (or the match is over); the actions."""
    actions: list[str] = []
    for _ in range(3000):
        if done(p) or phase(p) == "match-over":
            return actions
        assert p.m.match.turn == 0 or phase(p) == "hand-over", phase(p)
        actions.append(act(p))
    raise AssertionError("still playing")


# --- a whole match in each rule set (from tests/browser/test_table_match.py) ----------------
# A target the player chose (settings), lower than the rule set's own so that a match is a few
# hands long: the match's end, not its length, is what these tests are about.
MATCHES = [
    ("bulgarian", 4, 30),
    ("french", 4, 250),
    ("coinche", 4, 266),
    ("bela", 4, 300),
    ("classic", 2, 200),
    ("classic", 3, 200),
    ("classic", 4, 200),
]


def with_target(rules: str, target: int) -> dict[str, str]:
    """A profile whose settings chose this target for ``rules`` (no match yet)."""
    settings = storage.clean_settings({"rules": rules, "options": {rules: {"target": target}}})
    assert settings["options"][rules]["target"] == target
    return {storage.KEY: storage.encode(settings, None, {})}


@pytest.mark.parametrize(("rules", "players", "target"), MATCHES,
                         ids=[f"{r}-{n}" for r, n, _ in MATCHES])
def test_full_match_by_clicking(rules, players, target):
    p = Page(f"fast=1&rules={rules}&players={players}&level=easy&seed=7",
             storage_=with_target(rules, target))
    assert saved(p)["match"]["options"] == {"target": target}
    assert p.attributes["data-rules"] == rules and p.attributes["data-players"] == str(players)
    hands = play_until(p, lambda q: False).count("next")
    assert hands >= 1 and p.attributes["data-phase"] == "match-over"
    overlay = p.regions["overlay"]
    # The running score: one number per team (4 players) or per player (2 and 3).
    attr = "data-score-team" if players == 4 else "data-score-player"
    totals = [int(p.find(f'[{attr}="{s}"]').textContent)
              for s in range(2 if players == 4 else players)]
    # Reaching the target ends the match; also a right "I'm out" (Classic: the claim's points
    # are not added to the totals) and eight in sequence (Bela).
    claimed = p.drawn('[data-panel="match-over"] [data-out="right"]') is not None
    assert max(totals) >= target or claimed or rules == "bela", totals
    # The end of the match: who won, and a new-game button (exactly one).
    assert len(p.document().querySelectorAll('[data-panel="match-over"] [data-winner]')) == 1
    assert len(p.document().querySelectorAll('[data-action="new-game"]')) == 1
    assert 'data-panel="match-over"' in overlay
    # The score sheet lists every hand played (thrown-in hands included).
    p.click("sheet")
    assert len(p.document().querySelectorAll('[data-panel="sheet"] tbody tr')) == hands + 1
    p.click("close")
    # Statistics were counted once, and survive a reload.
    key = f"classic-{players}" if rules == "classic" else rules
    assert saved(p)["stats"][key]["played"] == 1
    again = Page("fast=1", storage_=p.storage, tab="tab-b")
    assert again.attributes["data-phase"] == "match-over"
    assert saved(again)["stats"][key]["played"] == 1
    # A new game starts a fresh match of the same rules.
    again.click("new-game")
    assert phase(again) in ("auction", "play") and again.attributes["data-rules"] == rules
    assert all(v == 0 for v in again.m.match.totals)
    assert saved(again)["stats"][key]["played"] == 1


# --- a reload resumes exactly (from tests/browser/test_table_resume.py) ---------------------
def state(p: Page) -> dict:
    """What the browser tests read of the table (tests/browser/table_driver.py STATE_JS)."""
    doc = p.document()

    def all_(selector: str, f) -> list:
        return [f(e) for e in doc.querySelectorAll(selector)]

    contract = doc.querySelector("[data-contract]")
    return {
        "phase": p.attributes["data-phase"], "turn": p.attributes["data-turn"],
        "hand": all_("[data-card]", lambda e: e.getAttribute("data-card")),
        "disabled": all_('[data-card][aria-disabled="true"]',
                         lambda e: e.getAttribute("data-card")),
        "trick": all_("[data-trick-card]",
                      lambda e: [e.getAttribute("data-seat"), e.getAttribute("data-trick-card")]),
        "auction": all_("[data-said-seat]",
                        lambda e: [e.getAttribute("data-said-seat"), e.getAttribute("data-said")]),
        "bids": all_("[data-bid]:not([disabled])", lambda e: e.getAttribute("data-bid")),
        "scores": all_("[data-score-team],[data-score-player]", lambda e: e.textContent.strip()),
        "contract": contract.textContent if contract is not None else None,
    }


def reload(p: Page) -> Page:
    """The page loaded again in its tab: the same address and storage, the old page gone."""
    p.tabs.remove(p)
    return Page(p.params, storage_=p.storage, tab=p.tab)


def reload_and_compare(p: Page) -> Page:
    before, save_before = state(p), p.saved()
    again = reload(p)
    assert state(again) == before
    assert again.saved() == save_before  # no bot moved, nothing was dealt again
    return again


def mid_auction(p: Page) -> bool:
    s = state(p)
    return s["phase"] == "auction" and s["turn"] == "0" and len(s["auction"]) >= 1


def mid_trick(p: Page) -> bool:
    s = state(p)
    return (s["phase"] == "play" and s["turn"] == "0" and 1 <= len(s["trick"]) <= 3
            and len(s["hand"]) < 8)


@pytest.mark.parametrize("rules", ["bulgarian", "coinche", "classic&players=3"])
def test_reload_mid_auction_and_mid_trick(rules):
    p = Page(f"fast=1&rules={rules}&level=easy&seed=12")
    play_until(p, mid_auction)
    p = reload_and_compare(p)
    s = state(p)
    assert s["auction"] and s["bids"] and s["hand"]
    play_until(p, mid_trick)
    p = reload_and_compare(p)
    s = state(p)
    assert s["trick"] and s["hand"]
    # Still playable after the reload: the hand goes on.
    act(p)
    assert len(state(p)["hand"]) == len(s["hand"]) - 1 or phase(p) != "play"


def test_reload_between_hands_and_in_a_later_hand():
    p = Page("fast=1&rules=french&level=easy&seed=4")
    play_until(p, lambda q: phase(q) == "hand-over")
    p = reload_and_compare(p)
    p.click("next")
    play_until(p, mid_trick)
    p = reload_and_compare(p)
    assert len(saved(p)["match"]["hands"]) == 2


# --- take-backs (were the browser's test_takeback.py) -----------------------------------------
def test_take_back_a_bid_and_a_card_then_the_record_replays():
    p = Page("fast=1&rules=bulgarian&level=easy&seed=6")  # the human bids first
    p.change("takeback", True)
    take_back = p.find('[data-action="take-back"]')
    assert take_back.getAttribute("aria-keyshortcuts") == "U"

    def current_hand() -> dict:
        return saved(p)["match"]["hands"][-1]

    # A bid taken back: the auction as it was, the human to bid again.
    before, table = current_hand(), state(p)
    act(p)
    p.click("take-back")
    assert "taken back" in p.message
    assert current_hand() == before and state(p)["phase"] == table["phase"] == "auction"
    # A card taken back: the bots' cards since are undone too.
    play_until(p, lambda q: phase(q) == "play")
    before = current_hand()
    act(p)
    if phase(p) == "play":
        assert len(current_hand()["play"]) > len(before["play"])
        p.click("take-back")
        assert current_hand() == before
    # The hand to its end: its record replays, the match is marked on the sheet.
    play_until(p, lambda q: phase(q) in ("hand-over", "match-over"))
    data = saved(p)["match"]
    assert sum(data["takebacks"].values()) >= 2
    assert replay(data["hands"][0]).over
    p.click("sheet")
    assert p.drawn('[data-panel="sheet"] [data-helped]') is not None


# --- what goes wrong is explained (were the browser's test_table_errors.py) ------------------
def test_corrupt_old_and_inconsistent_saves():
    p = Page("fast=1&rules=bulgarian&level=easy&seed=9")
    good = saved(p)
    assert good["version"] == 1 and good["match"]["rules"] == "bulgarian"

    def visit(raw: str) -> Page:
        """The page opened again (``./?fast=1``) on a profile whose save is ``raw``."""
        p.storage[storage.KEY] = raw
        p.tabs.clear()
        return Page("fast=1", storage_=p.storage)

    def notice() -> str:
        el = p.drawn('[data-notice="broken-save"]')
        assert el is not None, p.regions["notice"]
        return el.textContent

    # Not JSON at all.
    p = visit("{this is not json")
    assert phase(p) in ("auction", "play") and "it is not a saved game" in notice()
    assert p.storage[storage.BROKEN_KEY] == "{this is not json"
    assert saved(p)["version"] == 1  # a fresh, valid save replaced it
    # Another version: set aside too (nothing older exists to migrate from).
    old = json.dumps({"version": 0, "game": {"whatever": 1}})
    p = visit(old)
    assert notice() and p.storage[storage.BROKEN_KEY] == old
    # JSON of the wrong shape (a list where the save is an object).
    shape = '[{"version": 1}]'
    p = visit(shape)
    assert phase(p) in ("auction", "play") and p.storage[storage.BROKEN_KEY] == shape
    assert p.find('[data-notice="broken-save"] p').textContent == \
        storage.problem_phrase(storage.decode(shape)).said()
    assert saved(p)["version"] == 1
    # Readable but inconsistent: a deck that was not dealt from the match's seed. The settings
    # and statistics in it are kept.
    bad = json.loads(json.dumps(good))
    deck = bad["match"]["hands"][0]["deck"]
    deck[0], deck[1] = deck[1], deck[0]
    bad["settings"] = {"rules": "coinche", "players": 4, "level": "easy", "four_colour": True}
    bad["stats"] = {"coinche": {"played": 3, "won": 2}}
    raw = json.dumps(bad)
    p = visit(raw)
    assert "do not fit together" in notice() and p.storage[storage.BROKEN_KEY] == raw
    now = saved(p)
    assert now["stats"]["coinche"]["played"] == 3 and now["stats"]["coinche"]["won"] == 2
    assert now["settings"]["rules"] == "coinche"
    assert p.attributes["data-rules"] == "coinche"  # the new match follows them
    # The message can be dismissed; a normal reload then shows none.
    p.click("dismiss")
    assert p.drawn("[data-notice]") is None
    p = reload(p)
    assert p.drawn("[data-notice]") is None


def test_an_unplayable_card_says_why():
    p = Page("fast=1&rules=bulgarian&level=easy&seed=2")

    def refused_card(q: Page) -> bool:
        s = state(q)
        return s["phase"] == "play" and s["turn"] == "0" and bool(s["disabled"] and s["trick"])

    play_until(p, refused_card)
    before = state(p)
    card = before["disabled"][0]
    button = p.find(f'[data-card="{card}"]')
    label = button.getAttribute("aria-label")
    assert ", not playable: you must" in label, label
    p.click(card=card)  # aria-disabled: a click still reaches it, and says why
    text = p.find('[data-message="illegal"]').textContent
    assert "you must" in text and label.split(": ", 1)[1] in text, text
    # the duty names the cards that make it: "you must follow clubs: you hold 8♣, 7♣"
    assert "you hold" in text or "trump with" in text, text
    assert any(symbol in text for symbol in "♣♦♥♠"), text
    # Nothing was played; a legal card then plays and the message goes away.
    assert state(p)["hand"] == before["hand"] and state(p)["trick"] == before["trick"]
    act(p)
    assert p.drawn('[data-message="illegal"]') is None


# --- settings that reach the game (from tests/browser/test_settings.py, test_table_match.py) -
def rules_title(p: Page) -> str:
    return p.find('[data-region="score"] .rules-title').textContent


def test_target_and_undertrump_reach_the_next_game():
    p = Page("fast=1&rules=french&level=easy&seed=11")
    assert "to 501" in rules_title(p)
    p.click("settings")
    assert p.find('[data-setting="undertrump"]').checked  # French: on by default
    p.change("target", "100")
    p.change("undertrump", False)
    # Rule settings wait for the next game, and the panel says so.
    assert p.find("[data-settings-pending]").getAttribute("data-settings-pending") == "true"
    assert "to 501" in rules_title(p) and saved(p)["match"]["options"] == {}
    p.click("settings-new-game")
    assert "to 100" in rules_title(p)
    assert saved(p)["match"]["options"] == {"target": 100, "undertrump": False}
    # A bad number is put back to what is kept.
    p.click("settings")
    p.change("target", "")
    assert p.find('[data-setting="target"]').value == "100"
    # Other rule sets keep their own defaults; French keeps its options after a reload.
    p.change("rules", "coinche")
    assert p.find('[data-setting="target"]').value == "1000"
    assert not p.find('[data-setting="undertrump"]').checked
    p.change("rules", "bulgarian")
    assert p.drawn('[data-setting="undertrump"]') is None
    p.change("rules", "french")
    p = reload(p)
    assert "to 100" in rules_title(p)
    p.click("settings")
    assert p.find('[data-setting="target"]').value == "100"
    assert not p.find('[data-setting="undertrump"]').checked


def test_settings_choose_the_rules_and_persist():
    p = Page("fast=1&level=easy&seed=3")
    assert p.attributes["data-rules"] == "bulgarian"  # the default
    p.click("settings")
    p.change("rules", "classic")
    p.change("players", "3")
    for seat in (1, 2):
        p.change(f"level-{seat}", "easy")
    p.click("settings-new-game")
    assert p.attributes["data-rules"] == "classic" and p.attributes["data-players"] == "3"
    assert len(p.document().querySelectorAll("[data-score-player]")) == 3
    # Classic hides running card points while the hand is played.
    play_until(p, lambda q: phase(q) == "play")
    assert "points" not in p.find('[data-region="score"]').textContent
    p.tabs.remove(p)
    p = Page("fast=1", storage_=p.storage)
    p.click("settings")
    assert p.find('[data-setting="rules"]').value == "classic"
    assert p.find('[data-setting="players"]').value == "3"
    assert p.find('[data-setting="level-1"]').value == "easy"
    assert p.attributes["data-rules"] == "classic"


def test_older_statistics_and_sounds():
    # An older save: statistics with played/won only, settings with one level for every bot.
    old = {"version": 1, "match": None,
           "settings": {"rules": "bulgarian", "players": 4, "level": "easy",
                        "four_colour": False},
           "stats": {"bulgarian": {"played": 3, "won": 2}, "classic-3": {"played": 1, "won": 0}}}
    p = Page("fast=1&seed=4", storage_={storage.KEY: json.dumps(old)})
    assert p.drawn('[data-notice="broken-save"]') is None
    s = saved(p)
    assert s["settings"]["levels"] == ["easy"] * 3
    assert s["stats"]["bulgarian"] == {"played": 3, "won": 2, "hands": 0, "taken": 0,
                                       "made": 0, "valats": 0, "puzzles": 0, "solved": 0,
                                       "helped": 0, "helped_won": 0}
    assert s["stats"]["classic-3"]["played"] == 1
    # Sounds on, then a whole hand (the sounds themselves: the browser's Web Audio,
    # tests/browser/test_settings.py).
    p.change("sound", True)
    play_until(p, lambda q: phase(q) == "hand-over")
    assert p.sounds
    entry = saved(p)["stats"]["bulgarian"]
    assert entry["hands"] == 1 and entry["played"] == 3
    assert entry["made"] <= entry["taken"] <= 1
    p.click("stats")
    row = p.find('[data-panel="stats"] [data-stats="bulgarian"]')
    assert row.querySelector("[data-played]").textContent == "3"
    assert row.querySelector("[data-hands]").textContent == "1"
    assert row.querySelector("[data-taken]").textContent == str(entry["taken"])


def test_corrupt_settings_are_repaired_and_the_match_kept():
    p = Page("fast=1&rules=french&level=easy&seed=6")
    play_until(p, lambda q: phase(q) == "play")
    good = saved(p)
    bad = dict(good, settings={"rules": "french", "players": "four", "levels": "expert",
                               "options": {"french": {"target": "big", "undertrump": 3}},
                               "speed": "warp", "theme": 7, "autoplay": "yes", "sound": None})
    p.tabs.remove(p)
    p = Page("fast=1", storage_={storage.KEY: json.dumps(bad)})
    assert p.drawn("[data-notice]") is None
    assert saved(p)["match"] == good["match"]
    s = saved(p)["settings"]
    assert (s["rules"], s["players"], s["levels"], s["options"], s["speed"], s["theme"],
            s["autoplay"]) == ("french", 4, ["normal"] * 3, {}, "normal", "auto", False)
    act(p)  # and the game goes on


# --- export and import (from tests/browser/test_transfer.py) --------------------------------
def first_hand_over(params: str = "rules=bulgarian&level=easy&seed=23") -> Page:
    """A Bulgarian match after its first hand, the score sheet open."""
    p = Page("fast=1&" + params)
    play_until(p, lambda q: phase(q) in ("hand-over", "match-over"))
    p.click("sheet")
    return p


def downloaded(p: Page, action: str) -> tuple[str, object]:
    p.click(action)
    download = p.other.pop()
    assert isinstance(download, fx.Download), download
    return download.filename, json.loads(download.text)


def paste(p: Page, text: str) -> None:
    if p.attributes["data-records"] != "import":
        p.click("import")
    p.type_in("[data-import-text]", text)
    p.click("import-open")


def test_export_hand_waits_for_a_finished_hand():
    p = Page("fast=1&rules=coinche&level=easy&seed=3")
    p.click("sheet")
    assert p.find('[data-action="export-hand"]').disabled
    _, match = downloaded(p, "export-match")
    assert match == saved(p)["match"] and len(match["hands"]) == 1


def other_match() -> dict:
    """A Coinche match after one hand (one bid, then passes), at the human's first bid."""
    m = Match("coinche", 4, {}, 77)
    while len(m.records) < 1 or m.phase != "auction" or m.turn != 0:
        legal = m.legal_actions()
        if m.phase == "auction" and m.hand.auction.words and "pass" in legal:
            m.apply("pass")
        else:
            m.apply(next((a for a in legal if a != "pass"), legal[0]))
    return m.to_dict()


def test_import_a_match_asks_then_plays_it():
    p = first_hand_over()
    before = saved(p)
    imported = other_match()
    paste(p, json.dumps(imported))
    question = p.find("[data-import-match]").textContent
    assert "Coinche" in question and "Hand 2" in question
    p.click("import-cancel")
    assert saved(p) == before and p.attributes["data-rules"] == "bulgarian"
    paste(p, json.dumps(imported))
    p.click("import-resume")
    assert p.attributes["data-records"] is None and p.attributes["data-rules"] == "coinche"
    assert phase(p) == "auction" and p.m.match.turn == 0
    assert saved(p)["match"] == imported
    # The match it replaced is one click away until the first move.
    p.click("undo-new-game")
    assert p.attributes["data-rules"] == "bulgarian" and saved(p)["match"] == before["match"]


MALFORMED = [
    ("", "nothing to open"),
    ("{oops", "not JSON"),
    ("[1, 2, 3]", "neither a hand record"),
    ('{"rules": "bulgarian", "dealer": 0, "deck": ["JH"]}', "all 32 cards (it has 1)"),
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
]


def test_malformed_input_says_why_and_changes_nothing():
    p = first_hand_over()
    before = saved(p)
    hand = before["match"]["hands"][0]
    illegal = dict(hand, play=[hand["play"][1], *hand["play"][1:]])
    cases = [*MALFORMED, (json.dumps(illegal), "card 1"),
             (json.dumps(dict(before["match"], seed=before["match"]["seed"] + 1)), "seed")]
    for text, says in cases:
        paste(p, text)
        error = p.find("[data-import-error]")
        message = error.textContent
        assert message.startswith("This cannot be opened: ") and says in message, message
        assert error.getAttribute("role") == "alert"
    p.click("import-close")
    assert p.attributes["data-records"] is None
    assert saved(p) == before and phase(p) in ("hand-over", "match-over")


# --- the table's language (from tests/browser/test_languages.py) ----------------------------
def test_each_language_changes_the_table_and_persists():
    p = Page("fast=1&rules=bulgarian&level=easy&seed=5")
    assert phase(p) == "auction" and p.frame.root["lang"] == "en"
    assert p.find('[data-bid="pass"]').textContent == "Pass"
    for code in ("es", "fr", "bg", "hr", "en"):
        p.change("language", code)
        words = {"en": EN, **LOCALES}[code]
        assert p.frame.root["lang"] == code
        assert p.find('[data-bid="pass"]').textContent == words["bid.pass"]
        assert p.find('[data-bid="no-trumps"]').textContent == words["bid.no-trumps"]
        assert p.find('[data-action="new-game"]').textContent.strip() == words[
            "action.new-game"]
        assert p.frame.title == words["app.title"]
        # the fixed parts' labels, which the adapter sets (in the browser:
        # tests/browser/test_languages.py::test_the_browser_language_is_used_until_one_is_chosen)
        assert dict(p.frame.labels)[".felt"] == words["region.felt"]
        assert saved(p)["settings"]["language"] == code
        if code not in ("bg", "en"):
            continue
        # The choice survives a reload, and the match goes on where it was.
        before = state(p)
        p = reload(p)
        assert phase(p) == "auction" and p.frame.root["lang"] == code
        assert p.find('[data-setting="language"]').value == code
        assert p.find('[data-bid="pass"]').textContent == words["bid.pass"]
        assert state(p)["hand"] == before["hand"]
    # The menu names each language in its own words.
    options = p.find('[data-setting="language"]').querySelectorAll("option")
    assert [o.textContent for o in options] == list(LANGUAGES.values())


def test_a_refused_card_is_explained_in_the_language():
    p = Page("fast=1&rules=bulgarian&level=easy&seed=2")
    p.change("language", "bg")
    play_until(p, lambda q: state(q)["phase"] == "play" and state(q)["turn"] == "0"
               and bool(state(q)["disabled"] and state(q)["trick"]))
    card = state(p)["disabled"][0]
    label = p.find(f'[data-card="{card}"]').getAttribute("aria-label")
    assert ", не може да се играе: трябва да" in label, label
    p.click(card=card)
    text = p.find('[data-message="illegal"]').textContent
    assert text.startswith("Не можеш да играеш "), text
    assert not re.search("[A-Za-z]{3,}", text), text  # no English word left


def test_words_follow_the_language_at_once():
    """Every text on the table changes with the language at once: a notice already shown, the
    message about a refused card, the counts in each language's plural (the other seats' cards,
    the sides' tricks and points). (From tests/browser/test_table_glance.py.)"""
    p = Page("fast=1&rules=bulgarian&level=easy&seed=2", storage_={storage.KEY: "{broken"})
    assert p.drawn('[data-notice="broken-save"]') is not None  # it stays until dismissed
    play_until(p, lambda q: state(q)["phase"] == "play" and state(q)["turn"] == "0"
               and bool(state(q)["disabled"] and state(q)["trick"]))
    p.click(card=state(p)["disabled"][0])
    english = p.find('[data-message="illegal"]').textContent
    for code in ("hr", "bg", "fr", "es"):
        p.change("language", code)
        set_language(code)
        try:
            assert p.frame.root["lang"] == code
            notice = p.find('[data-notice="broken-save"] p').textContent
            assert notice == t("save.broken", reason=t("save.unreadable"))
            said = p.find('[data-message="illegal"]').textContent  # the same, translated
            assert said != english and said.startswith(
                t("card.refused", card="\0", reason="").split("\0")[0]), said
            panels = p.document().querySelectorAll("[data-seat-panel]")
            others = [e for e in panels if e.getAttribute("data-seat-panel") != "0"]
            assert others
            for e in others:
                label = e.getAttribute("aria-label") or ""
                count = len(e.querySelectorAll(".backs img"))
                assert label.endswith(", " + t("cards.count", n=count)), label
            details = p.document().querySelectorAll(".side-detail")
            assert details
            for e in details:
                detail = " ".join(e.textContent.split())
                tricks, points = (int(n) for n in re.findall(r"\d+", detail))
                assert detail == (t("count.tricks", n=tricks) + " · "
                                  + t("count.points", n=points)), detail
        finally:
            set_language("en")


# --- the replay viewer (from the browser tests) ------------------------------------------------
def viewer(p: Page) -> dict | None:
    root = p.drawn("[data-replay-step]")
    if root is None:
        return None
    return {"step": int(root.getAttribute("data-replay-step")),
            "steps": int(root.getAttribute("data-replay-steps")),
            "playing": root.getAttribute("data-playing"),
            "score": root.querySelector("[data-rp-score]") is not None}


def open_sheet_replay(p: Page, number: int = 1) -> None:
    p.click("sheet")
    p.press(f'[data-action="replay-hand"][data-hand="{number}"]')
    assert viewer(p) is not None


def test_autoplay_runs_to_the_end_and_pauses():
    p = Page("fast=1&rules=coinche&level=easy&seed=8")
    play_until(p, lambda q: phase(q) in ("hand-over", "match-over"))
    open_sheet_replay(p)
    steps = viewer(p)["steps"]
    # Play: the viewer steps on at its pace (each step a pause the page waits out).
    p.deliver(rmsgs.ReplayPlay())  # the click read, its pauses not yet waited out
    assert p.find("[data-rp-play-text]").textContent == "Pause"
    p.settle()
    v = viewer(p)
    assert v["step"] == steps and v["score"] and v["playing"] == "false"
    assert p.find("[data-rp-play-text]").textContent == "Play"
    # Play again from the end starts over; a step key stops it.
    p.deliver(rmsgs.ReplayPlay())  # the click read, its pauses not yet waited out
    p.key("Home", focus='[data-action="replay-play"]')
    assert viewer(p)["playing"] == "false" and viewer(p)["step"] == 0
    p.click("replay-close")
    assert viewer(p) is None


def test_replay_of_a_later_hand_and_the_table_goes_on():
    """Hand 2 from the sheet while hand 3 is being bid; closing the viewer, play continues."""
    p = Page("fast=1&rules=french&level=easy&seed=12")
    play_until(p, lambda q: len(saved(q)["match"]["hands"]) >= 3
               and phase(q) in ("auction", "play"))
    hands = saved(p)["match"]["hands"]
    open_sheet_replay(p, 2)
    assert viewer(p)["steps"] == len(hands[1]["auction"]) + len(hands[1]["play"])
    assert "hand 2" in p.find("#replay-title").textContent
    inside = '[data-action="replay-next"]'  # the focus, as the viewer opens
    p.key("End", focus=inside)
    assert viewer(p)["score"]
    p.key("Escape", focus=inside)
    p.key("Escape", focus='[data-action="replay-hand"][data-hand="2"]')  # the sheet
    assert p.attributes["data-overlay"] == ""
    play_until(p, lambda q: len(saved(q)["match"]["hands"]) >= 4)


# --- spoken names (from tests/browser/test_accessibility.py) --------------------------------
CARD = re.compile(r"(seven|eight|nine|ten|jack|queen|king|ace) of (clubs|diamonds|hearts|spades)")


def test_every_card_has_a_spoken_name():
    p = Page("fast=1&rules=bulgarian&level=easy&seed=17")
    play_until(p, lambda q: phase(q) == "play" and bool(state(q)["disabled"] and state(q)["trick"]))
    cards = [(e.getAttribute("aria-label"), e.getAttribute("aria-disabled"))
             for e in p.document().querySelectorAll("[data-card]")]
    assert cards
    for label, disabled in cards:
        if disabled == "true":
            assert re.fullmatch(CARD.pattern + r", not playable: .+", label), label
        else:
            assert CARD.fullmatch(label), label
    table = [e.getAttribute("alt") for e in p.document().querySelectorAll("[data-trick-card]")]
    assert table and all(re.fullmatch(r"\w+: " + CARD.pattern, alt) for alt in table), table
    # A card that may not be played says why when played anyway.
    p.press('[data-card][aria-disabled="true"]')
    assert "cannot be played" in p.find('[data-message="illegal"]').textContent
