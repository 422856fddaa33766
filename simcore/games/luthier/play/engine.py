"""Python entry points to the Luthier engine: validate and seed in Python, play in kernels."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from simcore.errors import TuttiError
from simcore.games import batches
from simcore.games.batches import Batch, Buffers
from simcore.games.luthier.carddata.cards_capacity import over_capacity
from simcore.games.luthier.state.dtypes import (
    CEV_W,
    LOG_W,
    MAX_CARD_EVENTS,
    MAX_PLAYERS,
    new_state,
)
from simcore.games.luthier.state.work import snapshot_buffers
from simcore.kernels.kernel_errors import data_errors
from simcore.seats import StrategySpec

MIN_PLAYERS = 2
BUFFERS = Buffers(
    new_state, MAX_PLAYERS, MAX_CARD_EVENTS, CEV_W, LOG_W, "simcore/games/luthier/state/dtypes.py"
)


@dataclass(frozen=True)
class PlayedGame:
    """One game played from Python: final state plus its transcript events."""

    game: np.ndarray  # GAME record (0-d view of a length-1 array)
    seats: np.ndarray  # SEAT[n_players]
    log: np.ndarray  # int32[n_events, LOG_W]
    strategies: tuple[StrategySpec, ...]
    # the state after setup (0) and at the end of each round r (r), as the kernel copied it
    snap_games: np.ndarray  # GAME[rounds + 1]
    snap_seats: np.ndarray  # SEAT[rounds + 1, n_players]


def check_players(n_players: int) -> None:
    if not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
        raise TuttiError(f"--players must be 2, 3 or 4 (got {n_players}); solo mode is ruling 19")


def check_fits(cards) -> None:
    """Refuse card sets larger than the state arrays can hold (before any kernel runs;
    the loader refuses them too, see cards_capacity.py)."""
    over = over_capacity(cards.arrays)
    if over:
        raise TuttiError(over[0][1])


def card_data_name(cards) -> str:
    """How a message names the card data: its directory, and whether --set changed it."""
    where = cards.source_dir or "the shipped card set"
    patched = any(
        str(rec.get("source", "")).startswith("variant:")
        for records in cards.records.values()
        for rec in records
    )
    return where + (" changed by --set" if patched else "")


def kernel_errors(cards):
    """Any error raised inside a kernel as one line that names the card data."""
    return data_errors(
        "",
        f"the card data ({card_data_name(cards)}): check its numbers against "
        "docs/games/luthier/card-data.md",
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
    log_rows: int = 20_000,
) -> PlayedGame:
    """Play one game whose game seed is `seed`, keeping the full event log and the state
    after setup and at the end of each round (the kernel copies it: Python steps no turn)."""
    from simcore.games.luthier.play.game_nb import play_games_nb
    from simcore.games.luthier.state.enums import Rule

    check_players(n_players)
    check_fits(cards)
    snap_g, snap_s = snapshot_buffers(int(cards.arrays.rules[Rule.ROUNDS]) + 1)
    with kernel_errors(cards):
        (games, seats, _), log = batches.play_logged(
            play_games_nb,
            BUFFERS,
            cards.table_array,
            n_players,
            seed,
            strategies,
            params,
            index,
            log_rows,
            (snap_g, snap_s),
        )
    return PlayedGame(
        games[0], seats[0, :n_players], log, tuple(strategies), snap_g, snap_s[:, :n_players]
    )


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
    (None: every core); the games do not depend on the thread count.

    Returns the final GAME[n_games] and SEAT[n_games, MAX_PLAYERS] arrays and the
    card events int16[n_games, MAX_CARD_EVENTS, CEV_W] (rows 0..games.cev_n-1 used).
    """
    from simcore.games.luthier.play.game_nb import play_games_nb

    check_players(n_players)
    check_fits(cards)
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
            snapshot_buffers(0),  # no state snapshots in batches
        )
