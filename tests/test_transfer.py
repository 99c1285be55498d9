"""Export and import (web/transfer.py) and the replay viewer's steps (web/replay.py) under
CPython: every kind of bad input gives a TransferError naming the problem and nothing else; good
hands and matches come back whole; each replay step is the engine's position for the record cut
there."""

from __future__ import annotations

import copy
import json
import random
import re

import pytest

from belote import Match, hand_record, replay
from belote.cards import RANK_NAMES, SUIT_NAMES, hand_str
from web import render, transfer
from web import replay as viewer
from web.transfer import TransferError

SETS = [("bulgarian", 4), ("french", 4), ("coinche", 4), ("bela", 4), ("classic", 2),
        ("classic", 3), ("classic", 4)]


def played_match(rules="bulgarian", players=4, seed=3, hands=3, rng_seed=1) -> Match:
    """A match with ``hands`` finished hands (random legal actions, bids now and then)."""
    rng = random.Random(rng_seed)
    m = Match(rules, players, {}, seed)
    while len(m.records) < hands and m.phase != "match-over":
        actions = m.legal_actions()
        bids = [a for a in actions if a not in ("pass", "out") and not a.startswith("declare")]
        m.apply(rng.choice(bids if bids and rng.random() < 0.3 else actions))
    return m


# --- reading ------------------------------------------------------------------------------------
@pytest.mark.parametrize(("rules", "players"), SETS)
def test_a_hand_and_a_match_come_back_whole(rules, players):
    m = played_match(rules, players)
    name, text = transfer.hand_export(m)
    assert name.endswith(".json") and rules in name
    got = transfer.read(text)
    assert got.kind == "hand"
    assert got.record == json.loads(text) == transfer.last_finished(m)[1]
    assert got.hand.over
    name, text = transfer.match_export(m)
    got = transfer.read(text)
    assert got.kind == "match" and got.match.to_dict() == m.to_dict()
    assert got.match.totals == m.totals and got.match.sheet == m.sheet


def test_a_saved_game_is_read_as_its_match():
    from web import storage
    m = played_match(hands=1)
    got = transfer.read(storage.encode(storage.DEFAULT_SETTINGS, m, {}))
    assert got.kind == "match" and got.match.to_dict() == m.to_dict()


def bid_then_play(m: Match, actions: int) -> None:
    """The first legal action other than a pass (so that a contract is reached), ``actions``
    times, all in the first hand."""
    for _ in range(actions):
        legal = m.legal_actions()
        m.apply(next((a for a in legal if a != "pass"), legal[0]))
    assert m.phase in ("auction", "play")


def test_an_unfinished_hand_opens_as_far_as_it_goes():
    m = Match("coinche", 4, {}, 9)
    bid_then_play(m, 9)
    got = transfer.read(json.dumps(m.hand_record()))
    assert got.kind == "hand" and not got.hand.over


def valid_hand() -> dict:
    return copy.deepcopy(transfer.last_finished(played_match(hands=1))[1])


def bad_inputs():
    hand = valid_hand()
    match = played_match(hands=2).to_dict()

    def edit(data, change):
        data = copy.deepcopy(data)
        change(data)
        return json.dumps(data)

    return [
        ("", "nothing to open"),
        ("   \n", "nothing to open"),
        (None, "nothing to open"),
        ("{not json", "not JSON"),
        ("[1, 2", "not JSON"),
        ("[" * 100_000 + "]" * 100_000, "nested"),
        ('{"deck": ' + "[" * 65 + "]" * 65 + "}", "nested"),
        ('{"a": "' + "[" * 500 + '\\"{", "b": 1}', "neither a hand record"),
        ("x" * (transfer.MAX_CHARS + 1), "too long"),
        ("[]", "neither a hand record"),
        ("42", "neither a hand record"),
        ('"deck"', "neither a hand record"),
        ("null", "neither a hand record"),
        ('{"hello": "world"}', "neither a hand record"),
        (edit(hand, lambda d: d.pop("rules")), "no 'rules'"),
        (edit(hand, lambda d: d.update(rules="poker")), "unknown rule set"),
        (edit(hand, lambda d: d.update(players=7)), ""),
        (edit(hand, lambda d: d.update(dealer=9)), "dealer must be a seat"),
        (edit(hand, lambda d: d.update(dealer=True)), "dealer must be a seat"),
        (edit(hand, lambda d: d.update(deck=d["deck"][:31])), "all 32 cards (it has 31)"),
        (edit(hand, lambda d: d["deck"].__setitem__(3, d["deck"][0])), "appears twice"),
        (edit(hand, lambda d: d["deck"].__setitem__(3, "ZZ")), "deck card 4"),
        (edit(hand, lambda d: d.update(auction="pass")), "must be lists"),
        (edit(hand, lambda d: d["auction"].insert(0, "bogus")), "auction word 1 ('bogus')"),
        (edit(hand, lambda d: d["play"].__setitem__(0, d["play"][1])), "card 1"),
        (edit(hand, lambda d: d["play"].append("AS")), "card 33"),
        (edit(hand, lambda d: d.update(declared=[[]])), "one entry per seat"),
        (edit(hand, lambda d: d.update(out=5)), "out must be null"),
        (edit(match, lambda d: d.update(hands=[])), "needs its rules, seed and hands"),
        (edit(match, lambda d: d.update(hands="all")), "needs its rules, seed and hands"),
        (edit(match, lambda d: d["hands"].__setitem__(0, 7)), "hand 1 is not a hand record"),
        (edit(match, lambda d: d.update(seed=d["seed"] + 1)), "not dealt from this match's seed"),
        (edit(match, lambda d: d["hands"][0].update(rules="coinche")), "not played by this"),
        (edit(match, lambda d: d["hands"][0]["play"].pop()), "hand 1"),
        (edit(match, lambda d: d.update(rules="poker")), "unknown rule set"),
        (edit(match, lambda d: d.update(players="four")), ""),
        (json.dumps({"version": 1, "match": {"rules": "bela"}}), "needs its rules"),
    ]


