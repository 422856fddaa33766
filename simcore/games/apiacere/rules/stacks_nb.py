"""The six card stacks, each with its own draw pile and discard pile (rulebook: Card
Stacks), and where a card goes when it leaves a hand or play."""

from __future__ import annotations

from simcore.games.apiacere.rules.log_nb import log_nb
from simcore.games.apiacere.state.codes import Ev
from simcore.games.apiacere.state.dtypes import Loc, Stream
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import shuffle_nb


@kernel
def refill_nb(g, w, st):
    """An empty draw pile takes its own discard pile, shuffled at once; the new top is
    not turned face up (rulebook: Card Stacks, example 5)."""
    if g.pile_n[st] > 0 or g.disc_n[st] == 0:
        return
    n = g.disc_n[st]
    for i in range(n):
        c = g.disc[st, i]
        g.pile[st, i] = c
        g.card_loc[c] = Loc.PILE
    g.pile_n[st] = n
    g.disc_n[st] = 0
    shuffle_nb(g.rng, Stream.DECK, g.pile[st], n)
    g.faceup[st] = 0
    log_nb(g, w, g.current, Ev.RESHUFFLE, st, n, 0, 0)


@kernel
def pop_top_nb(g, w, st, p):
    """The top card of stack st's draw pile into seat p's hand (returns it; -1 when the
    pile and its discard pile are empty); the card below it lies face down."""
    refill_nb(g, w, st)
    n = g.pile_n[st]
    if n == 0:
        return -1
    c = g.pile[st, n - 1]
    g.pile_n[st] = n - 1
    g.card_loc[c] = p
    g.faceup[st] = 0
    refill_nb(g, w, st)
    return c


@kernel
def discard_nb(cards, g, c):
    """Card c face up onto its own stack's discard pile (rulebook: 6. Keep Cards)."""
    st = cards.card_stack[c]
    g.disc[st, g.disc_n[st]] = c
    g.disc_n[st] += 1
    g.card_loc[c] = Loc.DISCARD
    g.card_prog[c] = 0


@kernel
def hand_size_nb(g, p):
    """Cards in seat p's hand."""
    n = 0
    for c in range(g.n_cards):
        if g.card_loc[c] == p:
            n += 1
    return n
