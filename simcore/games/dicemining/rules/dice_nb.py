"""Mining: roll the dice, set aside, reroll against the Orc lock (rulebook: Mining;
rulings DM-4, DM-6, DM-23, DM-24)."""

from __future__ import annotations

from simcore.games.dicemining.rules.log_nb import log_nb
from simcore.games.dicemining.state.codes import N_RES_FACES, Ev, Face
from simcore.games.dicemining.state.dtypes import N_FACES, Stream
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import randint_nb


@kernel
def free_die_nb(g, d):
    """True when die d is rolled by ROLL: neither set aside nor locked by an Orc."""
    return g.aside[d] == 0 and g.locked[d] == 0


@kernel
def roll_nb(cards, g, s, w, p):
    """Seat p rolls every free die (DICE stream). An Orc locks its die, on every roll,
    the first included (ruling DM-24), unless an Orc reroll is left this turn (the Bardic
    War Chanter's and Rune Singer's placeholders, ruling DM-21): then the die stays free."""
    for d in range(cards.n_dice):
        if not free_die_nb(g, d):
            continue
        face = cards.die_faces[d, randint_nb(g.rng, Stream.DICE, N_FACES)]
        g.face[d] = face
        if face == Face.ORC:
            if g.orc_rerolls > 0:
                g.orc_rerolls -= 1
            else:
                g.locked[d] = 1
                s[p].orc_locks += 1
    g.rolls += 1
    s[p].rolls += 1
    if g.rolls > 1:
        s[p].rerolls += 1
    if w.log.shape[0] == 0:
        return  # not logging: the event's fields are not worth packing
    packed = 0
    locked = 0
    aside = 0
    for d in range(cards.n_dice):
        packed |= int(g.face[d]) << (3 * d)
        locked |= int(g.locked[d]) << d
        aside |= (1 if g.aside[d] > 0 else 0) << d
    log_nb(g, w, p, Ev.ROLL, packed, locked, aside)


@kernel
def set_aside_nb(g, d):
    """Die d is set aside; it remembers the roll it was set aside after (ruling DM-4:
    with keep = free it may be taken back only after a later roll, so toggling ends)."""
    g.aside[d] = g.rolls


@kernel
def tally_nb(cards, g, s, w, p):
    """The end of mining: every die but a locked one gives its face (ruling DM-5: set-aside
    dice included): a resource 1 of it, an Artifact 1 wild (ruling DM-6), a Burglar 1
    toward the burglary level; an Orc nothing (counted in g.orcs for the Deep Delver).
    Returns the burglar count."""
    burglars = 0
    for d in range(cards.n_dice):
        face = g.face[d]
        if g.locked[d] != 0 or face == Face.ORC:
            g.orcs += 1
        elif face < N_RES_FACES:
            g.pool[face] += 1
        elif face == Face.ARTIFACT:
            g.wild += 1
        elif face == Face.BURGLAR:
            burglars += 1
    total = 0
    for r in range(N_RES_FACES):
        total += g.pool[r]
    log_nb(g, w, p, Ev.MINED, total, g.wild, burglars)
    return burglars
