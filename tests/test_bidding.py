"""Bidding by evaluation: the Normal's valued bidding (belote/bots/valued_bidding.py), the
Expert's simulated bidding (belote/bots/bidding.py), what they read from the others' words, the
match score, and the whole-hand simulation they rest on (belote/bots/simulate.py)."""

import random

import pytest
from positions import StepClock

from belote import Match
from belote.bots import NormalBot, baseline, hint, make_bot
from belote.bots import bidder as bidder_module
from belote.bots import bidding as bidding_module
from belote.bots.bidder import Bidder, utility
from belote.bots.bidding import SimulatedBidding, reading
from belote.bots.fitting import fit_line, least_squares
from belote.bots.knowledge import Knowledge
from belote.bots.meanings import allowed_words, contexts
from belote.bots.simulate import Outcomes, complete_deck, play_out, seat_cards
from belote.bots.valuation_data import MODELS
from belote.bots.valued_bidding import ValuedBidding
from belote.cards import parse_card, parse_hand
from belote.contract import Contract
from belote.rules import CONFIGS, RULE_SETS, get_rules
from belote.scoring import HandResult


def bidder(rules_name, hand, auction=(), dealer=3, totals=None):
    """The seat to speak after ``auction`` (seat 0 bids first: the dealer is 3)."""
    rules = get_rules(rules_name)
    words = rules.make_auction((dealer + 1) % rules.players, None)
    for _, w in auction:
        words.apply(w)
    return Bidder(rules, words.seat, parse_hand(hand), dealer, list(auction), words.legal(),
                  None, list(totals or [0] * rules.sides))


def turned_bidder(hand, turned, auction=()):
    """French, the dealer 3, ``turned`` face up: the seat to speak after ``auction``."""
    rules = get_rules("french")
    card = parse_card(turned)
    words = rules.make_auction(0, card)
    for _, w in auction:
        words.apply(w)
    return Bidder(rules, words.seat, parse_hand(hand), 3, list(auction), words.legal(), card,
                  [0, 0])


def expert_choice(b, seed=1):
    return SimulatedBidding(random.Random(seed), StepClock(0.002), 0.1).choose(b)


# --- the Normal: expected score from a fitted valuation ---------------------------------------

def test_normal_opens_a_strong_hand_and_passes_a_weak_one():
    normal = ValuedBidding()
    assert normal.choose(bidder("bulgarian", "JH 9H AH TH AS")) == "hearts"
    assert normal.choose(bidder("bulgarian", "7C 8D 9S QH KC")) == "pass"
    assert normal.choose(bidder("coinche", "7C 8C 7D 8D 7S 8S QS 8H")) == "pass"
    strong = normal.choose(bidder("coinche", "JS 9S AS TS KS QS AC AD"))
    assert strong.endswith("spades") and int(strong.split()[0]) >= 120


def test_normal_doubles_a_contract_its_trumps_defeat():
    # docs/rules.md §2: a player may double the last bid if it was made by the other team.
    normal = ValuedBidding()
    assert normal.choose(bidder("bulgarian", "JC 9C AC TC AS", [(0, "clubs")])) == "double"
    assert normal.choose(bidder("bulgarian", "JC 9C AC 7H 8S", [(0, "clubs")])) == "pass"


def test_normal_redoubles_a_contract_it_makes():
    # docs/rules.md §4: after a coinche each bidder may surcoinche.
    b = bidder("coinche", "JS 9S AS TS KS QS AC AD", [(0, "90 spades"), (1, "double")])
    assert b.seat == 2 and ValuedBidding().choose(b) == "redouble"


def test_normal_values_every_legal_word_it_may_say():
    b = bidder("bulgarian", "JH 9H AH TH AS", [(0, "clubs")])
    values = ValuedBidding().values(b)
    assert set(values) == set(b.legal)
    assert all(isinstance(v, float) for v in values.values())


def test_a_pass_that_throws_the_cards_in_is_worth_nothing():
    # docs/rules.md §3: two rounds of passes throw the cards in.
    b = turned_bidder("7C 8C 7D 8D 9H", "JS", [(s % 4, "pass") for s in range(7)])
    assert b.seat == 3 and ValuedBidding().values(b)["pass"] == 0.0


def test_a_pass_keeps_the_second_round_for_a_hand_strong_in_another_suit():
    # docs/rules.md §3: first round take the turned suit or pass, second round name another suit.
    strong_elsewhere = turned_bidder("JH 9H AH 8D 9C", "7S")
    values = ValuedBidding().values(strong_elsewhere)
    assert values["pass"] > 0 > values["take"]
    assert ValuedBidding(continuation=False).values(strong_elsewhere)["pass"] == 0.0
    assert ValuedBidding().choose(turned_bidder("JS 9S AS 8D 9H", "7S")) == "take"


