"""Play a configuration's games (again), a window at a time: baselines and `tutti check`.

Game i is always the game with seed game_seed(master seed, i), so replaying a
baseline's configuration under the current code and card data plays the very
same deals and dice: the two can be compared game by game.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from importlib.metadata import version
from pathlib import Path

import numpy as np
import pyarrow as pa

from simcore.errors import TuttiError
from simcore.progress import Progress
from simcore.runs.manifest import RunConfig


@dataclass(frozen=True)
class Replayer:
    """A configuration ready to play: its card set, seats and parameter matrix."""

    config: RunConfig
    card_set: object
    seats: list
    params: np.ndarray  # float64[MAX_PLAYERS, MAX_PARAMS]

    def tables(self, first: int, n_games: int) -> tuple[pa.Table, pa.Table]:
        """The seats and cards tables of games first .. first + n_games - 1."""
        from simcore.games.luthier.engine import play_batch
        from simcore.games.luthier.results import cards_table, seats_table

        c = self.config
        batch = play_batch(
            self.card_set, c.players, c.seed, self.seats, first, n_games, self.params
        )
        return seats_table(self.card_set, batch, c.players, self.seats), cards_table(
            self.card_set, batch
        )


def new_replayer(
    players: int,
    games: int,
    seed: int,
    strategies: str | None,
    cards: str | Path | None,
    window: int,
) -> Replayer:
    """A fresh configuration (a new baseline) under the current code and card data."""
    from simcore.games.luthier.cards import load_cards
    from simcore.games.luthier.engine import params_matrix
    from simcore.runs.simulate import _check_args, run_config
    from strategies.luthier.registry import parse_seats

    _check_args(players, games, window, None)
    if not 0 <= seed < 2**63:
        raise TuttiError(f"--seed must be between 0 and 2**63 - 1 (got {seed})")
    card_set = load_cards(cards)
    seats = parse_seats(strategies, players)
    config = run_config(players, games, seed, window, seats, None, card_set, cards)
    return Replayer(config, card_set, seats, params_matrix(seats, None))


def write_new_baseline(
    out: Path,
    players: int = 4,
    games: int = 20_000,
    seed: int = 1,
    strategies: str | None = None,
    cards: str | Path | None = None,
    progress: Progress | None = None,
) -> tuple[RunConfig, int]:
    """Play `games` games and write them as a baseline file; (its configuration, bytes).

    `progress(games done, games)` is called after each window of games."""
    from reports.drift import WINDOW
    from reports.drift_baseline import write_baseline
    from reports.drift_window import window_from_tables
    from simcore.output_paths import check_file

    check_file(out, "the baseline")
    replayer = new_replayer(players, games, seed, strategies, cards, WINDOW)
    windows = []
    for first in range(0, games, WINDOW):
        n_games = min(WINDOW, games - first)
        windows.append(window_from_tables(*replayer.tables(first, n_games)))
        if progress:
            progress(first + n_games, games)
    return replayer.config, write_baseline(Path(out), replayer.config, windows)


def replayer_for(
    config: RunConfig, cards: str | Path | None, where: str, players: int | None = None
) -> Replayer:
    """Replay a baseline's configuration under the current code and `cards`.

    Refuses (TuttiError) a baseline of another game, rules version or player count
    than asked for, and one whose strategies or parameters no longer exist.
    """
    from simcore.games.luthier import RULES_VERSION
    from simcore.games.luthier.cards import load_cards
    from simcore.games.luthier.engine import params_matrix
    from strategies.luthier.registry import parse_seats

    if config.game != "luthier":
        raise TuttiError(f"{where}: a {config.game!r} baseline; tutti checks Luthier only")
    if config.rules_version != RULES_VERSION:
        raise TuttiError(
            f"{where}: made with rules version {config.rules_version}, but this engine is "
            f"rules version {RULES_VERSION}: its games cannot be replayed; simulate it again "
            "(a drift baseline: make baseline)"
        )
    if players is not None and config.players != players:
        raise TuttiError(
            f"{where}: a {config.players}-player baseline, but --players {players} was asked for"
        )
    seats = parse_seats(",".join(config.strategies), config.players)
    rows = []
    for p, spec in enumerate(seats):
        names = config.param_names[p] if p < len(config.param_names) else []
        values = config.params[p] if p < len(config.params) else []
        try:
            rows.append(spec.vector(dict(zip(names, values, strict=True))))
        except (TuttiError, ValueError) as err:
            raise TuttiError(f"{where}: {err}; regenerate the baseline") from None
    card_set = load_cards(cards)
    candidate = replace(
        config,
        card_hash=card_set.data_hash,
        cards_dir=str(cards) if cards else None,
        package_version=version("tutti-sim"),
    )
    return Replayer(candidate, card_set, seats, params_matrix(seats, np.array(rows)))


def check_file(
    path: Path,
    cards: str | Path | None = None,
    players: int | None = None,
    tolerances=None,
    sequential: bool = False,
    progress: Progress | None = None,
) -> dict:
    """`tutti check` in Python: replay a baseline file's games under the current code and
    `cards`, and compare them with it (the drift result dict)."""
    from reports.drift import describe
    from reports.drift_baseline import read_baseline
    from reports.drift_check import check_baseline
    from reports.drift_verdict import Tolerances

    base = read_baseline(Path(path))
    replayer = replayer_for(base.config, cards, str(path), players)
    candidate = describe("current code", "replayed", base.games, replayer.config)
    return check_baseline(
        base,
        replayer.tables,
        candidate,
        tolerances or Tolerances(),
        sequential=sequential,
        progress=progress,
    )
