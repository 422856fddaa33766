"""`tutti simulate`: many games into a run directory of Parquet tables."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from cli.options import CardsOpt, ParamsOpt, StrategiesOpt, StrategyModuleOpt


def _plain_progress():
    """Progress lines for logs and pipes: about every 10%, and at the end."""
    state = {"next": 0.0}

    def report(done: int, total: int) -> None:
        if done >= state["next"] * total or done == total:
            print(f"{done}/{total} games", flush=True)
            state["next"] = done / total + 0.1

    return report


def simulate(
    out: Annotated[Path, typer.Option("--out", "-o", help="Run directory to create.")],
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Players: 2, 3 or 4 (default 4).")
    ] = None,
    games: Annotated[
        int | None, typer.Option("--games", "-n", help="Number of games (default 100000).")
    ] = None,
    seed: Annotated[
        int | None, typer.Option(help="Master seed; game i's seed derives from it (default 1).")
    ] = None,
    strategies: StrategiesOpt = None,
    threads: Annotated[
        int | None,
        typer.Option(help="Numba threads (default: all cores; on a cluster: per task)."),
    ] = None,
    chunk_size: Annotated[
        int | None, typer.Option(help="Games per chunk: memory and part-file size (default 4096).")
    ] = None,
    cards: CardsOpt = None,
    resume: Annotated[
        bool,
        typer.Option("--resume", help="Finish the interrupted run in --out, with its options."),
    ] = False,
    params: ParamsOpt = None,
    strategy_module: StrategyModuleOpt = None,
    cluster: Annotated[
        str | None,
        typer.Option(
            help="Run the chunks as Dask tasks: a scheduler address (tcp://host:8786), "
            "or local[:N] for N worker processes here (default N: one per core).",
        ),
    ] = None,
) -> None:
    """Simulate games in parallel and stream the results to Parquet in --out."""
    from simcore.runs.simulate import simulate as run

    players, games, seed, chunk_size, strategies, cards, strategy_module = _settings(
        out, resume, players, games, seed, chunk_size, strategies, cards, strategy_module
    )

    def run_with(report):
        try:
            return run(
                players=players,
                games=games,
                seed=seed,
                out=out,
                strategies=strategies,
                threads=threads,
                chunk_size=chunk_size,
                cards=cards,
                resume=resume,
                progress=report,
                params_file=params,
                strategy_module=strategy_module,
                cluster=cluster,
            )
        except KeyboardInterrupt:
            print(
                f"interrupted: the complete chunks are in {out}; finish with --resume",
                file=sys.stderr,
            )
            raise typer.Exit(130) from None

    if sys.stdout.isatty():
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        bar = Progress(
            TextColumn("simulating"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]}"),
            TimeRemainingColumn(),
        )
        with bar:
            task = bar.add_task("games", total=games, rate="")

            def report(done: int, total: int) -> None:
                speed = bar.tasks[0].speed or 0
                bar.update(task, completed=done, rate=f"{speed:,.0f} games/s")

            result = run_with(report)
    else:
        result = run_with(_plain_progress())
    typer.echo(
        f"{result.games} games in {result.out} ({result.games_this_session} simulated in "
        f"{result.seconds:.1f} s, {result.games_per_second:,.0f} games/s)"
    )


def _settings(out, resume, players, games, seed, chunk_size, strategies, cards, module):
    """Options not given on the command line: the resumed run's, else the defaults."""
    if resume:
        from simcore.runs.manifest import read_manifest

        config = read_manifest(out).config
        return (
            config.players if players is None else players,
            config.games if games is None else games,
            config.seed if seed is None else seed,
            config.chunk_size if chunk_size is None else chunk_size,
            ",".join(config.strategies) if strategies is None else strategies,
            config.cards_dir if cards is None else cards,
            config.strategy_module if module is None else module,
        )
    return (
        4 if players is None else players,
        100_000 if games is None else games,
        1 if seed is None else seed,
        4096 if chunk_size is None else chunk_size,
        strategies,
        cards,
        module,
    )
