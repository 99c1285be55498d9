"""Every bot decision of the table goes through :func:`think` (and hints through :func:`suggest`).

Where the browser has WebAssembly's JavaScript Promise Integration (JSPI: Chromium, Firefox), the
bots (:mod:`belote.bots`) think here on the page with their full budget
(:data:`web.bot_pool.TIME_BUDGET`), their search sliced by :mod:`web.browser.slices`: the
browser gets its turn every few milliseconds, so that the table keeps drawing and answering, and
the time given does not count in the budget. One Python then, the page's. Elsewhere they think
in a Web Worker (:mod:`web.bots_worker`, a second Pyodide) once it has booted. Until one of
those is ready, or if the worker fails, they think here with a short search budget
(:data:`SEARCH_BUDGET`), so that no turn blocks the page for long; so they do while a step of a
hand review holds the worker (:func:`review_step`) rather than wait for it. The hand review
always runs in the worker (the adapter, web/browser/adapter.py, starts it when a review asks
for it). A bot that fails or answers something illegal is replaced for that decision by the
random bot, so the match goes on.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Iterator
from typing import TypeVar

from belote.view import View

from .bot_pool import TIME_BUDGET, BotPool
from .browser import slices

T = TypeVar("T")
LEVELS = ("easy", "normal", "expert")
# Seconds of search per Expert decision on the page's main thread when the search cannot give
# the browser its turns: the search's hard stop is 2.5 x this, 75 ms, so that with the drawing
# that follows a turn stays under the 100 ms the page may be busy at a time.
SEARCH_BUDGET = 0.03
_bots = BotPool(SEARCH_BUDGET)
_clock = time.perf_counter  # the page bots' clock (slices.clock once they think in full here)
_full = False  # they think in full here (bots_on_page)
# One search at a time on the page: a search that gives the browser its turns could otherwise
# be joined by a second one, and each would count the other's time as its own.
_searching = asyncio.Lock()
# The bots' Web Worker (web/bots_worker.py): off until start_worker(), then starting, ready or
# failed. While it is not ready the bots think here, with SEARCH_BUDGET.
_worker = None
_worker_state = "off"
# A hand review's step holds the worker (review_step): the bots think here meanwhile, in short
# searches, rather than wait behind it (an exact cost can take seconds).
_reviewing = False


def bots_on_page() -> bool:
    """Have the bots think here in full from now on, if the page can give the browser its turns
    during a search (web/browser/slices.py; call it in an asyncio task). False where it cannot."""
    global _bots, _clock, _full
    if not _full and slices.available():
        # Imported now, whole (the snapshot has them already): an import that gave the browser
        # its turns could meet, during one, another import of the same module.
        import belote.bots.expert  # noqa: F401

        _bots, _clock, _full = BotPool(TIME_BUDGET, slices.clock), slices.clock, True
    return _full


def worker_state() -> str:
    return _worker_state


async def start_worker() -> None:
    """Boot the bots' worker (a second Pyodide) once the table is up; on any failure the bots
    keep thinking on the page in short searches."""
    global _worker, _worker_state
    if _worker_state != "off":
        return
    _worker_state = "starting"
    try:
        from js import URL, fetch, location
        from pyscript import PyWorker

        # Its configuration as an object (pyscript.json), not the file's address: PyScript gives
        # the worker's Python only an object, and "sync_main_only" keeps it from warning that
        # the worker cannot reach the page's document (it never does).
        config = json.loads(await (await fetch("./pyscript.json")).text())
        worker = PyWorker("./web/bots_worker.py", type="pyodide", config=config,
                          version=URL.new(config["interpreter"], location.href).href)
        await worker.ready
        _worker = worker.sync
        _worker_state = "ready"
    except Exception as error:  # no worker (old browser, blocked): think on the page
        print(f"bots worker unavailable ({error!r}); the bots think on the page")
        _worker_state = "failed"


async def ask_worker(method: str, *args) -> str | None:
    """Call ``method`` of the bots' worker (a string answer; the hand review's calls too),
    None when it is not ready or fails (it is then marked failed: the bots think on the
    page)."""
    global _worker_state
    if _worker_state != "ready":
        return None
    try:
        answer = await getattr(_worker, method)(*args)
    except Exception as error:
        print(f"bots worker failed ({error!r}); the bots think on the page")
        _worker_state = "failed"
        return None
    return answer if isinstance(answer, str) else None


async def review_step(method: str, *args) -> str | None:
    """A long call to the worker (a hand review's step, web/coach/reviewing.py, through the
    adapter; the daily deal's Expert line), as :func:`ask_worker`; while it runs, the bots and
    hints do not wait for the worker."""
    global _reviewing
    _reviewing = True
    try:
        return await ask_worker(method, *args)
    finally:
        _reviewing = False


async def _ask_bots(method: str, *args) -> str | None:
    """``ask_worker`` for the bots: None at once while a review step holds the worker, or when
    they think here in full."""
    return None if _reviewing or _full else await ask_worker(method, *args)


def _bot(level: str, seat: int, seed: str = ""):
    """The bot of ``level`` at ``seat`` on the page; with a ``seed``, a daily hand's (it
    searches a fixed amount, the same on every device: made afresh, it answers alike)."""
    if seed:
        from belote.bots.fixed import fixed_bot

        return fixed_bot(level, seed)
    return _bots.get(level, seat)


def _on_page(decide, view: View, what: str) -> str:
    """``decide(view)`` on the page; the random bot's action if it fails or is not legal."""
    try:
        action = decide(view)
    except Exception as error:  # a bot bug must not stop the match
        print(f"{what} failed ({error!r}); the random bot plays instead")
    else:
        if action in view["legal"]:
            return action
        print(f"{what} chose {action!r}, which is not legal; the random bot plays instead")
    return _bot("random", view["seat"]).choose(view)


