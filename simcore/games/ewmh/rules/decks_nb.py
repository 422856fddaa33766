"""The effect deck, the array, the discard pile and the composition deck.

Card places are kept in GAME.card_loc (state/dtypes.py); every move of a card goes
through these kernels, so a card is always in exactly one place."""

from __future__ import annotations

from simcore.games.ewmh.codes import Rule
from simcore.games.ewmh.rules.log_nb import log_nb
from simcore.games.ewmh.rules.trigger_nb import queue_trigger_nb
from simcore.games.ewmh.state.codes import Ev, Trigger
from simcore.games.ewmh.state.dtypes import MAX_ARRAY, CompState, Loc, Stream
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import shuffle_nb


@kernel
def give_card_nb(g, c, p):
    """Card c to seat p's hand, fresh (ruling EW-44: newly acquired cards enter fresh)."""
    g.card_loc[c] = p
    g.card_flipped[c] = 0


@kernel
def discard_card_nb(g, c):
    """Card c onto the discard pile (from a hand; its face no longer matters), discarded
    by the seat acting now (g.actor), counted for Amadeus VIII (ruling EW-22)."""
    g.card_loc[c] = Loc.DISCARD
    g.discard[g.discard_n] = c
    g.discard_n += 1
    g.disc_pending[g.actor] += 1


@kernel
def reshuffle_effects_nb(g):
    """An empty effect deck takes the discard pile, shuffled (DECK stream; ruling EW-43)."""
    n = g.discard_n
    for i in range(n):
        c = g.discard[i]
        g.deck[i] = c
        g.card_loc[c] = Loc.DECK
    g.discard_n = 0
    g.deck_n = n
    shuffle_nb(g.rng, Stream.DECK, g.deck, n)


@kernel
def pop_effect_nb(g):
    """The top card of the effect deck, removed (reshuffling the discard when empty);
    -1 when both are empty (ruling EW-43)."""
    if g.deck_n == 0:
        reshuffle_effects_nb(g)
    if g.deck_n == 0:
        return -1
    g.deck_n -= 1
    c = g.deck[g.deck_n]
    g.card_loc[c] = Loc.NONE  # in transit: the caller places it
    return c


@kernel
def draw_effects_nb(g, s, w, p, n):
    """Seat p draws n effect cards from the deck (a draw_effect tile); returns the count."""
    got = 0
    for _ in range(n):
        c = pop_effect_nb(g)
        if c < 0:
            break
        give_card_nb(g, c, p)
        s[p].effects_gained += 1
        log_nb(g, w, p, Ev.DRAW_EFFECT, c, 0, 0, 0)
        got += 1
    return got


@kernel
def refill_array_nb(cards, g):
    """Refill the array's regular slots (array_size) at once from the deck (ruling EW-6)."""
    size = min(int(cards.rules[Rule.ARRAY_SIZE]), MAX_ARRAY)
    for i in range(size):
        if g.array[i] < 0:
            c = pop_effect_nb(g)
            if c < 0:
                return
            g.array[i] = c
            g.card_loc[c] = Loc.ARRAY


@kernel
def take_effect_nb(cards, g, s, w, p, slot):
    """Seat p takes array slot `slot` (-1: the deck top; rulebook: "you may choose from
    one of these 4, or take the top card from the deck"), then the array refills (EW-6).
    Returns the card taken, or -1 if there was none."""
    if slot < 0:
        c = pop_effect_nb(g)
    else:
        c = g.array[slot]
        g.array[slot] = -1
    if c < 0:
        return -1
    give_card_nb(g, c, p)
    s[p].effects_gained += 1
    log_nb(g, w, p, Ev.TAKE, c, slot, 0, 0)
    refill_array_nb(cards, g)
    return c


@kernel
def array_cards_nb(g):
    """Cards face up in the array."""
    n = 0
    for i in range(MAX_ARRAY):
        if g.array[i] >= 0:
            n += 1
    return n


@kernel
def reshuffle_comps_nb(g):
    """An empty composition deck takes its discard (only Lost to History feeds it),
    shuffled (DECK stream; ruling EW-43)."""
    n = 0
    for k in range(g.n_comps):
        if g.comp_state[k] == CompState.DISCARD:
            g.comp_state[k] = CompState.DECK
            g.comp_deck[n] = k
            n += 1
    g.comp_deck_n = n
    g.comp_discard_n = 0
    shuffle_nb(g.rng, Stream.DECK, g.comp_deck, n)


@kernel
def draw_comps_nb(g, s, w, p, n):
    """Seat p draws n compositions, face down (hidden); an empty deck reshuffles its
    discard, and with both empty nothing is drawn (ruling EW-43). Returns the count."""
    got = 0
    for _ in range(n):
        if g.comp_deck_n == 0:
            reshuffle_comps_nb(g)
        if g.comp_deck_n == 0:
            break
        g.comp_deck_n -= 1
        k = g.comp_deck[g.comp_deck_n]
        g.comp_state[k] = CompState.HAND
        g.comp_owner[k] = p
        s[p].comps_drawn += 1
        log_nb(g, w, p, Ev.DRAW_COMP, k, 0, 0, 0)
        got += 1
    if got > 0:  # Hildegard's Divine Trance may draw more (ruling EW-42)
        queue_trigger_nb(g, Trigger.DRAW, p, got, 0)
    return got
