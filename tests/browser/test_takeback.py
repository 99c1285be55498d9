"""Taking back a move in a real page (issue 27): with the setting on, a bid and a card taken
back by clicking Take back (↶) give back the table as it was before them; the hand then
finishes and its saved record replays exactly; the score sheet marks the match."""

from __future__ import annotations

import pytest
from table_driver import act, phase_is, play_until, saved, state, wait_for_human

from belote import replay

pytestmark = pytest.mark.browser


def current_hand(page) -> dict:
    return saved(page)["match"]["hands"][-1]


def take_back(page) -> None:
    page.click("[data-action=take-back]")
    page.wait_for_selector("[data-message]:has-text('taken back')")
    wait_for_human(page)


def test_take_back_a_bid_and_a_card_then_the_record_replays(page, open_table):
    open_table(page, {"rules": "bulgarian", "level": "easy", "seed": 6})  # the human bids first
    page.click("[data-action=settings]")
    page.check("[data-setting=takeback]")
    page.keyboard.press("Escape")
    assert page.get_attribute("[data-action=take-back]", "aria-keyshortcuts") == "U"
    # A bid taken back: the auction as it was, the human to bid again.
    wait_for_human(page)
    before, table = current_hand(page), state(page)
    act(page)
    wait_for_human(page)
    take_back(page)
    assert current_hand(page) == before and state(page)["phase"] == table["phase"] == "auction"
    # A card taken back: the bots' cards since are undone too.
    play_until(page, phase_is("play"))
    wait_for_human(page)
    before = current_hand(page)
    act(page)
    wait_for_human(page)
    if page.get_attribute("main", "data-phase") == "play":
        assert len(current_hand(page)["play"]) > len(before["play"])
        take_back(page)
        assert current_hand(page) == before
    # The hand to its end: its record replays, the match is marked.
    play_until(page, phase_is("hand-over", "match-over"))
    data = saved(page)["match"]
    assert sum(data["takebacks"].values()) >= 2
    record = data["hands"][0]
    assert replay(record).over
    page.click("[data-action=sheet]")
    page.wait_for_selector("[data-panel=sheet] [data-helped]")


def test_the_key_u_takes_back_a_bid(page, open_table):
    open_table(page, {"rules": "bulgarian", "level": "easy", "seed": 6})  # the human bids first
    page.click("[data-action=settings]")
    page.check("[data-setting=takeback]")
    page.keyboard.press("Escape")
    wait_for_human(page)
    before = current_hand(page)
    act(page)
    wait_for_human(page)
    assert current_hand(page) != before
    page.keyboard.press("u")
    page.wait_for_selector("[data-message]:has-text('taken back')")
    wait_for_human(page)
    assert current_hand(page) == before
