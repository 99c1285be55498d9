"""Checking that a hand record's deck came from its seed: ``python -m belote verify``.

What the seed and the commitment are: :mod:`belote.deals` and docs/deals.md.
"""

from __future__ import annotations

from .cards import CARD_NAMES
from .deals import commitment, deck_of, hand_seed
from .record import RecordError, parse_deck


def verify(record, expected_seed: str | None = None) -> dict:
    """Check that a hand record's deck was dealt from its seed and that its commitment (when it
    has one) is the seed's: ``{"status": "verified", "seed", "commitment"}``; for a hand
    still under way (a commitment, its seed not revealed yet) ``{"status": "committed",
    "commitment"}``. With ``expected_seed`` (a match's hand seed) the seed must be that one.
    RecordError names the first thing that does not hold."""
    if not isinstance(record, dict):
        raise RecordError("a hand record is a JSON object")
    seed = record.get("seed")
    if seed is None:
        committed = record.get("commitment")
        if isinstance(committed, str):
            return {"status": "committed", "commitment": committed}
        raise RecordError("the record has no seed (records written before seeds were "
                          "recorded cannot be verified)")
    if not isinstance(seed, str):
        raise RecordError("the seed must be a string")
    if expected_seed is not None and seed != expected_seed:
        raise RecordError(f"the seed {seed!r} is not the match's ({expected_seed!r})")
    deck = parse_deck(record.get("deck"))
    dealt = deck_of(seed)
    if deck != dealt:
        first = next(i for i, (a, b) in enumerate(zip(deck, dealt)) if a != b)
        raise RecordError(f"the deck was not dealt from its seed: card {first + 1} is "
                          f"{CARD_NAMES[deck[first]]}, the seed deals {CARD_NAMES[dealt[first]]}")
    digest = commitment(seed)
    committed = record.get("commitment")
    if committed is not None and committed != digest:
        raise RecordError(f"the commitment {str(committed)[:16]}... is not the seed's "
                          f"({digest[:16]}...)")
    return {"status": "verified", "seed": seed, "commitment": digest}


def verify_all(data) -> list[dict]:
    """:func:`verify` every hand of ``data``: a hand record, a match (``Match.to_dict()``,
    whose hands must then come from its seed), the page's whole save (``{"match": ...}``) or
    anything holding a list of hand records as ``hands`` (the ``daily`` command's output).
    In a match, a hand recorded before seeds were is ``{"status": "unseeded"}``. RecordError
    ``"hand N: ..."`` for the first hand that fails, or when no hand has a seed."""
    if isinstance(data, dict) and isinstance(data.get("match"), dict) and "hands" not in data:
        data = data["match"]
    if not isinstance(data, dict):
        raise RecordError("expected a hand record or a match (a JSON object)")
    if "hands" not in data:
        return [verify(data)]
    hands = data["hands"]
    if not isinstance(hands, list) or not hands:
        raise RecordError("hands must be a list of hand records")
    match_seed = data.get("seed")
    out = []
    for i, record in enumerate(hands):
        if isinstance(record, dict) and "seed" not in record and "commitment" not in record:
            out.append({"status": "unseeded"})
            continue
        expected = None
        if match_seed is not None and isinstance(record, dict):
            expected = hand_seed(str(data.get("rules")), data.get("players", 4), match_seed, i)
        try:
            out.append(verify(record, expected))
        except RecordError as e:
            raise RecordError(f"hand {i + 1}: {e}") from None
    if all(h["status"] == "unseeded" for h in out):
        raise RecordError("no hand has a seed (records written before seeds were recorded "
                          "cannot be verified)")
    return out
