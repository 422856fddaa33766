"""Dice-Mining Patrons' strategies by name: ids, parameter names and defaults (`tune` and
`exploit` vary the parameters without recompiling). The heuristics share one kernel
(heuristic_nb.py) and differ in their stopping rule and patron plan."""

from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np

from simcore.kernels.jitcache import bind_extra
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
SELF_PLAY = "greedy"  # the field `tutti exploit` measures (game.py: self_play)

# The hand-set style weights (rolls, orc_stop, steal, cumulative, vaults, mulligan), where
# `make tune-dicemining` starts from (so it reproduces field.toml); the shipped defaults are
# field.toml's tuned values where it has them.
STYLES = {
    "cautious": (2, 2, 0, 0, 1, 0.6),
    "greedy": (8, 5, 0, 0, 0, 0.6),
    "burglar": (4, 4, 2, 0, 0, 0.6),
    "collector": (4, 4, 0, 1.5, 0, 0.6),
}


FIELD_FILE = Path(__file__).with_name("field.toml")


def _tuned() -> dict[str, dict[str, float]]:
    """The shipped weights from `make tune-dicemining` (strategies/dicemining/field.toml).
    BASE_WEIGHTS (below) compiles them into the search's kernels as constants, so the
    kernel cache keys this module on the file's bytes too (a new field.toml recompiles)."""
    path = FIELD_FILE
    if not path.exists():
        return {}
    bind_extra(__name__, path)
    return {
        k: {n: float(v) for n, v in t.items()} for k, t in tomllib.loads(path.read_text()).items()
    }


TUNED = _tuned()


def style_vector(name: str) -> np.ndarray:
    """Heuristic `name`'s hand-set style weights as a float64[MAX_PARAMS] vector."""
    vec = np.zeros(MAX_PARAMS, np.float64)
    vec[: len(PARAMS)] = STYLES[name]
    return vec


def _spec(name: str, sid: int, text: str) -> StrategySpec:
    values = dict(zip(PARAMS, (float(x) for x in STYLES[name]), strict=True))
    values.update(TUNED.get(name, {}))
    return StrategySpec(name, sid, text, PARAMS, tuple(values[n] for n in PARAMS))


STRATEGIES: dict[str, StrategySpec] = {
    "random": StrategySpec("random", RANDOM, "Picks uniformly among the legal options."),
    "cautious": _spec(
        "cautious", CAUTIOUS,
        "Stops early (at most 3 rolls a turn); builds a vault; plays its best-value patron.",
    ),
    "greedy": _spec(
        "greedy", GREEDY,
        "Rolls on while a wanted resource is missing (at least 5 rolls allowed); neither "
        "steals nor collects on purpose.",
    ),
    "burglar": _spec(
        "burglar", BURGLAR,
        "Keeps Burglar faces and steals what it needs most, from the leader first.",
    ),
    "collector": _spec(
        "collector", COLLECTOR,
        "Favours the cumulative patrons (Tale Smith, Brew Maiden, Monk): their value at "
        "least x2.",
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
