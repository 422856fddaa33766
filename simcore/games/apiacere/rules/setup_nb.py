"""Setup (the Game Setup sheet, setup.toml; spec 3.1 "start"): the stacks shuffled, the
board's random parts, each seat's florins, housing, city and start cards."""

from __future__ import annotations

import numpy as np

from simcore.games.apiacere.codes import RANDOM_CITY, Count, Rule
from simcore.games.apiacere.rules.log_nb import log_nb
from simcore.games.apiacere.sizes import MAX_LEGACY, MAX_PLAYERS, MAX_VARIETY
from simcore.games.apiacere.state.codes import Ev, Stage
from simcore.games.apiacere.state.dtypes import MAX_CARDS, N_STACKS, Loc, Stream
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import randint_nb, seed_streams_nb, shuffle_nb
from simcore.kernels.stack_nb import stack_empty


@kernel
def deal_stacks_nb(cards, g):
    """Every card into its stack's draw pile, each pile shuffled (DECK stream)."""
    g.n_cards = cards.counts[Count.CARDS]
    for c in range(MAX_CARDS):
        g.card_loc[c] = Loc.NONE
        g.card_prog[c] = 0
        g.card_left[c] = 0
        g.card_city[c] = -1
        g.card_paid[c] = 0
    for st in range(N_STACKS):
        g.pile_n[st] = 0
        g.disc_n[st] = 0
        g.faceup[st] = 0
    for c in range(g.n_cards):
        st = cards.card_stack[c]
        g.pile[st, g.pile_n[st]] = c
        g.pile_n[st] += 1
        g.card_loc[c] = Loc.PILE
    for st in range(N_STACKS):
        shuffle_nb(g.rng, Stream.DECK, g.pile[st], g.pile_n[st])


@kernel
def place_board_nb(cards, g):
    """The royal tiles' order on the event fields (ruling AP-18) and one variety tile per
    board slot (ruling AP-31), both at random (SETUP stream)."""
    n_royal = cards.counts[Count.ROYAL]
    g.royal_order[:] = -1
    g.royal_holder[:] = -1
    g.bonus_holder[:] = -1
    for r in range(n_royal):
        g.royal_order[r] = r
    shuffle_nb(g.rng, Stream.SETUP, g.royal_order, n_royal)
    g.variety[:] = -1
    n_var = min(cards.counts[Count.VARIETY], MAX_VARIETY)
    for v in range(n_var):
        g.variety[v] = v
    shuffle_nb(g.rng, Stream.SETUP, g.variety, n_var)


@kernel
def deal_legacy_nb(cards, g, s, n_players):
    """One overall tile face up, from those that may be one; each seat one personal tile
    face down from the rest (ruling AP-23)."""
    n_tiles = cards.counts[Count.LEGACY]
    tiles = stack_empty(MAX_LEGACY, np.int64)
    n_overall = 0
    for t in range(n_tiles):
        if cards.legacy_overall[t] == 1:
            n_overall += 1
    k = randint_nb(g.rng, Stream.SETUP, n_overall)
    g.overall = -1
    for t in range(n_tiles):
        if cards.legacy_overall[t] == 1:
            if k == 0:
                g.overall = t
            k -= 1
    n = 0
    for t in range(n_tiles):
        if t != g.overall:
            tiles[n] = t
            n += 1
    shuffle_nb(g.rng, Stream.SETUP, tiles, n)
    for p in range(n_players):
        s[p].legacy = tiles[p]
        s[p].copied = -1


@kernel
def setup_nb(cards, g, s, w, n_players, game_seed, index):
    """A fresh game from its seed alone: the stacks, the board, the legacy deal; a random
    round-1 start player (ruling AP-3) and seats clockwise from it; each seat's setup-sheet
    florins, housing and city (a random royal city when the sheet says `random`). Then
    each seat in order draws its start cards from the open (level-1) stacks."""
    g.index = index
    g.seed = game_seed
    g.n_players = n_players
    seed_streams_nb(game_seed, g.rng)
    deal_stacks_nb(cards, g)
    place_board_nb(cards, g)
    deal_legacy_nb(cards, g, s, n_players)
    first = randint_nb(g.rng, Stream.SETUP, n_players)
    g.order[:] = -1
    n_royal_cities = 0
    for c in range(cards.counts[Count.CITIES]):
        n_royal_cities += cards.city_royal[c]
    for k in range(n_players):
        p = (first + k) % n_players
        g.order[k] = p
        s[p].start_pos = k
    for p in range(min(n_players, MAX_PLAYERS)):
        s[p].florins = cards.rules[Rule.START_FLORINS]
        s[p].housing = cards.rules[Rule.START_HOUSING]
        s[p].level_open = 1
        city = cards.rules[Rule.START_CITY]
        if city == RANDOM_CITY:
            k = randint_nb(g.rng, Stream.SETUP, n_royal_cities)
            for c in range(cards.counts[Count.CITIES]):
                if cards.city_royal[c] == 1:
                    if k == 0:
                        city = c
                    k -= 1
        s[p].city = city
    log_nb(g, w, first, Ev.FIRST, first, 0, 0, 0)
    g.rounds = 0
    g.events_done = 0
    g.end_trigger = 0
    start_setup_draw_nb(cards, g, s, 0)


@kernel
def start_setup_draw_nb(cards, g, s, k):
    """The seat at position k of round 1 draws its start cards (setup.toml start_cards)."""
    p = g.order[k]
    g.pos = k
    g.current = p
    g.actor = p
    g.draws_left = cards.rules[Rule.START_CARDS]
    g.takes_n = 0
    g.stage = Stage.DRAW
