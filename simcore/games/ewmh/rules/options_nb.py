"""The legal options of every decision stage (spec 1.3), written into w.opts.

Cards of one design are alike where only the design matters (flipping or spending one
for its text, paying with one), so such options list a design once; pieces of one genre
alike, so productions list (genre, banner) pairs. Every stage that can be left lists
STOP, so no decision has zero options."""

from __future__ import annotations

import numpy as np

from simcore.games.ewmh.codes import N_AGES, Count, Keep, Timing
from simcore.games.ewmh.rules.effects_nb import effect_options_nb
from simcore.games.ewmh.rules.held_nb import full_points_all_nb, plays_text_nb
from simcore.games.ewmh.rules.keep_nb import may_stop_discarding_nb
from simcore.games.ewmh.rules.options_util_nb import add_opt_nb
from simcore.games.ewmh.rules.produce_nb import banner_points_of_nb, cost_nb, units_available_nb
from simcore.games.ewmh.rules.react_nb import stage_options_nb
from simcore.games.ewmh.rules.setup_nb import n_vocations_nb
from simcore.games.ewmh.rules.turn_nb import rondeaux_card_nb
from simcore.games.ewmh.sizes import MAX_DESIGNS, MAX_GENRES
from simcore.games.ewmh.state.codes import VOC_CARD, Opt, Stage
from simcore.games.ewmh.state.dtypes import MAX_ARRAY, MAX_DRAFT, CompState
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty

DESIGN_FACES = 2 * MAX_DESIGNS  # (design, face) keys of own_card_options_nb: a constant size


@kernel
def phase_options_nb(cards, g, s, w, p):
    """The free phase (ruling EW-13): roll (before the roll) or end the turn (after it, or
    on a turn begun on End), flip a fresh card for its text, spend a spend card (either
    face), flip the fresh vocation for one ability, or produce a piece whose cost the
    units at hand can pay (rulebook: "This must happen within a single turn")."""
    n = 0
    if g.rolled == 0:
        n = add_opt_nb(g, w, n, Opt.ROLL, -1, -1, -1, -1)
    else:
        n = add_opt_nb(g, w, n, Opt.END, -1, -1, -1, -1)
    seen = stack_empty(MAX_DESIGNS, np.bool_)
    seen[:] = False
    for c in range(g.n_cards):
        if g.card_loc[c] != p:
            continue
        effect = plays_text_nb(cards, c)
        d = cards.card_design[c]
        if effect <= 0 or seen[d]:
            continue
        timing = cards.design_timing[d]
        if timing == Timing.FLIP and g.card_flipped[c] == 0:
            seen[d] = True
            n = effect_options_nb(cards, g, s, w, n, p, Opt.FLIP, c, effect, cards.card_params[c])
        elif timing == Timing.SPEND:
            seen[d] = True
            n = effect_options_nb(cards, g, s, w, n, p, Opt.SPEND, c, effect, cards.card_params[c])
    if s[p].voc_flipped == 0:
        for a in range(cards.counts[Count.ABILITIES]):
            mine = cards.ability_vocation[a] == s[p].vocation
            if mine and cards.ability_timing[a] == Timing.FLIP:
                effect = cards.ability_effect[a]
                n = effect_options_nb(
                    cards, g, s, w, n, p, Opt.VOC, a, effect, cards.ability_params[a]
                )
    units = units_available_nb(cards, g, s, p)
    in_hand = stack_empty(MAX_GENRES, np.bool_)
    full = stack_empty(N_AGES, np.int64)
    hand_genres_nb(cards, g, p, in_hand, full)
    for genre in range(cards.counts[Count.GENRES]):
        if not in_hand[genre]:
            continue
        for age in range(N_AGES):
            allowed = banner_points_of_nb(cards, genre, age, full[age]) >= 0
            if allowed and cost_nb(cards, g, genre, age) <= units:
                n = add_opt_nb(g, w, n, Opt.PRODUCE, genre, age, -1, -1)
    return n


