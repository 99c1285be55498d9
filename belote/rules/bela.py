"""Bela (RULES.md §5): six cards and a talon, one round of bidding, 4 players to 1001."""

from __future__ import annotations

from ..auction import BelaAuction
from ..contract import Contract
from ..declarations import BELOT8, Declaration, run_mask, sequence
from ..play import Duties
from ..scoring import HandResult, HandScore
from .base import RuleSet, make_score

STIGLJA_BONUS = 90


class Bela(RuleSet):
    name = "bela"
    title = "Bela"
    default_target = 1001
    deal_before = (3, 3)
    deal_after = ()
    talon = 2
    auction_class = BelaAuction

    def duties(self, contract: Contract) -> Duties:
        return Duties(partner_frees=False, undertrump=True, beat_plain_lead=True)

    @staticmethod
    def split_run(s: int, low: int, length: int) -> list[Declaration]:
        """Five or more in sequence count 100, with their length; all eight win the match."""
        d = sequence(run_mask(s, low, length), length)
        if length == 8:
            return [Declaration(BELOT8, d.cards, 1000, 8, d.top)]
        return [d]

    def resolve_declarations(self, declared, dealer):
        """Each team's best is compared; the better team scores all of its declarations; an
        equal best goes to the team whose player comes first from the dealer's right."""
        best: dict[int, tuple] = {}
        for i in range(self.players):
            seat = (dealer + 1 + i) % self.players
            for d in declared[seat]:
                side = self.side(seat)
                key = (d.value, d.length, d.top)
                if side not in best or key > best[side][0]:
                    best[side] = (key, -i)
        if not best:
            return [[] for _ in declared]
        winner = max(best, key=lambda s: best[s])
        return [decls if self.side(seat) == winner else [] for seat, decls in enumerate(declared)]

    def score(self, result: HandResult) -> HandScore:
        decl = [v if result.tricks[t] else 0 for t, v in enumerate(result.declarations)]
        bel = list(result.belote)
        for t in (0, 1):
            if not result.tricks[t] and bel[t]:
                bel[1 - t] += bel[t]
                bel[t] = 0
        raw = [result.card_points[t] + decl[t] + bel[t]
               + (STIGLJA_BONUS if result.valat == t else 0) for t in (0, 1)]
        namer, other = result.bidders, 1 - result.bidders
        total = raw[0] + raw[1]
        made = 2 * raw[namer] > total
        score = list(raw)
        if not made:
            score = [0, 0]
            score[other] = total
        result = HandResult(result.sides, result.contract, result.bidders, result.card_points,
                            result.tricks, decl, bel, result.valat, result.outright)
        return make_score(result, raw, score, made)
