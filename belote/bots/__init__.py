"""Bots: one interface, ``choose(view) -> action``, at several levels; this module is their
registry (it imports the bots, never the other way round).

- ``random`` (:mod:`belote.bots.base`): any legal action (declarations made, never "out").
- ``easy`` (:mod:`belote.bots.easy`): sound rules without counting: duties, save trumps, give
  points to a winning partner; plain bidding, doubles only the plainest cases.
- ``normal`` (:mod:`belote.bots.normal`): adds card counting and inference (voids, failed
  overtrumps, declarations, belote, the taker's turned card) and reads the bidding; doubles
  when the hand says so.
- ``expert`` (:mod:`belote.bots.expert`): Monte-Carlo search: deals sampled consistently with
  everything the seat has seen, each solved exactly by the double-dummy solver once few tricks
  remain and by rollouts before; anytime under a time budget, at once when a move is forced.
- ``oracle``: sees every hand (benchmarks only: ``choose(view, full)``).

The view is ``Match.view(seat)``: a bot never reads anything else, so it cannot peek.
``hint(view)`` is the Expert's suggestion for the human.
"""

from __future__ import annotations

import time
from importlib import import_module

from ..view import View
from .base import Bot, RandomBot
from .easy import EasyBot
from .knowledge import Knowledge
from .normal import NormalBot

BOT_NAMES = ("random", "easy", "normal", "expert", "oracle")
# For benchmarks: the Normal and the Expert with the first bots' bidding (fixed thresholds).
BASELINES = ("normal-baseline", "expert-baseline")
# For benchmarks: the Expert valuing Classic 2/3 as before issue 26 (the whole pack's points in
# play, the others' shared evenly)
PACK = ("expert-pack",)

# Each level's class, as (module, class): the Expert's module (and its bidding by simulation) is
# imported when an Expert is first made, so that the page's Python starts without it.
_CLASSES = {"random": ("base", "RandomBot"), "easy": ("easy", "EasyBot"),
            "normal": ("normal", "NormalBot"), "expert": ("expert", "ExpertBot"),
            "oracle": ("expert", "OracleBot")}


def make_bot(name: str, seed=None, **kwargs) -> Bot:
    """A bot by name: random, easy, normal, expert, oracle; normal-baseline, expert-baseline;
    expert-pack."""
    level, _, variant = name.partition("-")
    if level not in _CLASSES or variant not in ("", "baseline", "pack") or \
            variant and name not in BASELINES + PACK:
        known = ", ".join(BOT_NAMES + BASELINES + PACK)
        raise ValueError(f"unknown bot {name!r} (known: {known})")
    if variant == "baseline":
        kwargs["baseline_bidding"] = True
    elif variant == "pack":
        kwargs["pack_valuation"] = True
    module, cls = _CLASSES[level]
    return getattr(import_module(f"{__name__}.{module}"), cls)(seed=seed, **kwargs)


_HINT_BOTS: dict[tuple, Bot] = {}


def hint(view: View, time_budget: float = 0.1, clock=time.perf_counter) -> str:
    """The Expert's suggested action for the seat of ``view`` (a bid, a declaration or a card),
    searched for ``time_budget`` seconds of ``clock``."""
    key = (time_budget, clock)
    bot = _HINT_BOTS.get(key)
    if bot is None:
        bot = _HINT_BOTS[key] = make_bot("expert", seed=0, time_budget=time_budget, clock=clock)
    return bot.choose(view)


__all__ = ["BASELINES", "BOT_NAMES", "PACK", "Bot", "EasyBot", "Knowledge", "NormalBot",
           "RandomBot", "hint", "make_bot"]
