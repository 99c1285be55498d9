"""``python -m belote bench engine``: hands per second of random legal play, per rule set."""

from __future__ import annotations

import argparse
import random
import time

from ..cards import cards_of
from ..game import deal_for
from ..hand import AUCTION, Hand
from ..rules import CONFIGS, get_rules


def random_hand(rules, dealer: int, deck: list[int], rng: random.Random) -> Hand:
    """Play one hand with uniformly random legal bids and cards, declaring everything."""
    hand = Hand(rules, dealer, deck)
    while hand.phase == AUCTION:
        legal = hand.auction.legal()
        hand.apply(rng.choice(legal))
    first = hand.first_card_played
    while hand.phase == "play":
        seat = hand.actor
        if not first[seat]:
            hand.declare_all(seat)
        hand.play_card(rng.choice(cards_of(hand.legal_mask())))
    return hand


def engine_bench(seconds: float, seed: int) -> list[tuple[str, int, int, float]]:
    """Per configuration: hands played and hands per second of this process's CPU time (one
    core), which other load on the machine disturbs far less than wall time."""
    rows = []
    for name, players in CONFIGS:
        rules = get_rules(name, players)
        rng = random.Random(seed)
        deals = [deal_for(name, players, seed, i) for i in range(500)]
        count, start = 0, time.process_time()
        while True:
            dealer, deck = deals[count % len(deals)]
            random_hand(rules, dealer, deck, rng)
            count += 1
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                break
        rows.append((name, players, count, count / elapsed))
    return rows


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m belote bench engine",
                                     description="Hands per second of random legal play "
                                                 "(auction through scoring), one core.")
    parser.add_argument("--seconds", type=float, default=2.0,
                        help="CPU seconds per rule set")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"{'rules':<12}{'players':>8}{'hands':>9}{'hands/s':>10}   (per CPU second, one core)")
    for name, players, count, rate in engine_bench(args.seconds, args.seed):
        print(f"{name:<12}{players:>8}{count:>9}{rate:>10.0f}")
    return 0
