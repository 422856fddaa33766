"""What plays a seat: a strategy's name, id and parameter vector, for every game.

A game's kernels receive, per seat, the strategy id (which decision function runs) and a
float64[MAX_PARAMS] parameter vector (its weights), so tuning and `--params` files never
recompile. Each game's strategy registry (`strategies/<game>/registry.py`) makes these.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from simcore.errors import TuttiError

MAX_PARAMS = 16  # length of every seat's parameter vector (user strategies may use all)
# seats per game that a seat-game key has room for: key = game * SEAT_KEY_STRIDE + seat is
# unique over a run for any game of at most this many players (tests/games/test_games.py checks
# every registered game's player counts against it)
SEAT_KEY_STRIDE = 16


def seat_game_key(game, seat):
    """One int per seat-game over a run: game * SEAT_KEY_STRIDE + seat.

    Works on ints, numpy arrays and polars expressions alike (the caller casts `seat` to
    int64 where it is narrower); `split_seat_game_key` undoes it.
    """
    return game * SEAT_KEY_STRIDE + seat


def split_seat_game_key(key):
    """(game, seat) of a `seat_game_key`: ints, numpy arrays or polars expressions."""
    return key // SEAT_KEY_STRIDE, key % SEAT_KEY_STRIDE


@dataclass(frozen=True)
class StrategySpec:
    name: str
    id: int
    description: str
    param_names: tuple[str, ...] = ()
    defaults: tuple[float, ...] = ()
    module: str | None = None  # the user strategy module it came from (None: built in)
    searches: bool = False  # plays rollouts at its decisions: runs default to small chunks

    @property
    def weights(self) -> dict[str, float]:
        """The defaults by parameter name."""
        return dict(zip(self.param_names, self.defaults, strict=True))

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


def lookup(known: Mapping[str, StrategySpec], name: str) -> StrategySpec:
    """The strategy `name` among a game's `known` strategies; else a one-line TuttiError."""
    try:
        return known[name]
    except KeyError:
        raise TuttiError(f"unknown strategy {name!r} (known: {', '.join(known)})") from None


def split_names(
    text: str, known: Mapping[str, StrategySpec], option: str = "--strategies"
) -> list[str]:
    """The names in "a, b,c"; an empty or blank list is refused (it would mean the default)."""
    names = [t.strip() for t in text.split(",") if t.strip()]
    if not names:
        raise TuttiError(
            f"{option} {text!r} names no strategy: give one or more names, comma-separated "
            f"(known: {', '.join(known)})"
        )
    return names


def parse_seats(
    text: str | None, n_players: int, known: Mapping[str, StrategySpec], default: str = "random"
) -> list[StrategySpec]:
    """Strategies per seat from "a,b,c" (one name = every seat; None: `default`)."""
    names = [default] if text is None else split_names(text, known)
    if len(names) == 1:
        names = names * n_players
    if len(names) != n_players:
        raise TuttiError(
            f"--strategies lists {len(names)} strategies for {n_players} players"
            " (give one per seat, or one for all)"
        )
    return [lookup(known, n) for n in names]


def params_matrix(
    strategies: list[StrategySpec], params: np.ndarray | None, rows: int
) -> np.ndarray:
    """float64[rows, MAX_PARAMS]: explicit rows of `params`, else each strategy's defaults."""
    out = np.zeros((rows, MAX_PARAMS), np.float64)
    for p, spec in enumerate(strategies):
        out[p] = spec.vector() if params is None else params[p]
    return out
