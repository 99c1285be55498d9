"""How the property tests draw random play: Hypothesis draws bytes, and each byte picks one of
the legal actions (``pick``); byte 0 picks the first, so a failure shrinks towards the first legal
action at every step. ``options_for`` gives an example's rule options, from what ``EXAMPLE``
draws.
"""

from hypothesis import strategies as st

from belote.rules import RULE_SETS

BYTES_PER_HAND = 64  # more than the actions of a hand (auction, declarations, cards)


def example(hands: int) -> dict:
    """The arguments Hypothesis draws for an example of ``hands`` hands: the undertrump option,
    a low target one time in four (else None: the rule set's own), the match seed and the
    bytes that pick the actions."""
    return dict(undertrump=st.booleans(),
                low_target=st.one_of(st.none(), st.none(), st.none(), st.integers(1, 1001)),
                seed=st.integers(0, 2**32 - 1),
                choices=st.binary(min_size=hands * BYTES_PER_HAND,
                                  max_size=hands * BYTES_PER_HAND))

PASS_BELOW = 154   # in an auction, bytes below this pass (60%), so that contracts stay varied
                   # and some hands are thrown in; of the others, half choose among the first
                   # five words offered (the lowest bids), half among all (doubles included)
OUT_FROM = 252     # "I'm out" only for bytes from 252 (most Classic hands are played out)


def pick(actions: list[str], phase: str, byte: int) -> str:
    """The legal action that ``byte`` chooses; byte 0 chooses the first (a pass in an auction)."""
    if "out" in actions:
        if byte >= OUT_FROM:
            return "out"
        actions = [a for a in actions if a != "out"]
    if phase == "auction" and "pass" in actions:
        if byte < PASS_BELOW:
            return "pass"
        byte -= PASS_BELOW
        return actions[byte // 2 % (len(actions) if byte % 2 else min(5, len(actions)))]
    return actions[byte % len(actions)]


def options_for(rules: str, undertrump: bool, low_target: int | None) -> dict:
    """The options of an example: undertrump where the rule set has it, and the default
    target unless a low one was drawn (then matches end, and "I'm out" can be right)."""
    cls = RULE_SETS[rules]
    options = {"target": cls.default_target if low_target is None
               else min(low_target, cls.default_target)}
    if "undertrump" in cls.option_defaults:
        options["undertrump"] = undertrump
    return options
