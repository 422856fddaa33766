"""Strategy dispatch: strategy id -> jitted decision function (ids from ids.py)."""

from __future__ import annotations

from simcore.kernels.jit import kernel
from strategies.ewmh.heuristic_nb import heuristic_choose_nb
from strategies.ewmh.ids import RANDOM, SEARCH
from strategies.ewmh.params import S
from strategies.ewmh.registry import BASE_WEIGHTS
from strategies.random_nb import random_choose_nb

__all__ = ["RANDOM", "SEARCH", "base_choose_nb", "choose_nb"]


@kernel
def base_choose_nb(params, cards, g, s, p, opts, n):
    """Index of the option seat p takes among opts[:n] by the base strategy of a search
    seat's parameters `params` (params.S.BASE: a built-in id below SEARCH, with its default
    weights; any other number: random)."""
    base = int(params[S.BASE])
    if base <= RANDOM or base >= SEARCH:
        return random_choose_nb(params, cards, g, s, p, opts, n)
    return heuristic_choose_nb(BASE_WEIGHTS[base], cards, g, s, p, opts, n)


@kernel
def choose_nb(sid, params, cards, g, s, p, opts, n):
    """Index of the option seat p takes among opts[:n], by the seat's strategy `sid` (a
    search seat's decisions outside its search by its base strategy)."""
    if sid == RANDOM:
        return random_choose_nb(params, cards, g, s, p, opts, n)
    if sid == SEARCH:
        return base_choose_nb(params, cards, g, s, p, opts, n)
    return heuristic_choose_nb(params, cards, g, s, p, opts, n)
