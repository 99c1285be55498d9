"""Bela (docs/rules.md §5): six cards and a talon, one round of bidding, 4 players to 1001."""

from __future__ import annotations

from ..auction import BelaAuction
from ..contract import Contract
from ..declarations import BELOT8, Declaration, run_mask
from ..play import Duties
from ..scoring import HandResult, HandScore
from .base import LENGTH, TOP, VALUE, RuleSet, make_score, verdict


class Bela(RuleSet):
    name = "bela"
    title = "Bela"
    default_target = 1001
    deal_before: tuple[int, ...] = (3, 3)
    deal_after: tuple[int, ...] = ()
    talon = 2
    auction_class = BelaAuction
    # Bela's valuation (six cards seen, no turned card, a forced dealer) is the least sure: the
    # Normal bot's check by simulation gains most here, on more deals.
    normal_bot_bidding: dict = {"deals": 48, "evidence": 1.0}

    def duties(self, contract: Contract) -> Duties:
        return Duties(partner_frees=False, undertrump=True, beat_plain_lead=True)

    def split_run(self, s: int, low: int, length: int) -> list[Declaration]:
        """Five or more in sequence count 100, with their length; all eight ("belot") win the
        match, and rank above every other declaration."""
        d = self.sequence(run_mask(s, low, length), length)
        if length == 8:
            return [Declaration(BELOT8, d.cards, 1000, 8, d.top)]
        return [d]

    def declaration_key(self, d: Declaration) -> tuple:
        return (d.value, d.length, d.top)

    def wins_outright(self, d: Declaration) -> bool:
        return d.kind == BELOT8

    def resolve_declarations(self, declared, dealer):
        """Each team's best is compared; the better team scores all of its declarations; an
        equal best goes to the team whose player comes first from the dealer's right."""
        best: dict[int, tuple] = {}
        for i in range(self.players):
            seat = (dealer + 1 + i) % self.players
            for d in declared[seat]:
                side = self.side(seat)
                key = self.declaration_key(d)
                if side not in best or key > best[side][0]:
                    best[side] = (key, -i)
        if not best:
            return [[] for _ in declared]
        winner = max(best, key=lambda s: best[s])
        return [decls if self.side(seat) == winner else [] for seat, decls in enumerate(declared)]

    def declaration_verdicts(self, declared, dealer):
        """Each team's best by value, length and top card; an equal best: the team of the
        first player from the dealer's right."""
        counted = self.resolve_declarations(declared, dealer)
        winner = next((self.side(s) for s, ds in enumerate(counted) if ds), None)
        found = verdict("declarations", self.best_by_side(declared), (VALUE, LENGTH, TOP),
                        tie_to=winner)
        return [found] if found else []

    def score(self, result: HandResult) -> HandScore:
        decl = [v if result.tricks[t] else 0 for t, v in enumerate(result.declarations)]
        bel = list(result.belote)
        for t in (0, 1):
            if not result.tricks[t] and bel[t]:
                bel[1 - t] += bel[t]
                bel[t] = 0
        raw = [result.card_points[t] + decl[t] + bel[t]
               + (self.valat_bonus if result.valat == t else 0) for t in (0, 1)]
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
