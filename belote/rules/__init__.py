"""Every rule set of docs/rules.md, by name: small subclasses of :class:`RuleSet`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import RuleError, RuleSet
from .bela import Bela
from .bulgarian import Bulgarian
from .classic import Classic
from .coinche import Coinche
from .french import French

RULE_SETS: dict[str, type[RuleSet]] = {
    cls.name: cls for cls in (Bulgarian, French, Coinche, Bela, Classic)
}
DEFAULT_RULES = Bulgarian.name
# Every (rule set, players) that can be played, the rule set's usual table size first.
CONFIGS: tuple[tuple[str, int], ...] = tuple(
    (name, n) for name, cls in RULE_SETS.items() for n in sorted(cls.player_counts, reverse=True))


_OF_VIEW: dict[tuple, RuleSet] = {}


def rules_of(view: Mapping[str, Any]) -> RuleSet:
    """The rule set of a view (:meth:`belote.Match.view`: its ``rules``, ``players`` and
    ``options``), made once per process."""
    options = view.get("options") or {}
    key = (view["rules"], view["players"], tuple(sorted(options.items())))
    rules = _OF_VIEW.get(key)
    if rules is None:
        rules = _OF_VIEW[key] = get_rules(view["rules"], view["players"], dict(options))
    return rules


def get_rules(name: str, players: int = 4, options: dict | None = None) -> RuleSet:
    """The rule set ``name`` for ``players`` with ``options``; RuleError names what is wrong."""
    try:
        cls = RULE_SETS[name]
    except (KeyError, TypeError):
        known = ", ".join(RULE_SETS)
        raise RuleError(f"unknown rule set {name!r} (known: {known})") from None
    return cls(players, options)


__all__ = ["CONFIGS", "DEFAULT_RULES", "RULE_SETS", "RuleError", "RuleSet", "get_rules", "rules_of",
           "Bela", "Bulgarian", "Classic", "Coinche", "French"]
