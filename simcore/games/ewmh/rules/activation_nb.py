"""A card's activation as a record in GAME (act_*, negated, act_mult): paid for, then open
to Absolution, then to Guild License where it discards or steals another player's card,
then applied with Josquin's multiplier.

- Absolution (ruling EW-25): flipping the Church vocation negates another player's
  activated effect, a reaction included; it cannot itself be negated (one level). The
  seats are asked in turn order from the active player. A negated spend card stays
  discarded, a negated flip stays flipped: the cost is paid before the window.
- Guild License (ruling EW-38): the holder of the card or composition another player's
  effect would discard or steal (Plagiarize, Royal Annex, Noble Sacrifice, Lost to History,
  Nevell) may flip it to prevent that one discard or steal (GAME.guard). It is a reaction,
  so Absolution may negate it: the second, innermost record (MAX_ACTS = 2).
- Josquin (ruling EW-26): the next flip, spend, vocation ability or reaction its holder
  activates this turn has its numbers doubled (draw 2 -> 4, back 4 -> 8); Plagiarize, the
  non-numeric effect of the ruling's example, runs twice. An effect with one chosen target
  (Lost to History's piece, Royal Annex's and Noble Sacrifice's card, Nevell's steal,
  Charlemagne's tile), a choice of who (Concertante) or none to double (Peasants' Revolt,
  Council of Trent, Guild License, Rondeaux's one die) runs once.
- Rondeaux (rules/rondeaux_nb.py): its flip during a roll is an activation too, so a
  negated reroll leaves the die as it fell.
"""

from __future__ import annotations

import numpy as np

from simcore.games.ewmh.codes import Count, Effect
from simcore.games.ewmh.rules.effects_nb import apply_effect_nb
from simcore.games.ewmh.rules.held_nb import n_hand_comps_nb
from simcore.games.ewmh.rules.keep_nb import mark_negative_nb
from simcore.games.ewmh.rules.log_nb import log_nb
from simcore.games.ewmh.rules.reactions_nb import apply_reaction_nb, react_card_nb
from simcore.games.ewmh.rules.rondeaux_nb import rondeaux_negated_nb, rondeaux_reroll_nb
from simcore.games.ewmh.rules.trigger_nb import queue_trigger_nb
from simcore.games.ewmh.rules.turn_nb import back_to_phase_nb
from simcore.games.ewmh.state.codes import Ev, Opt, Stage, Trigger
from simcore.kernels.jit import kernel


@kernel
def absolution_nb(cards, s, q):
    """The ability seat q may flip to negate (Church's Absolution, fresh vocation), or -1."""
    if s[q].voc_flipped != 0:
        return -1
    for a in range(cards.counts[Count.ABILITIES]):
        if cards.ability_vocation[a] == s[q].vocation and cards.ability_effect[a] == Effect.NEGATE:
            return a
    return -1


@kernel
def act_params_nb(cards, g, d):
    """The parameters of activation d, its amounts multiplied by act_mult (Josquin)."""
    src = g.act_src[d]
    raw = cards.ability_params[src] if g.act_kind[d] == Opt.VOC else cards.card_params[src]
    prm = np.empty(raw.shape[0], np.int64)
    for i in range(raw.shape[0]):
        prm[i] = raw[i]
    m = int(g.act_mult[d])
    e = g.act_effect[d]
    if m <= 1:
        return prm
    if (
        e == Effect.DRAW_COMPOSITIONS
        or e == Effect.TAKE_EFFECT
        or e == Effect.FORCE_FLIP
        or e == Effect.COST_REDUCE
        or e == Effect.BORROW_UNITS
        or e == Effect.CARDS_TO_MOVE
        or e == Effect.PASSED_MOVE
        or e == Effect.VOCATION_WATCH
        or e == Effect.DRAW_MORE
    ):
        prm[0] *= m
    elif e == Effect.BACK_AND_DRAW or e == Effect.HIGHER_EDUCATION or e == Effect.SAME_TILE_PUSH:
        prm[0] *= m
        prm[1] *= m
    elif e == Effect.SPHERES or e == Effect.ANNEX or e == Effect.MIN_MOVE_SIX:
        prm[1] *= m  # the draw; the +3; the 6
    return prm


@kernel
def open_activation_nb(cards, g, s, w, p, kind, src, effect, b, c):
    """Seat p has paid for activating `src` (kind Opt.FLIP, SPEND, VOC or REACT) with
    targets b, c: record it, take Josquin's pending factor if it is the current seat's
    (not for Josquin itself, nor a Guild License), queue Perotin's trigger for a vocation
    ability (ruling EW-41), then ask for Absolution."""
    d = g.act_n
    g.act_n += 1
    g.act_seat[d] = p
    g.act_kind[d] = kind
    g.act_src[d] = src
    g.act_effect[d] = effect
    g.act_b[d] = b
    g.act_c[d] = c
    g.negated[d] = 0
    g.act_mult[d] = 1
    doubles = d == 0 and effect != Effect.DOUBLE_ABILITY
    if doubles and g.pending_double > 0 and p == g.current:
        g.act_mult[d] = g.pending_double
        g.pending_double = 0
    if kind == Opt.VOC:
        queue_trigger_nb(g, Trigger.VOCATION, p, 0, 0)
    g.abs_step = 0
    ask_absolution_nb(cards, g, s, w)


