"""A Piacere's strategies by name: ids, parameter names and defaults.

Three heuristics for the main paths (issue 39), each the shared valuation of
heuristic_nb.py with its own weights: the performer/teacher (money and white keys), the
composer (black keys and chains), the traveller (royal events). The shipped weights are
field.toml's, read here so that the registry and the file cannot differ.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

from simcore import seats
from simcore.seats import StrategySpec
from strategies.apiacere.ids import COMPOSER, PERFORMER, RANDOM, TRAVELLER
from strategies.apiacere.params import NAMES

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
}


def get(name: str) -> StrategySpec:
    return seats.lookup(STRATEGIES, name)


def parse_seats(text: str | None, n_players: int) -> list[StrategySpec]:
    """Strategies per seat from "a,b,c" (one name = every seat; default random)."""
    return seats.parse_seats(text, n_players, STRATEGIES)
