"""The flip and spend effects of phase (a) (spec 1.2.6), one kernel each: the targets a
card may take (its option rows) and what it does.

A source is an effect card flipped (FLIP), spent (SPEND: either face, rulebook: Effect
cards) or a vocation ability (VOC: the vocation card flipped). Effects that continue with
a choice (take, discard own cards, a victim's flips) set a stage; the caller returns to
the free phase otherwise. An effect against another player that is a negative action
(ruling EW-20) is marked for the patrons' keep checks (rules/keep_nb.py); Philip the
Good's text is rules/patrons_nb.py."""

from __future__ import annotations

import numpy as np

from simcore.games.ewmh.codes import Effect, Keep, Rule
from simcore.games.ewmh.rules.decks_nb import (
    array_cards_nb,
    discard_card_nb,
    draw_comps_nb,
)
from simcore.games.ewmh.rules.held_nb import any_fresh_nb, n_fresh_nb, n_held_nb, plays_text_nb
from simcore.games.ewmh.rules.keep_nb import mark_negative_nb, negative_target_nb
from simcore.games.ewmh.rules.log_nb import log_nb
from simcore.games.ewmh.rules.move_nb import move_pawn_nb
from simcore.games.ewmh.rules.options_util_nb import add_opt_nb
from simcore.games.ewmh.rules.patrons_nb import double_next_roll_nb, philip_options_nb
from simcore.games.ewmh.state.codes import Ev, Opt, Stage
from simcore.games.ewmh.state.dtypes import MAX_ARRAY, CompState, Stream
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import randint_nb, shuffle_nb


@kernel
def can_take_nb(cards, g, deck_top, patrons_only):
    """Whether a take has anything to take: an array card (a patron, if only patrons),
    or the deck top where allowed (with the discard to reshuffle, ruling EW-43)."""
    for i in range(MAX_ARRAY):
        c = g.array[i]
        if c >= 0 and (not patrons_only or cards.design_keep[cards.card_design[c]] != Keep.NONE):
            return True
    return deck_top and not patrons_only and (g.deck_n > 0 or g.discard_n > 0)


@kernel
def effect_options_nb(cards, g, s, w, n, p, kind, a, effect, prm):
    """Append the option rows (kind, a, targets) of effect `effect` with parameters `prm`
    used by seat p from source `a` (a card, or a vocation ability); returns the new n.
    An effect that cannot act here lists nothing."""
    n_players = g.n_players
    length = int(cards.rules[Rule.PATH_LENGTH])
    if (
        effect == Effect.DRAW_COMPOSITIONS
        or effect == Effect.BACK_AND_DRAW
        or effect == Effect.SPHERES
        or effect == Effect.REDISTRIBUTE
        or effect == Effect.COST_REDUCE
        or effect == Effect.DOUBLE_ABILITY
    ):
        return add_opt_nb(g, w, n, kind, a, -1, -1, -1)
    if effect == Effect.TAKE_EFFECT:
        if can_take_nb(cards, g, prm[1] == 1, False):
            n = add_opt_nb(g, w, n, kind, a, -1, -1, -1)
        return n
    if effect == Effect.HIGHER_EDUCATION:
        if can_take_nb(cards, g, prm[3] == 1, False):
            n = add_opt_nb(g, w, n, kind, a, -1, -1, -1)
        return n
    if effect == Effect.CONCERTANTE:
        if array_cards_nb(g) > 0:
            n = add_opt_nb(g, w, n, kind, a, -1, -1, -1)
        return n
    if effect == Effect.MOVE_PAWN:  # any pawn not on End (ruling EW-34)
        for q in range(n_players):
            if s[q].arrival > 0:
                continue
            for d in range(max(1, prm[0]), prm[1] + 1):
                n = add_opt_nb(g, w, n, kind, a, q, d, -1)
                if prm[2] == 1 and s[q].pos > 0:
                    n = add_opt_nb(g, w, n, kind, a, q, -d, -1)
        return n
    if effect == Effect.SAME_TILE_PUSH:  # a pawn on your tile, not Start or End (EW-33)
        here = s[p].pos
        if 0 < here < length:
            for q in range(n_players):
                if q != p and s[q].pos == here and s[q].arrival == 0:
                    n = add_opt_nb(g, w, n, kind, a, q, -1, -1)
        return n
    if effect == Effect.STEAL_COMPOSITION or effect == Effect.BORROW_UNITS:
        for q in range(n_players):
            if q != p:
                n = add_opt_nb(g, w, n, kind, a, q, -1, -1)
        return n
    if effect == Effect.FORCE_FLIP:
        for q in range(n_players):
            if q != p and any_fresh_nb(g, s, q):
                n = add_opt_nb(g, w, n, kind, a, q, -1, -1)
        return n
    if effect == Effect.REMOVE_PUBLISHED:
        for k in range(g.n_comps):
            q = g.comp_owner[k]
            if g.comp_state[k] == CompState.PUBLISHED and q != p:
                n = add_opt_nb(g, w, n, kind, a, q, k, -1)
        return n
    if effect == Effect.ANNEX:  # "a player's" card: yourself included (ruling EW-30)
        for c in range(g.n_cards):
            q = g.card_loc[c]
            if q >= 0 and not (kind == Opt.SPEND and c == a):  # not the spent card
                n = add_opt_nb(g, w, n, kind, a, q, c, -1)
        return n
    if effect == Effect.NOBLE_SACRIFICE:  # an opponent's card, and `own` of yours
        if n_held_nb(g, p) >= prm[1]:
            for c in range(g.n_cards):
                q = g.card_loc[c]
                if q >= 0 and q != p:
                    n = add_opt_nb(g, w, n, kind, a, q, c, -1)
        return n
    if effect == Effect.CARDS_TO_MOVE:  # discard k >= 1 cards, move k (ruling EW-37)
        if s[p].arrival == 0 and n_held_nb(g, p) > 0:
            n = add_opt_nb(g, w, n, kind, a, -1, -1, -1)
        return n
    if effect == Effect.DOUBLE_NEXT_ROLL:  # Philip the Good (patrons_nb)
        return philip_options_nb(g, s, w, n, p, kind, a)
    return n