@pytest.mark.parametrize(("text", "says"), bad_inputs())
def test_bad_input_names_the_problem(text, says):
    with pytest.raises(TransferError) as caught:
        transfer.read(text)
    message = str(caught.value)
    assert message.strip()
    assert says in message, message


def test_random_damage_never_crashes():
    """Any value anywhere replaced by junk: read() opens it or raises TransferError."""
    rng = random.Random(5)
    junk = [None, True, -1, 0, 3, 99, 1.5, "", "JH", "pass", [], {}, [None], {"a": 1}, "x" * 40]
    sources = [valid_hand(), played_match(hands=2).to_dict()]

    def paths(value, here=()):
        yield here
        if isinstance(value, dict):
            for k, v in value.items():
                yield from paths(v, (*here, k))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                yield from paths(v, (*here, i))

    for source in sources:
        every = [p for p in paths(source) if p]
        for _ in range(400):
            data = copy.deepcopy(source)
            where = rng.choice(every)
            parent = data
            for key in where[:-1]:
                parent = parent[key]
            parent[where[-1]] = rng.choice(junk)
            try:
                got = transfer.read(json.dumps(data))
            except TransferError as error:
                assert str(error).strip()
            else:
                assert got.kind in ("hand", "match")


# --- what is exported ---------------------------------------------------------------------------
def test_export_hand_is_the_last_finished_hand():
    m = Match("bulgarian", 4, {}, 4)
    assert transfer.hand_export(m) is None and transfer.last_finished(m) is None
    while m.phase != "hand-over":
        m.apply(m.legal_actions()[0])
    assert transfer.last_finished(m) == (1, hand_record(m.hand))
    assert transfer.hand_of_sheet(m, 1) == hand_record(m.hand)
    m.apply("next")
    m.apply(m.legal_actions()[0])
    assert transfer.last_finished(m) == (1, m.records[0])
    assert transfer.hand_of_sheet(m, 1) == m.records[0]
    assert transfer.hand_of_sheet(m, 2) is None and transfer.hand_of_sheet(m, 0) is None
    assert transfer.sheet_entry(m, 1) == m.sheet[0]
    name, text = transfer.hand_export(m)
    assert name == f"belote-bulgarian-{m.seed}-hand-1.json"
    assert json.loads(text) == m.records[0]


def test_sheet_has_a_replay_button_per_hand_and_the_transfer_buttons():
    m = played_match(hands=3)
    ui = render.Ui(settings={"four_colour": False}, overlay="sheet")
    html = render.overlay(m.view(0), ui)
    assert re.findall(r'data-action="replay-hand" data-hand="(\d+)"', html) == ["1", "2", "3"]
    for action in ("export-hand", "export-match", "import"):
        assert f'data-action="{action}"' in html
    fresh = render.overlay(Match("bulgarian", 4, {}, 1).view(0), ui)
    assert 'data-action="export-hand" disabled' in fresh and "replay-hand" not in fresh


def test_import_dialogs():
    html = transfer.import_form("the deck must list all 32 cards (it has 1)", '{"a": "<b>"}')
    assert "data-import-error" in html and "all 32 cards" in html
    assert "&lt;b&gt;" in html and "<b>" not in html
    assert 'type="file"' in html and 'for="import-file"' in html and 'for="import-text"' in html
    m = played_match(hands=2)
    ask = transfer.match_question(m, ["Us", "Them"])
    assert 'data-action="import-resume"' in ask and 'data-action="import-cancel"' in ask
    assert "Bulgarian Belot" in ask and "Hand 3" in ask


