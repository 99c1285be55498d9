"""Why an action is refused, as data: a code and its parameters (docs/rules.md §1 "Playing a card").

The engine never decides in words: :class:`Refusal` carries a stable ``code`` and ``params``
(a suit name, a card, a bid), which the web translates (``web.i18n.refusal``) and which
:meth:`Refusal.english` writes out for the command line and record errors.

Codes and their parameters:

======================  ==================  ====================================================
code                    params              meaning
======================  ==================  ====================================================
must-follow             suit, held          a card of the suit led is held
must-beat               suit, trump, held,  a higher card of the suit led is held (``trump``:
                        beat                the suit led is the trump suit)
must-trump              suit, held          the player cannot follow and must trump
must-overtrump          suit, held, beat    a trump higher than the trick's trump is held
must-undertrump         suit, held, beat    a trump must be played even if it cannot win
======================  ==================  ====================================================

The five duties (``belote.play.duty_refusal``) also carry ``held`` (the cards held that fulfil
the duty), ``beat`` (the card to beat or holding the trick), ``led``, ``winner`` (the seat
holding the trick) and ``partner`` ("winning": the duty holds although the partner holds the
trick; "not-winning": it holds because the partner does not).

======================  ==================  ====================================================
code                    params              meaning
======================  ==================  ====================================================
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
nothing-to-take-back                        no decision of the seat's in the hand under way
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
NOTHING_TO_TAKE_BACK = "nothing-to-take-back"


def _one(suit: str) -> str:
    return suit[:-1] if suit.endswith("s") else suit


def _held(p: dict) -> str:
    """What makes the duty, when the refusal names it: ``: you hold JH, AH``."""
    return f": you hold {', '.join(p['held'])}" if p.get("held") else ""


def _beat(p: dict) -> str:
    return f" the {p['beat']}" if p.get("beat") else ""


def _partner(p: dict) -> str:
    return {"winning": " even though your partner is winning",
            "not-winning": " as your partner is not winning"}.get(p.get("partner", ""), "")


_ENGLISH = {
    MUST_FOLLOW: lambda p: f"you must follow {p['suit']}{_held(p)}",
    MUST_BEAT: lambda p: "you must play a higher " + ("trump" if p.get("trump")
                                                        else _one(p["suit"]))
    + (f" than{_beat(p)}" if p.get("beat") else "") + _partner(p) + _held(p),
    MUST_TRUMP: lambda p: f"you must trump with a {_one(p['suit'])}{_partner(p)}{_held(p)}",
    MUST_OVERTRUMP: lambda p: f"you must overtrump{_beat(p)}{_partner(p)}{_held(p)}",
    MUST_UNDERTRUMP: lambda p: f"you must play a {_one(p['suit'])} even if it cannot win"
    + _partner(p) + _held(p),
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
    NOTHING_TO_TAKE_BACK: lambda p: "there is no move of yours in this hand to take back",
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
