"""Whole games: one game from setup to scoring, and the parallel batch kernel."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.dtypes import MAX_OPTIONS, OPT_W, Phase
from simcore.games.luthier.enums import Rule
from simcore.games.luthier.invariants_nb import (
    check_planned_nb,
    check_resolved_nb,
    check_seats_nb,
)
from simcore.games.luthier.log_nb import snapshot_nb
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
from simcore.stack_nb import borrowed, stack_empty_2d


@kernel
def play_game_nb(cards, g, s, w, snap_g, snap_s, n_players, game_seed, index):
    """Play one game from its seed to the end: g (record) and s (seat records) are mutated,
    and the snapshot buffers snap_g / snap_s when they are not empty (snapshot_nb)."""
    setup_game_nb(cards, g, s, w, n_players, game_seed, index)
    snapshot_nb(g, s, w, snap_g, snap_s, 0)
    rounds = cards.rules[Rule.ROUNDS]
    for r in range(rounds):
        start_of_round_nb(cards, g, s, w)
        g.violations |= check_seats_nb(cards, g, s)
        planning_nb(cards, g, s, w)
        g.violations |= check_planned_nb(cards, g, s)
        resolution_nb(cards, g, s, w)
        g.violations |= check_resolved_nb(cards, g, s)
        for p in range(n_players):  # the game arc (before the last round's scoring)
            s[p].prestige_round[r] = s[p].prestige
        if r < rounds - 1:
            end_of_round_nb(cards, g, s, w)
        snapshot_nb(
            g, s, w, snap_g, snap_s, r + 1
        )  # after the cleanup: the board the next round starts with
    g.phase = Phase.GAME_OVER
    score_game_nb(cards, g, s, w)
    g.violations |= check_seats_nb(cards, g, s)
    g.round_no = rounds + 1


@kernel(nogil=True)
def play_games_nb(
    card_array,
    games,
    seats,
    params,
    cev,
    log,
    snap_g,
    snap_s,
    n_players,
    master_seed,
    first_index,
    lo,
    hi,
    seed,
):
    """Play games lo .. hi - 1 of a batch whose game 0 is game `first_index` of the run:
    the one kernel Python calls, for runs and for single games alike (one compile).

    card_array: the one-element card-table array (table.py); games: GAME[n] and
    seats: SEAT[n, MAX_PLAYERS], zeroed except seats[:, p].strategy (mutated for rows
    lo..hi-1 only); cev: int16[n, MAX_CARD_EVENTS, CEV_W] card events per game
    (mutated likewise); log: int32[n_log, LOG_W] transcript events (n_log = 0: none;
    mutated); snap_g: GAME[n_snap] and snap_s: SEAT[n_snap, MAX_PLAYERS], the state after
    setup and at each round's end (n_snap = 0: none; mutated; single games only);
    params: float64[MAX_PLAYERS, n_params]. seed >= 0 plays that game seed
    (`tutti play --seed`); -1 derives each game's seed from (master_seed, game index),
    so any thread count or cut into blocks (simcore/threads.py) gives the same games.
    Releases the GIL.
    """
    cards = card_array[0]
    # every array below is passed down the whole kernel tree: on the stack or borrowed
    # (stack_nb.py), none carries a reference count
    opts = stack_empty_2d(MAX_OPTIONS, OPT_W, np.int16)
    log = borrowed(log)
    params = borrowed(params)
    snap_g = borrowed(snap_g)
    snap_s = borrowed(snap_s)
    seats = borrowed(seats)
    cev = borrowed(cev)
    for j in range(lo, hi):
        w = Work(opts, log, params, cev[j])
        index = first_index + j
        game_seed = seed if seed >= 0 else game_seed_nb(master_seed, index)
        play_game_nb(cards, games[j], seats[j], w, snap_g, snap_s, n_players, game_seed, index)
