"""Statistics across matches, per rule set (and table size): pure Python, no browser.

Saved in ``belote.v1`` under "stats" as ``{key: entry}``, the key being the rule set
(``bulgarian``) or, for a rule set with several table sizes, the rule set and the number of
players (``classic-3``). An entry counts::

    {"played": matches finished, "won": matches won,
     "hands": hands played to the end (scored),
     "taken": contracts the player took (their own bid won the auction),
     "made": of those, the ones made,
     "valats": hands in which the player's side took every trick,
     "puzzles": puzzles tried ("Learn from your mistakes", web/coach/puzzles.py),
     "solved": of those, the ones whose first pick was as good as the best,
     "helped": matches finished in which a move was taken back (counted apart: not in
               "played" and "won"),
     "helped_won": of those, the ones won}

Older saves kept only ``played`` and ``won`` (or no puzzle or take-back counts): :func:`clean`
keeps them and starts the new counts at 0. A bad count becomes 0, counts that contradict each
other are brought in line (never more wins than matches, nor contracts made than taken, nor
puzzles solved than tried, nor matches won with take-backs than played with them), entries
under an unknown rule set are dropped; nothing here raises.
"""

from __future__ import annotations

from web.storage.settings import RULE_NAMES, player_counts

FIELDS = ("played", "won", "hands", "taken", "made", "valats", "puzzles", "solved", "helped",
          "helped_won")


def key(rules: str, players: int) -> str:
    """``bulgarian``, ``classic-3``."""
    return f"{rules}-{players}" if len(player_counts(rules)) > 1 else rules


def split_key(name: str) -> tuple[str, int | None]:
    """``classic-3`` -> ``("classic", 3)``; ``bela`` -> ``("bela", None)``."""
    rules, _, players = name.partition("-")
    return rules, int(players) if players.isdigit() else None


def valid_key(name) -> bool:
    if not isinstance(name, str):
        return False
    rules, _, players = name.partition("-")
    if rules not in RULE_NAMES:
        return False
    return not players or (players.isdigit() and int(players) in player_counts(rules))


def empty() -> dict:
    return dict.fromkeys(FIELDS, 0)


def _count(value) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0


def clean_entry(entry) -> dict | None:
    """One entry with every count valid, or None when it is not an entry at all."""
    if not isinstance(entry, dict):
        return None
    out = {name: _count(entry.get(name)) for name in FIELDS}
    out["won"] = min(out["won"], out["played"])
    out["made"] = min(out["made"], out["taken"])
    out["solved"] = min(out["solved"], out["puzzles"])
    out["helped_won"] = min(out["helped_won"], out["helped"])
    return out


def clean(data) -> dict:
    """Statistics with every entry and count valid (older entries migrated)."""
    out: dict[str, dict] = {}
    if not isinstance(data, dict):
        return out
    for name, entry in data.items():
        cleaned = clean_entry(entry) if valid_key(name) else None
        if cleaned is not None:
            out[name] = cleaned
    return out


def _entry(stats: dict, rules: str, players: int) -> dict:
    name = key(rules, players)
    entry = clean_entry(stats.get(name)) or empty()
    stats[name] = entry
    return entry


def record_match(stats: dict, rules: str, players: int, won: bool,
                 helped: bool = False) -> dict:
    """Count a finished match (in place; returns ``stats``); one in which a move was taken back
    (``helped``) is counted apart, in ``helped`` and ``helped_won``."""
    entry = _entry(stats, rules, players)
    entry["helped" if helped else "played"] += 1
    entry["helped_won" if helped else "won"] += int(bool(won))
    return stats


def record_hand(stats: dict, rules: str, players: int, taken: bool = False,
                made: bool = False, valat: bool = False) -> dict:
    """Count a hand played to the end (in place; returns ``stats``)."""
    entry = _entry(stats, rules, players)
    entry["hands"] += 1
    entry["taken"] += int(bool(taken))
    entry["made"] += int(bool(taken and made))
    entry["valats"] += int(bool(valat))
    return stats


def record_puzzle(stats: dict, rules: str, players: int, solved: bool) -> dict:
    """Count a puzzle tried, and solved when its first pick was as good as the best (in place;
    returns ``stats``). A rule set the statistics do not know (an imported hand's) is left
    out."""
    if rules not in RULE_NAMES or not valid_key(key(rules, players)):
        return stats
    entry = _entry(stats, rules, players)
    entry["puzzles"] += 1
    entry["solved"] += int(bool(solved))
    return stats


def hand_facts(match, seat: int = 0) -> dict:
    """What the hand just scored in ``match`` means for the player at ``seat``: whether they
    took the contract, made it, and whether their side took every trick."""
    hand = match.hand
    score, result, contract = hand.score, hand.facts, hand.contract
    if score is None or result is None or contract is None:
        return {"taken": False, "made": False, "valat": False}
    taken = contract.bidder == seat
    side = match.rules.side(seat)
    return {"taken": taken, "made": bool(taken and score.made),
            "valat": result.valat is not None and result.valat == side}


def rate(part: int, whole: int) -> int | None:
    """A percentage rounded to a whole number (None when there is nothing to divide)."""
    return round(100 * part / whole) if whole else None
