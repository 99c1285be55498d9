"""The page's keys: one table of bindings from a key to a message.

A key pressed becomes a :class:`~web.app.messages.Key` (web/browser/reader.py); :func:`resolve`
finds its binding: the first whose keys, region and states hold. The regions' own keys come
first (the records region, the review panel) and stop there; the others are the page's. The
adapter asks :func:`resolve` whether the browser's own use of the key is prevented; the update
sends the bound message (web/app/update.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from web.app.messages import (
    Close,
    Dismiss,
    FocusMove,
    Key,
    Msg,
    ReviewClose,
    ShowMeaning,
    TakeBack,
    Toggle,
)
from web.app.model import HUMAN, Model
from web.app.records_messages import CloseRecords, ReplayTo


@dataclass(frozen=True)
class Binding:
    """``keys`` send ``msg`` when every state of ``when`` holds (``"!name"``: does not).
    ``within`` a region: only for a key pressed in that region, which stops there. ``typing``:
    also in a text field; ``plain``: only without Ctrl, Alt or Meta; ``prevent``: the browser's
    own use of the key is prevented."""

    keys: tuple[str, ...]
    msg: Msg | None               # None: a move of the focus along the group (FocusMove)
    when: tuple[str, ...] = ()
    within: str | None = None
    typing: bool = True
    plain: bool = False
    prevent: bool = True
    where: str = ""               # FocusMove's: first, prev, next, last


BACK, ON = ("ArrowLeft", "ArrowUp"), ("ArrowRight", "ArrowDown")
IN_GROUP = "in-group"  # the focus is on a button of the hand or the bidding box
KEYS: tuple[Binding, ...] = (
    # The import dialog and the replay viewer (web/records/dialogs.py).
    Binding(("Escape",), CloseRecords(), ("records-open",), within="records"),
    Binding(BACK, ReplayTo("prev"), ("replaying",), within="records", typing=False),
    Binding(ON, ReplayTo("next"), ("replaying",), within="records", typing=False),
    Binding(("Home",), ReplayTo("first"), ("replaying",), within="records", typing=False),
    Binding(("End",), ReplayTo("last"), ("replaying",), within="records", typing=False),
    # The hand review (web/coach/reviewing.py).
    Binding(("Escape",), ReviewClose(), ("review-open",), within="review"),
    # The table.
    Binding(("Escape",), ReviewClose(), ("review-open",), prevent=False),
    Binding(("Escape",), ShowMeaning(""), ("meaning",), prevent=False),  # first the tooltip
    Binding(("Escape",), Close(), ("overlay",), prevent=False),
    Binding(("Escape",), Dismiss(), ("notice", "!overlay", "!review-open", "!records-open"),
            prevent=False),  # the notice, with nothing open over the table
    Binding(("b", "B"), Toggle("hand"), ("contract", "!records-open"), typing=False,
            plain=True, prevent=False),  # the auction and the declarations (the contract)
    Binding(("u", "U"), TakeBack(), ("!overlay", "!records-open", "!review-open"),
            typing=False, plain=True),  # take back the last card or bid
    Binding(BACK, None, (IN_GROUP,), where="prev"),
    Binding(ON, None, (IN_GROUP,), where="next"),
    Binding(("Home",), None, (IN_GROUP,), where="first"),
    Binding(("End",), None, (IN_GROUP,), where="last"),
)

STATES: dict[str, Callable[[Model], bool]] = {
    "records-open": lambda m: m.session.records.mode is not None,
    "replaying": lambda m: (m.session.records.mode == "replay"
                            and m.session.records.replay is not None),
    "review-open": lambda m: m.session.review is not None,
    "overlay": lambda m: bool(m.session.overlay),
    "meaning": lambda m: bool(m.session.meaning),
    "contract": lambda m: m.match.view(HUMAN)["contract"] is not None,
    "notice": lambda m: m.session.notice is not None and not m.session.notice.folded,
}


def _holds(name: str, model: Model, key: Key) -> bool:
    if name.startswith("!"):
        return not _holds(name[1:], model, key)
    if name == IN_GROUP:
        return key.group is not None
    return STATES[name](model)


def binding(model: Model, key: Key, within: bool) -> Binding | None:
    """The first binding for ``key`` among the regions' own (``within``) or the page's."""
    for b in KEYS:
        if (key.key in b.keys and (b.within is not None) == within
                and (b.within is None or b.within == key.within)
                and (b.typing or not key.typing) and not (b.plain and key.modified)
                and all(_holds(name, model, key) for name in b.when)):
            return b
    return None


@dataclass(frozen=True)
class Resolved:
    """What a key does: the message it sends (None: nothing), whether a region kept it for
    itself, whether the browser's own use of it is prevented and it stops there."""

    msg: Msg | None
    kept: bool
    prevent: bool
    stop: bool


def resolve(model: Model, key: Key) -> Resolved:
    b = binding(model, key, within=True)
    kept = b is not None
    if b is None:
        b = binding(model, key, within=False)
    if b is None:
        return Resolved(None, kept, False, False)
    msg = b.msg
    if msg is None and key.group is not None:
        msg = FocusMove(b.where, key.group)
    return Resolved(msg, kept, b.prevent, b.within is not None)
