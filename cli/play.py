"""`tutti play`: one full game with a readable transcript."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cli.options import CardsOpt, ParamsOpt, PlayersOpt, StrategiesOpt, StrategyModuleOpt


def play(
    players: PlayersOpt = 4,
    seed: Annotated[int, typer.Option(help="Game seed; the same seed replays the same game.")] = 1,
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
) -> None:
    """Play one game and print every placement, action, purchase, a state block after setup
    and each round, and the final scores."""
    from importlib.metadata import version

    from simcore.output_paths import check_file

    if jsonl is not None:  # before any game is played
        check_file(jsonl, "the JSON lines")

    if strategy_module is not None:  # first: it decides where compiled kernels are cached
        from strategies.luthier.user import load_strategy_module

        load_strategy_module(strategy_module)
    else:  # one game: on a cold kernel cache, interpreting it beats a minute of compiling
        from simcore.interpret import interpret_if_cold

        if interpret_if_cold("simcore.games.luthier.game_nb", "play_games_nb"):
            typer.echo(
                "kernels not compiled yet: playing this one game as plain Python (the same "
                "game); the first `tutti simulate` compiles them for every later start",
                err=True,
            )

    from simcore.games.luthier import RULES_VERSION
    from simcore.games.luthier.cards import load_cards
    from simcore.games.luthier.engine import check_players, play_game
    from simcore.games.luthier.transcript import SEAT_NAMES, render_transcript
    from strategies.luthier.paramfile import read_params, seat_params
    from strategies.luthier.registry import parse_seats

    check_players(players)
    card_set = load_cards(cards)
    seats = parse_seats(strategies, players)
    pm = seat_params(seats, read_params(params)) if params else None
    played = play_game(card_set, players, seed, seats, pm)
    where = str(cards) if cards else "default set"
    header = [
        f"Luthier: {players} players, seed {seed}",
        "Seats: " + ", ".join(f"{SEAT_NAMES[p]} = {s.name}" for p, s in enumerate(seats)),
        f"Cards: {where} (hash {card_set.data_hash[:12]}); "
        f"tutti {version('tutti-sim')}, rules version {RULES_VERSION}",
        *([f"Parameters: {params}"] if params else []),
        "",
    ]
    typer.echo(render_transcript(card_set, played, header), nl=False)
    if jsonl is not None:
        from reports.output import write_text
        from simcore.games.luthier.transcript_jsonl import render_jsonl

        meta = {
            "players": players,
            "seed": seed,
            "strategies": [s.name for s in seats],
            "seats": list(SEAT_NAMES[:players]),
            "cards": where,
            "cards_hash": card_set.data_hash,
            "rules_version": RULES_VERSION,
            "tutti": version("tutti-sim"),
            "params": str(params) if params else None,
        }
        text = render_jsonl(card_set, played, meta)
        write_text(jsonl, text, "the JSON lines", "the transcript is printed above")
