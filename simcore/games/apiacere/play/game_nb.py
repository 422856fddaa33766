"""Whole games: setup, then the stage loop until the game is over; and the batch kernel.

The stage loop (resume_nb.advance_nb) stops at the decisions of the seats that search
(their strategy's `search_mask_nb`), and the search picks there (`search_choose_nb`);
every other decision is its seat's strategy's inside advance. Both kernels are the
strategies' (bound here by the game's registration, simcore/games/binding.py: the engine
does not import the strategies package). With no searching seat this is the plain loop."""

from __future__ import annotations

import numpy as np

from simcore.games.apiacere.play.resume_nb import advance_nb, apply_top_nb
from simcore.games.apiacere.rules.setup_nb import setup_nb
from simcore.games.apiacere.state.dtypes import MAX_OPTIONS, OPT_W
from simcore.games.apiacere.state.work import Work
from simcore.games.binding import bind, unbound
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import game_seed_nb
from simcore.kernels.stack_nb import borrowed, stack_empty_2d

# filled by GAME.dispatch_kernels (simcore/games/apiacere/game.py) below
search_mask_nb = unbound(__name__, "search_mask_nb")
search_choose_nb = unbound(__name__, "search_choose_nb")


@kernel
def play_game_nb(cards, g, s, w, n_players, game_seed, index):
    """Play one game from its seed to the end: g (record) and s (seat records) mutated."""
    setup_nb(cards, g, s, w, n_players, game_seed, index)
    mask = search_mask_nb(s, n_players)
    while True:
        p = advance_nb(cards, g, s, w, mask)
        if p < 0:
            return
        k = search_choose_nb(s[p].strategy, w.params[p], cards, g, s, w, p)
        apply_top_nb(cards, g, s, w, p, k)


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


bind(globals(), __name__)  # the game's search kernels replace the placeholders
