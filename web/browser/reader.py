"""The one reader of the page's events: a DOM event in, a typed message out
(web/app/messages.py).

The adapter (web/browser/adapter.py) calls :func:`read_event` with the browser's event, and the
CPython test page (tests/table_page.py) with the same kind of event on its stand-in DOM
(tests/fake_dom.py), so that what the tests send is what the page sends. Each action's message
is built from the attributes of the element clicked (:data:`ACTIONS`), so what an action needs
is read where it is: nothing here imports the browser.
"""

from __future__ import annotations

from collections.abc import Callable

from web.app import messages as m
from web.app import records_messages as rm
from web.browser.dom import attribute, js_str, present

GROUP_KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End")
TYPING = ("INPUT", "SELECT", "TEXTAREA")


def _number(text: str | None) -> int:
    return int(text) if text and text.isdigit() else 0


def _data(name: str) -> Callable[[object], str]:
    return lambda el: attribute(el, "data-" + name) or ""


def _toggle(name: str) -> Callable[[object], m.Msg]:
    return lambda el: m.Toggle(name)


def _replay_to(where: str) -> Callable[[object], m.Msg]:
    return lambda el: rm.ReplayTo(where)


# A click on ``[data-action=name]``: its message, from the element.
ACTIONS: dict[str, Callable[[object], m.Msg]] = {
    # the table
    "bid-level": lambda el: m.ChooseLevel(_data("level")(el)),
    "meaning": lambda el: m.ShowMeaning(_data("meaning")(el)),
    "new-game": lambda el: m.NewGame(),
    "settings-new-game": lambda el: m.SettingsNewGame(),
    "next": lambda el: m.NextHand(),
    "out": lambda el: m.AskOut(),
    "out-confirm": lambda el: m.ConfirmOut(),
    "hand-info": lambda el: m.Toggle("hand"),
    "hint": lambda el: m.Hint(),
    "take-back": lambda el: m.TakeBack(),
    **{name: _toggle(name) for name in ("sheet", "last-trick", "stats", "help", "settings")},
    "close": lambda el: m.Close(),
    "dismiss": lambda el: m.Dismiss(),
    "take-over": lambda el: m.TakeOver(),
    "undo-new-game": lambda el: m.UndoNewGame(),
    "update": lambda el: m.ApplyUpdate(),
    # the daily deal
    "daily": lambda el: m.OpenDaily(),
    "daily-play": lambda el: m.DailyPlay(_data("date")(el)),
    "daily-next": lambda el: m.DailyNext(),
    "daily-end": lambda el: m.DailyEnd(),
    "chart-match": lambda el: m.ChartMatch(-1 if _data("step")(el) == "-1" else 1),
    "daily-compare": lambda el: m.DailyCompare(),
    "daily-share": lambda el: m.DailyShare(),
    # the coach
    "practice-end": lambda el: m.EndPractice(),
    "practice-again": lambda el: m.PracticeAgain(),
    "puzzle-prev": lambda el: m.PuzzleStep(-1),
    "puzzle-next": lambda el: m.PuzzleStep(1),
    "puzzle-finish": lambda el: m.FinishPuzzles(),
    "puzzle-why": lambda el: m.PuzzleWhy(),
    "guide-start": lambda el: m.StartGuide(_data("rules")(el)),
    "guide-next": lambda el: m.GuideNext(),
    "guide-skip": lambda el: m.EndGuide(),
    "guide-done": lambda el: m.EndGuide(),
    "review-hand": lambda el: m.ReviewHand(_number(attribute(el, "data-hand"))),
    "replay-review": lambda el: m.ReviewReplayed(),
    "review-cancel": lambda el: m.ReviewCancel(),
    "review-continue": lambda el: m.ReviewContinue(),
    "review-close": lambda el: m.ReviewClose(),
    "practice": lambda el: m.Practise(_number(attribute(el, "data-practice"))),
    "puzzles": lambda el: m.Puzzles(),
    # records
    "replay-hand": lambda el: rm.ReplayHand(_number(attribute(el, "data-hand"))),
    "export-hand": lambda el: rm.ExportHand(),
    "export-match": lambda el: rm.ExportMatch(),
    "import": lambda el: rm.OpenImport(),
    "import-open": lambda el: rm.ImportPasted(),
    "import-resume": lambda el: rm.ImportResume(),
    **{name: (lambda el: rm.CloseRecords())
       for name in ("import-close", "import-cancel", "replay-close")},
    "replay-play": lambda el: rm.ReplayPlay(),
    **{f"replay-{where}": _replay_to(where) for where in ("first", "prev", "next", "last")},
}
# Buttons that stay focusable when they may not be used (aria-disabled): a click does nothing.
ARIA = {name for name in ACTIONS if name.startswith(("replay-", "import"))}


def group_buttons(el) -> list:
    """The enabled buttons of the hand or bidding box that ``el`` (focused) is in."""
    group = el.closest(".cards, .bidbox") if present(el) else None
    if group is None or not present(group) or el.tagName == "SELECT":
        return []
    return [b for b in group.querySelectorAll("button") if not b.disabled]


def read_event(event, active) -> m.Msg | None:
    """The message of a DOM ``event`` (None: nothing the table acts on); ``active`` is the
    focused element (``document.activeElement``)."""
    kind = js_str(event.type) or ""
    target = event.target
    if kind == "keydown":
        return read_key(event, active)
    if not present(target):
        return None
    if kind == "click":
        return read_click(target)
    if kind == "change":
        return read_change(target)
    if kind == "input":
        if attribute(target, "data-replay-seek") is not None:
            return rm.ReplayTo(js_str(getattr(target, "value", None)) or "0")
        if attribute(target, "data-import-text") is not None:
            return rm.ImportTyped(js_str(getattr(target, "value", None)) or "")
    return None


def read_click(target) -> m.Msg | None:
    el = target.closest("[data-card],[data-bid],[data-action]")
    if not present(el):
        return None
    # (a property an element does not have is an AttributeError in Pyodide)
    if getattr(el, "disabled", False):
        return None
    card = attribute(el, "data-card")
    if card:
        return m.PlayCard(card)
    bid = attribute(el, "data-bid")
    if bid:
        return m.Bid(bid)
    action = attribute(el, "data-action") or ""
    build = ACTIONS.get(action)
    if build is None or action in ARIA and attribute(el, "aria-disabled") == "true":
        return None
    return build(el)


def read_change(el) -> m.Msg | None:
    checkbox = js_str(getattr(el, "type", None)) == "checkbox"
    value: str | bool = bool(getattr(el, "checked", False)) if checkbox else (
        js_str(getattr(el, "value", None)) or "")
    declaration = attribute(el, "data-declare")
    if declaration:
        return m.Tick(declaration, bool(value))
    name = attribute(el, "data-setting")
    if name:
        return m.Setting(name, value)
    if attribute(el, "data-import-file") is not None:
        return rm.ImportFile()
    return None


def read_key(event, active) -> m.Key:
    key = js_str(event.key) or ""
    target = event.target
    group = None
    if key in GROUP_KEYS:
        buttons = group_buttons(active)
        if buttons:
            group = (next((i for i, b in enumerate(buttons) if b == active), 0), len(buttons))
    within = None
    if present(target):
        for region in ("records", "review"):
            if present(target.closest(f"[data-region={region}]")):
                within = region
                break
    return m.Key(key, typing=present(target) and target.tagName in TYPING,
                 modified=bool(event.ctrlKey or event.metaKey or event.altKey),
                 within=within, group=group)
