"""The one place that escapes text for the page's HTML strings."""

from __future__ import annotations

from html import escape


def attr(value) -> str:
    """``value`` as text safe inside a double-quoted attribute (and in element content)."""
    return escape(str(value), quote=True)


__all__ = ["attr", "escape"]
