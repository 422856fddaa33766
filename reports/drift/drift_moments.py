"""Running sums of the per-game numbers, and each metric's estimate and variance from them.

A metric is R = sum W / sum N (or R_a - R_b, against the other seat-games). Its
variance comes from the delta method with games as the independent units: the
influence of game g is u_g = (W_g - R N_g) / mean(N), and var(R) = sum u_g^2 / n^2.
u_g is linear in the game's numbers, so first and second moments are all that is
kept: memory does not grow with the number of games.

Paired (common random numbers): one vector per game holds both runs' numbers,
(W_base, N_base, W_cand, N_cand), and the variance of the difference is that of
u_cand - u_base, game by game; games that play out identically add nothing.
Unpaired: one accumulator per run, variances added.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from reports.drift.drift_metrics import GameNumbers


@dataclass
class Moments:
    """Sums over games of v = the per-metric vector (width 2 per run) and of the totals t.

    sum_a: float64[M, w]; aa: float64[M, w, w] = sum v v'; at: float64[M, w, w] =
    sum v t'; sum_t: float64[w]; tt: float64[w, w]; `changed` counts paired games
    whose two runs differ in any number.
    """

    width: int
    n: int = 0
    changed: int = 0
    sum_a: np.ndarray = field(init=False)
    aa: np.ndarray = field(init=False)
    at: np.ndarray = field(init=False)
    sum_t: np.ndarray = field(init=False)
    tt: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        w = self.width
        self.sum_a = np.zeros((0, w))
        self.aa = np.zeros((0, w, w))
        self.at = np.zeros((0, w, w))
        self.sum_t = np.zeros(w)
        self.tt = np.zeros((w, w))

    def _grow(self, m: int) -> None:
        extra = m - len(self.sum_a)
        if extra > 0:  # a metric first seen now was 0 in every earlier game
            w = self.width
            self.sum_a = np.concatenate([self.sum_a, np.zeros((extra, w))])
            self.aa = np.concatenate([self.aa, np.zeros((extra, w, w))])
            self.at = np.concatenate([self.at, np.zeros((extra, w, w))])

    def add(self, a: np.ndarray, t: np.ndarray) -> None:
        """Add games: a float64[n, M, w], t float64[n, w]."""
        self._grow(a.shape[1])
        m = a.shape[1]
        self.n += len(a)
        self.sum_a[:m] += a.sum(axis=0)
        self.aa[:m] += np.einsum("gmi,gmj->mij", a, a)
        self.at[:m] += np.einsum("gmi,gj->mij", a, t)
        self.sum_t += t.sum(axis=0)
        self.tt += t.T @ t

    def add_one(self, numbers: GameNumbers) -> None:
        """Add one run's window (unpaired)."""
        self.add(numbers.a, numbers.totals)

    def add_pair(self, base: GameNumbers, cand: GameNumbers) -> None:
        """Add the same games from both runs (paired); columns beyond either are 0."""
        m = max(base.a.shape[1], cand.a.shape[1])
        a = np.concatenate([_pad(base.a, m), _pad(cand.a, m)], axis=-1)
        t = np.concatenate([base.totals, cand.totals], axis=-1)
        self.changed += int(
            ((a[..., :2] != a[..., 2:]).any(axis=(1, 2)) | (t[:, :2] != t[:, 2:]).any(axis=1)).sum()
        )
        self.add(a, t)


def _pad(a: np.ndarray, m: int) -> np.ndarray:
    return np.pad(a, ((0, 0), (0, m - a.shape[1]), (0, 0))) if a.shape[1] < m else a


@dataclass(frozen=True)
class SideEstimate:
    value: float  # the metric in one run (nan if undefined)
    n: float  # seat-games counted (N summed); for card metrics: holders
    n_others: float  # card metrics: the other seat-games
    w: float  # W summed: wins (score metrics: prestige)
    w_others: float  # card metrics: wins of the other seat-games
    coef_a: np.ndarray  # influence coefficients on (W, N)
    coef_t: np.ndarray  # ... and on the game totals (wins, seats)


