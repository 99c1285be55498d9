"""Properties of random play, for every rule set (and Classic with 2, 3 and 4 players).

Hypothesis draws the deal (a match seed), the options (undertrump where the rule set has it; now
and then a low target, so that matches end and "I'm out" claims can be right) and every action:
a string of bytes, one byte per action, choosing among the legal actions (``drawing.pick``; 0
picks the first legal action, and once the bytes run out every pick is 0). A failure therefore
shrinks to a short sequence of early choices. Each example plays ``HANDS_PER_EXAMPLE`` hands (a
new match starts when one ends), so every configuration plays ``HANDS`` random hands.

The engine is compared with ``rulebook.py``, docs/rules.md restated independently:
- before every action: legal actions are offered until the hand ends; anyone may pass, except
  Bela's dealer after three passes (§5); the cards offered are exactly the cards docs/rules.md
  allows from the hand and the trick (§1-§6 "Play"); before its first card a seat is offered
  declarations (or has made them) exactly when its hand holds one, each of its cards, one
  card in one declaration only, none in no-trumps (§1, §2); "I'm out" is offered exactly when
  §6 allows it;
- after every third action (``VIEW_EVERY``), the view of one seat (each seat in turn) names no
  card that seat may not know (its own, the cards played, the turned and stock cards,
  declarations once shown, a belote once said); the view is most of the checks' cost, and
  ``test_restore.py`` checks every seat's after every action;
- after every hand: each card is played once, by the seat that held it, and all are played
  unless "I'm out" stopped the hand; the first trick is led by the dealer's next player, each
  trick is taken by the card docs/rules.md says and its taker leads next; the card points per side
  are the cards' values plus the last trick (162, 258 or 130 in all with four players); only
  one side's declarations count (Bulgarian: per kind); the belotes that count follow from the
  cards played (§1, §2); the raw totals follow from these facts, "made" follows from the raw
  totals and the hand's score from "made" per rule set (§2-§6 "Scoring"), points being kept
  exactly in French, Classic and Bela; the hand record replays, through JSON, to the same
  summary; a hand is thrown in only when everyone passed, never in Bela;
- after every hand, across the match: hanging points are conserved (every point left hanging
  is later taken by exactly one side, the one docs/rules.md names, or is still pending); the match
  totals equal the sum of the score sheet; an "I'm out" claim is judged on the points counted
  at the claim (§6); the match ends exactly when the rule set's "End" says so.

Saving and restoring after every action is ``test_restore.py``'s.
"""

import json

import pytest
import rulebook as rb
from drawing import example, options_for, pick
from hypothesis import event, given, settings

from belote import Match, replay
from belote.cards import CARD_NAMES
from belote.record import hand_record, summary
from belote.rules import CONFIGS

IDS = [f"{r}-{n}" for r, n in CONFIGS]
HANDS = 2000                 # random hands per configuration
HANDS_PER_EXAMPLE = 4
VIEW_EVERY = 3               # a seat's view checked after every third action (prime to 2 and 4:
                             # each seat, at every point of a trick)


# --- checks before and after each action -----------------------------------------------------

def trick_names(hand) -> list[tuple[int, str]]:
    return [(s, CARD_NAMES[c]) for s, c in zip(hand.trick_seats, hand.trick)]


