"""Dealing again what a seat cannot see, for a search's rollouts (issue 33's hooks: copy
a state, list its options, take one, play to the end, redeal the hidden part).

Hidden from seat p (state/view.py): the other seats' patron hands and the deck's order,
and every random stream (the dice to come, reshuffles). Which cards those are is public
(every card not in p's hand, face up or discarded), and so is each hand's size.
"""

from __future__ import annotations

import numpy as np

from simcore.games.dicemining.state.dtypes import IN_DECK, MAX_PATRONS, Stream
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import seed_streams_nb, shuffle_nb
from simcore.kernels.stack_nb import stack_empty


@kernel
def redeal_nb(cards, g, s, p, seed):
    """Deal again what seat p cannot see, from `seed` alone: the game seed and every random
    stream, then the cards in the other hands and the deck, taken in card order (not their
    old order) and shuffled (SETUP stream), each other hand dealt its size back, the rest
    the deck (g mutated; s unused: seats hold no hidden field). Everything p sees stays."""
    g.seed = seed
    seed_streams_nb(seed, g.rng)
    pool = stack_empty(MAX_PATRONS, np.int64)
    size = stack_empty(MAX_PATRONS, np.int64)  # hand sizes, by seat (first n_players)
    n = 0
    for q in range(g.n_players):
        size[q] = 0
    for c in range(cards.n_patrons):
        loc = g.patron_loc[c]
        if loc == IN_DECK or (0 <= loc < g.n_players and loc != p):
            pool[n] = c
            n += 1
            if loc != IN_DECK:
                size[loc] += 1
    shuffle_nb(g.rng, Stream.SETUP, pool, n)
    k = 0
    for q in range(g.n_players):
        if q == p:
            continue
        for _ in range(size[q]):
            g.patron_loc[pool[k]] = q
            k += 1
    g.deck_n = n - k
    for j in range(n - k):
        g.deck[j] = pool[k + j]
        g.patron_loc[pool[k + j]] = IN_DECK
