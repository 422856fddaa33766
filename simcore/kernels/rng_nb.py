"""Per-game random streams (SplitMix64), shared by every game's kernels.

Determinism contract (DESIGN.md): a game's random numbers depend only on its
game seed, itself derived from (master seed, game index), and the stream. Each
game owns a small uint64 state per stream, so results do not depend on thread
count or chunking, and two runs
with the same seed share card deals and dice (common random numbers) even
when their strategies or card numbers differ.
"""

from __future__ import annotations

import numpy as np

from simcore.kernels.jit import kernel

GOLDEN = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)
S30 = np.uint64(30)
S27 = np.uint64(27)
S31 = np.uint64(31)
S11 = np.uint64(11)
INV53 = 1.0 / 9007199254740992.0  # 2**-53
# Every game numbers its strategies' stream last among its streams (its dtypes.py `Stream`
# ends with STRATEGY): a strategy kernel of every game (strategies/random_nb.py) names it
# by this index, counted from the end.
STRATEGY_STREAM = -1


@kernel
def mix64_nb(z):
    """SplitMix64 finaliser: a bijective avalanche of one uint64."""
    z = np.uint64(z)
    z = (z ^ (z >> S30)) * MIX1
    z = (z ^ (z >> S27)) * MIX2
    return z ^ (z >> S31)


MASK63 = np.uint64(0x7FFFFFFFFFFFFFFF)


@kernel
def game_seed_nb(master_seed, game_index):
    """The seed of game `game_index` of a run: a 63-bit int that `tutti play --seed` replays."""
    z = mix64_nb(np.uint64(master_seed) ^ mix64_nb(np.uint64(game_index) + GOLDEN))
    return np.int64(z & MASK63)


@kernel
def seed_streams_nb(game_seed, out):
    """Fill out[k] (uint64[n_streams], mutated) with stream k's start state for one game."""
    base = mix64_nb(np.uint64(game_seed))
    for k in range(out.shape[0]):
        out[k] = mix64_nb(base + np.uint64(k + 1) * GOLDEN)


@kernel
def next_u64_nb(state, k):
    """Advance stream k of `state` (uint64[n_streams], mutated) and return 64 random bits."""
    state[k] += GOLDEN
    return mix64_nb(state[k])


@kernel
def randint_nb(state, k, n):
    """Uniform integer in [0, n) from stream k (n >= 1)."""
    u = next_u64_nb(state, k) >> S11
    return int(u * INV53 * n)


@kernel
def random_nb(state, k):
    """Uniform float in [0, 1) from stream k."""
    return (next_u64_nb(state, k) >> S11) * INV53


@kernel
def shuffle_nb(state, k, arr, n):
    """Fisher-Yates shuffle of arr[:n] in place with stream k."""
    for i in range(n - 1, 0, -1):
        j = randint_nb(state, k, i + 1)
        t = arr[i]
        arr[i] = arr[j]
        arr[j] = t
