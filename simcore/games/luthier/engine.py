"""Python entry points to the Luthier engine: validate and seed in Python, play in kernels."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from simcore import seats
from simcore.errors import TuttiError
from simcore.games.batches import reused
from simcore.games.luthier.cards_capacity import over_capacity
from simcore.games.luthier.dtypes import (
    CEV_W,
    LOG_W,
    MAX_CARD_EVENTS,
    MAX_PLAYERS,
    new_state,
)
from simcore.games.luthier.work import snapshot_buffers
from simcore.kernel_errors import data_errors
from simcore.seats import StrategySpec
from simcore.seeds import check_seed

MIN_PLAYERS = 2


class Batch(NamedTuple):
    """Final states of a batch of games and their card events."""

    games: np.ndarray  # GAME[n]
    seats: np.ndarray  # SEAT[n, MAX_PLAYERS]
    card_events: np.ndarray  # int16[n, MAX_CARD_EVENTS, CEV_W]


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


def params_matrix(strategies: list[StrategySpec], params: np.ndarray | None) -> np.ndarray:
    """float64[MAX_PLAYERS, MAX_PARAMS]: explicit rows, else each strategy's defaults."""
    return seats.params_matrix(strategies, params, MAX_PLAYERS)


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
    from simcore.games.luthier.enums import Rule
    from simcore.games.luthier.game_nb import play_games_nb

    check_players(n_players)
    check_fits(cards)
    check_seed(seed)
    pm = params_matrix(strategies, params)
    while True:
        games, seats = new_state(1)
        for p, spec in enumerate(strategies):
            seats[0, p]["strategy"] = spec.id
        log = np.zeros((log_rows, LOG_W), np.int32)
        cev = np.zeros((1, MAX_CARD_EVENTS, CEV_W), np.int16)
        snap_g, snap_s = snapshot_buffers(int(cards.arrays.rules[Rule.ROUNDS]) + 1)
        with kernel_errors(cards):
            play_games_nb(
                cards.table_array,
                games,
                seats,
                pm,
                cev,
                log,
                snap_g,
                snap_s,
                n_players,
                0,
                index,
                0,
                1,
                seed,
            )
        n_log = int(games[0]["log_n"])
        if n_log <= log_rows:  # otherwise replay (same seed, same game) with room for all
            return PlayedGame(
                games[0],
                seats[0, :n_players],
                log[:n_log],
                tuple(strategies),
                snap_g,
                snap_s[:, :n_players],
            )
        log_rows = n_log


def new_events(n_games: int) -> np.ndarray:
    """A batch's zeroed card-event buffer, int16[n_games, MAX_CARD_EVENTS, CEV_W]."""
    return np.zeros((n_games, MAX_CARD_EVENTS, CEV_W), np.int16)


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
    from simcore.games.luthier.game_nb import play_games_nb
    from simcore.jit import direct
    from simcore.threads import run_blocks

    check_players(n_players)
    check_fits(cards)
    games, seats, cev = reused(into, n_games) or (*new_state(n_games), new_events(n_games))
    for p, spec in enumerate(strategies):
        seats[:, p]["strategy"] = spec.id
    pm = params_matrix(strategies, params)
    table = cards.table_array

    log = np.empty((0, LOG_W), np.int32)  # no transcripts in batches
    snap_g, snap_s = snapshot_buffers(0)  # nor state snapshots

    args = (table, games, seats, pm, cev, log, snap_g, snap_s, n_players, master_seed)
    kernel = direct(play_games_nb, *args, first_index, 0, 0, -1)

    def play(lo: int, hi: int) -> None:
        kernel(*args, first_index, lo, hi, -1)

    with kernel_errors(cards):
        run_blocks(play, n_games, threads)
    overflow = int(games["cev_n"].max(initial=0))
    if overflow > MAX_CARD_EVENTS:
        raise TuttiError(
            f"a game recorded {overflow} card events, more than the engine's buffer of "
            f"{MAX_CARD_EVENTS}: raise MAX_CARD_EVENTS in dtypes.py"
        )
    return Batch(games, seats, cev)
