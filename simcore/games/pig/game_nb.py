"""Whole games: setup, then roll after roll and decision after decision until it is over.

The engine never chooses for a player: at each decision it lists the options (roll,
hold) in w.opts and the seat's strategy returns an index. The strategy dispatch
`choose_nb` is a placeholder until the game's registration binds it (simcore/games/
binding.py; the engine does not import the strategies package).
"""

from __future__ import annotations

import numpy as np

from simcore.games.binding import bind, unbound
from simcore.games.pig.codes import Opt, Violation
from simcore.games.pig.dtypes import N_OPTIONS, Stage, Work
from simcore.games.pig.rules_nb import hold_nb, roll_nb, setup_nb
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import game_seed_nb

# filled by GAME.dispatch_kernels (simcore/games/pig/game.py) at the end of this module
choose_nb = unbound(__name__, "choose_nb")


@kernel
def list_options_nb(opts):
    """The options of a decision into opts (int16[N_OPTIONS, 1], mutated); their count."""
    opts[0, 0] = Opt.ROLL
    opts[1, 0] = Opt.HOLD
    return 2


@kernel
def pick_nb(cards, g, s, w, p, k):
    """Seat p takes option k of w.opts: hold banks, roll rolls next. A pick outside the
    options must not corrupt the game, nor pass unseen: option 0, and Violation.BAD_PICK."""
    n = list_options_nb(w.opts)
    g.n_decisions += 1
    if k < 0 or k >= n:
        g.violations |= Violation.BAD_PICK
        k = 0
    if w.opts[k, 0] == Opt.HOLD:
        hold_nb(cards, g, s, w, p)
    else:
        g.stage = Stage.ROLL


@kernel
def advance_nb(cards, g, s, w, stop_mask):
    """Play on until a seat p with bit 1 << p in stop_mask must choose (returns p, the
    options in w.opts) or the game is over (returns -1); every other decision is taken by
    the seat's strategy. stop_mask 0 plays the whole game."""
    while g.stage != Stage.OVER:
        p = g.current
        if g.stage == Stage.ROLL:
            roll_nb(cards, g, s, w, p)
            continue
        n = list_options_nb(w.opts)
        if (stop_mask >> p) & 1:
            return p
        k = choose_nb(s[p].strategy, w.params[p], cards, g, s, p, w.opts, n)
        pick_nb(cards, g, s, w, p, k)
    return -1


@kernel(nogil=True)
def play_games_nb(
    card_array, games, seats, params, cev, log, n_players, master_seed, first_index, lo, hi, seed
):
    """Play games lo .. hi - 1 of a batch whose game 0 is game `first_index` of the run.

    card_array: TABLE[1]; games: GAME[n], seats: SEAT[n, MAX_PLAYERS], zeroed but for
    seats[:, p].strategy (rows lo..hi-1 mutated); params: float64[MAX_PLAYERS, MAX_PARAMS];
    cev: card events (Pig records none); log: int32[n_log, LOG_W] (n_log = 0: none;
    mutated). seed >= 0 plays that game seed; -1 derives each game's from (master_seed,
    game index), so any thread count or cut into blocks gives the same games.
    """
    cards = card_array[0]
    opts = np.empty((N_OPTIONS, 1), np.int16)  # rewritten at every decision
    for j in range(lo, hi):
        w = Work(opts, log, params)
        index = first_index + j
        game_seed = seed if seed >= 0 else game_seed_nb(master_seed, index)
        setup_nb(cards, games[j], seats[j], w, n_players, game_seed, index)
        advance_nb(cards, games[j], seats[j], w, 0)


bind(globals(), __name__)  # the game's dispatch kernel replaces the placeholder
