"""Reloading the page in the middle of an auction or of a trick returns to exactly the same
state: the same hand, the same cards on the table, the same bidding, the same scores, and the
same save (no bot moved, nothing was re-dealt)."""

import pytest
from table_driver import play_until, saved, state, wait_for_human

pytestmark = pytest.mark.browser


def reload_and_compare(page):
    before, save_before = state(page), saved(page)
    page.reload()
    wait_for_human(page)
    after, save_after = state(page), saved(page)
    assert after == before
    assert save_after == save_before
    return after


def mid_auction(page) -> bool:
    s = state(page)
    return s["phase"] == "auction" and s["turn"] == "0" and len(s["auction"]) >= 1


def mid_trick(page) -> bool:
    s = state(page)
    return s["phase"] == "play" and s["turn"] == "0" and 1 <= len(s["trick"]) <= 3 \
        and len(s["hand"]) < 8


@pytest.mark.parametrize("rules", ["bulgarian", "coinche", "classic&players=3"])
def test_reload_mid_auction_and_mid_trick(page, open_table, rules):
    open_table(page, f"rules={rules}&level=easy&seed=12")
    play_until(page, mid_auction)
    s = reload_and_compare(page)
    assert s["auction"] and s["bids"] and s["hand"]

    play_until(page, mid_trick)
    s = reload_and_compare(page)
    assert s["trick"] and s["hand"]
    # Still playable after the reload: the hand goes on.
    n = len(s["hand"])
    page.locator("[data-card]:not([aria-disabled=true])").first.click()
    wait_for_human(page)
    assert len(state(page)["hand"]) == n - 1 or state(page)["phase"] != "play"


def test_reload_between_hands_and_in_a_later_hand(page, open_table):
    open_table(page, "rules=french&level=easy&seed=4")
    play_until(page, lambda p: p.get_attribute("main", "data-phase") == "hand-over")
    reload_and_compare(page)
    page.click("[data-action=next]")
    play_until(page, mid_trick)
    s = reload_and_compare(page)
    assert len(saved(page)["match"]["hands"]) == 2
    assert s["scores"] == state(page)["scores"]
