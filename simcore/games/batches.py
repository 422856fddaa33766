"""Playing a game's batch kernel from Python, for every game: a batch's buffers (reused
chunk after chunk), its games cut into blocks on threads, and one game with its whole log.

A game's batch kernel (`play_games_nb` in its `game_nb.py`) takes

    (card_array, games, seats, params, cev, log, *extra, n_players, master_seed,
     first_index, lo, hi, seed)

and plays games lo .. hi - 1 of a batch whose game 0 is game `first_index` of the run
(seed -1: each game's seed from the master seed and its index; seed >= 0: that game
seed). `extra` are the game's own buffers (Luthier's state snapshots); the game record
counts its events in `log_n` and `cev_n`. The game's `engine.py` validates its own
arguments and hands its dtypes' sizes over as `Buffers`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from simcore import seats as seat_specs
from simcore.errors import TuttiError
from simcore.seats import StrategySpec
from simcore.seeds import check_seed


class Batch(NamedTuple):
    """Final states of a batch of games and their card events."""

    games: np.ndarray  # GAME[n]
    seats: np.ndarray  # SEAT[n, MAX_PLAYERS]
    card_events: np.ndarray  # int16[n, MAX_CARD_EVENTS, CEV_W]


@dataclass(frozen=True)
class Buffers:
    """A game's state and event buffers, as its dtypes.py sizes them."""

    new_state: Callable[[int], tuple[np.ndarray, np.ndarray]]  # zeroed GAME[n], SEAT[n, MAX]
    max_players: int  # seats in a SEAT row (MAX_PLAYERS)
    max_card_events: int  # card events a game can record (MAX_CARD_EVENTS)
    cev_width: int  # fields of a card event row (CEV_W)
    log_width: int  # fields of an event log row (LOG_W)
    sizes_file: str  # where MAX_CARD_EVENTS is set (named when a game overflows it)

    def new_events(self, n_games: int) -> np.ndarray:
        """A batch's zeroed card-event buffer, int16[n_games, MAX_CARD_EVENTS, CEV_W]."""
        return np.zeros((n_games, self.max_card_events, self.cev_width), np.int16)

    def new_log(self, n_rows: int) -> np.ndarray:
        """A zeroed event log, int32[n_rows, LOG_W] (0 rows: no log, as in a batch)."""
        return np.zeros((n_rows, self.log_width), np.int32)

    def new_batch(
        self, n_games: int, strategies: Sequence[StrategySpec], into: Batch | None = None
    ) -> Batch:
        """Zeroed buffers for a batch of `n_games` (`into`'s memory when it fits, see
        `reused`), each seat's strategy id set."""
        games, seats, cev = reused(into, n_games) or (
            *self.new_state(n_games),
            self.new_events(n_games),
        )
        for p, spec in enumerate(strategies):
            seats[:, p]["strategy"] = spec.id
        return Batch(games, seats, cev)

    def params_matrix(
        self, strategies: Sequence[StrategySpec], params: np.ndarray | None
    ) -> np.ndarray:
        """float64[MAX_PLAYERS, MAX_PARAMS]: explicit rows, else each strategy's defaults."""
        return seat_specs.params_matrix(list(strategies), params, self.max_players)

    def check_card_events(self, games: np.ndarray) -> None:
        """Refuse a batch in which a game recorded more card events than its buffer holds."""
        overflow = int(games["cev_n"].max(initial=0))
        if overflow > self.max_card_events:
            raise TuttiError(
                f"a game recorded {overflow} card events, more than the engine's buffer of "
                f"{self.max_card_events}: raise MAX_CARD_EVENTS in {self.sizes_file}"
            )


def reused(into: Batch | None, n_games: int) -> tuple | None:
    """The arrays of `into`, an earlier batch no longer needed (its games, seats and card
    events), zeroed for a batch of `n_games`; None without one, or for another size.

    Zeroing memory a process already holds costs about a sixth of taking fresh pages from
    the system, which fault in one by one as the kernels first write them (a 4,096-game
    Luthier chunk: 1.2 against 8 ms, here)."""
    if into is None or len(into.games) != n_games:
        return None
    for array in into:
        np.asarray(array).view(np.uint8).fill(0)
    return tuple(into)


def check_seats(strategies: Sequence[StrategySpec], n_players: int, seed: int) -> None:
    """One strategy per seat, and a seed in range (one-line errors)."""
    if len(strategies) != n_players:
        raise TuttiError(f"{len(strategies)} strategies for {n_players} players (one per seat)")
    check_seed(seed)


def play_batch(
    play_games_nb: Callable,
    buffers: Buffers,
    card_array: np.ndarray,
    n_players: int,
    master_seed: int,
    strategies: Sequence[StrategySpec],
    first_index: int,
    n_games: int,
    params: np.ndarray | None = None,
    threads: int | None = None,
    into: Batch | None = None,
    extra: tuple = (),
) -> Batch:
    """Play games first_index .. first_index + n_games - 1 of a run with the game's batch
    kernel `play_games_nb` (module docstring) on `threads` threads (None: every core), in
    `into`'s memory when given; the games depend neither on the thread count nor on the
    blocks. Kernel errors are the caller's to name (its `kernel_errors`)."""
    from simcore.kernels.jit import direct
    from simcore.kernels.threads import run_blocks

    check_seats(strategies, n_players, master_seed)
    batch = buffers.new_batch(n_games, strategies, into)
    pm = buffers.params_matrix(strategies, params)
    log = buffers.new_log(0)  # no transcripts in batches
    games, seats, cev = batch
    args = (card_array, games, seats, pm, cev, log, *extra, n_players, master_seed, first_index)
    kernel = direct(play_games_nb, *args, 0, 0, -1)

    def play(lo: int, hi: int) -> None:
        kernel(*args, lo, hi, -1)

    if n_games > 0:
        run_blocks(play, n_games, threads)
    buffers.check_card_events(games)
    return batch


def play_logged(
    play_games_nb: Callable,
    buffers: Buffers,
    card_array: np.ndarray,
    n_players: int,
    seed: int,
    strategies: Sequence[StrategySpec],
    params: np.ndarray | None,
    index: int,
    log_rows: int,
    extra: tuple = (),
) -> tuple[Batch, np.ndarray]:
    """Play one game whose game seed is `seed` (game `index` of its run) with the game's
    batch kernel, keeping its whole event log: (the one-game batch, log int32[n_events,
    LOG_W]). A game that logs more than `log_rows` events is played again (same seed, same
    game) with room for all; `extra` buffers (snapshots) are written again alike."""
    check_seats(strategies, n_players, seed)
    pm = buffers.params_matrix(strategies, params)
    while True:
        batch = buffers.new_batch(1, strategies)
        games, seats, cev = batch
        log = buffers.new_log(log_rows)
        play_games_nb(
            card_array, games, seats, pm, cev, log, *extra, n_players, 0, index, 0, 1, seed
        )
        n_log = int(games[0]["log_n"])
        if n_log <= log_rows:
            return batch, log[:n_log]
        log_rows = n_log
