"""The Easy bot: sound rules without counting (duties, save trumps, give points to a winning
partner), plain bidding, doubles only the plainest cases."""

from __future__ import annotations

from ..auction import split_bid
from ..cards import CARD_NAMES, SUIT_NAMES
from .base import Bot, legal_cards
from .heuristic import choose_card
from .knowledge import Knowledge, mask_of_names


class EasyBot(Bot):
    """Rules without counting."""

    name = "easy"
    level = "easy"
    strict = False
    reads = True

    def play(self, view):
        knowledge = Knowledge(view)
        hand = knowledge.hand
        legal = mask_of_names(legal_cards(view))
        if self.strict:
            may = knowledge.may(strict=True)
        else:
            # counts nothing: any card not in hand and not on the table may be anywhere
            table = 0
            for c in knowledge.trick_cards:
                table |= 1 << c
            rest = ((1 << 32) - 1) & ~hand & ~table
            may = [hand if s == knowledge.seat else rest for s in range(knowledge.n)]
        c = choose_card(hand, legal, knowledge.trick_cards, knowledge.trick_seats, knowledge.seat,
                        knowledge.tables, knowledge.team, knowledge.n, may, knowledge.bidder_side,
                        lead_bias(knowledge) if self.strict and self.reads else None)
        return CARD_NAMES[c]



def lead_bias(knowledge: Knowledge, partner: float = -6.0, opponent: float = 6.0) -> list[float]:
    """What the bidding said, for leads: suits the partner named are good to lead (it holds
    their honours), suits the opponents named are not (unless they are trumps)."""
    bias = [0.0] * 4
    for s, word in knowledge.auction:
        if s == knowledge.seat:
            continue
        suit = split_bid(word)[1]
        if suit not in SUIT_NAMES:
            continue
        i = SUIT_NAMES.index(suit)
        if i == knowledge.tables.trump:
            continue
        bias[i] += partner if knowledge.team[s] == knowledge.team[knowledge.seat] else opponent
    return bias