def check_offered(match: Match, actions: list[str], losers: list[int]) -> None:
    """The actions offered to the seat to act, against docs/rules.md (see the module docstring)."""
    hand = match.hand
    assert actions, "no legal action before the end of the hand"
    if match.phase == "auction":
        # Anyone may pass, except Bela's dealer after three passes, who must name trumps (§5).
        forced = hand.rules.name == "bela" and hand.auction_words() == ["pass"] * 3
        assert ("pass" in actions) != forced
        return
    rules, n, seat = hand.rules.name, hand.n, hand.turn
    contract = rb.Contract.of(hand.contract)
    held = rb.names(hand.hands[seat])
    offered = {a for a in actions if len(a) == 2}
    assert offered == rb.legal_cards(rules, hand.rules.options, n, contract, seat, held,
                                     trick_names(hand)), (held, trick_names(hand))
    declared = [a.split()[1:] for a in actions if a.startswith("declare ")]
    if seat not in hand.played_by and contract.kind != "no-trumps":
        # Before its first card a seat is offered declarations, or has made them, exactly
        # when its hand holds one (§1; none in no-trumps, §2).
        assert bool(declared or hand.declared[seat]) == rb.holds_declaration(held)
    if declared:
        assert seat not in hand.played_by and contract.kind != "no-trumps"
        used = {c for d in hand.declared[seat] for c in rb.names(d.cards)}
        for kind, *cards in declared:
            assert rb.declaration_cards_ok(rules, kind, cards), (kind, cards)
            assert set(cards) <= held and not used & set(cards)
            used |= set(cards)
    side = rb.side_of(n, seat)
    out = rules == "classic" and len(hand.tricks) < 7 and side not in losers and any(
        rb.side_of(n, w) == side and any(contract.points(CARD_NAMES[c]) for c in cards)
        for _, cards, w in hand.tricks)
    assert ("out" in actions) == out
    assert len(actions) == len(offered) + len(declared) + out


def check_view(match: Match, seat: int) -> None:
    """The view of ``seat`` names only cards the seat may know."""
    shown = rb.cards_named(json.dumps(match.view(seat)))
    assert shown <= rb.visible_cards(match.hand, seat), shown - rb.visible_cards(match.hand, seat)


# --- checks of a finished hand ---------------------------------------------------------------

def counted_declarations(hand) -> list[int]:
    """Per side, the points of the declarations that counted (§1 values)."""
    decl = [0] * hand.rules.sides
    for seat, decls in enumerate(hand.counted or []):
        for d in decls:
            decl[rb.side_of(hand.n, seat)] += rb.declaration_points(
                hand.rules.name, sorted(rb.names(d.cards)))
    return decl


def belotes(hand) -> list[int]:
    """Per side, the belotes that count (``rulebook.belote_points``), from the cards played."""
    plays = []
    for seats, cards, _ in [*hand.tricks, (hand.trick_seats, hand.trick, None)]:
        if cards:
            led = CARD_NAMES[cards[0]][1]
            plays += [(s, CARD_NAMES[c], led) for s, c in zip(seats, cards)]
    return rb.belote_points(hand.rules.name, hand.n, rb.Contract.of(hand.contract), plays)


def check_tricks(hand, contract: rb.Contract) -> None:
    n = hand.n
    played = [CARD_NAMES[c] for c in hand.played]
    assert len(played) == len(set(played))
    if hand.out is None:
        assert len(played) == 8 * n and not any(hand.hands)
    else:
        assert len(played) == hand.out["after_card"] and len(hand.tricks) < 8
    leader = (hand.dealer + 1) % n  # §1: the player after the dealer leads the first trick
    for seats, cards, w in hand.tricks:
        assert len(cards) == n and seats[0] == leader
        assert list(seats) == [(leader + i) % n for i in range(n)]
        leader = contract.winner(list(zip(seats, (CARD_NAMES[c] for c in cards))))
        assert w == leader
    named = [(s, [CARD_NAMES[c] for c in cards], w) for s, cards, w in hand.tricks]
    assert hand.points == rb.card_points(n, contract, named)


def check_declarations_compared(hand) -> None:
    """Which declarations count (§2: sequences and carrés each to one team at most; §3, §5, §6:
    the team with the best declaration counts all of its own, the other none)."""
    if hand.counted is None:
        assert not hand.tricks
        return
    n = hand.n
    for seat, decls in enumerate(hand.counted):
        assert all(d in hand.declared[seat] for d in decls)
    groups = [True, False] if hand.rules.name == "bulgarian" else [None]
    for group in groups:
        def of(ds, group=group):
            return [d for d in ds if group is None or d.is_sequence == group]
        sides = {rb.side_of(n, s) for s, ds in enumerate(hand.counted) if of(ds)}
        assert len(sides) <= 1
        for s in sides:
            for seat in range(n):
                if rb.side_of(n, seat) == s:
                    assert of(hand.counted[seat]) == of(hand.declared[seat])


