"""Whole games: setup, then decision after decision until the game is over.

Every decision is a stage of the game record (dtypes.Stage): advance_nb plays on until a
chosen seat must decide (a search or a test takes over there) or the game ends; a
decision with one option is taken without asking. The seats that search (the strategies'
`search_mask_nb`) decide by `search_choose_nb` (strategies/dicemining/search_player_nb.py,
bound here by the game's registration, simcore/games/binding.py: the engine does not
import the strategies package); with none, a game is one call of advance_nb.
"""

from __future__ import annotations

import numpy as np

from simcore.games.binding import bind, unbound
from simcore.games.dicemining.play.decide_nb import decide_nb
from simcore.games.dicemining.play.step_nb import options_nb, take_nb
from simcore.games.dicemining.rules.turn_nb import setup_nb
from simcore.games.dicemining.state.dtypes import MAX_OPTIONS, OPT_W, Stage, Work
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import game_seed_nb
from simcore.kernels.stack_nb import borrowed, stack_empty_2d

# filled by GAME.dispatch_kernels (simcore/games/dicemining/game.py) below
search_mask_nb = unbound(__name__, "search_mask_nb")
search_choose_nb = unbound(__name__, "search_choose_nb")


@kernel
def advance_nb(cards, g, s, w, stop_mask):
    """Play on until a seat p with bit 1 << p in stop_mask faces a decision of two or more
    options (returns p; its options in w.opts) or the game is over (returns -1); every
    other decision is taken by its seat's strategy. stop_mask 0 plays the whole game."""
    while g.stage != Stage.OVER:
        n = options_nb(cards, g, s, w)
        p = g.to_move
        k = 0
        if n > 1:
            if (stop_mask >> p) & 1:
                return p
            k = decide_nb(cards, g, s, w, p, n)
            g.n_decisions += 1
        take_nb(cards, g, s, w, p, k, n)
    return -1


@kernel
def pick_nb(cards, g, s, w, p, k):
    """Seat p takes option k of the decision it stands at (the resume hooks' step)."""
    n = options_nb(cards, g, s, w)
    g.n_decisions += 1
    take_nb(cards, g, s, w, p, k, n)


@kernel
def play_game_nb(cards, g, s, w, n_players, game_seed, index):
    """One game from its seed to the end (g and s mutated): the searching seats' decisions
    by their search, every other one inside advance_nb."""
    setup_nb(cards, g, s, w, n_players, game_seed, index)
    mask = search_mask_nb(s, n_players)
    while True:
        p = advance_nb(cards, g, s, w, mask)
        if p < 0:
            return
        k = search_choose_nb(s[p].strategy, w.params[p], cards, g, s, w, p)
        pick_nb(cards, g, s, w, p, k)


@kernel(nogil=True)
def play_games_nb(
    card_array, games, seats, params, cev, log, n_players, master_seed, first_index, lo, hi, seed
):
    """Play games lo .. hi - 1 of a batch whose game 0 is game `first_index` of the run.

    card_array: TABLE[1]; games: GAME[n], seats: SEAT[n, MAX_PLAYERS], zeroed but for
    seats[:, p].strategy (rows lo..hi-1 mutated); params: float64[MAX_PLAYERS, MAX_PARAMS];
    cev: int16[n, MAX_CARD_EVENTS, CEV_W] card events (mutated); log: int32[n_log, LOG_W]
    (n_log = 0: none; mutated). seed >= 0 plays that game seed; -1 derives each game's
    from (master_seed, game index), so any thread count or cut into blocks gives the same
    games.
    """
    cards = card_array[0]
    # every array passed down the kernel tree is on the stack or borrowed (stack_nb.py):
    # none carries a reference count; the option rows start zeroed, as before
    opts = stack_empty_2d(MAX_OPTIONS, OPT_W, np.int16)
    opts[:] = 0
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
