"""The table's words in languages other than English: one module per language, each a dict
``STRINGS = {key: text}`` with the keys and ``{placeholders}`` of ``web.i18n.EN``
(tests/test_i18n.py checks them).

:data:`LOCALES` imports a language's module the first time it is asked for, so the page only
pays (in boot time) for the language it speaks."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping

CODES = ("es", "fr", "bg", "hr")


class _Locales(Mapping):
    """``{code: STRINGS}`` for every code in :data:`CODES`, each loaded on first access."""

    def __init__(self) -> None:
        self._loaded: dict[str, dict[str, str]] = {}

    def __getitem__(self, code: str) -> dict[str, str]:
        if code not in self._loaded:
            if code not in CODES:
                raise KeyError(code)
            strings = importlib.import_module(f"{__name__}.{code}").STRINGS
            guide = importlib.import_module(f"{__name__}.guide").WORDS[code]
            daily = importlib.import_module(f"{__name__}.daily").WORDS[code]
            meanings = importlib.import_module(f"{__name__}.meanings").WORDS[code]
            self._loaded[code] = {**strings, **guide, **daily, **meanings}
        return self._loaded[code]

    def __iter__(self) -> Iterator[str]:
        return iter(CODES)

    def __len__(self) -> int:
        return len(CODES)


LOCALES: Mapping[str, dict[str, str]] = _Locales()
