"""Strategy dispatch: strategy id -> decision kernel (ids in registry.py)."""

from __future__ import annotations

from simcore.kernels.jit import kernel
from strategies.random_nb import random_choose_nb

RANDOM = 0


@kernel
def choose_nb(sid, params, cards, g, s, p, opts, n):
    """Index of the option seat p takes among opts[:n], by the seat's strategy `sid`."""
    return random_choose_nb(params, cards, g, s, p, opts, n)