def test_a_pass_reads_as_weakness_only_in_what_the_seat_could_name():
    # docs/rules.md §3: the first round offers the turned suit only, the second any other suit.
    normal, hand = ValuedBidding(), "JH 9H AH 8D 9C"
    hearts, spades = Contract("suit", 2, 0), Contract("suit", 3, 0)
    silent = turned_bidder(hand, "7S")
    first_round = turned_bidder(hand, "7S", [(s, "pass") for s in range(4)])
    assert normal.belief(first_round, hearts) == normal.belief(silent, hearts)
    assert normal.belief(first_round, spades)[0] < normal.belief(silent, spades)[0]
    second_round = turned_bidder(hand, "7S", [(s % 4, "pass") for s in range(7)])
    assert second_round.seat == 3
    hearts_3 = Contract("suit", 2, 3)
    assert normal.belief(second_round, hearts_3)[0] < normal.belief(
        turned_bidder(hand, "7S", [(s % 4, "pass") for s in range(3)]), hearts_3)[0]


def test_least_squares_recover_the_line_they_were_drawn_from():
    # the fits of the valuation (scripts/fit_bidding.py) and of defence_by_value share these
    rng = random.Random(3)
    rows = [[1.0, rng.uniform(0, 40), rng.uniform(-5, 5)] for _ in range(400)]
    ys = [2.0 + 0.5 * x + 3.0 * z for _, x, z in rows]
    assert least_squares(rows, ys) == pytest.approx([2.0, 0.5, 3.0])
    xs = [r[1] for r in rows]
    noisy = [4.0 - 0.25 * x + rng.gauss(0, 2) for x in xs]
    a, slope, sd = fit_line(xs, noisy)
    assert a == pytest.approx(4.0, abs=0.5) and slope == pytest.approx(-0.25, abs=0.03)
    assert sd == pytest.approx(2.0, abs=0.3)
    assert fit_line([1.0, 2.0, 3.0], [3.0, 5.0, 7.0]) == pytest.approx((1.0, 2.0, 0.0))


def test_with_read_passes_a_defender_that_passed_the_suit_defends_it_less():
    # docs/rules.md §3: the dealer (seat 3) after three passes of the turned spade. Its defenders
    # (seats 0 and 2) could have taken spades and did not: with ``read_passes`` their hands
    # read as weaker against spades, so the dealer's spades are worth more; hearts, which no
    # one could name yet, are read as before.
    dealer = turned_bidder("JS 9S AH 8D 9C", "7S", [(s, "pass") for s in range(3)])
    assert dealer.seat == 3
    spades, hearts = Contract("suit", 3, 3), Contract("suit", 2, 3)
    plain, reading_passes = ValuedBidding(), ValuedBidding(read_passes=1.0)
    assert reading_passes.belief(dealer, spades)[0] > plain.belief(dealer, spades)[0]
    assert reading_passes.belief(dealer, hearts) == plain.belief(dealer, hearts)
    half = ValuedBidding(read_passes=0.5).belief(dealer, spades)[0]
    assert plain.belief(dealer, spades)[0] < half < reading_passes.belief(dealer, spades)[0]


def test_a_pass_before_a_forced_dealer_is_worth_its_contract():
    # docs/rules.md §5: the dealer must name a suit if the other three passed. Seat 2 speaks last
    # before the dealer (an opponent): passing makes it name one, with its best suit.
    defends_all = bidder("bela", "AC TC AD TD AH TH", [(0, "pass"), (1, "pass")])
    values = ValuedBidding().values(defends_all)
    assert values["pass"] > max(v for w, v in values.items() if w != "pass")
    weak = bidder("bela", "7C 8C 7D 8D 7H 8H", [(0, "pass"), (1, "pass")])
    assert ValuedBidding().values(weak)["pass"] < 0


def test_with_given_the_others_are_read_knowing_the_seats_own_hand():
    # docs/rules.md §3: a seat holding the trumps knows its partner and the defenders hold fewer.
    given, plain = ValuedBidding(given=True), ValuedBidding()
    model = MODELS[("french", 4)]["suit"]
    hearts = Contract("suit", 2, 0)
    trumps = turned_bidder("JH 9H AH 8D 9C", "7S")
    no_trumps = turned_bidder("7C 8C 7D 8D 9C", "7S")
    for seat in (1, 2):  # a defender, the partner
        assert given._read(trumps, model, hearts, seat)[0] < \
            given._read(no_trumps, model, hearts, seat)[0]
        assert plain._read(trumps, model, hearts, seat) == \
            plain._read(no_trumps, model, hearts, seat)
    # a partner that passed the turned hearts reads lower still than from the hand alone
    passed = turned_bidder("JH 9H AH 8D 9C", "7H", [(s, "pass") for s in range(2)])
    mine = Contract("suit", 2, passed.seat)
    assert given._read(passed, model, mine, 0)[0] < given._prior(passed, model, mine, 0)[0]


