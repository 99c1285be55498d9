"""What a bid said shows, on the table (issue 39; web/table/meanings.py, docs/bid-meanings.md):
the words in five languages, the bubbles and the auction list tapped, focused and described for
screen readers, the player's own bid as the partner reads it, and the words drawn from the bots'
own model (belote/bots/meanings.py), so that they cannot drift from what the bots do."""

from __future__ import annotations

import pytest
from table_page import Page

from belote import Match
from belote.bots import make_bot
from belote.bots import meanings as model
from belote.cards import JACK
from belote.rules import CONFIGS, get_rules
from web.i18n import card_short, set_language, t
from web.table.meanings import holding_text, meaning_text, said_meanings
from web.table.summary import auction_table
from web.table.words import bid_text, labelled


@pytest.fixture(autouse=True)
def english_after():
    yield
    set_language("en")


def text_of(rules: str, players: int, dealer: int, auction, word: str, turned=None) -> str:
    m = model.meaning(get_rules(rules, players), dealer, auction, word, turned)
    return meaning_text(m.to_dict(), rules, players, mine=m.seat == 0)


# (rules, players, dealer, auction before, word, turned) -> its words in each language
CASES = {
    # the partner's hearts, Bulgarian
    ("bulgarian", 4, 0, ((1, "pass"),), "hearts", None): {
        "en": "Usually J♥ or 9♥ with another ♥.",
        "es": "Suele indicar J♥ o 9♥ con otra carta de ♥.",
        "fr": "Montre en général V♥ ou 9♥ avec une autre carte à ♥.",
        "bg": "Обикновено показва В♥ или 9♥ с още една карта ♥.",
        "hr": "Obično pokazuje J♥ ili 9♥ uz još jednu kartu ♥."},
    ("bulgarian", 4, 0, ((1, "clubs"),), "no-trumps", None): {
        "en": "Usually 2 aces or an ace with the ten of its suit.",
        "es": "Suele indicar 2 ases o un as con el diez del mismo palo.",
        "fr": "Montre en général 2 as ou un as avec le dix de sa couleur.",
        "bg": "Обикновено показва 2 аса или асо с десетката от същата боя.",
        "hr": "Obično pokazuje 2 asa ili asa s desetkom iste boje."},
    ("bulgarian", 4, 0, ((1, "clubs"),), "double", None): {
        "en": "Cards against clubs: usually J♣, 9♣, at least 4 ♣ or an ace outside ♣.",
        "es": "Cartas contra tréboles: suele indicar J♣, 9♣, al menos 4 cartas de ♣ o un as de "
              "un palo distinto de ♣.",
        "fr": "Des cartes contre trèfle\u00a0: montre en général V♣, 9♣, au moins 4 cartes à ♣ "
              "ou un as dans une autre couleur que ♣.",
        "bg": "Карти срещу спатия: обикновено показва В♣, 9♣, поне 4 карти ♣ или асо в боя, "
              "различна от ♣.",
        "hr": "Karte protiv igre tref: obično pokazuje J♣, 9♣, najmanje 4 karte ♣ ili asa u boji "
              "različitoj od ♣."},
    # your 90 hearts over your partner's 80 hearts, Coinche: what your partner reads
    ("coinche", 4, 1, ((2, "80 hearts"), (3, "pass")), "90 hearts", None): {
        "en": "What your partner reads: support for ♥: usually J♥, 9♥ or an ace outside ♥.",
        "es": "Lo que entiende tu compañero: apoyo a ♥: suele indicar J♥, 9♥ o un as de un palo "
              "distinto de ♥.",
        "fr": "Ce que comprend votre partenaire\u00a0: soutien à ♥\u00a0: montre en général V♥, "
              "9♥ ou un as dans une autre couleur que ♥.",
        "bg": "Как го разбира партньорът ти: подкрепа за ♥: обикновено показва В♥, 9♥ или асо в "
              "боя, различна от ♥.",
        "hr": "Kako to čita tvoj partner: podrška za ♥: obično pokazuje J♥, 9♥ ili asa u boji "
              "različitoj od ♥."},
    ("coinche", 4, 1, ((2, "80 hearts"), (3, "double")), "redouble", None): {
        "en": "What your partner reads: cards for 80 hearts: usually J♥, 9♥, at least 4 ♥ or "
              "an ace outside ♥."},
    # your take of the turned eight, Classic with three players: no partner, the others read it
    ("classic", 3, 2, (), "take", "8H"): {
        "en": "What the other players read: with the turned 8♥: usually J♥, 9♥ with another "
              "♥ or at least 3 ♥.",
        "hr": "Kako to čitaju ostali igrači: s okrenutom kartom (8♥): obično pokazuje J♥, 9♥ "
              "uz još jednu kartu ♥ ili najmanje 3 karte ♥."},
    ("french", 4, 0, (), "take", "9S"): {
        "en": "With the turned 9♠: usually J♠ or 9♠ with another ♠.",
        "fr": "Avec la carte retournée (9♠)\u00a0: montre en général V♠ ou 9♠ avec une autre "
              "carte à ♠."},
    # Bela: the dealer had to name trump after three passes
    ("bela", 4, 0, ((1, "pass"), (2, "pass"), (3, "pass")), "hearts", None): {
        "en": "What your partner reads: had to name trump: shows nothing in particular.",
        "bg": "Как го разбира партньорът ти: трябваше да обяви коз: не показва нищо особено."},
    ("bulgarian", 4, 0, (), "pass", None): {"en": "Shows nothing in particular.",
                                            "es": "No indica nada en particular."},
}


