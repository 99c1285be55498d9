"""A match: hands one after another, the score sheet, hanging points and the end of the match.

:class:`Match` is what the table and the bots talk to: ``legal_actions()``, ``apply(action)``
returning events to animate, ``view(seat)`` holding only what that seat may know, and
``to_dict()`` / ``from_dict()``. A match is its rule set, its seed and its hand records; every
total is derived by replaying them, so a saved match cannot disagree with itself.
"""

from __future__ import annotations

import random

from . import takeback
from .cards import CARD_NAMES
from .deals import deal, hand_seed
from .events import Event, MatchOverEvent, OutJudgedEvent
from .hand import AUCTION, HAND_OVER, OUT, PLAY, Hand
from .record import RecordError, hand_record, replay
from .refusal import HAND_IS_OVER, HAND_NOT_OVER, MATCH_IS_OVER, OUT_LOST, Refusal, refuse
from .rules import DEFAULT_RULES, RuleSet, get_rules
from .view import OutClaim, SheetEntry, View, sheet_line

MATCH_OVER = "match-over"
NEXT = "next"


def deal_for(rules_name: str, players: int, seed, index: int) -> tuple[int, list[int]]:
    """Dealer and deck of hand ``index``: they depend on the rule set, players, seed and index
    only (the hand's seed, :func:`belote.deals.hand_seed`), so the same deals can be replayed
    with other players in the seats."""
    return deal(hand_seed(rules_name, players, seed, index), players)