@kernel
def spheres_success_nb(x, y):
    """Whether dice x and y form an octave (2:1), a fourth (4:3) or a fifth (3:2) (Music
    of the Spheres; ruling EW-27)."""
    return (
        x == 2 * y
        or y == 2 * x
        or 3 * x == 4 * y
        or 3 * y == 4 * x
        or 2 * x == 3 * y
        or 2 * y == 3 * x
    )


@kernel
def spheres_hit_nb(g):
    """Whether two of the Music of the Spheres dice (GAME.sph_dice) are consonant."""
    hit = False
    for i in range(g.sph_n):
        for j in range(i + 1, g.sph_n):
            if spheres_success_nb(g.sph_dice[i], g.sph_dice[j]):
                hit = True
    return hit


@kernel
def roll_spheres_nb(cards, g, s, w, p, n_dice, draw):
    """Music of the Spheres: roll n_dice d6 (DICE stream; ruling EW-27); with a fresh
    Rondeaux seat p may reroll one of them first (SPHERES, ruling EW-28: "its own die,
    movement or Spheres"), else a consonance draws `draw` compositions. Returns 1 if the
    SPHERES stage was set."""
    sides = int(cards.rules[Rule.DIE_SIDES])
    g.sph_n = n_dice
    g.sph_draw = draw
    for i in range(n_dice):
        g.sph_dice[i] = 1 + randint_nb(g.rng, Stream.DICE, sides)
    for c in range(g.n_cards):
        if (
            g.card_loc[c] == p
            and g.card_flipped[c] == 0
            and plays_text_nb(cards, c) == (Effect.REROLL)
        ):
            g.stage = Stage.SPHERES
            g.actor = p
            return 1
    if spheres_hit_nb(g):
        draw_comps_nb(g, s, w, p, draw)
    return 0


@kernel
def redistribute_nb(g, s, w, p):
    """Peasants' Revolt: every effect card held by a player, the vocations aside, dealt out
    one at a time from the spender's left, shuffled (DECK stream), each keeping its face;
    the first (count mod N) players get one more (ruling EW-24)."""
    pool = np.empty(g.n_cards, np.int8)
    m = 0
    for c in range(g.n_cards):
        if g.card_loc[c] >= 0:
            pool[m] = c
            m += 1
    shuffle_nb(g.rng, Stream.DECK, pool, m)
    for i in range(m):
        q = (p + 1 + i) % g.n_players
        g.card_loc[pool[i]] = q
        log_nb(g, w, q, Ev.DEAL, pool[i], 0, 0, 0)


@kernel
def steal_composition_nb(g, s, w, p, q):
    """A random unpublished composition of seat q's (DECK stream) to seat p; against an
    empty hand nothing (ruling EW-31)."""
    m = 0
    for k in range(g.n_comps):
        if g.comp_state[k] == CompState.HAND and g.comp_owner[k] == q:
            m += 1
    if m == 0:
        return
    pick = randint_nb(g.rng, Stream.DECK, m)
    for k in range(g.n_comps):
        if g.comp_state[k] == CompState.HAND and g.comp_owner[k] == q:
            if pick == 0:
                g.comp_owner[k] = p
                s[p].comps_stolen += 1
                log_nb(g, w, p, Ev.STEAL, k, q, 0, 0)
                return
            pick -= 1


@kernel
def remove_published_nb(g, s, w, q, k):
    """Lost to History: seat q's published piece k goes to the composition discard and
    its points with it (rulebook card; ruling EW-10: bonuses are lost with the piece)."""
    s[q].running -= g.comp_base[k] + g.comp_bonus[k]
    s[q].lost += 1
    g.comp_state[k] = CompState.DISCARD
    g.comp_owner[k] = -1
    g.comp_base[k] = 0
    g.comp_bonus[k] = 0
    g.comp_voc[k] = 0
    g.comp_age[k] = -1
    g.comp_discard_n += 1
    log_nb(g, w, q, Ev.REMOVE, k, q, 0, 0)


