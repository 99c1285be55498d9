"""The command line (DESIGN.md "Contract: command line"), run as a user runs it."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run(*args, stdin: str | None = None):
    return subprocess.run([sys.executable, "-m", "belote", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


def selfplay(*extra) -> list[dict]:
    out = run("selfplay", *extra)
    assert out.returncode == 0, out.stderr
    return [json.loads(line) for line in out.stdout.splitlines()]


@pytest.mark.parametrize("rules,players", [("bulgarian", 4), ("coinche", 4), ("classic", 3)])
def test_selfplay_records_replay_to_their_score(rules, players):
    from belote.record import replay, summary

    records = selfplay("--rules", rules, "--players", str(players), "--hands", "4",
                       "--seed", "11")
    assert len(records) == 4
    for record in records:
        out = run("replay", "-", stdin=json.dumps(record))
        assert out.returncode == 0, out.stderr
        printed = json.loads(out.stdout)
        assert printed == summary(replay(record))
        assert set(printed) == {"card_points", "declarations", "belote", "valat", "raw", "score",
                                "hanging", "contract", "bidders", "made"}


def test_replay_reads_a_file(tmp_path):
    record = selfplay("--hands", "1", "--seed", "3")[0]
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record))
    assert run("replay", str(path)).returncode == 0


def test_selfplay_deals_do_not_depend_on_the_bots():
    random_seats = selfplay("--hands", "3", "--seed", "5")
    easy_seats = selfplay("--hands", "3", "--seed", "5", "--bots", "easy,random,easy,random")
    for a, b in zip(random_seats, easy_seats):
        assert (a["dealer"], a["deck"]) == (b["dealer"], b["deck"])


def test_selfplay_is_reproducible():
    assert selfplay("--hands", "2", "--seed", "9") == selfplay("--hands", "2", "--seed", "9")


def one_line_error(out, status: int, *words: str) -> None:
    assert out.returncode == status
    assert out.stdout == ""
    assert "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1
    for word in words:
        assert word in out.stderr


def test_malformed_json_is_one_line_exit_1():
    one_line_error(run("replay", "-", stdin='{"rules": '), 1, "JSON")


def test_unknown_rule_set_is_named():
    record = selfplay("--hands", "1", "--seed", "3")[0]
    record["rules"] = "skat"
    one_line_error(run("replay", "-", stdin=json.dumps(record)), 1, "skat")


def test_illegal_card_is_named():
    record = selfplay("--hands", "1", "--seed", "3")[0]
    while record["auction"] and all(w == "pass" for w in record["auction"]):
        record = selfplay("--hands", "1", "--seed", "4")[0]
    # Swap the first and last cards: somewhere a player now plays a card it does not hold or
    # may not play, and the message names that card by its place and name.
    record["play"][0], record["play"][-1] = record["play"][-1], record["play"][0]
    out = run("replay", "-", stdin=json.dumps(record))
    one_line_error(out, 1)
    found = re.search(r"card (\d+) \('(\w\w)'\)", out.stderr)
    assert found, out.stderr
    assert record["play"][int(found[1]) - 1] == found[2]


def test_missing_file_is_one_line_exit_1():
    one_line_error(run("replay", "/no/such/file.json"), 1, "cannot read")


def test_usage_errors_exit_2():
    assert run().returncode == 2
    one_line_error(run("selfplay", "--hands", "x"), 2)
    one_line_error(run("selfplay", "--rules", "skat"), 2, "skat")
    one_line_error(run("selfplay", "--options", "[1]"), 2, "--options")
    one_line_error(run("selfplay", "--bots", "easy,easy"), 2, "--bots")
    one_line_error(run("bench", "nothing"), 2)


def test_bench_engine_prints_a_line_per_rule_set():
    out = run("bench", "engine", "--seconds", "0.05")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 1 + 7
    assert lines[1].split()[0] == "bulgarian" and float(lines[1].split()[3]) > 0
