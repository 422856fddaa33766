"""Rondeaux (spec 1.2.6 no. 6; rulings EW-25, EW-27, EW-28): "Flip this card to reroll a
die. You can use either the first or second result", the holder's own die, the movement
die or one of Music of the Spheres' dice.

Flipping it is an activation like any flip (ruling EW-25: a trigger point "on any card
activation"; Absolution "negate[s] another player's activated effect"; the Church card:
"negate the effect of any other card"), so another Church player may negate it: the card
stays flipped and the die stands (its first result). Josquin's doubling, pending, is
taken by it (ruling EW-26: "the next flip"); one die is rerolled all the same. Here what
the flip does once the Absolution window is over (rules/activation_nb.py); the flip itself
is react_nb.flip_rondeaux_nb."""

from __future__ import annotations

from simcore.games.ewmh.codes import Rule
from simcore.games.ewmh.rules.decks_nb import draw_comps_nb
from simcore.games.ewmh.rules.effects_nb import spheres_hit_nb
from simcore.games.ewmh.rules.log_nb import log_nb
from simcore.games.ewmh.rules.turn_nb import back_to_phase_nb, settle_roll_nb
from simcore.games.ewmh.state.codes import Ev, Stage
from simcore.games.ewmh.state.dtypes import Stream
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import randint_nb


@kernel
def finish_spheres_nb(g, s, w, p):
    """Music of the Spheres' dice are final: a consonance draws (ruling EW-27)."""
    if spheres_hit_nb(g):
        draw_comps_nb(g, s, w, p, g.sph_draw)
    back_to_phase_nb(g, s)


@kernel
def rondeaux_reroll_nb(cards, g, s, w, p, die, c):
    """Seat p's Rondeaux (card c) takes effect: it rerolls its movement die (die < 0:
    REROLL_PICK) or Spheres die `die` (SPHERES_PICK), then picks either result. Returns 1
    (a stage). Its flip was logged as a FLIP (its card event); the SPHERES event names c."""
    sides = int(cards.rules[Rule.DIE_SIDES])
    g.actor = p
    if die < 0:
        s[p].rolls += 1
        g.die2 = 1 + randint_nb(g.rng, Stream.DICE, sides)
        g.stage = Stage.REROLL_PICK
        return 1
    g.sph_die = die
    g.sph_new = 1 + randint_nb(g.rng, Stream.DICE, sides)
    log_nb(g, w, p, Ev.SPHERES, die, g.sph_dice[die], g.sph_new, c)
    g.stage = Stage.SPHERES_PICK
    return 1


@kernel
def rondeaux_negated_nb(g, s, w, p, die):
    """Seat p's Rondeaux was negated (Absolution, ruling EW-25): the die stands, the roll
    goes on (its windows, then the move) or the Spheres dice are final."""
    g.actor = p
    if die < 0:
        settle_roll_nb(g, s, p, g.die1)
    else:
        finish_spheres_nb(g, s, w, p)