def side_estimate(mom: Moments, m: int, side: int, vs_others: bool) -> SideEstimate:
    """Metric m in run `side` (0 or 1 of a paired accumulator; 0 of an unpaired one)."""
    w_sum, n_sum = (mom.sum_a[m, 2 * side + k] if m < len(mom.sum_a) else 0.0 for k in (0, 1))
    tw, tn = mom.sum_t[2 * side], mom.sum_t[2 * side + 1]
    zero = np.zeros(2)
    n_b, w_b = (tn - n_sum, tw - w_sum) if vs_others else (0.0, 0.0)
    if n_sum <= 0 or mom.n == 0 or (vs_others and n_b <= 0):
        return SideEstimate(np.nan, n_sum, n_b, w_sum, w_b, zero, zero)
    ra, mean_a = w_sum / n_sum, n_sum / mom.n
    if not vs_others:
        coef = np.array([1 / mean_a, -ra / mean_a])
        return SideEstimate(ra, n_sum, n_b, w_sum, w_b, coef, zero)
    rb, mean_b = w_b / n_b, n_b / mom.n
    coef_a = np.array([1 / mean_a + 1 / mean_b, -ra / mean_a - rb / mean_b])
    coef_t = np.array([-1 / mean_b, rb / mean_b])
    return SideEstimate(ra - rb, n_sum, n_b, w_sum, w_b, coef_a, coef_t)


def quadratic_variance(mom: Moments, m: int, coef_a: np.ndarray, coef_t: np.ndarray) -> float:
    """sum_g u_g^2 / n^2 (times n / (n - 1)) for u_g = coef_a . v_g + coef_t . t_g."""
    if mom.n < 2:
        return np.inf
    aa = mom.aa[m] if m < len(mom.aa) else np.zeros_like(mom.tt)
    at = mom.at[m] if m < len(mom.at) else np.zeros_like(mom.tt)
    q = coef_a @ aa @ coef_a + 2 * coef_a @ at @ coef_t + coef_t @ mom.tt @ coef_t
    return max(float(q), 0.0) / (mom.n * (mom.n - 1))


@dataclass(frozen=True)
class Difference:
    base: SideEstimate
    cand: SideEstimate
    diff: float  # candidate minus baseline
    variance: float
    base_variance: float = np.inf  # each side's own estimate's variance
    cand_variance: float = np.inf


def paired_difference(mom: Moments, m: int, vs_others: bool) -> Difference:
    base, cand = side_estimate(mom, m, 0, vs_others), side_estimate(mom, m, 1, vs_others)
    zero = np.zeros(2)
    sides = (
        quadratic_variance(mom, m, np.concatenate([base.coef_a, zero]),
                           np.concatenate([base.coef_t, zero])),
        quadratic_variance(mom, m, np.concatenate([zero, cand.coef_a]),
                           np.concatenate([zero, cand.coef_t])),
    )  # fmt: skip
    if mom.changed == 0:  # every game played out identically: the difference is exactly 0
        return Difference(base, cand, cand.value - base.value, 0.0, *sides)
    coef_a = np.concatenate([-base.coef_a, cand.coef_a])
    coef_t = np.concatenate([-base.coef_t, cand.coef_t])
    variance = quadratic_variance(mom, m, coef_a, coef_t)
    return Difference(base, cand, cand.value - base.value, variance, *sides)


def unpaired_difference(
    base_mom: Moments, cand_mom: Moments, m: int, vs_others: bool
) -> Difference:
    base = side_estimate(base_mom, m, 0, vs_others)
    cand = side_estimate(cand_mom, m, 0, vs_others)
    base_variance = quadratic_variance(base_mom, m, base.coef_a, base.coef_t)
    cand_variance = quadratic_variance(cand_mom, m, cand.coef_a, cand.coef_t)
    return Difference(
        base, cand, cand.value - base.value, base_variance + cand_variance,
        base_variance, cand_variance,
    )  # fmt: skip
