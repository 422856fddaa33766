"""What a seat's player can see at the table in Early Western Music History, for
strategies: the hidden fields, and the accessors through which a strategy reads the part
of them it may see.

Public: the path and every pawn, every effect card held (cards lie face up, green or red,
in front of their holder: the rulebook's "Flip" and "Refresh" act on visible cards), the
array, the discard pile, every published piece and its points, the vocations, how many
unpublished pieces each seat holds and how many cards each deck holds. Hidden: which
compositions another seat holds face down (the composition deck and the other hands are
one pool of the same back), the order and contents of both decks, the draft packets of
the other seats, the seed and the random streams.

tests/ewmh/test_public_view.py enforces this on every module of strategies/ewmh/ and
every engine kernel they call (tests/strategies/seat_flow.py), and checks at every
decision of real games that dealing the hidden part again (play/redeal_nb.py) changes
neither the option list nor any heuristic's choice.
"""

from __future__ import annotations

from simcore.games.ewmh.state.dtypes import CompState
from simcore.kernels.jit import kernel

# GAME fields no seat may read directly (dtypes.py), and why.
HIDDEN_FIELDS = {
    "seed": "the game seed: every shuffle and die follows from it",
    "rng": "the random streams: a strategy draws only from its own, as "
    "f(g.rng, Stream.STRATEGY, ...) with a function of simcore.kernels.rng_nb",
    "deck": "the effect deck's order and contents (deck_n is public)",
    "comp_deck": "the composition deck's order and contents (comp_deck_n is public)",
    "comp_owner": "who holds which unpublished composition; published pieces are read "
    "through this module (own_hand_nb, hand_count_nb, published_owner_nb)",
    "comp_state": "which compositions are in a hand or in the deck (the same back); read "
    "through this module",
    "packet": "the draft packets; a seat's own is its option list",
}

# SEAT fields only their owner sees: none (everything of a seat lies face up).
OWN_FIELDS: dict[str, str] = {}


@kernel
def own_hand_nb(cards, g, p, counts):
    """Seat p's own unpublished pieces per genre into counts (int64[>= genres], mutated);
    returns how many. Only the deciding seat's own hand: p must be the seat deciding."""
    counts[:] = 0
    n = 0
    for k in range(g.n_comps):
        if g.comp_state[k] == CompState.HAND and g.comp_owner[k] == p:
            counts[cards.comp_genre[k]] += 1
            n += 1
    return n


@kernel
def comps_to_draw_nb(g):
    """How many compositions can still be drawn: the deck and its discard, which an empty
    deck takes (both counts public; ruling EW-43: with both empty nothing is drawn)."""
    return g.comp_deck_n + g.comp_discard_n


@kernel
def hand_count_nb(g, q):
    """How many unpublished pieces seat q holds (the backs are seen: public)."""
    n = 0
    for k in range(g.n_comps):
        if g.comp_state[k] == CompState.HAND and g.comp_owner[k] == q:
            n += 1
    return n


@kernel
def hand_counts_nb(g, counts):
    """hand_count_nb of every seat into counts (int64[>= n_players], mutated), in one pass
    (the backs are seen: public)."""
    counts[: g.n_players] = 0
    for k in range(g.n_comps):
        if g.comp_state[k] == CompState.HAND:
            counts[g.comp_owner[k]] += 1


@kernel
def published_owner_nb(g, k):
    """The seat in front of which composition k lies published, or -1 (not published)."""
    if g.comp_state[k] == CompState.PUBLISHED:
        return g.comp_owner[k]
    return -1
