"""A hand's result (its facts, per side) and its score (what a rule set makes of them; each rule
set scores and rounds in its own module, belote/rules/)."""

from __future__ import annotations

from dataclasses import dataclass, field

from .contract import Contract
from .view import HandScoreView


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
    """What a hand gives: ``score`` is what each side's match total gains now; ``hanging`` what
    waits for the winner of the next hand (among ``hanging_to``, every side when empty)."""

    card_points: list[int]
    declarations: list[int]
    belote: list[int]
    valat: bool
    raw: list[int]
    score: list[int]
    hanging: list[int]
    made: bool
    contract: str
    bidders: int
    hanging_to: list[int] = field(default_factory=list)
    can_end_match: bool = True
    outright: int | None = None

    def to_dict(self) -> HandScoreView:
        return {  # type: ignore[return-value]  # the same fields, by construction
            k: list(v) if isinstance(v, list) else v for k, v in self.__dict__.items()}

    @classmethod
    def from_dict(cls, d: dict) -> HandScore:
        return cls(**d)
