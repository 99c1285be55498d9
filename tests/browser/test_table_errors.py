"""What goes wrong is handled and explained: a corrupt, old or inconsistent save (set aside under
belote.v1.broken with a message, a new match starts, never a broken page), a card that may not
be played (aria-disabled, and choosing it says why). (A second tab: test_two_tabs.py.) The
``page`` fixture fails on any console error."""

import json

import pytest
from table_driver import play_until, saved, state, wait_for_human

pytestmark = pytest.mark.browser


def put_save(page, raw: str):
    page.evaluate("(raw) => localStorage.setItem('belote.v1', raw)", raw)


def broken_copy(page):
    return page.evaluate("() => localStorage.getItem('belote.v1.broken')")


def test_corrupt_old_and_inconsistent_saves(page, open_table):
    open_table(page, "rules=bulgarian&level=easy&seed=9")
    good = saved(page)
    assert good["version"] == 1 and good["match"]["rules"] == "bulgarian"

    # Not JSON at all.
    put_save(page, "{this is not json")
    page.goto("./?fast=1")
    assert wait_for_human(page) in ("auction", "play")
    assert page.locator("[data-notice=broken-save]").count() == 1
    assert "it is not a saved game" in page.inner_text("[data-notice=broken-save]")
    assert broken_copy(page) == "{this is not json"
    assert saved(page)["version"] == 1  # a fresh, valid save replaced it

    # Another version: set aside too (nothing older exists to migrate from).
    old = json.dumps({"version": 0, "game": {"whatever": 1}})
    put_save(page, old)
    page.goto("./?fast=1")
    wait_for_human(page)
    assert page.locator("[data-notice=broken-save]").count() == 1
    assert broken_copy(page) == old

    # Readable but inconsistent: a deck that was not dealt from the match's seed. The settings
    # and statistics in it are kept.
    bad = dict(good)
    bad["match"] = json.loads(json.dumps(good["match"]))
    deck = bad["match"]["hands"][0]["deck"]
    deck[0], deck[1] = deck[1], deck[0]
    bad["settings"] = {"rules": "coinche", "players": 4, "level": "easy", "four_colour": True}
    bad["stats"] = {"coinche": {"played": 3, "won": 2}}
    raw = json.dumps(bad)
    put_save(page, raw)
    page.goto("./?fast=1")
    wait_for_human(page)
    assert page.locator("[data-notice=broken-save]").count() == 1
    assert "do not fit together" in page.inner_text("[data-notice=broken-save]")
    assert broken_copy(page) == raw
    now = saved(page)
    assert now["stats"]["coinche"]["played"] == 3 and now["stats"]["coinche"]["won"] == 2
    assert now["settings"]["rules"] == "coinche"
    assert page.get_attribute("main", "data-rules") == "coinche"  # the new match follows them

    # The message can be dismissed; a normal reload then shows none.
    page.click("[data-action=dismiss]")
    assert page.locator("[data-notice]").count() == 0
    page.reload()
    wait_for_human(page)
    assert page.locator("[data-notice]").count() == 0


def test_an_unplayable_card_says_why(page, open_table):
    open_table(page, "rules=bulgarian&level=easy&seed=2")

    def refused_card(p):
        s = state(p)
        return s["phase"] == "play" and s["turn"] == "0" and s["disabled"] and s["trick"]

    play_until(page, refused_card)
    before = state(page)
    card = before["disabled"][0]
    button = page.locator(f"[data-card='{card}']")
    assert button.get_attribute("aria-disabled") == "true"
    label = button.get_attribute("aria-label")
    assert ", not playable: you must" in label, label
    button.click(force=True)  # Playwright treats aria-disabled as not clickable; people can
    message = page.locator("[data-message=illegal]")
    message.wait_for()
    text = message.inner_text()
    assert "you must" in text, text
    assert label.split(": ", 1)[1] in text
    # the duty names the cards that make it: "you must follow clubs: you hold 8♣, 7♣"
    assert "you hold" in text or "trump with" in text, text
    assert any(symbol in text for symbol in "♣♦♥♠"), text
    # Nothing was played.
    assert state(page)["hand"] == before["hand"]
    assert state(page)["trick"] == before["trick"]
    # A legal card then plays and the message goes away.
    page.locator("[data-card]:not([aria-disabled=true])").first.click()
    wait_for_human(page)
    assert page.locator("[data-message=illegal]").count() == 0
