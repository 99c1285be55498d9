"""``expert-frozen``: the Expert as it was before issue 39, for the benchmarks' comparisons.

It bids and reads the others' words without their meanings (``meanings=False``, which also
keeps the sampler as it was: belote.bots.sampler.Sampler rather than BotSampler), values a
double against the quick policy's redoubles (``answers=False``), and stops a card's search at
80 samples. Its fingerprint (scripts/fingerprint.py) is the Expert's before issue 39
(tests/test_fingerprint.py checks one table).
"""

from __future__ import annotations

from ..bots import BASELINES, BOT_NAMES, PACK
from ..bots.expert import ExpertBot

NAME = "expert-frozen"
# Every bot a benchmark can name.
KNOWN = BOT_NAMES + BASELINES + PACK + (NAME,)


class FrozenExpert(ExpertBot):
    """The Expert before issue 39."""

    name = NAME

    def __init__(self, seed=None, **kwargs):
        kwargs.setdefault("meanings", False)
        kwargs.setdefault("answers", False)
        if not kwargs.get("fixed_work"):
            kwargs.setdefault("max_samples", 80)
        super().__init__(seed=seed, **kwargs)


def make(name: str, seed=None, **kwargs):
    """A bot by name, ``expert-frozen`` included (belote.bots.make_bot's others)."""
    if name == NAME:
        return FrozenExpert(seed=seed, **kwargs)
    from ..bots import make_bot

    return make_bot(name, seed=seed, **kwargs)