# --- the replay viewer --------------------------------------------------------------------------
@pytest.mark.parametrize(("rules", "players"), SETS)
def test_each_step_is_the_engine_position_of_the_record_cut_there(rules, players):
    m = played_match(rules, players, hands=3, rng_seed=7)
    ui = render.Ui(settings={"four_colour": False})
    for number, record in enumerate(m.records, 1):
        rp = viewer.Replay(record, number, transfer.sheet_entry(m, number))
        hand = replay(record)
        assert rp.last == len(hand.auction.words) + len(hand.played) + (1 if hand.out else 0)
        seen_cards = 0
        for step in range(rp.last + 1):
            st = rp.state(step)
            cut = replay(rp.prefix(step), complete=False)
            assert st.hands == [hand_str(cut.hands[s]).split() for s in range(players)]
            assert st.view == cut.view(0)  # the engine's view, the table's seat
            held = sum(len(h) for h in st.hands) + sum(len(x) for x in st.talons)
            assert held + len(cut.played) <= 32
            assert len(cut.played) >= seen_cards
            seen_cards = len(cut.played)
            html = viewer.viewer(rp, step, ui)
            assert f'data-replay-step="{step}"' in html
            assert viewer.describe(st)
        last = rp.state(rp.last)
        assert last.over and last.view["phase"] == "hand-over"  # the table's word for it
        if not hand.out and hand.score is not None:
            assert last.view["hand_score"] == hand.score.to_dict()
            body = viewer.body(rp, rp.last, ui)
            assert "data-rp-score" in body and "summary" in body
        assert rp.state(0).action[0] == "deal"
        assert rp.clamp(-5) == 0 and rp.clamp(10_000) == rp.last and rp.clamp("x") == 0


# What the viewer shows of a position, as the table showed it while the hand was played.
SHOWN = ("phase", "turn", "dealer", "hand", "auction", "turned", "stock_card", "contract",
         "trick", "last_trick", "tricks", "tricks_won", "belote", "out", "played")


@pytest.mark.parametrize(("rules", "players"), SETS)
def test_each_step_shows_what_the_table_showed_then(rules, players):
    """The viewer's position after each step is the view the table had at that moment of the
    match (Match.view), for everything the viewer draws from it."""
    rng = random.Random(5)
    m = Match(rules, players, {}, 4)
    seen = [m.view(0)]
    while m.phase in ("auction", "play"):
        action = rng.choice(m.legal_actions())
        m.apply(action)
        if not action.startswith("declare "):
            seen.append(m.view(0))
    rp = viewer.Replay(hand_record(m.hand))
    assert len(seen) == rp.last + 1
    for step, view in enumerate(seen):
        got = rp.state(step).view
        if m.phase == "match-over" and step == rp.last:
            view = {**view, "phase": "hand-over"}  # a table playing that hand alone
        assert {k: got[k] for k in SHOWN} == {k: view[k] for k in SHOWN}, step


def test_every_hand_face_up_and_the_trick_on_the_table():
    m = played_match("bulgarian", 4, hands=1, rng_seed=2)
    rp = viewer.Replay(m.records[0], 1, m.sheet[0])
    hand = replay(m.records[0])
    if hand.contract is None:
        pytest.skip("thrown in")
    bids = len(hand.auction.words)
    ui = render.Ui(settings={})
    # after the auction: 8 cards a seat, all drawn face up with their names
    body = viewer.body(rp, bids, ui)
    assert len(re.findall(r"data-rp-card=", body)) == 32
    names = {f"{r} of {s}" for r in RANK_NAMES for s in SUIT_NAMES}
    assert set(re.findall(r'alt="([^"]*)"', body)) == names
    # second card of the first trick: two cards on the table
    body = viewer.body(rp, bids + 2, ui)
    assert len(re.findall(r"data-rp-trick-card=", body)) == 2
    # the fourth card: the whole trick, its winner marked, and the words say who took it
    st = rp.state(bids + 4)
    assert len(st.trick) == 4 and st.trick_winner is not None
    assert "winner" in viewer.body(rp, bids + 4, ui)
    assert "trick" in viewer.describe(st)
    assert sum(st.view["tricks_won"]) == 1


def test_an_unfinished_record_says_so_at_its_end():
    m = Match("bela", 4, {}, 2)
    bid_then_play(m, 12)
    rp = viewer.Replay(m.hand_record())
    st = rp.state(rp.last)
    assert st.unfinished and not st.over
    assert "before the end of the hand" in viewer.describe(st)
    assert viewer.title(rp) == "Replay: Bela"
