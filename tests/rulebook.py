"""docs/rules.md restated for the property tests, independently of the engine's own code.

Everything here works on card names (``"JH"``) and follows the text of docs/rules.md section by
section; none of it calls :mod:`belote.play`, :mod:`belote.scoring`, the rule sets' hooks or the
view code. The property tests (``test_properties.py``) compare the engine with these functions.
From the engine they read only facts: the cards each seat holds, the trick, the tricks taken,
the contract's kind and trump suit, the declarations that counted and the belotes said.
"""

from __future__ import annotations

from belote.cards import CARD_NAMES, SUITS

# docs/rules.md §1 "Trick order", weakest first, and "Card points".
TRUMP_ORDER = "78QKTA9J"   # in a trump suit J 9 A T K Q 8 7
PLAIN_ORDER = "789JQKTA"   # in a plain suit A T K Q J 9 8 7
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
LAST_TRICK = 10
# §1 "Declarations": sequences by length, carrés by rank (four 8s or 7s: nothing).
SEQUENCE_POINTS = {3: 20, 4: 50, 5: 100}
CARRE_POINTS = {"J": 200, "9": 150, "A": 100, "T": 100, "K": 100, "Q": 100}
BELOTE = 20
SEQUENCE_RANKS = "789TJQKA"  # §1 "Sequence order"
ALL_NAMES = frozenset(r + s for r in SEQUENCE_RANKS for s in "CDHS")
_PUNCTUATION = str.maketrans({c: " " for c in '"[]{},:'})


def suit_of(card: str) -> str:
    return card[1]


def rank_of(card: str) -> str:
    return card[0]


def names(mask: int) -> set[str]:
    return {CARD_NAMES[c] for c in range(32) if mask >> c & 1}


class Contract:
    """The facts of a contract that the rules speak of: its kind and its trump suit."""

    def __init__(self, kind: str, trump_letter: str | None):
        self.kind, self.trump = kind, trump_letter

    @classmethod
    def of(cls, contract) -> Contract:
        return cls(contract.kind, SUITS[contract.trump] if contract.kind == "suit" else None)

    def trump_ranked(self, suit: str) -> bool:
        """§2 "Contracts": all-trumps ranks every suit as trump, no-trumps none."""
        return self.kind == "all-trumps" or (self.kind == "suit" and suit == self.trump)

    def strength(self, card: str) -> int:
        order = TRUMP_ORDER if self.trump_ranked(suit_of(card)) else PLAIN_ORDER
        return order.index(rank_of(card))

    def points(self, card: str) -> int:
        table = TRUMP_POINTS if self.trump_ranked(suit_of(card)) else PLAIN_POINTS
        return table[rank_of(card)]

    def winner(self, trick: list[tuple[int, str]]) -> int:
        """The seat that takes ``trick`` ([(seat, card)] in playing order): the highest trump if
        a trump suit was played to a plain lead, else the highest card of the suit led."""
        led = suit_of(trick[0][1])
        suit = self.trump if self.kind == "suit" and any(
            suit_of(c) == self.trump for _, c in trick) else led
        return max(((s, c) for s, c in trick if suit_of(c) == suit),
                   key=lambda sc: self.strength(sc[1]))[0]


def side_of(players: int, seat: int) -> int:
    """§1 "Partnerships": seats 0 and 2 against 1 and 3; with 2 or 3 each plays alone (§6)."""
    return seat % 2 if players == 4 else seat


def undertrump(rules: str, options: dict) -> bool:
    """Whether a player who must trump but cannot overtrump must still play a lower trump:
    §3 option "undertrump" (French, Classic, Coinche); never in Bulgarian (§2, "if unable may
    play any card"); always in Bela (§5, "must trump, overtrumping if able")."""
    if rules == "bulgarian":
        return False
    if rules == "bela":
        return True
    return options["undertrump"]