@kernel
def hand_genres_nb(cards, g, p, in_hand, full):
    """Which genres seat p holds a piece of (in_hand: bool[>= genres], mutated; what
    first_in_hand_nb >= 0 tells, in one pass) and its full_points_nb for every Age (full:
    int64[N_AGES], mutated), read once where productions are listed."""
    in_hand[:] = False
    for k in range(g.n_comps):
        if g.comp_state[k] == CompState.HAND and g.comp_owner[k] == p:
            in_hand[cards.comp_genre[k]] = True
    full_points_all_nb(cards, g, p, full)


@kernel
def pay_options_nb(cards, g, s, w, p):
    """A unit towards the production under way: a fresh own card (Petrucci pays 3), the
    fresh vocation, or a fresh card of the House Medici target (ruling EW-12)."""
    n = 0
    seen = stack_empty(MAX_DESIGNS, np.bool_)
    seen[:] = False
    seen_medici = stack_empty(MAX_DESIGNS, np.bool_)
    seen_medici[:] = False
    if s[p].voc_flipped == 0:
        n = add_opt_nb(g, w, n, Opt.PAY, VOC_CARD, p, -1, -1)
    for c in range(g.n_cards):
        if g.card_flipped[c] != 0:
            continue
        d = cards.card_design[c]
        if g.card_loc[c] == p and not seen[d]:
            seen[d] = True
            n = add_opt_nb(g, w, n, Opt.PAY, c, p, -1, -1)
        elif g.medici >= 0 and g.card_loc[c] == g.medici and not seen_medici[d]:
            seen_medici[d] = True
            n = add_opt_nb(g, w, n, Opt.PAY, c, g.medici, -1, -1)
    if n == 0:  # cannot happen: a production starts only when its units are at hand
        n = add_opt_nb(g, w, n, Opt.STOP, -1, -1, -1, -1)
    return n


@kernel
def take_options_nb(cards, g, s, w, p):
    """An effect card to take: an array card (only patrons, for Higher Education's
    patron), or the deck top where allowed; STOP once the minimum is taken or nothing is
    left to take."""
    n = 0
    if g.left > 0:
        for i in range(MAX_ARRAY):
            c = g.array[i]
            if c < 0:
                continue
            if g.take_patron == 1 and cards.design_keep[cards.card_design[c]] == Keep.NONE:
                continue
            n = add_opt_nb(g, w, n, Opt.TAKE, i, -1, -1, -1)
        if g.take_deck == 1 and g.take_patron == 0 and (g.deck_n > 0 or g.discard_n > 0):
            n = add_opt_nb(g, w, n, Opt.TAKE, -1, -1, -1, -1)
    if n == 0 or g.taken >= g.take_min:
        n = add_opt_nb(g, w, n, Opt.STOP, -1, -1, -1, -1)
    return n


@kernel
def own_card_options_nb(cards, g, w, n, p, kind, fresh_only, by_face):
    """Append one option `kind` per own effect card of seat p (the vocation never: it
    cannot be discarded), a design listed once (once per face if `by_face`), only fresh
    ones if `fresh_only`; returns the new n."""
    seen = stack_empty(DESIGN_FACES, np.bool_)
    seen[:] = False
    for c in range(g.n_cards):
        if g.card_loc[c] != p or (fresh_only and g.card_flipped[c] != 0):
            continue
        key = 2 * cards.card_design[c] + (g.card_flipped[c] if by_face else 0)
        if not seen[key]:
            seen[key] = True
            n = add_opt_nb(g, w, n, kind, c, -1, -1, -1)
    return n


@kernel
def free_options_nb(cards, g, s, w, p):
    """A piece to produce at no cost (arrival, the End tile), any banner it may use; STOP
    to forgo the rest ("you may produce")."""
    n = 0
    in_hand = stack_empty(MAX_GENRES, np.bool_)
    full = stack_empty(N_AGES, np.int64)
    hand_genres_nb(cards, g, p, in_hand, full)
    for genre in range(cards.counts[Count.GENRES]):
        if not in_hand[genre]:
            continue
        for age in range(N_AGES):
            if banner_points_of_nb(cards, genre, age, full[age]) >= 0:
                n = add_opt_nb(g, w, n, Opt.FREE, genre, age, -1, -1)
    return add_opt_nb(g, w, n, Opt.STOP, -1, -1, -1, -1)


