"""`tutti simulate`: many games into a run directory of Parquet tables."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from cli.kit.options import (
    CardsOpt,
    GameOpt,
    ParamsOpt,
    PlayersOpt,
    StrategiesOpt,
    StrategyModuleOpt,
    game_players,
    seed_in_range,
)


def simulate(
    out: Annotated[Path, typer.Option("--out", "-o", help="Run directory to create.")],
    players: PlayersOpt = None,
    games: Annotated[
        int | None,
        typer.Option(
            "--games",
            "-n",
            help="Number of games: 1 to 6,553,600,000, in at most 100,000 chunks (default 100000).",
        ),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            help="Master seed, 0 to 2**63 - 1; game i's seed derives from it (default 1).",
            callback=seed_in_range,
        ),
    ] = None,
    strategies: StrategiesOpt = None,
    threads: Annotated[
        int | None,
        typer.Option(help="Numba threads (default: all cores; on a cluster: per task)."),
    ] = None,
    chunk_size: Annotated[
        int | None,
        typer.Option(
            help="Games per chunk, 1 to 65,536: memory, part-file size and how often progress "
            "moves (default 4096; 64 when a seat searches)."
        ),
    ] = None,
    cards: CardsOpt = None,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Finish the interrupted run in --out, with its options (a run with user "
            "strategies needs --strategy-module again: its hash is checked before it runs).",
        ),
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
    game: GameOpt = None,
) -> None:
    """Simulate games in parallel and stream the results to Parquet in --out."""
    from simcore.progress import ProgressDisplay
    from simcore.runs.simulate import simulate as run

    players, games, seed, chunk_size, strategies, cards, strategy_module, game = _settings(
        out, resume, players, games, seed, chunk_size, strategies, cards, strategy_module, game
    )
    try:
        with ProgressDisplay("simulating") as progress:
            result = run(
                players=players,
                games=games,
                seed=seed,
                out=out,
                strategies=strategies,
                threads=threads,
                chunk_size=chunk_size,
                cards=cards,
                resume=resume,
                progress=progress,
                params_file=params,
                strategy_module=strategy_module,
                cluster=cluster,
                game=game,
            )
    except KeyboardInterrupt:
        print(_interrupted(out), file=sys.stderr)
        raise typer.Exit(130) from None
    typer.echo(
        f"{result.games:,} games in {result.out} ({result.games_this_session:,} simulated in "
        f"{result.seconds:.1f} s, {result.games_per_second:,.0f} games/s)"
    )
    import shlex

    typer.echo(f"next: tutti report {shlex.quote(str(result.out))}")
    if result.violations:
        from simcore.games import get
        from simcore.games.api import invariant_name, invariant_names

        names = invariant_names(get(result.manifest.config.game))
        bits = [b for b in range(63) if result.violation_bits >> b & 1]
        broken = "; ".join(invariant_name(names, 1 << b) for b in bits)
        print(
            f"{result.violations:,} games had invariant violations ({broken}; see the "
            f"violations column; `tutti report {result.out}` lists them)",
            file=sys.stderr,
        )
        raise typer.Exit(1)


def _interrupted(out: Path) -> str:
    """The line for Ctrl-C: how many games the run directory keeps, and how to finish it."""
    from simcore.errors import TuttiError
    from simcore.runs.manifest import read_manifest

    try:
        kept = read_manifest(out).games_completed
    except TuttiError:  # interrupted before the run directory was made
        return "interrupted; no games kept"
    import shlex

    resume = f"tutti simulate --resume --out {shlex.quote(str(out))}"
    return f"interrupted; {kept:,} games kept, resume with: {resume}"


def _settings(out, resume, players, games, seed, chunk_size, strategies, cards, module, game):
    """Options not given on the command line: the resumed run's, else the defaults. A
    resumed run's cards and strategy module are never taken from its manifest blindly:
    simcore.runs.trust checks them against the manifest's hashes."""
    if resume:
        from simcore.runs.manifest import read_manifest

        config = read_manifest(out, check_parts=False).config  # resume checks the parts
        return (
            config.players if players is None else players,
            config.games if games is None else games,
            config.seed if seed is None else seed,
            config.chunk_size if chunk_size is None else chunk_size,
            ",".join(config.strategies) if strategies is None else strategies,
            cards,
            module,
            config.game if game is None else game,
        )
    from simcore.runs.limits import DEFAULT_GAMES

    return (
        game_players(game, players),
        DEFAULT_GAMES if games is None else games,
        1 if seed is None else seed,
        chunk_size,  # None: the default for the seats (simcore.runs.limits.default_chunk)
        strategies,
        cards,
        module,
        game,
    )
