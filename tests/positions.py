"""Set up exact situations through the public API: decks that deal given hands, hands played
from a script of actions, and small helpers shared by the engine tests.

``deck_for(rules, dealer, hands, ...)`` inverts the dealing of docs/rules.md (3-2 + 3, 3-3-2, 6 + 2
talon, turned card then 2/3 more, the 2/3-player Classic stock): it returns the 32 cards, top
first, that deal ``hands`` (one string per seat, in card notation) when ``dealer`` deals.
Each seat receives the cards of its string in the order written, so the first cards written are
the ones it holds during the auction.
"""

from __future__ import annotations

from belote import Hand, get_rules
from belote.cards import ALL_CARDS, card_name, hand_str, parse_card, parse_cards
from belote.contract import Contract
from belote.play import legal
from belote.rules import RuleSet


def rules_of(rules: str | RuleSet, players: int = 4, options: dict | None = None) -> RuleSet:
    return rules if isinstance(rules, RuleSet) else get_rules(rules, players, options)


def deal_slots(rules: RuleSet, dealer: int, taker: int | None = None) -> list:
    """What each deck position becomes: a seat, ``"turned"`` or ``"stock"``.

    Talon cards (Bela) are ``("talon", seat)``. For rule sets with a turned card, ``taker`` is
    the seat that takes it (the deal after the auction depends on it).
    """
    n = rules.players
    order = [(dealer + 1 + i) % n for i in range(n)]
    slots: list = []
    for batch in rules.deal_before:
        for seat in order:
            slots += [seat] * batch
    if rules.talon:
        for seat in order:
            slots += [("talon", seat)] * rules.talon
    if rules.turned_card:
        slots.append("turned")
        if taker is None:
            raise ValueError("a turned-card deal needs the taker's seat")
        for seat in order:
            slots += [seat] * (2 if seat == taker else 3)
    else:
        for batch in rules.deal_after:
            for seat in order:
                slots += [seat] * batch
    slots += ["stock"] * (32 - len(slots))
    return slots


def deck_for(rules, dealer: int, hands: list[str | None], *, turned: str | None = None,
             taker: int | None = None, stock_card: str | None = None,
             players: int = 4) -> list[int]:
    """The deck that deals ``hands`` (final eight cards per seat; one may be None: the rest).

    In Bela the last two cards of each hand string are its talon. With a turned card, give the
    turned card (it must be in the taker's string) and the taker.
    """
    rules = rules_of(rules, players)
    n = rules.players
    given = [parse_cards(h) if h is not None else None for h in hands]
    used = {c for h in given if h for c in h}
    missing = sorted(set(ALL_CARDS) - used)
    if None in given:
        if n < 4:
            raise ValueError("give every hand with 2 or 3 players")
        given[given.index(None)] = missing[:8]
        missing = missing[8:]
    if any(len(h) != 8 for h in given):
        raise ValueError("each hand must hold eight cards")
    turned_card = parse_card(turned) if turned and rules.turned_card else None
    queues = {}
    for seat, cards in enumerate(given):
        cards = [c for c in cards if c != turned_card]
        if rules.talon:
            queues[seat] = cards[:-rules.talon]
            queues[("talon", seat)] = cards[-rules.talon:]
        else:
            queues[seat] = cards
    if turned_card is not None:
        assert turned_card in given[taker], "the turned card goes to the taker"
    stock = list(missing)
    if stock_card is not None:
        stock.remove(parse_card(stock_card))
        stock.append(parse_card(stock_card))
    deck = []
    for slot in deal_slots(rules, dealer, taker):
        if slot == "turned":
            deck.append(turned_card)
        elif slot == "stock":
            deck.append(stock.pop(0))
        else:
            deck.append(queues[slot].pop(0))
    assert sorted(deck) == list(ALL_CARDS), "the hands must not share cards"
    return deck


def new_hand(rules, hands, dealer: int = 3, auction=(), *, players: int = 4,
             options: dict | None = None, turned: str | None = None, taker: int | None = None,
             stock_card: str | None = None) -> Hand:
    """A Hand dealt ``hands`` by ``dealer``, with the ``auction`` words applied."""
    rules = rules_of(rules, players, options)
    deck = deck_for(rules, dealer, hands, turned=turned, taker=taker, stock_card=stock_card)
    hand = Hand(rules, dealer, deck)
    for word in auction:
        hand.apply(word)
    return hand


def play(hand: Hand, actions: str | list[str]) -> Hand:
    """Apply space-separated cards (or a list of actions) in turn."""
    for action in actions.split() if isinstance(actions, str) else actions:
        hand.apply(action)
    return hand


def play_out(hand: Hand, declare: bool = True) -> Hand:
    """Finish the hand: each player makes every declaration offered, then plays the first legal
    card (lowest card index)."""
    while not hand.over:
        actions = hand.legal_actions()
        declares = [a for a in actions if a.startswith("declare ")]
        if declare and declares:
            hand.apply(declares[0])
            continue
        hand.apply(next(a for a in actions if not a.startswith("declare ") and a != "out"))
    return hand


def held(hand: Hand, seat: int) -> str:
    return hand_str(hand.hands[seat])


def legal_cards(rules, contract: Contract, hand: str, trick: str = "", leader: int = 0,
                players: int = 4, options: dict | None = None) -> set[str]:
    """The cards of ``hand`` that the next player may play on ``trick`` (led by ``leader``)."""
    rules = rules_of(rules, players, options)
    trick_cards = parse_cards(trick)
    seats = [(leader + i) % rules.players for i in range(len(trick_cards))]
    seat = (leader + len(trick_cards)) % rules.players
    mask, _ = legal(mask_of_str(hand), trick_cards, seats, seat, rules.team, contract,
                    rules.duties(contract))
    return {card_name(c) for c in range(32) if mask >> c & 1}


def legal_reason(rules, contract: Contract, hand: str, trick: str = "", leader: int = 0,
                 players: int = 4) -> str | None:
    rules = rules_of(rules, players)
    trick_cards = parse_cards(trick)
    seats = [(leader + i) % rules.players for i in range(len(trick_cards))]
    seat = (leader + len(trick_cards)) % rules.players
    return legal(mask_of_str(hand), trick_cards, seats, seat, rules.team, contract,
                 rules.duties(contract))[1]


def mask_of_str(text: str) -> int:
    mask = 0
    for c in parse_cards(text):
        mask |= 1 << c
    return mask


def cards(text: str) -> set[str]:
    """``"JH 9H"`` -> ``{"JH", "9H"}``."""
    return set(text.split())


class StepClock:
    """A deterministic clock for the bots' time budgets: each reading advances by ``step``
    seconds."""

    def __init__(self, step=0.004):
        self.t = 0.0
        self.step = step

    def __call__(self):
        self.t += self.step
        return self.t
