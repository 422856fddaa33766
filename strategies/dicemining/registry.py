"""Dice-Mining Patrons' strategies by name: ids, parameter names and defaults."""

from __future__ import annotations

from simcore.seats import StrategySpec
from strategies.dicemining.dispatch_nb import RANDOM

STRATEGIES: dict[str, StrategySpec] = {
    "random": StrategySpec("random", RANDOM, "Picks uniformly among the legal options."),
}
