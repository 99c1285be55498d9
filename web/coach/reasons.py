"""The review's reason for a choice, in words (shared by the review's rows, :mod:`web.review`,
and the puzzles' verdicts, :mod:`web.controller`).

A reason is what the engine gives (belote.analysis.verdicts): a ``code`` and its parameters.
Its words are the i18n key ``review.reason.<code>``; the chosen and played options (``best``,
``played``) are said by the caller's ``word`` (a card's or a bid's name), a ``rank`` as the
review says it. This module imports only :mod:`web.i18n`.
"""

from __future__ import annotations

from collections.abc import Callable

from web.i18n import t


def reason_text(reason, word: Callable[[str], str] = str) -> str:
    """``reason`` in the player's language, its options named by ``word``; empty when there is
    none or the page has no words for its code (never the raw key, never unformatted)."""
    if not isinstance(reason, dict) or not isinstance(reason.get("code"), str):
        return ""
    params = {k: v for k, v in reason.items() if k != "code"}
    for k in ("best", "played"):
        if isinstance(params.get(k), str):
            params[k] = word(params[k])
    if "rank" in params:
        params["rank"] = t(f"review.rank.{params['rank']}")
    key = f"review.reason.{reason['code']}"
    try:
        text = t(key, code=reason["code"], **params)
    except (KeyError, IndexError, ValueError):
        return ""
    return "" if text == key else text
