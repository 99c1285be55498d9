"""Bulgarian Belot (docs/rules.md §2): the default rule set, 4 players to 151."""

from __future__ import annotations

from ..auction import LadderAuction
from ..contract import ALL_TRUMPS, NO_TRUMPS, SUIT, Contract
from ..declarations import Declaration, run_mask
from ..play import Duties
from ..scoring import HandResult, HandScore
from .base import LENGTH, RANK, TOP, RuleSet, make_score, verdict


class Bulgarian(RuleSet):
    name = "bulgarian"
    title = "Bulgarian Belot"
    default_target = 151
    auction_class = LadderAuction
    score_scale = 0.1
    # The Normal bot's valuation picks a word only as well as the first bots' thresholds: the
    # word to beat is the first bots' (``prior``), and 48 deals overrule it where they find a
    # better one.
    normal_bot_bidding: dict = {"prior": "baseline", "deals": 48, "evidence": 1.0}
    review_grades = (1.0, 2.0, 5.0)  # game points: a hand is worth 16 (26 in all-trumps)
    # A bid's per-deal spread leaves clear mistakes uncalled at four times the deals (2 of 38
    # clear mistakes missed on 48 hands, both bids; 1 at eight times, hold-up 93% -> 94%, 5%
    # more deals in all: docs/coach.md).
    review_bid_factor = 8
    quick_target = 51

    def duties(self, contract: Contract) -> Duties:
        return Duties(partner_frees=True, undertrump=False)

    def split_run(self, s: int, low: int, length: int) -> list[Declaration]:
        """Six or seven cards are a quinte; all eight a quinte and a tierce (docs/rules.md §1)."""
        if length == 8:
            return [self.sequence(run_mask(s, 3, 5), 5), self.sequence(run_mask(s, 0, 3), 3)]
        return super().split_run(s, low, length)

    def belote_suits(self, contract: Contract) -> tuple[int, ...]:
        if contract.kind == ALL_TRUMPS:
            return (0, 1, 2, 3)
        return super().belote_suits(contract)

    def belote_counts(self, contract: Contract, suit_index: int, led: int) -> bool:
        """Said as the lead, following the suit led or trumping; a king or queen discarded on
        a trick of another suit (all-trumps) loses the belot (docs/rules.md §2)."""
        return led == suit_index or suit_index == contract.trump_suit

    def resolve_declarations(self, declared, dealer):
        """Sequences and carrés are compared separately; a tie of best sequences: none."""
        out: list[list[Declaration]] = [[] for _ in declared]
        for is_seq in (True, False):
            best: dict[int, tuple] = {}
            for seat, decls in enumerate(declared):
                for d in decls:
                    if d.is_sequence == is_seq:
                        key = (d.length, d.top)
                        side = self.side(seat)
                        best[side] = max(best.get(side, key), key)
            if not best:
                continue
            top = max(best.values())
            winners = [s for s, k in best.items() if k == top]
            if len(winners) == 1:
                for seat, decls in enumerate(declared):
                    if self.side(seat) == winners[0]:
                        out[seat].extend(d for d in decls if d.is_sequence == is_seq)
        return out

    def declaration_verdicts(self, declared, dealer):
        """Sequences (by length, then top card) and carrés (by rank) are judged apart."""
        def key(d):
            return (d.length, d.top)

        found = [verdict("sequences", self.best_by_side(declared, key, lambda d: d.is_sequence),
                         (LENGTH, TOP)),
                 verdict("carres", self.best_by_side(declared, key,
                                                     lambda d: not d.is_sequence),
                         (LENGTH, RANK))]
        return [v for v in found if v]

    def score(self, result: HandResult) -> HandScore:
        c = result.contract
        factor = 2 if c.kind == NO_TRUMPS else 1
        raw = [result.card_points[t] * factor + result.declarations[t] + result.belote[t]
               + (self.valat_bonus if result.valat == t else 0) for t in (0, 1)]
        bidders = result.bidders
        others = 1 - bidders
        up_from = 6 if c.kind == SUIT else 5
        both_digit = {SUIT: 6, ALL_TRUMPS: 4}.get(c.kind)
        made = raw[bidders] > raw[others]
        score, hanging = [0, 0], [0, 0]
        total = raw[0] + raw[1]
        can_end = result.valat is None
        if c.multiplier > 1:
            whole = divide_by_ten(total, up_from) * c.multiplier
            if raw[0] == raw[1]:
                hanging = [whole, 0] if bidders == 0 else [0, whole]
            else:
                score[0 if raw[0] > raw[1] else 1] = whole
        elif made:
            score = list(round_pair(raw[0], raw[1], up_from, both_digit))
        elif raw[bidders] < raw[others]:
            score[others] = divide_by_ten(total, up_from)
        else:
            pair = round_pair(raw[0], raw[1], up_from, both_digit)
            score[others] = pair[others]
            hanging[bidders] = pair[bidders]
        if any(hanging):
            can_end = False
        return make_score(result, raw, score, made, hanging, (), can_end)


def divide_by_ten(points: int, up_from: int) -> int:
    """Game points of one total: a last digit of ``up_from`` or more rounds up."""
    tens, digit = divmod(points, 10)
    return tens + (digit >= up_from)


def round_pair(a: int, b: int, up_from: int, both_digit: int | None) -> tuple[int, int]:
    """The rounding of two totals (docs/rules.md §2 "Game points").

    When both end in ``both_digit`` (6 in a suit, 4 in all-trumps) the lower rounds up and the
    higher down, and equal totals both round down; otherwise each rounds on its own.
    """
    if both_digit is not None and a % 10 == both_digit and b % 10 == both_digit:
        if a == b:
            return a // 10, b // 10
        lo_up = (min(a, b) // 10 + 1, max(a, b) // 10)
        return lo_up if a < b else lo_up[::-1]
    return divide_by_ten(a, up_from), divide_by_ten(b, up_from)