@pytest.mark.parametrize("case", list(CASES), ids=lambda c: f"{c[0]}{c[1]}-{c[4]}")
def test_what_a_bid_shows_in_each_language(case):
    rules, players, dealer, auction, word, turned = case
    for code, expected in CASES[case].items():
        set_language(code)
        assert text_of(rules, players, dealer, list(auction), word, turned) == expected, code


def test_a_kind_without_words_says_there_is_no_set_meaning():
    """A word the model cannot read, or whose kind the page has no words for, says so rather
    than anything wrong."""
    assert meaning_text(None, "bulgarian", 4) == t("meaning.none")
    odd = {"word": "hearts", "seat": 1, "kind": "suit", "contract": "hearts",
           "shows": [{"kind": "voids", "count": 2}]}
    assert meaning_text(odd, "bulgarian", 4) == t("meaning.none")
    assert meaning_text({**odd, "kind": "cue-bid", "shows": []}, "bulgarian", 4) \
        == t("meaning.none")
    set_language("fr")
    assert meaning_text(None, "coinche", 4) == "Pas de sens établi pour cette annonce."


def at_partners_bid(params: str) -> Page:
    """A table at the player's turn in the auction, after the partner has bid."""
    p = Page(params)
    p.play_until(lambda q: q.m.match.phase == "auction" and q.m.match.turn == 0 and any(
        s == 2 for s, _ in q.m.match.view(0)["auction"]))
    return p


def tooltip(p: Page, button) -> str:
    """The words a bid's button is described by (aria-describedby), as drawn."""
    tip = p.find("#" + button.getAttribute("aria-describedby"))
    assert tip.getAttribute("role") == "tooltip"
    return " ".join(tip.textContent.split())


def test_a_bubble_tapped_says_what_the_bid_shows_and_escape_hides_it():
    p = at_partners_bid("rules=bulgarian&level=easy&seed=3&fast=1")
    view = p.m.match.view(0)
    index = max(i for i, (s, _) in enumerate(view["auction"]) if s == 2)
    word = view["auction"][index][1]
    button = p.find('[data-said-seat="2"] [data-action="meaning"]')
    expected = meaning_text(model.view_meanings(view)["auction"][index], "bulgarian", 4)
    heading = t("contract.by", contract=bid_text(word, view), seat=t("seat.partner"))
    assert tooltip(p, button) == f"{heading} {expected}"
    assert button.getAttribute("aria-label") == labelled(t("seat.partner"), bid_text(word, view))
    assert button.getAttribute("aria-expanded") == "false"
    key = button.getAttribute("data-meaning")
    p.click("meaning", meaning=key)  # a tap keeps it open
    assert p.s.meaning == key
    assert p.find(f'[data-meaning="{key}"]').getAttribute("aria-expanded") == "true"
    p.click("meaning", meaning=key)  # and a second one hides it
    assert p.find(f'[data-meaning="{key}"]').getAttribute("aria-expanded") == "false"
    p.click("meaning", meaning=key)
    resolved = p.key("Escape")
    assert p.s.meaning == "" and not resolved.prevent
    assert p.find(f'[data-meaning="{key}"]').getAttribute("aria-expanded") == "false"
    # the bidding box is still there, and a bid is still one tap
    bid = p.m.match.legal_actions()[0]
    p.click(bid=bid)
    assert p.m.match.hand.auction.words[len(view["auction"])] == bid


