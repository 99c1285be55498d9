"""Deals anyone can verify (belote/deals.py): each hand's seed in its record, the commitment
before the hand, the seed after it, and ``python -m belote verify`` on good and tampered
records; saves and records written before the seeds still load."""

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from belote import Match, RecordError, replay
from belote.deals import commitment, hand_seed
from belote.game import deal_for
from belote.verify import verify, verify_all

ROOT = Path(__file__).resolve().parent.parent


def run(*args, stdin: str | None = None):
    return subprocess.run([sys.executable, "-m", "belote", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=300)


def one_line_error(out, *words: str) -> None:
    assert out.returncode == 1 and out.stdout == ""
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1
    for word in words:
        assert word in out.stderr, out.stderr


def played(match: Match, hands: int = 1) -> Match:
    """``match`` after ``hands`` hands in which everyone passes (and the next one dealt)."""
    for _ in range(hands):
        while match.phase == "auction":
            match.apply("pass")
        match.apply("next")
    return match


def finished_record(seed=7, rules="french") -> dict:
    match = Match(rules, seed=seed)
    while match.phase == "auction":
        match.apply("pass")
    return match.hand_record()


def test_each_hand_has_its_own_seed_and_commitment():
    match = Match("french", seed=7)
    assert match.hand.seed == "french/4/7/0" == hand_seed("french", 4, 7, 0)
    assert match.commitment == hashlib.sha256(b"french/4/7/0").hexdigest()
    before = match.hand_record()
    assert before["commitment"] == match.commitment and "seed" not in before
    played(match)
    assert match.hand.seed == "french/4/7/1"
    after = match.records[0]
    assert after["seed"] == "french/4/7/0" and after["commitment"] == before["commitment"]
    # the deal itself is unchanged: the same dealer and deck as before seeds were recorded
    assert (after["dealer"], after["deck"]) == (before["dealer"], before["deck"])


def test_the_deals_are_those_of_before():
    # deal_for is what every save, the selfplay command and the benchmarks were dealt with:
    # a fixed expectation from before this change (main at 26314bc).
    dealer, deck = deal_for("bulgarian", 4, 1, 0)
    assert dealer == 0 and deck[:6] == [23, 7, 20, 6, 2, 11]
    assert deal_for("classic", 3, "x", 5)[0] == 0


def test_a_good_record_verifies():
    record = finished_record()
    assert verify(record) == {"status": "verified", "seed": "french/4/7/0",
                              "commitment": commitment("french/4/7/0")}
    assert verify({k: v for k, v in record.items() if k != "commitment"})["status"] == \
        "verified"


@pytest.mark.parametrize("tamper,words", [
    (lambda r: r["deck"].__setitem__(slice(0, 2), r["deck"][1::-1]), "card 1 is"),
    (lambda r: r.__setitem__("seed", "french/4/8/0"), "card 1 is"),
    (lambda r: r.__setitem__("commitment", "0" * 64), "commitment"),
    (lambda r: r.__setitem__("seed", 7), "string"),
    (lambda r: r.pop("seed") and r.pop("commitment"), "no seed"),
    (lambda r: r.__setitem__("deck", r["deck"][:31]), "32 cards"),
])
def test_a_tampered_record_does_not_verify(tamper, words):
    record = finished_record()
    tamper(record)
    with pytest.raises(RecordError, match=words):
        verify(record)


def test_a_hand_under_way_shows_its_commitment_only():
    match = Match("coinche", seed=3)
    assert verify(match.hand_record()) == {"status": "committed",
                                           "commitment": match.commitment}


def test_a_match_verifies_hand_by_hand_from_its_own_seed():
    match = played(Match("bulgarian", seed=11), hands=3)
    saved = match.to_dict()
    got = verify_all(saved)
    assert [h["status"] for h in got] == ["verified"] * 3 + ["committed"]
    assert [h.get("seed") for h in got[:3]] == [f"bulgarian/4/11/{i}" for i in range(3)]
    assert verify_all({"version": 1, "match": saved}) == got  # the page's whole save
    # A hand swapped in from another match verifies alone but not as this match's.
    other = played(Match("bulgarian", seed=12)).records[0]
    saved["hands"][1] = other
    assert verify(other)["status"] == "verified"
    with pytest.raises(RecordError, match="hand 2: the seed 'bulgarian/4/12/0' is not"):
        verify_all(saved)


def test_saves_and_records_from_before_the_seeds_still_load():
    match = played(Match("french", seed=5), hands=2)
    old = json.loads(json.dumps(match.to_dict()))
    for record in old["hands"]:
        record.pop("seed", None)
        record.pop("commitment", None)
    restored = Match.from_dict(old)
    assert restored.totals == match.totals and restored.to_dict() == old  # as it was
    assert replay(old["hands"][0]).over
    with pytest.raises(RecordError, match="no hand has a seed"):
        verify_all(old)
    played(restored)  # the hand under way stays without; the next hands have their seeds
    assert "seed" not in restored.records[-1] and restored.hand.seed == "french/4/5/3"
    played(restored)
    assert [h["status"] for h in verify_all(restored.to_dict())] == \
        ["unseeded"] * 3 + ["verified", "committed"]


def test_a_save_whose_seed_is_not_the_matchs_is_refused():
    saved = played(Match("french", seed=5), hands=2).to_dict()
    bad = json.loads(json.dumps(saved))
    bad["hands"][0]["seed"] = "french/4/6/0"
    with pytest.raises(RecordError, match="hand 1 was not dealt from this match's seed"):
        Match.from_dict(bad)
    # a commitment is the seed's, made again from it: a wrong one in a save is not kept
    bad = json.loads(json.dumps(saved))
    bad["hands"][0]["commitment"] = "0" * 64
    assert Match.from_dict(bad).to_dict() == saved


def test_the_seed_survives_a_take_back_and_a_restore_mid_hand():
    match = Match("coinche", seed=9)
    match.apply("pass")
    match.take_back(match.hand.auction.history()[0][0])
    assert match.hand.seed == "coinche/4/9/0"
    restored = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert restored.commitment == commitment("coinche/4/9/0")
    while restored.phase == "auction":
        restored.apply("pass")
    assert restored.hand_record()["seed"] == "coinche/4/9/0"


def test_an_imported_record_keeps_its_seed():
    # A finished hand exported and read again (web/transfer.py replays it) keeps its seed.
    record = finished_record()
    assert replay(record).seed == record["seed"]
    from belote import hand_record

    assert hand_record(replay(record)) == record


# --- the command --------------------------------------------------------------------------------
def test_verify_prints_every_hand(tmp_path):
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(finished_record()))
    out = run("verify", str(path))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == {"verified": 1, "hands": [
        {"hand": 1, "status": "verified", "seed": "french/4/7/0",
         "commitment": commitment("french/4/7/0")}]}


