"""Words kept as data, said in the language of the moment.

What the table has to say (a refusal, a hint, a notice) is kept in its model as a
:class:`Phrase`: an i18n key and its parameters, not a text. The view says it
(:func:`said`) in the model's language, so that a language switch changes every text at once
and the model stays plain data that a test can compare. A parameter may be a phrase itself, or
one of the few values with words of their own (a card, a refusal, literal words); anything with
a ``said()`` method is said by it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from belote.refusal import Refusal
from web.i18n import card_label, refusal, t


def said(value: Any) -> Any:
    """``value`` in words if it has words of its own (``said()``), else as it is (a number
    stays a number: a plural key chooses its form by it)."""
    return value.said() if hasattr(value, "said") else value


@dataclass(frozen=True)
class Phrase:
    """The text of ``key`` with ``params`` (each said first)."""

    key: str
    params: tuple[tuple[str, Any], ...] = ()

    def said(self) -> str:
        return t(self.key, **{name: said(value) for name, value in self.params})


def phrase(key: str, **params: Any) -> Phrase:
    return Phrase(key, tuple(sorted(params.items())))


@dataclass(frozen=True)
class Words:
    """Words that are not translated (the engine's own, a file name)."""

    text: str

    def said(self) -> str:
        return self.text


@dataclass(frozen=True)
class Joined:
    """Several phrases one after the other (the empty ones left out)."""

    parts: tuple[Any, ...]
    sep: str = " "

    def said(self) -> str:
        texts = (str(said(part)) for part in self.parts if part is not None)
        return self.sep.join(text for text in texts if text)


@dataclass(frozen=True)
class CardName:
    """``JH``: the jack of hearts."""

    card: str

    def said(self) -> str:
        return card_label(self.card)


@dataclass(frozen=True)
class Refused:
    """Why the engine refused an action (:mod:`belote.refusal`)."""

    why: Refusal

    def said(self) -> str:
        return refusal(self.why)
