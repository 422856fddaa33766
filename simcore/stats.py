"""Statistics for the report, in plain Python: intervals, tests and multiple-comparison control.

scipy is not a dependency, so the chi-square tail comes from the regularized
incomplete gamma function (series for small x, continued fraction for large x,
as in Numerical Recipes section 6.2).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054  # two-sided 95% quantile of the standard normal

_EPS = 1e-15
_TINY = 1e-300
_MAX_ITER = 10_000


def wilson_interval(wins: float, n: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion `wins / n` (wins may be fractional).

    Returns (nan, nan) when n is 0.
    """
    if n <= 0:
        return math.nan, math.nan
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(max(p * (1 - p), 0.0) / n + z2 / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_and_variance(n: float, total: float, total_sq: float) -> tuple[float, float]:
    """Mean and (population) variance of n values from their sum and sum of squares."""
    if n <= 0:
        return math.nan, math.nan
    mean = total / n
    return mean, max(total_sq / n - mean * mean, 0.0)


def difference_interval(
    n1: float, sum1: float, sq1: float, n0: float, sum0: float, sq0: float, z: float = Z95
) -> tuple[float, float, float, float]:
    """Difference of two means (group 1 minus group 0) with a normal-approximation interval.

    Each group is given as (count, sum, sum of squares) of per-seat wins, so
    fractional wins (shared victories) are allowed; for 0/1 wins the standard
    error is the usual sqrt(p1(1-p1)/n1 + p0(1-p0)/n0).
    Returns (difference, low, high, two-sided p-value); nans if a group is empty.
    """
    if n1 <= 0 or n0 <= 0:
        return math.nan, math.nan, math.nan, math.nan
    m1, v1 = mean_and_variance(n1, sum1, sq1)
    m0, v0 = mean_and_variance(n0, sum0, sq0)
    diff = m1 - m0
    se = math.sqrt(v1 / n1 + v0 / n0)
    if se == 0:
        return diff, diff, diff, (1.0 if diff == 0 else 0.0)
    return diff, diff - z * se, diff + z * se, normal_two_sided_p(diff / se)


def paired_interval(
    n: float, total: float, total_sq: float, z: float = Z95
) -> tuple[float, float, float, float]:
    """Mean of n paired differences (given by their sum and sum of squares) with a
    normal-approximation interval: (mean, low, high, two-sided p-value of mean 0).

    Common random numbers make the differences small and their variance low,
    which is where the interval's narrowness comes from.
    """
    if n <= 1:
        return math.nan, math.nan, math.nan, math.nan
    mean, var = mean_and_variance(n, total, total_sq)
    se = math.sqrt(var / (n - 1))  # sample variance / n
    if se == 0:
        return mean, mean, mean, (1.0 if mean == 0 else 0.0)
    return mean, mean - z * se, mean + z * se, normal_two_sided_p(mean / se)


def normal_two_sided_p(z: float) -> float:
    """Two-sided p-value of a standard normal statistic: P(|Z| >= |z|)."""
    return math.erfc(abs(z) / math.sqrt(2.0))


def _log_gamma_prefactor(a: float, x: float) -> float:
    return -x + a * math.log(x) - math.lgamma(a)


def _gamma_series(a: float, x: float) -> float:
    """P(a, x) by its power series; converges quickly for x < a + 1."""
    ap = a
    term = total = 1.0 / a
    for _ in range(_MAX_ITER):
        ap += 1.0
        term *= x / ap
        total += term
        if abs(term) < abs(total) * _EPS:
            break
    return total * math.exp(_log_gamma_prefactor(a, x))


def _gamma_continued_fraction(a: float, x: float) -> float:
    """Q(a, x) by its continued fraction (modified Lentz); converges quickly for x >= a + 1."""
    b = x + 1.0 - a
    c = 1.0 / _TINY
    d = 1.0 / b
    h = d
    for i in range(1, _MAX_ITER):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        if abs(d) < _TINY:
            d = _TINY
        c = b + an / c
        if abs(c) < _TINY:
            c = _TINY
        d = 1.0 / d
        step = d * c
        h *= step
        if abs(step - 1.0) < _EPS:
            break
    return math.exp(_log_gamma_prefactor(a, x)) * h


def regularized_gamma_p(a: float, x: float) -> float:
    """Lower regularized incomplete gamma function P(a, x) = gamma(a, x) / Gamma(a)."""
    if a <= 0 or x < 0:
        raise ValueError(f"regularized_gamma_p needs a > 0 and x >= 0 (got a={a}, x={x})")
    if x == 0:
        return 0.0
    if x < a + 1.0:
        return _gamma_series(a, x)
    return 1.0 - _gamma_continued_fraction(a, x)


def regularized_gamma_q(a: float, x: float) -> float:
    """Upper regularized incomplete gamma function Q(a, x) = 1 - P(a, x)."""
    if a <= 0 or x < 0:
        raise ValueError(f"regularized_gamma_q needs a > 0 and x >= 0 (got a={a}, x={x})")
    if x == 0:
        return 1.0
    if x < a + 1.0:
        return 1.0 - _gamma_series(a, x)
    return _gamma_continued_fraction(a, x)


def chi_square_sf(statistic: float, df: int) -> float:
    """P(X >= statistic) for a chi-square variable with `df` degrees of freedom."""
    if df < 1:
        raise ValueError(f"chi-square needs df >= 1 (got {df})")
    return regularized_gamma_q(df / 2.0, max(statistic, 0.0) / 2.0)


def chi_square_uniform(observed: Sequence[float]) -> tuple[float, int, float]:
    """Chi-square goodness-of-fit test of `observed` counts against equal expected counts.

    Returns (statistic, degrees of freedom, p-value).
    """
    k = len(observed)
    total = float(sum(observed))
    if k < 2 or total <= 0:
        return math.nan, max(k - 1, 0), math.nan
    expected = total / k
    statistic = sum((o - expected) ** 2 / expected for o in observed)
    return statistic, k - 1, chi_square_sf(statistic, k - 1)


def benjamini_hochberg(p_values: Sequence[float]) -> list[float]:
    """Benjamini-Hochberg adjusted p-values (q-values), in the input order.

    Reject hypothesis i at false-discovery rate q when its adjusted value is <= q.
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, p_values[i] * m / rank)
        adjusted[i] = min(running, 1.0)
    return adjusted


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm (step-down Bonferroni) adjusted p-values, in the input order.

    Reject hypothesis i at family-wise error rate alpha when its adjusted value is <= alpha.
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, p_values[i] * (m - rank))
        adjusted[i] = min(running, 1.0)
    return adjusted
