"""The table's pure parts under CPython: the saved state (web/storage.py) and the HTML of each
region (web/render.py) for every rule set, checked against the engine's legal actions."""

import json
import random

import pytest

from belote import Match
from web import ai, render, storage
from web.i18n import card_label, t

SETS = [("bulgarian", 4), ("french", 4), ("coinche", 4), ("bela", 4), ("classic", 2),
        ("classic", 3), ("classic", 4)]


# --- storage ---------------------------------------------------------------------------------
def test_missing_save_is_a_fresh_start():
    for raw in (None, ""):
        loaded = storage.decode(raw)
        assert loaded.problem is None and loaded.match is None
        assert loaded.settings == storage.DEFAULT_SETTINGS and loaded.stats == {}


@pytest.mark.parametrize("raw", ["{not json", "[]", "42", "null", '"text"', "{" * 5000])
def test_unreadable_saves_are_reported(raw):
    assert storage.decode(raw).problem == "not readable"


def test_other_version_is_reported():
    assert storage.decode(json.dumps({"version": 2, "match": None})).problem == "version"
    assert storage.decode(json.dumps({"match": None})).problem == "version"


def test_round_trip_and_salvage():
    m = Match("coinche", 4, {}, 5)
    for _ in range(6):
        m.apply(m.legal_actions()[0])
    settings = storage.clean_settings(
        {"rules": "coinche", "players": 4, "levels": ["expert"] * 3, "four_colour": True})
    stats = storage.clean_stats({"coinche": {"played": 2, "won": 1}})
    raw = storage.encode(settings, m, stats)
    loaded = storage.decode(raw)
    assert loaded.problem is None
    assert loaded.match.to_dict() == m.to_dict()
    assert loaded.settings == settings and loaded.stats == stats
    # An inconsistent match: the match is refused, settings and statistics are kept.
    data = json.loads(raw)
    data["match"]["hands"][0]["deck"].reverse()
    loaded = storage.decode(json.dumps(data))
    assert loaded.problem == "inconsistent" and loaded.detail and loaded.match is None
    assert loaded.settings == settings and loaded.stats == stats
    # Bad fields fall back one by one.
    data["settings"] = {"rules": "poker", "players": 9, "level": "god", "four_colour": "yes"}
    data["stats"] = {"x": {"played": -1, "won": 0}, "bela": {"played": 1, "won": 5}, "y": 3}
    loaded = storage.decode(json.dumps(data))
    assert loaded.settings == storage.DEFAULT_SETTINGS
    assert loaded.stats == {"bela": {"played": 1, "won": 1, "hands": 0, "taken": 0, "made": 0,
                                     "valats": 0}}


def test_settings_players_follow_the_rules():
    assert storage.clean_settings({"rules": "classic", "players": 3})["players"] == 3
    assert storage.clean_settings({"rules": "bela", "players": 3})["players"] == 4
    assert storage.stats_key("classic", 2) == "classic-2"
    assert storage.stats_key("bulgarian", 4) == "bulgarian"


# --- rendering ------------------------------------------------------------------------------
def attrs(html: str, name: str) -> list[str]:
    import re
    return re.findall(rf'{name}="([^"]*)"', html)


def enabled_bids(html: str) -> set[str]:
    import re
    return {m.group(1) for m in re.finditer(r'data-bid="([^"]*)"(?![^>]*disabled)', html)}


def enabled_levels(html: str) -> list[str]:
    import re
    return [m.group(1) for m in re.finditer(r'data-level="([^"]*)"(?![^>]*disabled)', html)]


