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
"""

from .moments import Moment, moments, situation
from .review import MISTAKE_CARD_POINTS, WORLDS, Review, analyze, mistake_threshold, summary_line

__all__ = ["MISTAKE_CARD_POINTS", "WORLDS", "Moment", "Review", "analyze", "mistake_threshold",
           "moments", "situation", "summary_line"]
