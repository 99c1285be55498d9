"""Saving and restoring (docs/records.md "A match record", docs/saves.md), checked after every
action of random matches: ``Match.to_dict()``, through JSON, then ``Match.from_dict()``, gives a
match that every seat sees exactly as before, with the same legal actions. Every seat's view is
also checked to name no card that seat may not know (``rulebook.visible_cards``).

Hypothesis draws the deal, the options and each action, as ``test_properties.py`` does (whose
checks of the hands themselves are not repeated here); the matches go on across hands (hanging
points, dealers, "I'm out" judged, the end of a match and the next one).
"""

import json

import pytest
import rulebook as rb
from drawing import example, options_for, pick
from hypothesis import given, settings

from belote import Match
from belote.rules import CONFIGS

IDS = [f"{r}-{n}" for r, n in CONFIGS]

MATCHES = 25             # examples per configuration: 100 hands
HANDS_PER_EXAMPLE = 4


def same_after_restore(match: Match) -> None:
    again = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert again.legal_actions() == match.legal_actions()
    for seat in range(match.players):
        view = match.view(seat)
        assert again.view(seat) == view
        assert rb.cards_named(json.dumps(view)) <= rb.visible_cards(match.hand, seat)


@pytest.mark.parametrize("rules,players", CONFIGS, ids=IDS)
@settings(max_examples=MATCHES, deadline=None)
@given(**example(HANDS_PER_EXAMPLE))
def test_restore_after_every_action(rules, players, undertrump, low_target, seed, choices):
    options = options_for(rules, undertrump, low_target)
    it = iter(choices)
    match = Match(rules, players, options, seed=seed)
    same_after_restore(match)
    for k in range(HANDS_PER_EXAMPLE):
        if match.phase == "match-over":
            match = Match(rules, players, options, seed=seed + k)
        elif k:
            match.apply("next")
        same_after_restore(match)
        while match.phase in ("auction", "play"):
            match.apply(pick(match.legal_actions(), match.phase, next(it, 0)))
            same_after_restore(match)
