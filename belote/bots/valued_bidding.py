"""The Normal's bidding (:class:`ValuedBidding`): each legal word's expected utility for the
seat's side, from a hand valuation fitted by simulation (:mod:`belote.bots.valuation_data`)
turned into expected points, then into expected score by the rule set's own scoring. The Expert
(:mod:`belote.bots.bidding`) takes its candidates and its word to beat from it."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from functools import cache

from ..auction import DOUBLE, PASS, REDOUBLE
from ..cards import KING, QUEEN, SUIT_NAMES
from ..contract import Contract
from ..rules import RuleSet, get_rules
from ..scoring import HandResult
from . import baseline
from .bidder import MATCH_WEIGHT, Bidder, contract_word, utility
from .fitting import fit_line
from .simulate import deal_shape
from .valuation_data import MODELS


# --- the Normal's valuation --------------------------------------------------------------------
def _grid(points: int = 21, width: float = 3.5) -> tuple[tuple[float, float], ...]:
    """A normal distribution on ``points`` evenly spaced offsets (in standard deviations) with
    their weights: fine enough that a level's step (Coinche) is not lost between points."""
    zs = [-width + 2 * width * i / (points - 1) for i in range(points)]
    ws = [math.exp(-z * z / 2) for z in zs]
    total = sum(ws)
    return tuple((z, w / total) for z, w in zip(zs, ws))


QUADRATURE = _grid()


