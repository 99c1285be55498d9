"""Each language's typography, the same everywhere the table shows words (issue 24).

French: a non-breaking space (U+00A0, the one the French words use throughout; never U+202F)
before ``: ; ! ?`` and inside « »; never a plain space there. The other languages: no space of
any kind before ``: ; ! ? , .``. Every language: one kind of quotation marks (English “ ”,
Spanish « », Bulgarian and Croatian „ “), never straight double quotes, and "…" rather than
three dots.

Checked in every string of every language (web/i18n/locales/), in the rules pages each
language shows (web/help/), and in the table as drawn in each language (every region and panel
of whole matches, the notices, the replay viewer and a review): words put together in the code
(``Dealer: You``) follow the rule too.
"""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from belote import Match
from web.coach import review
from web.i18n import LANGUAGES, STRINGS, set_language, t
from web.records import replay as viewer
from web.records import transfer
from web.storage.settings import DEFAULTS as DEFAULT_SETTINGS
from web.table import regions
from web.table.shown import Shown as TableShown

ROOT = Path(__file__).resolve().parent.parent
NBSP = "\u00a0"
QUOTES = {"en": "“”", "es": "«»", "fr": "«»", "bg": "„“", "hr": "„“"}
ALL_QUOTES = "\"“”„«»"
SHOWN_ATTRIBUTES = ("alt", "aria-label", "title", "placeholder")


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def faults(code: str, text: str) -> list[str]:
    """What breaks the language's typography in ``text`` (each with a little context)."""
    out = []

    def near(i: int) -> str:
        return repr(text[max(0, i - 18):i + 6])

    if "..." in text:
        out.append(f"three dots instead of … in {near(text.index('...'))}")
    for i, ch in enumerate(text):
        if ch in ALL_QUOTES and ch not in QUOTES[code]:
            out.append(f"the quotation mark {ch} in {near(i)}")
        if ch == "\u202f":
            out.append(f"a narrow no-break space (U+202F) in {near(i)}")
    if code == "fr":
        for m in re.finditer(r"[:;!?]", text):
            i = m.start()
            before = text[i - 1] if i else ""
            if i == 0 or before == NBSP or before in ":;!?":
                continue
            if m.group() == ":" and (text[i + 1:i + 3] == "//"
                                     or (before.isdigit() and text[i + 1:i + 2].isdigit())):
                continue  # an address, a time
            out.append(f"no non-breaking space before {m.group()} in {near(i)}")
        for m in re.finditer("«", text):
            if text[m.end():m.end() + 1] != NBSP:
                out.append(f"no non-breaking space after « in {near(m.end())}")
        for m in re.finditer("»", text):
            if text[m.start() - 1:m.start()] != NBSP:
                out.append(f"no non-breaking space before » in {near(m.start())}")
    else:
        for m in re.finditer(r"\s[:;!?,.]", text):
            out.append(f"a space before {m.group()[-1]} in {near(m.start() + 1)}")
    return out


class Shown(HTMLParser):
    """The words an HTML fragment shows: its text, block by block, and each attribute said or
    shown on its own."""

    BLOCKS = ("p", "li", "td", "th", "tr", "div", "h2", "h3", "br", "section", "option",
              "legend", "label", "summary", "figcaption", "button")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.open: list[bool] = []   # for each open element: whether it is a block

    def handle_starttag(self, tag, attrs):
        self.parts += ["\n" + v + "\n" for k, v in attrs if k in SHOWN_ATTRIBUTES and v]
        # a label's long and short forms (words.long_short) show one at a time
        block = tag in self.BLOCKS or dict(attrs).get("class") in ("long", "short")
        if tag not in ("br", "img", "input", "meta", "link", "hr", "source"):
            self.open.append(block)
        if block:
            self.parts.append("\n")

    def handle_endtag(self, tag):
        if self.open and self.open.pop():
            self.parts.append("\n")

    def handle_data(self, data):
        self.parts.append(data)


def shown(html: str) -> list[str]:
    parser = Shown()
    parser.feed(html)
    parser.close()
    return [x for x in "".join(parser.parts).split("\n") if x.strip()]


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_every_string(code):
    found = []
    for key, template in STRINGS[code].items():
        text = template.format(**{f: "X" for f in re.findall(r"\{(\w+)\}", template)})
        found += [f"{key}: {f}" for f in faults(code, text)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_the_rules_pages(code):
    pages = sorted((ROOT / "web/help" / code).glob("*.html"))
    assert pages
    found = []
    for page in pages:
        for text in shown(page.read_text(encoding="utf-8")):
            found += [f"{page.name}: {f}" for f in faults(code, text)]
    assert not found, "\n".join(found)


def drawn(code: str, rules: str, players: int) -> list[str]:
    """Everything the table draws in a match of that game: each region at every step, with
    each panel in turn, the notices, then the replay viewer and a review of the first hand."""
    set_language(code)
    rng = random.Random(f"{code}{rules}{players}")
    m = Match(rules, players, {}, 5)
    ui = TableShown(settings=dict(DEFAULT_SETTINGS))
    panels = [None, "sheet", "last-trick", "stats", "hand", "settings", "confirm-out"]
    kinds = ["broken-save", "save-failed", "other-tab", "new-game", "update", "practice",
             "imported", "reloaded"]
    html = []
    for step in range(400):
        if m.phase == "match-over" or len(m.sheet) >= 2:
            break
        view = m.view(0)
        ui.overlay = panels[step % len(panels)]
        ui.notice, ui.notice_kind = t("new.undo.note"), kinds[step % len(kinds)]
        ui.passive = ui.notice_kind == "other-tab"
        ui.notice_folded = step % 3 == 0
        ui.takers = transfer.takers(m, {})
        html += regions.regions(view, ui).values()
        legal = m.legal_actions()
        m.apply(rng.choice([a for a in legal if a != "out"] or legal))
    html += regions.regions(m.view(0), TableShown()).values()
    record = transfer.hand_of_sheet(m, 1)
    assert record is not None
    rp = viewer.Replay(record, 1)
    html += [viewer.body(rp, step, ui) for step in range(0, rp.last + 1, 5)]
    html.append(viewer.body(rp, rp.last, ui))
    state = review.State(record, 1, status="done", total=0, threshold=1.0)
    html.append(review.panel(state))
    return [text for fragment in html for text in shown(fragment)]


@pytest.mark.parametrize("code", list(LANGUAGES))
@pytest.mark.parametrize(("rules", "players"), [("bulgarian", 4), ("coinche", 4),
                                                ("classic", 2), ("classic", 3)])
def test_the_table_as_drawn(code, rules, players):
    found = set()
    for text in drawn(code, rules, players):
        found |= set(faults(code, text))
    assert not found, "\n".join(sorted(found))


def test_the_check_finds_what_it_should():
    assert faults("fr", "Contrat: 90") and faults("fr", "Donneur : Vous")
    assert faults("fr", "Dire « Je sors » ?")
    assert not faults("fr", f"Donneur{NBSP}: Vous, «{NBSP}Je sors{NBSP}»{NBSP}!")
    assert not faults("fr", "https://example.org 12:30")
    assert faults("en", "Dealer : You") and faults("en", "Wait...") and faults("en", "«no»")
    assert not faults("en", "Dealer: You. “I'm out!”")
    assert faults("bg", "Сдаващ : Ти") and not faults("bg", "Сдаващ: Ти „да“")
    assert shown('<p title="a : b">x<b>y</b> :</p>') == ["a : b", "xy :"]
