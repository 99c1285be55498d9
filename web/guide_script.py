"""The guided hands as the page tells them: what the guide says at each step and what it points
at, over the engine's guided hands (:mod:`belote.guides`: the deal and every action).

A guide's script is every action of its hand in order: the bots' words, and the player's
:class:`Step`\\ s, which say what to look at (a text key of web/i18n, ``guide.<rules>.<key>``,
or a shared ``guide.<key>``; ``point`` the ``data-guide-point`` element pointed at) and wait for
the player's move; three steps wait for the player's "Next" instead: at the start, when the
auction is over, and when the first trick is. web/guide.py walks the script.
"""

from __future__ import annotations

from dataclasses import dataclass

from belote.cards import CardError, parse_card
from belote.game import Match
from belote.guides import GUIDED_HANDS, GuidedHand, Move


@dataclass(frozen=True)
class Step:
    """One step of the player's: ``key`` the text, ``point`` the part of the table it points at,
    ``expect`` the action awaited ("" for "Next"); ``duty`` and ``wrong`` the engine's
    (:class:`belote.guides.Move`): the duty this step shows, a card that duty refuses."""

    key: str
    point: str = ""
    expect: str = ""
    duty: str = ""
    wrong: str = ""
    params: tuple[tuple[str, str], ...] = ()


Item = str | Step


@dataclass(frozen=True)
class Guide:
    """A rule set's guided hand (the engine's) and the page's script of it."""

    hand: GuidedHand
    script: tuple[Item, ...]

    @property
    def rules(self) -> str:
        return self.hand.rules


# The steps that wait for "Next": at the start, once the auction is over, once the first trick
# is; each (its text, what it points at).
PAUSES = {"start": ("intro", "hand"), "play": ("contract", "contract"),
          "trick": ("declarations", "seats")}

# Per rule set, the text of each of the player's moves, in order (a bid's step points at the
# bidding box, a card's at the hand).
LESSONS = {
    "bulgarian": ("bid", "declare", "lead", "overtrump", "lead.partner", "beat.trump",
                  "partner.frees", "trump.follow", "last"),
    "french": ("pass", "name", "follow", "undertrump", "beat.trump", "partner.frees",
               "overtrump", "lead", "trump", "last"),
    "coinche": ("bid", "surcoinche", "follow", "no.undertrump", "beat.trump", "partner.frees",
                "overtrump", "lead", "trump", "last"),
    "bela": ("bid", "beat", "lead", "lead.partner", "trump.partner", "give", "overtrump",
             "trumps", "last"),
    "classic": ("pass", "name", "follow", "beat.trump", "trump", "give", "partner.frees",
                "overtrump", "trumps", "last"),
}


def _is_card(word: str) -> bool:
    try:
        parse_card(word)
    except CardError:
        return False
    return True


def script(hand: GuidedHand, lessons: tuple[str, ...]) -> tuple[Item, ...]:
    """The hand's actions with the player's moves as steps (their texts ``lessons``, in order)
    and the three "Next" steps in their places."""
    keys = iter(lessons)
    out: list[Item] = [Step(*PAUSES["start"])]
    auction, cards = True, 0
    for action in hand.actions:
        word = action.action if isinstance(action, Move) else action
        card = _is_card(word)
        if auction and (card or word.startswith("declare ")):
            auction = False
            out.append(Step(*PAUSES["play"]))
        if isinstance(action, Move):
            out.append(Step(next(keys), "bids" if auction else "hand", action.action,
                            action.duty, action.wrong))
        else:
            out.append(action)
        cards += card
        if card and cards == len(hand.hands):
            out.append(Step(*PAUSES["trick"]))
    if next(keys, None) is not None:
        raise ValueError(f"the {hand.rules} guide has more texts than moves")
    return tuple(out)


GUIDES = {rules: Guide(hand, script(hand, LESSONS[rules])) for rules, hand in GUIDED_HANDS.items()}


def start(guide: Guide) -> Match:
    """A match of the guide's rule set whose first hand is the guide's deal."""
    return guide.hand.start()
