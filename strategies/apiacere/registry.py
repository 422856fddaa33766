"""A Piacere's strategies by name (the engine's core phase: `random` only)."""

from __future__ import annotations

from simcore.seats import StrategySpec
from strategies.apiacere.dispatch_nb import RANDOM

STRATEGIES: dict[str, StrategySpec] = {
    "random": StrategySpec("random", RANDOM, "Picks uniformly among the legal options."),
}
