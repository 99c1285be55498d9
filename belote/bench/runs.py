"""What the benchmark commands share (``bench strength``, ``bench arena``, ``bench
meanings``): a match around one given hand, the statistics they report, the log of results
kept between runs, and the work spread over processes."""

from __future__ import annotations

import json
import math
import os

from ..game import Match


class HandMatch(Match):
    """A Match wrapper around one given hand (for views)."""

    def __init__(self, hand, rules):
        self.rules = rules
        self.players = rules.players
        self.seed = 0
        self.records, self.scores, self.totals = [], [], [0] * rules.sides
        self.pots, self.winner, self.losers, self.sheet = [], None, [], []
        self.takebacks = {}
        self.hand = hand


def mean_ci(xs):
    n = len(xs)
    if n == 0:
        return 0.0, 0.0, 0.0
    m = sum(xs) / n
    if n == 1:
        return m, m, m
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    h = 1.96 * math.sqrt(var / n)
    return m, m - h, m + h


def wilson(k, n, z=1.96):
    if n == 0:
        return 0.0, 0.0, 0.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return p, c - h, c + h


def percentile(xs, q):
    if not xs:
        return 0.0
    xs = sorted(xs)
    i = min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))
    return xs[i]


def logged(log, key) -> list:
    """The results in the log ``log`` for ``key`` (none if there is no log)."""
    if not log or not os.path.exists(log):
        return []
    out = []
    with open(log) as f:
        for line in f:
            try:
                x = json.loads(line)
            except ValueError:
                continue  # a line cut short when a run was stopped
            if x.get("key") == key:
                out.append(x["result"])
    return out


def map_work(fn, items, jobs, progress, keep=None):
    """``fn`` over ``items``, in ``jobs`` processes (forked) when more than one, in order;
    ``keep(result)`` and ``progress(done, total)`` after each."""
    if jobs <= 1:
        out = []
        for it in items:
            out.append(fn(it))
            if keep:
                keep(out[-1])
            if progress:
                progress(len(out), len(items))
        return out
    import multiprocessing as mp
    ctx = mp.get_context("fork") if hasattr(mp, "get_context") else mp
    with ctx.Pool(jobs) as pool:
        out = []
        for r in pool.imap(fn, items):
            out.append(r)
            if keep:
                keep(r)
            if progress:
                progress(len(out), len(items))
        return out
