"""Whole games: one game from setup to scoring, and the parallel batch kernel."""

from __future__ import annotations

import numpy as np

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


@kernel(nogil=True)
def play_games_nb(
    card_array, games, seats, params, cev, n_players, master_seed, first_index, lo, hi
):
    """Play games lo .. hi - 1 of a batch whose game 0 is game `first_index` of the run.

    card_array: the one-element card-table array (table.py); games: GAME[n] and
    seats: SEAT[n, MAX_PLAYERS], zeroed except seats[:, p].strategy (mutated for rows
    lo..hi-1 only); cev: int16[n, MAX_CARD_EVENTS, CEV_W] card events per game
    (mutated likewise); params: float64[MAX_PLAYERS, n_params]. Each game's randomness
    comes from (master_seed, game index) only, so any thread count or cut into blocks
    (simcore/threads.py) gives the same games. Releases the GIL.
    """
    cards = card_array[0]
    opts = np.empty((MAX_OPTIONS, OPT_W), np.int16)  # rewritten at every decision point
    log = np.empty((0, LOG_W), np.int32)
    for j in range(lo, hi):
        w = Work(opts, log, params, cev[j])
        index = first_index + j
        play_game_nb(
            cards, games[j], seats[j], w, n_players, game_seed_nb(master_seed, index), index
        )
