"""After Pyodide started from the memory snapshot (web/runtime.mjs): make its Python this build's.

The snapshot (scripts/build_python.py) has the game's modules imported already and remembers
the web/BUILD of the zip they came from (``sys._belote_build``). :func:`settle`, called once the
zip is unpacked and before anything else of the game is imported (web/main.py, the bots' worker),
checks that the unpacked zip is that build; if not, it drops those modules, to be imported
afresh from the zip. It also seeds Python's random generator again, frozen with the snapshot.
This module is never in the snapshot itself, so it is always the zip's own.
"""

from __future__ import annotations

import random
import sys


def settle(build_file: str = "web/BUILD") -> str:
    """``"snapshot"``, ``"snapshot-stale"`` (its modules dropped) or ``"plain"`` (not started
    from a snapshot: nothing to do)."""
    frozen = getattr(sys, "_belote_build", None)
    if frozen is None:
        return "plain"
    delattr(sys, "_belote_build")
    random.seed()
    with open(build_file, encoding="ascii") as file:
        if file.read().strip() == frozen:
            return "snapshot"
    for name in [n for n in sys.modules if n.split(".")[0] in ("belote", "web")]:
        if name != __name__:
            del sys.modules[name]
    return "snapshot-stale"
