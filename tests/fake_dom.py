"""A small stand-in for the page's DOM under CPython, for the test page (tests/table_page.py).

The table's HTML (what the view draws) is parsed into :class:`Element` objects that answer
what the one event reader (web/browser/reader.py) asks of a real element: its attributes,
``closest``, ``querySelectorAll``, ``tagName``, and the properties ``disabled``, ``checked``,
``value`` and ``type`` as a browser computes them from the markup (a ``<select>``'s value is
its selected option's, a ``<textarea>``'s its text). Selectors: tags, ``#id``, ``.class``,
``[name]``, ``[name=value]`` (quoted or not), ``:not(...)``, the descendant and child
combinators and comma lists: what the tests and the reader use, and a clear error otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}
FORM_CONTROLS = {"BUTTON", "INPUT", "SELECT", "TEXTAREA", "OPTION", "FIELDSET"}


class Element:
    """One element of the fake page."""

    nodeType = 1

    def __init__(self, tag: str, attrs: dict[str, str], parent: Element | None = None):
        self.tag = tag.lower()
        self.attrs = dict(attrs)
        self.children: list[Element | str] = []
        self.parentElement = parent
        self._value: str | None = None       # set by the user (typing, choosing)
        self._checked: bool | None = None    # ticked or unticked by the user

    # --- what the reader asks -------------------------------------------------------------
    @property
    def tagName(self) -> str:  # noqa: N802 - the DOM's name
        return self.tag.upper()

    def getAttribute(self, name: str) -> str | None:  # noqa: N802
        return self.attrs.get(name)

    def hasAttribute(self, name: str) -> bool:  # noqa: N802
        return name in self.attrs

    def getAttributeNames(self) -> list[str]:  # noqa: N802
        return list(self.attrs)

    @property
    def disabled(self) -> bool:
        """As the browser says: a form control with ``disabled`` (or in a disabled fieldset)."""
        if self.tagName not in FORM_CONTROLS:
            raise AttributeError("disabled")  # as Pyodide: the element has no such property
        el: Element | None = self
        while el is not None:
            if "disabled" in el.attrs and el.tagName in FORM_CONTROLS:
                return True
            el = el.parentElement
        return False

    @property
    def checked(self) -> bool:
        if self.tagName != "INPUT":
            raise AttributeError("checked")
        return self._checked if self._checked is not None else "checked" in self.attrs

    @checked.setter
    def checked(self, on: bool) -> None:
        self._checked = on

    @property
    def type(self) -> str:
        if self.tagName == "INPUT":
            return self.attrs.get("type", "text")
        if self.tagName == "BUTTON":
            return self.attrs.get("type", "submit")
        if self.tagName == "SELECT":
            return "select-one"
        if self.tagName == "TEXTAREA":
            return "textarea"
        raise AttributeError("type")

    @property
    def value(self) -> str:
        if self._value is not None:
            return self._value
        tag = self.tagName
        if tag == "SELECT":
            options = self.querySelectorAll("option")
            chosen = next((o for o in options if "selected" in o.attrs), None)
            chosen = chosen or (options[0] if options else None)
            return chosen.value if chosen is not None else ""
        if tag == "TEXTAREA":
            return self.textContent
        if tag == "OPTION":
            return self.attrs.get("value", self.textContent)
        if tag in ("INPUT", "BUTTON"):
            return self.attrs.get("value", "")
        raise AttributeError("value")

    @value.setter
    def value(self, text: str) -> None:
        self._value = str(text)

    @property
    def textContent(self) -> str:  # noqa: N802
        return "".join(c if isinstance(c, str) else c.textContent for c in self.children)

    @property
    def isConnected(self) -> bool:  # noqa: N802
        return True

    def closest(self, selector: str) -> Element | None:
        el: Element | None = self
        while el is not None:
            if matches(el, selector):
                return el
            el = el.parentElement
        return None

    def elements(self) -> Iterator[Element]:
        """Every element under this one, in document order."""
        for child in self.children:
            if isinstance(child, Element):
                yield child
                yield from child.elements()

    def querySelectorAll(self, selector: str) -> list[Element]:  # noqa: N802
        return [el for el in self.elements() if matches(el, selector)]

    def querySelector(self, selector: str) -> Element | None:  # noqa: N802
        return next((el for el in self.elements() if matches(el, selector)), None)

    def contains(self, other) -> bool:
        el = other
        while el is not None:
            if el is self:
                return True
            el = el.parentElement
        return False

    def __repr__(self) -> str:
        attrs = "".join(f' {k}="{v}"' for k, v in self.attrs.items())
        return f"<{self.tag}{attrs}>"


class _Builder(HTMLParser):
    def __init__(self, root: Element):
        super().__init__(convert_charrefs=True)
        self.stack = [root]

    def handle_starttag(self, tag, attrs):
        el = Element(tag, {k: (v if v is not None else "") for k, v in attrs}, self.stack[-1])
        self.stack[-1].children.append(el)
        if tag not in VOID:
            self.stack.append(el)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].tag == tag:
                del self.stack[i:]
                return

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def fill(el: Element, html: str) -> Element:
    """``el.innerHTML = html``."""
    el.children = []
    builder = _Builder(el)
    builder.feed(html)
    builder.close()
    return el


def parse(html: str) -> Element:
    """A document fragment: a root element holding ``html``."""
    return fill(Element("#root", {}), html)


# --- selectors --------------------------------------------------------------------------------
_TOKEN = re.compile(r"""
    (?P<tag>[a-zA-Z][\w-]*|\*)
  | \#(?P<id>[\w-]+)
  | \.(?P<cls>[\w-]+)
  | \[(?P<attr>[\w-]+)(?:=(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)'|(?P<bare>[^\]\s]+)))?\]
  | :not\((?P<not>(?:[^()]|\([^()]*\))*)\)
  | (?P<comb>\s*>\s*|\s+)
""", re.X)


def _split(selector: str, sep: str) -> list[str]:
    """``selector`` split at ``sep`` outside brackets and parentheses."""
    parts, depth, start, quote = [], 0, 0, ""
    for i, ch in enumerate(selector):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        elif ch == sep and depth == 0:
            parts.append(selector[start:i])
            start = i + 1
    parts.append(selector[start:])
    return parts


def _compound(el: Element, tests: list[tuple[str, object]]) -> bool:
    for kind, arg in tests:
        if kind == "tag" and arg != "*" and el.tag != arg:
            return False
        if kind == "id" and el.attrs.get("id") != arg:
            return False
        if kind == "cls" and arg not in el.attrs.get("class", "").split():
            return False
        if kind == "attr":
            name, value = arg  # type: ignore[misc]
            if name not in el.attrs or (value is not None and el.attrs[name] != value):
                return False
        if kind == "not" and matches(el, str(arg)):
            return False
    return True


def _steps(selector: str) -> list[tuple[str, list[tuple[str, object]]]]:
    """A complex selector as (combinator before it, compound tests), left to right."""
    steps: list[tuple[str, list[tuple[str, object]]]] = []
    comb, tests, pos = "", [], 0
    text = selector.strip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise ValueError(f"the fake DOM does not know this selector: {selector!r}")
        pos = m.end()
        if m.group("comb") is not None:
            steps.append((comb, tests))
            comb, tests = (">" if ">" in m.group("comb") else " "), []
        elif m.group("tag"):
            tests.append(("tag", m.group("tag").lower()))
        elif m.group("id"):
            tests.append(("id", m.group("id")))
        elif m.group("cls"):
            tests.append(("cls", m.group("cls")))
        elif m.group("attr"):
            value = next((v for v in (m.group("dq"), m.group("sq"), m.group("bare"))
                          if v is not None), None)
            tests.append(("attr", (m.group("attr"), value)))
        else:
            tests.append(("not", m.group("not")))
    steps.append((comb, tests))
    return steps


def _matches_steps(el: Element, steps) -> bool:
    comb, tests = steps[-1]
    if not _compound(el, tests):
        return False
    if len(steps) == 1:
        return True
    parent = el.parentElement
    if steps[-1][0] == ">":
        return parent is not None and _matches_steps(parent, steps[:-1])
    while parent is not None:
        if _matches_steps(parent, steps[:-1]):
            return True
        parent = parent.parentElement
    return False


def matches(el: Element, selector: str) -> bool:
    if el.tag == "#root":
        return False
    return any(_matches_steps(el, _steps(part)) for part in _split(selector, ","))