class ValuedBidding:
    """The Normal's bidding: each legal word's expected utility, from the fitted valuation of
    what the bidding side takes (:mod:`belote.bots.valuation_data`) and what the others' words
    say of their cards; a little averse to the risk a double adds (``caution``). ``bias``
    (card points) shades what the seat expects of its own side's contracts. ``given``: the
    others' valuations are read knowing the seat's own hand (holding the trumps, it knows the
    others hold fewer), else as over random hands."""

    def __init__(self, models: dict = MODELS, caution: float = 0.5, bias: float = 0.0,
                 match_weight: float = MATCH_WEIGHT, continuation: bool = True,
                 given: bool = False, read_passes: float = 0.0):
        self.models = models
        self.use_continuation = continuation
        self.use_given = given
        self.read_passes = read_passes
        self.caution = caution
        self.bias = bias
        self.match_weight = match_weight
        # the edges depend on these settings only, so valuations made with the same share them
        self._edges = _EDGES.setdefault((id(models), caution, match_weight), (models, {}))[1]
        self._last: tuple | None = None

    def choose(self, bidder: Bidder) -> str:
        values = self.values(bidder)
        return max(values, key=lambda w: (values[w], w == PASS))

    def values(self, bidder: Bidder) -> dict[str, float]:
        """Each word worth valuing (:meth:`_worth_valuing`) with its expected utility; the last
        bidder's are kept, as the Expert and the Normal ask twice (their candidates and their
        first choice)."""
        key = (id(bidder.rules), bidder.seat, bidder.cards, bidder.dealer, tuple(bidder.auction),
               tuple(bidder.legal), bidder.turned, tuple(bidder.totals))
        if self._last is not None and self._last[0] == key:
            return dict(self._last[1])
        out = self._values(bidder)
        self._last = (key, dict(out))
        return out

    def _values(self, bidder: Bidder) -> dict[str, float]:
        rules = bidder.rules
        auction = rules.make_auction((bidder.dealer + 1) % rules.players, bidder.turned)
        for _, w in bidder.auction:
            auction.apply(w)
        current = auction.standing
        out = {}
        for w in self._worth_valuing(bidder):
            if w == PASS and current is None and auction.first_bid_ends and \
                    self.use_continuation:
                out[w] = self.continuation(bidder, [*auction.words, PASS])
            elif w == PASS:
                out[w] = 0.0 if current is None else self.expected(bidder, current)
            elif w in (DOUBLE, REDOUBLE):
                assert current is not None
                out[w] = self.expected(bidder, current.with_multiplier(2 if w == DOUBLE else 4))
            else:
                contract = self._contract_of(bidder, w)
                if current is not None and rules.side(current.bidder) != bidder.side:
                    # over the opponents' contract: they think their cards are worth a
                    # contract, so expect them to double this one
                    contract = contract.with_multiplier(2)
                out[w] = self.expected(bidder, contract)
        return out

    def continuation(self, bidder: Bidder, words: list[str]) -> float:
        """The seat's value of the auction going on after ``words``, in an auction that the
        first contract named ends (so a pass is worth what the later seats then do, not 0):
        each later seat names a word with the chance that its valuation, read from its words so
        far, is above the point where this bidding names it (the words' chances taken as
        independent); the seat itself, on its next turn, takes the best of its words and of
        passing on; a seat that may not pass names its likeliest word."""
        from statistics import NormalDist  # (see _defence_by_value)

        rules = bidder.rules
        auction = rules.make_auction((bidder.dealer + 1) % rules.players, bidder.turned)
        for w in words:
            auction.apply(w)
        value, reach = 0.0, 1.0
        while not auction.done and reach > 0.01:
            seat, legal = auction.seat, auction.legal()
            here = replace(bidder, auction=auction.history(), legal=legal)
            named = [w for w in legal if w != PASS]
            if seat == bidder.seat:
                best = max(self.expected(here, self._contract_of(here, w)) for w in named)
                later = self.continuation(bidder, [*auction.words, PASS])
                return value + reach * max(best, later)
            if PASS not in legal:
                return value + reach * self._forced(here, seat, named)
            chances = []
            for w in named:
                heard = replace(here, auction=[*here.auction, (seat, w)])
                contract = self._contract_of(replace(here, seat=seat), w)
                model = self._model(rules, contract)
                mean, spread = self._read(here, model, contract, seat)
                edge = self._edge(rules, model, contract, "value")
                chances.append((1 - NormalDist(mean, max(1.0, spread)).cdf(edge),
                                self.expected(heard, contract)))
            total = sum(c for c, _ in chances)
            stays = math.prod(1 - c for c, _ in chances)
            if total > 0:
                value += reach * (1 - stays) * sum(c * v for c, v in chances) / total
            reach *= stays
            auction.apply(PASS)
        return value

    def _forced(self, bidder: Bidder, seat: int, words: list[str]) -> float:
        """The seat's value of ``seat`` having to name one of ``words``: it names the one it
        values most, whose valuation is then about the highest of as many draws."""
        best = None
        for w in words:
            contract = self._contract_of(replace(bidder, seat=seat), w)
            mean, spread = self._read(bidder, self._model(bidder.rules, contract), contract, seat)
            if best is None or mean > best[0]:
                best = (mean, spread, contract)
        assert best is not None
        mean, spread, contract = best
        top = _HIGHEST_OF.get(len(words), 1.0)
        return self.expected(bidder, contract, {seat: (mean + top * spread, 0.75 * spread)})

    def _worth_valuing(self, bidder: Bidder) -> list[str]:
        """The legal words, but of Coinche's long list of levels only those near what each suit
        is expected to take (and the lowest of each suit)."""
        if not bidder.rules.auction_class.levels:
            return list(bidder.legal)
        out, lowest = [], set()
        for w in bidder.legal:
            parts = w.split()
            if len(parts) != 2:
                out.append(w)
                continue
            contract = self._contract_of(bidder, w)
            mean, sd = self.belief(bidder, contract)
            level = contract.level
            first = parts[1] not in lowest
            lowest.add(parts[1])
            if first or (level == 500 and mean > 150) or mean - 40 <= level <= mean + 20:
                out.append(w)
        return out

    def _contract_of(self, bidder: Bidder, word: str) -> Contract:
        """The contract ``word`` would make the seat's, undoubled."""
        return bidder.rules.auction_class.contract_named(word, bidder.seat, bidder.turned)

    def _model(self, rules: RuleSet, contract: Contract) -> dict:
        return self.models[(rules.name, rules.players)][
            "suit" if contract.kind == "suit" else contract.kind]

    def expected(self, bidder: Bidder, contract: Contract,
                 known: dict[int, tuple[float, float]] | None = None) -> float:
        """The seat's value of ``contract`` being played (:meth:`_value`)."""
        mean, sd = self.belief(bidder, contract, known)
        if bidder.rules.side(contract.bidder) == bidder.side:
            mean += self.bias
        decl, belote = self._own_extras(bidder, contract)
        return self._value(bidder.rules, contract, self._model(bidder.rules, contract)["total"],
                           mean, sd, bidder.side, decl, belote, bidder.totals)

    def belief(self, bidder: Bidder, contract: Contract,
               known: dict[int, tuple[float, float]] | None = None) -> tuple[float, float]:
        """What the seat expects the bidding side of ``contract`` to take in card points:
        (mean, standard deviation); ``known``: the valuation (mean, spread) of some seats, in
        place of what their words say."""
        rules = bidder.rules
        model = self._model(rules, contract)
        mean, var = model["a"], model["sd"] ** 2
        for s in range(rules.players):
            coef, role = _role(rules, model, contract, s)
            if s == bidder.seat:
                mean += coef * self._own(bidder, contract, role)
            else:
                v, spread = (known or {}).get(s) or self._read(bidder, model, contract, s)
                mean += coef * v
                var += (coef * spread) ** 2
        return mean, var ** 0.5

    @staticmethod
    def _own(bidder: Bidder, contract: Contract, role: str) -> float:
        cards = bidder.cards
        if bidder.seat == contract.bidder and bidder.turned is not None:
            cards |= 1 << bidder.turned  # the taker gets the turned card
        word = contract_word(contract)
        return baseline.value(cards, word) if role == "value" else \
            baseline.defence_value(cards, word)

    @staticmethod
    def _own_extras(bidder: Bidder, contract: Contract) -> tuple[list[int], list[int]]:
        """The seat's own declarations and belote, counted for its side."""
        rules = bidder.rules
        decl, belote = [0] * rules.sides, [0] * rules.sides
        if rules.declarations_allowed(contract):
            decl[bidder.side] = sum(rules.declaration_points(d)
                               for d in rules.declarations_in(bidder.cards))
        for su in rules.belote_suits(contract):
            kq = (1 << (su * 8 + KING)) | (1 << (su * 8 + QUEEN))
            if bidder.cards & kq == kq:
                belote[bidder.side] += rules.belote_points
        return decl, belote

    def _read(self, bidder: Bidder, model: dict, contract: Contract, seat: int
              ) -> tuple[float, float]:
        """What ``seat``'s valuation for ``contract`` is likely to be, from its words so far, as
        (mean, spread): naming the contract (or doubling it) shows the valuation above the
        point where this bidding says it, passing where it could have shows it below."""
        rules = bidder.rules
        _, role = _role(rules, model, contract, seat)
        prior = self._prior(bidder, model, contract, seat)
        said = [w for s, w in bidder.auction if s == seat]
        if not said:
            return prior
        word = contract_word(contract)
        if role == "value":
            named = [w for w in said if _names(bidder, w, word)]
            levels = [int(w.split()[0]) for w in named if w.split()[0].isdigit()]
            shown = Contract(contract.kind, contract.trump, seat, max(levels, default=0)
                             if levels else contract.level and 80)
            edge = self._edge(rules, model, shown, "value")
            if named:
                return _truncated(*prior, edge, above=True)
            if any(w not in (PASS, DOUBLE, REDOUBLE) for w in said) or \
                    not _passed_over(bidder, seat, word):
                # it named something else, or never could name this (the first round of a
                # turned-card auction offers the turned suit only)
                return prior
            return _truncated(*prior, edge, above=False)
        if DOUBLE in said:
            return _truncated(*prior, self._edge(rules, model, contract, "defence_value"),
                              above=True)
        if any(w not in (PASS, DOUBLE, REDOUBLE) for w in said):
            # a defender that bid a contract of its own holds more than an average hand
            return _truncated(*prior, prior[0], above=True)
        if self.read_passes and _passed_over(bidder, seat, word):
            # a defender that passed where it could have named the contract holds a hand that
            # would not take it, and such a hand defends against it less
            shown = Contract(contract.kind, contract.trump, seat, contract.level and 80)
            turned_trump = bidder.turned is not None and contract.kind == "suit" and \
                bidder.turned >> 3 == contract.trump
            a, slope, sd, v_mean, v_sd = defence_by_value(rules, contract.kind, turned_trump)
            v, v_sd = _truncated(v_mean, v_sd, self._edge(rules, model, shown, "value"),
                                 above=False)
            w = self.read_passes
            return ((1 - w) * prior[0] + w * (a + slope * v),
                    (1 - w) * prior[1] + w * (sd * sd + (slope * v_sd) ** 2) ** 0.5)
        return prior

    def _prior(self, bidder: Bidder, model: dict, contract: Contract, seat: int
               ) -> tuple[float, float]:
        """What ``seat``'s valuation for ``contract`` is likely to be before its words, as
        (mean, spread): from the seat's own valuation (``model["given"]``) with ``given``, else
        over random hands."""
        rules = bidder.rules
        _, role = _role(rules, model, contract, seat)
        given = model.get("given") if self.use_given else None
        if given is None or seat == bidder.seat:
            return _over_random(model[role])
        _, mine = _role(rules, model, contract, bidder.seat)
        a, slope, sd = given[_position(rules, contract, bidder.seat)][
            _position(rules, contract, seat)]
        return a + slope * self._own(bidder, contract, mine), sd

    def _edge(self, rules: RuleSet, model: dict, contract: Contract, role: str) -> float:
        """The valuation at which this bidding, everyone else average, names ``contract``
        (role ``value``) or doubles it (``defence_value``), found by bisection."""
        key = (rules.name, rules.players, contract.kind, contract.level, role)
        edge = self._edges.get(key)
        if edge is not None:
            return edge
        bidder = contract.bidder
        seat = bidder if role == "value" else (bidder + 1) % rules.players
        coef, _ = _role(rules, model, contract, seat)
        rest = model["a"]
        var = model["sd"] ** 2
        for s in range(rules.players):
            if s != seat:
                c, r = _role(rules, model, contract, s)
                if role == "defence_value" and s == bidder:
                    shown = self._edge(rules, model, contract, "value")
                    mid, spread = _truncated(*_over_random(model[r]), shown, above=True)
                else:
                    mid, spread = _over_random(model[r])
                rest += c * mid
                var += (c * spread) ** 2
        sd = var ** 0.5
        side, total = rules.side(seat), model["total"]
        none = [0] * rules.sides
        doubled = contract.with_multiplier(2)

        def gain(v: float) -> float:
            mean = rest + coef * v
            if role == "value":
                return self._value(rules, contract, total, mean, sd, side, none, none, None)
            return (self._value(rules, doubled, total, mean, sd, side, none, none, None)
                    - self._value(rules, contract, total, mean, sd, side, none, none, None))

        lo, hi = -60.0, 120.0
        for _ in range(30):
            mid = (lo + hi) / 2
            if gain(mid) > 0:
                hi = mid
            else:
                lo = mid
        self._edges[key] = edge = (lo + hi) / 2
        return edge

    def _value(self, rules: RuleSet, contract: Contract, total: int, mean: float, sd: float,
               side: int, decl: list[int], belote: list[int], totals: list[int] | None
               ) -> float:
        """Expected utility for ``side`` when the bidding side's card points are about
        ``mean`` (spread ``sd``); a doubled contract less ``caution`` times the spread the
        doubling adds (bidding must pay for itself, doubling must pay for its risk too)."""
        sides = rules.sides
        bidders = rules.side(contract.bidder)
        others = [s for s in range(sides) if s != bidders]
        first = second = 0.0
        for z, weight in QUADRATURE:
            taken = min(total, max(0, round(mean + z * sd)))
            points = [0] * sides
            points[bidders] = taken
            for i, s in enumerate(others):
                points[s] = (total - taken) // len(others) + (i < (total - taken) % len(others))
            valat = bidders if taken >= total else (others[0] if taken == 0 and
                                                    len(others) == 1 else None)
            tricks = [8 if s == valat else (0 if valat is not None else 1) for s in range(sides)]
            result = HandResult(sides, contract, bidders, points, tricks, list(decl),
                                list(belote), valat)
            u = utility(rules, result, side, totals, self.match_weight)
            first += weight * u
            second += weight * u * u
        spread = max(0.0, second - first * first) ** 0.5
        m = contract.multiplier
        return first - self.caution * spread * (m - 1) / m


