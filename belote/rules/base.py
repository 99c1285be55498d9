"""The rule-set base class: the data and the few hooks by which rule sets differ."""

from __future__ import annotations

from ..auction import Auction
from ..cards import ACE, JACK, KING, NINE, QUEEN, TEN
from ..contract import NO_TRUMPS, Contract
from ..declarations import (
    CARRE,
    KIND_LENGTHS,
    Declaration,
    best_combination,
    carre_mask,
    run_mask,
    sequence_kind,
    top_rank,
)
from ..play import Duties
from ..scoring import HandResult, HandScore

# Why one side's declarations count (docs/rules.md §2, §3, §5), by the first part of the comparison
# that differs: see RuleSet.declaration_verdicts.
ONLY, VALUE, CARRE_WINS, LENGTH, TOP, RANK, TIE, FIRST = (
    "only", "value", "carre", "length", "top", "rank", "tie", "first")


def verdict(compared: str, bests: dict, names: tuple, tie_to: int | None = None) -> dict | None:
    """Why the best of ``bests`` (side -> (key, Declaration), keys compared as tuples) wins:
    ``{"compared", "side", "reason"}``, the reason named by ``names[i]`` for the first part
    ``i`` of the keys that differs (``top`` of a carré is its ``rank``); equal best keys are a
    tie (no side), or go to ``tie_to`` (reason ``first``) when given; None without any."""
    if not bests:
        return None
    ranked = sorted(bests.items(), key=lambda item: item[1][0], reverse=True)
    side, (key, best) = ranked[0]
    if len(ranked) == 1:
        return {"compared": compared, "side": side, "reason": ONLY}
    other = ranked[1][1][0]
    if key == other:
        if tie_to is None:
            return {"compared": compared, "side": None, "reason": TIE}
        return {"compared": compared, "side": tie_to, "reason": FIRST}
    reason = names[next(i for i, (a, b) in enumerate(zip(key, other)) if a != b)]
    if reason == TOP and not best.is_sequence:
        reason = RANK
    return {"compared": compared, "side": side, "reason": reason}


class RuleError(ValueError):
    """An unknown rule set, a player count it does not have, or a bad option."""


