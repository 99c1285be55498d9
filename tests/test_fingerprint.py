"""The behaviour fingerprint (scripts/fingerprint.py) is reproducible: the same digests twice."""

from belote.bench.frozen import make
from scripts.fingerprint import play


def test_the_fingerprint_of_a_table_is_the_same_twice():
    first = play("classic", 3, "easy", hands=4)
    assert first == {**play("classic", 3, "easy", hands=4), "seconds": first["seconds"]}
    assert first["counts"]["hands"] == 4


def test_the_experts_fingerprint_is_the_same_twice():
    first = play("french", 4, "expert", hands=1, samples=2, deals=2)
    again = play("french", 4, "expert", hands=1, samples=2, deals=2)
    assert first["digests"] == again["digests"]


def test_the_frozen_expert_plays_as_the_expert_did_before_issue_39():
    """``expert-frozen`` (belote/bench/frozen.py), the benchmarks' Expert before issue 39: these
    digests are the Expert's on main before it (commit 26314bc)."""
    got = play("coinche", 4, "expert-frozen", hands=1, samples=4, deals=4, make=make)
    assert got["digests"] == {"records": "52f149ba4f95", "scores": "43e0e6315ee6",
                              "views": "af5d5553199e", "events": "7e19b2954d57"}
