"""`tutti simulate`: many games into a run directory of Parquet tables."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from cli.options import CardsOpt, PlayersOpt, StrategiesOpt


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
    players: PlayersOpt = 4,
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.")] = 100_000,
    seed: Annotated[int, typer.Option(help="Master seed; game i's seed derives from it.")] = 1,
    strategies: StrategiesOpt = None,
    threads: Annotated[
        int | None, typer.Option(help="Worker threads (default: all cores).")
    ] = None,
    chunk_size: Annotated[
        int, typer.Option(help="Games per chunk: memory and part-file size.")
    ] = 4096,
    cards: CardsOpt = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Finish an interrupted run in --out.")
    ] = False,
) -> None:
    """Simulate games in parallel and stream the results to Parquet in --out."""
    from simcore.runs.simulate import simulate as run

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

            result = _run(
                run,
                out,
                players,
                games,
                seed,
                strategies,
                threads,
                chunk_size,
                cards,
                resume,
                report,
            )
    else:
        result = _run(
            run,
            out,
            players,
            games,
            seed,
            strategies,
            threads,
            chunk_size,
            cards,
            resume,
            _plain_progress(),
        )
    typer.echo(
        f"{result.games} games in {result.out} ({result.games_this_session} simulated in "
        f"{result.seconds:.1f} s, {result.games_per_second:,.0f} games/s)"
    )


def _run(run, out, players, games, seed, strategies, threads, chunk_size, cards, resume, report):
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
        )
    except KeyboardInterrupt:
        print(
            f"interrupted: the complete chunks are in {out}; finish with --resume", file=sys.stderr
        )
        raise typer.Exit(130) from None
