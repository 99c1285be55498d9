"""What moves on the table: the things that came in during this hand, in this page.

A card dealt into the hand, a card put on the trick and a bubble popping in are animated once,
when they come: the view gives them their animation's class (web/table/regions.py) while their
key is in ``Session.arrived``, and the page's morph (web/browser/adapter.py) keeps their element,
so that a redraw for anything else (a hint, a language, a setting) starts nothing again. After a
reload nothing has arrived: the table is drawn still.
"""

from __future__ import annotations

from belote.view import View
from web.app.model import HUMAN, Keys, Model
from web.storage.settings import speed_factor


def bubble_keys(view: View) -> set[str]:
    """The bubbles on the table now (the seats' last bids in the auction, belote), by key."""
    keys = set()
    n = view["hand_number"]
    if view["phase"] == "auction":
        last: dict[int, int] = {}
        for i, (seat, _) in enumerate(view["auction"]):
            last[seat] = i
        keys |= {f"{n}:bid:{i}" for i in last.values()}
    for _, word, card in view.get("belote") or []:
        keys.add(f"{n}:{word}:{card}")
    return keys


def on_table(model: Model) -> Keys:
    """The keys of the animated things on the table now."""
    view = model.match.view(HUMAN)
    shown = model.session.shown_trick
    trick = shown.cards if shown is not None else view["trick"]
    return frozenset({f"deal:{c}" for c in view["hand"]} | {f"trick:{c}" for _, c in trick}
                     | {f"bubble:{k}" for k in bubble_keys(view)})


def animated(model: Model) -> bool:
    """Whether the table animates: not with ?fast=1, nor at the "instant" speed (CSS also
    stops every animation then, and with reduced motion)."""
    return not model.flags.fast and speed_factor(model.saved.settings) != 0


def note(model: Model) -> None:
    """After each update: what came on the table since the last one has arrived (a new batch
    of dealt cards replaces the last one, whose animation is long over)."""
    s = model.session
    now = on_table(model)
    new = now - s.drawn
    if new and animated(model):
        arrived = s.arrived
        if any(k.startswith("deal:") for k in new):
            arrived = frozenset(k for k in arrived if not k.startswith("deal:"))
        s.arrived = arrived | new
    s.drawn = now


def still(model: Model) -> None:
    """What is on the table now came without a move (a reload, a take-back): nothing of it
    is animated."""
    model.session.drawn = on_table(model)


def new_hand(model: Model) -> None:
    """A new hand (or another match) on the table: everything on it comes in afresh, in new
    elements (``Session.deal`` is part of their keys: a card of the last hand that is also in
    this one is dealt in again)."""
    s = model.session
    s.drawn = s.arrived = frozenset()
    s.deal += 1
