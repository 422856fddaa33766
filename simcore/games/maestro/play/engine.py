"""Python entry points to the Maestro engine: validate and seed in Python, play in kernels."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simcore.errors import TuttiError
from simcore.games import batches
from simcore.games.batches import Batch, Buffers
from simcore.games.maestro.state.dtypes import (
    CEV_W,
    LOG_W,
    MAX_CARD_EVENTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    new_state,
)
from simcore.kernels.kernel_errors import data_errors
from simcore.seats import StrategySpec

BUFFERS = Buffers(
    new_state, MAX_PLAYERS, MAX_CARD_EVENTS, CEV_W, LOG_W, "simcore/games/maestro/state/dtypes.py"
)


@dataclass(frozen=True)
class PlayedGame:
    """One game played from Python: its final state and its event log."""

    game: np.record  # GAME record
    seats: np.ndarray  # SEAT[n_players]
    log: np.ndarray  # int32[n_events, LOG_W]
    card_events: np.ndarray  # int16[n_card_events, CEV_W]
    strategies: tuple[StrategySpec, ...]


def player_counts_text() -> str:
    """The player counts Maestro plays, in words: "2, 3 or 4"."""
    counts = [str(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)]
    return ", ".join(counts[:-1]) + " or " + counts[-1]


def check_players(n_players: int) -> None:
    if not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
        raise TuttiError(f"--players must be {player_counts_text()} for Maestro (got {n_players})")


def kernel_errors(cards):
    """Any error raised inside a kernel as one line that names the board data."""
    where = cards.source_dir or "the shipped board"
    return data_errors(
        " Maestro", f"the board data ({where}): check it against docs/games/maestro.md"
    )


# float64[MAX_PLAYERS, MAX_PARAMS] of (strategies, params): explicit rows, else defaults
params_matrix = BUFFERS.params_matrix


def play_game(
    cards,
    n_players: int,
    seed: int,
    strategies: list[StrategySpec],
    params: np.ndarray | None = None,
    index: int = 0,
    log_rows: int = 4096,
) -> PlayedGame:
    """Play one game whose game seed is `seed`, keeping its full event log."""
    from simcore.games.maestro.play.game_nb import play_games_nb

    check_players(n_players)
    with kernel_errors(cards):
        (games, seats, cev), log = batches.play_logged(
            play_games_nb,
            BUFFERS,
            cards.table_array,
            n_players,
            seed,
            strategies,
            params,
            index,
            log_rows,
        )
    n_cev = min(int(games[0].cev_n), MAX_CARD_EVENTS)
    return PlayedGame(games[0], seats[0, :n_players], log, cev[0, :n_cev], tuple(strategies))


def play_batch(
    cards,
    n_players: int,
    master_seed: int,
    strategies: list[StrategySpec],
    first_index: int,
    n_games: int,
    params: np.ndarray | None = None,
    threads: int | None = None,
    into: Batch | None = None,
) -> Batch:
    """Play games first_index .. first_index + n_games - 1 of a run on `threads` threads
    (None: every core); the games do not depend on the thread count or the blocks."""
    from simcore.games.maestro.play.game_nb import play_games_nb

    check_players(n_players)
    with kernel_errors(cards):
        return batches.play_batch(
            play_games_nb,
            BUFFERS,
            cards.table_array,
            n_players,
            master_seed,
            strategies,
            first_index,
            n_games,
            params,
            threads,
            into,
        )
