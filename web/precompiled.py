"""The methods of the game's dataclasses, compiled ahead, for a start that imports the game.

The ``dataclasses`` decorator writes each class's methods (``__init__``, ``__eq__``, ...) as
Python source and compiles it as the class is made: one ``exec(source, globals, namespace)`` per
class. The game makes about 150 dataclasses as it is imported, and in a page that has just
started (Pyodide's WebAssembly not yet optimised) compiling those sources was nearly half the
game's import on a first visit (docs/boot.md). scripts/compile_pyc.mjs records every such source
with its code, compiled by the same Pyodide as the zip's bytecode, in ``web/precompiled.bin``;
while :func:`install` is in effect, ``dataclasses`` gets that code instead of compiling the same
source again. A source not recorded (a file not rebuilt) is compiled as before, so the classes
are the same either way. A start from the memory snapshot imports nothing and needs none of it.
"""

from __future__ import annotations

import dataclasses
import marshal

CODE_FILE = "web/precompiled.bin"


def install(path: str = CODE_FILE) -> None:
    """Hand ``dataclasses`` the recorded code until :func:`remove` (nothing if it cannot be
    read: the sources are compiled then)."""
    try:
        with open(path, "rb") as file:
            table = marshal.load(file)
    except (OSError, EOFError, ValueError, TypeError):
        return
    if not isinstance(table, dict):
        return

    def exec_ahead(source, globals=None, locals=None, /):  # noqa: A002 (exec's own names)
        code = table.get(source) if isinstance(source, str) else None
        return exec(source if code is None else code, globals, locals)

    dataclasses.exec = exec_ahead  # type: ignore[attr-defined]  # found before the builtin


def remove() -> None:
    """``dataclasses`` compiles its sources again (and the table is freed)."""
    vars(dataclasses).pop("exec", None)
