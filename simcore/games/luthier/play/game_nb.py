"""Whole games: one game from setup to scoring, and the parallel batch kernel."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.play.resume_nb import advance_nb, apply_top_nb
from simcore.games.luthier.play.searcher_nb import search_choose_nb, searching_nb
from simcore.games.luthier.play.setup_nb import setup_game_nb
from simcore.games.luthier.state.dtypes import MAX_OPTIONS, OPT_W
from simcore.games.luthier.state.work import Work
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import game_seed_nb
from simcore.kernels.stack_nb import borrowed, stack_empty_2d


@kernel
def search_mask_nb(s, n_players):
    """Bit p set for each seat p whose strategy searches (searcher_nb.searching_nb)."""
    mask = 0
    for p in range(n_players):
        if searching_nb(s[p].strategy):
            mask |= 1 << p
    return mask


@kernel
def play_game_nb(cards, g, s, w, snap_g, snap_s, n_players, game_seed, index):
    """Play one game from its seed to the end: g (record) and s (seat records) are mutated,
    and the snapshot buffers snap_g / snap_s when they are not empty (snapshot_nb).

    The game runs through resume_nb.advance_nb, which stops only at the top-level
    decisions of searching seats (none: the whole game in one call); each is taken by the
    search (searcher_nb.search_choose_nb) and played on from there.
    """
    setup_game_nb(cards, g, s, w, n_players, game_seed, index)
    mask = search_mask_nb(s, n_players)
    while True:
        p = advance_nb(cards, g, s, w, snap_g, snap_s, mask)
        if p < 0:
            break
        k = search_choose_nb(cards, g, s, w, p)
        apply_top_nb(cards, g, s, w, p, k)


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
    so any thread count or cut into blocks (simcore/kernels/threads.py) gives the same games.
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
