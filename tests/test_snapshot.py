"""web/snapshot.py: after a start from Pyodide's memory snapshot, the game's modules are this
build's and the random generator is seeded again (docs/boot.md)."""

import random
import sys
import types

import pytest

import belote  # noqa: F401  (a game module imported, as the snapshot has them)
from web.snapshot import settle


@pytest.fixture
def build_file(tmp_path):
    path = tmp_path / "BUILD"
    path.write_text("abc\n", encoding="ascii")
    return str(path)


@pytest.fixture
def frozen():
    """Pretend Python started from a snapshot of build ``frozen(build)``; sys.modules and the
    random generator are put back afterwards."""
    modules, state = dict(sys.modules), random.getstate()

    def freeze(build: str) -> None:
        sys._belote_build = build

    yield freeze
    if hasattr(sys, "_belote_build"):
        del sys._belote_build
    sys.modules.clear()
    sys.modules.update(modules)
    random.setstate(state)


def test_a_plain_start_changes_nothing(build_file, frozen):
    state = random.getstate()
    assert settle(build_file) == "plain"
    assert random.getstate() == state


def test_the_same_build_keeps_its_modules_and_reseeds(build_file, frozen):
    frozen("abc")
    random.seed(1)
    before = random.getstate()
    assert settle(build_file) == "snapshot"
    assert not hasattr(sys, "_belote_build")
    assert random.getstate() != before  # not the state frozen with the snapshot
    assert "web.snapshot" in sys.modules and "belote" in sys.modules


def test_another_build_drops_the_games_modules(build_file, frozen):
    frozen("old")
    for name in ("belote.fake", "web.fake", "beloteish"):
        sys.modules[name] = types.ModuleType(name)
    assert settle(build_file) == "snapshot-stale"
    assert not [n for n in sys.modules if n.split(".")[0] == "belote"]
    assert [n for n in sys.modules if n.split(".")[0] == "web"] == ["web.snapshot"]
    assert "beloteish" in sys.modules  # only the game's own packages
