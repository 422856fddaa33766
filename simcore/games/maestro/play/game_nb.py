"""Whole games: one game from setup to the final scoring, and the batch kernel.

A game is setup, then resume_nb.advance_nb until it is over: advance stops at the
place-phase decisions of the seats that search (their strategy's `search_mask_nb`), and
the search picks there (`search_choose_nb`); every other decision is its seat's strategy's
inside advance. Both kernels are the strategies' (bound here by the game's registration,
simcore/games/binding.py: the engine does not import the strategies package). With no
searching seat this is the plain turn loop.
"""

from __future__ import annotations

import numpy as np

from simcore.games.binding import bind, unbound
from simcore.games.maestro.play.resume_nb import advance_nb, apply_top_nb, setup_resumable_nb
from simcore.games.maestro.state.dtypes import MAX_OPTIONS, OPT_W
from simcore.games.maestro.state.work import Work
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import game_seed_nb

# filled by GAME.dispatch_kernels (simcore/games/maestro/game.py) below
search_mask_nb = unbound(__name__, "search_mask_nb")
search_choose_nb = unbound(__name__, "search_choose_nb")


@kernel
def play_game_nb(cards, g, s, w, n_players, game_seed, index):
    """Play one game from its seed to the end: g (record) and s (seat records) are mutated."""
    setup_resumable_nb(cards, g, s, w, n_players, game_seed, index)
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
    """Play games lo .. hi - 1 of a batch whose game 0 is game `first_index` of the run:
    the one kernel Python calls, for runs and single games alike (one compile).

    card_array: the one-element TABLE array (cards.py); games: GAME[n] and seats:
    SEAT[n, MAX_PLAYERS], zeroed except seats[:, p].strategy (rows lo..hi-1 mutated);
    params: float64[MAX_PLAYERS, MAX_PARAMS]; cev: int16[n, MAX_CARD_EVENTS, CEV_W]
    card events per game (mutated); log: int32[n_log, LOG_W] transcript events (n_log = 0: none;
    mutated). seed >= 0 plays that game seed (`tutti play --seed`); -1 derives each
    game's seed from (master_seed, game index), so any thread count or cut into blocks
    (simcore/kernels/threads.py) gives the same games. Releases the GIL.
    """
    cards = card_array[0]
    opts = np.empty((MAX_OPTIONS, OPT_W), np.int16)  # rewritten at every decision point
    for j in range(lo, hi):
        w = Work(opts, log, params, cev[j])
        index = first_index + j
        game_seed = seed if seed >= 0 else game_seed_nb(master_seed, index)
        play_game_nb(cards, games[j], seats[j], w, n_players, game_seed, index)


bind(globals(), __name__)  # the game's search kernels replace the placeholders
