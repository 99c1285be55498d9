"""The benchmarks: ``python -m belote bench engine|strength|bidding|analysis|verdicts``.

- ``engine`` (:mod:`belote.bench.engine`): hands per second of random legal play;
- ``strength``, ``bidding`` (:mod:`belote.bench.bots`, reported by
  :mod:`belote.bench.strength_report`): duplicate matches between two bots;
- ``analysis`` (:mod:`belote.bench.analysis`): how long one seat's review of a hand takes;
- ``verdicts`` (:mod:`belote.bench.verdicts`): whether the review's verdicts hold up.

The command line's only: the page's Python (scripts/build_python.py) leaves this package out.
Their latest outputs, with the commands that gave them, are in docs/benchmarks.md.
"""
