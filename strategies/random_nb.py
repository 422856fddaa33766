"""`random`, every game's: picks uniformly among the legal options. Always correct, never good."""

from __future__ import annotations

from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import STRATEGY_STREAM, randint_nb


@kernel
def random_choose_nb(params, cards, g, s, p, opts, n):
    """Uniform index in [0, n) from the game's strategy stream (the last of g.rng)."""
    return randint_nb(g.rng, STRATEGY_STREAM, n)
