"""Backpacks and vaults (rulebook: Crafting; rulings DM-8, DM-10, DM-19, DM-26).

A seat holds counts of resource cards and items (SEAT.res, SEAT.items); where each lies is
its owner's decision at the end of each of its turns (Stage.PLACE: a card at a time into
one of its vaults, the rest left in the backpack), recorded in SEAT.vault_res and
SEAT.vault_items until its next turn begins (the rulebook lets the owner rearrange
freely in its own turn: during it nothing is placed, and no one steals from the active
seat). Burglaries on other turns take from where the cards lie (burglary_nb.py). The
first vaults are the protected ones (one per face-up Defender, ruling DM-19).
"""

from __future__ import annotations

from simcore.games.dicemining.rules.log_nb import log_nb
from simcore.games.dicemining.state.codes import Ability, Ev, Opt
from simcore.games.dicemining.state.dtypes import N_RES, UP
from simcore.kernels.jit import kernel


@kernel
def protected_nb(cards, g, sp, p):
    """Seat p's vaults immune to theft: one per face-up Defender it owns, up to its vaults
    (ruling DM-19): its first ones (a Defender fulfilled without a vault protects the
    first one crafted)."""
    n = 0
    for c in range(cards.n_patrons):
        if g.patron_loc[c] == UP + p and cards.ability[c] == Ability.VAULT_PROTECT:
            n += 1
    return min(n, sp.n_vaults)


@kernel
def item_capacity_nb(cards, sp):
    """Items seat sp may hold at the end of its turn: 2 a backpack, 1 a vault (rulebook)."""
    return cards.backpack_items + sp.n_vaults * cards.vault_items


@kernel
def res_capacity_nb(cards, sp):
    """Resource cards seat sp may hold at the end of its turn: 4 a backpack, 2 a vault."""
    return cards.backpack_resources + sp.n_vaults * cards.vault_res


@kernel
def n_items_nb(cards, sp):
    """Items seat sp holds."""
    n = 0
    for t in range(cards.n_items):
        n += sp.items[t]
    return n


@kernel
def n_res_nb(sp):
    """Resource cards seat sp holds."""
    n = 0
    for r in range(sp.res.shape[0]):
        n += sp.res[r]
    return n


@kernel
def over_capacity_nb(cards, sp):
    """True when seat sp holds more items or resource cards than its storage (DM-8)."""
    return n_items_nb(cards, sp) > item_capacity_nb(cards, sp) or n_res_nb(sp) > res_capacity_nb(
        cards, sp
    )


@kernel
def vault_res_nb(sp, r, lo):
    """Resource cards r in seat sp's vaults lo.. (its placement)."""
    n = 0
    for v in range(lo, sp.n_vaults):
        n += sp.vault_res[v, r]
    return n


@kernel
def vault_items_nb(sp, t, lo):
    """Items t in seat sp's vaults lo.. (its placement)."""
    n = 0
    for v in range(lo, sp.n_vaults):
        n += sp.vault_items[v, t]
    return n


@kernel
def vault_load_nb(cards, sp, v):
    """(items, resource cards) in seat sp's vault v."""
    ni = 0
    for t in range(cards.n_items):
        ni += sp.vault_items[v, t]
    nr = 0
    for r in range(N_RES):
        nr += sp.vault_res[v, r]
    return ni, nr


@kernel
def backpack_fits_nb(cards, sp):
    """True when what seat sp has not put in a vault fits its backpack (DM-8): so the
    owner may leave the rest there."""
    ni = 0
    for t in range(cards.n_items):
        ni += sp.items[t] - vault_items_nb(sp, t, 0)
    nr = 0
    for r in range(N_RES):
        nr += sp.res[r] - vault_res_nb(sp, r, 0)
    return ni <= cards.backpack_items and nr <= cards.backpack_resources


@kernel
def can_place_nb(cards, sp):
    """True when seat sp holds a card not yet placed and a vault has room for it."""
    for v in range(sp.n_vaults):
        ni, nr = vault_load_nb(cards, sp, v)
        if ni < cards.vault_items:
            for t in range(cards.n_items):
                if sp.items[t] > vault_items_nb(sp, t, 0):
                    return True
        if nr < cards.vault_res:
            for r in range(N_RES):
                if sp.res[r] > vault_res_nb(sp, r, 0):
                    return True
    return False


@kernel
def place_nb(g, s, w, p, code, a, v):
    """Seat p puts item (PLACE_ITEM) or resource card (PLACE_RES) a in its vault v."""
    if code == Opt.PLACE_ITEM:
        s[p].vault_items[v, a] += 1
        log_nb(g, w, p, Ev.PLACE, 0, a, v)
    else:
        s[p].vault_res[v, a] += 1
        log_nb(g, w, p, Ev.PLACE, 1, a, v)


@kernel
def clear_vaults_nb(sp):
    """Nothing placed: the seat's own turn begins (it rearranges freely in it)."""
    sp.vault_res[:, :] = 0
    sp.vault_items[:, :] = 0


@kernel
def take_placed_nb(sq, is_item, x, lo):
    """A thief takes seat sq's card x (an item if is_item, else a resource card): from the
    backpack when one lies there, else from the last of vaults lo.. that holds one (the
    thief gets the same card either way; this keeps the owner's protected and first
    vaults as placed)."""
    if is_item:
        if sq.items[x] > vault_items_nb(sq, x, 0):
            return
        for v in range(sq.n_vaults - 1, lo - 1, -1):
            if sq.vault_items[v, x] > 0:
                sq.vault_items[v, x] -= 1
                return
    else:
        if sq.res[x] > vault_res_nb(sq, x, 0):
            return
        for v in range(sq.n_vaults - 1, lo - 1, -1):
            if sq.vault_res[v, x] > 0:
                sq.vault_res[v, x] -= 1
                return


@kernel
def drop_vault_nb(sq, j):
    """Seat sq's vault j leaves it (its contents already taken): the later ones move up."""
    for v in range(j, sq.n_vaults - 1):
        sq.vault_res[v, :] = sq.vault_res[v + 1, :]
        sq.vault_items[v, :] = sq.vault_items[v + 1, :]
    sq.vault_res[sq.n_vaults - 1, :] = 0
    sq.vault_items[sq.n_vaults - 1, :] = 0
    sq.n_vaults -= 1
