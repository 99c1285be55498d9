"""Hand records (docs/records.md): writing them and replaying them exactly."""

from __future__ import annotations

import json

from .cards import CARD_NAMES, CardError, parse_card
from .hand import DECLARE, Hand
from .refusal import IllegalAction
from .rules import RuleError, get_rules
from .view import View


class RecordError(ValueError):
    """A record that cannot be replayed; the message names the first problem."""


def hand_record(hand: Hand) -> dict:
    """The record of ``hand`` as far as it has gone; when its seed is known, the commitment to
    it, and the seed itself once the hand is over (:mod:`belote.deals`)."""
    record = {
        "rules": hand.rules.name,
        "players": hand.n,
        "options": dict(hand.rules.changed_options),
        "dealer": hand.dealer,
        "deck": [CARD_NAMES[c] for c in hand.deck],
        "auction": hand.auction_words(),
        "play": [CARD_NAMES[c] for c in hand.played],
        "declared": hand.declared_words(),
        "out": dict(hand.out) if hand.out else None,
    }
    if hand.seed is not None:
        record["commitment"] = hand.commitment
        if hand.over:
            record["seed"] = hand.seed
    return record


def _declared_pairs(entry, seat: int) -> list[str]:
    """A seat's declarations, given flat (``["tierce", "9H TH JH", ...]``) or as pairs."""
    if not isinstance(entry, list):
        raise RecordError(f"declared[{seat}] must be a list")
    if entry and all(isinstance(x, list) for x in entry):
        entry = [w for pair in entry for w in pair]
    if len(entry) % 2 or not all(isinstance(x, str) for x in entry):
        raise RecordError(f"declared[{seat}] must hold pairs of kind and cards")
    return [f"{entry[i]} {entry[i + 1]}" for i in range(0, len(entry), 2)]


def parse_deck(deck) -> list[int]:
    if not isinstance(deck, list) or len(deck) != 32:
        size = len(deck) if isinstance(deck, list) else "no list"
        raise RecordError(f"the deck must list all 32 cards (it has {size})")
    cards = []
    for i, word in enumerate(deck):
        if not isinstance(word, str):
            raise RecordError(f"deck card {i + 1} is not a card name")
        try:
            c = parse_card(word)
        except CardError as e:
            raise RecordError(f"deck card {i + 1}: {e}") from None
        if c in cards:
            raise RecordError(f"deck card {i + 1}: {CARD_NAMES[c]} appears twice")
        cards.append(c)
    return cards


def replay(record: dict, complete: bool = True) -> Hand:
    """Replay ``record``, checking every bid and card; RecordError names the first illegal one.

    With ``complete`` the record must reach the end of the hand.
    """
    if not isinstance(record, dict):
        raise RecordError("a hand record is a JSON object")
    for key in ("rules", "dealer", "deck"):
        if key not in record:
            raise RecordError(f"the record has no {key!r}")
    try:
        rules = get_rules(record["rules"], record.get("players", 4), record.get("options") or {})
    except RuleError as e:
        raise RecordError(str(e)) from None
    dealer = record["dealer"]
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < rules.players:
        raise RecordError(f"dealer must be a seat from 0 to {rules.players - 1}")
    seed = record.get("seed")  # checked by belote.verify, not here
    hand = Hand(rules, dealer, parse_deck(record["deck"]), seed if isinstance(seed, str) else None)
    auction, play = record.get("auction", []), record.get("play", [])
    if not isinstance(auction, list) or not isinstance(play, list):
        raise RecordError("auction and play must be lists")
    for i, word in enumerate(auction):
        if hand.phase != "auction":
            raise RecordError(f"auction word {i + 1} ({word!r}) comes after the auction ended")
        try:
            hand.apply(str(word))
        except IllegalAction as e:
            raise RecordError(f"auction word {i + 1} ({word!r}) by seat {hand.turn}: {e}") from None
    declared = record.get("declared")
    if declared is not None:
        if not isinstance(declared, list) or len(declared) != rules.players:
            raise RecordError(f"declared must list one entry per seat ({rules.players})")
        declared = [_declared_pairs(e, s) for s, e in enumerate(declared)]
    out = record.get("out")
    if out is not None and (not isinstance(out, dict) or not isinstance(out.get("seat"), int)
                            or not isinstance(out.get("after_card"), int)):
        raise RecordError('out must be null or {"seat": S, "after_card": N}')
    for i, word in enumerate(play):
        if out and out["after_card"] == i:
            break
        if hand.phase != "play":
            raise RecordError(f"card {i + 1} ({word!r}) comes when no card can be played")
        _declare(hand, declared)
        try:
            card = parse_card(str(word))
            hand.play_card(card)
        except (IllegalAction, CardError) as e:
            raise RecordError(f"card {i + 1} ({word!r}): {e}") from None
    if hand.phase == "play":
        _declare(hand, declared if declared is not None else None, pending_only=True)
    if out:
        if out["after_card"] != len(hand.played):
            raise RecordError("out.after_card does not match the cards played")
        try:
            hand.claim_out(out["seat"])
        except IllegalAction as e:
            raise RecordError(f"out: {e}") from None
    if complete and not hand.over:
        raise RecordError("the record ends before the hand is over")
    return hand


def cut(record: dict, steps: int) -> dict:
    """``record`` (as :func:`hand_record` writes it) after its first ``steps`` actions, to
    replay with ``complete=False``: step 0 is the deal, then each bid, each card, and a
    Classic "I'm out" last."""
    auction, play = record.get("auction") or [], record.get("play") or []
    part = dict(record, auction=auction[:steps], play=play[:max(0, steps - len(auction))])
    if steps <= len(auction) + len(play):
        part["out"] = None
    return part


def view_of(hand: Hand, seat: int) -> View:
    """:meth:`Hand.view` (kept for web/replay.py, which calls it by this name)."""
    return hand.view(seat)


def _declare(hand: Hand, declared, pending_only: bool = False):
    """Before a seat's first card, make the declarations the record lists for it (or, when the
    record omits them, every declaration it holds)."""
    seat = hand.actor
    if hand.first_card_played[seat]:
        return
    if declared is None:
        if not pending_only:
            hand.declare_all(seat)
        return
    for words in declared[seat]:
        if any(str(d) == words for d in hand.declared[seat]):
            continue
        try:
            hand.apply(f"{DECLARE} {words}")
        except IllegalAction as e:
            raise RecordError(f"seat {seat} declaration {words!r}: {e}") from None


def summary(hand: Hand) -> dict:
    """The replay command's output for a finished hand (docs/cli.md, docs/records.md)."""
    sides = hand.rules.sides
    if hand.score is None:
        zero = [0] * sides
        return {"card_points": list(hand.points), "declarations": zero, "belote": list(hand.belote),
                "valat": False, "raw": zero, "score": zero, "hanging": zero,
                "contract": hand.contract_words(),
                "bidders": hand.rules.side(hand.contract.bidder) if hand.contract else None,
                "made": False}
    scored = hand.score.to_dict()
    return {key: scored[key] for key in ("card_points", "declarations", "belote", "valat", "raw",
                                         "score", "hanging", "contract", "bidders", "made")}


def loads(text: str) -> dict:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not valid JSON: {e.msg} at line {e.lineno} column {e.colno}") from None
    return data
