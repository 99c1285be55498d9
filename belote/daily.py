"""The daily deal: the same hands for every player in the world, scored against the Expert.

Each UTC date has one set of :data:`HANDS` hands of one 4-player rule set (:data:`RULES_BY_
WEEKDAY`, Monday first). Hand ``n`` (from 1) is the first hand of a match whose seed is
``"daily/{date}/{n}"`` (:func:`board_seed`): its dealer and deck come from that seed alone
(:mod:`belote.deals`), so they need nothing but the date, offline, and anyone can check them
(``python -m belote verify``). Every hand is played on its own: a match of that one hand, the
score at 0, nothing carried from one hand to the next.

You play at seat 0 (:data:`SEAT`); your partner and opponents are Experts searching a fixed
amount (:func:`belote.bots.fixed.fixed_bot`), seeded by the hand and their seat
(:meth:`Daily.bot`). Then the Expert plays the same cards from your seat with the same bots
(:meth:`Daily.expert_record`): as every bot's answer depends only on its seed and its view,
the Expert's line is the same on every device, card for card. Your result on a hand is your
side's margin (its score minus the other side's) minus the Expert's margin on the same cards:
duplicate scoring (:func:`compare`, :func:`day_result`, :func:`share_text`).

No clock here: the date is always given (:func:`utc_date` turns an instant into its UTC date).
docs/daily.md has the rules of the daily deal and the formats.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .deals import hand_seed
from .game import Match
from .hand import AUCTION, PLAY
from .record import RecordError
from .rules import get_rules

if TYPE_CHECKING:
    from .bots.base import Bot

# The rule set of each weekday, Monday first.
RULES_BY_WEEKDAY = ("bulgarian", "french", "bela", "coinche", "classic", "coinche", "bulgarian")
HANDS = 4        # hands in a day
SEAT = 0         # the player's seat
LEVEL = "expert"  # every bot of a daily deal, and the player's yardstick
MARKS = {"better": "🟩", "equal": "⬜", "worse": "🟥"}  # the share text's mark per hand


def parse_date(date) -> _dt.date:
    """A date from a :class:`datetime.date` or an ISO string (``"2026-12-24"``); ValueError
    for anything else."""
    if isinstance(date, _dt.datetime):
        raise ValueError("a date, not a date and time (see utc_date)")
    if isinstance(date, _dt.date):
        return date
    if not isinstance(date, str) or len(date) != 10:
        raise ValueError(f"not a date (YYYY-MM-DD): {date!r}")
    try:
        return _dt.date.fromisoformat(date)
    except ValueError:
        raise ValueError(f"not a date (YYYY-MM-DD): {date!r}") from None


def utc_date(instant) -> str:
    """The UTC date (``"2026-12-24"``) of an instant: milliseconds since the Unix epoch (as
    JavaScript's ``Date.now()`` gives it) or a :class:`datetime.datetime` with a time zone.
    The day of the daily deal is the UTC date, wherever the player is."""
    if isinstance(instant, _dt.datetime):
        if instant.tzinfo is None:
            raise ValueError("a date and time needs its time zone")
        moment = instant
    elif isinstance(instant, (int, float)) and not isinstance(instant, bool):
        try:
            moment = _dt.datetime.fromtimestamp(instant / 1000, _dt.UTC)
        except (OverflowError, OSError, ValueError):
            raise ValueError(f"not an instant: {instant!r}") from None
    else:
        raise ValueError(f"not an instant: {instant!r}")
    return moment.astimezone(_dt.UTC).date().isoformat()


def board_seed(date: str, number: int) -> str:
    """The match seed of hand ``number`` (from 1) of the day ``date`` (ISO)."""
    return f"daily/{date}/{number}"


@dataclass(frozen=True)
class Daily:
    """The daily deal of ``date`` (ISO): :func:`daily` makes it."""

    date: str
    rules: str
    hands: int = HANDS

    @property
    def title(self) -> str:
        """The rule set's name (``"Coinche"``)."""
        return get_rules(self.rules, 4).title

    def seed(self, number: int) -> str:
        """The match seed of hand ``number`` (from 1)."""
        self._check(number)
        return board_seed(self.date, number)

    def hand_seed(self, number: int) -> str:
        """The seed hand ``number``'s deck is dealt from (:mod:`belote.deals`)."""
        return hand_seed(self.rules, 4, self.seed(number), 0)

    def match(self, number: int) -> Match:
        """A new match whose first hand is hand ``number`` (from 1), for the player at
        :data:`SEAT`: play it to the end of that hand (``Match.phase`` ``hand-over``)."""
        return Match(self.rules, 4, seed=self.seed(number))

    def bot(self, number: int, seat: int) -> Bot:
        """The bot at ``seat`` in hand ``number``: an Expert searching a fixed amount, seeded
        by the hand and the seat (the Expert at :data:`SEAT` plays the Expert's line)."""
        from .bots.fixed import fixed_bot  # the bots load only when a daily hand is played

        return fixed_bot(LEVEL, f"{self.seed(number)}/{seat}")

    def expert_steps(self, number: int) -> Iterator[Match]:
        """The Expert's line on hand ``number``, one decision at a time: the match after each
        action (so that a worker can answer other requests in between); the last one is over.
        """
        match = self.match(number)
        bots = [self.bot(number, seat) for seat in range(4)]
        while match.phase in (AUCTION, PLAY):
            seat = match.turn
            assert seat is not None
            match.apply(bots[seat].choose(match.view(seat)))
            yield match

    def expert_record(self, number: int) -> dict:
        """The hand record of the Expert's line on hand ``number`` (seed revealed)."""
        *_, over = self.expert_steps(number)  # (a hand has at least one action)
        return over.hand_record()

    def _check(self, number: int) -> None:
        if isinstance(number, bool) or not isinstance(number, int) \
                or not 1 <= number <= self.hands:
            raise ValueError(f"a daily hand is numbered from 1 to {self.hands}")


def daily(date) -> Daily:
    """The daily deal of ``date`` (a :class:`datetime.date` or ``"YYYY-MM-DD"``, a UTC date):
    its rule set is the weekday's (:data:`RULES_BY_WEEKDAY`)."""
    day = parse_date(date)
    return Daily(day.isoformat(), RULES_BY_WEEKDAY[day.weekday()])


def daily_hand(seed) -> dict | None:
    """``{"date", "hand"}`` when ``seed`` (a hand's seed, :func:`belote.deals.hand_seed`) is
    that of a daily deal's hand, else None."""
    parts = seed.split("/") if isinstance(seed, str) else []
    if len(parts) != 6 or parts[2] != "daily" or not parts[4].isdigit():
        return None
    try:
        day = daily(parts[3])
    except ValueError:
        return None
    number = int(parts[4])
    if not 1 <= number <= day.hands or seed != day.hand_seed(number):
        return None
    return {"date": day.date, "hand": number}


# --- duplicate scoring ------------------------------------------------------------------------
def sheet_gain(day: Daily, number: int, record: dict) -> list[int]:
    """What each side's score gains from hand ``number`` played as ``record`` (the hand alone:
    points left hanging count for no one). RecordError when the record is not that hand,
    finished."""
    try:
        match = Match.from_dict({"rules": day.rules, "players": 4, "seed": day.seed(number),
                                 "hands": [record]})
    except RecordError as e:
        raise RecordError(f"daily hand {number}: {e}") from None
    if not match.hand.over:
        raise RecordError(f"daily hand {number} is not finished")
    return list(match.sheet[-1]["score"])


def margin(day: Daily, number: int, record: dict, seat: int = SEAT) -> int:
    """``seat``'s side's result on hand ``number`` played as ``record``: what its score gains
    minus what the other side's gains (:func:`sheet_gain`)."""
    gained = sheet_gain(day, number, record)
    side = get_rules(day.rules, 4).side(seat)
    return gained[side] - sum(g for s, g in enumerate(gained) if s != side)


def mark(difference: float) -> str:
    """``better``, ``equal`` or ``worse`` than the Expert."""
    return "better" if difference > 0 else "worse" if difference < 0 else "equal"


def compare(day: Daily, number: int, yours: dict, experts: dict) -> dict:
    """Hand ``number``: your result, the Expert's on the same cards (``experts``: its
    record, :meth:`Daily.expert_record`), the difference and its mark::

        {"hand": 2, "you": 38, "expert": 78, "difference": -40, "mark": "worse"}
    """
    you, expert = margin(day, number, yours), margin(day, number, experts)
    return {"hand": number, "you": you, "expert": expert, "difference": you - expert,
            "mark": mark(you - expert)}


def day_result(day: Daily, hands: list[dict]) -> dict:
    """The day's result from its hands' comparisons (:func:`compare`, in order)::

        {"date": "2026-12-24", "rules": "coinche", "hands": [...], "total": -40}
    """
    return {"date": day.date, "rules": day.rules, "hands": list(hands),
            "total": sum(h["difference"] for h in hands)}


def share_text(result: dict, heading: str = "Belote daily", rules_title: str | None = None
               ) -> str:
    """The text to share: the date, the rule set, one mark per hand (:data:`MARKS`) and the
    total against the Expert; nothing about the player. ``heading`` and ``rules_title`` in
    the player's language (the rule set's English name by default)::

        Belote daily 2026-12-24 · Coinche
        🟩⬜🟥🟩 +40
    """
    title = rules_title or get_rules(result["rules"], 4).title
    marks = "".join(MARKS[h["mark"]] for h in result["hands"])
    return f"{heading} {result['date']} · {title}\n{marks} {_signed(result['total'])}"


def _signed(points: float) -> str:
    """``+40``, ``-40``, ``±0``."""
    return "±0" if points == 0 else f"{points:+g}"