@kernel
def ask_absolution_nb(cards, g, s, w):
    """The next seat, in turn order from the active player from abs_step on, that may
    negate the pending activation (not its own): the ABSOLVE stage; none left: resolve."""
    d = g.act_n - 1
    while g.abs_step < g.n_players:
        q = (g.current + g.abs_step) % g.n_players
        if q != g.act_seat[d] and absolution_nb(cards, s, q) >= 0:
            g.stage = Stage.ABSOLVE
            g.actor = q
            return
        g.abs_step += 1
    resolve_activation_nb(cards, g, s, w)


@kernel
def absolve_nb(cards, g, s, w, q, a):
    """Seat q flips its vocation for Absolution (ability a): the pending activation is
    negated; Perotin may react to this vocation use (face A, rulings EW-2, EW-41)."""
    d = g.act_n - 1
    s[q].voc_flipped = 1
    s[q].flips += 1
    g.negated[d] = 1
    mark_negative_nb(g, s, w, q, g.act_seat[d])  # against another's card (ruling EW-20)
    log_nb(g, w, q, Ev.VOC, a, g.act_seat[d], -1, 0)
    log_nb(g, w, g.act_seat[d], Ev.NEGATE, g.act_seat[d], g.act_src[d], g.act_kind[d], 0)
    queue_trigger_nb(g, Trigger.VOCATION, q, 1, 0)
    resolve_activation_nb(cards, g, s, w)


@kernel
def pass_absolution_nb(cards, g, s, w):
    """The asked seat lets the activation be: the next one is asked."""
    g.abs_step += 1
    ask_absolution_nb(cards, g, s, w)


@kernel
def guard_target_nb(cards, g, s):
    """The seat whose card or composition activation 0 would discard or steal, if it is
    another player's and it holds a fresh Guild License (ruling EW-38); else -1."""
    e = g.act_effect[0]
    p = g.act_seat[0]
    q = g.act_b[0]
    hit = False
    if e == Effect.STEAL_COMPOSITION:
        hit = n_hand_comps_nb(g, q) > 0
    elif e == Effect.ANNEX or e == Effect.NOBLE_SACRIFICE or e == Effect.REMOVE_PUBLISHED:
        hit = True
    elif e == Effect.MOVED_STEAL:
        hit = g.act_c[0] >= 0 or n_hand_comps_nb(g, q) > 0
    if not hit or q < 0 or q == p:
        return -1
    if react_card_nb(cards, g, q, Effect.PROTECT) < 0:
        return -1
    return q


@kernel
def resolve_activation_nb(cards, g, s, w):
    """The Absolution window of the innermost activation is over. A Guild License (the
    second record) sets the guard unless negated, and the first activation goes on. The
    first: negated, it ends (its cost stays paid); else its target may guard, then it
    applies."""
    d = g.act_n - 1
    if d == 1:
        g.act_n = 1
        g.guard = 1 - g.negated[1]
        if g.guard == 1:
            log_nb(g, w, g.act_seat[1], Ev.PROTECT, g.act_src[1], g.act_seat[0], 0, 0)
        apply_activation_nb(cards, g, s, w)
        return
    if g.negated[0] == 1:
        g.act_n = 0
        if g.act_effect[0] == Effect.REROLL:  # the die stands (rules/rondeaux_nb.py)
            rondeaux_negated_nb(g, s, w, g.act_seat[0], g.act_b[0])
        else:
            back_to_phase_nb(g, s)
        return
    q = guard_target_nb(cards, g, s)
    if q >= 0:
        g.stage = Stage.GUARD
        g.actor = q
        return
    apply_activation_nb(cards, g, s, w)


@kernel
def guard_nb(cards, g, s, w, q, c):
    """Seat q flips Guild License (card c) against the pending activation (ruling EW-38):
    the second record, open to Absolution in its turn."""
    g.card_flipped[c] = 1
    s[q].flips += 1
    log_nb(g, w, q, Ev.REACT, c, 0, g.act_seat[0], 0)
    open_activation_nb(cards, g, s, w, q, Opt.REACT, c, Effect.PROTECT, g.act_seat[0], -1)


@kernel
def apply_activation_nb(cards, g, s, w):
    """Activation 0 takes effect with its multiplier (the seat's effect marked as the mover
    of any pawn it moves, for Nevell: ruling EW-40); then the action is done unless the
    effect set a stage of its own."""
    p = g.act_seat[0]
    kind = g.act_kind[0]
    effect = g.act_effect[0]
    b = g.act_b[0]
    c = g.act_c[0]
    mult = int(g.act_mult[0])
    prm = act_params_nb(cards, g, 0)
    g.act_n = 0
    g.mover = p + 1
    reps = mult if effect == Effect.STEAL_COMPOSITION else 1
    if effect == Effect.MOVE_PAWN:
        c = c * mult
    cont = 0
    for _ in range(reps):
        if effect == Effect.DOUBLE_ABILITY:  # Josquin: the next ability this turn (EW-26)
            g.pending_double = prm[0]
        elif effect == Effect.REROLL:  # Rondeaux: one die, whatever the factor (EW-28)
            cont = rondeaux_reroll_nb(cards, g, s, w, p, b, g.act_src[0])
        elif kind == Opt.REACT:
            cont = apply_reaction_nb(cards, g, s, w, p, effect, prm, b, c, mult)
        else:
            cont = apply_effect_nb(cards, g, s, w, p, effect, prm, b, c)
        g.guard = 0  # "prevent one discard or steal" (ruling EW-38)
    g.mover = 0
    if cont == 0:
        back_to_phase_nb(g, s)
