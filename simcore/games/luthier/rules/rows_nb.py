"""Decks and the tiered card rows of the main board (rulings 10 and 17)."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.output.log_nb import log_nb
from simcore.games.luthier.play.invariants_nb import OVERFLOW
from simcore.games.luthier.state.codes import Ev
from simcore.games.luthier.state.dtypes import MAX_DECK, MAX_HAND, MAX_SLOTS, Stream
from simcore.games.luthier.state.enums import CardRow, PatronDeck
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import shuffle_nb
from simcore.kernels.stack_nb import stack_empty

KEEP_N = 3 * MAX_SLOTS  # the kept cards of one row at the end of a round


@kernel
def draw_nb(g, row):
    """Top card of CardRow `row`'s deck, or -1 if deck and discards are both empty.

    Ruling 17: an empty deck is reshuffled from its discards (patron I and II
    discards together); with no discards the slot stays empty.
    """
    if g.deck_n[row] == 0:
        n = g.disc_n[row]
        if n == 0:
            return -1
        for i in range(n):
            g.decks[row, i] = g.discs[row, i]
        g.deck_n[row] = n
        g.disc_n[row] = 0
        shuffle_nb(g.rng, Stream.DECK, g.decks[row], n)
    g.deck_n[row] -= 1
    c = g.decks[row, g.deck_n[row]]
    g.decks[row, g.deck_n[row]] = -1
    return c


@kernel
def discard_nb(g, row, c):
    """Put card c on CardRow `row`'s discard pile."""
    if g.disc_n[row] < MAX_DECK:
        g.discs[row, g.disc_n[row]] = c
        g.disc_n[row] += 1


@kernel
def deck_to_bottom_nb(g, row, c):
    """Return card c to the bottom of CardRow `row`'s deck (setup step 5, reputation step 2)."""
    n = g.deck_n[row]
    if n >= MAX_DECK:
        discard_nb(g, row, c)
        return
    for i in range(n, 0, -1):
        g.decks[row, i] = g.decks[row, i - 1]
    g.decks[row, 0] = c
    g.deck_n[row] = n + 1


@kernel
def add_to_hand_nb(g, s, p, c):
    """Put instrument card c into seat p's hand; with MAX_HAND cards there (the rules have no
    hand limit) it goes under the deck instead, and the game is flagged OVERFLOW."""
    if s[p].hand_n < MAX_HAND:
        s[p].hand[s[p].hand_n] = c
        s[p].hand_n += 1
    else:
        deck_to_bottom_nb(g, CardRow.INSTRUMENTS, c)
        g.violations |= OVERFLOW


@kernel
def hand_remove_nb(s, p, i):
    """Remove and return the card at hand index i, keeping the hand packed."""
    c = s[p].hand[i]
    for j in range(i, s[p].hand_n - 1):
        s[p].hand[j] = s[p].hand[j + 1]
    s[p].hand_n -= 1
    s[p].hand[s[p].hand_n] = -1
    return c


@kernel
def n_slots_nb(cards, g, row, tier):
    return min(cards.row_slots[row, tier, g.n_players], MAX_SLOTS)


@kernel
def refill_rows_nb(cards, g, w):
    """Fill every empty face-up slot of every row from its deck (setup step 4, ruling 10)."""
    for row in range(4):
        for tier in range(3):
            for k in range(n_slots_nb(cards, g, row, tier)):
                if g.rows[row, tier, k] < 0:
                    c = draw_nb(g, row)
                    g.rows[row, tier, k] = c
                    if c >= 0:
                        log_nb(g, w, -1, Ev.ROW_DRAW, row, tier, k, c)


@kernel
def slide_rows_nb(cards, g, w):
    """End of round (ruling 10): discard tier I, slide tiers II and III down, refill.

    Remaining cards keep their order (tier II before tier III) and fill the
    lowest available slots first; empty slots then refill from the deck.
    """
    keep = stack_empty(KEEP_N, np.int16)
    for row in range(4):
        n_keep = 0
        for k in range(MAX_SLOTS):
            c = g.rows[row, 0, k]
            if c >= 0:
                discard_nb(g, row, c)
                log_nb(g, w, -1, Ev.ROW_DISCARD, row, c)
            g.rows[row, 0, k] = -1
        for tier in range(1, 3):
            for k in range(MAX_SLOTS):
                c = g.rows[row, tier, k]
                if c >= 0:
                    keep[n_keep] = c
                    n_keep += 1
                g.rows[row, tier, k] = -1
        i = 0
        for tier in range(3):
            for k in range(n_slots_nb(cards, g, row, tier)):
                if i < n_keep:
                    g.rows[row, tier, k] = keep[i]
                    i += 1
    refill_rows_nb(cards, g, w)


@kernel
def drop_patron_i_deck_nb(cards, g, w):
    """End of round 3: discard the patron I cards left in the draw deck, revealing patron II."""
    row = CardRow.PATRONS
    n = 0
    for i in range(g.deck_n[row]):
        c = g.decks[row, i]
        if cards.patron_deck[c] == PatronDeck.I:
            discard_nb(g, row, c)
        else:
            g.decks[row, n] = c
            n += 1
    for i in range(n, g.deck_n[row]):
        g.decks[row, i] = -1
    g.deck_n[row] = n
    log_nb(g, w, -1, Ev.PATRONS_II)
