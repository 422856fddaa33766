"""Deal again what one seat cannot see (state/view_nb.HIDDEN_FIELDS): the public-view
test's redraw, and a search player's determinization.

What seat p sees stays as it is: every card in play, in a chain, in front of a seat or in
a discard pile, its own hand, each draw pile's size and its face-up top, how many cards of
each stack every hand holds, the placed royal tiles, its own legacy tile and the overall
one. What it cannot see is dealt again from `seed` alone: per stack, the cards in the
other hands and those of the draw pile below a face-up top are one pool (the same back),
dealt again into the same hands' counts and the pile's size; the royal tiles of the event
fields still to come take a new order; the other seats' personal legacy tiles are dealt
again from the tiles no seat shows (theirs and the undealt ones); then the game seed and
every random stream are seeded from `seed`. A card the seat saw go into another hand (a
face-up take) is dealt again as well: the redeal keeps what the table shows, not what a
seat may remember.
"""

from __future__ import annotations

import numpy as np

from simcore.games.apiacere.codes import Count, Rule
from simcore.games.apiacere.sizes import MAX_LEGACY, MAX_PLAYERS
from simcore.games.apiacere.state.dtypes import MAX_STACK_CARDS, N_STACKS, Loc, Stream
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import seed_streams_nb, shuffle_nb


@kernel
def redeal_stack_nb(cards, g, p, st):
    """Stack st's cards in the other hands and its draw pile below a face-up top dealt
    again as one pool: each hand keeps its count of the stack, the pile its size and its
    face-up top (SETUP stream; g mutated)."""
    pool = np.empty(2 * MAX_STACK_CARDS, np.int64)
    owners = np.empty(2 * MAX_STACK_CARDS, np.int64)
    n_pool = 0
    n_hands = 0
    for c in range(cards.stack_first[st], cards.stack_first[st + 1]):
        loc = g.card_loc[c]
        if 0 <= loc < MAX_PLAYERS and loc != p:
            owners[n_hands] = loc
            n_hands += 1
            pool[n_pool] = c
            n_pool += 1
    n_pile = g.pile_n[st] - (1 if g.faceup[st] == 1 and g.pile_n[st] > 0 else 0)
    for i in range(n_pile):
        pool[n_pool] = g.pile[st, i]
        n_pool += 1
    pool[:n_pool].sort()  # which cards are in the pool is all that counts, not where
    shuffle_nb(g.rng, Stream.SETUP, pool, n_pool)
    for i in range(n_hands):
        g.card_loc[pool[i]] = owners[i]
    for i in range(n_pile):
        c = pool[n_hands + i]
        g.pile[st, i] = c
        g.card_loc[c] = Loc.PILE


@kernel
def redeal_royal_nb(cards, g):
    """The royal tiles of the event fields after the current one in a new order (SETUP)."""
    n_royal = cards.counts[Count.ROYAL]
    first = g.events_done + 1
    if first < n_royal:
        rest = g.royal_order[first:n_royal]
        rest.sort()
        shuffle_nb(g.rng, Stream.SETUP, rest, n_royal - first)


@kernel
def redeal_legacy_nb(cards, g, s, p):
    """The other seats' personal legacy tiles dealt again from the tiles no seat shows to
    p: theirs and those dealt to nobody (the overall tile and p's own stay; SETUP)."""
    n_tiles = cards.counts[Count.LEGACY]
    shown = np.zeros(MAX_LEGACY, np.bool_)
    if g.overall >= 0:
        shown[g.overall] = True
    shown[s[p].legacy] = True
    pool = np.empty(MAX_LEGACY, np.int64)
    n = 0
    for t in range(n_tiles):
        if not shown[t]:
            pool[n] = t
            n += 1
    shuffle_nb(g.rng, Stream.SETUP, pool, n)
    k = 0
    for q in range(g.n_players):
        if q != p:
            s[q].legacy = pool[k]
            k += 1


@kernel
def redeal_nb(cards, g, s, p, seed):
    """Deal again what seat p cannot see (module docstring), from `seed` alone: the game
    seed and every random stream follow it; g and s mutated."""
    g.seed = seed
    seed_streams_nb(seed, g.rng)
    for st in range(N_STACKS):
        redeal_stack_nb(cards, g, p, st)
    if g.events_done < cards.rules[Rule.EVENTS]:
        redeal_royal_nb(cards, g)
    redeal_legacy_nb(cards, g, s, p)
