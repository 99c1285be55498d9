"""Escape hides a bid's meaning shown by the pointer or the keyboard's focus, with the pointer
and the focus left where they are, as a tooltip should let it (WCAG 1.4.13); the meaning shows
again once the pointer goes elsewhere or the focus moves. While hushed, ``<html data-hush>``
hides such meanings (style.css). A meaning kept open by a tap is the model's
(:class:`web.app.messages.ShowMeaning`), and Escape closes it there (web/app/keys.py).
"""

from __future__ import annotations

from pyscript import document

from web.browser.dom import present
from web.browser.listen import guarded

# A bid (said, or a word of the bidding box) whose meaning the pointer or the focus shows.
SHOWN = (":is(.said-bid, .bidbox .bid):is(:hover, :focus-visible)"
         ":not([aria-expanded=true])")
MOVES = ("pointerover", "focusin", "focusout")


class Hush:
    """The adapter's (web/browser/adapter.py): :meth:`escape` on the key Escape."""

    def __init__(self, fail) -> None:
        self.bid = None
        self.proxy = guarded(self._moved, fail)  # added while hushed, removed after

    def escape(self) -> bool:
        """Hide the meaning that hover or focus shows now, if one shows: whether one did."""
        for bid in reversed(list(document.querySelectorAll(SHOWN))):
            tip = bid.nextElementSibling
            if present(tip) and tip.classList.contains("meaning") \
                    and tip.getBoundingClientRect().width > 0:
                if self.bid is None:
                    for kind in MOVES:
                        document.addEventListener(kind, self.proxy)
                self.bid = bid
                document.documentElement.setAttribute("data-hush", "")
                return True
        return False

    def _moved(self, event) -> None:
        """The pointer onto something else than the hushed bid, or the focus moved: shown
        again."""
        bid, target = self.bid, event.target
        if bid is None:
            return
        kind = event.type
        if (kind == "pointerover" and bid.contains(target)) or (
                kind == "focusin" and target == bid) or (kind == "focusout" and target != bid):
            return
        self.bid = None
        document.documentElement.removeAttribute("data-hush")
        for kind in MOVES:
            document.removeEventListener(kind, self.proxy)