@cache
def _defence_by_value(name: str, players: int, kind: str, turned_trump: bool
                      ) -> tuple[float, float, float, float, float]:
    rules = get_rules(name, players)
    rng = random.Random(f"defence-by-value/{name}/{players}/{kind}/{turned_trump}")
    word = SUIT_NAMES[0] if kind == "suit" else kind
    before, turned_at = deal_shape(rules, 0)
    size = len(before[0])
    xs, ys = [], []
    for _ in range(3000):
        hand = sum(1 << c for c in rng.sample(range(32), size))
        seen = hand
        if turned_at is not None:
            # the turned card is the taker's: a trump in the first round, else another suit's
            left = [c for c in range(32) if not hand >> c & 1 and (c < 8) == turned_trump]
            seen |= 1 << rng.choice(left)
        xs.append(baseline.value(seen, word))
        ys.append(baseline.defence_value(hand, word))
    a, slope, sd = fit_line(xs, ys)
    # Imported where used: statistics (and fractions, which it imports) take ~60 ms of the
    # page's plain start in Pyodide, and no bid is made before the table is playable.
    from statistics import NormalDist

    values = NormalDist.from_samples(xs)
    return a, slope, sd, values.mean, values.stdev


def defence_by_value(rules: RuleSet, kind: str, turned_trump: bool = False
                     ) -> tuple[float, float, float, float, float]:
    """What a hand's valuation for taking a contract of ``kind`` says of its defence against
    it, over random hands as a seat sees them before the auction (with the turned card, a trump
    if ``turned_trump``): ``(a, slope, sd, mean, spread)``, the defence about ``a + slope *
    value`` with residual spread ``sd``, and the valuation's mean and spread; made once per
    table."""
    return _defence_by_value(rules.name, rules.players, kind, turned_trump)


