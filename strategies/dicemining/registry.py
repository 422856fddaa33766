"""Dice-Mining Patrons' strategies by name: ids, parameter names and defaults (`tune` and
`exploit` vary the parameters without recompiling). The heuristics share one kernel
(heuristic_nb.py) and differ in their stopping rule and patron plan."""

from __future__ import annotations

from simcore.seats import StrategySpec
from strategies.dicemining.dispatch_nb import BURGLAR, CAUTIOUS, COLLECTOR, GREEDY, RANDOM

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
}  # fmt: skip
