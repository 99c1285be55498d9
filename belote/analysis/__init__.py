"""Analysis of a hand: what each real choice of one seat cost, bids and cards.

For each bid and each card of the seat that had more than one legal option, what the Expert
would have chosen there, and what the choice cost in points of the hand's score for the seat's
side: *expected*, over deals consistent with what the seat knew then (its view, rebuilt by
replaying the record: the analysis cannot read anything else), and *exact*, in the real deal
with everyone playing perfectly from there (double-dummy). See :mod:`.card_costs` and
:mod:`.bid_costs` for the methods, :class:`Review` to drive it one decision at a time::

    review = Review(record, seat=0, worlds=32, seed=0)
    for decision in review:      # one dict per choice; stop iterating to cancel
        ...
    review.result()              # what ``python -m belote analyze`` prints

Only :mod:`.moments` is imported with the package: the page replays a hand to a choice with
:func:`situation` (to practise it) without loading the bots; the rest loads on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .moments import Moment, moments, situation

if TYPE_CHECKING:
    from .review import (
        WORLDS,
        Review,
        analyze,
        mistake_threshold,
        summary_line,
    )

_LAZY = {"WORLDS", "Review", "analyze", "mistake_threshold",
         "summary_line"}

__all__ = ["WORLDS", "Moment", "Review", "analyze", "mistake_threshold",
           "moments", "situation", "summary_line"]


def __getattr__(name: str):
    if name in _LAZY:
        from . import review

        return getattr(review, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
