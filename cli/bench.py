"""`tutti bench`: games per second (Parquet included) and the cold compile time."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.options import PlayersOpt, StrategiesOpt

HEURISTIC_FIELD = "crafter,performer,restorer,courtier"


def bench(
    games: Annotated[
        int, typer.Option("--games", "-n", help="Games with random play (heuristics: a tenth).")
    ] = 200_000,
    players: PlayersOpt = 4,
    strategies: StrategiesOpt = None,
    no_compile: Annotated[
        bool, typer.Option("--no-compile", help="Skip the cold-compile measurement.")
    ] = False,
    check_games: Annotated[
        int,
        typer.Option(
            "--check-games", min=0, help="Games in the `tutti check` measurement (0: skip it)."
        ),
    ] = 20_000,
) -> None:
    """Measure throughput (Parquet writing included) and the cold compile time.

    Without --strategies it measures random play and the four heuristic archetypes, and
    a full `tutti check` of a baseline of the heuristics' games.
    """
    from simcore.errors import TuttiError
    from simcore.runs.bench import run_bench

    if games < 1:
        raise TuttiError(f"--games must be at least 1 (got {games})")
    workloads = (
        [(strategies, games)]
        if strategies
        else [("random", games), (HEURISTIC_FIELD, max(games // 10, 1))]
    )
    for i, (field, n) in enumerate(workloads):
        r = run_bench(n, players, field, compile_too=not no_compile and i == 0)
        if i == 0:
            typer.echo(f"machine:      {r.machine}; {r.threads} numba threads")
            if r.compile_seconds is not None:
                typer.echo(f"cold compile: {r.compile_seconds:.0f} s (empty kernel cache)")
        typer.echo(
            f"throughput:   {r.games_per_second:,.0f} games/s, {r.players} players, "
            f"strategies {r.strategies} ({r.games:,} games in {r.seconds:.1f} s, "
            "Parquet writing included)"
        )
    if check_games:
        from simcore.runs.bench_check import run_check_bench

        c = run_check_bench(check_games, players, strategies or HEURISTIC_FIELD)
        typer.echo(
            f"check:        `tutti check` of a {c.games:,}-game {c.players}-player baseline "
            f"({c.strategies}) in {c.check_seconds:.1f} s, verdict {c.verdict} (baseline "
            f"written in {c.baseline_seconds:.1f} s, {c.baseline_bytes / 1024:,.0f} KiB)"
        )
