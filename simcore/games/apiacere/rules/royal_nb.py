"""Royal tiles and royal events (rulebook: Royal Events, Royal Event Tiles, After every
Royal event): the white keys in the event city, the tile's winner, the variety tiles'
shift by the red die, and the next block's start player."""

from __future__ import annotations

import numpy as np

from simcore.games.apiacere.codes import Count, Rule
from simcore.games.apiacere.rules.log_nb import log_nb
from simcore.games.apiacere.rules.telltales_nb import banned_nb
from simcore.games.apiacere.sizes import MAX_VARIETY
from simcore.games.apiacere.state.codes import Ev
from simcore.games.apiacere.state.dtypes import Stream
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import randint_nb
from simcore.kernels.stack_nb import stack_empty


@kernel
def royal_bonus_nb(cards, g, p, city, effect):
    """The sum of parameter 0 of the royal tiles of kind `effect` that seat p holds and
    whose city is `city`: a bonus counts only in its city, for its holder (ruling AP-30)."""
    total = 0
    for r in range(cards.counts[Count.ROYAL]):
        mine = g.royal_holder[r] == p and cards.royal_city[r] == city
        if mine and cards.royal_effect[r] == effect:
            total += cards.royal_params[r, 0]
    return total


@kernel
def position_nb(g, p):
    """Seat p's position in the current block's turn order, 0 = the start player."""
    for k in range(g.n_players):
        if g.order[k] == p:
            return k
    return -1


@kernel
def royal_event_nb(cards, g, s, w):
    """The royal event on field g.events_done: every seat in the tile's city not banned
    from it gains the field's white keys (ruling AP-17; example 13, ruling AP-21);
    among them the most white keys wins the tile, then the most black keys, then the seat
    that started the previous round last, i.e. played last in it (rulebook: Royal Events).
    Nobody there: nobody wins the tile. Returns the winner or -1."""
    k = g.events_done
    r = g.royal_order[k]
    city = cards.royal_city[r]
    keys = cards.royal_keys[k]
    best = -1
    for pos in range(g.n_players):
        p = g.order[pos]
        if s[p].city != city or banned_nb(cards, g, p, city):
            continue
        s[p].white += keys
        s[p].event_keys += keys
        if best < 0 or s[p].white > s[best].white:
            best = p
        elif s[p].white == s[best].white and s[p].black >= s[best].black:
            best = p  # equal on both: p played later than best in the previous round
    if best >= 0:
        g.royal_holder[r] = best
        s[best].royal_tiles += 1
    log_nb(g, w, best, Ev.EVENT, city, keys, best, r)
    g.events_done += 1
    return best


@kernel
def shift_variety_nb(cards, g, w):
    """Roll the red die (DICE stream) and shift every variety tile that many slots, to
    the right for +1, wrapping from Vienna to Paris (rulebook: After every Royal event;
    the faces are ruling AP-19)."""
    faces = cards.counts[Count.DIE_FACES]
    face = randint_nb(g.rng, Stream.DICE, faces)
    shift = cards.red_die[face]
    n = cards.rules[Rule.VARIETY_SLOTS]
    old = stack_empty(MAX_VARIETY, np.int64)
    for i in range(n):
        old[i] = g.variety[i]
    for i in range(n):
        g.variety[(i + shift + n) % n] = old[i]
    log_nb(g, w, -1, Ev.VARIETY, face + 1, shift, 0, 0)


@kernel
def next_start_nb(g, s, w):
    """The next block's order: the most keys (white + black) starts, ties to the tied
    seat that played last in the previous round; the others follow clockwise (rulebook:
    After every Royal event, 4; the start player stays for the block, ruling AP-4)."""
    n = g.n_players
    best = g.order[0]
    for pos in range(1, n):
        p = g.order[pos]
        if s[p].white + s[p].black >= s[best].white + s[best].black:
            best = p
    for k in range(n):
        g.order[k] = (best + k) % n
    log_nb(g, w, best, Ev.ORDER, best, 0, 0, 0)
