"""The guided hands' controller, without a browser: where the player is in a guide's script,
what each of their actions means for it, what is remembered, and the hand's score in words.

:class:`GuideRun` walks a :class:`web.coach.guide_script.Guide`'s script on its own match: the bots'
words are taken from the script (:meth:`GuideRun.bot_action`), a step waits for the player's
action (:meth:`GuideRun.check`) or "Next" (:meth:`GuideRun.next`). :class:`Progress` is what
the page keeps in ``localStorage`` (:data:`KEY`, versioned; a bad value reads as nothing).
web/coach/guiding.py plays the guide on the table; tests/test_guides.py plays each one through.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from belote import Match
from web.coach.guide_script import GUIDES, Guide, Step, start
from web.i18n import card_label, t
from web.table.words import bid_text

KEY = "belote.v1.guide"
VERSION = 1
OK, OFF_SCRIPT, NOT_NOW = "ok", "off-script", "not-now"


@dataclass
class Progress:
    """What the page remembers of the guides: the rule sets whose guide is done (or skipped),
    the rule sets chosen once (each offers its guide the first time), whether the first visit's
    offer was answered, and the guide under way (its rule set and how far)."""

    done: set[str] = field(default_factory=set)
    seen: set[str] = field(default_factory=set)
    offered: bool = False
    current: tuple[str, int] | None = None

    def dump(self) -> str:
        return json.dumps({"v": VERSION, "done": sorted(self.done), "seen": sorted(self.seen),
                           "offered": self.offered,
                           "current": list(self.current) if self.current else None})


def load(text: str | None) -> Progress:
    """The progress kept as ``text``; anything unreadable, of another version or of unknown
    rule sets reads as what it can (never an error)."""
    try:
        data = json.loads(text) if text else None
    except ValueError:
        data = None
    if not isinstance(data, dict) or data.get("v") != VERSION:
        return Progress(offered=text is not None and text != "")

    def names(value) -> set[str]:
        return {n for n in value if isinstance(n, str)} if isinstance(value, list) else set()

    current = data.get("current")
    at: tuple[str, int] | None = None
    if (isinstance(current, list) and len(current) == 2 and current[0] in GUIDES
            and isinstance(current[1], int) and not isinstance(current[1], bool)
            and 0 <= current[1] <= len(GUIDES[current[0]].script)):
        at = (current[0], current[1])
    return Progress(names(data.get("done")), names(data.get("seen")),
                    data.get("offered") is True, at)


class GuideRun:
    """One guide being played: its match and the index ``at`` of the script's next item."""

    def __init__(self, guide: Guide, at: int = 0):
        self.guide = guide
        self.match: Match = start(guide)
        self.at = 0
        while self.at < at:
            self._replay_one()

    @property
    def rules(self) -> str:
        return self.guide.rules

    def _replay_one(self) -> None:
        item = self.guide.script[self.at]
        if isinstance(item, Step):
            if item.expect:
                self.apply_player(item.expect)
            else:
                self.at += 1
        else:
            self.match.apply(item)
            self.at += 1

    def apply_player(self, action: str) -> list:
        """The player's expected action, with their declarations (made with the first card,
        as the table does), then the next item."""
        m, events = self.match, []
        if m.phase == "play":
            for a in m.legal_actions():
                if a.startswith("declare "):
                    events += m.apply(a)
        events += m.apply(action)
        self.at += 1
        return events

    def item(self) -> str | Step | None:
        script = self.guide.script
        return script[self.at] if self.at < len(script) else None

    def step(self) -> Step | None:
        """The step that waits for the player now (None: the bots' turn, or the end)."""
        item = self.item()
        return item if isinstance(item, Step) else None

    def bot_action(self) -> str | None:
        """The script's next word when it is a bot's (or a declaration's) to apply now."""
        item = self.item()
        return item if isinstance(item, str) else None

    def took(self) -> None:
        """The script's next word was applied."""
        self.at += 1

    def check(self, action: str) -> str:
        """What the player's legal ``action`` is for the step: OK (the one awaited),
        OFF_SCRIPT (another), NOT_NOW (the step waits for "Next")."""
        step = self.step()
        if step is None or not step.expect:
            return NOT_NOW
        return OK if action == step.expect else OFF_SCRIPT

    def next(self) -> bool:
        """"Next" on a step that waits for it."""
        step = self.step()
        if step is None or step.expect:
            return False
        self.at += 1
        return True

    @property
    def finished(self) -> bool:
        return self.match.phase != "auction" and self.match.phase != "play"


def step_text(rules: str, step: Step, view) -> str:
    """The step's words in the current language (a rule set's own, else the shared ones), with
    the awaited action named."""
    params = dict(step.params)
    if step.expect:
        if view["phase"] == "play":
            params["card"] = card_label(step.expect)
        else:
            params["bid"] = bid_text(step.expect, view)
    own = f"guide.{rules}.{step.key}"
    return t(own if t(own) != own else f"guide.{step.key}", **params)


def score_lines(match: Match, seat: int = 0) -> list[str]:
    """The hand's score, line by line, from the engine's own (:class:`belote.scoring.HandScore`
    of the hand just played), for the side of ``seat``; the last line says the rule set's rule
    of who scores."""
    score = match.hand.score
    if score is None:
        return []
    rules = match.rules
    us = rules.side(seat)
    them = 1 - us

    def pair(key: str, values: list[int]) -> str:
        return t(key, us=values[us], them=values[them])

    lines = [pair("guide.score.cards", score.card_points)]
    if any(score.declarations):
        lines.append(pair("guide.score.declarations", score.declarations))
    if any(score.belote):
        lines.append(pair("guide.score.belote", score.belote))
    if score.valat:
        lines.append(t("guide.score.valat"))
    lines.append(pair("guide.score.raw", score.raw))
    who = t("guide.team.us" if score.bidders == us else "guide.team.them")
    lines.append(t("guide.score.made" if score.made else "guide.score.inside", who=who))
    lines.append(pair("guide.score.score", score.score))
    if any(score.hanging):
        lines.append(t("guide.score.hanging", n=sum(score.hanging)))
    lines.append(t(f"guide.{rules.name}.rule"))
    return lines
