"""Luthier strategy registry: names -> ids, parameter names and defaults.

Adding a built-in strategy is one module with a jitted `*_choose_nb` plus one
entry here and one branch in `dispatch_nb.choose_nb`; user strategies come from
a module file (`user.py`, `--strategy-module`).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import numpy as np

from simcore import seats
from simcore.seats import MAX_PARAMS, StrategySpec
from strategies.luthier.params import NAMES, SEARCH_ID, SEARCH_NAMES

__all__ = ["MAX_PARAMS", "STRATEGIES", "StrategySpec", "get", "parse_seats", "split_names"]


SOURCES = ("instruments", "performances", "repairs", "patrons")  # the four prestige paths
STYLE_MARGIN = 1.25  # an archetype weighs its own path at least this much above the others


def _archetype(name: str, sid: int, description: str, **weights: float) -> StrategySpec:
    """A heuristic archetype: the shared scoring function with its own weights: the style
    defaults below, replaced by the self-play tuned values of field.toml where it has them."""
    base = dict(BALANCED)
    for key, value in weights.items():
        if key not in base:
            raise KeyError(f"{name}: unknown parameter {key}")
        base[key] = value
    STYLE_WEIGHTS[name] = dict(base)
    base.update(TUNED.get(name, {}))
    return StrategySpec(name, sid, description, NAMES, tuple(base[n] for n in NAMES))


def style_vector(name: str) -> np.ndarray:
    """Archetype `name`'s hand-set style weights, before self-play tuning (where
    `make tune-field` starts from, so that it reproduces field.toml)."""
    vec = np.zeros(MAX_PARAMS, np.float64)
    vec[: len(NAMES)] = [STYLE_WEIGHTS[name][n] for n in NAMES]
    return vec


def _tuned() -> dict[str, dict[str, float]]:
    """The shipped weights from `make tune-field` (strategies/luthier/field.toml)."""
    path = Path(__file__).with_name("field.toml")
    if not path.exists():
        return {}
    return {
        k: {n: float(v) for n, v in t.items()} for k, t in tomllib.loads(path.read_text()).items()
    }


def style_projection(name: str):
    """The function that keeps a candidate vector of archetype `name` within its style (its
    own prestige path weighted at least STYLE_MARGIN times every other path), or None
    for a strategy without a style (balanced, the most general)."""
    path = STYLES.get(name)
    if path is None:
        return None
    own = NAMES.index(path)
    others = [NAMES.index(n) for n in SOURCES if n != path]

    def project(values: np.ndarray) -> np.ndarray:
        out = np.array(values, np.float64)
        out[own] = max(out[own], STYLE_MARGIN * out[others].max())
        return out

    return project


BALANCED = {
    "instruments": 1.0,
    "performances": 1.0,
    "repairs": 1.0,
    "patrons": 1.0,
    "awards": 1.0,
    "track_performance": 1.0,
    "track_craft": 1.0,
    "track_reputation": 1.0,
    "money": 0.25,
    "inspiration": 0.35,
    "apprentice": 0.9,
    "patience": 1.5,
    "noise": 0.05,
}
TUNED = _tuned()
STYLE_WEIGHTS: dict[str, dict[str, float]] = {}  # filled by _archetype
STYLES = {  # archetype -> the prestige path it emphasises (tuning keeps the emphasis)
    "crafter": "instruments",
    "performer": "performances",
    "restorer": "repairs",
    "courtier": "patrons",
}

STRATEGIES: dict[str, StrategySpec] = {
    "random": StrategySpec("random", 0, "Picks uniformly among the legal options."),
    "balanced": _archetype(
        "balanced", 1, "No favoured path, weights tuned against itself; the self-play field."
    ),
    "crafter": _archetype(
        "crafter",
        2,
        "Builds instruments and chases first chairs.",
        instruments=1.6,
        track_craft=1.4,
        track_performance=0.6,
        patience=2.0,
    ),
    "performer": _archetype(
        "performer",
        3,
        "Performs: the performance track, dice and inspiration.",
        performances=1.6,
        instruments=0.8,
        track_performance=1.6,
        inspiration=0.45,
        track_craft=0.6,
        patience=2.0,
    ),
    "restorer": _archetype(
        "restorer",
        4,
        "Repairs instruments and climbs the craft track.",
        repairs=1.6,
        instruments=0.9,
        performances=0.7,
        track_craft=1.5,
        patience=2.0,
    ),
    "courtier": _archetype(
        "courtier",
        5,
        "Courts patrons, reputation and public awards.",
        patrons=1.6,
        awards=1.5,
        track_reputation=1.6,
        patience=2.5,  # it takes the most patrons, so it guards them hardest
    ),
}

# `search` (search_player_nb.py): the base heuristic's weights (balanced, as shipped), then
# rollouts per decision, candidates compared, UCB1 exploration. The budget is the largest
# that keeps a 4-player game with one search seat at about 1 game per second per core
# (docs/guide/strategies.md, "Search player").
SEARCH_DEFAULTS = {"budget": 32.0, "candidates": 4.0, "exploration": 0.7}
STRATEGIES["search"] = StrategySpec(
    "search",
    SEARCH_ID,
    "Depth-1 information-set MCTS: UCB1 over balanced's first picks, rollouts on redealt "
    "hidden cards, the most-visited pick.",
    SEARCH_NAMES,
    (*STRATEGIES["balanced"].defaults, *(SEARCH_DEFAULTS[n] for n in SEARCH_NAMES[len(NAMES) :])),
    searches=True,
)


# The path-neutral heuristic: the self-play field of `tutti exploit` (every other seat
# plays it with its shipped weights) and the start of its search. Set it to whichever
# archetype the ladder ranks first when the archetypes are retuned; it must be a heuristic
# archetype (one with the shared parameter vector, params.NAMES).
SELF_PLAY = "balanced"


def get(name: str) -> StrategySpec:
    return seats.lookup(STRATEGIES, name)


def split_names(text: str, option: str = "--strategies") -> list[str]:
    """The names in "a, b,c"; an empty or blank list is refused (it would mean the default)."""
    return seats.split_names(text, STRATEGIES, option)


def parse_seats(text: str | None, n_players: int) -> list[StrategySpec]:
    """Strategies per seat from "a,b,c" (one name = every seat; default random)."""
    return seats.parse_seats(text, n_players, STRATEGIES)
