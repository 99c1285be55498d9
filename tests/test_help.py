"""The in-game rules help: web/help/<lang>/<rules>.html fragments and web/help/index.json."""

from __future__ import annotations

import json
from html.parser import HTMLParser
from pathlib import Path

import pytest

HELP = Path(__file__).resolve().parent.parent / "web" / "help"
LANGUAGES = ("en", "es", "fr", "bg", "hr")
RULES = ("bulgarian", "french", "coinche", "bela", "classic")
VOID = {"br", "hr", "img", "wbr", "col"}
FORBIDDEN = {"html", "head", "body", "script", "style", "link", "iframe", "a"}


class Checker(HTMLParser):
    """Collects tags and checks that they nest and close properly."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack: list[str] = []
        self.tags: list[str] = []
        self.errors: list[str] = []
        self.text = ""

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if any(name == "style" or name.startswith("on") for name, _ in attrs):
            self.errors.append(f"<{tag}> has an inline style or script attribute")
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append(tag)

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            open_tag = self.stack[-1] if self.stack else None
            self.errors.append(f"</{tag}> closes <{open_tag}>")
            return
        self.stack.pop()

    def handle_data(self, data):
        self.text += data


def parse(path: Path) -> Checker:
    checker = Checker()
    checker.feed(path.read_text(encoding="utf-8"))
    checker.close()
    return checker


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("rules", RULES)
def test_fragment(lang, rules):
    path = HELP / lang / f"{rules}.html"
    assert path.is_file(), f"{path} is missing"
    source = path.read_text(encoding="utf-8")
    assert source.strip(), f"{path} is empty"
    checker = parse(path)
    assert not checker.errors, checker.errors
    assert not checker.stack, f"unclosed tags: {checker.stack}"
    assert checker.tags[0] == "h2", "a fragment starts with its <h2> title"
    assert checker.tags.count("h2") == 1
    assert "h3" in checker.tags
    assert not FORBIDDEN & set(checker.tags), FORBIDDEN & set(checker.tags)
    assert len(checker.text.split()) > 300, "too short to explain the rules"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_key_numbers(lang):
    """The points that define each rule set appear in every language."""
    def text(rules):
        return parse(HELP / lang / f"{rules}.html").text

    bulgarian = text("bulgarian")
    for number in ("151", "162", "258", "260", "56", "106"):
        assert number in bulgarian, (lang, number)
    assert "501" in text("french")
    coinche = text("coinche")
    for number in ("1000", "82", "250", "500"):
        assert number in coinche, (lang, number)
    assert "1001" in text("bela")
    assert "1000" in text("classic")


def test_index():
    index = json.loads((HELP / "index.json").read_text(encoding="utf-8"))
    assert tuple(index["languages"]) == LANGUAGES
    assert set(index["rules"]) == set(RULES)
    for rules, names in index["rules"].items():
        assert set(names) == set(LANGUAGES), rules
        assert all(isinstance(n, str) and n.strip() for n in names.values()), rules
