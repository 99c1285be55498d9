"""Least squares, for the fits the bots' bidding is made of (``scripts/fit_bidding.py`` and
:func:`belote.bots.valued_bidding.defence_by_value`)."""

from __future__ import annotations


def least_squares(rows: list[list[float]], ys: list[float]) -> list[float]:
    """Coefficients of ys ~ rows (each row starts with 1) by the normal equations."""
    k = len(rows[0])
    a = [[sum(r[i] * r[j] for r in rows) for j in range(k)] for i in range(k)]
    b = [sum(r[i] * y for r, y in zip(rows, ys)) for i in range(k)]
    for c in range(k):  # Gauss-Jordan with partial pivoting
        p = max(range(c, k), key=lambda r: abs(a[r][c]))
        a[c], a[p], b[c], b[p] = a[p], a[c], b[p], b[c]
        for r in range(k):
            if r != c and a[c][c]:
                f = a[r][c] / a[c][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
                b[r] -= f * b[c]
    return [b[i] / a[i][i] if a[i][i] else 0.0 for i in range(k)]


def fit_line(xs: list[float], ys: list[float]) -> tuple[float, float, float]:
    """``(a, slope, sd)``: ys about ``a + slope * x``, with the residual spread ``sd``."""
    a, slope = least_squares([[1.0, x] for x in xs], ys)
    sd = (sum((y - a - slope * x) ** 2 for x, y in zip(xs, ys)) / max(1, len(xs) - 2)) ** 0.5
    return a, slope, sd
