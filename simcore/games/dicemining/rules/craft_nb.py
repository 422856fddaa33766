"""Crafting and banking (rulebook: Crafting; rulings DM-6, DM-7, DM-9, DM-23).

A recipe is paid from this turn's mined faces, then from stored resource cards (which go
back to their piles), then from wilds (Artifacts, the Deep Delver's Orcs). That order is
the engine's, not a choice: a wild left over can be banked as any resource, so spending
a specific face or card first never costs the player anything.
"""

from __future__ import annotations

from simcore.games.dicemining.rules.log_nb import item_event_nb, log_nb
from simcore.games.dicemining.state.codes import CardEvent, Ev
from simcore.games.dicemining.state.dtypes import N_RES
from simcore.kernels.jit import kernel


@kernel
def shortfall_nb(g, sp, recipe):
    """Wilds a recipe (int[N_RES]) needs beyond the faces and seat sp's resource cards."""
    short = 0
    for r in range(N_RES):
        lack = recipe[r] - g.pool[r] - sp.res[r]
        if lack > 0:
            short += lack
    return short


@kernel
def payable_nb(g, sp, recipe):
    """True when seat sp can pay the recipe this turn."""
    return shortfall_nb(g, sp, recipe) <= g.wild


@kernel
def pay_nb(g, sp, recipe):
    """Pay the recipe: faces, then resource cards (back to their piles), then wilds."""
    for r in range(N_RES):
        need = recipe[r]
        use = min(need, g.pool[r])
        g.pool[r] -= use
        need -= use
        use = min(need, sp.res[r])
        sp.res[r] -= use
        g.res_pile[r] += use
        need -= use
        g.wild -= need


@kernel
def craft_item_nb(cards, g, s, w, p, t):
    """Seat p crafts item t: its recipe paid, a card taken from its pile (ruling DM-9:
    an empty pile cannot be crafted; the options never offer it)."""
    pay_nb(g, s[p], cards.recipe[t])
    g.item_pile[t] -= 1
    s[p].items[t] += 1
    s[p].items_crafted += 1
    log_nb(g, w, p, Ev.CRAFT, t, 0, 0)
    item_event_nb(g, w, p, t, CardEvent.CRAFTED, 1)


@kernel
def craft_vault_nb(cards, g, s, w, p):
    """Seat p crafts a vault: its capacity counts at once (ruling DM-10)."""
    pay_nb(g, s[p], cards.vault_recipe)
    g.vault_pile -= 1
    s[p].n_vaults += 1
    s[p].vaults_crafted += 1
    log_nb(g, w, p, Ev.CRAFT, -1, 0, 0)


@kernel
def bank_nb(cards, g, s, w, p, r):
    """Seat p banks an unspent face as resource card r: a face of r if any, else a wild
    (ruling DM-6); the pile must hold one (ruling DM-7; capacity is checked at the end
    of the turn)."""
    if g.pool[r] > 0:
        g.pool[r] -= 1
    else:
        g.wild -= 1
    g.res_pile[r] -= 1
    s[p].res[r] += 1
    s[p].resources_banked += 1
    log_nb(g, w, p, Ev.BANK, r, 0, 0)
