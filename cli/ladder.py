"""`tutti ladder`: win rates of every strategy against every other, with intervals."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Annotated

import typer

from cli.kit.options import (
    CardsOpt,
    GameOpt,
    ParamsOpt,
    PlayersOpt,
    StrategyModuleOpt,
    ThreadsOpt,
    game_players,
    seed_in_range,
)


def ladder(
    players: PlayersOpt = None,
    games: Annotated[
        int, typer.Option("--games", "-n", help="Games per cell (each deal from every seat).")
    ] = 2000,
    strategies: Annotated[
        str | None,
        typer.Option(help="Strategies to rank, comma-separated (default: every built-in)."),
    ] = None,
    seed: Annotated[
        int, typer.Option(help="Master seed of the deals.", callback=seed_in_range)
    ] = 1,
    cards: CardsOpt = None,
    json_out: Annotated[
        Path | None, typer.Option("--json", help="Also write the cells as JSON to this file.")
    ] = None,
    params: ParamsOpt = None,
    strategy_module: StrategyModuleOpt = None,
    game: GameOpt = None,
    threads: ThreadsOpt = None,
) -> None:
    """Print each strategy's win rate against each other one and against the field.

    Row A, column B: A's win rate seated with players-1 copies of B (an even
    match is 1/players), with a 95% Wilson interval. Rows are ranked by the field
    column. The last column (Luthier): the share of the patrons A took, in all its games,
    that left through patience; each game names its own (`tutti games`).
    """
    players = game_players(game, players)
    from reports.run.output import write_text
    from simcore import games as registry
    from simcore.output_paths import check_file

    the_game = registry.get(game)
    if json_out is not None:
        check_file(json_out, "the ladder JSON")
    if strategy_module is not None:
        the_game.load_strategy_module(strategy_module)
    from rich.table import Table

    from cli.kit.terminal import console
    from simcore.fmt import pct, pct_range
    from simcore.params_file import params_vectors
    from simcore.progress import ProgressDisplay
    from simcore.seats import lookup, split_names
    from strategies.ladder import ladder as run

    the_game.check_players(players)
    if games < players:
        raise typer.BadParameter(f"must be at least --players ({players})", param_hint="--games")
    known = the_game.strategies()
    names = list(known) if strategies is None else split_names(strategies, known)
    specs = [lookup(known, n) for n in names]
    if len(specs) < 2:
        raise typer.BadParameter("give at least two strategies", param_hint="--strategies")
    vectors = params_vectors(params, known)
    cards_data = the_game.load_cards(cards)
    with ProgressDisplay("ladder") as progress:
        cells = run(
            cards_data, specs, players, games, seed, progress, vectors, the_game.name, threads
        )
    by = {(c.focus, c.opponent): c for c in cells}
    order = sorted(names, key=lambda n: -by[(n, "field")].win)
    table = Table(
        title=f"Win rate of the row strategy against {players - 1} x column "
        f"({players} players, {cells[0].games:,} games per cell; even = {pct(1 / players)})"
    )
    table.add_column("strategy", style="bold")
    for col in [*order, "field"]:
        table.add_column(col, justify="right")
    ratio = the_game.ladder_ratio
    if ratio:
        table.add_column(ratio[0], justify="right")
    for row in order:
        values = []
        for col in [*order, "field"]:
            c = by.get((row, col))
            values.append("-" if c is None else f"{pct(c.win)}\n{pct_range(c.low, c.high, 0)}")
        if ratio:
            own = [c for c in cells if c.focus == row]
            total = sum(c.ratio_in for c in own)
            share = sum(c.ratio_of for c in own) / total if total else 0.0
            values.append(f"{share:.1%}\nof {total:,}")
        table.add_row(row, *values)
    console().print(table)
    if json_out is not None:
        cells_json = {
            "game": the_game.name,
            "players": players,
            "seed": seed,
            "cells": [asdict(c) for c in cells],
        }
        text = json.dumps(cells_json, indent=2) + "\n"
        write_text(json_out, text, "the ladder JSON", "the table is printed above")
        typer.echo(f"wrote {json_out}")