def test_verify_reads_selfplay_lines_and_names_a_daily_hand():
    lines = run("selfplay", "--rules", "coinche", "--hands", "3", "--seed", "4").stdout
    out = run("verify", "-", stdin=lines)
    assert out.returncode == 0, out.stderr
    printed = json.loads(out.stdout)
    assert printed["verified"] == 3
    assert [h["seed"] for h in printed["hands"]] == [f"coinche/4/4/{i}" for i in range(3)]
    daily = Match("coinche", seed="daily/2026-12-24/2")
    while daily.phase == "auction":
        daily.apply("pass")
    out = run("verify", "-", stdin=json.dumps(daily.hand_record()))
    assert json.loads(out.stdout)["hands"][0]["daily"] == {"date": "2026-12-24", "hand": 2}


def test_verify_errors_are_one_line_exit_1(tmp_path):
    record = finished_record()
    record["deck"][0], record["deck"][5] = record["deck"][5], record["deck"][0]
    one_line_error(run("verify", "-", stdin=json.dumps(record)), "not dealt from its seed")
    one_line_error(run("verify", "-", stdin='{"deck": '), "JSON")
    one_line_error(run("verify", "-", stdin="[1, 2]"), "JSON object")
    one_line_error(run("verify", "-", stdin='{"a": 1}\n{"b": 2}\n'), "no seed")
    one_line_error(run("verify", "-", stdin='{"a": 1}\n{"b": \n'), "line 2")
    one_line_error(run("verify", "-", stdin='{\n "deck": \n'), "line 3")  # the text's line
    one_line_error(run("verify", "-", stdin=""), "JSON")
    one_line_error(run("verify", str(tmp_path / "none.json")), "cannot read")
    saved = played(Match("french", seed=5), hands=2).to_dict()
    saved["hands"][1]["seed"] = "french/4/5/0"
    one_line_error(run("verify", "-", stdin=json.dumps(saved)), "hand 2")
    assert run("verify").returncode == 2
