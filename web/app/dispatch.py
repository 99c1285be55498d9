"""One dispatcher for the page's clicks, changes and keys: a table of actions.

The adapter (web/table.py) reads each DOM event into an :class:`Event`, plain data. The event
names its action: a click by the element's ``data-action`` (``card`` for a ``[data-card]``,
``bid`` for a ``[data-bid]``), a change or an input by the control's kind, a key by
:data:`KEYS`, the key bindings. Each part of the page adds its actions to the one
:class:`Dispatcher` (the table's controller, web/records.py, web/review_panel.py), and the states
the key bindings ask about (``"overlay"``: a panel is open). An action's handler returns the
effects for the adapter to carry out (:mod:`web.effects`); if it raises, its part's ``fail``
says so instead.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from web.app.effects import Effects


@dataclass(frozen=True)
class Event:
    """What the adapter read of one DOM event."""

    type: str                       # click | change | input | keydown
    data: Mapping[str, str] = field(default_factory=dict)  # data-* of the element
    disabled: bool = False          # the element is disabled
    aria_disabled: bool = False     # aria-disabled="true"
    checkbox: bool = False          # a change: the control is a checkbox
    checked: bool = False
    value: str | None = None        # a change or an input: the control's value
    key: str = ""                   # a key: KeyboardEvent.key
    modified: bool = False          # Ctrl, Alt or Meta held
    typing: bool = False            # the key went to a text field, a select or a text area
    within: str | None = None       # the region the target is in: "records" | "review" | None
    group: tuple[int, int] | None = None  # the focused button's place among the enabled
    #                                       buttons of its hand or bidding box, and their count


Handler = Callable[["Event"], Effects]


def plain(run: Callable[[], Effects]) -> Handler:
    """The handler of an action that needs nothing of its event."""
    return lambda event: run()


def quiet(run: Callable[[], object]) -> Handler:
    """The handler of an action that leaves the table alone (its part does all)."""
    def done(event: Event) -> Effects:
        run()
        return []
    return done


@dataclass(frozen=True)
class Action:
    """A handler; ``fail`` answers an exception it raised. ``enabled_only``: a click on a
    disabled element does nothing; ``aria``: nor on an aria-disabled one."""

    run: Handler
    fail: Callable[[Exception], Effects]
    enabled_only: bool = False
    aria: bool = False


@dataclass(frozen=True)
class Binding:
    """``keys`` run ``action`` when every state of ``when`` holds (``"!name"``: does not).
    ``within`` a region: only for a key in that region, which stops there (the region's own
    keys come first). ``typing``: also in a text field; ``plain``: only without Ctrl, Alt or
    Meta; ``prevent``: the browser's own use of the key is prevented."""

    keys: tuple[str, ...]
    action: str
    when: tuple[str, ...] = ()
    within: str | None = None
    typing: bool = True
    plain: bool = False
    prevent: bool = True


BACK, ON = ("ArrowLeft", "ArrowUp"), ("ArrowRight", "ArrowDown")
IN_GROUP = "in-group"  # a state of the event: the focus is on a hand's or bidding box's button
KEYS: tuple[Binding, ...] = (
    # The import dialog and the replay viewer (web/records.py).
    Binding(("Escape",), "records-close", ("records-open",), within="records"),
    Binding(BACK, "replay-prev", ("replaying",), within="records", typing=False),
    Binding(ON, "replay-next", ("replaying",), within="records", typing=False),
    Binding(("Home",), "replay-first", ("replaying",), within="records", typing=False),
    Binding(("End",), "replay-last", ("replaying",), within="records", typing=False),
    # The hand review (web/review_panel.py).
    Binding(("Escape",), "review-close", ("review-open",), within="review"),
    # The table (web/controller.py).
    Binding(("Escape",), "review-close", ("review-open",), prevent=False),
    Binding(("Escape",), "close", ("overlay",), prevent=False),
    Binding(("Escape",), "dismiss", ("notice", "!overlay", "!review-open", "!records-open"),
            prevent=False),  # the notice, with nothing open over the table
    Binding(("b", "B"), "hand-info", ("contract", "!records-open"), typing=False, plain=True,
            prevent=False),  # the auction and the declarations (the contract's marker)
    Binding(("u", "U"), "take-back", ("!overlay", "!records-open", "!review-open"),
            typing=False, plain=True),  # take back the last card or bid (web/controller.py)
    Binding(BACK, "focus-prev", (IN_GROUP,)),
    Binding(ON, "focus-next", (IN_GROUP,)),
    Binding(("Home",), "focus-first", (IN_GROUP,)),
    Binding(("End",), "focus-last", (IN_GROUP,)),
)


