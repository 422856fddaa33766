"""simcore.stats against textbook values and closed forms."""

from __future__ import annotations

import math

import pytest

from simcore.stats import (
    benjamini_hochberg,
    chi_square_sf,
    chi_square_uniform,
    difference_interval,
    holm,
    normal_two_sided_p,
    regularized_gamma_p,
    regularized_gamma_q,
    wilson_interval,
)


@pytest.mark.parametrize(
    ("wins", "n", "low", "high"),
    [  # Newcombe (1998), Statistics in Medicine 17:857-872, Table II, method 3 (Wilson score)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_interval_textbook_values(wins, n, low, high) -> None:
    got = wilson_interval(wins, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_edges() -> None:
    assert all(math.isnan(x) for x in wilson_interval(0, 0))
    low, high = wilson_interval(20, 20)
    assert high == 1.0 and 0.83 < low < 0.84  # 20/20: 0.8389-1 (Newcombe's method 3)
    low, high = wilson_interval(2.5, 10)  # fractional wins (shared victories) are fine
    assert low < 0.25 < high


def test_difference_interval_matches_the_textbook_formula() -> None:
    # 0/1 wins: the unpaired Wald interval sqrt(p1 q1 / n1 + p0 q0 / n0)
    n1, x1, n0, x0 = 400, 130, 1600, 380
    p1, p0 = x1 / n1, x0 / n0
    se = math.sqrt(p1 * (1 - p1) / n1 + p0 * (1 - p0) / n0)
    diff, low, high, p = difference_interval(n1, x1, x1, n0, x0, x0)
    assert diff == pytest.approx(p1 - p0)
    assert (low, high) == pytest.approx((p1 - p0 - 1.959964 * se, p1 - p0 + 1.959964 * se))
    assert p == pytest.approx(math.erfc(abs(diff / se) / math.sqrt(2)))
    assert all(math.isnan(x) for x in difference_interval(0, 0, 0, 10, 5, 5))


def test_normal_p_values() -> None:
    assert normal_two_sided_p(1.959963984540054) == pytest.approx(0.05)
    assert normal_two_sided_p(-2.5758293035489) == pytest.approx(0.01)
    assert normal_two_sided_p(0) == 1.0


@pytest.mark.parametrize("x", [0.01, 0.3, 1.0, 2.5, 7.0, 15.0, 40.0, 120.0])
def test_incomplete_gamma_closed_forms(x) -> None:
    # P(1, x) = 1 - exp(-x); Q(1/2, x) = erfc(sqrt x); Q(2, x) = exp(-x)(1 + x)
    assert regularized_gamma_p(1, x) == pytest.approx(-math.expm1(-x), rel=1e-12)
    assert regularized_gamma_q(0.5, x) == pytest.approx(math.erfc(math.sqrt(x)), rel=1e-10)
    assert regularized_gamma_q(2, x) == pytest.approx(math.exp(-x) * (1 + x), rel=1e-10)
    assert regularized_gamma_p(3.7, x) + regularized_gamma_q(3.7, x) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("statistic", "df", "p"),
    [  # chi-square critical values (any statistics table)
        (3.841458820694124, 1, 0.05),
        (6.634896601021214, 1, 0.01),
        (5.991464547107979, 2, 0.05),
        (7.814727903251178, 3, 0.05),
        (11.344866730144373, 3, 0.01),
        (9.487729036781154, 4, 0.05),
        (18.307038053275146, 10, 0.05),
        (0.0, 3, 1.0),
    ],
)
def test_chi_square_sf_critical_values(statistic, df, p) -> None:
    assert chi_square_sf(statistic, df) == pytest.approx(p, rel=1e-9)


def test_chi_square_sf_odd_df_closed_form() -> None:
    # df = 3: Q = erfc(sqrt(x/2)) + sqrt(2x/pi) exp(-x/2)
    for x in (0.5, 2.0, 6.0, 30.0):
        want = math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2)
        assert chi_square_sf(x, 3) == pytest.approx(want, rel=1e-10)


def test_chi_square_uniform() -> None:
    statistic, df, p = chi_square_uniform([25, 25, 25, 25])
    assert (statistic, df, p) == (0.0, 3, 1.0)
    statistic, df, p = chi_square_uniform([30, 20, 25, 25])  # (25 + 25) / 25 = 2
    assert statistic == pytest.approx(2.0) and df == 3
    assert p == pytest.approx(chi_square_sf(2.0, 3))


# Benjamini & Hochberg (1995), section 4.1: 15 p-values; BH at q = 0.05 rejects 4,
# Bonferroni 3. Adjusted values as R's p.adjust(p, "BH") / p.adjust(p, "holm").
BH_EXAMPLE = [
    0.0001,
    0.0004,
    0.0019,
    0.0095,
    0.0201,
    0.0278,
    0.0298,
    0.0344,
    0.0459,
    0.3240,
    0.4262,
    0.5719,
    0.6528,
    0.7590,
    1.000,
]
BH_ADJUSTED = [
    0.0015,
    0.0030,
    0.0095,
    0.035625,
    0.0603,
    0.063857,
    0.063857,
    0.0645,
    0.0765,
    0.4860,
    0.581182,
    0.714875,
    0.753231,
    0.813214,
    1.0,
]
HOLM_ADJUSTED = [
    0.0015,
    0.0056,
    0.0247,
    0.1140,
    0.2211,
    0.2780,
    0.2780,
    0.2780,
    0.3213,
    1.0,
    1.0,
    1.0,
    1.0,
    1.0,
    1.0,
]


def test_benjamini_hochberg_published_example() -> None:
    adjusted = benjamini_hochberg(BH_EXAMPLE)
    assert adjusted == pytest.approx(BH_ADJUSTED, abs=1e-6)
    assert sum(q <= 0.05 for q in adjusted) == 4


def test_holm_published_example() -> None:
    adjusted = holm(BH_EXAMPLE)
    assert adjusted == pytest.approx(HOLM_ADJUSTED, abs=1e-6)
    assert sum(p <= 0.05 for p in adjusted) == 3


def test_adjustments_keep_input_order() -> None:
    p = [0.04, 0.01, 0.20, 0.005, 0.03]
    # sorted 0.005 0.01 0.03 0.04 0.20; BH: m/rank * p, then running minimum from the top
    assert benjamini_hochberg(p) == pytest.approx([0.05, 0.025, 0.2, 0.025, 0.05])
    # Holm: (m - rank + 1) * p, then running maximum from the bottom
    assert holm(p) == pytest.approx([0.09, 0.04, 0.2, 0.025, 0.09])
    assert benjamini_hochberg([]) == [] and holm([]) == []
