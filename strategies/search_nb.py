"""Game-independent parts of a search player (issue 33): UCB1 over a root's candidates,
the pick by visits, candidate lists ranked by a base strategy, rollout seeds.

A game's search player (strategies/<game>/search_player_nb.py) supplies the rest: its
state copy, options, redeal and rollout kernels (the advance / top_options / apply_top /
redeal contract of simcore/games/<game>/resume_nb.py), and the short loop that joins them.
That loop is written once per game on purpose: a kernel that takes another kernel as an
argument (the game's rollout or base strategy) cannot be cached by numba ("dynamic
globals"), and every kernel here must load from the cache.
"""

from __future__ import annotations

import numpy as np

from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import GOLDEN, mix64_nb

MAX_CANDIDATES = 16  # candidates a root may compare
CONFIRM_Z = 1.64  # paired standard errors by which a candidate must beat the base's pick


@kernel
def ucb_pick_nb(visits, totals, n, t, c):
    """The candidate to play next among 0..n-1: the first untried one, else the highest
    UCB1 score mean + c * sqrt(ln t / visits) (t: rollouts so far; ties: lowest index,
    the base strategy's rank). visits: int64[>= n], totals: float64[>= n] (read only)."""
    for i in range(n):
        if visits[i] == 0:
            return i
    best = 0
    best_score = -np.inf
    log_t = np.log(max(t, 1))
    for i in range(n):
        score = totals[i] / visits[i] + c * np.sqrt(log_t / visits[i])
        if score > best_score:
            best = i
            best_score = score
    return best


@kernel
def most_visited_nb(visits, totals, n):
    """The candidate played most among 0..n-1; ties by the higher mean reward, then the
    lower index (the base strategy's rank)."""
    best = 0
    for i in range(1, n):
        if visits[i] > visits[best] or (
            visits[i] == visits[best]
            and visits[i] > 0
            and totals[i] / visits[i] > totals[best] / visits[best]
        ):
            best = i
    return best


@kernel
def drop_row_nb(opts, idx, n, k):
    """Remove row k of opts[:n] and idx[:n] keeping the order of the rest (both mutated);
    returns n - 1. idx maps a row to its index in the original option list."""
    for i in range(k, n - 1):
        opts[i, :] = opts[i + 1, :]
        idx[i] = idx[i + 1]
    return n - 1


@kernel
def rollout_seed_nb(base, t):
    """The seed of rollout t of a decision whose own draw is `base` (uint64)."""
    return np.int64(mix64_nb(np.uint64(base) + np.uint64(t + 1) * GOLDEN) >> np.uint64(1))


@kernel
def confirmed_nb(rewards, visits, x):
    """True when candidate x beat candidate 0 (the base's pick) on the rollouts both played,
    pair by pair (rewards[i, j]: candidate i's j-th rollout; the j-th of each on one deal),
    by more than CONFIRM_Z standard errors of the mean difference."""
    m = min(visits[0], visits[x])
    if m < 2:
        return False
    total = 0.0
    for j in range(m):
        total += rewards[x, j] - rewards[0, j]
    mean = total / m
    ss = 0.0
    for j in range(m):
        d = rewards[x, j] - rewards[0, j] - mean
        ss += d * d
    se = np.sqrt(ss / (m - 1) / m)
    return mean > CONFIRM_Z * se and mean > 0.0
