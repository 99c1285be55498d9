"""A hand's result (its facts, per side) and its score (what a rule set makes of them; each rule
set scores and rounds in its own module, belote/rules/)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .contract import Contract


@dataclass
class HandResult:
    """The facts of a finished hand, per side (team, or player in 2/3-player Classic).

    ``card_points`` include the last trick's 10 and are the cards' plain values (no doubling).
    ``declarations`` holds only what counts after comparison; ``belote`` the 20s said and
    completed; ``valat`` the side that took every trick, if any.
    """

    sides: int
    contract: Contract
    bidders: int
    card_points: list[int]
    tricks: list[int]
    declarations: list[int]
    belote: list[int]
    valat: int | None
    outright: int | None = None  # Bela: all eight of a suit wins the match


@dataclass
class HandScore:
    """What a hand gives, per side: ``score`` is what each side's match total gains now;
    ``hanging`` what waits for the winner of the next hand (among ``hanging_to``, every side
    when empty). Its dict form (:meth:`to_dict`) is what a view and an event carry."""

    card_points: list[int]      # the cards' points won, the last trick's 10 included
    declarations: list[int]     # the declarations that count
    belote: list[int]           # belotes said and completed
    valat: bool                 # a side took every trick
    raw: list[int]              # the hand's points, before the rule set says who scores them
    score: list[int]
    hanging: list[int]
    made: bool                  # the bidders made their contract
    contract: str               # its label: "hearts doubled"
    bidders: int                # the side that bid
    hanging_to: list[int] = field(default_factory=list)
    can_end_match: bool = True  # Bulgarian: not after a valat, nor with points hanging
    outright: int | None = None  # Bela: the side whose eight in a suit wins the match

    def to_dict(self) -> dict[str, Any]:
        """The same fields as plain JSON-able data (its own lists)."""
        return {k: list(v) if isinstance(v, list) else v for k, v in self.__dict__.items()}
