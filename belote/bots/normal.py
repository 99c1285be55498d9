"""The Normal bot: the Easy's play with card counting and inference (voids, failed
overtrumps, declarations, belote, the taker's turned card), reading the bidding; it bids by
evaluation and doubles when the hand says so."""

from __future__ import annotations

from ..view import View
from .easy import EasyBot
from .knowledge import Knowledge


class NormalBot(EasyBot):
    """Counting and inference; bids by evaluation, cheaply: a fitted valuation's first choice
    (in Bulgarian the first bots' word), checked on a few simulated deals
    (valued_bidding.ValuedBidding, bidding.SimulatedBidding)."""

    name = "normal"
    level = "normal"
    strict = True

    # The Normal's check by simulation: the deals it plays each of its candidate bids out on (0:
    # the valuation alone), the standard errors by which a word must beat the valuation's first
    # choice (a double's), and the seconds it may take (the page's main thread gives it less).
    # Each rule set adjusts these and ValuedBidding's defaults (RuleSet.normal_bot_bidding).
    simulation: dict = {"deals": 16, "evidence": 1.5, "double_evidence": 2.5}
    time_budget = 0.1

    def evaluate_bid(self, view: View, knowledge: Knowledge) -> str:
        from .bidder import Bidder, baseline_policy
        from .bidding import SimulatedBidding
        from .valued_bidding import valued_bidding

        bidder = Bidder.of_view(view, knowledge.rules, knowledge.hand)
        settings = {**self.simulation, **knowledge.rules.normal_bot_bidding,
                    **self.valuation}
        deals = settings.pop("deals")
        evidence = settings.pop("evidence")
        double_evidence = settings.pop("double_evidence")
        prior_deals = settings.pop("prior_deals", 0.0)
        first = settings.pop("prior", None)
        valuation = valued_bidding(**settings)
        prior = baseline_policy if first == "baseline" else valuation.choose
        if not deals:
            return prior(bidder)
        bidding = SimulatedBidding(self.rng, self.clock, self.time_budget, prior=prior,
                                   max_deals=deals, min_deals=min(4, deals), evidence=evidence,
                                   double_evidence=double_evidence, valuation=valuation,
                                   prior_deals=prior_deals, meanings=self.meanings)
        return bidding.choose(bidder)