@pytest.mark.parametrize(("rules", "players"), SETS)
def test_regions_follow_the_engine_through_a_match(rules, players):
    """Play a whole match with random legal actions; at every step the bidding box enables
    exactly the legal bids, the hand shows exactly the human's cards with the illegal ones
    aria-disabled, the trick shows the trick and the scores show the totals."""
    rng = random.Random(f"{rules}{players}")
    m = Match(rules, players, {}, 11)
    ui = render.Ui(fast=True, settings=dict(storage.DEFAULT_SETTINGS))
    steps = 0
    while m.phase != "match-over" and steps < 3000:
        view = m.view(0)
        ui.reasons = {c: m.why_illegal(c) for c in view["hand"]
                      if view["phase"] == "play" and m.turn == 0 and c not in view["legal"]}
        html = render.regions(view, ui)
        assert set(html) == {"bar", "score", "seats", "center", "contract", "bids", "declare",
                             "hand", "overlay", "message", "notice"}
        assert sorted(attrs(html["hand"], "data-card")) == sorted(view["hand"])
        if view["phase"] == "auction" and m.turn == 0:
            legal = set(view["legal"])
            if rules == "coinche":  # the levels, then the chosen level's suits
                numbers = {b for b in legal if " " in b}
                levels = {b.split()[0] for b in numbers}
                assert set(enabled_levels(html["bids"])) == levels
                level = render.coinche_level(view, ui)
                assert enabled_bids(html["bids"]) == (legal - numbers) | {
                    b for b in numbers if b.split()[0] == level}
            else:
                assert enabled_bids(html["bids"]) == legal
        else:
            assert html["bids"] == ""
        if view["contract"] and view["phase"] in ("play", "hand-over"):
            assert f'data-contract="{view["contract"]["name"]}"' in html["contract"]
        else:
            assert html["contract"] == ""
        if view["phase"] == "play" and m.turn == 0:
            playable = [c for c in view["hand"] if c in view["legal"]]
            for c in view["hand"]:
                disabled = f'data-card="{c}" aria-disabled="true"' in html["hand"]
                assert disabled == (c not in playable)
        assert attrs(html["center"], "data-trick-card") == [c for _, c in view["trick"]]
        key = "data-score-team" if players == 4 else "data-score-player"
        assert len(attrs(html["score"], key)) == view["sides"]
        if view["phase"] == "hand-over":
            assert 'data-action="next"' in html["overlay"]
        legal = m.legal_actions()
        action = rng.choice([a for a in legal if a != "out"] or legal)
        m.apply(action)
        steps += 1
    view = m.view(0)
    html = render.regions(view, ui)
    assert 'data-panel="match-over"' in html["overlay"]
    assert html["overlay"].count('data-action="new-game"') == 1
    assert 'data-action="new-game"' not in html["bar"]


def test_card_labels_and_refusal_reason():
    assert card_label("JH") == "jack of hearts"
    assert card_label("TS") == "ten of spades"
    m = Match("bulgarian", 4, {}, 2)
    view = m.view(0)
    ui = render.Ui(fast=True, settings=dict(storage.DEFAULT_SETTINGS))
    ui.reasons = {view["hand"][0]: "you must follow spades"}
    html = render.hand(view, ui)
    assert f'aria-label="{card_label(view["hand"][0])}, not playable: you must follow spades"' \
        in html


def test_every_bid_word_has_a_label():
    view = {"rules": "bulgarian", "turned": "JH"}
    for word in ("pass", "double", "redouble", "clubs", "diamonds", "hearts", "spades",
                 "no-trumps", "all-trumps", "take", "90 hearts", "capot spades"):
        assert render.bid_text(word, view) and "bid." not in render.bid_text(word, view)
    assert render.bid_text("double", {"rules": "coinche"}) == t("bid.coinche")


def test_a_failing_bot_is_replaced_by_the_random_bot_for_that_decision():
    m = Match("french", 4, {}, 3)
    view = m.view(m.turn)

    def broken(_view):
        raise RuntimeError("bot bug")

    action = ai._on_page(broken, view, "test bot")
    assert action in view["legal"]
    assert ai._on_page(lambda v: "not an action", view, "test bot") == action
    assert ai._on_page(lambda v: view["legal"][-1], view, "test bot") == view["legal"][-1]