class RuleSet:
    """Defaults follow French Belote; each rule set overrides data and hooks.

    ``options`` holds every option by name, the defaults merged with what the player set.
    """

    name = ""
    title = ""
    player_counts: tuple[int, ...] = (4,)
    default_target = 501
    # Dealing: batches before the auction, whether a card is turned, batches after.
    deal_before: tuple[int, ...] = (3, 2)
    turned_card = False
    deal_after: tuple[int, ...] = (3,)
    talon = 0
    auction_class: type[Auction] = Auction
    option_defaults: dict = {}
    # Whether running card points are shown while the hand is played.
    shows_card_points = True
    # Whether the pack's last card is shown face up when the deal leaves cards undealt
    # (docs/rules.md §6: Classic with 2 or 3 players).
    shows_undealt_card = False
    # Points (docs/rules.md §1): a belote, the bonus for taking every trick (valat, capot).
    belote_points = 20
    valat_bonus = 90
    # What declarations are worth: sequences by length (longer runs: split_run), carrés by
    # rank (a rank missing here makes no carré), and the carrés' order, strongest first.
    sequence_values = {3: 20, 4: 50, 5: 100}
    carre_values = {JACK: 200, NINE: 150, ACE: 100, TEN: 100, KING: 100, QUEEN: 100}
    carre_order = (JACK, NINE, ACE, TEN, KING, QUEEN)
    # The words players use for a double and a redouble (records always say double, redouble).
    double_names = ("double", "redouble")
    # Score-sheet points per card point (Bulgarian counts in tens), for the bots' tie-breaks.
    score_scale = 1.0
    # The Normal bot's bidding here (belote.bots.normal.NormalBot): settings over the defaults
    # of its check by simulation and of its valuation (belote.bots.valued_bidding.ValuedBidding),
    # each measured (docs/benchmarks.md).
    normal_bot_bidding: dict = {}
    # The hand review's grades (belote.analysis.verdicts): the expected cost, in score units,
    # above which a choice is an inaccuracy, a mistake, a blunder: about 1/16, 1/8 and 1/3 of
    # what a hand is worth (here 162 card points and the declarations).
    review_grades: tuple[float, float, float] = (10.0, 20.0, 50.0)
    # How many times the deals asked for may be sampled on for a close call on a bid (None: as
    # for a card, verdicts.MAX_FACTOR).
    review_bid_factor: int | None = None
    # A target that matches reach within a few hands (the behaviour fingerprint).
    quick_target = 301
    # A suit bid shows the suit's jack, or its nine with another card of it; or, when this is
    # not 0, this many cards of the suit (what the bots bid on and read: belote.bots.meanings).
    trump_length_shown = 0

    def __init__(self, players: int = 4, options: dict | None = None):
        if isinstance(players, bool) or players not in self.player_counts:
            counts = " or ".join(map(str, self.player_counts))
            raise RuleError(f"{self.name} is played by {counts} players, not {players!r}")
        if options is not None and not isinstance(options, dict):
            raise RuleError("options must be an object mapping option names to values")
        self.players = players
        merged = self.defaults()
        for key, value in (options or {}).items():
            problem = self.option_error(key, value)
            if problem:
                raise RuleError(problem)
            merged[key] = value
        self.options = merged
        self.changed_options = {k: v for k, v in (options or {}).items()}
        self.carres = tuple(self.carre(r) for r in self.carre_order)
        self.team: tuple[int, ...] = tuple(self.side(s) for s in range(players))

    @classmethod
    def defaults(cls) -> dict:
        """Every option of the rule set with its default: ``target`` and the rule set's own."""
        return {"target": cls.default_target, **cls.option_defaults}

    @classmethod
    def option_error(cls, name: str, value) -> str | None:
        """Why ``value`` cannot be option ``name`` of the rule set, or None when it can: an
        option takes a value of its default's kind (true or false, a positive whole number)."""
        defaults = cls.defaults()
        if name not in defaults:
            known = ", ".join(sorted(defaults))
            return f"unknown option {name!r} for {cls.name} (options: {known})"
        default = defaults[name]
        if isinstance(default, bool) and not isinstance(value, bool):
            return f"option {name!r} takes true or false"
        if isinstance(default, int) and not isinstance(default, bool) and (
                isinstance(value, bool) or not isinstance(value, int) or value <= 0):
            return f"option {name!r} takes a positive whole number"
        return None

    # --- seats and sides -------------------------------------------------------------------
    @property
    def sides(self) -> int:
        return 2 if self.players == 4 else self.players

    def side(self, seat: int) -> int:
        return seat % 2 if self.players == 4 else seat

    @property
    def target(self) -> int:
        return self.options["target"]

    # --- hooks ---------------------------------------------------------------------------------
    def make_auction(self, first: int, turned: int | None) -> Auction:
        return self.auction_class(self.players, first, self.team, turned)

    def deal_after_auction(self, bidder: int) -> tuple[int | tuple[int, ...], ...]:
        """The batches dealt once ``bidder`` has taken the contract, each a count for every
        seat or a count per seat: ``deal_after``; with a turned card (which the taker has
        taken), two more to the taker and three to every other seat (docs/rules.md §3, §6)."""
        if self.turned_card:
            return (tuple(2 if s == bidder else 3 for s in range(self.players)),)
        return self.deal_after

    def declarations_shown(self, tricks_done: int) -> bool:
        """Whether the declarations are shown to every seat (and compared) after
        ``tricks_done`` tricks: once the first trick is over (docs/rules.md §2, §3)."""
        return tricks_done >= 1

    def may_claim_out(self, tricks_done: int, won_points_trick: bool) -> bool:
        """Whether a seat may say "I'm out" after ``tricks_done`` tricks, its side having won a
        trick holding a card worth points or not (only Classic has the claim)."""
        return False

    def out_claim_right(self, total: int, made: int) -> bool:
        """Whether "I'm out" is right for a side with ``total`` in the match that has made
        ``made`` so far in the hand: together they reach the target (docs/rules.md §6)."""
        return total + made >= self.target

    def pot_taker(self, score: list[int], eligible: list[int]) -> int | None:
        """Who takes points an earlier hand left hanging, among ``eligible`` (every side when
        empty), after a hand that scored ``score``: the one with most points in this hand; on
        a tie, none (the points go on hanging) (docs/rules.md §2, §3, §6)."""
        eligible = eligible or list(range(self.sides))
        best = max(score[s] for s in eligible)
        takers = [s for s in eligible if score[s] == best]
        return takers[0] if len(takers) == 1 else None

    def duties(self, contract: Contract) -> Duties:
        return Duties(partner_frees=True, undertrump=self.options.get("undertrump", False))

    def declarations_allowed(self, contract: Contract) -> bool:
        return contract.kind != NO_TRUMPS

    # --- declarations ----------------------------------------------------------------------
    def sequence(self, cards: int, length: int) -> Declaration:
        """The sequence declaration of ``cards`` (one suit, consecutive, ``length`` long)."""
        value = self.sequence_values[min(length, max(self.sequence_values))]
        return Declaration(sequence_kind(length), cards, value, length, top_rank(cards))

    def carre(self, rank_index: int) -> Declaration:
        order = self.carre_order
        return Declaration(CARRE, carre_mask(rank_index), self.carre_values[rank_index], 4,
                           len(order) - order.index(rank_index))

    def split_run(self, s: int, low: int, length: int) -> list[Declaration]:
        """A run's declarations: a run of six or more is one quinte of its top five cards
        (docs/rules.md §1)."""
        if length <= 5:
            return [self.sequence(run_mask(s, low, length), length)]
        return [self.sequence(run_mask(s, low + length - 5, 5), 5)]

    def declarations_in(self, hand: int) -> list[Declaration]:
        """The declarations worth most in ``hand``, each card used once (docs/rules.md §1)."""
        return best_combination(hand, self.carres, self.split_run)

    def weakest_declaration(self, kind: str) -> Declaration:
        """The least declaration of ``kind``: what another seat's announced declaration is
        known to be worth before its cards are shown."""
        if kind == CARRE:
            return self.carres[-1]
        return self.split_run(0, 0, KIND_LENGTHS[kind])[0]

    def declaration_key(self, d: Declaration) -> tuple:
        """Strength of a declaration: by value, then length, then top card; a carré beats a
        sequence of equal value (docs/rules.md §3)."""
        return (d.value, not d.is_sequence, d.length, d.top)

    def declaration_points(self, d: Declaration) -> int:
        """What a declaration that counts adds to its side's points."""
        return 0 if self.wins_outright(d) else d.value

    def wins_outright(self, d: Declaration) -> bool:
        """Whether a declaration that counts wins the match at once (Bela's eight)."""
        return False

    # --- belote ----------------------------------------------------------------------------
    def belote_suits(self, contract: Contract) -> tuple[int, ...]:
        """Suits whose king and queen in one hand make a belote."""
        return (contract.trump_suit,) if contract.trump_suit >= 0 else ()

    def belote_counts(self, contract: Contract, suit_index: int, led: int) -> bool:
        """Whether the first card of a belote in ``suit_index``, played on a trick whose led
        suit is ``led``, says it (else the belote is lost)."""
        return True

    # --- valat -----------------------------------------------------------------------------
    def valat_stake(self, contract: Contract) -> int:
        """What taking every trick is worth beyond the card points, for the bots' search."""
        return self.valat_bonus

    def resolve_declarations(self, declared: list[list[Declaration]], dealer: int
                             ) -> list[list[Declaration]]:
        """Which declared declarations count: by default the single best one at the table
        decides, and its team scores all of its declarations; a tie between teams, none."""
        best_by_side: dict[int, tuple] = {}
        for seat, decls in enumerate(declared):
            for d in decls:
                side = self.side(seat)
                key = self.declaration_key(d)
                best_by_side[side] = max(best_by_side.get(side, key), key)
        if not best_by_side:
            return [[] for _ in declared]
        top = max(best_by_side.values())
        winners = [s for s, k in best_by_side.items() if k == top]
        if len(winners) != 1:
            return [[] for _ in declared]
        return [decls if self.side(seat) == winners[0] else []
                for seat, decls in enumerate(declared)]

    def best_by_side(self, declared: list[list[Declaration]], key=None, which=None) -> dict:
        """Each side's best declaration among ``declared`` (per seat) that ``which`` accepts:
        side -> (key, Declaration)."""
        key = key or self.declaration_key
        best: dict[int, tuple] = {}
        for seat, decls in enumerate(declared):
            for d in decls:
                if which is None or which(d):
                    side, k = self.side(seat), key(d)
                    if side not in best or k > best[side][0]:
                        best[side] = (k, d)
        return best

    def declaration_verdicts(self, declared: list[list[Declaration]], dealer: int
                             ) -> list[dict]:
        """Why the declarations that count (:meth:`resolve_declarations`) were chosen, as data
        for the table: one verdict per comparison made, ``{"compared": "declarations",
        "side": 1, "reason": "carre"}`` (``side`` None: none count). Reasons: ``only`` (no
        other side declared), ``value``, ``carre`` (a carré beats a sequence of equal value),
        ``length``, ``top`` (the higher top card), ``rank`` (the stronger carré), ``tie``,
        ``first`` (Bela: an equal best, first from the dealer's right)."""
        found = verdict("declarations", self.best_by_side(declared),
                        (VALUE, CARRE_WINS, LENGTH, TOP))
        return [found] if found else []

    def score(self, result: HandResult) -> HandScore:
        raise NotImplementedError

    def winner(self, totals: list[int], reached_this_hand: bool) -> int | None:
        """The side that wins the match with these totals, or None to play on."""
        if not reached_this_hand:
            return None
        best = max(totals)
        if best < self.target or totals.count(best) > 1:
            return None
        return totals.index(best)


def make_score(result: HandResult, raw, score, made, hanging=None, hanging_to=(),
               can_end=True) -> HandScore:
    """A HandScore from a result and the rule set's decisions."""
    return HandScore(
        card_points=list(result.card_points), declarations=list(result.declarations),
        belote=list(result.belote), valat=result.valat is not None, raw=list(raw),
        score=list(score), hanging=list(hanging or [0] * result.sides), made=made,
        contract=result.contract.label, bidders=result.bidders, hanging_to=list(hanging_to),
        can_end_match=can_end, outright=result.outright)
