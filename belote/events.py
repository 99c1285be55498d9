"""What :meth:`belote.Match.apply` returns: one event per thing that happened, for the table to
animate and count. Each is a plain JSON-able dict whose ``type`` says which of these it is;
cards are in notation (``"JH"``), seats and sides are numbers as in :mod:`belote.view`.
"""

from __future__ import annotations

from typing import Literal, TypedDict


class DealEvent(TypedDict):
    """A new hand is dealt."""

    type: Literal["deal"]
    dealer: int


class BidEvent(TypedDict):
    type: Literal["bid"]
    seat: int
    bid: str            # the auction word: "pass", "hearts", "90 spades", "take", ...


class ThrownInEvent(TypedDict):
    """Everyone passed: no contract, the next seat deals."""

    type: Literal["thrown-in"]


class ContractEvent(TypedDict):
    """The auction is over: the contract (the rest of the cards are dealt)."""

    type: Literal["contract"]
    contract: str       # its name: "hearts", "no-trumps", "90 hearts"
    label: str          # the name and any double: "hearts doubled"
    bidder: int
    multiplier: int


class DeclareEvent(TypedDict):
    type: Literal["declare"]
    seat: int
    kind: str           # tierce, quarte, quinte, carre, belot


class CardEvent(TypedDict):
    type: Literal["card"]
    seat: int
    card: str


class BeloteEvent(TypedDict):
    """A king or queen of a belote played: said (``belote``) or completed (``rebelote``)."""

    type: Literal["belote"]
    seat: int
    word: Literal["belote", "rebelote"]
    card: str


class TrickEvent(TypedDict):
    type: Literal["trick"]
    winner: int         # the seat that took it
    cards: list[str]    # in playing order
    seats: list[int]    # who played each card
    points: int         # card points in it (the last trick's 10 included)


class OutEvent(TypedDict):
    """Classic "I'm out": the hand stops."""

    type: Literal["out"]
    seat: int


class HandScoredEvent(TypedDict):
    type: Literal["hand-scored"]
    score: dict         # belote.scoring.HandScore.to_dict()


class OutJudgedEvent(TypedDict):
    """The match judged an "I'm out": right (the side wins) or wrong (it loses)."""

    type: Literal["out-judged"]
    side: int
    points: int         # what the side had made in the hand
    right: bool


class MatchOverEvent(TypedDict):
    type: Literal["match-over"]
    winner: int         # the side that won


Event = (DealEvent | BidEvent | ThrownInEvent | ContractEvent | DeclareEvent | CardEvent
         | BeloteEvent | TrickEvent | OutEvent | HandScoredEvent | OutJudgedEvent
         | MatchOverEvent)
