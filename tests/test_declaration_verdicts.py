"""Why declarations count, as data for the table (RuleSet.declaration_verdicts), and the points
of a hand every seat has seen (Hand.shown_points), per docs/rules.md §2, §3, §5 and §6."""

import random

import pytest
from positions import mask_of_str

from belote import Match, get_rules


def verdicts(rules, hands, dealer=3, players=4):
    r = get_rules(rules, players)
    declared = [r.declarations_in(mask_of_str(h)) if h else [] for h in hands]
    return r.declaration_verdicts(declared, dealer)


def one(side, reason, compared="declarations"):
    return {"compared": compared, "side": side, "reason": reason}


# --- Bulgarian: sequences and carrés apart (docs/rules.md §2) -------------------------------------

def test_bulgarian_longer_sequence():
    # docs/rules.md §2: sequences: longer beats shorter.
    assert verdicts("bulgarian", ["7D 8D 9D TD", "QS KS AS", "", ""]) == [
        one(0, "length", "sequences")]


def test_bulgarian_higher_top_card():
    # docs/rules.md §2: equal length, the higher top card wins.
    assert verdicts("bulgarian", ["7D 8D 9D", "", "", "QS KS AS"]) == [
        one(1, "top", "sequences")]


def test_bulgarian_equal_sequences_and_a_carre():
    # docs/rules.md §2: equal best sequences: no sequence scores; carrés are compared apart, and
    # the only carré counts.
    assert verdicts("bulgarian", ["9D TD JD AC AD AH AS", "9C TC JC", "", ""]) == [
        one(None, "tie", "sequences"), one(0, "only", "carres")]


def test_bulgarian_stronger_carre():
    # docs/rules.md §2: carrés: jacks > nines > aces > tens > kings > queens.
    assert verdicts("bulgarian", ["QC QD QH QS", "9C 9D 9H 9S", "", ""]) == [
        one(1, "rank", "carres")]


def test_no_declaration_no_verdict():
    assert verdicts("bulgarian", ["", "", "", ""]) == []
    assert verdicts("french", ["", "", "", ""]) == []


# --- French, Coinche, Classic: the single best (docs/rules.md §3) ---------------------------------

@pytest.mark.parametrize("rules", ["french", "coinche", "classic"])
def test_french_reasons(rules):
    # docs/rules.md §3: compare by value, then length, then top card; a carré beats a sequence of
    # equal value; two carrés worth 100 by rank; a full tie: neither scores.
    assert verdicts(rules, ["7D 8D 9D TD JD", "JC JS JH JD", "", ""]) == [one(1, "value")]
    assert verdicts(rules, ["7D 8D 9D TD JD", "QC QS QH QD", "", ""]) == [one(1, "carre")]
    assert verdicts(rules, ["7D 8D 9D", "TS JS QS", "", ""]) == [one(1, "top")]
    assert verdicts(rules, ["AC AD AH AS", "", "", "KC KD KH KS"]) == [one(0, "rank")]
    assert verdicts(rules, ["7D 8D 9D TD", "7S 8S 9S TS", "", ""]) == [one(None, "tie")]
    assert verdicts(rules, ["", "", "7H 8H 9H", ""]) == [one(0, "only")]


def test_classic_three_players():
    # docs/rules.md §6: as French; each player is a side.
    assert verdicts("classic", ["7D 8D 9D", "TS JS QS KS", "7C 8C 9C"], 0, 3) == [
        one(1, "value")]


# --- Bela (docs/rules.md §5) ----------------------------------------------------------------------

def test_bela_longer_run_and_first_from_the_dealers_right():
    # docs/rules.md §5: value, then length, then top card; an equal best goes to the team whose
    # player comes first counting from the dealer's right.
    assert verdicts("bela", ["7D 8D 9D TD JD", "7S 8S 9S TS JS QS", "", ""]) == [
        one(1, "length")]
    assert verdicts("bela", ["7D 8D 9D", "7S 8S 9S", "", ""], dealer=3) == [one(0, "first")]
    assert verdicts("bela", ["7D 8D 9D", "7S 8S 9S", "", ""], dealer=0) == [one(1, "first")]


# --- the verdicts agree with what counts --------------------------------------------------------

@pytest.mark.parametrize(("rules", "players"), [("bulgarian", 4), ("french", 4), ("coinche", 4),
                                                ("bela", 4), ("classic", 3)])
def test_verdicts_name_the_sides_whose_declarations_count(rules, players):
    r = get_rules(rules, players)
    rng = random.Random(rules)
    for _ in range(400):
        deck = list(range(32))
        rng.shuffle(deck)
        declared = [r.declarations_in(sum(1 << c for c in deck[8 * s:8 * s + 8]))
                    for s in range(players)]
        dealer = rng.randrange(players)
        counted = r.resolve_declarations(declared, dealer)
        winners = {r.side(s) for s, ds in enumerate(counted) if ds}
        named = {v["side"] for v in r.declaration_verdicts(declared, dealer)} - {None}
        assert winners == named, (declared, counted)


# --- the view -------------------------------------------------------------------------------

def test_the_view_gives_verdicts_and_shown_points_after_the_first_trick():
    # docs/rules.md §2 Declarations: shown after the first trick; docs/rules.md §6 "I'm out": what
    # a side has earned that every seat has seen (declarations that count, belote said).
    rng = random.Random(3)
    m = Match("classic", 3, {}, 5)
    checked = 0
    while m.phase != "match-over" and checked < 200:
        if m.phase in ("auction", "play"):
            view = m.view(m.turn)
            if view["tricks"] == 0:
                assert view["declaration_verdicts"] is None
                assert view["known_points"] == [sum(m.hand.belote[s:s + 1]) for s in range(3)]
            elif view["phase"] == "play":
                r = m.rules
                assert view["declaration_verdicts"] == r.declaration_verdicts(m.hand.declared,
                                                                              m.hand.dealer)
                for side in range(3):
                    decl = sum(d["points"] for d in (view["counted"] or [[]] * 3)[side])
                    assert view["known_points"][side] == decl + m.hand.belote[side]
                    assert m.hand.claim_points(side) == (view["known_points"][side]
                                                         + m.hand.points[side])
                checked += 1
        legal = [a for a in m.legal_actions() if a != "out"]
        declare = [a for a in legal if a.startswith("declare ")]
        m.apply(declare[0] if declare else rng.choice(legal))
    assert checked >= 50


def test_the_sheet_names_the_side_that_took_every_trick():
    # docs/rules.md §1 Valat: a team that wins all eight tricks; the sheet says which.
    found = 0
    for seed in range(300):
        m = Match("french", 4, {}, seed)
        while m.phase in ("auction", "play"):
            legal = m.legal_actions()
            if m.phase == "play":  # the takers' side plays high, the other low: more valats
                cards = [a for a in legal if len(a) == 2]
                legal = cards[-1:] if m.turn % 2 == 0 else cards[:1]
            m.apply(legal[0])
        if m.hand.score is None:
            continue
        took_all = [s for s in (0, 1) if m.hand.trick_counts[s] == 8]
        assert m.sheet[-1].get("valat") == (took_all[0] if took_all else None)
        found += bool(took_all)
    assert found
