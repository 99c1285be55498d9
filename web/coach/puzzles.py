""""Learn from your mistakes": a reviewed hand's graded choices as puzzles (pure, no browser).

Each graded choice of a finished review (:mod:`web.review`: a mistake, and any other grade the
review gives) becomes a :class:`Puzzle`: the table as it was then (the controller puts the hand
back at that moment, as "Practice from here" does), and the player picks again. A pick is
judged by the review's own numbers: each option it valued has its expected cost against the
best one (``options``); a pick is *as good as the best* when its cost is within the margin a
choice needs to be graded at all (:func:`margin`), so the verdict never contradicts the
review's. Only the valued options can be picked: every legal card, and for bids the words the
analysis weighed (a review stored before the costs of every option were kept offers the best
and the played choice).

A :class:`Session` steps through the puzzles (next, previous) and remembers each one's picks;
a puzzle counts in the statistics once, at its first pick: tried, and solved when that first
pick was as good as the best (:mod:`web.stats`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from belote.analysis.verdicts import thresholds
from belote.rules import RULE_SETS

# The grades that make a choice a puzzle (a review that grades nothing but "mistake" marks them
# with ``"mistake": true``).
GRADES = ("inaccuracy", "mistake", "blunder")


def graded(decision: dict) -> bool:
    """Whether the review graded this choice (a mistake, or any other grade it gives)."""
    grade = decision.get("grade")
    if isinstance(grade, str) and grade:
        return grade in GRADES
    return bool(decision.get("mistake"))


def margin(decision: dict, threshold: float, rules: str = "") -> float:
    """How far from the best a pick may be and still count as good: the least cost the review
    grades (the rule set's inaccuracy threshold, belote.analysis.verdicts; ``grades`` in the
    decision when it gives its own), else ``threshold``."""
    grades = decision.get("grades")
    if isinstance(grades, dict):
        levels = [v for v in grades.values()
                  if isinstance(v, (int, float)) and not isinstance(v, bool) and v > 0]
        if levels:
            return float(min(levels))
    cls = RULE_SETS.get(rules)
    if cls is not None and "grade" in decision:
        return float(thresholds(cls())[0])
    return float(threshold)


@dataclass(frozen=True)
class Puzzle:
    """One graded choice: the record's ``phase`` entry ``index``, what was played, the best
    option, the cost of each option (expected, against the best), the margin."""

    phase: str
    index: int
    played: str
    best: str
    cost: float
    options: dict
    margin: float
    reason: object = None   # the review's reason for its verdict, when it gives one

    @property
    def choices(self) -> list[str]:
        """The options that may be picked (their cost is known)."""
        if self.options:
            return list(self.options)
        return list(dict.fromkeys((self.best, self.played)))

    def cost_of(self, pick: str) -> float | None:
        if pick in self.options:
            return float(self.options[pick])
        if pick == self.best:
            return 0.0
        if pick == self.played:
            return self.cost
        return None


@dataclass(frozen=True)
class Verdict:
    """What a pick came to: ``good`` (as good as the best), its cost against the best."""

    pick: str
    good: bool
    cost: float
    best: str


def judge(puzzle: Puzzle, pick: str) -> Verdict | None:
    """The verdict on ``pick`` (None: not an option of this puzzle)."""
    cost = puzzle.cost_of(pick)
    if cost is None:
        return None
    return Verdict(pick, cost <= puzzle.margin + 1e-9, cost, puzzle.best)


def _number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool) and x == x


def puzzles_of(decisions: list[dict], threshold: float, rules: str = "") -> list[Puzzle]:
    """The graded choices of a review of a ``rules`` hand, in the order they were made
    (malformed ones left out: this never raises)."""
    out = []
    for d in decisions:
        if not isinstance(d, dict) or not graded(d):
            continue
        phase, index, played, best = (d.get(k) for k in ("phase", "index", "played", "best"))
        if phase not in ("auction", "play") or not isinstance(index, int) \
                or not isinstance(played, str) or not isinstance(best, str) \
                or not _number(d.get("cost_expected")):
            continue
        options = d.get("options")
        options = {w: float(c) for w, c in options.items()
                   if isinstance(w, str) and _number(c)} if isinstance(options, dict) else {}
        if options and (best not in options or played not in options):
            options = {}
        out.append(Puzzle(phase, index, played, best, float(d["cost_expected"]), options,
                          margin(d, threshold, rules), d.get("reason")))
    return out


class OfRecord:
    """The rule set and table size of a hand's ``record`` (a puzzle session's, a review's)."""

    record: dict

    @property
    def rules(self) -> str:
        return str(self.record.get("rules", ""))

    @property
    def players(self) -> int:
        players = self.record.get("players", 4)
        return players if isinstance(players, int) else 4


@dataclass
class Session(OfRecord):
    """A hand's puzzles being solved: the hand's record, its number on the score sheet (None:
    an imported hand), the puzzle shown (``at``), each one's picks so far."""

    record: dict
    number: int | None
    puzzles: list[Puzzle]
    at: int = 0
    picks: dict[int, list[Verdict]] = field(default_factory=dict)

    @property
    def puzzle(self) -> Puzzle:
        return self.puzzles[self.at]

    @property
    def last(self) -> Verdict | None:
        """The verdict on the shown puzzle's latest pick."""
        picks = self.picks.get(self.at)
        return picks[-1] if picks else None

    @property
    def found(self) -> bool:
        """The shown puzzle's best choice (or one as good) has been picked."""
        return any(v.good for v in self.picks.get(self.at, []))

    def pick(self, word: str) -> tuple[Verdict | None, bool]:
        """Judge ``word`` on the shown puzzle; the verdict, and whether this was the puzzle's
        first pick (it counts in the statistics then)."""
        verdict = judge(self.puzzle, word)
        if verdict is None:
            return None, False
        picks = self.picks.setdefault(self.at, [])
        picks.append(verdict)
        return verdict, len(picks) == 1

    def go(self, step: int) -> bool:
        """Show the puzzle ``step`` away (False: there is none)."""
        at = self.at + step
        if not 0 <= at < len(self.puzzles):
            return False
        self.at = at
        return True

    def score(self) -> tuple[int, int]:
        """(puzzles solved at the first pick, puzzles tried) in this session."""
        tried = [p for p in self.picks.values() if p]
        return sum(1 for p in tried if p[0].good), len(tried)
