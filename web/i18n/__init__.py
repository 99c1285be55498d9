"""Every word the table shows, in one place: ``t(key, **kw)``.

English in ``web/i18n/locales/en.py`` (``EN``); Spanish, French, Bulgarian and Croatian
beside it, each a dict with the same keys and ``{placeholders}`` (tests/test_i18n.py). Keys
are short dotted names; values are ``str.format`` templates. A key missing in a language falls
back to English. The language is the player's choice (settings), else the browser's
(:func:`detect_language`); :func:`set_language` switches it. Only this module carries text: the
engine says why it refuses an action as data (:mod:`belote.refusal`), translated by
:func:`refusal`.

Counts: a key whose English has forms ``key#one`` and ``key#other`` is a plural; ``t(key,
n=5)`` picks the language's form for ``n`` by its small rule (:data:`PLURALS`): "1 card",
"2 karte", "5 karata", "41 bod". Each language gives exactly the forms its rule names.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from belote.contract import CAPOT
from belote.refusal import MUST_BEAT, MUST_TRUMP, Refusal
from belote.rules import RULE_SETS
from web.i18n.locales import LOCALES
from web.i18n.locales.daily import WORDS as DAILY_WORDS
from web.i18n.locales.en import STRINGS as ENGLISH
from web.i18n.locales.guide import WORDS as GUIDE_WORDS
from web.i18n.locales.meanings import WORDS as MEANING_WORDS

LANGUAGE = "en"


def _one_other(n: int) -> str:
    return "one" if n == 1 else "other"


def _french(n: int) -> str:
    return "one" if n in (0, 1) else "other"


def _croatian(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "other"


# Each language's plural rule (CLDR's for whole numbers).
PLURALS = {"en": _one_other, "es": _one_other, "fr": _french, "bg": _one_other,
           "hr": _croatian}
# Code -> the language's own name (the language menu shows these, whatever the language).
LANGUAGES = {"en": "English", "es": "Español", "fr": "Français", "bg": "Български",
             "hr": "Hrvatski"}

# the guided hands' words too (web/i18n/locales/guide.py), the daily deal's (daily.py) and what
# bids show (meanings.py)
EN: dict[str, str] = {**ENGLISH, **GUIDE_WORDS["en"], **DAILY_WORDS["en"],
                      **MEANING_WORDS["en"]}


class _Strings(Mapping):
    """``{code: {key: text}}`` for every language, English included (others load on demand)."""

    def __getitem__(self, code: str) -> dict[str, str]:
        return EN if code == "en" else LOCALES[code]

    def __iter__(self) -> Iterator[str]:
        return iter(LANGUAGES)

    def __len__(self) -> int:
        return len(LANGUAGES)


STRINGS: Mapping[str, dict[str, str]] = _Strings()
_WORDS = EN  # STRINGS[LANGUAGE]


def set_language(code) -> str:
    """Switch the language (an unknown code means English); returns the language now used."""
    global LANGUAGE, _WORDS
    LANGUAGE = code if code in LANGUAGES else "en"
    _WORDS = STRINGS[LANGUAGE]
    return LANGUAGE


def current_language() -> str:
    return LANGUAGE


@contextmanager
def speaking(code: str) -> Iterator[str]:
    """Speak ``code`` while the block runs, then the language of before: the table's view
    (web/app/view.py) draws in its model's language, whatever was spoken before."""
    before = LANGUAGE
    try:
        yield set_language(code)
    finally:
        set_language(before)


def detect_language(navigator_languages) -> str:
    """The first of the browser's languages (``navigator.languages``: ``["bg-BG", "en"]``) that
    the table speaks, by its primary subtag; English when none is."""
    for tag in navigator_languages or ():
        if isinstance(tag, str):
            code = tag.strip().lower().replace("_", "-").split("-")[0]
            if code in LANGUAGES:
                return code
    return "en"


def t(key: str, **kw) -> str:
    """The text for ``key`` in the current language (English as fallback, else the key); a
    plural key takes the form for ``n``."""
    text = _WORDS.get(key) or EN.get(key)
    if text is None:
        n = kw.get("n")
        if isinstance(n, int) and key + "#other" in EN:
            text = (_WORDS.get(f"{key}#{PLURALS[LANGUAGE](n)}") or _WORDS.get(key + "#other")
                    or EN[f"{key}#{_one_other(n)}"])
        else:
            text = key
    return text.format(**kw) if kw else text


# The decimal separator of each language (a cost of 2.4 points: "2,4" but in English).
DECIMAL_COMMA = {"es", "fr", "bg", "hr"}


