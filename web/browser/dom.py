"""Reading the page's DOM from Python: JS values as Python ones, lookups that may find nothing.

The adapter (web/browser/adapter.py, drawing.py) uses these; nothing here imports
the browser at load time, so the module loads under CPython too.
"""

from __future__ import annotations


def js_str(value) -> str | None:
    """A JS string as str; null and undefined (``jsnull``, ``None``) as None."""
    return value if isinstance(value, str) else None


def present(el) -> bool:
    """Whether a DOM lookup found an element (not None, null or undefined)."""
    return el is not None and not isinstance(el, (str, int, float)) and bool(
        getattr(el, "nodeType", None))


def attribute(el, name: str) -> str | None:
    """``el``'s attribute ``name`` as str, None when it has none (or is no element)."""
    try:
        return js_str(el.getAttribute(name))
    except Exception:
        return None


def focus(el) -> None:
    """Give ``el`` the focus without scrolling the page to it (nothing when it is missing)."""
    if present(el):
        from pyscript import window

        opts = window.Object.new()
        opts.preventScroll = True
        el.focus(opts)
