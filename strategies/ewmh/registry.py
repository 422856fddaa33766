"""Early Western Music History's strategies by name: ids, parameter names and defaults.

Adding a heuristic archetype is one entry here (new weights for the shared valuation of
heuristic_nb.py); the shipped weights are field.toml's (tuned by self-play: field_tune.py),
read here so that the registry and the file cannot differ.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np

from simcore import seats
from simcore.kernels.jitcache import bind_extra
from simcore.seats import MAX_PARAMS, StrategySpec
from strategies.ewmh.ids import RANDOM, SEARCH
from strategies.ewmh.params import NAMES, SEARCH_NAMES

FIELD = Path(__file__).with_name("field.toml")

# Three plans (docs/games/ewmh.md, Players): the producer turns units into points every
# turn via the game's Age banners; the rusher races to End, spends its cards on moves and
# keeps its best pieces for the free productions of arrival; the patron plays its
# vocation: picks the vocation whose tag bonus reaches the most pieces and weights that
# bonus in every production.
DESCRIPTIONS = {
    "producer": "Produces early and often, Age-full banners first; draws compositions.",
    "rusher": "Races to End (moves, rerolls) and keeps its best pieces for arrival's free "
    "productions.",
    "patron": "Plans by its vocation: picks the tag bonus that reaches the most pieces and "
    "produces the pieces it scores.",
}
IDS = {"producer": 1, "rusher": 2, "patron": 3}


def field_weights(path: Path = FIELD) -> dict[str, dict[str, float]]:
    """Each archetype's weights by parameter name, from the field file (every name given)."""
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


def _archetype(name: str, weights: dict[str, float]) -> StrategySpec:
    values = tuple(weights[n] for n in NAMES)
    return StrategySpec(name, IDS[name], DESCRIPTIONS[name], NAMES, values)


_FIELD = field_weights()
STRATEGIES: dict[str, StrategySpec] = {
    "random": StrategySpec("random", RANDOM, "Picks uniformly among the legal options."),
    **{name: _archetype(name, _FIELD[name]) for name in IDS},
    "search": StrategySpec(
        "search",
        SEARCH,
        "Monte Carlo search: at each free-phase decision, the base strategy's first k picks "
        "tried in `budget` rollouts on redealt hidden cards (UCB1), the most visited taken.",
        SEARCH_NAMES,
        (64.0, 3.0, 0.7, 1.0),  # budget, k, exploration, base = producer
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
# dispatch_nb compiles BASE_WEIGHTS in as a constant: the kernel cache's key must change
# with the field file, as it does with a module's source (simcore/kernels/jitcache.py)
bind_extra(__name__, FIELD)


def get(name: str) -> StrategySpec:
    return seats.lookup(STRATEGIES, name)


def parse_seats(text: str | None, n_players: int) -> list[StrategySpec]:
    """Strategies per seat from "a,b,c" (one name = every seat; default random)."""
    return seats.parse_seats(text, n_players, STRATEGIES)