@kernel
def list_options_nb(cards, g, s, w):
    """The options of the decision at g.stage for seat g.actor into w.opts; their count
    (at least 1)."""
    p = g.actor
    stage = g.stage
    n = 0
    if stage == Stage.VOCATION:
        for v in range(n_vocations_nb(cards)):
            if g.voc_left[v] > 0:
                n = add_opt_nb(g, w, n, Opt.VOCATION, v, -1, -1, -1)
    elif stage == Stage.DRAFT:
        for j in range(MAX_DRAFT):
            if g.packet[p, j] >= 0:
                n = add_opt_nb(g, w, n, Opt.DRAFT, g.packet[p, j], -1, -1, -1)
        if n == 0:
            n = add_opt_nb(g, w, n, Opt.DRAFT, -1, -1, -1, -1)
    elif stage == Stage.REFRESH:
        if s[p].voc_flipped == 1:
            n = add_opt_nb(g, w, n, Opt.REFRESH, VOC_CARD, -1, -1, -1)
        seen = stack_empty(MAX_DESIGNS, np.bool_)
        seen[:] = False
        for c in range(g.n_cards):
            if g.card_loc[c] == p and g.card_flipped[c] == 1 and not seen[cards.card_design[c]]:
                seen[cards.card_design[c]] = True
                n = add_opt_nb(g, w, n, Opt.REFRESH, c, -1, -1, -1)
        if n == 0:
            n = add_opt_nb(g, w, n, Opt.STOP, -1, -1, -1, -1)
    elif stage == Stage.PHASE:
        n = phase_options_nb(cards, g, s, w, p)
    elif stage == Stage.PAY:
        n = pay_options_nb(cards, g, s, w, p)
    elif stage == Stage.TAKE:
        n = take_options_nb(cards, g, s, w, p)
    elif stage == Stage.DISCARD_OWN:
        if g.left > 0:
            n = own_card_options_nb(cards, g, w, 0, p, Opt.DISCARD, False, True)
        if n == 0 or (g.discard_mode == 1 and g.taken >= 1):
            n = add_opt_nb(g, w, n, Opt.STOP, -1, -1, -1, -1)
    elif stage == Stage.FORCE_FLIP:
        if g.left > 0:
            if s[p].voc_flipped == 0:
                n = add_opt_nb(g, w, n, Opt.FORCE, VOC_CARD, -1, -1, -1)
            n = own_card_options_nb(cards, g, w, n, p, Opt.FORCE, True, False)
        if n == 0:
            n = add_opt_nb(g, w, n, Opt.STOP, -1, -1, -1, -1)
    elif stage == Stage.FREE:
        n = free_options_nb(cards, g, s, w, p)
    elif stage == Stage.REROLL:
        n = add_opt_nb(g, w, n, Opt.KEEP, g.die1, -1, -1, -1)
        c = rondeaux_card_nb(cards, g, p)
        if c >= 0:
            n = add_opt_nb(g, w, n, Opt.REROLL, c, -1, -1, -1)
    elif stage == Stage.REROLL_PICK:
        n = add_opt_nb(g, w, n, Opt.USE, g.die1, -1, -1, -1)
        n = add_opt_nb(g, w, n, Opt.USE, g.die2, -1, -1, -1)
    elif stage == Stage.HAND_LIMIT:
        n = own_card_options_nb(cards, g, w, 0, p, Opt.DISCARD, False, True)
        if n == 0 or may_stop_discarding_nb(cards, g, s, p):  # keep 7, lose a patron (EW-19)
            n = add_opt_nb(g, w, n, Opt.STOP, -1, -1, -1, -1)
    else:  # REACT, ABSOLVE, GUARD, SPHERES, SPHERES_PICK (phase (c))
        n = stage_options_nb(cards, g, s, w, p)
    return n
