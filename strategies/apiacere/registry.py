"""A Piacere's strategies by name: ids, parameter names and defaults.

Three heuristics for the main paths (issue 39), each the shared valuation of
heuristic_nb.py with its own weights: the performer/teacher (money and white keys), the
composer (black keys and chains), the traveller (royal events); and the search player
(search_player_nb.py) on one of them. The shipped weights are field.toml's, read here so
that the registry and the file cannot differ.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np

from simcore import seats
from simcore.kernels.jitcache import bind_extra
from simcore.seats import MAX_PARAMS, StrategySpec
from strategies.apiacere.ids import COMPOSER, PERFORMER, RANDOM, SEARCH, TRAVELLER
from strategies.apiacere.params import NAMES, SEARCH_NAMES

FIELD = Path(__file__).with_name("field.toml")

DESCRIPTIONS = {
    "performer": "Performs and teaches for florins and white keys; lives well to play more.",
    "composer": "Composes for black keys and builds chains toward the bonus tiles.",
    "traveller": "Chases the royal events: stands in the coming event's city when it is held.",
}
IDS = {"performer": PERFORMER, "composer": COMPOSER, "traveller": TRAVELLER}


def field_weights(path: Path = FIELD) -> dict[str, dict[str, float]]:
    """Each heuristic's weights by parameter name, from the field file (every name given)."""
    with path.open("rb") as f:
        data = tomllib.load(f)
    out = {}
    for name in IDS:
        weights = data[name]
        missing = set(NAMES) - set(weights)
        unknown = set(weights) - set(NAMES)
        if missing or unknown:
            raise KeyError(f"{path}: [{name}] missing {sorted(missing)}, unknown {sorted(unknown)}")
        out[name] = {k: float(weights[k]) for k in NAMES}
    return out


def _heuristic(name: str, weights: dict[str, float]) -> StrategySpec:
    values = tuple(weights[n] for n in NAMES)
    return StrategySpec(name, IDS[name], DESCRIPTIONS[name], NAMES, values)


_FIELD = field_weights()
STRATEGIES: dict[str, StrategySpec] = {
    "random": StrategySpec("random", RANDOM, "Picks uniformly among the legal options."),
    **{name: _heuristic(name, _FIELD[name]) for name in IDS},
    "search": StrategySpec(
        "search",
        SEARCH,
        "Monte Carlo search: at each decision, the base heuristic's first k picks tried in "
        "`budget` rollouts on redealt hidden cards (UCB1); the most visited taken when it "
        "beats the base's pick on the same deals.",
        SEARCH_NAMES,
        (16.0, 3.0, 0.7, float(COMPOSER)),  # budget, k, exploration, base = composer
        searches=True,
    ),
}
assert STRATEGIES["search"].id == SEARCH and STRATEGIES["random"].id == RANDOM


def base_weights() -> np.ndarray:
    """float64[SEARCH, MAX_PARAMS]: row sid = the shipped weights of heuristic `sid` (random:
    zeros), the search's base heuristic (dispatch_nb.base_choose_nb)."""
    table = np.zeros((SEARCH, MAX_PARAMS), np.float64)
    for spec in STRATEGIES.values():
        if spec.id < SEARCH:
            table[spec.id] = spec.vector()
    return table


BASE_WEIGHTS = base_weights()
# dispatch_nb compiles BASE_WEIGHTS in as a constant: the kernel cache's key must change
# with the field file, as it does with a module's source (simcore/kernels/jitcache.py)
bind_extra(__name__, FIELD)


def get(name: str) -> StrategySpec:
    return seats.lookup(STRATEGIES, name)


def parse_seats(text: str | None, n_players: int) -> list[StrategySpec]:
    """Strategies per seat from "a,b,c" (one name = every seat; default random)."""
    return seats.parse_seats(text, n_players, STRATEGIES)
