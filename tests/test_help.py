"""The in-game rules help: web/help/<lang>/<rules>.html fragments and web/help/index.json."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from belote.cards import PLAIN_ORDER, PLAIN_POINTS, RANKS, TRUMP_ORDER, TRUMP_POINTS
from belote.contract import ALL_TRUMPS, LAST_TRICK, NO_TRUMPS, SUIT, Contract
from belote.rules import RULE_SETS, Bulgarian, Coinche
from belote.rules.coinche import round_half_down_to_ten
from belote.scoring import HandResult
from web.i18n import set_language, t

HELP = Path(__file__).resolve().parent.parent / "web" / "help"
LANGUAGES = ("en", "es", "fr", "bg", "hr")
NAMES = tuple(RULE_SETS)
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
@pytest.mark.parametrize("rules", NAMES)
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


def text_of(lang: str, rules: str) -> str:
    return parse(HELP / lang / f"{rules}.html").text


def numbers(text: str) -> set[int]:
    return {int(n) for n in re.findall(r"\d+", text)}


def hand_total(contract: Contract) -> int:
    """The card points of a hand played in ``contract``, the last trick included."""
    return sum(contract.points) + LAST_TRICK


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_page_gives_the_engines_numbers(lang):
    """Each page names its rule set's target and the points of a hand as the engine counts them
    (docs/rules.md §1-§6)."""
    for rules in NAMES:
        assert RULE_SETS[rules].default_target in numbers(text_of(lang, rules)), (lang, rules)
    suit = hand_total(Contract(SUIT, 0, 0))
    for rules in NAMES:
        assert suit in numbers(text_of(lang, rules)), (lang, rules)
    bulgarian = numbers(text_of(lang, "bulgarian"))
    assert hand_total(Contract(ALL_TRUMPS, None, 0)) in bulgarian
    no_trumps = Contract(NO_TRUMPS, None, 0)
    whole = hand_total(no_trumps)
    scored = Bulgarian().score(HandResult(2, no_trumps, 0, [whole, 0], [7, 1], [0, 0], [0, 0],
                                          None))
    assert scored.raw[0] in bulgarian  # no-trumps count double
    coinche = numbers(text_of(lang, "coinche"))
    assert {Coinche.made_card_points, Coinche.capot_cards, Coinche.capot_bid_value} <= coinche


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rounding_examples_round_as_the_engine_rounds(lang):
    """Bulgarian's "88 and 74 count 9 and 7" (docs/rules.md §2 "Game points"), in the page's order:
    two suit contracts, all trumps, the suit contract's both-end-in-6 case, all trumps'
    both-end-in-4 case; Coinche's "82 → 80" (§4 "Rounding")."""
    examples = [tuple(map(int, q)) for q in re.findall(
        r"(\d+) \S+ (\d+) \S+ (\d+) \S+ (\d+)\b", text_of(lang, "bulgarian"))]
    examples = [(a, b, c, d) for a, b, c, d in examples
                if c in (a // 10, a // 10 + 1) and d in (b // 10, b // 10 + 1)]
    kinds = (SUIT, SUIT, ALL_TRUMPS, SUIT, ALL_TRUMPS)
    assert len(examples) == len(kinds), examples
    for (a, b, c, d), kind in zip(examples, kinds):
        bidders = 0 if a > b else 1
        contract = Contract(kind, 0 if kind == SUIT else None, bidders)
        result = HandResult(2, contract, bidders, [a, b], [4, 4], [0, 0], [0, 0], None)
        assert Bulgarian().score(result).score == [c, d], (lang, a, b, kind)
    rounded = re.findall(r"(\d+) → (\d+)", text_of(lang, "coinche"))
    assert len(rounded) == 3
    for points, shown in rounded:
        assert round_half_down_to_ten(int(points)) == int(shown), (lang, points)


class Cells(HTMLParser):
    """The cells of a fragment's first table, row by row."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.rows: list[list[str]] = []
        self.tables = 0
        self.cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables += 1
        elif tag == "tr" and self.tables == 1:
            self.rows.append([])
        elif tag in ("td", "th") and self.tables == 1:
            self.cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append("".join(self.cell).strip())
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("rules", NAMES)
def test_the_card_table_is_the_engines(lang, rules):
    """Each page's table of the cards' order and points, written by hand in each language, says
    what belote/cards.py says: trumps J 9 A T K Q 8 7 worth 20 14 11 10 4 3 0 0, other suits
    A T K Q J 9 8 7 worth 11 10 4 3 2 0 0 0 (docs/rules.md §1), and their totals."""
    set_language(lang)
    try:
        rank_of = {t("rank." + RANKS[r]).lower(): r for r in range(8)}
    finally:
        set_language("en")
    cells = Cells()
    cells.feed((HELP / lang / f"{rules}.html").read_text(encoding="utf-8"))
    head, *body, totals = cells.rows
    assert len(head) == 5 and len(body) == 8, cells.rows

    def rank(cell: str) -> int:
        return rank_of[cell.split(" (")[0].lower()]  # Croatian Bela: "Dama (baba)"

    by_strength = {order: sorted(range(8), key=lambda r: -order[r])
                   for order in (TRUMP_ORDER, PLAIN_ORDER)}
    for i, row in enumerate(body):
        assert rank(row[1]) == by_strength[TRUMP_ORDER][i], (lang, rules, row)
        assert int(row[2]) == TRUMP_POINTS[rank(row[1])], (lang, rules, row)
        assert rank(row[3]) == by_strength[PLAIN_ORDER][i], (lang, rules, row)
        assert int(row[4]) == PLAIN_POINTS[rank(row[3])], (lang, rules, row)
    assert (int(totals[2]), int(totals[4])) == (sum(TRUMP_POINTS), sum(PLAIN_POINTS))


def test_index():
    index = json.loads((HELP / "index.json").read_text(encoding="utf-8"))
    assert tuple(index["languages"]) == LANGUAGES
    assert set(index["rules"]) == set(NAMES)
    for rules, names in index["rules"].items():
        assert set(names) == set(LANGUAGES), rules
        assert all(isinstance(n, str) and n.strip() for n in names.values()), rules
