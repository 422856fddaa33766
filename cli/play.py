"""`tutti play`: one full game with a readable transcript."""

from __future__ import annotations

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


def play(
    players: PlayersOpt = None,
    seed: Annotated[
        int,
        typer.Option(
            help="Game seed; the same seed replays the same game.", callback=seed_in_range
        ),
    ] = 1,
    strategies: StrategiesOpt = None,
    cards: CardsOpt = None,
    params: ParamsOpt = None,
    strategy_module: StrategyModuleOpt = None,
    jsonl: Annotated[
        Path | None,
        typer.Option(
            "--jsonl",
            help="Also write the game's events and state blocks to this file as JSON lines, "
            "one event a line with named fields.",
        ),
    ] = None,
    game: GameOpt = None,
) -> None:
    """Play one game and print every placement, action, purchase, a state block after setup
    and each round, and the final scores."""
    players = game_players(game, players)
    from importlib.metadata import version

    from simcore import games
    from simcore.output_paths import check_file

    the_game = games.get(game)
    if jsonl is not None:  # before any game is played
        check_file(jsonl, "the JSON lines")

    if strategy_module is not None:  # first: it decides where compiled kernels are cached
        the_game.load_strategy_module(strategy_module)
    else:  # one game: on a cold kernel cache, interpreting it beats a minute of compiling
        from simcore.kernels.interpret import interpret_if_cold

        if interpret_if_cold(*the_game.kernel):
            typer.echo(
                "kernels not compiled yet: playing this one game as plain Python (the same "
                "game); the first `tutti simulate` compiles them for every later start",
                err=True,
            )

    from simcore.params_file import read_params, seat_params

    the_game.check_players(players)
    card_set = the_game.load_cards(cards)
    seats = the_game.parse_seats(strategies, players)
    pm = seat_params(seats, read_params(params, the_game.strategies())) if params else None
    played = the_game.play_game(card_set, players, seed, seats, pm)
    where = str(cards) if cards else "default set"
    names = the_game.seat_names
    header = [
        f"{the_game.title}: {players} players, seed {seed}",
        "Seats: " + ", ".join(f"{names[p]} = {s.name}" for p, s in enumerate(seats)),
        f"Cards: {where} (hash {card_set.data_hash[:12]}); "
        f"tutti {version('tutti-sim')}, rules version {the_game.rules_version}",
        *([f"Parameters: {params}"] if params else []),
        "",
    ]
    typer.echo(the_game.transcript(card_set, played, header), nl=False)
    if jsonl is not None:
        from reports.run.output import write_text

        meta = {
            "game": the_game.name,
            "players": players,
            "seed": seed,
            "strategies": [s.name for s in seats],
            "seats": list(names[:players]),
            "cards": where,
            "cards_hash": card_set.data_hash,
            "rules_version": the_game.rules_version,
            "tutti": version("tutti-sim"),
            "params": str(params) if params else None,
        }
        text = the_game.transcript_jsonl(card_set, played, meta)
        write_text(jsonl, text, "the JSON lines", "the transcript is printed above")
