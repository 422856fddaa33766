"""Win-rate differences between seats with and without a trait, games as the units (numpy).

A trait is one boolean per seat-game (completed a row, held the critic at the end, was
the first player). For stratum k (e.g. a strategy) with n1 seats that have it (win sum
W1) and n0 that do not (W0) among N, the Mantel-Haenszel risk difference is

    RD = sum_k (n0 W1 - n1 W0) / N  /  sum_k n1 n0 / N

(strata where every seat or no seat has the trait carry no weight); with one stratum it
is the plain difference of the two win rates. Its variance takes games, not seats, as
the independent units, since the seats of one game share one victory: each seat-game s
has the influence

    with the trait:     e_s = (n0/N) (win_s - p1_k)
    without:            e_s = -(n1/N) (win_s - p0_k)

and Var(RD) = sum_g (sum_{s in g} e_s)^2 / (sum_k n1 n0 / N)^2 (cluster-robust), the
method of the Luthier report's adjusted card effects (reports/percard/adjusted.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from simcore.stats import Z95, normal_two_sided_p, wilson_interval


@dataclass(frozen=True)
class Units:
    """The seat-games of a run as arrays, one entry per seat-game (length S).

    game: int64, 0..G-1 (the game's position, for the per-game sums); win: float64 (1, 0
    or 1/k); stratum: int64, 0..K-1 (what the adjusted difference holds fixed)."""

    game: np.ndarray
    win: np.ndarray
    stratum: np.ndarray

    @property
    def n_games(self) -> int:
        return int(self.game.max()) + 1 if len(self.game) else 0


def difference(units: Units, trait: np.ndarray, stratified: bool = True) -> dict[str, Any]:
    """Win rate with and without `trait` (bool[S]) and their difference with a 95% interval.

    `stratified`: within the units' strata (Mantel-Haenszel); else the raw difference.
    Returns n_with, n_without, win_with, win_without, diff, diff_low, diff_high, p_value
    (None where a side is empty)."""
    x = np.asarray(trait, dtype=bool)
    w = units.win
    k = units.stratum if stratified else np.zeros(len(w), np.int64)
    n_k = np.bincount(k).astype(np.float64)
    n1 = np.bincount(k, weights=x.astype(np.float64), minlength=len(n_k))
    w1 = np.bincount(k, weights=w * x, minlength=len(n_k))
    w_all = np.bincount(k, weights=w, minlength=len(n_k))
    n0, w0 = n_k - n1, w_all - w1
    out: dict[str, Any] = {
        "n_with": int(n1.sum()),
        "n_without": int(n0.sum()),
        "win_with": float(w1.sum() / n1.sum()) if n1.sum() else None,
        "win_without": float(w0.sum() / n0.sum()) if n0.sum() else None,
        "diff": None,
        "diff_low": None,
        "diff_high": None,
        "p_value": None,
    }
    valid = (n1 > 0) & (n0 > 0)
    if not valid.any():
        return out
    safe_n, safe_n1, safe_n0 = (np.where(valid, a, 1.0) for a in (n_k, n1, n0))
    p1, p0 = w1 / safe_n1, w0 / safe_n0
    weight = np.where(valid, n1 * n0 / safe_n, 0.0)
    denominator = weight.sum()
    rd = float(np.where(valid, (n0 * w1 - n1 * w0) / safe_n, 0.0).sum() / denominator)
    influence = np.where(x, (n0 / safe_n)[k] * (w - p1[k]), -(n1 / safe_n)[k] * (w - p0[k]))
    influence = np.where(valid[k], influence, 0.0)
    per_game = np.bincount(units.game, weights=influence)
    se = math.sqrt(float((per_game**2).sum())) / denominator
    out["diff"] = rd
    if se > 0:
        out["diff_low"], out["diff_high"] = rd - Z95 * se, rd + Z95 * se
        out["p_value"] = normal_two_sided_p(rd / se)
    else:
        out["diff_low"] = out["diff_high"] = rd
        out["p_value"] = 1.0 if rd == 0 else 0.0
    return out


def rate(wins: float, n: int) -> dict[str, Any]:
    """A share with its Wilson 95% interval (None when n is 0)."""
    low, high = wilson_interval(wins, n)
    return {
        "n": int(n),
        "wins": float(wins),
        "rate": wins / n if n else None,
        "ci_low": low if n else None,
        "ci_high": high if n else None,
    }


def group_rate(units: Units, members: np.ndarray) -> dict[str, Any]:
    """The win rate of the seat-games in `members` (bool[S]) with a 95% interval.

    Where no game has two members (one seat per strategy, each start order once) the
    seat-games are independent and the interval is Wilson's; otherwise the seats of a
    game are not, and the interval is the normal one with games as clusters."""
    m = np.asarray(members, dtype=bool)
    n = int(m.sum())
    wins = float(units.win[m].sum())
    out = rate(wins, n)
    if n == 0:
        return out
    per_game_n = np.bincount(units.game[m])
    if per_game_n.max() > 1:
        p = wins / n
        resid = np.bincount(units.game[m], weights=units.win[m] - p)
        half = Z95 * math.sqrt(float((resid**2).sum())) / n
        out["ci_low"], out["ci_high"] = max(0.0, p - half), min(1.0, p + half)
    return out
