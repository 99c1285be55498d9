"""Event listeners that never let a Python error escape into the page: the table's adapter
(web/browser/adapter.py) listens through :func:`listen` for the whole page."""

from __future__ import annotations

import traceback

from pyodide.ffi import create_proxy
from pyscript import window


def report(label: str, error: BaseException | str) -> None:
    """The whole traceback (or ``error``'s text) on the console (as console.error, which the
    browser tests watch)."""
    text = error if isinstance(error, str) else "".join(
        traceback.format_exception(type(error), error, error.__traceback__))
    window.console.error(f"{label}: {text}")


def guarded(handler, fail):
    """A JS proxy calling ``handler(event)``; an exception goes to ``fail(error)`` instead of
    the console as an uncaught error."""
    def run(event):
        try:
            handler(event)
        except Exception as error:
            fail(error)

    return create_proxy(run)


def listen(target, kind: str, handler, fail, proxies: list) -> None:
    """``target.addEventListener(kind, ...)`` calling ``handler(event)`` (:func:`guarded`).
    The proxy is kept in ``proxies`` so that it lives as long as its owner."""
    proxy = guarded(handler, fail)
    proxies.append(proxy)
    target.addEventListener(kind, proxy)
