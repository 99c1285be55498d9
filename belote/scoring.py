"""Hand results and scores, and the rounding rules (RULES.md §2-§6 "Scoring")."""

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


def round_half_down_to_ten(points: int) -> int:
    """Coinche: to the nearest ten, a 5 rounding down (82 -> 80, 85 -> 80, 86 -> 90)."""
    tens, digit = divmod(points, 10)
    return (tens + (digit > 5)) * 10


def divide_by_ten(points: int, up_from: int) -> int:
    """Bulgarian game points of one total: a last digit of ``up_from`` or more rounds up."""
    tens, digit = divmod(points, 10)
    return tens + (digit >= up_from)


def bulgarian_round_pair(a: int, b: int, up_from: int, both_digit: int | None) -> tuple[int, int]:
    """Bulgarian rounding of two totals (RULES.md §2 "Game points").

    When both end in ``both_digit`` (6 in a suit, 4 in all-trumps) the lower rounds up and the
    higher down, and equal totals both round down; otherwise each rounds on its own.
    """
    if both_digit is not None and a % 10 == both_digit and b % 10 == both_digit:
        if a == b:
            return a // 10, b // 10
        lo_up = (min(a, b) // 10 + 1, max(a, b) // 10)
        return lo_up if a < b else lo_up[::-1]
    return divide_by_ten(a, up_from), divide_by_ten(b, up_from)
