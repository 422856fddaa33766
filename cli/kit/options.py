"""Options shared by several commands, declared once."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from simcore.games import DEFAULT

GameOpt = Annotated[
    str | None,
    typer.Option("--game", help=f"The game to play (default {DEFAULT}); `tutti games` lists them."),
]
PlayersOpt = Annotated[
    int | None,
    typer.Option(
        "--players",
        "-p",
        help="Number of players (each game's range and default: `tutti games`).",
        show_default=False,
    ),
]


def game_players(game: str | None, players: int | None) -> int:
    """--players, or the game's default player count when it is not given (the game
    refuses a count its rules do not support where the command checks it)."""
    if players is not None:
        return players
    from simcore import games
    from simcore.games.api import default_players

    return default_players(games.get(game))


StrategiesOpt = Annotated[
    str | None,
    typer.Option(
        help="Strategies per seat, comma-separated; one name seats it everywhere "
        "(default: random in every seat; `tutti strategies list` names them).",
        show_default=False,
    ),
]
CardsOpt = Annotated[
    Path | None,
    typer.Option(help="Directory of card files overriding the default set card by card."),
]
ParamsOpt = Annotated[
    Path | None,
    typer.Option(
        "--params",
        help="TOML file of strategy parameters ([strategy] name = value), e.g. from tutti tune.",
    ),
]
StrategyModuleOpt = Annotated[
    Path | None,
    typer.Option(
        "--strategy-module",
        help="Python file of user strategies (@strategy-decorated @njit functions). "
        "Loading it runs its code.",
    ),
]


def _check_threads(threads: int | None) -> int | None:
    """Refuse (one line, exit 2) a thread count outside 1 .. the cores this process may use,
    as `tutti simulate --threads` does, before any game is played or file written."""
    if threads is not None:
        from simcore.kernels.threads import check_threads

        check_threads(threads)
    return threads


def seed_in_range(seed: int | None) -> int | None:
    """Refuse (one line, exit 2) a seed outside 0 .. 2**63 - 1: the same range in every
    command (simcore/seeds.py)."""
    if seed is not None:
        from simcore.seeds import check_seed

        check_seed(seed)
    return seed


ThreadsOpt = Annotated[
    int | None,
    typer.Option(
        help="Kernel threads (default: all cores). The results do not depend on it.",
        callback=_check_threads,
    ),
]
