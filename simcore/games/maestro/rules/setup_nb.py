"""Setup: agencies with their conductor, the shuffled face-down pool, the first player.

Rulebook, Short Description: "Every player takes an agency card and a conductor
(Maestro), who is placed in space number 10. All other musicians and applause counters
are mixed together, and are placed face-down next to the gameboard." The player "who
can hold high 'C' the longest starts": a random seat here.
"""

from __future__ import annotations

from simcore.games.maestro.output.log_nb import log_nb
from simcore.games.maestro.state.codes import Ev, Rule
from simcore.games.maestro.state.dtypes import (
    AGENCY,
    APPLAUSE,
    CONDUCTOR,
    EMPTY,
    MAX_PLAYERS,
    Stream,
)
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import randint_nb, seed_streams_nb, shuffle_nb


@kernel
def fill_pool_nb(cards, g, n_players):
    """Every musician tile, the conductors not in agencies and the applause counters,
    into g.pool (unshuffled); returns the count."""
    n = 0
    for i in range(cards.n_inst):
        for _ in range(cards.inst_tiles[i]):
            g.pool[n] = i
            n += 1
    for _ in range(cards.rules[Rule.CONDUCTORS] - n_players):
        g.pool[n] = CONDUCTOR
        n += 1
    for _ in range(cards.rules[Rule.APPLAUSE]):
        g.pool[n] = APPLAUSE
        n += 1
    return n


@kernel
def setup_game_nb(cards, g, s, w, n_players, game_seed, index):
    """A fresh game in g (record) and s (seat records), both mutated."""
    g.index = index
    g.seed = game_seed
    g.n_players = n_players
    seed_streams_nb(game_seed, g.rng)
    g.pool[:] = EMPTY
    g.pool_n = fill_pool_nb(cards, g, n_players)
    shuffle_nb(g.rng, Stream.SETUP, g.pool, g.pool_n)
    g.board[:, :] = EMPTY
    g.board_seat[:, :] = -1
    g.row_seat[:] = -1
    g.critic = -1
    g.critic_row = -1
    g.completed = -1
    g.touched = -1
    g.end_seat = -1
    g.first = randint_nb(g.rng, Stream.SETUP, n_players)
    for p in range(MAX_PLAYERS):
        for k in range(AGENCY):
            s[p].agency[k] = EMPTY
        if p < n_players:
            s[p].agency[AGENCY - 1] = CONDUCTOR
            s[p].start_pos = (p - g.first + n_players) % n_players
    log_nb(g, w, g.first, Ev.FIRST)
