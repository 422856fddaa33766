"""Whole games: one game from setup to scoring, and the parallel batch kernel."""

from __future__ import annotations

import numpy as np
from numba import prange

from simcore.games.luthier.dtypes import LOG_W, MAX_OPTIONS, OPT_W, Phase
from simcore.games.luthier.enums import Rule
from simcore.games.luthier.invariants_nb import (
    check_planned_nb,
    check_resolved_nb,
    check_seats_nb,
)
from simcore.games.luthier.round_nb import (
    end_of_round_nb,
    planning_nb,
    resolution_nb,
    start_of_round_nb,
)
from simcore.games.luthier.scoring_nb import score_game_nb
from simcore.games.luthier.setup_nb import setup_game_nb
from simcore.games.luthier.work import Work
from simcore.jit import kernel
from simcore.rng_nb import game_seed_nb


@kernel
def play_game_nb(cards, g, s, w, n_players, game_seed, index):
    """Play one game from its seed to the end: g (record) and s (seat records) are mutated."""
    setup_game_nb(cards, g, s, w, n_players, game_seed, index)
    rounds = cards.rules[Rule.ROUNDS]
    for r in range(rounds):
        start_of_round_nb(cards, g, s, w)
        g.violations |= check_seats_nb(cards, g, s)
        planning_nb(cards, g, s, w)
        g.violations |= check_planned_nb(cards, g, s)
        resolution_nb(cards, g, s, w)
        g.violations |= check_resolved_nb(cards, g, s)
        if r < rounds - 1:
            end_of_round_nb(cards, g, s, w)
    g.phase = Phase.GAME_OVER
    score_game_nb(cards, g, s, w)
    g.violations |= check_seats_nb(cards, g, s)
    g.round_no = rounds + 1


@kernel(parallel=True, nogil=True)
def play_batch_nb(card_array, games, seats, params, cev, n_players, master_seed, first_index):
    """Play games first_index .. first_index + len(games) - 1 in parallel.

    card_array: the one-element card-table array (table.py); games: GAME[n] and
    seats: SEAT[n, MAX_PLAYERS], zeroed except seats[:, p].strategy; cev: int16[n,
    MAX_CARD_EVENTS, CEV_W] card events per game (mutated);
    params: float64[MAX_PLAYERS, n_params]. Each game's randomness comes from
    (master_seed, game index) only, so any thread count or chunking gives the
    same games.
    """
    for j in prange(games.shape[0]):
        cards = card_array[0]
        w = Work(
            np.empty((MAX_OPTIONS, OPT_W), np.int16),
            np.empty((0, LOG_W), np.int32),
            params,
            cev[j],
        )
        index = first_index + j
        seed = game_seed_nb(master_seed, index)
        play_game_nb(cards, games[j], seats[j], w, n_players, seed, index)
