"""Luthier strategy registry: names -> ids, parameter names and defaults.

Adding a strategy is one module with a jitted `*_choose_nb` plus one entry here
and one branch in `dispatch_nb.choose_nb`.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simcore.errors import TuttiError

MAX_PARAMS = 16


@dataclass(frozen=True)
class StrategySpec:
    name: str
    id: int
    description: str
    param_names: tuple[str, ...] = ()
    defaults: tuple[float, ...] = ()

    def vector(self, overrides: dict[str, float] | None = None) -> np.ndarray:
        """The float64[MAX_PARAMS] parameter vector: defaults, then overrides by name."""
        vec = np.zeros(MAX_PARAMS, np.float64)
        vec[: len(self.defaults)] = self.defaults
        for key, value in (overrides or {}).items():
            if key not in self.param_names:
                raise TuttiError(
                    f"strategy {self.name!r} has no parameter {key!r}"
                    f" (parameters: {', '.join(self.param_names) or 'none'})"
                )
            vec[self.param_names.index(key)] = value
        return vec


STRATEGIES: dict[str, StrategySpec] = {
    "random": StrategySpec("random", 0, "Picks uniformly among the legal options."),
}


def get(name: str) -> StrategySpec:
    try:
        return STRATEGIES[name]
    except KeyError:
        raise TuttiError(f"unknown strategy {name!r} (known: {', '.join(STRATEGIES)})") from None


def parse_seats(text: str | None, n_players: int) -> list[StrategySpec]:
    """Strategies per seat from "a,b,c" (one name = every seat; default random)."""
    names = [t.strip() for t in (text or "random").split(",") if t.strip()]
    if len(names) == 1:
        names = names * n_players
    if len(names) != n_players:
        raise TuttiError(
            f"--strategies lists {len(names)} strategies for {n_players} players"
            " (give one per seat, or one for all)"
        )
    return [get(n) for n in names]
