"""Drift baselines and `tutti check` in Python: play a configuration's games (again, with
simcore/runs/replay.py) and describe or compare them window by window."""

from __future__ import annotations

from pathlib import Path

from simcore.progress import Progress
from simcore.runs.manifest import RunConfig
from simcore.runs.replay import new_replayer, replayer_for


def write_new_baseline(
    out: Path,
    players: int = 4,
    games: int = 20_000,
    seed: int = 1,
    strategies: str | None = None,
    cards: str | Path | None = None,
    progress: Progress | None = None,
    game: str | None = None,
) -> tuple[RunConfig, int]:
    """Play `games` games of `game` (None: the default game) and write them as a baseline
    file; (its configuration, bytes).

    `progress(games done, games)` is called after each window of games."""
    from reports.drift import WINDOW
    from reports.drift_baseline import write_baseline
    from reports.drift_window import game_spec, window_from_tables
    from simcore.output_paths import check_file

    check_file(out, "the baseline")
    replayer = new_replayer(players, games, seed, strategies, cards, WINDOW, game)
    spec = game_spec(replayer.config.game)
    windows = []
    for first in range(0, games, WINDOW):
        n_games = min(WINDOW, games - first)
        windows.append(window_from_tables(*replayer.tables(first, n_games), spec))
        if progress:
            progress(first + n_games, games)
    return replayer.config, write_baseline(Path(out), replayer.config, windows)


def check_file(
    path: Path,
    cards: str | Path | None = None,
    players: int | None = None,
    tolerances=None,
    sequential: bool = False,
    progress: Progress | None = None,
) -> dict:
    """`tutti check` in Python: replay a baseline file's games (of the game it records)
    under the current code and `cards`, and compare them with it (the drift result dict)."""
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
