"""Pig's strategies by name: ids, parameter names and defaults (`tune` and `exploit` vary
the parameters without recompiling)."""

from __future__ import annotations

from simcore.seats import StrategySpec
from strategies.pig.dispatch_nb import HOLD_AT, RANDOM

STRATEGIES: dict[str, StrategySpec] = {
    "random": StrategySpec("random", RANDOM, "Picks uniformly among the legal options."),
    "hold-at": StrategySpec(
        "hold-at",
        HOLD_AT,
        "Rolls until the turn total reaches n (default 20) or holding wins, then holds.",
        ("n",),
        (20.0,),
    ),
}
