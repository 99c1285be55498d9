"""Classic Belote (docs/rules.md §6, seed 000): 2, 3 or 4 players to 1000, with "I'm out"."""

from __future__ import annotations

from ..auction import TurnedCardAuction
from ..scoring import HandResult, HandScore
from .base import make_score
from .french import French


class Classic(French):
    name = "classic"
    title = "Classic Belote"
    player_counts = (2, 3, 4)
    default_target = 1000
    auction_class = TurnedCardAuction
    option_defaults = {"undertrump": True}
    shows_card_points = False
    shows_undealt_card = True
    valat_bonus = 100  # "capote" (docs/rules.md §6)
    # The Normal bot weighs its valuation's own difference between two words as 16 more deals
    # (``prior_deals``), so that a few lucky deals do not overrule it.
    normal_bot_bidding: dict = {"prior_deals": 16}
    # A failed contract costs the taker only its own points here (the defenders score no 162),
    # so a take may stand on three cards of the suit without its jack or nine, as the Expert
    # before the bids' meanings took (docs/benchmarks.md).
    trump_length_shown = 3

    def may_claim_out(self, tricks_done: int, won_points_trick: bool) -> bool:
        """"I'm out" once the seat's side has won a trick holding a card worth points, and not
        when only the last trick remains (docs/rules.md §6)."""
        return won_points_trick and tricks_done < 7

    def score(self, result: HandResult) -> HandScore:
        n = result.sides
        raw = [result.card_points[s] + result.declarations[s] + result.belote[s]
               + (self.valat_bonus if result.valat == s else 0) for s in range(n)]
        taker = result.bidders
        others = [s for s in range(n) if s != taker]
        beaters = [s for s in others if raw[s] > raw[taker]]
        tied = [s for s in others if raw[s] == raw[taker]]
        made = not beaters and not tied
        score, hanging, hanging_to = list(raw), [0] * n, []
        if len(beaters) == 1:
            score[beaters[0]] += raw[taker]
            score[taker] = 0
        elif beaters or tied:
            score[taker] = 0
            hanging[taker] = raw[taker]
            hanging_to = beaters if beaters else sorted([taker] + tied)
        return make_score(result, raw, score, made, hanging, hanging_to)
