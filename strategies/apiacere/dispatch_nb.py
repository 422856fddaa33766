"""Strategy dispatch: strategy id -> decision kernel (ids.py; registry.py names them)."""

from __future__ import annotations

from simcore.kernels.jit import kernel
from strategies.apiacere.heuristic_nb import heuristic_choose_nb
from strategies.apiacere.ids import RANDOM
from strategies.random_nb import random_choose_nb

__all__ = ["RANDOM", "choose_nb"]


@kernel
def choose_nb(sid, params, cards, g, s, p, opts, n):
    """Index of the option seat p takes among opts[:n], by the seat's strategy `sid`: the
    heuristics share one kernel and differ in their parameters."""
    if sid == RANDOM:
        return random_choose_nb(params, cards, g, s, p, opts, n)
    return heuristic_choose_nb(params, cards, g, s, p, opts, n)
