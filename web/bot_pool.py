"""The bots of one Python, the page's (web/ai.py) or the bots' worker's (web/bots_worker.py).

One bot per level and seat, made on first use, seeded by its seat, and given the seconds of
search this Python can spare: a short budget on the page, where a long search would freeze the
table, the full one in the worker.
"""

from __future__ import annotations

from typing import Any


class BotPool:
    def __init__(self, time_budget: float):
        self.time_budget = time_budget
        self.bots: dict[tuple[str, int], Any] = {}

    def get(self, level: str, seat: int) -> Any:
        """The bot of ``level`` at ``seat`` (imported on first use: the page starts faster
        without the bots, and once the worker is up it may never need them)."""
        key = (level, seat)
        if key not in self.bots:
            from belote.bots import make_bot

            bot = make_bot(level, 1000 + seat)
            if hasattr(bot, "time_budget"):
                bot.time_budget = self.time_budget
            self.bots[key] = bot
        return self.bots[key]
