"""Reaction windows (spec 1.3 "reaction window"; ruling EW-25): at each trigger the seats
are asked in turn order from the active player, each listing PASS and every eligible
fresh card it holds; a seat reacts at most once per window. Also the stages of the
activation record (ABSOLVE, GUARD: rules/activation_nb.py) and Rondeaux on a Music of the
Spheres die (SPHERES, SPHERES_PICK: rulings EW-27, EW-28).

Which cards a window offers:
- INVERT (a die result, before the move): Council of Trent, spent by any other player
  while the move is forward (ruling EW-25: "after another player's roll, before the move");
- MACHAUT: the roller's own Machaut, on a forward die move of 2 or less (spec 1.2.2 step
  3, after Council of Trent; the card: "move forward 6 spaces instead");
- SHORT_MOVE: the moved pawn's own Machaut, on a card effect's forward move of 2 or less
  (the card: "If a roll or card effect would cause you to move 2 or fewer tiles forward");
- PASSED: Sustain, for each pawn passed from behind to strictly ahead (ruling EW-32);
- MOVED: Elizabeth Nevell of the pawn another player's effect moved (ruling EW-40); a
  Court holder steals 2 (ruling EW-21), chosen together as one option;
- DRAW: the drawer's Divine Trance (ruling EW-42);
- VOCATION: Perotin of any other player; face B not on Absolution (rulings EW-2, EW-41);
- TILE: Charlemagne of another player (face A; face B: any player), when the tile has a
  benefit (ruling EW-39).
"""

from __future__ import annotations

import numpy as np

from simcore.games.ewmh.codes import Effect, Timing
from simcore.games.ewmh.rules.activation_nb import (
    absolution_nb,
    absolve_nb,
    apply_activation_nb,
    guard_nb,
    open_activation_nb,
    pass_absolution_nb,
)
from simcore.games.ewmh.rules.decks_nb import discard_card_nb
from simcore.games.ewmh.rules.held_nb import n_hand_comps_nb, plays_text_nb
from simcore.games.ewmh.rules.log_nb import log_nb
from simcore.games.ewmh.rules.options_util_nb import add_opt_nb
from simcore.games.ewmh.rules.patrons_nb import patron_factor_nb
from simcore.games.ewmh.rules.reactions_nb import react_card_nb, tile_benefit_nb
from simcore.games.ewmh.rules.rondeaux_nb import finish_spheres_nb
from simcore.games.ewmh.rules.turn_nb import back_to_phase_nb, die_move_nb
from simcore.games.ewmh.sizes import MAX_DESIGNS
from simcore.games.ewmh.state.codes import Ev, Opt, Stage, Trigger
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty

STEAL_ITEMS = MAX_DESIGNS + 1  # steal_items_nb: one per design and the compositions


@kernel
def window_holders_nb(cards, g):
    """Bit r set for each seat r holding a card that may react in the open window (fresh,
    or Council of Trent on either face): one pass over the cards per window, so that the
    seats without one are skipped at once."""
    win = g.win
    effect = -1
    if win == Trigger.INVERT:
        effect = Effect.INVERT_ROLL
    elif win == Trigger.MACHAUT or win == Trigger.SHORT_MOVE:
        effect = Effect.MIN_MOVE_SIX
    elif win == Trigger.PASSED:
        effect = Effect.PASSED_MOVE
    elif win == Trigger.MOVED:
        effect = Effect.MOVED_STEAL
    elif win == Trigger.DRAW:
        effect = Effect.DRAW_MORE
    elif win == Trigger.VOCATION:
        effect = Effect.VOCATION_WATCH
    elif win == Trigger.TILE:
        effect = Effect.COPY_TILE
    mask = 0
    for c in range(g.n_cards):
        r = g.card_loc[c]
        if r >= 0 and cards.card_effect[c] == effect:
            t = cards.design_timing[cards.card_design[c]]
            if t == Timing.REACT_SPEND or (t == Timing.REACT and g.card_flipped[c] == 0):
                mask |= 1 << r
    return mask


