"""Every bot decision of the table goes through :func:`think` (and hints through :func:`suggest`).

Both are ``async`` so that thinking can be time-sliced: a long search awaits
``asyncio.sleep(0)`` between slices and the page keeps answering (the table never waits more
than ~100 ms without yielding). The bots come from :mod:`belote.bots` (``make_bot(level, seed)``,
``bot.choose(view)``, ``hint(view)``); while that package is missing or incomplete, a fallback
plays: the first legal declaration, else a random legal action (passing more often than not in
an auction, never a risky "I'm out"), seeded by the position so that a position always gets the
same answer.
"""

from __future__ import annotations

import asyncio
import importlib.util
import json
import random


def _bots_module():
    """belote.bots, imported on first use: the page starts faster without it, and once the
    worker is up the page may never need it. None when the package is missing."""
    try:
        import belote.bots as bots
    except ImportError:  # pragma: no cover - depends on what is installed
        return None
    return bots


LEVELS = ("easy", "normal", "expert")
# Seconds of search per Expert decision on the page's main thread (only until the worker is up):
# the search's hard stop is 2.5 x this, 75 ms, so that with the drawing that follows a turn stays
# under the 100 ms the page may be busy at a time.
SEARCH_BUDGET = 0.03
_bots: dict[tuple[str, int], object] = {}
# The bots' Web Worker (web/bots_worker.py): off until start_worker(), then starting, ready or
# failed. While it is not ready the bots think here, with SEARCH_BUDGET.
_worker = None
_worker_state = "off"


def worker_state() -> str:
    return _worker_state


async def start_worker() -> None:
    """Boot the bots' worker (a second Pyodide) once the table is up; on any failure the bots
    keep thinking on the page in short searches."""
    global _worker, _worker_state
    if _worker_state != "off" or not have_bots():
        return
    _worker_state = "starting"
    try:
        from pyscript import create_named_worker, workers

        await create_named_worker(src="./web/bots_worker.py", name="bots",
                                  config="./pyscript.toml")
        _worker = await workers["bots"]
        _worker_state = "ready"
        print("bots worker ready")
    except Exception as error:  # no worker (old browser, blocked): think on the page
        print(f"bots worker unavailable ({error!r}); the bots think on the page")
        _worker_state = "failed"


async def _ask_worker(method: str, *args) -> str | None:
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


def have_bots() -> bool:
    """Whether the bots package is there (found, not imported)."""
    return importlib.util.find_spec("belote.bots") is not None


def _position_key(view: dict) -> str:
    return "|".join(str(view.get(k)) for k in (
        "rules", "seat", "hand_number", "dealer", "hand", "auction", "played"))


def fallback(view: dict) -> str:
    """First legal declaration, else a random legal action (deterministic per position)."""
    legal = list(view.get("legal") or [])
    if not legal:
        raise ValueError("no legal action for this seat")
    for action in legal:
        if action.startswith("declare "):
            return action
    rng = random.Random(_position_key(view))
    if view.get("phase") == "auction":
        if "pass" in legal and rng.random() < 0.6:
            return "pass"
        return rng.choice(legal)
    choices = [a for a in legal if a != "out"] or legal
    return rng.choice(choices)


def _bot(level: str, seat: int):
    key = (level, seat)
    if key not in _bots:
        bot = _bots_module().make_bot(level, 1000 + seat)
        if hasattr(bot, "time_budget"):
            bot.time_budget = min(bot.time_budget, SEARCH_BUDGET)
        _bots[key] = bot
    return _bots[key]


async def think(level: str, view: dict) -> str:
    """The action of the bot of ``level`` sitting at ``view['seat']``."""
    await asyncio.sleep(0)
    level = level if level in LEVELS else "normal"
    action = await _ask_worker("choose", level, view["seat"], json.dumps(view))
    if action in (view.get("legal") or []):
        return action
    if have_bots():
        try:
            action = _bot(level, view["seat"]).choose(view)
        except Exception as error:  # a bot bug must not stop the match
            print(f"bot {level} failed ({error!r}); playing the fallback")
        else:
            if action in (view.get("legal") or []):
                return action
            print(f"bot {level} chose {action!r}, which is not legal; playing the fallback")
    return fallback(view)


async def suggest(view: dict) -> str | None:
    """The Expert's suggestion for the human's ``view`` (None when there is nothing to do)."""
    await asyncio.sleep(0)
    if not view.get("legal"):
        return None
    action = await _ask_worker("suggest", json.dumps(view))
    if action in view["legal"]:
        return action
    if have_bots():
        try:
            action = _bots_module().hint(view, time_budget=SEARCH_BUDGET)
        except Exception as error:
            print(f"hint failed ({error!r}); using the fallback")
        else:
            if action in view["legal"]:
                return action
    return fallback(view)
