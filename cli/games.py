"""`tutti games`: the games this installation plays."""

from __future__ import annotations


def games() -> None:
    """List the games: name (for --game), player counts (and the default, without
    --players), rules version, strategies."""
    from rich.table import Table

    from cli.kit.terminal import console
    from simcore import games as registry
    from simcore.games.api import default_players

    table = Table(title="Games (--game NAME; the first is the default)")
    for column in ("name", "game", "players", "rules version", "strategies"):
        table.add_column(column)
    for name in registry.names():
        game = registry.get(name)
        counts = game.player_counts
        players = f"{counts[0]}-{counts[-1]}" if len(counts) > 1 else str(counts[0])
        players += f" (default {default_players(game)})"
        table.add_row(
            name, game.title, players, str(game.rules_version), ", ".join(game.strategies())
        )
    console().print(table)
