"""Python entry points to Dice-Mining Patrons' engine: the shared scaffold (simcore/games/
batches.py) plays its batch kernel; what is its own is its sizes and its PlayedGame."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simcore.games import batches
from simcore.games.dicemining.state.dtypes import (
    CEV_W,
    LOG_W,
    MAX_CARD_EVENTS,
    MAX_PLAYERS,
    new_state,
)
from simcore.kernels.kernel_errors import data_errors
from simcore.seats import StrategySpec

BUFFERS = batches.Buffers(
    new_state,
    MAX_PLAYERS,
    MAX_CARD_EVENTS,
    CEV_W,
    LOG_W,
    "simcore/games/dicemining/state/dtypes.py",
)


@dataclass(frozen=True)
class PlayedGame:
    """One game played from Python: its final state and its event log."""

    game: np.record  # GAME record
    seats: np.ndarray  # SEAT[n_players]
    log: np.ndarray  # int32[n_events, LOG_W]
    strategies: tuple[StrategySpec, ...]


def kernel_errors(cards):
    """Any error inside a kernel as one line naming the card data."""
    where = cards.source_dir or "the shipped card data"
    return data_errors(" Dice-Mining Patrons", f"the card data ({where})")


def play_batch(cards, n_players, master_seed, strategies, first, n_games, params, threads, into):
    from simcore.games.dicemining.play.game_nb import play_games_nb

    with kernel_errors(cards):
        return batches.play_batch(
            play_games_nb, BUFFERS, cards.table_array, n_players, master_seed, strategies,
            first, n_games, params, threads, into,
        )  # fmt: skip


def play_game(cards, n_players, seed, strategies, params=None) -> PlayedGame:
    from simcore.games.dicemining.play.game_nb import play_games_nb

    with kernel_errors(cards):
        (games, seats, _), log = batches.play_logged(
            play_games_nb, BUFFERS, cards.table_array, n_players, seed, strategies, params,
            0, 4096,
        )  # fmt: skip
    return PlayedGame(games[0], seats[0, :n_players], log, tuple(strategies))
