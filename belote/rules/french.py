"""French Belote (docs/rules.md §3), 4 players to 501; also the base of Coinche and Classic play."""

from __future__ import annotations

from ..auction import Auction, TurnedCardAuction
from ..scoring import HandResult, HandScore
from .base import RuleSet, make_score


class French(RuleSet):
    name = "french"
    title = "French Belote"
    default_target = 501
    turned_card = True
    auction_class: type[Auction] = TurnedCardAuction
    option_defaults = {"undertrump": True}
    # The Normal bot reads the others' bids knowing its own hand (``given``).
    normal_bot_bidding: dict = {"given": True}

    def score(self, result: HandResult) -> HandScore:
        cards = [result.card_points[t] + (self.valat_bonus if result.valat == t else 0)
                 for t in (0, 1)]
        raw = [cards[t] + result.declarations[t] + result.belote[t] for t in (0, 1)]
        takers, defenders = result.bidders, 1 - result.bidders
        made = raw[takers] > raw[defenders]
        score, hanging = list(raw), [0, 0]
        if raw[takers] < raw[defenders]:  # dedans
            score[defenders] = (sum(cards) + sum(result.declarations)
                                + result.belote[defenders])
            score[takers] = result.belote[takers]
        elif raw[takers] == raw[defenders]:  # litige
            score[takers] = 0
            hanging[takers] = raw[takers]
        return make_score(result, raw, score, made, hanging)
