"""The table's words in five languages (web/i18n.py and web/locales/): every English key in
every language with the same {placeholders}, the fallbacks, the browser-language detection, the
engine's reasons and contracts in words, and the pages drawn in each language."""

from __future__ import annotations

import json
import random
import re
import string
from pathlib import Path

import pytest

from belote import Match
from belote import refusal as refusal_codes
from belote.refusal import Refusal
from web import i18n, render, storage
from web.i18n import (
    EN,
    LANGUAGES,
    STRINGS,
    contract_words,
    current_language,
    detect_language,
    refusal,
    set_language,
    t,
)
from web.locales import LOCALES

ROOT = Path(__file__).resolve().parent.parent
OTHERS = ("es", "fr", "bg", "hr")
SETS = [("bulgarian", 4), ("french", 4), ("coinche", 4), ("bela", 4), ("classic", 3)]


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_the_languages():
    assert list(LANGUAGES) == ["en", "es", "fr", "bg", "hr"]
    assert set(STRINGS) == set(LANGUAGES) == {"en", *LOCALES}
    index = json.loads((ROOT / "web/help/index.json").read_text(encoding="utf-8"))
    assert index["languages"] == LANGUAGES


def english_of(key: str) -> str:
    """The English template a key of another language follows (a plural form: #other)."""
    base, _, form = key.partition("#")
    return EN[key] if not form else EN[base + "#other"]


@pytest.mark.parametrize("code", OTHERS)
def test_every_key_is_translated_with_the_same_placeholders(code):
    words = LOCALES[code]
    plurals = i18n.plural_keys()
    wanted = {k for k in EN if "#" not in k} | {
        f"{base}#{form}" for base in plurals for form in i18n.PLURAL_FORMS[code]}
    missing = sorted(wanted - set(words))
    assert not missing, f"{code} lacks {missing}"
    extra = sorted(set(words) - wanted)
    assert not extra, f"{code} has keys it should not: {extra}"
    for key, text in words.items():
        assert isinstance(text, str) and text.strip(), f"{code} {key} is empty"
        english = english_of(key)
        assert fields(text) == fields(english), f"{code} {key}: {text!r} vs {english!r}"
        text.format(**{name: "x" for name in fields(text)})  # a well-formed template


def test_english_plurals_have_one_and_other():
    plurals = i18n.plural_keys()
    assert {"cards.count", "count.points", "count.tricks", "players.n", "talon"} <= plurals
    for base in plurals:
        assert {k for k in EN if k.startswith(base + "#")} == {base + "#one", base + "#other"}
        assert "n" in fields(EN[base + "#other"])


@pytest.mark.parametrize(("code", "n", "form"), [
    ("en", 0, "other"), ("en", 1, "one"), ("en", 2, "other"),
    ("es", 1, "one"), ("es", 5, "other"),
    ("fr", 0, "one"), ("fr", 1, "one"), ("fr", 2, "other"),
    ("bg", 1, "one"), ("bg", 2, "other"),
    ("hr", 1, "one"), ("hr", 21, "one"), ("hr", 41, "one"), ("hr", 11, "other"),
    ("hr", 2, "few"), ("hr", 4, "few"), ("hr", 22, "few"), ("hr", 12, "other"),
    ("hr", 14, "other"), ("hr", 5, "other"), ("hr", 0, "other"), ("hr", 111, "other"),
])
def test_plural_rules(code, n, form):
    assert i18n.PLURALS[code](n) == form


@pytest.mark.parametrize(("code", "key", "n", "said"), [
    ("en", "cards.count", 1, "1 card"), ("en", "cards.count", 2, "2 cards"),
    ("en", "count.points", 41, "41 points"), ("en", "count.tricks", 1, "1 trick"),
    ("es", "cards.count", 1, "1 carta"), ("es", "count.points", 41, "41 puntos"),
    ("fr", "count.points", 0, "0 point"), ("fr", "count.points", 1, "1 point"),
    ("fr", "count.tricks", 3, "3 plis"),
    ("bg", "cards.count", 1, "1 карта"), ("bg", "count.points", 2, "2 точки"),
    ("hr", "cards.count", 1, "1 karta"), ("hr", "cards.count", 2, "2 karte"),
    ("hr", "cards.count", 5, "5 karata"), ("hr", "count.points", 41, "41 bod"),
    ("hr", "count.points", 42, "42 boda"), ("hr", "count.points", 12, "12 bodova"),
    ("hr", "count.tricks", 3, "3 štiha"), ("hr", "players.n", 3, "3 igrača"),
])
def test_counts_in_every_language(code, key, n, said):
    set_language(code)
    assert t(key, n=n) == said


