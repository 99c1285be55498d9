"""The command line (docs/cli.md), run as a user runs it."""

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


# --- analyze (the issue "Learn from every hand") ----------------------------------------------

def test_analyze_prints_one_json_object_whose_indexes_point_into_the_record():
    from belote.analysis import analyze

    record = selfplay("--hands", "1", "--seed", "3", "--bots", "easy,easy,easy,easy")[0]
    out = run("analyze", "-", "--seat", "1", "--worlds", "4", "--seed", "9",
              stdin=json.dumps(record))
    assert out.returncode == 0, out.stderr
    assert len(out.stdout.strip().splitlines()) == 1
    printed = json.loads(out.stdout)
    assert printed == analyze(record, 1, 4, "9")
    assert printed["seat"] == 1 and printed["decisions"]
    for d in printed["decisions"]:
        assert {"phase", "index", "played", "best", "cost_expected", "cost_exact",
                "worlds"} <= set(d)
        assert record[d["phase"]][d["index"]] == d["played"]
        most = 32 if d["phase"] == "auction" else 16  # a Bulgarian bid's close call: 8 times
        assert d["worlds"] % 4 == 0 and 4 <= d["worlds"] <= most
        assert d["cost_expected"] >= 0 and d["cost_exact"] >= 0
    assert printed["total_expected"] == round(sum(d["cost_expected"]
                                                  for d in printed["decisions"]), 2)
    assert printed["total_exact"] == round(sum(d["cost_exact"] for d in printed["decisions"]), 2)


def test_analyze_reads_a_file_and_defaults_to_seat_0(tmp_path):
    record = selfplay("--hands", "1", "--seed", "5", "--rules", "french")[0]
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record))
    out = run("analyze", str(path), "--worlds", "2")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["seat"] == 0


def test_analyze_bad_input_is_one_line_exit_1():
    record = selfplay("--hands", "1", "--seed", "3")[0]
    one_line_error(run("analyze", "-", stdin='{"rules": '), 1, "JSON")
    one_line_error(run("analyze", "/no/such/file.json"), 1, "cannot read")
    one_line_error(run("analyze", "-", "--seat", "4", stdin=json.dumps(record)), 1, "seat")
    bad = dict(record, play=record["play"][::-1])
    one_line_error(run("analyze", "-", stdin=json.dumps(bad)), 1, "card")


def test_analyze_usage_errors_exit_2():
    one_line_error(run("analyze"), 2)
    one_line_error(run("analyze", "-", "--seat", "x", stdin="{}"), 2)
    one_line_error(run("analyze", "-", "--worlds", "0", stdin="{}"), 2, "--worlds")
    one_line_error(run("bench", "analysis", "--rules", "skat"), 2, "skat")


def test_bench_analysis_prints_a_line_per_table():
    out = run("bench", "analysis", "--rules", "french", "--hands", "1", "--worlds", "2")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    assert len(lines) == 3 + 1
    row = lines[3].split()
    assert row[:3] == ["french", "4", "1"] and all(float(x) >= 0 for x in row[3:])
