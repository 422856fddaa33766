"""`tutti strategies list`: the built-in strategies with their parameters and defaults."""

from __future__ import annotations

import typer

from cli.options import StrategyModuleOpt

strategies_app = typer.Typer(help="Decision policies that play the seats.", no_args_is_help=True)


@strategies_app.command("list")
def list_strategies(strategy_module: StrategyModuleOpt = None) -> None:
    """Print every strategy: name, description, parameters with their defaults."""
    if strategy_module is not None:
        from strategies.luthier.user import load_strategy_module

        load_strategy_module(strategy_module)
    from rich.table import Table

    from cli.terminal import console
    from strategies.luthier.registry import STRATEGIES

    table = Table(title="Luthier strategies", show_lines=True)
    table.add_column("name", style="bold")
    table.add_column("description")
    table.add_column("parameters (defaults)")
    for spec in STRATEGIES.values():
        params = ", ".join(
            f"{n}={v:g}" for n, v in zip(spec.param_names, spec.defaults, strict=True)
        )
        table.add_row(spec.name, spec.description, params or "-")
    console().print(table)