def test_a_hand_that_ends_the_match_is_worth_more_near_the_target():
    # Both levels know the match score: at 145-0 in a match to 151, a made contract wins it.
    rules = get_rules("bulgarian")
    result = HandResult(2, Contract("suit", 2, 0), 0, [100, 62], [5, 3], [0, 0], [0, 0], None)
    far = utility(rules, result, 0, [0, 0])
    near = utility(rules, result, 0, [145, 0])
    assert near > far + 0.2 * rules.target
    assert utility(rules, result, 1, [145, 0]) < utility(rules, result, 1, [0, 0])
    # the defenders at 0-145 reach 151 with their 62 card points: the match is theirs
    assert utility(rules, result, 1, [0, 145]) > utility(rules, result, 1, [0, 0])
    b = bidder("bulgarian", "JH 9H AH TH AS", totals=[145, 0])
    assert ValuedBidding().values(b)["hearts"] > \
        ValuedBidding().values(bidder("bulgarian", "JH 9H AH TH AS"))["hearts"]


# --- reading the others' words ----------------------------------------------------------------

def test_a_bid_reads_as_a_hand_worth_it_and_no_more():
    b = bidder("coinche", "7C 8C 7D 8D 7S 8S QS 8H", [(0, "120 hearts")])
    worth_it = parse_hand("JH 9H AH 8H AC 8D 7S 9C")
    weak = parse_hand("7H 8H 9C TC JD QD KS TS")
    much_more = parse_hand("JH 9H AH TH KH AC AD AS")  # would have bid capot
    assert reading(b, 0, worth_it) > 20 * reading(b, 0, weak)
    assert reading(b, 0, worth_it) > 3 * reading(b, 0, much_more)


def test_the_expert_deals_the_bidder_a_hand_worth_its_bid():
    b = bidder("coinche", "7C 8C 7D 8D 7S 8S QS 8H", [(0, "120 hearts")])
    sim = SimulatedBidding(random.Random(3), StepClock(0.002), 0.1)
    estimates = []
    for _ in range(40):
        held = seat_cards(b.rules, b.dealer, sim._deal(b))
        assert held[b.seat] == b.cards
        estimates.append(baseline.coinche_estimate(held[0], 2))
    assert sum(estimates) / len(estimates) >= 105


# --- the Expert: every candidate played out ---------------------------------------------------

def test_expert_coinches_a_contract_its_hand_defeats():
    # docs/rules.md §4: an opponent of the last bidder may coinche.
    assert expert_choice(bidder("coinche", "JH 9H AH TH AS AC AD 7S", [(0, "160 hearts")])) \
        == "double"
    assert expert_choice(bidder("coinche", "7C 8C 7D 8D 7S 8S QS 8H", [(0, "160 hearts")])) \
        == "pass"


def test_expert_surcoinches_a_contract_it_makes():
    b = bidder("coinche", "JS 9S AS TS KS QS AC AD", [(0, "90 spades"), (1, "double")])
    assert expert_choice(b) == "redouble"


def test_the_experts_simulated_opponents_surcoinche_the_contracts_they_make():
    """A coinche is played out against bidders that surcoinche when their contract is made
    on the deal (as the Experts mostly do), and pass when it fails (without ``answers``, the
    Expert before issue 39, the quick policy answers, and it surcoinches only a hand far above
    the bid)."""
    rules = get_rules("coinche")
    b = bidder("coinche", "7C 8C 7D 8D 7H 8H QH KH", [(0, "80 spades")])
    opener, seen = parse_hand("9S 7S AC KC 9D TD 9H QS"), set()
    for seed in range(12):
        deck = complete_deck(rules, 3, 1, b.cards, None, random.Random(seed), [opener, 0, 0, 0])
        outcomes = Outcomes(rules, 3, deck)
        made = rules.score(outcomes.result(["80 spades", "double", "redouble"],
                                           Contract("suit", 3, 0, 80, 4))).made
        seen.add(made)
        sim = SimulatedBidding(random.Random(1), StepClock(0.002), 0.1, answers=True)
        want = utility(rules, outcomes.result([], Contract("suit", 3, 0, 80, 4 if made else 2)),
                       b.side, b.totals)
        assert sim._value(b, outcomes, "double") == want, seed
    assert seen == {True, False}


