"""5. Play Cards (rulebook: 5A, 5C; rulings AP-6, AP-22): a card costs its level in
action points, level 2 and 3 cards may be paid over several turns under progress markers,
and a card scores only when finished. Teach, Perform, Compose (with chains and
Variations, rules/chains_nb.py), Tell Tales and Do Good (rules/telltales_nb.py)."""

from __future__ import annotations

from simcore.games.apiacere.codes import Colour, Effect, Rule
from simcore.games.apiacere.rules.chains_nb import (
    before_compose_nb,
    chain_compose_nb,
    tile_keys_nb,
)
from simcore.games.apiacere.rules.log_nb import log_nb
from simcore.games.apiacere.rules.stacks_nb import discard_nb
from simcore.games.apiacere.rules.telltales_nb import (
    do_good_nb,
    land_nb,
    spend_nb,
    take_pending_nb,
)
from simcore.games.apiacere.state.codes import Ev
from simcore.games.apiacere.state.dtypes import PLAY
from simcore.kernels.jit import kernel


@kernel
def playable_nb(cards, c):
    """Card c is played by action points, one at a time or several (a Variation is
    played in full on the chain cards it copies: options_nb)."""
    return cards.card_effect[c] != Effect.VARIATION


@kernel
def pay_nb(cards, florins, h):
    """Florins a yellow card pays in housing h: its florins times the housing's pay
    percent, rounded up to the smallest coin (ruling AP-6: the homeless' half of 50 is
    30). Keys are never halved."""
    coin = cards.rules[Rule.COIN]
    part = florins * cards.housing_pay[h]
    unit = 100 * coin
    return ((part + unit - 1) // unit) * coin


@kernel
def under_marker_nb(g, p, k):
    """Seat p's cards in play under progress marker k (k action points paid)."""
    n = 0
    for c in range(g.n_cards):
        if g.card_loc[c] == PLAY + p and g.card_prog[c] == k:
            n += 1
    return n


@kernel
def can_play_nb(cards, g, p, c, k):
    """Seat p may spend k action points on card c (in its hand, or its own in play): k
    within its actions left (for a red card its free points too, ruling AP-10) and the
    card's unpaid points; no Perform/Teach while a Take in front of it is unpaid (example
    9); and, when the card stays unfinished, room under the marker it ends under
    (rulebook: 5C, "Up to three cards can be stacked under a marker")."""
    loc = g.card_loc[c]
    if loc != p and loc != PLAY + p:
        return False
    colour = cards.card_colour[c]
    budget = g.actions_left + (g.free_left if colour == Colour.RED else 0)
    if not playable_nb(cards, c) or k < 1 or k > budget:
        return False
    if colour == Colour.YELLOW and take_pending_nb(cards, g, p) >= 0:
        return False
    prog = g.card_prog[c]
    left = cards.card_level[c] - prog
    if k > left:
        return False
    full = under_marker_nb(g, p, prog + k) >= cards.rules[Rule.PROGRESS_CARDS]
    return k == left or not full


@kernel
def finish_nb(cards, g, s, w, p, c):
    """Card c is finished: Teach pays florins (and white keys at levels 2-3), Perform
    white keys and florins (rulebook: 5A), both then face up onto their discard piles
    (rulebook: 6. Keep Cards); Compose scores black keys with the extra keys of the tiles
    held, and joins the chain or is discarded (rules/chains_nb.py)."""
    e = cards.card_effect[c]
    florins = 0
    white = 0
    black = 0
    if e == Effect.TEACH or e == Effect.PERFORM:
        florins = pay_nb(cards, cards.card_params[c, 0], s[p].housing)
        white = cards.card_params[c, 1]
        if e == Effect.TEACH:
            s[p].taught += 1
        else:
            s[p].performed += 1
    s[p].florins += florins
    s[p].earned += florins
    s[p].white += white
    if e == Effect.COMPOSE:
        bonus = tile_keys_nb(cards, s, p, cards.card_instrument[c])
        black = cards.card_params[c, 0]
        s[p].composed += 1
        s[p].instruments |= 1 << int(cards.card_instrument[c])  # int: a wide shift also in
        # plain Python (NUMBA_DISABLE_JIT=1), where int8 arithmetic would wrap
        bonus += chain_compose_nb(cards, g, s, w, p, c)  # the chain, or the discard pile
        s[p].bonus_keys += bonus
        black += bonus
        s[p].black += black
    else:
        discard_nb(cards, g, c)
    log_nb(g, w, p, Ev.FINISH, c, florins, white, black)


@kernel
def play_card_nb(cards, g, s, w, p, c, k, x, y, z):
    """Seat p spends k action points on card c: from its hand or further under its
    progress marker; finished when the points paid reach the card's level. A finished
    Tell Tale goes to seat x (a Ban on city y; z the card it replaces), a finished Do
    Good on own Tell Tale x or as a shield (x = -1); returns 1 when a STEAL follows."""
    e = cards.card_effect[c]
    spend_nb(g, k, cards.card_colour[c] == Colour.RED)
    if e == Effect.COMPOSE:
        before_compose_nb(cards, g, s, w, p, c)
    prog = g.card_prog[c] + k
    log_nb(g, w, p, Ev.PLAY, c, k, prog, 0)
    if prog >= cards.card_level[c]:
        g.card_prog[c] = 0
        if e == Effect.BAN or e == Effect.TAKE or e == Effect.DRAW:
            return land_nb(cards, g, s, w, p, c, x, y, z)
        if e == Effect.DO_GOOD:
            do_good_nb(cards, g, s, w, p, c, x)
        else:
            finish_nb(cards, g, s, w, p, c)
    else:
        g.card_loc[c] = PLAY + p
        g.card_prog[c] = prog
    return 0


@kernel
def half_up_nb(value, part, whole):
    """value * part / whole rounded half up (ruling AP-22: 2.5 keys is 3, 2.4 is 2)."""
    return (2 * value * part + whole) // (2 * whole)


@kernel
def partial_keys_nb(cards, g, s, p):
    """Seat p's unfinished cards scored for their part (rulebook: Game End & Scoring;
    ruling AP-22): the white keys of Perform/Teach, the black keys of Compose with the
    extra keys of the tiles held ("This includes bonuses from chains or bonus tiles"), each times
    its points paid over its level, rounded half up; written to partial_white/black."""
    white = 0
    black = 0
    for c in range(g.n_cards):
        if g.card_loc[c] != PLAY + p:
            continue
        level = cards.card_level[c]
        prog = g.card_prog[c]
        e = cards.card_effect[c]
        if e == Effect.TEACH or e == Effect.PERFORM:
            white += half_up_nb(cards.card_params[c, 1], prog, level)
        elif e == Effect.COMPOSE:
            keys = cards.card_params[c, 0] + tile_keys_nb(cards, s, p, cards.card_instrument[c])
            black += half_up_nb(keys, prog, level)
    s[p].partial_white = white
    s[p].partial_black = black
