"""Strategy dispatch: strategy id -> jitted decision function (ids from registry.py)."""

from __future__ import annotations

from simcore.jit import kernel
from strategies.maestro.heuristic_nb import heuristic_choose_nb
from strategies.maestro.random_nb import random_choose_nb

RANDOM = 0  # every other built-in id is a heuristic archetype (its parameters differ)


@kernel
def choose_nb(sid, params, cards, g, s, p, opts, n):
    """Index of the option seat p takes among opts[:n], by the seat's strategy `sid`."""
    if sid == RANDOM:
        return random_choose_nb(params, cards, g, s, p, opts, n)
    return heuristic_choose_nb(params, cards, g, s, p, opts, n)