def check_score(hand, contract: rb.Contract, raw: list[int], made: bool, cards: list[int],
                tricks: list[int], decl: list[int], bel: list[int]) -> None:
    """The hand's score follows from "made", the raw totals and the facts of the hand (card
    points, tricks, declarations and belotes per side) per docs/rules.md §2-§6 "Scoring"."""
    res, rules = hand.score, hand.rules.name
    b, score, hanging = res.bidders, res.score, res.hanging
    others = [s for s in range(len(raw)) if s != b]
    level, mult = hand.contract.level, hand.contract.multiplier
    if rules == "bulgarian":  # §2 "Who scores", "Doubled hand", "Game points"
        o = others[0]
        pair = rb.game_points_pair(raw[0], raw[1], contract.kind)
        whole = rb.game_points(sum(raw), contract.kind)
        if mult > 1:
            if raw[0] == raw[1]:
                assert score == [0, 0] and hanging[b] == whole * mult and not hanging[o]
            else:
                top = 0 if raw[0] > raw[1] else 1
                assert score[top] == whole * mult and score[1 - top] == 0 and not any(hanging)
        elif made:
            assert score == list(pair) and not any(hanging)
        elif raw[b] < raw[o]:
            assert score[o] == whole and score[b] == 0 and not any(hanging)
        else:
            assert score[o] == pair[o] and score[b] == 0 and hanging[b] == pair[b]
            assert not hanging[o]
    elif rules in ("french", "classic"):
        # §3: made, each its own; dedans, the defenders everything but the takers' belote;
        # litige, the takers' points hang. §6: one who beats the taker adds the taker's points,
        # several (or a tie) leave them pending.
        beaters = [s for s in others if raw[s] > raw[b]]
        expect, pending = list(raw), [0] * len(raw)
        if rules == "french" and beaters:
            expect = [0, 0]
            expect[b], expect[others[0]] = bel[b], sum(raw) - bel[b]
        elif len(beaters) == 1:
            expect[beaters[0]] += raw[b]
            expect[b] = 0
        elif not made:
            expect[b], pending[b] = 0, raw[b]
        assert score == expect and hanging == pending
    elif rules == "bela":  # §5: the namer falls: the other team scores everything
        assert score == (list(raw) if made else [sum(raw) if s != b else 0 for s in (0, 1)])
        assert not any(hanging)
    else:  # coinche, §4 "Made", "Failed", "Capot", "Coinche", "Rounding"
        d = others[0]
        if level == 500:
            win = b if made else d
            assert score[win] == (500 + sum(decl)) * mult + bel[win]
            assert score[1 - win] == bel[1 - win]
        elif made:
            rounded = [250 if tricks[s] == 8 else rb.round_half_down_to_ten(cards[s])
                       for s in (0, 1)]
            assert score[b] == (rounded[b] + decl[b] + level) * mult + bel[b]
            if mult == 1:
                assert score[d] == rounded[d] + decl[d] + bel[d]
        else:
            base = 250 if tricks[d] == 8 else 160
            assert score[d] == (base + level + sum(decl)) * mult + bel[d]
            assert score[b] == bel[b]
        assert not any(hanging)
    if rules in ("french", "classic", "bela"):
        # Points kept exactly: a hand moves points between sides, never makes or loses any.
        assert sum(score) + sum(hanging) == sum(raw)


