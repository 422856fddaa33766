"""Early Western Music History's strategies by name (phase (a): `random` only)."""

from __future__ import annotations

from simcore.seats import StrategySpec
from strategies.ewmh.dispatch_nb import RANDOM

STRATEGIES: dict[str, StrategySpec] = {
    "random": StrategySpec("random", RANDOM, "Picks uniformly among the legal options."),
}
