"""`random`: picks uniformly among the legal options. Always correct, never good."""

from __future__ import annotations

from simcore.games.maestro.dtypes import Stream
from simcore.jit import kernel
from simcore.rng_nb import randint_nb


@kernel
def random_choose_nb(params, cards, g, s, p, opts, n):
    """Uniform index in [0, n) from the game's strategy stream."""
    return randint_nb(g.rng, Stream.STRATEGY, n)