def check_hand(hand) -> None:
    """A finished hand (played out, stopped by "I'm out", or thrown in) against docs/rules.md."""
    if hand.contract is None:  # §2-§6: everyone passed; Bela's dealer must name trumps (§5)
        assert hand.rules.name != "bela"
        assert not hand.played and hand.score is None and hand.out is None
        assert set(hand.auction_words()) == {"pass"}
        event("hand thrown in")
        return
    contract = rb.Contract.of(hand.contract)
    check_tricks(hand, contract)
    check_declarations_compared(hand)
    bel = belotes(hand)
    assert hand.belote == bel
    if hand.out is not None:
        assert hand.score is None
        return
    rules, n = hand.rules.name, hand.n
    res = hand.score
    cards = hand.points  # as the tricks give them (check_tricks)
    total = sum(sum(rb.TRUMP_POINTS.values() if contract.trump_ranked(s) else
                    rb.PLAIN_POINTS.values()) for s in "CDHS") if n == 4 else \
        sum(contract.points(CARD_NAMES[c]) for c in hand.played)
    assert sum(cards) == total + rb.LAST_TRICK  # 162, 258, 130 with four players
    assert res.card_points == cards
    decl = counted_declarations(hand)
    tricks = [sum(rb.side_of(n, w) == s for _, _, w in hand.tricks) for s in range(len(cards))]
    assert tricks == hand.trick_counts
    bidders = rb.side_of(n, hand.contract.bidder)
    assert res.bidders == bidders
    raw = rb.raw_points(rules, n, contract, cards, tricks, decl, bel)
    assert res.raw == raw
    made = rb.made(rules, raw, bidders, cards, tricks, hand.contract.level)
    assert res.made == made
    check_score(hand, contract, raw, made, cards, tricks, decl, bel)
    event(f"hand {'made' if made else 'failed'}" + (", valat" if res.valat else "")
          + (", doubled" if hand.contract.multiplier > 1 else "")
          + (", points hang" if any(res.hanging) else ""))
    # The record, through JSON, replays to the same hand.
    again = replay(json.loads(json.dumps(hand_record(hand))))
    assert summary(again) == summary(hand) and again.played == hand.played


# --- checks across the hands of a match ------------------------------------------------------

