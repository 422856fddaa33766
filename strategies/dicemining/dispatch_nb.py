"""Strategy dispatch: strategy id -> decision kernel (ids from registry.py)."""

from __future__ import annotations

from simcore.kernels.jit import kernel
from strategies.dicemining.heuristic_nb import heuristic_choose_nb
from strategies.random_nb import random_choose_nb

RANDOM = 0
CAUTIOUS = 1
GREEDY = 2
BURGLAR = 3
COLLECTOR = 4


@kernel
def choose_nb(sid, params, cards, g, s, p, opts, n):
    """Index of the option seat p takes among opts[:n], by the seat's strategy `sid`: the
    heuristics share one kernel and differ in their parameters."""
    if sid == RANDOM:
        return random_choose_nb(params, cards, g, s, p, opts, n)
    return heuristic_choose_nb(params, cards, g, s, p, opts, n)
