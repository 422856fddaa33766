"""The drift statistics on synthetic games: moments against brute force, verdict rules."""

from __future__ import annotations

import math

import numpy as np
import pytest

from reports.drift.drift_metrics import GameNumbers
from reports.drift.drift_moments import Moments, paired_difference, unpaired_difference
from reports.drift.drift_verdict import (
    DRIFT,
    INCONCLUSIVE,
    PASS,
    Tolerances,
    decide,
    fixed_interval,
    mixture_interval,
    mixture_p,
)


def _games(rng, n: int, p: float) -> GameNumbers:
    """n 4-player games; metric 0: one seat's win (vs others), metric 1: a family's wins."""
    winner = rng.integers(0, 4, n)
    holders = rng.random((n, 4)) < p
    win = (np.arange(4) == winner[:, None]).astype(float)
    a = np.zeros((n, 2, 2))
    a[:, 0, 0], a[:, 0, 1] = (win * holders).sum(1), holders.sum(1)
    fam = rng.random((n, 4)) < 0.3
    a[:, 1, 0], a[:, 1, 1] = (win * fam).sum(1), fam.sum(1)
    return GameNumbers(np.arange(n), a, np.stack([win.sum(1), np.full(n, 4.0)], axis=1))


def _influence(g: GameNumbers, vs_others: bool) -> tuple[float, np.ndarray]:
    """The metric and its per-game influence, computed directly."""
    w, n = g.a[:, 0, 0] if vs_others else g.a[:, 1, 0], g.a[:, 0, 1] if vs_others else g.a[:, 1, 1]
    ra = w.sum() / n.sum()
    u = (w - ra * n) / n.mean()
    if not vs_others:
        return ra, u
    wb, nb = g.totals[:, 0] - w, g.totals[:, 1] - n
    rb = wb.sum() / nb.sum()
    return ra - rb, u - (wb - rb * nb) / nb.mean()


@pytest.mark.parametrize("vs_others", [True, False])
def test_paired_and_unpaired_variances_equal_the_brute_force_ones(vs_others):
    rng = np.random.default_rng(5)
    base, cand = _games(rng, 500, 0.2), _games(rng, 500, 0.3)
    cand.a[:250] = base.a[:250]  # half the games identical in both runs
    cand.totals[:250] = base.totals[:250]
    m = 0 if vs_others else 1
    paired = Moments(4)
    paired.add_pair(base, cand)
    b0, u0 = _influence(base, vs_others)
    b1, u1 = _influence(cand, vs_others)
    d = paired_difference(paired, m, vs_others)
    n = 500
    assert d.diff == pytest.approx(b1 - b0)
    assert d.variance == pytest.approx(((u1 - u0) ** 2).sum() / (n * (n - 1)))
    one, two = Moments(2), Moments(2)
    one.add_one(base)
    two.add_one(cand)
    u = unpaired_difference(one, two, m, vs_others)
    expected = ((u0**2).sum() + (u1**2).sum()) / (n * (n - 1))
    assert u.variance == pytest.approx(expected)
    assert d.variance < u.variance  # common random numbers pay off
    differs = (base.a != cand.a).any(axis=(1, 2)) | (base.totals != cand.totals).any(axis=1)
    assert paired.changed == differs.sum() and not differs[:250].any()


def test_identical_runs_have_exactly_zero_difference_and_variance():
    g = _games(np.random.default_rng(1), 300, 0.25)
    mom = Moments(4)
    mom.add_pair(g, g)
    for m, vs_others in ((0, True), (1, False)):
        d = paired_difference(mom, m, vs_others)
        assert d.diff == 0.0 and d.variance == 0.0


def _row(diff, variance, tolerance=0.02):
    return {"diff": diff, "variance": variance, "tolerance": tolerance, "tested": True}


def test_verdicts_follow_the_interval_and_the_holm_adjusted_p():
    rows = [_row(0.0, 1e-6), _row(0.10, 1e-4), _row(0.01, 1e-3)]
    assert decide(rows, Tolerances(), sequential=False) == DRIFT
    assert [r["verdict"] for r in rows] == [PASS, DRIFT, INCONCLUSIVE]
    # The same drift, hidden among many metrics, can fall short after Holm.
    weak = [_row(0.03, (0.004) ** 2)] + [_row(0.0, 1e-8) for _ in range(100)]
    assert decide(weak, Tolerances(), sequential=False) == INCONCLUSIVE
    assert decide([_row(0.0, 1e-8)], Tolerances(), sequential=False) == PASS


def test_always_valid_intervals_are_wider_and_p_values_larger_than_fixed_ones():
    for variance in (1e-6, 1e-4, 1e-2):
        f_low, f_high = fixed_interval(0.05, variance, 0.05)
        m_low, m_high = mixture_interval(0.05, variance, 0.05, 0.02)
        assert m_low < f_low and m_high > f_high
    assert mixture_p(0.01, 1e-4, 0.02, 0.02) == 1.0  # inside the tolerance
    assert mixture_p(0.2, 1e-4, 0.02, 0.02) < 1e-10
    assert math.isclose(mixture_interval(0.3, 0.0, 0.05, 0.02)[0], 0.3)
