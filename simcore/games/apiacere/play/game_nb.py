"""Whole games: setup, then the stage loop until the game is over; and the batch kernel."""

from __future__ import annotations

import numpy as np

from simcore.games.apiacere.play.resume_nb import advance_nb
from simcore.games.apiacere.rules.setup_nb import setup_nb
from simcore.games.apiacere.state.dtypes import MAX_OPTIONS, OPT_W
from simcore.games.apiacere.state.work import Work
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import game_seed_nb
from simcore.kernels.stack_nb import borrowed, stack_empty_2d


@kernel
def play_game_nb(cards, g, s, w, n_players, game_seed, index):
    """Play one game from its seed to the end: g (record) and s (seat records) mutated."""
    setup_nb(cards, g, s, w, n_players, game_seed, index)
    advance_nb(cards, g, s, w, 0)


@kernel(nogil=True)
def play_games_nb(
    card_array, games, seats, params, cev, log, n_players, master_seed, first_index, lo, hi, seed
):
    """Play games lo .. hi - 1 of a batch whose game 0 is game `first_index` of the run.

    card_array: the one-element card record (carddata/table.py); games: GAME[n], seats:
    SEAT[n, MAX_PLAYERS], zeroed but for seats[:, p].strategy (rows lo..hi-1 mutated);
    params: float64[MAX_PLAYERS, MAX_PARAMS]; cev: int16[n, MAX_CARD_EVENTS, CEV_W] card
    events (mutated; 0 rows: off); log: int32[n_log, LOG_W] (n_log = 0: none; mutated).
    seed >= 0 plays that game seed; -1 derives each game's from (master_seed, game index),
    so any thread count or cut into blocks gives the same games.
    """
    cards = card_array[0]
    # every array below is passed down the whole kernel tree: on the stack or borrowed
    # (simcore/kernels/stack_nb.py), none carries a reference count
    opts = stack_empty_2d(MAX_OPTIONS, OPT_W, np.int16)  # rewritten at every decision
    log = borrowed(log)
    params = borrowed(params)
    seats = borrowed(seats)
    cev = borrowed(cev)
    for j in range(lo, hi):
        w = Work(opts, log, params, cev[j])
        index = first_index + j
        game_seed = seed if seed >= 0 else game_seed_nb(master_seed, index)
        play_game_nb(cards, games[j], seats[j], w, n_players, game_seed, index)
