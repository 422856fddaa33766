"""`tutti bench`: games per second (Parquet included) and the cold compile time."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.options import PlayersOpt, StrategiesOpt


def bench(
    games: Annotated[int, typer.Option("--games", "-n", help="Games to simulate.")] = 200_000,
    players: PlayersOpt = 4,
    strategies: StrategiesOpt = None,
    no_compile: Annotated[
        bool, typer.Option("--no-compile", help="Skip the cold-compile measurement.")
    ] = False,
) -> None:
    """Measure simulation throughput (including Parquet writing) and cold compile time."""
    from simcore.errors import TuttiError
    from simcore.runs.bench import run_bench

    if games < 1:
        raise TuttiError(f"--games must be at least 1 (got {games})")
    r = run_bench(games, players, strategies or "random", compile_too=not no_compile)
    typer.echo(f"machine:      {r.machine}; {r.threads} numba threads")
    typer.echo(f"workload:     {r.games:,} games, {r.players} players, strategies {r.strategies}")
    typer.echo(
        f"throughput:   {r.games_per_second:,.0f} games/s "
        f"({r.seconds:.1f} s, Parquet writing included)"
    )
    if r.compile_seconds is not None:
        typer.echo(f"cold compile: {r.compile_seconds:.0f} s (empty kernel cache)")
