"""The bots' own Python, in a Web Worker (PyScript ``create_named_worker``).

The table (web/ai.py) sends a seat's view as JSON and gets an action back, so the Expert can
search for its whole time budget while the page keeps drawing and answering. Plain strings both
ways: a dict would cross as a JsProxy.
"""

import json

from belote.bots import hint, make_bot

# Seconds of search per Expert decision here: the page is not blocked, so the Expert may take
# its full CPython budget even though Pyodide runs it more slowly.
TIME_BUDGET = 0.25
_bots: dict = {}


def choose(level, seat, view_json):
    key = (str(level), int(seat))
    if key not in _bots:
        bot = make_bot(key[0], 1000 + key[1])
        if hasattr(bot, "time_budget"):
            bot.time_budget = TIME_BUDGET
        _bots[key] = bot
    return _bots[key].choose(json.loads(view_json))


def suggest(view_json):
    return hint(json.loads(view_json), time_budget=TIME_BUDGET)


__export__ = ["choose", "suggest"]
