"""Drawing the view into the page: each region that changed, ``<main>``'s and ``<html>``'s
attributes, the title, the focus kept; and the paint kept for the next visit's first look.

:class:`Drawing` is the adapter's (web/browser/adapter.py) hand on the DOM: it compares each
frame (web/app/view.py) with what it last drew, and only what changed is touched.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window

from web.app.view import Frame
from web.browser.dom import attribute, focus, present
from web.storage import save as storage

# <main>'s attributes kept with the paint (keep_paint): web/boot.js puts them back.
PAINTED_ATTRIBUTES = ("data-turn", "data-rules", "data-players", "data-passive", "data-overlay",
                      "data-notices", "data-declaring", "data-phase")
# The regions kept with the paint: the table's (not the records region nor the review).
UNPAINTED = ("records", "review")
FOCUSABLE = ("data-card", "data-bid", "data-level", "data-practice", "data-action",
             "data-setting", "data-declare")


class Drawing:
    """The page's regions (``elements``: name -> [data-region] element) as last drawn."""

    def __init__(self, main, elements: dict):
        self.main = main
        self.elements = elements
        self.drawn: dict[str, str] = {}   # each region's HTML as drawn
        self.shown: dict[Any, Any] = {}   # <main>'s and <html>'s attributes, title... as set
        self.last_paint: str | None = None  # the paint kept for web/boot.js (keep_paint)

    def draw(self, frame: Frame, keyboard: bool, force: str | None = None) -> None:
        """``frame``: each region whose HTML changed (and ``force``, whose controls may show
        what the view does not), <main>'s and <html>'s attributes, the title; the focus kept
        where it was, or put back (moved only for someone using the ``keyboard``)."""
        focus_key = self._focus_key()
        replaced = False
        for name, html in frame.regions.items():
            el = self.elements.get(name)
            if el is None or self.drawn.get(name) == html and name != force:
                continue
            window.beloteMorph(el, html)  # web/morph.js: what stays is kept
            self.drawn[name] = html
            replaced = True
        self._attributes(frame)
        if replaced:
            self._restore_focus(focus_key, keyboard)

    def _attributes(self, frame: Frame) -> None:
        root = document.documentElement
        for part, target, attributes in (("main", self.main, frame.main),
                                          ("html", root, frame.root)):
            for name, value in attributes.items():
                key = (part, name)
                if self.shown.get(key, "-") == value:
                    continue
                self.shown[key] = value
                if value is None:
                    target.removeAttribute(name)
                else:
                    target.setAttribute(name, value)
        if self.shown.get("records") != frame.main["data-records"]:
            self.shown["records"] = frame.main["data-records"]
            self._inert(frame.main["data-records"] is not None)
        if self.shown.get("review") != frame.main["data-review"]:
            self.shown["review"] = frame.main["data-review"]
            self._place_review(frame.main["data-review"] == "over")
        if self.shown.get("title") != frame.title:
            self.shown["title"] = document.title = frame.title
        if self.shown.get("colour") != frame.colour:
            self.shown["colour"] = frame.colour
            meta = document.querySelector('meta[name="theme-color"]')
            if present(meta):
                meta.setAttribute("content", frame.colour)
        if self.shown.get("labels") != frame.labels:
            self.shown["labels"] = frame.labels
            for selector, label in frame.labels:
                el = document.querySelector(selector)
                if present(el):
                    el.setAttribute("aria-label", label)

    def _inert(self, on: bool) -> None:
        """While the records region is open, the rest of the page is inert."""
        host = self.elements["records"]
        for el in self.main.children:
            if el != host:
                if on:
                    el.setAttribute("inert", "")
                else:
                    el.removeAttribute("inert")

    def _place_review(self, over_viewer: bool) -> None:
        """The review panel over the felt (in the game), or over the replay viewer (the
        viewer inert)."""
        host, records = self.elements["review"], self.elements["records"]
        if over_viewer:
            self.main.appendChild(host)
            host.classList.add("over")
            records.setAttribute("inert", "")
        else:
            game = document.querySelector(".game")
            home = game if present(game) else self.main
            if host.parentNode != home:
                home.appendChild(host)
            host.classList.remove("over")
            records.removeAttribute("inert")
        host.removeAttribute("inert")

    def keep_paint(self, save: str | None) -> None:
        """Keep the table as drawn beside the ``save`` (web/storage/save.py encode_paint), for
        web/boot.js to show at once on the next visit. Never in the save's way: a paint that
        does not fit is dropped, and the save makes room by removing it (the adapter's
        _write)."""
        main = self.main
        attributes = {name: attribute(main, name) or "" for name in PAINTED_ATTRIBUTES}
        attributes["data-painted-phase"] = attributes.pop("data-phase")
        regions = {k: v for k, v in self.drawn.items() if k not in UNPAINTED}
        text = storage.encode_paint(regions, attributes, save)
        if text == self.last_paint:
            return
        self.last_paint = text
        try:
            if text is None:
                window.localStorage.removeItem(storage.PAINT_KEY)
            else:
                window.localStorage.setItem(storage.PAINT_KEY, text)
        except Exception:  # storage full or refused: no paint next time, the game goes on
            try:
                window.localStorage.removeItem(storage.PAINT_KEY)
            except Exception:
                pass

    def _focus_key(self) -> tuple[str, str] | None:
        el = document.activeElement
        if not present(el) or el == document.body:
            return None
        for name in FOCUSABLE:
            value = attribute(el, name)
            if value is not None:
                return name, value
        return None

    def _restore_focus(self, key: tuple[str, str] | None, keyboard: bool) -> None:
        active = document.activeElement
        if present(active) and active != document.body and active.isConnected:
            return
        target = None
        if key is not None:
            target = self.main.querySelector(f'[{key[0]}="{key[1]}"]')
        if not present(target):
            target = None
            for selector in ('[data-panel] .primary', '.bidbox button:not([disabled])',
                             '[data-card].playable'):
                found = self.main.querySelector(selector)
                if present(found):
                    target = found
                    break
        if target is not None and (key is not None or keyboard):
            # Only move focus for someone who was using it (keyboard), never steal it otherwise.
            focus(target)
