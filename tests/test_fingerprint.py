"""The behaviour fingerprint (scripts/fingerprint.py) is reproducible: the same digests twice."""

from scripts.fingerprint import play


def test_the_fingerprint_of_a_table_is_the_same_twice():
    first = play("classic", 3, "easy", hands=4)
    assert first == {**play("classic", 3, "easy", hands=4), "seconds": first["seconds"]}
    assert first["counts"]["hands"] == 4


def test_the_experts_fingerprint_is_the_same_twice():
    first = play("french", 4, "expert", hands=1, samples=2, deals=2)
    again = play("french", 4, "expert", hands=1, samples=2, deals=2)
    assert first["digests"] == again["digests"]
