"""Benchmark of `tutti check`: replay and compare a baseline's games, timed end to end."""

from __future__ import annotations

import tempfile
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class CheckBench:
    games: int
    players: int
    strategies: str
    baseline_seconds: float  # `tutti baseline`: simulate and write the file
    baseline_bytes: int
    check_seconds: float  # `tutti check`: read, replay every game, compare
    verdict: str


def run_check_bench(
    games: int = 20_000, players: int = 4, strategies: str = "random", game: str | None = None
) -> CheckBench:
    """Write a baseline of `games` games, then time a full (non-sequential) check of it."""
    from reports.drift.drift_run import check_file, write_new_baseline
    from simcore.runs.replay import new_replayer

    # compile outside the timings
    new_replayer(players, 1, 2026, strategies, None, 1, game).tables(0, 1)
    with tempfile.TemporaryDirectory(prefix="tutti-bench-check-") as tmp:
        path = Path(tmp) / "baseline.parquet"
        start = time.perf_counter()
        _, size = write_new_baseline(path, players, games, 2026, strategies, game=game)
        made = time.perf_counter() - start
        start = time.perf_counter()
        result = check_file(path)
        checked = time.perf_counter() - start
    return CheckBench(games, players, strategies, made, size, checked, result["verdict"])
