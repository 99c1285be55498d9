"""The one reader of the page's events: a DOM event in, what the table acts on out.

The adapter (web/browser/adapter.py) calls :func:`read_event` with the browser's event, and the
CPython test page (tests/table_page.py) with the same kind of event on its stand-in DOM
(tests/fake_dom.py), so that what the tests send is what the page sends. Nothing here imports
the browser: it only reads the elements it is given.
"""

from __future__ import annotations

from web.app.dispatch import Event
from web.browser.dom import attribute, js_str, present

GROUP_KEYS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End")
TYPING = ("INPUT", "SELECT", "TEXTAREA")


def group_buttons(el) -> list:
    """The enabled buttons of the hand or bidding box that ``el`` (focused) is in."""
    group = el.closest(".cards, .bidbox") if present(el) else None
    if group is None or not present(group) or el.tagName == "SELECT":
        return []
    return [b for b in group.querySelectorAll("button") if not b.disabled]


def read_event(event, active) -> Event | None:
    """What the table needs of a DOM ``event`` (None: nothing it acts on); ``active`` is the
    focused element (``document.activeElement``)."""
    kind = js_str(event.type) or ""
    target = event.target
    if kind == "keydown":
        key = js_str(event.key) or ""
        group = None
        if key in GROUP_KEYS:
            buttons = group_buttons(active)
            if buttons:
                group = (next((i for i, b in enumerate(buttons) if b == active), 0),
                         len(buttons))
        within = None
        if present(target):
            for region in ("records", "review"):
                if present(target.closest(f"[data-region={region}]")):
                    within = region
                    break
        return Event(kind, key=key, group=group, within=within,
                     typing=present(target) and target.tagName in TYPING,
                     modified=bool(event.ctrlKey or event.metaKey or event.altKey))
    el = target.closest("[data-card],[data-bid],[data-action]") if kind == "click" else target
    if not present(el):
        return None
    # Every data- attribute: what an action needs is whatever its element carries (a list of
    # names once left out data-rules, so the guide offer's "Learn" started the wrong guide).
    data = {}
    for name in el.getAttributeNames():
        name = js_str(name) or ""
        value = attribute(el, name) if name.startswith("data-") else None
        if value is not None:
            data[name[len("data-"):]] = value
    # (a property an element does not have is an AttributeError in Pyodide)
    return Event(kind, data, disabled=bool(getattr(el, "disabled", False)),
                 aria_disabled=attribute(el, "aria-disabled") == "true",
                 checkbox=js_str(getattr(el, "type", None)) == "checkbox",
                 checked=bool(getattr(el, "checked", False)),
                 value=js_str(getattr(el, "value", None)))