def test_english_is_complete():
    for key, text in EN.items():
        assert isinstance(text, str) and text.strip(), key


@pytest.mark.parametrize("code", OTHERS)
def test_translations_are_not_english(code):
    """Words that must differ from English (a forgotten copy would not)."""
    for key in ("bid.pass", "action.new-game", "turn.you.bid", "sheet.title", "summary.cards",
                "setting.language", "action.help", "help.loading", "refusal.must-follow"):
        assert LOCALES[code][key] != EN[key], (code, key)


def test_rule_set_names_match_the_help_index():
    index = json.loads((ROOT / "web/help/index.json").read_text(encoding="utf-8"))
    for code in LANGUAGES:
        set_language(code)
        for rules, names in index["rules"].items():
            assert t("rules." + rules) == names[code], (code, rules)


def test_set_language_and_fallbacks(monkeypatch):
    assert current_language() == "en"
    assert set_language("bg") == "bg" == current_language()
    assert t("bid.pass") == "Пас"
    assert t("players.n", n=3) == "3 играчи"
    # A key a language lacks (one added to English meanwhile) falls back to English.
    monkeypatch.setitem(EN, "test.only", "Only in English {n}")
    assert t("test.only", n=2) == "Only in English 2"
    monkeypatch.delitem(LOCALES["bg"], "bid.double")
    assert t("bid.double") == "Double"
    assert t("no.such.key") == "no.such.key"
    # An unknown language is English.
    assert set_language("xx") == "en" == current_language()
    assert set_language(None) == "en"
    assert t("bid.pass") == "Pass"


@pytest.mark.parametrize(("languages", "code"), [
    (["bg-BG", "en"], "bg"),
    (["en-US", "bg"], "en"),
    (["de-DE", "fr-CA", "es"], "fr"),
    (["es-419"], "es"),
    (["hr"], "hr"),
    (["HR-hr"], "hr"),
    (["fr_FR"], "fr"),
    (["de", "it"], "en"),
    ([], "en"),
    (None, "en"),
    ([None, 3, "bg"], "bg"),
])
def test_detect_language(languages, code):
    assert detect_language(languages) == code


def engine_refusals() -> set[Refusal]:
    """Refusals the engine gives for refused cards and actions, from random matches."""
    found = set()
    rng = random.Random(7)
    for rules, players in SETS:
        for seed in range(6):
            m = Match(rules, players, {}, seed)
            for _ in range(400):
                if m.phase == "match-over":
                    break
                if m.phase in ("auction", "play"):
                    view = m.view(m.turn)
                    for card in view["hand"]:
                        found.add(m.why_illegal(card))
                    if m.phase == "auction":
                        found.add(m.why_illegal("no-such-bid"))
                    else:
                        found.add(m.why_illegal("declare nonsense"))
                        other = next(c for c in ("7C", "8D", "9H", "TS", "JC", "QD", "KH", "AS")
                                     if c not in view["hand"])
                        found.add(m.why_illegal(other))
                else:
                    found.add(m.why_illegal("pass"))
                m.apply(rng.choice(m.legal_actions()))
    found.discard(None)
    return found


def test_every_refusal_code_has_words_in_every_language():
    codes = [v for k, v in vars(refusal_codes).items() if k.isupper() and isinstance(v, str)]
    assert len(codes) >= 18
    for code in [*codes, "must-beat-trump"]:
        key = "refusal." + code
        assert key in EN, key
        for lang in OTHERS:
            assert key in LOCALES[lang], (lang, key)


def test_engine_refusals_are_translated():
    found = engine_refusals()
    codes = {r.code for r in found}
    for needed in ("must-follow", "must-beat", "must-trump", "not-held", "bid-not-legal",
                   "not-an-action", "hand-is-over"):
        assert needed in codes, needed
    assert refusal(Refusal("must-follow", {"suit": "hearts"})) == "you must follow hearts"
    for code in OTHERS:
        set_language(code)
        for why in found:
            said = refusal(why)
            assert said and "{" not in said, (code, why, said)
            assert not re.search(r"\b(you|must|hearts|spades|clubs|diamonds)\b", said), said
    set_language("bg")
    assert refusal(Refusal("must-follow", {"suit": "hearts"})) == "трябва да отговориш на купа"
    assert refusal(Refusal("must-beat", {"suit": "spades", "trump": False})) == \
        "трябва да качиш с по-силна карта (пика)"
    assert refusal(Refusal("not-held", {"card": "JC"})) == "нямаш вале спатия"
    set_language("fr")
    assert refusal(Refusal("must-trump", {"suit": "hearts"})) == "vous devez couper à cœur"


