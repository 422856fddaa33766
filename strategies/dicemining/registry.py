"""Dice-Mining Patrons' strategies by name: ids, parameter names and defaults (`tune` and
`exploit` vary the parameters without recompiling). The heuristics share one kernel
(heuristic_nb.py) and differ in their stopping rule and patron plan."""

from __future__ import annotations

import numpy as np

from simcore.seats import MAX_PARAMS, StrategySpec
from strategies.dicemining.ids import (
    BURGLAR,
    CAUTIOUS,
    COLLECTOR,
    GREEDY,
    RANDOM,
    SEARCH,
    SEARCH_NAMES,
)

PARAMS = ("rolls", "orc_stop", "steal", "cumulative", "vaults", "mulligan")


def _spec(name, sid, text, rolls, orc_stop, steal, cumulative, vaults, mulligan):
    defaults = (rolls, orc_stop, steal, cumulative, vaults, mulligan)
    return StrategySpec(name, sid, text, PARAMS, tuple(float(x) for x in defaults))


STRATEGIES: dict[str, StrategySpec] = {
    "random": StrategySpec("random", RANDOM, "Picks uniformly among the legal options."),
    "cautious": _spec(
        "cautious", CAUTIOUS,
        "Stops early: at most 2 rolls, or once 2 dice are locked; builds a vault; "
        "plays its best-value patron.",
        2, 2, 0, 0, 1, 0.6,
    ),
    "greedy": _spec(
        "greedy", GREEDY,
        "Rolls on while a wanted resource is missing (up to 8 rolls, 5 locked dice).",
        8, 5, 0, 0, 0, 0.6,
    ),
    "burglar": _spec(
        "burglar", BURGLAR,
        "Keeps Burglar faces and steals what it needs most, from the leader first.",
        4, 4, 2, 0, 0, 0.6,
    ),
    "collector": _spec(
        "collector", COLLECTOR,
        "Favours the cumulative patrons (Tale Smith, Brew Maiden, Monk): their value x2.5.",
        4, 4, 0, 1.5, 0, 0.6,
    ),
    "search": StrategySpec(
        "search", SEARCH,
        "Determinized Monte Carlo search: at each decision, the base heuristic's first k "
        "picks tried in `budget` rollouts, the other hands and the deck dealt again and the "
        "dice rerolled for each (UCB1), the most visited taken.",
        SEARCH_NAMES,
        (32.0, 3.0, 0.7, float(GREEDY)),  # budget, k, exploration, base = greedy
        searches=True,
    ),
}  # fmt: skip
assert STRATEGIES["search"].id == SEARCH and STRATEGIES["random"].id == RANDOM


def base_weights() -> np.ndarray:
    """float64[SEARCH, MAX_PARAMS]: row sid = the shipped weights of heuristic `sid` (random:
    zeros), the search's base strategy (dispatch_nb.base_choose_nb)."""
    table = np.zeros((SEARCH, MAX_PARAMS), np.float64)
    for spec in STRATEGIES.values():
        if spec.id < SEARCH:
            table[spec.id] = spec.vector()
    return table


BASE_WEIGHTS = base_weights()
