"""Deal again what one seat cannot see (state/view_nb.HIDDEN_FIELDS): the search player's
determinization (strategies/ewmh/search_player_nb.py) and the public-view test's redraw.

What seat p sees stays as it is: every place and face of a held, arrayed or discarded
effect card, its own hand and packet, every published piece, every count (cards in each
deck, pieces in each hand, cards in each packet). What it cannot see is dealt again from
`seed` alone: the other seats' unpublished pieces and the composition deck are one pool of
the same back, dealt again into the same counts; the effect deck takes a new order and
the other seats' draft packets are dealt again among themselves; then the game seed and
every random stream are seeded from `seed`. A card the seat saw go into another hand (a
Plagiarize steal, a packet it passed) is dealt again as well: the redeal keeps what the
table shows, not what a seat may remember.
"""

from __future__ import annotations

import numpy as np

from simcore.games.ewmh.sizes import MAX_COMPOSITIONS, MAX_PLAYERS
from simcore.games.ewmh.state.dtypes import MAX_DRAFT, CompState, Stream
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import seed_streams_nb, shuffle_nb


@kernel
def redeal_comps_nb(g, p):
    """The other seats' unpublished pieces and the composition deck dealt again as one
    pool: each seat keeps its count, the deck its size (SETUP stream, mutated)."""
    pool = np.empty(MAX_COMPOSITIONS, np.int16)
    owners = np.empty(MAX_COMPOSITIONS, np.int8)
    n_pool = 0
    n_hands = 0
    for k in range(g.n_comps):  # the hands' slots in card order, then the deck's cards
        if g.comp_state[k] == CompState.HAND and g.comp_owner[k] != p:
            owners[n_hands] = g.comp_owner[k]
            n_hands += 1
            pool[n_pool] = k
            n_pool += 1
    for i in range(g.comp_deck_n):
        pool[n_pool] = g.comp_deck[i]
        n_pool += 1
    pool[:n_pool].sort()  # which cards are in the pool is all that counts, not where
    shuffle_nb(g.rng, Stream.SETUP, pool, n_pool)
    for i in range(n_hands):
        k = pool[i]
        g.comp_state[k] = CompState.HAND
        g.comp_owner[k] = owners[i]
    for i in range(n_hands, n_pool):
        k = pool[i]
        g.comp_state[k] = CompState.DECK
        g.comp_owner[k] = -1
        g.comp_deck[i - n_hands] = k


@kernel
def redeal_effects_nb(g, p):
    """The effect deck in a new order, and the other seats' draft packets dealt again
    among themselves into the same slots (SETUP stream, mutated). Which cards lie in some
    packet and which in the deck stays (card_loc tells them apart: PACKET, DECK)."""
    g.deck[: g.deck_n].sort()
    shuffle_nb(g.rng, Stream.SETUP, g.deck, g.deck_n)
    pool = np.empty(MAX_PLAYERS * MAX_DRAFT, np.int16)
    n_pool = 0
    for q in range(MAX_PLAYERS):
        for j in range(MAX_DRAFT):
            if q != p and g.packet[q, j] >= 0:
                pool[n_pool] = g.packet[q, j]
                n_pool += 1
    pool[:n_pool].sort()
    shuffle_nb(g.rng, Stream.SETUP, pool, n_pool)
    i = 0
    for q in range(MAX_PLAYERS):
        for j in range(MAX_DRAFT):
            if q != p and g.packet[q, j] >= 0:
                g.packet[q, j] = pool[i]
                i += 1


@kernel
def redeal_nb(cards, g, s, p, seed):
    """Deal again what seat p cannot see (module docstring), from `seed` alone: the game
    seed and every random stream follow it; g mutated (s and cards unused: every seat
    record is public)."""
    g.seed = seed
    seed_streams_nb(seed, g.rng)
    redeal_comps_nb(g, p)
    redeal_effects_nb(g, p)
