"""Long Python work on the page's thread that leaves the browser its turns (web/ai.py: the bots).

Where the browser has WebAssembly's JavaScript Promise Integration (JSPI), Pyodide can suspend
Python, in an asyncio task, until a JavaScript promise settles (``pyodide.ffi.run_sync``).
:func:`sliced` runs a function so: every :data:`SLICE` seconds Python is interrupted, and
suspended until the browser's next turn (a message the page posts to itself: the input and the
drawing that are due come first), then goes on where it was. The interruption is Pyodide's
interrupt buffer (``setInterruptBuffer``), which Python reads every few dozen calls, here a
JavaScript object whose element 0 is :data:`SIGNAL` once the slice is over; the signal's handler
does the suspending. It is set only while the function runs, not while others run during its
turns (their own Python is never suspended). :func:`clock` is ``time.perf_counter`` less the
time given to the browser, so that a search with a time budget computes as long as it would
alone.

Elsewhere (:func:`available` is False: no JSPI, CPython) nothing is sliced.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

# Seconds of Python between two turns of the browser.
SLICE = 0.012
SIGNAL = 10  # SIGUSR1: Pyodide ignores every signal but SIGINT unless Python handles it

_given = 0.0  # seconds given to the browser
_js: Any = None  # {buffer, turn}: made by available()
_running = False  # sliced() is running its work (and not another's, during a turn)


def clock() -> float:
    """``time.perf_counter()`` less the seconds given to the browser (a search's clock)."""
    return time.perf_counter() - _given


def available() -> bool:
    """Whether :func:`sliced` gives the browser its turns here (JSPI, and Python in an asyncio
    task: call it from one). Sets it up on the first call."""
    global _js
    if _js is not None:
        return True
    try:
        import signal

        from pyodide.code import run_js
        from pyodide.ffi import can_run_sync, run_sync
    except ImportError:  # CPython
        return False
    if not can_run_sync():
        return False
    js = run_js(f"""({{
        buffer: {{ due: Infinity, set 0(value) {{}},
                   get 0() {{
                     if (performance.now() < this.due) return 0;
                     this.due = Infinity;
                     return {SIGNAL};
                   }} }},
        turn: () => new Promise((resolve) => {{
          const channel = new MessageChannel();
          channel.port1.onmessage = () => {{ channel.port1.close(); resolve(); }};
          channel.port2.postMessage(null);
        }}),
    }})""")
    try:
        run_sync(js.turn())  # (Pyodide says "not supported" here without JSPI)
    except Exception:
        return False
    signal.signal(SIGNAL, _give_turn)
    _js = js
    return True


def sliced(work: Callable[..., T], *args: Any) -> T:
    """``work(*args)``, giving the browser its turns when :func:`available` said so (one work
    at a time: one that starts during another's turn is not sliced)."""
    global _running
    if _js is None or _running:
        return work(*args)
    _running = True
    _arm()
    try:
        return work(*args)
    finally:
        _running = False
        _disarm()


def _arm() -> None:
    import pyodide_js

    _js.buffer.due = _now_ms() + SLICE * 1000
    pyodide_js.setInterruptBuffer(_js.buffer)


def _disarm() -> None:
    import pyodide_js

    pyodide_js.setInterruptBuffer(None)


def _now_ms() -> float:
    from js import performance

    return performance.now()


def _give_turn(signum, frame) -> None:
    """SIGNAL's handler: Python waits for the browser's next turn (unless it cannot be
    suspended here), then goes on for another slice."""
    global _given, _running
    from pyodide.ffi import can_run_sync, run_sync

    if not _running:
        return  # (a signal that came as the work ended)
    _disarm()  # what runs meanwhile is not sliced
    _running = False
    before = time.perf_counter()
    try:
        if can_run_sync():
            run_sync(_js.turn())
    finally:
        _given += time.perf_counter() - before
        _running = True
        _arm()