def test_your_own_bid_says_what_your_partner_reads():
    """The player's bubble and the auction list's cell of the player's bid say the meaning the
    partner's own view of the auction gives it (the same model reads every seat's words)."""
    p = at_partners_bid("rules=coinche&level=easy&seed=1&fast=1")
    p.click(bid=next(a for a in p.m.match.legal_actions() if a != "pass"))
    assert p.m.match.phase == "auction" and p.m.match.turn == 0  # the bots bid on
    partner = p.m.match.view(2)
    mine = [i for i, (s, _) in enumerate(partner["auction"]) if s == 0]
    read = model.view_meanings(partner)["auction"]
    button = p.find('[data-said-seat="0"] [data-action="meaning"]')
    text = meaning_text(read[mine[-1]], "coinche", 4)
    assert tooltip(p, button).endswith(t("meaning.yours", meaning=text[0].lower() + text[1:]))
    p.play_until(lambda q: q.m.match.phase != "auction")
    p.click("hand-info")
    partner = p.m.match.view(2)
    mine = [i for i, (s, _) in enumerate(partner["auction"]) if s == 0]
    read = model.view_meanings(partner)["auction"]
    cells = p.document().querySelectorAll('[data-panel="hand"] [data-said-seat="0"] button')
    assert len(cells) == len(mine)
    for i, cell in zip(mine, cells):
        text = meaning_text(read[i], "coinche", 4)
        assert tooltip(p, cell).endswith(t("meaning.yours", meaning=text[0].lower() + text[1:]))


def played_auction(rules: str, players: int, seed: int) -> Match:
    """A hand whose auction is over (the bots' words: they keep to the meanings)."""
    m = Match(rules, players, {}, seed)
    bots = [make_bot("easy", seed=seed * 10 + s) for s in range(players)]
    while m.phase == "auction":
        m.apply(bots[m.turn].choose(m.view(m.turn)))
    return m


@pytest.mark.parametrize("config", sorted(CONFIGS), ids=lambda c: f"{c[0]}{c[1]}")
def test_every_bid_of_every_rule_set_says_its_models_meaning(config):
    """In every rule set, each bid of the auction list says the meaning the model gives it
    (belote/bots/meanings.py `said`, read here from the engine, not from the page's data),
    every one of its alternatives in words and in order, never "no set meaning"."""
    rules, players = config
    for seed in (1, 2, 3):
        m = played_auction(rules, players, seed)
        view = m.view(0)
        found = model.said(get_rules(rules, players), view["dealer"],
                           [(s, w) for s, w in view["auction"]], view["turned"])
        for code in ("en", "hr"):
            set_language(code)
            html = auction_table(view)
            for i, (seat, word) in enumerate(view["auction"]):
                m_i = found[i]
                text = meaning_text(m_i.to_dict(), rules, players, mine=seat == 0)
                assert text != t("meaning.none"), (rules, word)
                assert f"{text}</span>" in html
                at = 0
                for h in m_i.shows:
                    part = holding_text(h.to_dict())
                    at = text.index(part, at) + len(part)  # each alternative, in order
        set_language("en")


def test_the_words_follow_the_model(monkeypatch):
    """Change what a suit bid shows in the bots' model, and the table says the new meaning:
    the page keeps no prose of its own."""
    p = at_partners_bid("rules=bulgarian&level=easy&seed=3&fast=1")
    view = p.m.match.view(0)
    suits = [(i, w) for i, (s, w) in enumerate(view["auction"])
             if model.view_meanings(view)["auction"][i]["kind"] == "suit"]
    assert suits
    before = [meaning_text(m, "bulgarian", 4) for m in said_meanings(view)]
    monkeypatch.setattr(model, "trump_holding", lambda suit: (model.card(suit * 8 + JACK),))
    model._meaning_in.cache_clear()
    try:
        after = [meaning_text(m, "bulgarian", 4) for m in said_meanings(view)]
        for i, word in suits:
            assert before[i] != after[i]
            assert after[i] == t("meaning.shows", shows=card_short("J" + word[0].upper()))
    finally:
        monkeypatch.undo()
        model._meaning_in.cache_clear()


