"""The Normal bot's bidding valuation, fitted by ``python -m scripts.fit_bidding``
(600 deals per table, seed 'fit-bidding'): do not edit by hand.

Per (rule set, players) and contract kind: the bidding side's card points are about
``a + bidder * v + partner * v_partner + defence * (dv + dv)`` with spread ``sd``,
where ``v`` is a player's valuation of the contract and ``dv`` a defender's
valuation against it (belote.bots.baseline); ``value`` and ``defence_value`` are
the deciles (5% .. 95%) of those valuations over random hands; ``given``: what
a player in one position knows of another's valuation from its own, ``[a, b, sd]``
(about ``a + b * own``, residual spread ``sd``)."""

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
            'given': {
                'bidder': {
                    'defence': [13.9, -0.176, 14.48],
                    'partner': [13.806, -0.1681, 14.51],
                },
                'defence': {
                    'bidder': [13.9, -0.176, 14.48],
                    'defence': [13.806, -0.1681, 14.5],
                    'partner': [13.9, -0.176, 14.48],
                },
                'partner': {
                    'bidder': [13.806, -0.1681, 14.51],
                    'defence': [13.9, -0.176, 14.48],
                },
            },
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
            'given': {
                'bidder': {
                    'defence': [6.586, -0.1556, 11.04],
                    'partner': [6.662, -0.1689, 11.01],
                },
                'defence': {
                    'bidder': [6.586, -0.1556, 11.04],
                    'defence': [6.662, -0.1689, 11.01],
                    'partner': [6.586, -0.1556, 11.04],
                },
                'partner': {
                    'bidder': [6.662, -0.1689, 11.01],
                    'defence': [6.586, -0.1556, 11.04],
                },
            },
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
            'given': {
                'bidder': {
                    'defence': [18.79, -0.1529, 11.12],
                    'partner': [21.981, -0.1839, 12.46],
                },
                'defence': {
                    'bidder': [21.643, -0.1928, 12.49],
                    'defence': [18.94, -0.1874, 11.09],
                    'partner': [21.643, -0.1928, 12.49],
                },
                'partner': {
                    'bidder': [21.981, -0.1839, 12.46],
                    'defence': [18.79, -0.1529, 11.12],
                },
            },
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
            'given': {
                'bidder': {
                    'defence': [19.993, -0.1754, 11.1],
                    'partner': [22.47, -0.1662, 12.5],
                },
                'defence': {
                    'bidder': [26.729, -0.2561, 13.41],
                    'defence': [18.443, -0.151, 11.22],
                    'partner': [22.112, -0.2123, 12.47],
                },
                'partner': {
                    'bidder': [26.252, -0.1939, 13.5],
                    'defence': [19.198, -0.1696, 11.15],
                },
            },
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
            'given': {
                'bidder': {
                    'defence': [34.613, -0.2757, 13.4],
                    'partner': [40.339, -0.3205, 14.91],
                },
                'defence': {
                    'bidder': [39.567, -0.3443, 14.97],
                    'defence': [34.733, -0.3262, 13.31],
                    'partner': [39.567, -0.3443, 14.97],
                },
                'partner': {
                    'bidder': [40.339, -0.3205, 14.91],
                    'defence': [34.613, -0.2757, 13.4],
                },
            },
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
            'given': {
                'bidder': {
                    'defence': [23.955, -0.2072, 12.06],
                    'partner': [27.02, -0.2043, 13.5],
                },
                'defence': {
                    'bidder': [27.39, -0.2566, 13.42],
                    'defence': [23.329, -0.2084, 12.12],
                    'partner': [27.39, -0.2566, 13.42],
                },
                'partner': {
                    'bidder': [27.02, -0.2043, 13.5],
                    'defence': [23.955, -0.2072, 12.06],
                },
            },
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
            'given': {
                'bidder': {
                    'defence': [19.835, -0.1743, 11.01],
                    'partner': [22.445, -0.1762, 12.31],
                },
                'defence': {
                    'bidder': [26.354, -0.2508, 13.21],
                    'defence': [18.741, -0.1757, 11.09],
                    'partner': [21.768, -0.2047, 12.32],
                },
                'partner': {
                    'bidder': [26.143, -0.2046, 13.26],
                    'defence': [18.995, -0.1651, 11.07],
                },
            },
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
            'given': {
                'bidder': {
                    'defence': [19.724, -0.1543, 11.06],
                },
                'defence': {
                    'bidder': [26.568, -0.2291, 13.47],
                    'defence': [19.008, -0.1736, 11.09],
                },
            },
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
            'given': {
                'bidder': {
                    'defence': [19.05, -0.1321, 11.03],
                },
                'defence': {
                    'bidder': [25.68, -0.1981, 13.5],
                },
            },
        },
    },
}
