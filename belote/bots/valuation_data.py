"""The Normal bot's bidding valuation, fitted by ``python -m scripts.fit_bidding``
(600 deals per table, seed 'fit-bidding'): do not edit by hand.

Per (rule set, players) and contract kind: the bidding side's card points are about
``a + bidder * v + partner * v_partner + defence * (dv + dv)`` with spread ``sd``,
where ``v`` is a player's valuation of the contract and ``dv`` a defender's
valuation against it (belote.bots.baseline); ``value`` and ``defence_value`` are
the deciles (5% .. 95%) of those valuations over random hands."""

MODELS: dict = {
    ('bulgarian', 4): {
        'all-trumps': {
            'a': 129.0,
            'bidder': 0.8977,
            'partner': 0.8977,
            'defence': -0.8977,
            'sd': 47.84,
            'total': 258,
            'value': [-8.0, -4.0, -2.0, 1.0, 4.0, 17.0, 20.0, 23.0, 27.0, 36.0],
            'defence_value': [-4.0, 0.0, 6.5, 9.0, 10.5, 12.0, 15.0, 18.0, 22.0, 27.5],
            'n': 2400,
        },
        'no-trumps': {
            'a': 65.0,
            'bidder': 0.5552,
            'partner': 0.5552,
            'defence': -0.5552,
            'sd': 22.83,
            'total': 130,
            'value': [-9.0, -6.0, -3.0, -1.0, 3.0, 7.0, 10.0, 13.0, 17.0, 26.0],
            'defence_value': [-6.0, -2.0, 0.5, 2.5, 4.5, 6.5, 8.5, 10.0, 13.5, 18.0],
            'n': 2400,
        },
        'suit': {
            'a': 74.551,
            'bidder': 0.9624,
            'partner': 0.9624,
            'defence': -0.9517,
            'sd': 28.87,
            'total': 162,
            'value': [1.0, 5.0, 10.0, 13.0, 15.0, 19.0, 22.0, 26.0, 31.0, 42.0],
            'defence_value': [5.0, 8.5, 11.0, 12.5, 14.5, 16.5, 18.5, 20.5, 23.5, 28.5],
            'n': 9600,
        },
    },
    ('french', 4): {
        'suit': {
            'a': 65.64,
            'bidder': 1.0035,
            'partner': 1.0107,
            'defence': -0.8601,
            'sd': 27.87,
            'total': 162,
            'value': [3.0, 9.0, 13.0, 16.0, 19.0, 23.0, 26.0, 31.0, 37.0, 48.0],
            'defence_value': [5.0, 8.0, 11.0, 12.5, 14.5, 16.5, 18.5, 21.0, 24.0, 29.0],
            'n': 9600,
        },
    },
    ('coinche', 4): {
        'suit': {
            'a': 14.507,
            'bidder': 1.3794,
            'partner': 1.3794,
            'defence': -0.3674,
            'sd': 20.43,
            'total': 162,
            'value': [8.0, 14.0, 19.0, 23.0, 27.0, 31.0, 35.0, 40.0, 47.0, 59.0],
            'defence_value': [13.5, 18.0, 20.5, 22.5, 25.0, 27.0, 29.0, 31.5, 35.0, 40.0],
            'n': 9600,
        },
    },
    ('bela', 4): {
        'suit': {
            'a': 74.403,
            'bidder': 0.8665,
            'partner': 0.8665,
            'defence': -0.8549,
            'sd': 25.07,
            'total': 162,
            'value': [3.0, 8.0, 13.0, 15.0, 19.0, 23.0, 26.0, 31.0, 37.0, 49.0],
            'defence_value': [7.5, 11.0, 13.5, 16.0, 18.0, 20.0, 22.0, 24.5, 27.5, 33.0],
            'n': 9600,
        },
    },
    ('classic', 4): {
        'suit': {
            'a': 65.287,
            'bidder': 1.0047,
            'partner': 1.0225,
            'defence': -0.8536,
            'sd': 27.77,
            'total': 162,
            'value': [3.0, 8.0, 13.0, 15.0, 19.0, 23.0, 26.0, 31.0, 36.0, 47.0],
            'defence_value': [5.0, 8.0, 11.0, 12.5, 14.5, 16.5, 18.5, 21.0, 23.5, 28.5],
            'n': 9600,
        },
    },
    ('classic', 3): {
        'suit': {
            'a': 26.07,
            'bidder': 1.1782,
            'partner': 0.0,
            'defence': -0.3405,
            'sd': 19.17,
            'total': 134,
            'value': [3.0, 9.0, 13.0, 16.0, 20.0, 23.0, 27.0, 31.0, 37.0, 49.0],
            'defence_value': [5.0, 9.0, 11.0, 13.0, 15.0, 16.5, 19.0, 21.0, 24.0, 29.0],
            'n': 7200,
        },
    },
    ('classic', 2): {
        'suit': {
            'a': 26.786,
            'bidder': 0.9989,
            'partner': 0.0,
            'defence': -0.3721,
            'sd': 15.82,
            'total': 80,
            'value': [3.0, 9.0, 13.0, 15.0, 20.0, 23.0, 26.0, 30.0, 36.0, 49.0],
            'defence_value': [0.0, 3.0, 9.0, 10.0, 13.0, 16.0, 20.0, 23.0, 28.0, 36.0],
            'n': 4800,
        },
    },
}
