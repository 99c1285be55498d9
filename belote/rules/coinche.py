"""Coinche / Contrée (docs/rules.md §4): numeric bids, coinche and surcoinche, 4 players to 1000."""

from __future__ import annotations

from ..auction import CoincheAuction
from ..contract import Contract
from ..scoring import HandResult, HandScore
from .base import make_score
from .french import French


class Coinche(French):
    name = "coinche"
    title = "Coinche"
    default_target = 1000
    deal_before: tuple[int, ...] = (3, 3, 2)
    turned_card = False
    deal_after: tuple[int, ...] = ()
    auction_class = CoincheAuction
    option_defaults = {"undertrump": False}
    double_names = ("coinche", "surcoinche")
    normal_bot_bidding: dict = {}  # the Normal's defaults (French's ``given`` is French's own)
    # 162 and the bid (80 to 160) to one side, doubled or more
    review_grades = (15.0, 30.0, 80.0)
    # A side taking every trick counts 250 for its cards instead of 162; a failed contract
    # gives the defenders 160 and the bid; a capot bid is worth 500 in all, made or failed.
    capot_cards = 250
    valat_bonus = capot_cards - 162
    failed_cards = 160
    capot_bid_value = 500
    made_card_points = 82  # the least card points that make a contract (docs/rules.md §4 "Made")
    # A bid that names the points its side will take may stand on a long trump suit without
    # its jack or nine: four cards, like A K Q x, take their tricks all the same.
    trump_length_shown = 4

    def valat_stake(self, contract: Contract) -> int:
        return self.capot_bid_value if contract.capot_bid else self.valat_bonus

    def score(self, result: HandResult) -> HandScore:
        c = result.contract
        b, d = result.bidders, 1 - result.bidders
        cards = [self.capot_cards if result.valat == t else round_half_down_to_ten(p)
                 for t, p in enumerate(result.card_points)]
        raw_cards = [self.capot_cards if result.valat == t else p
                     for t, p in enumerate(result.card_points)]
        decl, bel = result.declarations, result.belote
        raw = [raw_cards[t] + decl[t] + bel[t] for t in (0, 1)]
        score = [0, 0]
        if c.capot_bid:
            made = result.valat == b
            winner = b if made else d
            score[winner] = (self.capot_bid_value + decl[0] + decl[1]) * c.multiplier
            score[0] += bel[0]
            score[1] += bel[1]
            return make_score(result, raw, score, made)
        made = result.card_points[b] >= self.made_card_points and raw[b] >= c.level
        if made:
            score[b] = (cards[b] + decl[b] + c.level) * c.multiplier + bel[b]
            score[d] = (cards[d] + decl[d] if c.multiplier == 1 else 0) + bel[d]
        else:
            base = self.capot_cards if result.valat == d else self.failed_cards
            score[d] = (base + c.level + decl[0] + decl[1]) * c.multiplier + bel[d]
            score[b] = bel[b]
        return make_score(result, raw, score, made)


def round_half_down_to_ten(points: int) -> int:
    """Coinche: to the nearest ten, a 5 rounding down (82 -> 80, 85 -> 80, 86 -> 90)."""
    tens, digit = divmod(points, 10)
    return (tens + (digit > 5)) * 10
