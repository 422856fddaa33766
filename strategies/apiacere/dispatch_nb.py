"""Strategy dispatch: strategy id -> decision kernel (ids.py; registry.py names them)."""

from __future__ import annotations

from simcore.kernels.jit import kernel
from strategies.apiacere.heuristic_nb import heuristic_choose_nb
from strategies.apiacere.ids import RANDOM, SEARCH
from strategies.apiacere.params import S
from strategies.apiacere.registry import BASE_WEIGHTS
from strategies.random_nb import random_choose_nb

__all__ = ["RANDOM", "SEARCH", "base_choose_nb", "choose_nb"]


@kernel
def base_choose_nb(params, cards, g, s, p, opts, n):
    """Index among opts[:n] by the base heuristic of a search seat's parameters `params`
    (S.BASE: a heuristic's id, with its shipped weights; any other number: random)."""
    base = int(params[S.BASE])
    if base <= RANDOM or base >= SEARCH:
        return random_choose_nb(params, cards, g, s, p, opts, n)
    return heuristic_choose_nb(BASE_WEIGHTS[base], cards, g, s, p, opts, n)


@kernel
def choose_nb(sid, params, cards, g, s, p, opts, n):
    """Index of the option seat p takes among opts[:n], by the seat's strategy `sid`: the
    heuristics share one kernel and differ in their parameters; a search seat's decisions
    outside its search (and in rollouts) are its base heuristic's."""
    if sid == RANDOM:
        return random_choose_nb(params, cards, g, s, p, opts, n)
    if sid == SEARCH:
        return base_choose_nb(params, cards, g, s, p, opts, n)
    return heuristic_choose_nb(params, cards, g, s, p, opts, n)