def test_a_rule_set_the_model_cannot_read_shows_no_meaning(monkeypatch):
    """If the model cannot read a hand's auction, each bid says it has no set meaning and the
    table is drawn as ever."""
    p = at_partners_bid("rules=bulgarian&level=easy&seed=3&fast=1")

    def unreadable(view):
        raise ValueError("no model for these words")

    monkeypatch.setattr(model, "view_meanings", unreadable)
    p.draw()
    buttons = p.document().querySelectorAll("[data-said-seat] [data-action=meaning]")
    assert buttons
    for button in buttons:
        assert tooltip(p, button).endswith(t("meaning.none"))


def test_each_bid_is_described_once_by_an_element_of_its_own():
    """Screen readers: each bid's button names whose bid it is and is described by one
    tooltip element (unique ids), on the felt and in the auction list."""
    p = at_partners_bid("rules=coinche&level=easy&seed=5&fast=1")
    p.play_until(lambda q: q.m.match.phase != "auction")
    p.click("hand-info")
    doc = p.document()
    ids = [e.getAttribute("id") for e in doc.querySelectorAll("[id]")]
    buttons = doc.querySelectorAll("[data-action=meaning]")
    assert buttons and len(ids) == len(set(ids))
    for b in buttons:
        assert b.getAttribute("aria-label")
        assert ids.count(b.getAttribute("aria-describedby")) == 1


def test_the_replay_viewers_bids_say_what_they_show():
    """The replay viewer's auction and its hand's summary: each bid a button described by its
    meaning as the table says it, tapped open and closed."""
    p = Page("rules=bulgarian&level=easy&seed=3&fast=1")
    p.play_until(lambda q: q.m.match.phase in ("hand-over", "match-over"))
    p.click("sheet")
    p.click("replay-hand", hand="1")
    p.click("replay-last")
    view = p.m.session.records.replay.state(p.s.records.step).view
    read = said_meanings(view)
    items = p.document().querySelectorAll(".rp-auction [data-action=meaning]")
    assert len(items) == len(view["auction"]) > 0
    for (seat, _), item, m in zip(view["auction"], items, read):
        assert tooltip(p, item).endswith(meaning_text(m, "bulgarian", 4, mine=seat == 0))
    listed = p.document().querySelectorAll("[data-rp-score] [data-action=meaning]")
    assert len(listed) == len(view["auction"])
    key = items[-1].getAttribute("data-meaning")
    p.click("meaning", meaning=key)
    assert p.find(f'[data-meaning="{key}"]').getAttribute("aria-expanded") == "true"
    p.click("meaning", meaning=key)
    assert p.find(f'[data-meaning="{key}"]').getAttribute("aria-expanded") == "false"


@pytest.mark.parametrize("params", ["rules=coinche&level=easy&seed=1&fast=1",
                                    "rules=bulgarian&level=easy&seed=3&fast=1",
                                    "rules=classic&players=3&level=easy&seed=2&fast=1"])
def test_the_bidding_box_says_what_each_word_would_tell(params):
    """Before a word is said, its button in the bidding box is described by what the others
    will read (the model's meaning of the legal words at this turn); a disabled one by
    nothing."""
    p = Page(params)
    p.play_until(lambda q: q.m.match.phase == "auction" and q.m.match.turn == 0)
    view = p.m.match.view(0)
    would = model.view_meanings(view)["legal"]
    rules, players = view["rules"], view["players"]
    buttons = p.document().querySelectorAll("[data-bid]")
    described = [b for b in buttons if b.getAttribute("aria-describedby")]
    assert described and all(not b.disabled for b in described)
    assert {b.getAttribute("data-bid") for b in described} \
        == {b.getAttribute("data-bid") for b in buttons if not b.disabled}
    for b in described:
        text = meaning_text(would[b.getAttribute("data-bid")], rules, players, mine=True)
        assert tooltip(p, b) == text
        assert text.startswith(t("meaning.yours" if players == 4 else "meaning.yours.others",
                                 meaning="")), text
