"""Coinche / Contrée (RULES.md §4): numeric bids, coinche and surcoinche, 4 players to 1000."""

from __future__ import annotations

from ..auction import CoincheAuction
from ..scoring import HandResult, HandScore, round_half_down_to_ten
from .base import make_score
from .french import French

CAPOT_CARDS = 250


class Coinche(French):
    name = "coinche"
    title = "Coinche"
    default_target = 1000
    deal_before = (3, 3, 2)
    turned_card = False
    deal_after = ()
    auction_class = CoincheAuction
    option_defaults = {"undertrump": False}

    def score(self, result: HandResult) -> HandScore:
        c = result.contract
        b, d = result.bidders, 1 - result.bidders
        cards = [CAPOT_CARDS if result.valat == t else round_half_down_to_ten(p)
                 for t, p in enumerate(result.card_points)]
        raw_cards = [CAPOT_CARDS if result.valat == t else p
                     for t, p in enumerate(result.card_points)]
        decl, bel = result.declarations, result.belote
        raw = [raw_cards[t] + decl[t] + bel[t] for t in (0, 1)]
        if c.capot_bid:
            made = result.valat == b
        else:
            made = result.card_points[b] >= 82 and raw[b] >= c.level
        score = [0, 0]
        if made:
            won = cards[b] + decl[b] + c.level
            score[b] = won * c.multiplier + bel[b]
            score[d] = (cards[d] + decl[d] if c.multiplier == 1 else 0) + bel[d]
        else:
            base = CAPOT_CARDS if result.valat == d else 160
            score[d] = (base + c.level + decl[0] + decl[1]) * c.multiplier + bel[d]
            score[b] = bel[b]
        return make_score(result, raw, score, made)