class Match:
    """A match of ``rules`` (a name, or a RuleSet) between ``players`` seats."""

    def __init__(self, rules: str | RuleSet = DEFAULT_RULES, players: int = 4,
                 options: dict | None = None, seed=None):
        self._begin(rules if isinstance(rules, RuleSet) else get_rules(rules, players, options),
                    random.randrange(2**32) if seed is None else seed)
        self.hand = self._new_hand()

    @classmethod
    def of_hand(cls, hand: Hand) -> Match:
        """A match whose hand under way is ``hand``, dealt elsewhere (a record replayed, a
        guided deal, a position to practise): no hand before it, no score, seed 0. Its view
        of each seat is the hand's own (:meth:`Hand.view`)."""
        match = cls.__new__(cls)
        match._begin(hand.rules, 0)
        match.hand = hand
        return match

    def _begin(self, rules: RuleSet, seed) -> None:
        """A match of ``rules`` with ``seed`` that has played no hand yet."""
        self.rules = rules
        self.players = rules.players
        self.seed = seed
        self.records: list[dict] = []      # finished hands
        self.scores: list = []             # HandScore (None for a hand thrown in)
        self.totals = [0] * self.rules.sides
        self.pots: list[tuple[int, list[int]]] = []  # hanging points and who may take them
        self.winner: int | None = None
        self.losers: list[int] = []        # sides out of the match (a wrong "I'm out")
        self.sheet: list[SheetEntry] = []
        # take-backs (belote/takeback.py) per hand: {hand index from 0: how many}
        self.takebacks: dict[int, int] = {}

    # --- hands -----------------------------------------------------------------------------
    def _new_hand(self) -> Hand:
        index = len(self.records)
        _, deck = deal_for(self.rules.name, self.players, self.seed, index)
        first_dealer, _ = deal_for(self.rules.name, self.players, self.seed, 0)
        return Hand(self.rules, (first_dealer + index) % self.players, deck,
                    hand_seed(self.rules.name, self.players, self.seed, index))

    @property
    def phase(self) -> str:
        if self.winner is not None:
            return MATCH_OVER
        return self.hand.phase

    @property
    def turn(self) -> int | None:
        return self.hand.turn if self.phase in (AUCTION, PLAY) else None

    def legal_actions(self) -> list[str]:
        phase = self.phase
        if phase == HAND_OVER:
            return [NEXT]
        if phase == MATCH_OVER:
            return []
        actions = self.hand.legal_actions()
        if OUT in actions and self._out_of_match():
            actions.remove(OUT)
        return actions

    def _out_of_match(self) -> bool:
        """The player to act lost the match by a wrong "I'm out" (3-player Classic)."""
        return self.hand.turn is not None and self.rules.side(self.hand.turn) in self.losers

    def why_illegal(self, action: str) -> Refusal | None:
        """None when ``action`` is legal now, else why not (:mod:`belote.refusal`)."""
        phase = self.phase
        if action == OUT and phase == PLAY and self._out_of_match():
            return Refusal(OUT_LOST)
        if phase in (AUCTION, PLAY):
            return self.hand.why_illegal(action)
        if phase == MATCH_OVER:
            return Refusal(MATCH_IS_OVER)
        return None if action == NEXT else Refusal(HAND_IS_OVER)

    def apply(self, action: str) -> list[Event]:
        """Apply the action of the player to act (or ``next`` after a hand); returns events."""
        phase = self.phase
        if phase == MATCH_OVER:
            raise refuse(MATCH_IS_OVER)
        if phase == HAND_OVER:
            if action != NEXT:
                raise refuse(HAND_IS_OVER)
            return self.next_hand()
        if action == OUT and self._out_of_match():
            raise refuse(OUT_LOST)
        events = self.hand.apply(action)
        if self.hand.over:
            events = events + self._hand_finished()
        return events

    def can_take_back(self, seat: int) -> bool:
        """Whether ``seat`` has a decision to take back in the hand under way."""
        return self.winner is None and takeback.can_take_back(self.hand, seat)

    def take_back(self, seat: int) -> list[Event]:
        """Rewind the hand under way to ``seat``'s last decision, undoing it and every action
        since (:mod:`belote.takeback`); counted in ``takebacks``. Returns the rewound hand's
        events (the deal, and every action left); refused (IllegalAction) when there is
        nothing to take back."""
        if self.winner is not None:
            raise refuse(MATCH_IS_OVER)
        self.hand = takeback.take_back(self.hand, seat)
        index = len(self.records)
        self.takebacks[index] = self.takebacks.get(index, 0) + 1
        return list(self.hand.events)

    @property
    def helped(self) -> bool:
        """Whether a move was taken back in this match."""
        return bool(self.takebacks)

    def next_hand(self) -> list[Event]:
        if self.phase != HAND_OVER:
            raise refuse(HAND_NOT_OVER)
        self.records.append(hand_record(self.hand))
        self.hand = self._new_hand()
        return list(self.hand.events)

    def _hand_finished(self) -> list[Event]:
        hand, rules = self.hand, self.rules
        events: list[Event] = []
        if hand.out is not None:
            return self._judge_out(hand.out)
        score = hand.score
        self.scores.append(score)
        entry: SheetEntry = {"hand": len(self.sheet) + 1, "dealer": hand.dealer,
                             "contract": hand.contract_words(), "score": [0] * rules.sides,
                             "hanging": [0] * rules.sides, "made": None}
        if score is None:  # thrown in
            self.sheet.append(entry)
            return events
        gained = list(score.score)
        still = []
        for points, to in self.pots:
            # judged on the hand's own score: a pot taken earlier in this loop is not a point
            # won in the hand
            taker = rules.pot_taker(score.score, to)
            if taker is None:
                still.append((points, to))
            else:
                gained[taker] += points
        for s in range(rules.sides):
            if score.hanging[s]:
                still.append((score.hanging[s], list(score.hanging_to)))
        self.pots = still
        for s in range(rules.sides):
            self.totals[s] += gained[s]
        entry.update({"score": gained, "hanging": list(score.hanging), "made": score.made,
                      "bidders": score.bidders, "totals": list(self.totals)})
        valat = hand.facts.valat if hand.facts else None
        if valat is not None:
            entry["valat"] = valat
        self.sheet.append(entry)
        if score.outright is not None:
            self.winner = score.outright
        elif score.can_end_match:
            alive = [t if s not in self.losers else -1 for s, t in enumerate(self.totals)]
            self.winner = rules.winner(alive, any(t >= rules.target for t in alive))
        if self.winner is not None:
            events.append(MatchOverEvent(type="match-over", winner=self.winner))
        return events

    def _judge_out(self, out: OutClaim) -> list[Event]:
        """Classic "I'm out": right, the claimant wins; wrong, the claimant loses. The sheet
        gains each side's points as counted at the claim (docs/rules.md §6)."""
        hand, rules = self.hand, self.rules
        side = rules.side(out["seat"])
        counted = [hand.claim_points(s) for s in range(rules.sides)]
        made = counted[side]
        right = side not in self.losers and rules.out_claim_right(self.totals[side], made)
        self.scores.append(None)
        for s in range(rules.sides):
            self.totals[s] += counted[s]
        self.sheet.append({"hand": len(self.sheet) + 1, "dealer": hand.dealer,
                           "contract": hand.contract_words(), "score": counted,
                           "hanging": [0] * rules.sides, "made": None,
                           "out": {"side": side, "points": made, "right": right},
                           "totals": list(self.totals)})
        events: list[Event] = [OutJudgedEvent(type="out-judged", side=side, points=made,
                                                right=right)]
        if right:
            self.winner = side
        elif side not in self.losers:
            self.losers.append(side)
            alive = [s for s in range(rules.sides) if s not in self.losers]
            if len(alive) == 1:
                self.winner = alive[0]
            # With three players the match goes on; the claimant can no longer win it.
        if self.winner is not None:
            events.append(MatchOverEvent(type="match-over", winner=self.winner))
        return events

    # --- views -----------------------------------------------------------------------------
    def view(self, seat: int) -> View:
        """Everything ``seat`` may know now, as plain JSON-able data (:class:`View`): the hand's
        (:meth:`Hand.view`) with the match's score, sheet and end. A copy, which its reader may
        change without changing the match."""
        v = self.hand.view(seat)
        if self.winner is not None:
            v["phase"], v["turn"], v["legal"] = MATCH_OVER, None, []
        elif OUT in v["legal"] and self._out_of_match():
            v["legal"].remove(OUT)
        v["totals"] = list(self.totals)
        v["hanging"] = sum(p for p, _ in self.pots)
        v["sheet"] = [sheet_line(e) for e in self.sheet]
        v["winner"] = self.winner
        v["losers"] = list(self.losers)
        v["hand_number"] = len(self.records) + 1
        v["takebacks"] = {str(i + 1): n for i, n in sorted(self.takebacks.items())}
        return v

    @property
    def commitment(self) -> str | None:
        """The commitment to the seed of the hand under way (:attr:`belote.hand.Hand.
        commitment`: shown before the hand, it proves the deck was fixed before anyone
        played); None for a hand restored from a save made before seeds were recorded."""
        return self.hand.commitment

    def hand_record(self) -> dict:
        return hand_record(self.hand)

    # --- saving ----------------------------------------------------------------------------
    def to_dict(self) -> dict:
        """The match as JSON-able data; ``takebacks`` (hand number from 1 as a string: how many
        take-backs) only when a move was taken back."""
        data = {"rules": self.rules.name, "players": self.players,
                "options": dict(self.rules.changed_options), "seed": self.seed,
                "hands": [*self.records, hand_record(self.hand)]}
        if self.takebacks:
            data["takebacks"] = {str(i + 1): n for i, n in sorted(self.takebacks.items())}
        return data

    @classmethod
    def from_dict(cls, data: dict) -> Match:
        """Rebuild a match by replaying its hands; RecordError if anything does not fit."""
        if not isinstance(data, dict) or not isinstance(data.get("hands"), list) \
                or not data["hands"]:
            raise RecordError("a saved match needs its rules, seed and hands")
        try:
            match = cls(data.get("rules") or "", data.get("players", 4),
                        data.get("options") or {}, data.get("seed"))
        except ValueError as e:
            raise RecordError(str(e)) from None
        *done, current = data["hands"]
        match.takebacks = _takebacks(data.get("takebacks"), len(data["hands"]))
        for i, rec in enumerate([*done, current]):
            if not isinstance(rec, dict):
                raise RecordError(f"hand {i + 1} is not a hand record")
            if (rec.get("rules"), rec.get("players", 4), rec.get("options") or {}) != (
                    match.rules.name, match.players, match.rules.changed_options):
                raise RecordError(f"hand {i + 1} is not played by this match's rules")
            dealer, deck, seed = match.hand.dealer, match.hand.deck, match.hand.seed
            if rec.get("dealer") != dealer or rec.get("deck") != [CARD_NAMES[c] for c in deck] \
                    or rec.get("seed", seed) != seed:
                raise RecordError(f"hand {i + 1} was not dealt from this match's seed")
            try:
                hand = replay(rec, complete=i < len(done))
            except RecordError as e:
                raise RecordError(f"hand {i + 1}: {e}") from None
            # a hand under way has its commitment, not yet its seed; a record saved before
            # seeds were recorded has neither, and stays so
            hand.seed = seed if "seed" in rec or "commitment" in rec else None
            if i < len(done) and not hand.over:
                raise RecordError(f"hand {i + 1} is not finished")
            if match.phase == MATCH_OVER:
                raise RecordError("the match is over before its last hand")
            match.hand = hand
            if hand.over:
                match._hand_finished()
            if i < len(done):
                match.next_hand()
        return match


def _takebacks(data, hands: int) -> dict[int, int]:
    """A saved ``takebacks`` (:meth:`Match.to_dict`) as ``{hand index: count}``; absent (older
    saves) or unreadable: none."""
    if not isinstance(data, dict):
        return {}
    out = {}
    for key, count in data.items():
        if (isinstance(key, str) and key.isdigit() and 1 <= int(key) <= hands
                and isinstance(count, int) and not isinstance(count, bool) and count > 0):
            out[int(key) - 1] = count
    return out
