"""Why an action is refused, as data: a code and its parameters (RULES.md §1 "Playing a card").

The engine never decides in words: :class:`Refusal` carries a stable ``code`` and ``params``
(a suit name, a card, a bid), which the web translates (``web.i18n.refusal``) and which
:meth:`Refusal.english` writes out for the command line and record errors.

Codes and their parameters:

======================  ==================  ====================================================
code                    params              meaning
======================  ==================  ====================================================
must-follow             suit                a card of the suit led is held
must-beat               suit, trump         a higher card of the suit led is held (``trump``:
                                            the suit led is the trump suit)
must-trump              suit                the player cannot follow and must trump
must-overtrump          suit                a trump higher than the trick's trump is held
must-undertrump         suit                a trump must be played even if it cannot win
not-held                card                the player does not hold that card
not-an-action           action              not a card, bid or declaration
bid-not-legal           bid                 that bid may not be made now
auction-is-over                             the auction has ended
no-card-now                                 no card can be played now
hand-is-over                                the hand is over
hand-not-over                               "next" before the hand has ended
match-is-over                               the match is over
declare-first-card                          declarations are made with the first card
already-declared        kind                that declaration was made already
not-a-declaration       words               the player holds no such declaration
out-not-allowed                             "I'm out" before a trick with points, or on the last
out-lost                                    a wrong "I'm out" has already lost this player
======================  ==================  ====================================================
"""

from __future__ import annotations

from dataclasses import dataclass, field

MUST_FOLLOW = "must-follow"
MUST_BEAT = "must-beat"
MUST_TRUMP = "must-trump"
MUST_OVERTRUMP = "must-overtrump"
MUST_UNDERTRUMP = "must-undertrump"
NOT_HELD = "not-held"
NOT_AN_ACTION = "not-an-action"
BID_NOT_LEGAL = "bid-not-legal"
AUCTION_IS_OVER = "auction-is-over"
NO_CARD_NOW = "no-card-now"
HAND_IS_OVER = "hand-is-over"
HAND_NOT_OVER = "hand-not-over"
MATCH_IS_OVER = "match-is-over"
DECLARE_FIRST_CARD = "declare-first-card"
ALREADY_DECLARED = "already-declared"
NOT_A_DECLARATION = "not-a-declaration"
OUT_NOT_ALLOWED = "out-not-allowed"
OUT_LOST = "out-lost"


def _one(suit: str) -> str:
    return suit[:-1] if suit.endswith("s") else suit


_ENGLISH = {
    MUST_FOLLOW: lambda p: f"you must follow {p['suit']}",
    MUST_BEAT: lambda p: "you must play a higher " + ("trump" if p.get("trump")
                                                        else _one(p["suit"])),
    MUST_TRUMP: lambda p: f"you must trump with a {_one(p['suit'])}",
    MUST_OVERTRUMP: lambda p: "you must overtrump",
    MUST_UNDERTRUMP: lambda p: f"you must play a {_one(p['suit'])} even if it cannot win",
    NOT_HELD: lambda p: f"you do not hold {p['card']}",
    NOT_AN_ACTION: lambda p: f"{p['action']!r} is not a card, bid or declaration",
    BID_NOT_LEGAL: lambda p: f"{p['bid']!r} is not a legal bid now"
    + (f" (legal: {p['legal']})" if p.get("legal") else ""),
    AUCTION_IS_OVER: lambda p: "the auction is over",
    NO_CARD_NOW: lambda p: "no card can be played now",
    HAND_IS_OVER: lambda p: "the hand is over",
    HAND_NOT_OVER: lambda p: "the hand is not over",
    MATCH_IS_OVER: lambda p: "the match is over",
    DECLARE_FIRST_CARD: lambda p: "declarations are made with your first card",
    ALREADY_DECLARED: lambda p: f"{p['kind']} is declared already",
    NOT_A_DECLARATION: lambda p: f"'{p['words']}' is not a declaration you can make",
    OUT_NOT_ALLOWED: lambda p: "you may claim to be out only after winning a trick with "
                               "points, and not on the last trick",
    OUT_LOST: lambda p: "a wrong claim to be out has already lost you the match",
}


@dataclass(frozen=True)
class Refusal:
    """A refused action: ``code`` (see the module's table) and its ``params``."""

    code: str
    params: dict = field(default_factory=dict, compare=True, hash=False)

    def english(self) -> str:
        return _ENGLISH[self.code](self.params)

    def __str__(self) -> str:
        return self.english()

    def to_dict(self) -> dict:
        return {"code": self.code, **self.params}


class IllegalAction(ValueError):
    """An action the rules do not allow now; ``refusal`` says why, as data."""

    def __init__(self, refusal: Refusal):
        super().__init__(refusal.english())
        self.refusal = refusal


def refuse(code: str, **params) -> IllegalAction:
    """``raise refuse(MUST_FOLLOW, suit="hearts")``."""
    return IllegalAction(Refusal(code, params))
