"""The bots of one Python, the page's (web/ai.py) or the bots' worker's (web/bots_worker.py).

One bot per level and seat, made on first use, seeded by its seat, and given the seconds of
search this Python can spare, by its clock: a short budget on the page when a search there
would freeze the table, the full one (TIME_BUDGET) in the worker, and on the page where the
search gives the browser its turns (web/browser/slices.py).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

# Seconds of search per Expert decision where the table is not blocked meanwhile: the Expert may
# take its full CPython budget even though Pyodide runs it more slowly.
TIME_BUDGET = 0.25


class BotPool:
    def __init__(self, time_budget: float, clock: Callable[[], float] = time.perf_counter):
        self.time_budget = time_budget
        self.clock = clock
        self.bots: dict[tuple[str, int], Any] = {}

    def get(self, level: str, seat: int) -> Any:
        """The bot of ``level`` at ``seat`` (imported on first use: the page starts faster
        without the bots, and once the worker is up it may never need them)."""
        key = (level, seat)
        if key not in self.bots:
            from belote.bots import make_bot

            bot = make_bot(level, 1000 + seat, clock=self.clock)
            if hasattr(bot, "time_budget"):
                bot.time_budget = self.time_budget
            self.bots[key] = bot
        return self.bots[key]