@kernel
def window_card_nb(cards, g, s, r):
    """The card seat r may react with in the open window (GAME.win), or -1."""
    win = g.win
    src = g.win_src
    if win == Trigger.INVERT:
        if r != src and g.die_move > 0:
            return react_card_nb(cards, g, r, Effect.INVERT_ROLL)
    elif win == Trigger.MACHAUT:
        c = react_card_nb(cards, g, r, Effect.MIN_MOVE_SIX)
        if r == src and c >= 0 and 0 < g.die_move <= cards.card_params[c, 0]:
            return c
    elif win == Trigger.SHORT_MOVE:
        if r == src and s[r].arrival == 0:
            return react_card_nb(cards, g, r, Effect.MIN_MOVE_SIX)
    elif win == Trigger.PASSED:
        if r != src and s[r].arrival == 0 and g.win_a < s[r].pos < g.win_b:
            return react_card_nb(cards, g, r, Effect.PASSED_MOVE)
    elif win == Trigger.MOVED:
        c = react_card_nb(cards, g, r, Effect.MOVED_STEAL)
        if r == g.win_a and r != src and c >= 0:
            any_variety = cards.card_params[c, 1] == 1 and n_hand_comps_nb(g, src) > 0
            for k in range(g.n_cards):
                if g.card_loc[k] == src:
                    return c
            if any_variety:
                return c
    elif win == Trigger.DRAW:
        if r == src:
            return react_card_nb(cards, g, r, Effect.DRAW_MORE)
    elif win == Trigger.VOCATION:
        c = react_card_nb(cards, g, r, Effect.VOCATION_WATCH)
        if r != src and c >= 0 and (g.win_a == 0 or cards.card_params[c, 1] == 1):
            return c
    elif win == Trigger.TILE:
        c = react_card_nb(cards, g, r, Effect.COPY_TILE)
        mine = r != src or cards.card_params[c, 0] == 1
        if c >= 0 and mine and tile_benefit_nb(cards, g, s, r, g.win_a):
            return c
    return -1


@kernel
def steal_items_nb(cards, g, q, c, item, copies):
    """What Nevell (card c) may steal from seat q: item[i] an effect card, one per design,
    or -1 a random composition (face A: "one card of any variety"); copies[i] how many
    (at most 2). Returns the count of items."""
    m = 0
    for k in range(g.n_cards):
        if g.card_loc[k] != q:
            continue
        found = False
        for i in range(m):
            if item[i] >= 0 and cards.card_design[item[i]] == cards.card_design[k]:
                copies[i] = 2
                found = True
        if not found:
            item[m] = k
            copies[m] = 1
            m += 1
    n_comps = n_hand_comps_nb(g, q)
    if cards.card_params[c, 1] == 1 and n_comps > 0:
        item[m] = -1
        copies[m] = min(2, n_comps)
        m += 1
    return m


@kernel
def react_options_nb(cards, g, s, w, p):
    """PASS, then the actor's reaction: its card (Nevell: one row per thing to steal from
    the player who moved it, c an effect card by design or -1 a random composition; a
    Court holder's row names its second steal too, d: 1 a composition, 2 + a card; -1
    none, as for one who steals once or when one thing alone can be taken; EW-21)."""
    n = add_opt_nb(g, w, 0, Opt.PASS, -1, -1, -1, -1)
    if g.win_step >= g.n_players:
        return n
    c = window_card_nb(cards, g, s, p)
    if c < 0:
        return n
    if g.win != Trigger.MOVED:
        return add_opt_nb(g, w, n, Opt.REACT, c, -1, -1, -1)
    q = g.win_src
    item = stack_empty(STEAL_ITEMS, np.int64)
    copies = stack_empty(STEAL_ITEMS, np.int64)
    m = steal_items_nb(cards, g, q, c, item, copies)
    steals = patron_factor_nb(cards, s, p)
    total = 0
    for i in range(m):
        total += copies[i]
    for i in range(m):
        if steals < 2 or total < 2:
            n = add_opt_nb(g, w, n, Opt.REACT, c, q, item[i], -1)
            continue
        for j in range(i, m):
            if j > i or copies[i] >= 2:
                n = add_opt_nb(g, w, n, Opt.REACT, c, q, item[i], item[j] + 2)
    return n


@kernel
def stage_options_nb(cards, g, s, w, p):
    """The options of the stages this module owns (REACT, ABSOLVE, GUARD, SPHERES,
    SPHERES_PICK) for seat p; their count."""
    stage = g.stage
    if stage == Stage.REACT:
        return react_options_nb(cards, g, s, w, p)
    n = add_opt_nb(g, w, 0, Opt.PASS, -1, -1, -1, -1)
    if stage == Stage.ABSOLVE:
        a = absolution_nb(cards, s, p)
        if a >= 0:
            n = add_opt_nb(g, w, n, Opt.ABSOLVE, a, g.act_seat[g.act_n - 1], -1, -1)
    elif stage == Stage.GUARD:
        c = react_card_nb(cards, g, p, Effect.PROTECT)
        if c >= 0:
            n = add_opt_nb(g, w, n, Opt.REACT, c, g.act_seat[0], -1, -1)
    elif stage == Stage.SPHERES:  # KEEP the dice, or flip Rondeaux to reroll die i
        n = add_opt_nb(g, w, 0, Opt.KEEP, -1, -1, -1, -1)
        c = rondeaux_nb(cards, g, p)
        if c >= 0:
            for i in range(g.sph_n):
                n = add_opt_nb(g, w, n, Opt.REROLL, c, i, -1, -1)
    elif stage == Stage.SPHERES_PICK:
        n = add_opt_nb(g, w, 0, Opt.USE, g.sph_dice[g.sph_die], -1, -1, -1)
        n = add_opt_nb(g, w, n, Opt.USE, g.sph_new, -1, -1, -1)
    return n


