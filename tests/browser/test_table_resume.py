"""Reloading the page in the middle of an auction or of a trick returns to exactly the same
state: the same hand, the same cards on the table, the same bidding, the same scores, and the
same save (no bot moved, nothing was re-dealt). Here Bulgarian in a real page; the same in
Coinche, Classic for three and between hands under CPython (tests/test_table_flows.py)."""

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


def test_reload_mid_auction_and_mid_trick(page, open_table):
    open_table(page, "rules=bulgarian&level=easy&seed=12")
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
