"""Whole games: one game from setup to the final scoring, and the batch kernel."""

from __future__ import annotations

import numpy as np

from simcore.games.maestro.codes import End, Violation
from simcore.games.maestro.draw_nb import end_game_nb
from simcore.games.maestro.dtypes import MAX_OPTIONS, MAX_TURNS, OPT_W
from simcore.games.maestro.invariants_nb import check_game_nb
from simcore.games.maestro.scoring_nb import final_scoring_nb
from simcore.games.maestro.setup_nb import setup_game_nb
from simcore.games.maestro.turn_nb import play_turn_nb
from simcore.games.maestro.work import Work
from simcore.jit import kernel
from simcore.rng_nb import game_seed_nb


@kernel
def play_game_nb(cards, g, s, w, n_players, game_seed, index):
    """Play one game from its seed to the end: g (record) and s (seat records) are mutated."""
    setup_game_nb(cards, g, s, w, n_players, game_seed, index)
    p = g.first
    while g.over == 0:
        if g.turn >= MAX_TURNS:
            g.violations |= Violation.TURN_LIMIT
            end_game_nb(g, w, p, End.LIMIT)
            break
        play_turn_nb(cards, g, s, w, p)
        g.violations |= check_game_nb(cards, g, s)
        p = (p + 1) % n_players
    final_scoring_nb(cards, g, s, w)
    g.violations |= check_game_nb(cards, g, s)


@kernel(nogil=True)
def play_games_nb(
    card_array, games, seats, params, cev, log, n_players, master_seed, first_index, lo, hi, seed
):
    """Play games lo .. hi - 1 of a batch whose game 0 is game `first_index` of the run:
    the one kernel Python calls, for runs and single games alike (one compile).

    card_array: the one-element TABLE array (cards.py); games: GAME[n] and seats:
    SEAT[n, MAX_PLAYERS], zeroed except seats[:, p].strategy (rows lo..hi-1 mutated);
    params: float64[MAX_PLAYERS, MAX_PARAMS]; cev: int16[n, MAX_CARD_EVENTS, CEV_W]
    card events per game (mutated); log: int32[n_log, LOG_W] transcript events (n_log = 0: none;
    mutated). seed >= 0 plays that game seed (`tutti play --seed`); -1 derives each
    game's seed from (master_seed, game index), so any thread count or cut into blocks
    (simcore/threads.py) gives the same games. Releases the GIL.
    """
    cards = card_array[0]
    opts = np.empty((MAX_OPTIONS, OPT_W), np.int16)  # rewritten at every decision point
    for j in range(lo, hi):
        w = Work(opts, log, params, cev[j])
        index = first_index + j
        game_seed = seed if seed >= 0 else game_seed_nb(master_seed, index)
        play_game_nb(cards, games[j], seats[j], w, n_players, game_seed, index)
