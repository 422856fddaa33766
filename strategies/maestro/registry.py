"""Maestro strategy registry: names -> ids, parameter names and defaults.

Adding a built-in heuristic is one entry here (new weights for the shared valuation of
heuristic_nb.py); a new kind of decision function is one module plus one branch in
dispatch_nb.choose_nb.
"""

from __future__ import annotations

import numpy as np

from simcore import seats
from simcore.seats import MAX_PARAMS, StrategySpec
from strategies.maestro.ids import RANDOM, SEARCH
from strategies.maestro.params import NAMES, SEARCH_NAMES

# Three plans (docs/games/maestro.md, Strategies): greedy takes the points now and draws 2;
# completer assembles its next whole row (draws the most, keeps back what it needs);
# rusher draws and stores as completer and ends the game while ahead. Completer's and
# rusher's draw and storage weights are the best response found against the earlier
# field (iterated best response, issue 36).
BASE = {  # the points-now player; every archetype starts from these weights
    "points": 1.0,
    "relief": 0.5,
    "conductor_keep": 12.0,
    "open_row": 12.0,
    "leave_one": 3.0,
    "critic": 15.0,
    "one_turn": 6.0,
    "reserve": 0.0,
    "contract": 0.5,
    "exposure": 6.0,
    "conductor_exposure": 12.0,
    "draw": 2.0,
    "rush": 0.0,
    "stop": 0.0,
    "ties": 1.0,
    "room": 2.0,
}


def _archetype(name: str, sid: int, description: str, **weights: float) -> StrategySpec:
    values = dict(BASE)
    for key, value in weights.items():
        if key not in values:
            raise KeyError(f"{name}: unknown parameter {key}")
        values[key] = value
    return StrategySpec(name, sid, description, NAMES, tuple(values[n] for n in NAMES))


STRATEGIES: dict[str, StrategySpec] = {
    "random": StrategySpec("random", RANDOM, "Picks uniformly among the legal options."),
    "greedy": _archetype(
        "greedy",
        1,
        "Points now: the most points this turn (a whole row when it can), draws 2, keeps nothing.",
    ),
    "completer": _archetype(
        "completer",
        2,
        "Assembles the next whole row: draws the most, keeps back what that row needs.",
        reserve=4.0,
        draw=3.0,
        room=1.0,
        exposure=3.0,
        contract=0.8,
    ),
    "rusher": _archetype(
        "rusher",
        3,
        "Rushes the end while ahead: draws the most, and ends the game with a full agency.",
        rush=1.0,
        draw=3.0,
        room=1.0,
        exposure=3.0,
        contract=0.8,
    ),
    "search": StrategySpec(
        "search",
        SEARCH,
        "Monte Carlo search: at each placement, the base strategy's first k picks tried in "
        "`budget` rollouts on redealt pools (UCB1), the most visited taken.",
        SEARCH_NAMES,
        (256.0, 3.0, 0.7, 3.0),  # budget, k, exploration, base = rusher
        searches=True,
    ),
}
assert STRATEGIES["search"].id == SEARCH and STRATEGIES["random"].id == RANDOM


def base_weights() -> np.ndarray:
    """float64[SEARCH, MAX_PARAMS]: row sid = the default weights of built-in `sid` below
    the search (random: zeros), for the search's base strategy (dispatch_nb.py)."""
    table = np.zeros((SEARCH, MAX_PARAMS), np.float64)
    for spec in STRATEGIES.values():
        if spec.id < SEARCH:
            table[spec.id] = spec.vector()
    return table


BASE_WEIGHTS = base_weights()


def get(name: str) -> StrategySpec:
    return seats.lookup(STRATEGIES, name)


def parse_seats(text: str | None, n_players: int) -> list[StrategySpec]:
    """Strategies per seat from "a,b,c" (one name = every seat; default random)."""
    return seats.parse_seats(text, n_players, STRATEGIES)
