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


def reason_text(reason, word: Callable[[str], str] = str, cost: float | None = None,
                points: Callable[[float], str] = str) -> str:
    """``reason`` in the player's language, its options named by ``word``, as a sentence (its
    first letter a capital); empty when there is none or the page has no words for its code
    (never the raw key, never unformatted). With the choice's expected ``cost`` (said by
    ``points``), a card that scores more in few deals says by how much on average there, so
    that a grade as grave as a blunder is not read beside "in 8 of 64 deals" alone."""
    if not isinstance(reason, dict) or not isinstance(reason.get("code"), str):
        return ""
    params = {k: v for k, v in reason.items() if k != "code"}
    for k in ("best", "played"):
        if isinstance(params.get(k), str):
            params[k] = word(params[k])
    if "rank" in params:
        params["rank"] = t(f"review.rank.{params['rank']}")
    key = f"review.reason.{reason['code']}"
    better, n, same = (params.get(k) for k in ("better", "n", "same"))
    if (reason["code"] == "card.better" and cost is not None and isinstance(better, int)
            and better > 0 and isinstance(n, int) and n == better + (same or 0)):
        # every other deal scores the same: the cost over all of them comes from these
        key += ".gain"
        params["gain"] = points(cost * n / better)
    try:
        text = t(key, code=reason["code"], **params)
    except (KeyError, IndexError, ValueError):
        return ""
    if text == key:
        return ""
    return text[:1].upper() + text[1:]