def _names(bidder: Bidder, said: str, word: str) -> bool:
    """Whether the auction word ``said`` names the contract word ``word`` (a suit, no-trumps,
    all-trumps)."""
    return bidder.rules.auction_class.names(said, bidder.turned) == word


def _passed_over(bidder: Bidder, seat: int, word: str) -> bool:
    """Whether ``seat`` passed at a turn where it could have named ``word``."""
    rules = bidder.rules
    auction = rules.make_auction((bidder.dealer + 1) % rules.players, bidder.turned)
    for s, spoken in bidder.auction:
        if s == seat and spoken == PASS and any(_names(bidder, w, word) for w in auction.legal()):
            return True
        auction.apply(spoken)
    return False


# The mean of the highest of n draws from a standard normal distribution.
_HIGHEST_OF = {1: 0.0, 2: 0.564, 3: 0.846, 4: 1.029, 5: 1.163}


# ValuedBidding's edges per (models, caution, match_weight): a bot made with its own settings
# (the benchmark's --a-options) need not find them again at every word. The models are kept
# with their edges, so that their id is never another's.
_EDGES: dict[tuple, tuple[dict, dict[tuple, float]]] = {}


def _role(rules: RuleSet, model: dict, contract: Contract, seat: int) -> tuple[float, str]:
    """A seat's coefficient in the model of ``contract`` and the valuation it counts by."""
    position = _position(rules, contract, seat)
    return model[position], "defence_value" if position == "defence" else "value"


