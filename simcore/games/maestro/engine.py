"""Python entry points to the Maestro engine: validate and seed in Python, play in kernels."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from simcore import seats
from simcore.errors import TuttiError
from simcore.games.batches import reused
from simcore.games.maestro.dtypes import (
    CEV_W,
    LOG_W,
    MAX_CARD_EVENTS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    new_state,
)
from simcore.kernel_errors import data_errors
from simcore.seats import StrategySpec
from simcore.seeds import check_seed


class Batch(NamedTuple):
    """Final states of a batch of games and their card events."""

    games: np.ndarray  # GAME[n]
    seats: np.ndarray  # SEAT[n, MAX_PLAYERS]
    card_events: np.ndarray  # int16[n, MAX_CARD_EVENTS, CEV_W]


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


def check_strategies(strategies: list[StrategySpec], n_players: int) -> None:
    if len(strategies) != n_players:
        raise TuttiError(f"{len(strategies)} strategies for {n_players} players (one per seat)")


def kernel_errors(cards):
    """Any error raised inside a kernel as one line that names the board data."""
    where = cards.source_dir or "the shipped board"
    return data_errors(
        " Maestro", f"the board data ({where}): check it against docs/games/maestro.md"
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
    log_rows: int = 4096,
) -> PlayedGame:
    """Play one game whose game seed is `seed`, keeping its full event log."""
    from simcore.games.maestro.game_nb import play_games_nb

    check_players(n_players)
    check_strategies(strategies, n_players)
    check_seed(seed)
    pm = params_matrix(strategies, params)
    while True:
        games, seats = new_state(1)
        for p, spec in enumerate(strategies):
            seats[0, p]["strategy"] = spec.id
        log = np.zeros((log_rows, LOG_W), np.int32)
        cev = np.zeros((1, MAX_CARD_EVENTS, CEV_W), np.int16)
        with kernel_errors(cards):
            play_games_nb(
                cards.table_array, games, seats, pm, cev, log, n_players, 0, index, 0, 1, seed
            )
        n_log = int(games[0].log_n)
        if n_log <= log_rows:  # otherwise replay (same seed, same game) with room for all
            n_cev = min(int(games[0].cev_n), MAX_CARD_EVENTS)
            return PlayedGame(
                games[0], seats[0, :n_players], log[:n_log], cev[0, :n_cev], tuple(strategies)
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
    (None: every core); the games do not depend on the thread count or the blocks."""
    from simcore.games.maestro.game_nb import play_games_nb
    from simcore.jit import direct
    from simcore.threads import run_blocks

    check_players(n_players)
    check_strategies(strategies, n_players)
    check_seed(master_seed)
    games, seats, cev = reused(into, n_games) or (*new_state(n_games), new_events(n_games))
    for p, spec in enumerate(strategies):
        seats[:, p]["strategy"] = spec.id
    pm = params_matrix(strategies, params)
    log = np.zeros((0, LOG_W), np.int32)  # no transcripts in batches
    table = cards.table_array

    args = (table, games, seats, pm, cev, log, n_players, master_seed, first_index)
    kernel = direct(play_games_nb, *args, 0, 0, -1)

    def play(lo: int, hi: int) -> None:
        kernel(*args, lo, hi, -1)

    with kernel_errors(cards):
        if n_games > 0:
            run_blocks(play, n_games, threads)
    overflow = int(games["cev_n"].max(initial=0))
    if overflow > MAX_CARD_EVENTS:
        raise TuttiError(
            f"a game recorded {overflow} card events, more than the engine's buffer of "
            f"{MAX_CARD_EVENTS}: raise MAX_CARD_EVENTS in simcore/games/maestro/dtypes.py"
        )
    return Batch(games, seats, cev)