def test_expert_bids_within_its_budget_and_a_forced_word_at_once():
    m = Match("bulgarian", seed=5)
    clock = StepClock(0.002)
    bot = make_bot("expert", seed=1, clock=clock, time_budget=0.05)
    view = m.view(m.turn)
    assert bot.choose(view) in view["legal"]
    # the hard stop is 2.5 x the budget: 0.125 s of 2 ms readings, with one deal in progress
    assert clock.t <= 0.125 + 0.05
    # Bela's dealer after three passes must name a suit: no pass, still a choice of four
    bela = Match("bela", seed=2)
    for _ in range(3):
        bela.apply("pass")
    forced = make_bot("expert", seed=1, clock=StepClock(0.002))
    assert forced.choose(bela.view(bela.turn)) in ("clubs", "diamonds", "hearts", "spades")


def test_the_valuations_difference_counts_as_deals_against_a_lucky_few():
    # 16 deals where "take" gains 5 (spread 4): by the deals alone it beats "pass"; when the
    # valuation (worth 16 deals) finds "take" 30 worse, it does not; 2 worse, it still does
    gains = [5.0 + (4.0 if i % 2 else -4.0) for i in range(16)]
    values = {"pass": [0.0] * 16, "take": gains}
    alone = SimulatedBidding(random.Random(0), StepClock(0.002), 0.1, evidence=1.5)
    weighed = SimulatedBidding(random.Random(0), StepClock(0.002), 0.1, evidence=1.5,
                               prior_deals=16)
    assert alone._best(values, "pass", 16, {"pass": 0.0, "take": -30.0}) == "take"
    assert weighed._best(values, "pass", 16, {"pass": 0.0, "take": -30.0}) == "pass"
    assert weighed._best(values, "pass", 16, {"pass": 0.0, "take": -2.0}) == "take"
    assert weighed._best(values, "pass", 16, {}) == "take"


def test_expert_answers_a_single_legal_word_without_thinking():
    m = Match("coinche", seed=3)
    m.apply("100 hearts")
    m.apply("double")
    m.apply("pass")
    view = m.view(m.turn)
    view = {**view, "legal": ["pass"]}  # as if only passing were left
    clock = StepClock(0.002)
    assert make_bot("expert", seed=1, clock=clock).choose(view) == "pass"
    assert clock.t == 0


@pytest.mark.parametrize("rules,players", CONFIGS)
def test_normal_and_expert_bid_legally_in_every_system(rules, players):
    for seed in range(3):
        m = Match(rules, players, seed=seed)
        bots = [make_bot("expert" if s % 2 else "normal", seed=s, clock=StepClock(0.01),
                         time_budget=0.02) if s % 2 else make_bot("normal", seed=s)
                for s in range(players)]
        while m.phase == "auction":
            view = m.view(m.turn)
            word = bots[m.turn].choose(view)
            assert word in view["legal"]
            m.apply(word)


def test_easy_bids_by_its_cards_not_the_score():
    """Easy bids plainly (fixed thresholds on its cards): with either side about to win the
    match it bids as at the start, where the Normal, which weighs the match score, sometimes
    bids otherwise."""
    normal_changed = 0
    for rules in ("bulgarian", "coinche", "french"):
        for seed in range(10):
            m = Match(rules, seed=seed)
            view = m.view(m.turn)
            target = m.rules.target
            easy = make_bot("easy", seed=0).choose(view)
            normal = make_bot("normal", seed=0, clock=StepClock(0.01)).choose(view)
            for totals in ([target - 10, 0], [0, target - 10]):
                late = {**view, "totals": totals}
                assert make_bot("easy", seed=0).choose(late) == easy
                normal_changed += make_bot("normal", seed=0,
                                           clock=StepClock(0.01)).choose(late) != normal
    assert normal_changed


def test_the_hint_is_the_experts_choice():
    """The hint is what the Expert (seed 0) would choose, bids and cards, where the Normal would
    choose otherwise (the same budget, on a clock that counts its readings)."""
    differs = 0
    for rules in ("bulgarian", "coinche", "french"):
        m = Match(rules, seed=8)
        for _ in range(12):
            view = m.view(m.turn)
            expert = make_bot("expert", seed=0, time_budget=0.05, clock=StepClock(0.01))
            choice = expert.choose(view)
            assert hint(view, time_budget=0.05, clock=StepClock(0.01)) == choice
            differs += make_bot("normal", seed=0, clock=StepClock(0.01)).choose(view) != choice
            m.apply(choice)
    assert differs


