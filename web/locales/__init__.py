"""The table's words in languages other than English: one module per language, each a dict
``STRINGS = {key: text}`` with the keys and ``{placeholders}`` of ``web.i18n.EN``
(tests/test_i18n.py checks them)."""

from . import bg, es, fr, hr

LOCALES: dict[str, dict[str, str]] = {
    "es": es.STRINGS,
    "fr": fr.STRINGS,
    "bg": bg.STRINGS,
    "hr": hr.STRINGS,
}
