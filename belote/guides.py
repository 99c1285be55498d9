"""The guided hands: one per rule set, a fixed deal played on the real engine, each of the
player's moves showing a rule.

A :class:`GuidedHand` holds the deal (each seat's eight cards, the turned card, the dealer) and
every action of the hand in order: the other seats' as words, the player's (seat 0) as
:class:`Move` objects, which say which duty each shows. That is the rules' part of a guide;
what the page says at each step, and what it points at, is the page's (web/guide_script.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import parse_card, parse_cards
from .game import Match
from .hand import Hand
from .rules import get_rules


@dataclass(frozen=True)
class Move:
    """One of the player's moves: ``action`` (a bid or a card; the player's declarations are
    made with the first card, as the table makes them), ``duty`` the duty it shows (a refusal
    code: the engine restricts the player's cards by it), and ``wrong`` a card that duty
    refuses (the tests play it)."""

    action: str
    duty: str = ""
    wrong: str = ""


@dataclass(frozen=True)
class GuidedHand:
    """A rule set's guided hand: ``hands`` each seat's eight cards (the taker's include the
    turned card), ``actions`` every action of the hand in order (the others' words, the
    player's moves)."""

    rules: str
    dealer: int
    hands: tuple[str, str, str, str]
    actions: tuple[str | Move, ...]
    turned: str = ""
    taker: int = 0

    def deck(self) -> list[int]:
        """The 32 cards in dealing order that deal ``hands`` (and ``turned``)."""
        seats, turned = _positions(self)
        deck = [-1] * 32
        turned_card = parse_card(self.turned) if self.turned else None
        for seat, positions in enumerate(seats):
            cards = [c for c in parse_cards(self.hands[seat]) if c != turned_card]
            for pos in positions:
                if pos == turned:
                    deck[pos] = turned_card  # type: ignore[assignment]
                else:
                    deck[pos] = cards.pop(0)
        rest = [c for c in range(32) if c not in deck]
        for i, c in enumerate(deck):  # a rule set that leaves cards undealt (none with 4 players)
            if c == -1:
                deck[i] = rest.pop(0)
        if sorted(deck) != list(range(32)):
            raise ValueError(f"the {self.rules} guide's hands are not one pack of cards")
        return deck

    def start(self) -> Match:
        """A match of the guide's rule set whose first hand is the guide's deal."""
        return Match.of_hand(Hand(get_rules(self.rules), self.dealer, self.deck()))


def _positions(guide: GuidedHand) -> tuple[list[list[int]], int | None]:
    """Which deck positions go to each seat when the taker is ``guide.taker`` (an identity
    deck dealt), and the turned card's position."""
    rules = get_rules(guide.rules)
    hand = Hand(rules, guide.dealer, list(range(32)))
    turned = hand.turned
    if turned is not None:  # the taker takes the turned card
        hand.hands[guide.taker] |= 1 << turned
    hand._deal(rules.deal_after_auction(guide.taker))  # as Hand._complete_deal does
    for s in range(4):
        hand.hands[s] |= hand.talon[s]
    seats = [[c for c in range(32) if hand.hands[s] >> c & 1] for s in range(4)]
    return seats, turned


# docs/rules.md §2. Hearts trump, the player bids; the tricks show: declarations compared (a
# tierce to the queen beats one to the jack), an overtrump, the trump lead that must be beaten
# even when the partner holds it, the partner's trick that frees a discard, belot and the last
# trick.
BULGARIAN = GuidedHand(
    "bulgarian", dealer=2,
    hands=("9H KH QH AS JC 7H TC QC", "JH 9D TD JD KD 7C 9C 7S",
           "KC QD AC AH AD TH 8D 7D", "JS TS 8S 9S QS KS 8C 8H"),
    actions=(
        "pass", Move("hearts"), "pass", "pass", "pass",
        "JS", Move("AS", duty="must-follow", wrong="7H"),
        "declare tierce 9D TD JD", "7S", "8D",
        Move("JC"), "7C", "KC", "8C",
        "QD", "8H", Move("QH", duty="must-overtrump", wrong="7H"), "9D",
        Move("QC"), "9C", "AC", "TS",
        "AH", "8S", Move("9H", duty="must-beat", wrong="KH"), "JH",
        "JD", "AD", "9S", Move("TC", duty="partner-frees"),
        "TH", "QS", Move("7H"), "KD",
        "7D", "KS", Move("KH"), "TD",
    ),
)

# docs/rules.md §3. Spades turned: the player passes, then names hearts in the second round.
# The tricks show: following suit, an undertrump (French: a trump under the opponents' jack), a
# trump lead that must be beaten, the partner's trick that frees a discard, an overtrump, the
# trump owed when the partner is not winning, belote-rebelote and the last trick. The single
# best declaration decides: the tierce to the ace beats the one to the jack.
FRENCH = GuidedHand(
    "french", dealer=2, turned="7S",
    hands=("AH KH QH 7H KS 7S 9S JS", "9H QS TS QD 8C TC QC AC",
           "AS KD 7D 8D 7C 9C JC KC", "JH TH 8H 8S 9D TD JD AD"),
    actions=(
        "pass", Move("pass"), "pass", "pass",
        "pass", Move("hearts"),
        "declare tierce 9D TD JD", "8S", Move("9S", duty="must-follow", wrong="7H"),
        "QS", "AS",
        "7C", "JH", Move("QH", duty="must-undertrump", wrong="KS"), "8C",
        "8H", Move("KH", duty="must-beat", wrong="7H"), "9H", "7D",
        "QD", "KD", "9D", Move("7S", duty="partner-frees"),
        "KC", "TH", Move("AH", duty="must-overtrump", wrong="7H"), "QC",
        Move("JS"), "TS", "8D", "JD",
        "AC", "9C", "TD", Move("7H", duty="must-trump", wrong="KS"),
        Move("KS"), "TC", "JC", "AD",
    ),
)

# docs/rules.md §4. The same cards as French, all dealt before the bidding: they bid 80 diamonds,
# the player 90 hearts; coinched, the player surcoinches. The tricks show what Coinche changes:
# no undertrump (a discard under the opponents' jack), and the contract made with at least 82
# card points and the bid reached, the score × 4.
COINCHE = GuidedHand(
    "coinche", dealer=2,
    hands=("AH KH QH 7H KS 7S 9S JS", "9H QS TS QD 8C TC QC AC",
           "AS KD 7D 8D 7C 9C JC KC", "JH TH 8H 8S 9D TD JD AD"),
    actions=(
        "80 diamonds", Move("90 hearts"), "double", "pass",
        Move("redouble"),
        "declare tierce 9D TD JD", "8S", Move("9S", duty="must-follow", wrong="7H"),
        "QS", "AS",
        "7C", "JH", Move("7S"), "8C",
        "8H", Move("KH", duty="must-beat", wrong="7H"), "9H", "7D",
        "QD", "KD", "9D", Move("JS", duty="partner-frees"),
        "KC", "TH", Move("AH", duty="must-overtrump", wrong="7H"), "QC",
        Move("KS"), "TS", "8D", "JD",
        "AC", "9C", "TD", Move("QH"),
        Move("7H"), "TC", "JC", "AD",
    ),
)

# docs/rules.md §5. The player deals: three passes force them to name a suit (hearts); the tricks
# show: a plain card that must beat the partner's, declarations compared team against team (the
# partner's tierce to the ace beats theirs to the jack: the team scores both of its tierces), a
# trump forced although the partner holds the trick, an overtrump, bela and the last trick.
BELA = GuidedHand(
    "bela", dealer=0,
    hands=("JH 9H KH QH AS 7C 8S 7H", "9S TS QS 8C 8D TD QD KD",
           "KS AC KC QC AD TH 9D JD", "7S JS 9C TC JC 7D AH 8H"),
    actions=(
        "pass", "pass", "pass", Move("hearts"),
        "9S", "declare tierce QC KC AC", "KS", "declare tierce 9C TC JC", "7S",
        Move("AS", duty="must-beat", wrong="8S"),
        Move("JH"), "QS", "TH", "AH",
        Move("7C"), "8C", "AC", "9C",
        "AD", "7D", Move("QH", duty="must-trump", wrong="8S"), "8D",
        Move("8S"), "TS", "9D", "JS",
        "TD", "JD", "8H", Move("KH", duty="must-overtrump", wrong="7H"),
        Move("9H"), "QD", "QC", "TC",
        Move("7H"), "KD", "KC", "JC",
    ),
)

# docs/rules.md §6. The player deals, spades turned: all pass twice round to the player, who names
# hearts in the second round and takes the turned 7♠. The tricks show (French play): following
# suit, a trump lead that must be beaten even over the partner, the trump owed when an opponent
# holds the trick, the partner's trick that frees a discard, an overtrump, belote-rebelote and
# the last trick; the tierce to the ace beats the one to the king.
CLASSIC = GuidedHand(
    "classic", dealer=0, turned="7S",
    hands=("AH KH QH 9H 8D 7S TD 7D", "KS TS JH AD 9D JC QC KC",
           "AS 9S QS TH AC 8C TC JD", "8S JS 7H 8H 7C 9C QD KD"),
    actions=(
        "pass", "pass", "pass", Move("pass"),
        "pass", "pass", "pass", Move("hearts"),
        "declare tierce JC QC KC", "KS", "AS", "8S",
        Move("7S", duty="must-follow", wrong="TD"),
        "TH", "7H", Move("AH", duty="must-beat", wrong="QH"), "JH",
        "TS", "9S", "JS", Move("QH", duty="must-trump", wrong="8D"),
        Move("7D"), "AD", "JD", "QD",
        "QC", "AC", "7C", Move("8D", duty="partner-frees"),
        "QS", "8H", Move("KH", duty="must-overtrump", wrong="TD"), "9D",
        Move("9H"), "JC", "8C", "9C",
        Move("TD"), "KC", "TC", "KD",
    ),
)

GUIDED_HANDS = {g.rules: g for g in (BULGARIAN, FRENCH, COINCHE, BELA, CLASSIC)}


def __getattr__(name: str):
    """``GUIDES``, ``Guide``, ``Step`` and ``start``: the page's script of the guides
    (web/guide_script.py) by the names web/guide.py and web/render.py import from here; this
    goes once they import them from there."""
    if name in ("GUIDES", "Guide", "Step", "start"):
        from web import guide_script

        return getattr(guide_script, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