@dataclass
class Outcome:
    """What an event came to: effects, and whether the key stops here (its default action
    prevented; ``stop``: it does not go on to the page's other listeners either)."""

    effects: Effects = field(default_factory=list)
    prevent: bool = False
    stop: bool = False


def action_of(event: Event) -> str | None:
    """The action a click, change or input names (keys: :data:`KEYS`)."""
    data = event.data
    if event.type == "click":
        return "card" if data.get("card") else "bid" if data.get("bid") else (
            data.get("action") or None)
    if event.type == "change":
        return ("declare" if data.get("declare") else "setting" if data.get("setting") else
                "import-file" if "import-file" in data else None)
    if event.type == "input":
        return "replay-seek" if "replay-seek" in data else None
    return None


class Dispatcher:
    """The page's one table of actions, and the key bindings that lead to them."""

    def __init__(self, keys: Iterable[Binding] = KEYS):
        self.keys = tuple(keys)
        self.actions: dict[str, Action] = {}
        self.states: dict[str, Callable[[], bool]] = {}
        self.key_seen: list[Callable[[], object]] = []

    def add(self, actions: Mapping[str, Action],
            states: Mapping[str, Callable[[], bool]] | None = None,
            key_seen: Callable[[], object] | None = None) -> None:
        """A part's actions and states (no name twice); ``key_seen`` is called for each key
        that no region kept for itself."""
        for name in (*actions, *(states or {})):
            if name in self.actions or name in self.states:
                raise ValueError(f"{name!r} is already in the dispatcher")
        self.actions.update(actions)
        self.states.update(states or {})
        if key_seen is not None:
            self.key_seen.append(key_seen)

    def holds(self, name: str, event: Event) -> bool:
        if name.startswith("!"):
            return not self.holds(name[1:], event)
        if name == IN_GROUP:
            return event.group is not None
        state = self.states.get(name)
        return state is not None and bool(state())

    def binding(self, event: Event, within: bool) -> Binding | None:
        """The first binding for ``event``'s key among the regions' own (``within``) or the
        page's."""
        for b in self.keys:
            if (event.key in b.keys and (b.within is not None) == within
                    and (b.within is None or b.within == event.within)
                    and (b.typing or not event.typing) and not (b.plain and event.modified)
                    and all(self.holds(name, event) for name in b.when)):
                return b
        return None

    def dispatch(self, event: Event) -> Outcome:
        if event.type == "keydown":
            return self._key(event)
        name = action_of(event)
        action = self.actions.get(name) if name else None
        if action is None or event.type == "click" and (
                action.enabled_only and event.disabled or action.aria and event.aria_disabled):
            return Outcome()
        return Outcome(self.run(action, event))

    def _key(self, event: Event) -> Outcome:
        b = self.binding(event, within=True)
        if b is None:
            for seen in self.key_seen:
                seen()
            b = self.binding(event, within=False)
        action = self.actions.get(b.action) if b is not None else None
        if b is None or action is None:
            return Outcome()
        return Outcome(self.run(action, event), b.prevent, stop=b.within is not None)

    @staticmethod
    def run(action: Action, event: Event) -> Effects:
        try:
            return action.run(event)
        except Exception as error:
            return action.fail(error)