def number(x: float, digits: int = 1) -> str:
    """``x`` rounded to ``digits`` decimals as the language writes it, without trailing
    zeros: ``2.4`` (``2,4`` in French), ``18``."""
    text = f"{x:.{digits}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in ("-0", ""):
        text = "0"
    return text.replace(".", ",") if LANGUAGE in DECIMAL_COMMA else text


def _decimal_form(text: str) -> str:
    """The plural form of a number written with decimals (CLDR, by its integer part ``i`` and
    its visible fraction digits ``f``): French says "1,5 point", Croatian "2,3 boda"."""
    whole, _, fraction = text.replace(",", ".").partition(".")
    i, f = int(whole.lstrip("-") or 0), int(fraction or 0)
    if LANGUAGE == "fr":
        return "one" if i in (0, 1) else "other"
    if LANGUAGE == "hr":
        if f % 10 == 1 and f % 100 != 11:
            return "one"
        if 2 <= f % 10 <= 4 and not 12 <= f % 100 <= 14:
            return "few"
    return "other"


def count(key: str, x: float, digits: int = 1) -> str:
    """A plural ``key`` for a number that may have decimals (``count.points``: "2,4 points"):
    a whole number takes the language's usual form."""
    text = number(x, digits)
    plain = text.lstrip("-")
    form = PLURALS[LANGUAGE](int(plain)) if plain.isdigit() else _decimal_form(text)
    template = (_WORDS.get(f"{key}#{form}") or _WORDS.get(key + "#other")
                or EN.get(f"{key}#{'one' if text == '1' else 'other'}") or key)
    return template.format(n=text)


SUIT_LETTERS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def card_label(card: str) -> str:
    """``JH`` -> ``jack of hearts``."""
    return t("card", rank=t("rank." + card[0]), suit=t("suit." + SUIT_LETTERS[card[1]]))


def refusal(why: Refusal | None) -> str:
    """Why the engine refused an action (:mod:`belote.refusal`), in the current language."""
    if why is None:
        return ""
    params = why.params
    key = "refusal." + why.code
    if why.code == MUST_BEAT and params.get("trump"):
        key = "refusal.must-beat-trump"
    words = {}
    for name in ("suit", "led"):
        if name in params:
            words[name] = t("suit." + params[name])
    if "card" in params:
        words["card"] = card_label(params["card"])
    if params.get("held"):  # the duty with the cards that make it (belote.play.duty_refusal)
        words["held"] = ", ".join(card_short(c) for c in params["held"])
        words["beat"] = card_short(params["beat"]) if params.get("beat") else ""
        key += ".held"
        partner = params.get("partner")
        if partner == "winning" or (partner == "not-winning" and why.code == MUST_TRUMP):
            key += ".partner" if partner == "winning" else ".partner-not"
        if key not in EN:
            key = key.rsplit(".", 1)[0]
    return t(key, **words)


SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}


def rank_short(rank: str) -> str:
    """A rank as a card's face prints it in the language: ``T`` -> ``10``, ``J`` -> ``J``
    (French ``V``, Bulgarian ``В``)."""
    if rank == "T":
        return "10"
    return t("rank.short." + rank) if rank in "JQKA" else rank


def card_short(card: str) -> str:
    """``JH`` -> ``J♥``, ``TS`` -> ``10♠``: a card as its face prints it."""
    return rank_short(card[0]) + SYMBOLS[card[1]]


def double_name(word: str, rules: str) -> str:
    """What players call a ``double`` or ``redouble`` under ``rules``: coinche, surcoinche."""
    cls = RULE_SETS.get(rules)
    names = cls.double_names if cls else ("double", "redouble")
    return names[word == "redouble"]


def contract_words(words: str, rules: str = "") -> str:
    """The engine's words for a contract in the score sheet (``90 hearts doubled``, ``capot
    spades``, ``all-trumps redoubled``, ``thrown in``) in the current language."""
    if not words or words == "thrown in":
        return t("contract.thrown") if words else ""
    out = []
    for word in words.split():
        if word in ("doubled", "redoubled"):
            out.append(t("contract." + double_name(word[:-1], rules) + "d"))
        elif word == CAPOT:
            out.append(t("bid.capot"))
        elif word in ("no-trumps", "all-trumps"):
            out.append(t("bid." + word))
        elif word in SUIT_LETTERS.values():
            out.append(t("suit." + word))
        else:
            out.append(word)
    return " ".join(out)