def legal_cards(rules: str, options: dict, players: int, contract: Contract, seat: int,
                hand: set[str], trick: list[tuple[int, str]]) -> set[str]:
    """The cards ``seat`` may play from ``hand`` on ``trick``, per docs/rules.md.

    §1: the leader plays any card; a player must follow the suit led if able. Beyond that:
    §2 Bulgarian: on a trump lead (any lead in all-trumps) beat the best card of the suit led
    if able; unable to follow in a suit contract: any card while the partner holds the trick,
    otherwise trump if able and overtrump an opponent's trump if able, else any card.
    §3 French (Coinche §4, Classic §6 "as French"): on a trump lead overtrump if able (even the
    partner); unable to follow: any card while the partner holds the trick, otherwise trump if
    able, over an opponent's trump overtrump if able, else a lower trump (option undertrump)
    or (option off) any card.
    §5 Bela: follow and beat the highest card of the suit led if able; unable to follow: trump,
    overtrumping if able, even over the partner; neither: any card.
    """
    if not trick:
        return set(hand)
    led = suit_of(trick[0][1])
    follow = {c for c in hand if suit_of(c) == led}
    if follow:
        if rules == "bela" or contract.trump_ranked(led):
            top = max((c for _, c in trick if suit_of(c) == led), key=contract.strength)
            higher = {c for c in follow if contract.strength(c) > contract.strength(top)}
            return higher or follow
        return follow
    if contract.kind != "suit":
        return set(hand)  # §2 no-trumps and all-trumps: unable to follow, any card
    trumps = {c for c in hand if suit_of(c) == contract.trump}
    if not trumps:
        return set(hand)
    winner = contract.winner(trick)
    partner_holds = players == 4 and side_of(players, winner) == side_of(players, seat)
    if partner_holds and rules != "bela":
        return set(hand)
    played_trumps = [c for _, c in trick if suit_of(c) == contract.trump]
    if not played_trumps:
        return trumps
    top = max(played_trumps, key=contract.strength)
    higher = {c for c in trumps if contract.strength(c) > contract.strength(top)}
    if higher:
        return higher
    return trumps if undertrump(rules, options) else set(hand)


def declaration_cards_ok(rules: str, kind: str, cards: list[str]) -> bool:
    """§1 "Declarations": a carré is four of a rank (four 8s or 7s are nothing); a sequence is
    consecutive cards of one suit: tierce 3, quarte 4, quinte 5 (a longer run is declared as
    the quinte of its five highest cards, Bela §5 excepted: five or more, all eight a belot)."""
    if kind == "carre":
        return len(cards) == 4 and len({rank_of(c) for c in cards}) == 1 \
            and rank_of(cards[0]) in CARRE_POINTS
    if len({suit_of(c) for c in cards}) != 1:
        return False
    ranks = sorted(SEQUENCE_RANKS.index(rank_of(c)) for c in cards)
    if ranks != list(range(ranks[0], ranks[0] + len(ranks))):
        return False
    if rules == "bela":
        lengths = {"tierce": {3}, "quarte": {4}, "quinte": {5, 6, 7}, "belot": {8}}
    else:
        lengths = {"tierce": {3}, "quarte": {4}, "quinte": {5}}
    return len(cards) in lengths.get(kind, ())


def holds_declaration(hand: set[str]) -> bool:
    """Whether ``hand`` holds a declaration (§1): three in sequence in a suit, or four of a
    rank other than 8 and 7."""
    for suit in "CDHS":
        run = 0
        for rank in SEQUENCE_RANKS:
            run = run + 1 if rank + suit in hand else 0
            if run == 3:
                return True
    return any(all(rank + suit in hand for suit in "CDHS") for rank in CARRE_POINTS)


def declaration_points(rules: str, cards: list[str]) -> int:
    """What a declaration that counts adds (§1; Bela §5: five or more in sequence 100, all
    eight win the match outright and add nothing)."""
    if len(cards) == 4 and len({rank_of(c) for c in cards}) == 1:
        return CARRE_POINTS[rank_of(cards[0])]
    if rules == "bela" and len(cards) == 8:
        return 0
    return SEQUENCE_POINTS[min(len(cards), 5)]


def belote_points(rules: str, players: int, contract: Contract,
                  plays: list[tuple[int, str, str]]) -> list[int]:
    """Per side, the belotes that count, from the cards played (``plays``: [(seat, card, suit
    led)] in order). §1: the king and queen of trump in one hand, 20, counted only when both are
    played by that player (who then held both from the deal). §2 Bulgarian: the king and queen
    of any suit in all-trumps, none in no-trumps; the first of the two counts when played as
    the lead, following the suit led or trumping (a discard on another suit loses it)."""
    if contract.kind == "suit":
        suits = [contract.trump]
    elif contract.kind == "all-trumps" and rules == "bulgarian":
        suits = list("CDHS")
    else:
        suits = []
    points = [0] * (2 if players == 4 else players)
    for suit in suits:
        pair = [(i, seat, led) for i, (seat, card, led) in enumerate(plays)
                if card in ("K" + suit, "Q" + suit)]
        if len(pair) == 2 and pair[0][1] == pair[1][1]:
            _, seat, led = pair[0]
            if contract.kind == "suit" or led == suit:
                points[side_of(players, seat)] += BELOTE
    return points


def card_points(players: int, contract: Contract, tricks) -> list[int]:
    """Per side, the card points of the tricks it took (§1), the last trick's 10 included when
    all eight tricks were played. ``tricks``: [(seats, cards, winner)] with card names."""
    points = [0] * (2 if players == 4 else players)
    for i, (_, cards, w) in enumerate(tricks):
        points[side_of(players, w)] += sum(contract.points(c) for c in cards) \
            + (LAST_TRICK if i == 7 else 0)
    return points


