"""Drift baselines and `tutti check` in Python: play a configuration's games (again, with
simcore/runs/replay.py) and describe or compare them window by window. Games that break
the engine's invariant checks fail both (reports/run/violations.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import polars as pl
import pyarrow as pa

from reports.run.violations import COLUMNS, Tally
from simcore.progress import Progress
from simcore.runs.manifest import RunConfig
from simcore.runs.replay import Replayer, new_replayer, replayer_for

Tables = Callable[[int, int], tuple[pa.Table, pa.Table]]


def counting(replayer: Replayer, tally: Tally) -> Tables:
    """`replayer.tables` (the seats and cards of games first .. first + n_games - 1) that
    also counts, in `tally`, the games that broke the engine's invariant checks: it plays
    the batch itself, since `Replayer.tables` keeps no games table."""

    def tables(first: int, n_games: int) -> tuple[pa.Table, pa.Table]:
        c, game = replayer.config, replayer.game
        batch = game.play_batch(
            replayer.card_set, c.players, c.seed, replayer.seats, first, n_games, replayer.params
        )
        out = game.result_tables(replayer.card_set, batch, c.players, replayer.seats)
        tally.add(pl.from_arrow(out["games"].select(list(COLUMNS))))
        return out["seats"], out["cards"]

    return tables


def write_new_baseline(
    out: Path,
    players: int | None = None,
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
    from reports.drift.drift import WINDOW
    from reports.drift.drift_baseline import write_baseline
    from reports.drift.drift_window import game_spec, window_from_tables
    from simcore.output_paths import check_file

    check_file(out, "the baseline")
    replayer = new_replayer(players, games, seed, strategies, cards, WINDOW, game)
    spec = game_spec(replayer.config.game)
    tally = Tally()
    play = counting(replayer, tally)
    windows = []
    for first in range(0, games, WINDOW):
        n_games = min(WINDOW, games - first)
        windows.append(window_from_tables(*play(first, n_games), spec))
        if progress:
            progress(first + n_games, games)
    tally.refuse(f"{out}: not written", replayer.config)  # games that broke a check
    return replayer.config, write_baseline(Path(out), replayer.config, windows)


def check_file(
    path: Path,
    cards: str | Path | None = None,
    players: int | None = None,
    tolerances=None,
    sequential: bool = False,
    progress: Progress | None = None,
    strategy_module: str | Path | None = None,
) -> dict:
    """`tutti check` in Python: replay a baseline file's games (of the game it records)
    under the current code and `cards`, and compare them with it (the drift result dict);
    replayed games that broke the engine's invariant checks fail it (UnsoundError). A
    baseline that records user strategies needs `strategy_module`, loaded only once its
    hash is the recorded one."""
    from reports.drift.drift import describe
    from reports.drift.drift_baseline import read_baseline
    from reports.drift.drift_check import check_baseline
    from reports.drift.drift_verdict import Tolerances

    base = read_baseline(Path(path))
    replayer = replayer_for(base.config, cards, str(path), players, strategy_module)
    candidate = describe("current code", "replayed", base.games, replayer.config)
    tally = Tally()
    result = check_baseline(
        base,
        counting(replayer, tally),
        candidate,
        tolerances or Tolerances(),
        sequential=sequential,
        progress=progress,
        card_set=replayer.card_set,
    )
    tally.refuse(f"{path}: the replayed games", replayer.config)
    return result