def _position(rules: RuleSet, contract: Contract, seat: int) -> str:
    """A seat's position in ``contract``: ``bidder``, ``partner`` or ``defence``."""
    if seat == contract.bidder:
        return "bidder"
    return "partner" if rules.side(seat) == rules.side(contract.bidder) else "defence"


def _over_random(deciles: list[float]) -> tuple[float, float]:
    """A valuation over random hands, from its deciles: (mean, spread)."""
    return sum(deciles) / len(deciles), (deciles[8] - deciles[1]) / 2.07


def _truncated(m: float, sd: float, edge: float, above: bool) -> tuple[float, float]:
    """Mean and spread of a valuation known to be above (or below) ``edge``, the valuation taken
    as normal with mean ``m`` and spread ``sd`` (so that an edge beyond every decile still
    reads as a hand beyond it)."""
    sd = max(1.0, sd)
    a = (edge - m) / sd
    pdf = math.exp(-a * a / 2) / math.sqrt(2 * math.pi)
    cdf = 0.5 * (1 + math.erf(a / math.sqrt(2)))
    if above:
        lam = pdf / max(1e-12, 1 - cdf)
        mean, var = m + sd * lam, sd * sd * (1 + a * lam - lam * lam)
    else:
        lam = pdf / max(1e-12, cdf)
        mean, var = m - sd * lam, sd * sd * (1 - a * lam - lam * lam)
    return mean, max(1.0, max(0.0, var) ** 0.5)


def valued_policy(bidder: Bidder) -> str:
    """The Normal's bidding as a policy (what the Expert expects the others to bid)."""
    return valued_bidding().choose(bidder)


# One ValuedBidding per settings in the process (see valued_bidding).
_VALUATIONS: dict[str, ValuedBidding] = {}


def valued_bidding(**settings) -> ValuedBidding:
    """The valued bidding with ``settings``, made once per process: it keeps the values it
    found last, which the check by simulation asks for again (its candidates, then its first
    choice)."""
    key = repr(sorted(settings.items()))
    found = _VALUATIONS.get(key)
    if found is None:
        found = _VALUATIONS[key] = ValuedBidding(**settings)
    return found