async def think(level: str, view: View, seed: str = "") -> str:
    """The action of the bot of ``level`` sitting at ``view['seat']`` (``seed``: a daily
    hand's bot, belote.daily.Daily.bot)."""
    await asyncio.sleep(0)
    level = level if level in LEVELS else "normal"
    daily = (seed,) if seed else ()
    action = await _ask_bots("choose", level, view["seat"], json.dumps(view), *daily)
    if action in view["legal"]:
        return action
    async with _searching:
        return slices.sliced(_on_page, _bot(level, view["seat"], seed).choose, view,
                             f"bot {level}")


async def _stepped(steps: Iterator[T]) -> AsyncIterator[T]:
    """The items of ``steps`` computed here, each sliced where the page can give the browser its
    turns during it (web/browser/slices.py), the page answering between two."""
    done = object()
    while True:
        async with _searching:
            item = slices.sliced(next, steps, done)
        if item is done:
            return
        yield item
        await asyncio.sleep(0)


async def accuracy(record: dict, seat: int) -> float | None:
    """The accuracy of ``seat`` in the finished hand ``record``: in the worker when it is up,
    else here one review step at a time (:func:`_stepped`)."""
    answer = await ask_worker("hand_accuracy", json.dumps(record), seat)
    if answer:
        data = json.loads(answer)
        if "error" not in data:
            return data["accuracy"]
    from belote.analysis.accuracy import expected_decisions, hand_accuracy

    decisions = [d async for d in _stepped(iter(expected_decisions(record, seat)))]
    return hand_accuracy(record, decisions)


async def expert_line(date: str, number: int) -> str | None:
    """The Expert's line on hand ``number`` of ``date``'s daily deal, as a hand record in
    JSON: in the worker when it is up (the bots think on the page meanwhile, as during a
    review's step), else here one action at a time (:func:`_stepped`)."""
    answer = await review_step("daily_expert", date, number)
    if answer and '"error"' not in answer[:12]:
        return answer
    from belote.daily import daily

    over = None
    async for step in _stepped(iter(daily(date).expert_steps(number))):  # the match after each
        over = step
    return json.dumps(over.hand_record()) if over is not None else None


async def suggest(view: View) -> str | None:
    """The Expert's suggestion for the human's ``view`` (None when there is nothing to do)."""
    await asyncio.sleep(0)
    if not view["legal"]:
        return None
    action = await _ask_bots("suggest", json.dumps(view))
    if action in view["legal"]:
        return action
    from belote.bots import hint

    budget = TIME_BUDGET if _full else SEARCH_BUDGET
    async with _searching:
        return slices.sliced(_on_page, lambda v: hint(v, time_budget=budget, clock=_clock), view,
                             "hint")