class MatchModel:
    """What the score sheet must show, kept from docs/rules.md alone: the totals, the points left
    hanging and who may take them, the sides out of the match, the winner."""

    def __init__(self, match: Match):
        self.rules, self.n = match.rules.name, match.players
        self.target = match.rules.target
        self.sides = 2 if self.n == 4 else self.n
        self.totals = [0] * self.sides
        self.pots: list[tuple[int, list[int]]] = []
        self.losers: list[int] = []
        self.winner = None

    def after_hand(self, match: Match) -> None:
        hand = match.hand
        assert len(match.sheet) == len(match.records) + 1
        entry = match.sheet[-1]
        if hand.out is not None:
            gained, judged = self.judge_out(hand)
            assert entry["out"] == judged
        elif hand.contract is None:
            gained = [0] * self.sides  # thrown in: nothing scored, pots wait (§2)
        else:
            gained = self.scored(hand)
        assert entry["score"] == gained
        self.totals = [t + g for t, g in zip(self.totals, gained)]
        assert match.totals == self.totals
        assert self.totals == [sum(e["score"][s] for e in match.sheet)
                               for s in range(self.sides)]
        assert entry.get("totals", self.totals) == self.totals
        assert match.view(0)["hanging"] == sum(p for p, _ in self.pots)
        assert match.winner == self.winner and match.losers == self.losers
        assert (match.phase == "match-over") == (self.winner is not None)

    def scored(self, hand) -> list[int]:
        """§2/§3: hanging points go to the team that wins the next hand (a thrown-in hand is
        no hand won); §6: to the one of those who beat or tied the taker with more points in
        the next hand. A pot whose candidates tie waits for the hand after."""
        res = hand.score
        base = list(res.score)
        gained = list(base)
        waiting = []
        for points, eligible in self.pots:
            best = max(base[s] for s in eligible)
            takers = [s for s in eligible if base[s] == best]
            if len(takers) == 1:
                gained[takers[0]] += points
                event("hanging points taken")
            else:
                waiting.append((points, eligible))
                event("hanging points wait")
        b = res.bidders
        for s, points in enumerate(res.hanging):
            if not points:
                continue
            assert s == b, "only the bidders' points hang"
            eligible = list(range(self.sides))
            if self.rules == "classic":
                beaters = [t for t in range(self.sides) if res.raw[t] > res.raw[b]]
                tied = [t for t in range(self.sides) if res.raw[t] == res.raw[b]]
                eligible = beaters if beaters else tied
            waiting.append((points, eligible))
        self.pots = waiting
        eights = [s for s, ds in enumerate(hand.counted or []) for d in ds
                  if self.rules == "bela" and d.cards.bit_count() == 8]
        if eights:  # §5: all eight of a suit wins the match outright
            self.winner = rb.side_of(self.n, eights[0])
        elif not (self.rules == "bulgarian" and (8 in hand.trick_counts or any(res.hanging))):
            # §2-§6 "End": after a hand in which a side reaches the target, the highest total
            # wins; a tie plays on (§2: not after a valat or with points hanging).
            totals = [t + g for t, g in zip(self.totals, gained)]
            alive = {s: t for s, t in enumerate(totals) if s not in self.losers}
            best = max(alive.values())
            leaders = [s for s, t in alive.items() if t == best]
            if best >= self.target and len(leaders) == 1:
                self.winner = leaders[0]
        return gained

    def judge_out(self, hand) -> tuple[list[int], dict]:
        """§6 "I'm out": judged on the claimant's total plus what it has made so far (cards of
        the tricks won, declarations that count, belote completed); the sheet shows each side's
        points as counted at the claim. Right: the claimant wins. Wrong: with 2 players the
        other wins, with 4 the other team, with 3 the match goes on without the claimant."""
        contract = rb.Contract.of(hand.contract)
        named = [(s, [CARD_NAMES[c] for c in cards], w) for s, cards, w in hand.tricks]
        cards = rb.card_points(self.n, contract, named)
        decl, bel = counted_declarations(hand), belotes(hand)
        counted = [cards[s] + decl[s] + bel[s] for s in range(self.sides)]
        side = rb.side_of(self.n, hand.out["seat"])
        assert side not in self.losers
        right = self.totals[side] + counted[side] >= self.target
        event(f"I'm out, {'right' if right else 'wrong'}")
        if right:
            self.winner = side
        else:
            self.losers.append(side)
            alive = [s for s in range(self.sides) if s not in self.losers]
            if len(alive) == 1:
                self.winner = alive[0]
        return counted, {"side": side, "points": counted[side], "right": right}


# --- the tests -------------------------------------------------------------------------------

def play_hands(rules: str, players: int, options: dict, seed: int, choices: bytes,
               hands: int) -> None:
    """Play ``hands`` hands of random matches (a new one when a match ends), every action
    picked by the next byte of ``choices``, checking everything above."""
    it = iter(choices)
    match = Match(rules, players, options, seed=seed)
    model = MatchModel(match)
    step = 0
    for k in range(hands):
        if match.phase == "match-over":
            event("match over")
            match = Match(rules, players, options, seed=seed + k)
            model = MatchModel(match)
        elif k:
            match.apply("next")
        while match.phase in ("auction", "play"):
            actions = match.legal_actions()
            check_offered(match, actions, model.losers)
            match.apply(pick(actions, match.phase, next(it, 0)))
            if step % VIEW_EVERY == 0:
                check_view(match, step // VIEW_EVERY % players)
            step += 1
        assert match.legal_actions() == ([] if match.phase == "match-over" else ["next"])
        check_hand(match.hand)
        model.after_hand(match)


@pytest.mark.parametrize("rules,players", CONFIGS, ids=IDS)
@settings(max_examples=-(-HANDS // HANDS_PER_EXAMPLE), deadline=None)
@given(**example(HANDS_PER_EXAMPLE))
def test_random_hands(rules, players, undertrump, low_target, seed, choices):
    # HANDS random hands per configuration: HANDS_PER_EXAMPLE in each example.
    options = options_for(rules, undertrump, low_target)
    play_hands(rules, players, options, seed, choices, HANDS_PER_EXAMPLE)
