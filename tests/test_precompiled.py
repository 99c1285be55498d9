"""web/precompiled.py: while installed, ``dataclasses`` takes a class's methods from the
recorded code (scripts/compile_pyc.mjs writes it for the page's Pyodide) instead of compiling
their source, and the class is the same; a source not recorded, or no file, compiles as
before."""

import dataclasses
import marshal

import pytest

from web import precompiled


def make():
    @dataclasses.dataclass(frozen=True)
    class Point:
        x: int
        y: int = 0

    return Point


@pytest.fixture
def recorded(tmp_path):
    """A table as the build writes it, of one class's source, compiled under another file name
    (so that a method shows where its code came from)."""
    sources = []

    def recording(source, globals=None, locals=None, /):  # noqa: A002
        sources.append(source)
        return exec(source, globals, locals)

    dataclasses.exec = recording  # type: ignore[attr-defined]
    try:
        make()
    finally:
        precompiled.remove()
    path = tmp_path / "precompiled.bin"
    path.write_bytes(marshal.dumps({s: compile(s, "<recorded>", "exec", dont_inherit=True)
                                    for s in sources}))
    yield str(path)
    precompiled.remove()


def test_a_recorded_source_is_not_compiled_again_and_the_class_is_the_same(recorded):
    precompiled.install(recorded)
    ahead = make()
    precompiled.remove()
    plain = make()
    assert ahead.__init__.__code__.co_filename == "<recorded>"
    assert plain.__init__.__code__.co_filename == "<string>"
    for cls in (ahead, plain):
        point = cls(1, 2)
        assert (point, repr(point), hash(point)) == (cls(1, 2), f"{cls.__qualname__}(x=1, y=2)",
                                                     hash(cls(1, 2)))
        assert cls(1) == cls(1, 0) and cls.__match_args__ == ("x", "y")
        with pytest.raises(dataclasses.FrozenInstanceError):
            point.x = 3  # type: ignore[misc]


def test_a_source_not_recorded_compiles_as_before(recorded):
    precompiled.install(recorded)

    @dataclasses.dataclass
    class Other:
        name: str

    assert Other("a") == Other("a")
    assert Other.__init__.__code__.co_filename == "<string>"


@pytest.mark.parametrize("content", [None, b"", b"not marshal", marshal.dumps([1, 2])])
def test_no_usable_file_leaves_dataclasses_alone(tmp_path, content):
    path = tmp_path / "precompiled.bin"
    if content is not None:
        path.write_bytes(content)
    precompiled.install(str(path))
    assert "exec" not in vars(dataclasses)
    assert make()(1).y == 0