def test_a_refused_trump_says_a_higher_trump_in_every_language():
    # docs/rules.md §2: the duty on a trump lead reads "a higher trump", not the suit's name.
    why = Refusal("must-beat", {"suit": "hearts", "trump": True})
    assert refusal(why) == "you must play a higher trump"
    for code in OTHERS:
        set_language(code)
        assert refusal(why) == LOCALES[code]["refusal.must-beat-trump"]


def test_contract_words():
    assert contract_words("hearts") == "hearts"
    assert contract_words("90 hearts doubled", "coinche") == "90 hearts coinched"
    assert contract_words("thrown in") == "thrown in"
    assert contract_words("") == ""
    set_language("bg")
    assert contract_words("all-trumps redoubled", "bulgarian") == "Всичко коз ре-контра"
    assert contract_words("capot spades doubled", "coinche") == "Капо пика коанш"
    assert contract_words("thrown in") == "хвърлени карти"
    set_language("hr")
    assert contract_words("no-trumps doubled", "bulgarian") == "Bez aduta kontra"


def test_the_chosen_language_is_saved():
    assert storage.clean_settings({"language": "bg"})["language"] == "bg"
    assert "language" not in storage.clean_settings({"language": "de"})
    assert "language" not in storage.clean_settings({"language": 3})
    assert "language" not in storage.clean_settings({})
    raw = storage.encode(storage.clean_settings({"language": "hr"}), None, {})
    assert storage.decode(raw).settings["language"] == "hr"


@pytest.mark.parametrize("code", list(LANGUAGES))
@pytest.mark.parametrize(("rules", "players"), SETS)
def test_the_table_draws_in_every_language(code, rules, players):
    """A whole match drawn in the language: every region, panel and message renders, and no
    template is left unfilled."""
    set_language(code)
    rng = random.Random(f"{code}{rules}")
    m = Match(rules, players, {}, 3)
    ui = render.Ui(fast=True, settings=dict(storage.DEFAULT_SETTINGS))
    steps = 0
    while m.phase != "match-over" and steps < 3000:
        view = m.view(0)
        ui.reasons = {c: refusal(m.why_illegal(c)) for c in view["hand"]
                      if view["phase"] == "play" and m.turn == 0 and c not in view["legal"]}
        if steps % 7 == 0:
            ui.overlay = rng.choice([None, "sheet", "last-trick", "stats", "help"])
        html = "".join(render.regions(view, ui).values())
        assert not re.search(r"\{[a-z_]+\}", html), html
        legal = m.legal_actions()
        m.apply(rng.choice([a for a in legal if a != "out"] or legal))
        steps += 1
    ui.overlay = None
    html = render.regions(m.view(0), ui)
    assert 'data-panel="match-over"' in html["overlay"]
    assert f'<option value="{code}" lang="{code}" selected>' in html["bar"]
    assert html["bar"].count("<option value=") >= len(LANGUAGES)


def test_the_rules_panel():
    m = Match("bela", 4, {}, 1)
    view = m.view(0)
    ui = render.Ui(fast=True, settings=dict(storage.DEFAULT_SETTINGS), overlay="help")
    set_language("hr")
    loading = render.overlay(view, ui)
    assert 'data-panel="help"' in loading and "Učitavanje pravila…" in loading
    fragment = (ROOT / "web/help/hr/bela.html").read_text(encoding="utf-8")
    ui.help = ("hr", "bela", fragment)
    html = render.overlay(view, ui)
    assert 'data-help="hr/bela"' in html
    assert '<h2 id="panel-title">Bela</h2>' in html and html.count("<h2") == 1
    assert "štiglj" in html
    ui.help = ("en", "bela", fragment)  # fetched for another language: loading again
    assert 'data-help=' not in render.overlay(view, ui)
    assert 'data-action="help"' in render.bar(view, ui)
    assert i18n.current_language() == "hr"


def test_the_loading_screen_speaks_the_same_words():
    """web/boot.js shows the boot progress before Python runs, with a copy of the words."""
    source = (ROOT / "web/boot.js").read_text(encoding="utf-8")
    block = re.search(r"const WORDS = \{(.*?)\n  \};", source, re.S).group(1)
    copied = {code: json.loads(words) for code, words in
              re.findall(r"^\s+(\w+): (\[.*\]),$", block, re.M)}
    keys = ("loading", "loading.python", "loading.game", "loading.deal", "loading.failed",
            "loading.check", "loading.retry", "loading.held")
    assert copied == {code: [STRINGS[code][k] for k in keys] for code in LANGUAGES}