@kernel
def rondeaux_nb(cards, g, p):
    """A fresh card of seat p that rerolls a die (Rondeaux), or -1."""
    for c in range(g.n_cards):
        if (
            g.card_loc[c] == p
            and g.card_flipped[c] == 0
            and plays_text_nb(cards, c) == (Effect.REROLL)
        ):
            return c
    return -1


@kernel
def next_window_seat_nb(cards, g, s, w):
    """Ask the next seat, from win_step on, that can react in the open window (REACT) and
    return 1; none left: the window closes (after Council of Trent's window the roller's
    Machaut window opens: spec 1.2.2 step 3, the modifiers in this order) and return 0."""
    while True:
        holders = window_holders_nb(cards, g)
        while g.win_step < g.n_players:
            r = (g.current + g.win_step) % g.n_players
            if (holders >> r) & 1 and window_card_nb(cards, g, s, r) >= 0:
                g.stage = Stage.REACT
                g.actor = r
                return 1
            g.win_step += 1
        if g.win != Trigger.INVERT:
            break
        g.win = Trigger.MACHAUT
        g.win_step = 0
    close_window_nb(cards, g, s, w)
    return 0


@kernel
def skip_idle_windows_nb(cards, g, s, w):
    """While the seat a window asks has nothing to react with, go on (to the next seat, the
    window's close, the next queued window): a window nobody can use takes no decision and
    leaves no trace (called after every option applied, play/resume_nb.apply_nb)."""
    while g.stage == Stage.REACT:
        if next_window_seat_nb(cards, g, s, w) == 1:
            return


@kernel
def close_window_nb(cards, g, s, w):
    """The window's seats are all asked: after the roll windows the die move (ruling EW-14:
    its tile is where the modified move ends); after an event, the next queued window or
    the free phase."""
    if g.win == Trigger.MACHAUT:
        g.win = Trigger.NONE
        die_move_nb(cards, g, s, w, g.win_src, g.die_move)
        return
    g.win = Trigger.NONE
    back_to_phase_nb(g, s)


@kernel
def react_nb(cards, g, s, w, p, c, b, k, d):
    """Seat p reacts with card c (b, k, d: Nevell's steal and Court's second): it pays
    (flips it; Council of Trent is spent), and the reaction is an activation (Absolution
    may negate it)."""
    g.win_step += 1
    g.steal2 = d if d > 0 else 0
    effect = cards.card_effect[c]
    spent = 0
    if effect == Effect.INVERT_ROLL:
        discard_card_nb(g, c)
        s[p].spends += 1
        spent = 1
    else:
        g.card_flipped[c] = 1
        s[p].flips += 1
    log_nb(g, w, p, Ev.REACT, c, g.win, k, spent)
    open_activation_nb(cards, g, s, w, p, Opt.REACT, c, effect, b, k)


@kernel
def flip_rondeaux_nb(cards, g, s, w, p, c, die):
    """Seat p flips Rondeaux (card c) to reroll its movement die (die = -1) or Spheres die
    `die`: the flip is paid, then it is an activation open to Absolution and Josquin
    (rules/rondeaux_nb.py; rulings EW-25, EW-26, EW-28)."""
    g.card_flipped[c] = 1
    s[p].flips += 1
    log_nb(g, w, p, Ev.FLIP, c, -1, -1, -1)  # b: no target seat (SPHERES names the die)
    open_activation_nb(cards, g, s, w, p, Opt.FLIP, c, Effect.REROLL, die, -1)


@kernel
def apply_stage_nb(cards, g, s, w, p, kind, a, b, c, d):
    """Seat p's option (kind, a, b, c, d) at a stage this module owns."""
    stage = g.stage
    if stage == Stage.REACT:
        if kind == Opt.REACT:
            react_nb(cards, g, s, w, p, a, b, c, d)
        else:
            g.win_step = min(g.win_step + 1, g.n_players)
            next_window_seat_nb(cards, g, s, w)
    elif stage == Stage.ABSOLVE:
        if kind == Opt.ABSOLVE:
            absolve_nb(cards, g, s, w, p, a)
        else:
            pass_absolution_nb(cards, g, s, w)
    elif stage == Stage.GUARD:
        if kind == Opt.REACT:
            guard_nb(cards, g, s, w, p, a)
        else:
            apply_activation_nb(cards, g, s, w)
    elif stage == Stage.SPHERES:
        if kind == Opt.REROLL:  # Rondeaux: the holder's own Spheres die (EW-28)
            flip_rondeaux_nb(cards, g, s, w, p, a, b)
        else:
            finish_spheres_nb(g, s, w, p)
    elif stage == Stage.SPHERES_PICK:
        g.sph_dice[g.sph_die] = a
        finish_spheres_nb(g, s, w, p)
