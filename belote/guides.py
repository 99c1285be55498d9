"""The guided hands: one scripted hand per rule set, played on the real engine.

A :class:`Guide` holds a fixed deal (each seat's eight cards, the turned card), the dealer, and
the hand's script: the bots' actions as words, and the player's as :class:`Step`\\ s, which say
what to look at (a text key of web/i18n, the element pointed at) and wait for one action; a
step with no action waits for the player's "Next". :func:`start` deals the guide's hand into a
:class:`~belote.game.Match`; the web's guide controller (web/guide.py) walks the script.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import parse_card, parse_cards
from .game import Match
from .hand import Hand
from .rules import get_rules


@dataclass(frozen=True)
class Step:
    """One step of the player's: ``key`` the text (web/i18n, ``guide.<rules>.<key>``, or a
    shared ``guide.<key>``), ``point`` the part of the table it points at (a
    ``data-guide-point`` value), ``expect`` the action awaited ("" for "Next"), ``duty`` the
    duty this step shows (a refusal code: the engine restricts the player's cards by it), and
    ``wrong`` a card that duty refuses (the tests play it)."""

    key: str
    point: str = ""
    expect: str = ""
    duty: str = ""
    wrong: str = ""
    params: tuple[tuple[str, str], ...] = ()


Item = str | Step


@dataclass(frozen=True)
class Guide:
    """A rule set's guided hand: ``hands`` each seat's eight cards (the taker's include the
    turned card), ``script`` every action of the hand in order (bots' words, the player's
    steps)."""

    rules: str
    dealer: int
    hands: tuple[str, str, str, str]
    script: tuple[Item, ...]
    turned: str = ""
    taker: int = 0

    def deck(self) -> list[int]:
        """The 32 cards in dealing order that deal ``hands`` (and ``turned``)."""
        return deck_for(self)


def _positions(guide: Guide) -> tuple[list[list[int]], int | None]:
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


def deck_for(guide: Guide) -> list[int]:
    seats, turned = _positions(guide)
    deck = [-1] * 32
    turned_card = parse_card(guide.turned) if guide.turned else None
    for seat, positions in enumerate(seats):
        cards = [c for c in parse_cards(guide.hands[seat]) if c != turned_card]
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
        raise ValueError(f"the {guide.rules} guide's hands are not one pack of cards")
    return deck


def start(guide: Guide) -> Match:
    """A match of the guide's rule set whose first hand is the guide's deal."""
    return Match.of_hand(Hand(get_rules(guide.rules), guide.dealer, guide.deck()))


def _you(key: str, card: str, point: str = "hand", duty: str = "", wrong: str = "") -> Step:
    return Step(key, point, card, duty, wrong)


def _next(key: str, point: str = "") -> Step:
    return Step(key, point)


# RULES.md §2. Hearts trump, the player bids; the tricks show: declarations compared (a tierce
# to the queen beats one to the jack), an overtrump, the trump lead that must be beaten even
# when the partner holds it, the partner's trick that frees a discard, belot and the last trick.
BULGARIAN = Guide(
    "bulgarian", dealer=2,
    hands=("9H KH QH AS JC 7H TC QC", "JH 9D TD JD KD 7C 9C 7S",
           "KC QD AC AH AD TH 8D 7D", "JS TS 8S 9S QS KS 8C 8H"),
    script=(
        _next("intro", "hand"),
        "pass", Step("bid", "bids", "hearts"), "pass", "pass", "pass",
        _next("contract", "contract"),
        "JS", _you("declare", "AS", duty="must-follow", wrong="7H"),
        "declare tierce 9D TD JD", "7S", "8D",
        _next("declarations", "seats"),
        _you("lead", "JC"), "7C", "KC", "8C",
        "QD", "8H", _you("overtrump", "QH", duty="must-overtrump", wrong="7H"), "9D",
        _you("lead.partner", "QC"), "9C", "AC", "TS",
        "AH", "8S", _you("beat.trump", "9H", duty="must-beat", wrong="KH"), "JH",
        "JD", "AD", "9S", _you("partner.frees", "TC", duty="partner-frees"),
        "TH", "QS", _you("trump.follow", "7H"), "KD",
        "7D", "KS", _you("last", "KH"), "TD",
    ),
)

# RULES.md §3. Spades turned: the player passes, then names hearts in the second round. The
# tricks show: following suit, an undertrump (French: a trump under the opponents' jack), a
# trump lead that must be beaten, the partner's trick that frees a discard, an overtrump, the
# trump owed when the partner is not winning, belote-rebelote and the last trick. The single
# best declaration decides: the tierce to the ace beats the one to the jack.
FRENCH = Guide(
    "french", dealer=2, turned="7S",
    hands=("AH KH QH 7H KS 7S 9S JS", "9H QS TS QD 8C TC QC AC",
           "AS KD 7D 8D 7C 9C JC KC", "JH TH 8H 8S 9D TD JD AD"),
    script=(
        _next("intro", "hand"),
        "pass", Step("pass", "bids", "pass"), "pass", "pass",
        "pass", Step("name", "bids", "hearts"),
        _next("contract", "contract"),
        "declare tierce 9D TD JD", "8S", _you("follow", "9S", duty="must-follow", wrong="7H"),
        "QS", "AS",
        _next("declarations", "seats"),
        "7C", "JH", _you("undertrump", "QH", duty="must-undertrump", wrong="KS"), "8C",
        "8H", _you("beat.trump", "KH", duty="must-beat", wrong="7H"), "9H", "7D",
        "QD", "KD", "9D", _you("partner.frees", "7S", duty="partner-frees"),
        "KC", "TH", _you("overtrump", "AH", duty="must-overtrump", wrong="7H"), "QC",
        _you("lead", "JS"), "TS", "8D", "JD",
        "AC", "9C", "TD", _you("trump", "7H", duty="must-trump", wrong="KS"),
        _you("last", "KS"), "TC", "JC", "AD",
    ),
)

# RULES.md §4. The same cards as French, all dealt before the bidding: they bid 80 diamonds,
# the player 90 hearts; coinched, the player surcoinches. The tricks show what Coinche changes:
# no undertrump (a discard under the opponents' jack), and the contract made with at least 82
# card points and the bid reached, the score × 4.
COINCHE = Guide(
    "coinche", dealer=2,
    hands=("AH KH QH 7H KS 7S 9S JS", "9H QS TS QD 8C TC QC AC",
           "AS KD 7D 8D 7C 9C JC KC", "JH TH 8H 8S 9D TD JD AD"),
    script=(
        _next("intro", "hand"),
        "80 diamonds", Step("bid", "bids", "90 hearts"), "double", "pass",
        Step("surcoinche", "bids", "redouble"),
        _next("contract", "contract"),
        "declare tierce 9D TD JD", "8S", _you("follow", "9S", duty="must-follow", wrong="7H"),
        "QS", "AS",
        _next("declarations", "seats"),
        "7C", "JH", _you("no.undertrump", "7S"), "8C",
        "8H", _you("beat.trump", "KH", duty="must-beat", wrong="7H"), "9H", "7D",
        "QD", "KD", "9D", _you("partner.frees", "JS", duty="partner-frees"),
        "KC", "TH", _you("overtrump", "AH", duty="must-overtrump", wrong="7H"), "QC",
        _you("lead", "KS"), "TS", "8D", "JD",
        "AC", "9C", "TD", _you("trump", "QH"),
        _you("last", "7H"), "TC", "JC", "AD",
    ),
)

# RULES.md §5. The player deals: three passes force them to name a suit (hearts); the tricks
# show: a plain card that must beat the partner's, declarations compared team against team (the
# partner's tierce to the ace beats theirs to the jack: the team scores both of its tierces), a
# trump forced although the partner holds the trick, an overtrump, bela and the last trick.
BELA = Guide(
    "bela", dealer=0,
    hands=("JH 9H KH QH AS 7C 8S 7H", "9S TS QS 8C 8D TD QD KD",
           "KS AC KC QC AD TH 9D JD", "7S JS 9C TC JC 7D AH 8H"),
    script=(
        _next("intro", "hand"),
        "pass", "pass", "pass", Step("bid", "bids", "hearts"),
        _next("contract", "contract"),
        "9S", "declare tierce QC KC AC", "KS", "declare tierce 9C TC JC", "7S",
        _you("beat", "AS", duty="must-beat", wrong="8S"),
        _next("declarations", "seats"),
        _you("lead", "JH"), "QS", "TH", "AH",
        _you("lead.partner", "7C"), "8C", "AC", "9C",
        "AD", "7D", _you("trump.partner", "QH", duty="must-trump", wrong="8S"), "8D",
        _you("give", "8S"), "TS", "9D", "JS",
        "TD", "JD", "8H", _you("overtrump", "KH", duty="must-overtrump", wrong="7H"),
        _you("trumps", "9H"), "QD", "QC", "TC",
        _you("last", "7H"), "KD", "KC", "JC",
    ),
)

# RULES.md §6. The player deals, spades turned: all pass twice round to the player, who names
# hearts in the second round and takes the turned 7♠. The tricks show (French play): following
# suit, a trump lead that must be beaten even over the partner, the trump owed when an opponent
# holds the trick, the partner's trick that frees a discard, an overtrump, belote-rebelote and
# the last trick; the tierce to the ace beats the one to the king.
CLASSIC = Guide(
    "classic", dealer=0, turned="7S",
    hands=("AH KH QH 9H 8D 7S TD 7D", "KS TS JH AD 9D JC QC KC",
           "AS 9S QS TH AC 8C TC JD", "8S JS 7H 8H 7C 9C QD KD"),
    script=(
        _next("intro", "hand"),
        "pass", "pass", "pass", Step("pass", "bids", "pass"),
        "pass", "pass", "pass", Step("name", "bids", "hearts"),
        _next("contract", "contract"),
        "declare tierce JC QC KC", "KS", "AS", "8S",
        _you("follow", "7S", duty="must-follow", wrong="TD"),
        _next("declarations", "seats"),
        "TH", "7H", _you("beat.trump", "AH", duty="must-beat", wrong="QH"), "JH",
        "TS", "9S", "JS", _you("trump", "QH", duty="must-trump", wrong="8D"),
        _you("give", "7D"), "AD", "JD", "QD",
        "QC", "AC", "7C", _you("partner.frees", "8D", duty="partner-frees"),
        "QS", "8H", _you("overtrump", "KH", duty="must-overtrump", wrong="TD"), "9D",
        _you("trumps", "9H"), "JC", "8C", "9C",
        _you("last", "TD"), "KC", "TC", "KD",
    ),
)

GUIDES = {g.rules: g for g in (BULGARIAN, FRENCH, COINCHE, BELA, CLASSIC)}