@kernel
def start_take_nb(g, actor, n, n_min, deck_top, patrons_only):
    """The TAKE stage: `actor` takes up to n effect cards, at least n_min."""
    g.stage = Stage.TAKE
    g.actor = actor
    g.left = n
    g.taken = 0
    g.take_min = n_min
    g.take_deck = 1 if deck_top else 0
    g.take_patron = 1 if patrons_only else 0


@kernel
def next_concert_nb(g, s, step):
    """Concertante from `step` on: the next seat in turn order from the activator with the
    activator's vocation ("every Countryside Musician", ruling EW-36) takes an array card;
    returns 1 if a TAKE stage was set, 0 when all are done."""
    p = g.current
    for i in range(step, g.n_players):
        q = (p + i) % g.n_players
        if s[q].vocation == s[p].vocation and array_cards_nb(g) > 0:
            g.concert_step = i
            start_take_nb(g, q, 1, 1, False, False)
            return 1
    g.concert_step = -1
    return 0


@kernel
def apply_effect_nb(cards, g, s, w, p, effect, prm, b, c):
    """Seat p's effect with parameters prm on targets b, c (its option row). Returns 1 if
    it set a stage of its own (a choice continues it), else 0."""
    q = negative_target_nb(effect, p, b, c)
    if q >= 0:  # for the keep checks of p's patrons (ruling EW-20)
        mark_negative_nb(g, s, w, p, q)
    if effect == Effect.DRAW_COMPOSITIONS:
        draw_comps_nb(g, s, w, p, prm[0])
    elif effect == Effect.BACK_AND_DRAW:  # Gesualdo: back stops at Start, draw anyway (EW-35)
        move_pawn_nb(cards, g, s, w, p, -prm[0], False)
        draw_comps_nb(g, s, w, p, prm[1])
    elif effect == Effect.TAKE_EFFECT:
        start_take_nb(g, p, prm[0], prm[0], prm[1] == 1, False)
        return 1
    elif effect == Effect.HIGHER_EDUCATION:  # face B: a patron first, else 2 (ruling EW-2)
        if prm[2] == 1 and can_take_nb(cards, g, False, True):
            start_take_nb(g, p, 1, 1, False, True)
        else:
            start_take_nb(g, p, prm[1], prm[0], prm[3] == 1, False)
        return 1
    elif effect == Effect.SPHERES:  # prm: dice, draw (ruling EW-27)
        return roll_spheres_nb(cards, g, s, w, p, prm[0], prm[1])
    elif effect == Effect.MOVE_PAWN:  # no tile (ruling EW-14)
        move_pawn_nb(cards, g, s, w, b, c, False)
    elif effect == Effect.SAME_TILE_PUSH:  # Beatriz: them back, you forward (EW-33)
        move_pawn_nb(cards, g, s, w, b, -prm[1], False)
        move_pawn_nb(cards, g, s, w, p, prm[0], False)
    elif effect == Effect.STEAL_COMPOSITION:  # g.guard: Guild License stops it (EW-38)
        if g.guard == 0:
            steal_composition_nb(g, s, w, p, b)
    elif effect == Effect.REMOVE_PUBLISHED:
        if g.guard == 0:
            remove_published_nb(g, s, w, b, c)
    elif effect == Effect.ANNEX:  # their card discarded, their pawn forward (EW-30)
        if g.guard == 0:
            discard_card_nb(g, c)
            log_nb(g, w, b, Ev.DISCARD, c, 0, 0, 0)
        move_pawn_nb(cards, g, s, w, b, prm[1], False)
    elif effect == Effect.NOBLE_SACRIFICE:
        if g.guard == 0:
            discard_card_nb(g, c)
            log_nb(g, w, b, Ev.DISCARD, c, 0, 0, 0)
        if prm[1] > 0 and n_held_nb(g, p) > 0:
            g.stage = Stage.DISCARD_OWN
            g.actor = p
            g.left = prm[1]
            g.taken = 0
            g.discard_mode = 0
            return 1
    elif effect == Effect.FORCE_FLIP:  # the victim chooses which (ruling EW-29)
        g.stage = Stage.FORCE_FLIP
        g.actor = b
        g.left = min(prm[0], n_fresh_nb(g, s, b))
        return 1
    elif effect == Effect.REDISTRIBUTE:
        redistribute_nb(g, s, w, p)
    elif effect == Effect.COST_REDUCE:
        g.reduce += prm[0]
    elif effect == Effect.BORROW_UNITS:  # House Medici (ruling EW-12)
        g.medici = b
        g.bank += prm[0]
    elif effect == Effect.CARDS_TO_MOVE:
        g.stage = Stage.DISCARD_OWN
        g.actor = p
        g.left = n_held_nb(g, p)
        g.taken = 0
        g.discard_mode = 1
        g.per_card = prm[0]
        return 1
    elif effect == Effect.CONCERTANTE:
        return next_concert_nb(g, s, 0)
    elif effect == Effect.DOUBLE_NEXT_ROLL:  # Philip the Good (ruling EW-21)
        double_next_roll_nb(cards, s, p, int(prm[0]))
    return 0
