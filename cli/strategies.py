"""`tutti strategies list`: the built-in strategies with their parameters and defaults."""

from __future__ import annotations

import typer

from cli.kit.help import HelpCommand, HelpGroup
from cli.kit.options import GameOpt, StrategyModuleOpt

strategies_app = typer.Typer(
    help="Decision policies that play the seats.",
    no_args_is_help=True,
    cls=HelpGroup,
    rich_markup_mode=None,
)


@strategies_app.command("list", cls=HelpCommand)
def list_strategies(strategy_module: StrategyModuleOpt = None, game: GameOpt = None) -> None:
    """Print every strategy: name, description, parameters with their defaults."""
    from simcore import games

    the_game = games.get(game)
    if strategy_module is not None:
        the_game.load_strategy_module(strategy_module)
    from rich.table import Table

    from cli.kit.terminal import console

    table = Table(title=f"{the_game.title} strategies", show_lines=True)
    table.add_column("name", style="bold")
    table.add_column("description")
    table.add_column("parameters (defaults)")
    for spec in the_game.strategies().values():
        params = ", ".join(
            f"{n}={v:g}" for n, v in zip(spec.param_names, spec.defaults, strict=True)
        )
        table.add_row(spec.name, spec.description, params or "-")
    console().print(table)