def raw_points(rules: str, players: int, contract: Contract, cards: list[int],
               tricks: list[int], decl: list[int], belote: list[int]) -> list[int]:
    """Each side's points for the hand before the contract is judged (docs/rules.md §2 "Hand
    points", and the scoring of each rule set): card points, valat, declarations that count,
    belote."""
    sides = len(cards)
    valat = [t == 8 for t in tricks]
    if rules == "bulgarian":  # §2: no-trumps count double; valat +90, not doubled
        factor = 2 if contract.kind == "no-trumps" else 1
        return [cards[s] * factor + 90 * valat[s] + decl[s] + belote[s] for s in range(sides)]
    if rules == "coinche":  # §4: a team taking every trick counts 250 for its cards
        return [(250 if valat[s] else cards[s]) + decl[s] + belote[s] for s in range(sides)]
    if rules == "bela":
        # §5: declarations count only for a team that takes a trick; a team that takes no
        # trick loses its belas to the other team; all eight tricks +90.
        bel = list(belote)
        for s in range(2):
            if not tricks[s]:
                bel[1 - s] += bel[s]
                bel[s] = 0
        return [cards[s] + 90 * valat[s] + (decl[s] if tricks[s] else 0) + bel[s]
                for s in range(2)]
    bonus = 100 if rules == "classic" else 90  # §6 capote 100; §3 capot +90
    return [cards[s] + bonus * valat[s] + decl[s] + belote[s] for s in range(sides)]


def made(rules: str, raw: list[int], bidders: int, cards: list[int], tricks: list[int],
         level: int) -> bool:
    """Whether the bidders made their contract, from the raw totals (docs/rules.md §2-§6)."""
    others = [s for s in range(len(raw)) if s != bidders]
    if rules == "coinche":  # §4 "Made"
        if level == 500:
            return tricks[bidders] == 8
        return cards[bidders] >= 82 and raw[bidders] >= level
    if rules == "bela":  # §5: more than half of the hand's total
        return 2 * raw[bidders] > sum(raw)
    # §2, §3: more points than the other team; §6: more than every other.
    return all(raw[bidders] > raw[s] for s in others)


def visible_cards(hand, seat: int) -> set[str]:
    """The cards ``seat`` may know in ``hand`` (a belote.Hand), from the hand's state: its own
    cards, every card played, the turned card (§3, §6), Classic's stock card once the deal is
    complete (§6), its own declarations and everyone's once the first trick is over (§2-§6
    "Declarations"), and the king and queen of a belote once it is said (§1 "Belote")."""
    known = names(hand.hands[seat]) | {CARD_NAMES[c] for c in hand.played}
    if hand.turned is not None:
        known.add(CARD_NAMES[hand.turned])
    if hand.n < 4 and hand.rules.turned_card and hand.contract is not None:
        known.add(CARD_NAMES[hand.deck[-1]])
    for s, decls in enumerate(hand.declared):
        if s == seat or hand.tricks:
            for d in decls:
                known |= names(d.cards)
    for _, _, card in hand.belote_log:
        s = CARD_NAMES[card][1]
        known |= {"K" + s, "Q" + s}
    return known


def cards_named(text: str) -> set[str]:
    """Every card name written anywhere in ``text`` (a view as JSON): the words that are card
    names, alone or within a string such as ``"declare tierce 9H TH JH"``."""
    return set(text.translate(_PUNCTUATION).split()) & ALL_NAMES


def round_half_down_to_ten(points: int) -> int:
    """§4 "Rounding": to the nearest ten, a 5 rounding down (82 -> 80, 85 -> 80, 86 -> 90)."""
    digit = points % 10
    return points - digit + (10 if digit > 5 else 0)


def game_points(total: int, kind: str) -> int:
    """§2 "Game points" of one total: divided by ten, a last digit of 6 or more rounding up in
    a suit contract, 5 or more in all-trumps and no-trumps."""
    return total // 10 + (total % 10 >= (6 if kind == "suit" else 5))


def game_points_pair(a: int, b: int, kind: str) -> tuple[int, int]:
    """§2 "Game points" of the two teams' totals: when both end in 6 in a suit contract, or in
    4 in all-trumps, the lower rounds up and the higher down, and equal totals both down."""
    both = {"suit": 6, "all-trumps": 4}.get(kind)
    if both is not None and a % 10 == both and b % 10 == both:
        if a == b:
            return a // 10, b // 10
        return (a // 10 + 1, b // 10) if a < b else (a // 10, b // 10 + 1)
    return game_points(a, kind), game_points(b, kind)
