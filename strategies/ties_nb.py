"""Exact ties never go to the random stream (issue 33): the ranking every heuristic of
every game takes its option from.

A heuristic values its options and takes the best, `noise` (a weight, 0 or more) adding a
random spread that breaks near-ties. Two options whose values are equal are not a near
tie but a tie, and a tie broken by a random draw is a coin flip that can cost tempo
(Luthier's roughing and finishing benches were valued the same, so with any noise a
seat finished before roughing half the time and could not finish its new instrument that
round). Here:

- a value is first rounded to a multiple of 2**-30 (about 1e-9 prestige points,
  `tie_value_nb`), so a sum computed in another order, equal but for the last bits, is
  the tie it is;
- the noise is drawn once per decision (`simcore.kernels.rng_nb.next_u64_nb`, the strategy
  stream) and spread
  over the options by hashing each rounded value with that draw (`ranked_value_nb`):
  options of different values get independent uniform noise, as before, and options of
  equal value get the same noise, so they stay equal whatever the noise and the stream;
- the caller then takes the highest ranked value and, among equal ones, the option its
  game's documented tie keys prefer, then the first listed. Only the options within the
  noise of the best value can rank highest (`candidate_floor_nb`): the others are not
  ranked at all, which makes a decision cheaper than a draw per option was.

The draw is made whatever the noise, so a seat's use of the strategy stream does not
depend on its noise either. Values beyond +-2**32 (sentinels such as "never") get no
noise.
"""

from __future__ import annotations

import numpy as np

from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import mix64_nb

SCALE = 1073741824.0  # 2**30: values equal to this many parts of a point are a tie
INV_SCALE = 1.0 / SCALE
HASH_BOUND = 4294967296.0  # 2**32: rounded values beyond it get no noise (|v| * SCALE < 2**62)
OFFSET = np.int64(4611686018427387904)  # 2**62: the rounded value as a non-negative integer
S11 = np.uint64(11)
INV53 = 1.0 / 9007199254740992.0  # 2**-53
CANDIDATE_MARGIN = 2.0 / SCALE  # > the most rounding can raise a value (half a step)


@kernel
def tie_value_nb(v):
    """Value v rounded to the nearest multiple of 2**-30 (exact: a power-of-two scale)."""
    return np.floor(v * SCALE + 0.5) * INV_SCALE


@kernel
def ranked_value_nb(v, noise, draw):
    """Value v as the heuristic ranks it: rounded (tie_value_nb), plus noise times a
    uniform number in [0, 1) that depends only on the rounded value and the decision's
    `draw` (the decision's one draw): equal values stay equal whatever the noise."""
    q = tie_value_nb(v)
    if noise == 0.0 or not abs(q) < HASH_BOUND:  # (NaN too)
        return q
    bits = np.uint64(np.int64(q * SCALE) + OFFSET)
    u = (mix64_nb(draw ^ bits) >> S11) * INV53
    return q + noise * u


@kernel
def candidate_floor_nb(values, n, noise):
    """The least value among values[:n] (float64) that can still rank highest: an option
    valued below the best by more than the noise and the rounding cannot, so only the
    options from here up need ranking (ranked_value_nb, a hash each)."""
    top = -np.inf
    for k in range(n):
        if values[k] > top:  # (NaN never)
            top = values[k]
    return top - abs(noise) - CANDIDATE_MARGIN