def test_the_normal_bids_with_its_rule_sets_own_settings(monkeypatch):
    """The Normal's check by simulation runs with its rule set's settings
    (``RuleSet.normal_bot_bidding`` over ``NormalBot.simulation``), each reaching the simulation or
    the valuation it ranks the candidates by, and nothing of another rule set's; a bot's own
    settings come first."""
    seen = {}

    def choose(self, b):
        valuation = getattr(self.prior, "__self__", None)
        if valuation is None:
            assert self.prior is bidder_module.baseline_policy
        else:
            assert self.valuation is valuation  # the candidates ranked as the prior ranks them
        seen[b.rules.name] = {
            "deals": self.max_deals, "evidence": self.evidence,
            "double_evidence": self.double_evidence, "prior_deals": self.prior_deals,
            "prior": "valued" if valuation else "baseline", "given": self.valuation.use_given}
        return b.legal[0]

    def expected(name, own=None):
        settings = {**NormalBot.simulation, **RULE_SETS[name].normal_bot_bidding, **(own or {})}
        return {"prior_deals": 0.0, "prior": "valued", "given": False, **settings}

    def with_a_choice(name, players=4):
        """A match whose first seat to speak has a word to weigh besides passing (a word its
        hand does not fit is not weighed, belote.bots.meanings)."""
        for seed in range(100):
            m = Match(name, players, seed=seed)
            k = Knowledge(m.view(m.turn))
            turn = contexts(k.rules, k.dealer, k.auction, k.turned)[-1]
            if len(allowed_words(turn, m.legal_actions(), k.hand)) > 1:
                return m
        raise AssertionError(name)

    monkeypatch.setattr(bidding_module.SimulatedBidding, "choose", choose)
    for name, players in CONFIGS:
        m = with_a_choice(name, players)
        make_bot("normal", seed=0).choose(m.view(m.turn))
        assert seen.pop(name) == expected(name), name
    own = {"deals": 8, "prior": "valued"}
    for name in ("bela", "bulgarian"):
        m = with_a_choice(name)
        make_bot("normal", seed=0, valuation=own).choose(m.view(m.turn))
        assert seen.pop(name) == expected(name, own), name


def test_baselines_keep_the_first_bots_bidding():
    m = Match("coinche", seed=4)
    view = m.view(m.turn)
    k = Knowledge(view)
    plain = baseline.choose_bid(view, k.hand, k.team, baseline.Style("normal"),
                                   RULE_SETS["coinche"].auction_class)
    assert make_bot("normal-baseline", seed=0).choose(view) == plain
    with pytest.raises(ValueError):
        make_bot("easy-baseline")


# --- the simulation ---------------------------------------------------------------------------

def test_a_simulated_hand_takes_every_card_point():
    rules = get_rules("bulgarian")
    rng = random.Random(1)
    deck = complete_deck(rules, 3, 0, parse_hand("JH 9H AH TH AS"), None, rng)
    held = seat_cards(rules, 3, deck)
    assert held[0] == parse_hand("JH 9H AH TH AS") and sum(h.bit_count() for h in held) == 20
    result = play_out(rules, 3, deck, ["hearts", "pass", "pass", "pass"])
    assert sum(result.card_points) == 162 and result.bidders == 0
    assert play_out(rules, 3, deck, ["pass"] * 4) is None


def test_outcomes_play_a_contract_once_for_every_multiplier():
    rules = get_rules("coinche")
    deck = complete_deck(rules, 3, 0, parse_hand("JS 9S AS TS KS QS AC AD"), None,
                         random.Random(2))
    outcomes = Outcomes(rules, 3, deck)
    words = ["100 spades", "pass", "pass", "pass"]
    plain = outcomes.result(words, Contract("suit", 3, 0, 100))
    doubled = outcomes.result(words, Contract("suit", 3, 0, 100, 2))
    assert len(outcomes.played) == 1
    assert doubled.card_points == plain.card_points and doubled.contract.multiplier == 2


def test_the_fitted_valuation_covers_every_table():
    for rules, players in CONFIGS:
        kinds = MODELS[(rules, players)]
        assert "suit" in kinds
        for model in kinds.values():
            assert model["bidder"] > 0 and model["defence"] < 0 and model["sd"] > 0
            assert model["value"] == sorted(model["value"])
            positions = {"bidder", "defence"} | ({"partner"} if players == 4 else set())
            assert set(model["given"]) == positions
            for me, theirs in model["given"].items():
                assert set(theirs) == positions - ({me} if me != "defence" or players == 2
                                                   else set())
                # holding more of what a contract needs leaves less of it for the others
                assert all(slope < 0 < sd for _, slope, sd in theirs.values())
