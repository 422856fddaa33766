"""Checks a sound game never fails (codes.Violation bits), after every turn and at the end."""

from __future__ import annotations

from simcore.games.dicemining.rules.patrons_nb import hand_size_nb
from simcore.games.dicemining.rules.storage_nb import backpack_fits_nb, over_capacity_nb
from simcore.games.dicemining.state.codes import Violation
from simcore.games.dicemining.state.dtypes import MAX_VAULTS, N_RES
from simcore.kernels.jit import kernel


@kernel
def check_game_nb(cards, g, s):
    """Counts never negative, every card conserved (piles + held = copies), every VP total
    its parts; returns the Violation bits."""
    bad = 0
    n = g.n_players
    for t in range(cards.n_items):
        held = 0
        for p in range(n):
            held += s[p].items[t]
            if s[p].items[t] < 0:
                bad |= Violation.NEGATIVE
        if g.item_pile[t] < 0:
            bad |= Violation.NEGATIVE
        if held + g.item_pile[t] != cards.item_copies[t]:
            bad |= Violation.CONSERVATION
    for r in range(N_RES):
        held = 0
        for p in range(n):
            held += s[p].res[r]
            if s[p].res[r] < 0:
                bad |= Violation.NEGATIVE
        if g.res_pile[r] < 0 or g.pool[r] < 0:
            bad |= Violation.NEGATIVE
        if held + g.res_pile[r] != cards.supply[r]:
            bad |= Violation.CONSERVATION
    vaults = g.vault_pile
    for p in range(n):
        vaults += s[p].n_vaults
        if s[p].vp != s[p].vp_patrons + s[p].vp_raised or s[p].vp < 0:
            bad |= Violation.SCORE
    if vaults != cards.n_vaults or g.wild < 0:
        bad |= Violation.CONSERVATION
    for p in range(n):
        bad |= check_placement_nb(cards, s[p])
    return bad


@kernel
def check_placement_nb(cards, sp):
    """Seat sp's placement (storage_nb.py): no owned vault holds a negative count or more
    than its capacity, the row after its last vault is empty (a vault that left cleared
    its row), and the vaults hold no card the seat does not have; returns the Violation
    bits. (Only those rows: every row, every turn, cost the heuristic field ~10% of its
    games/s.)"""
    bad = 0
    for t in range(cards.n_items):
        placed = 0
        for v in range(sp.n_vaults):
            placed += sp.vault_items[v, t]
            if sp.vault_items[v, t] < 0:
                bad |= Violation.NEGATIVE
        if placed > sp.items[t]:
            bad |= Violation.CONSERVATION
        if sp.n_vaults < MAX_VAULTS and sp.vault_items[sp.n_vaults, t] != 0:
            bad |= Violation.CONSERVATION
    for r in range(N_RES):
        placed = 0
        for v in range(sp.n_vaults):
            placed += sp.vault_res[v, r]
            if sp.vault_res[v, r] < 0:
                bad |= Violation.NEGATIVE
        if placed > sp.res[r]:
            bad |= Violation.CONSERVATION
        if sp.n_vaults < MAX_VAULTS and sp.vault_res[sp.n_vaults, r] != 0:
            bad |= Violation.CONSERVATION
    for v in range(sp.n_vaults):
        ni = 0
        for t in range(cards.n_items):
            ni += sp.vault_items[v, t]
        nr = 0
        for r in range(N_RES):
            nr += sp.vault_res[v, r]
        if ni > cards.vault_items or nr > cards.vault_res:
            bad |= Violation.CAPACITY
    return bad


@kernel
def check_turn_end_nb(cards, g, s, p):
    """After seat p's turn: storage within capacity (rulebook: Crafting), hand at most its
    size (Fulfillment); the game checks; returns the Violation bits."""
    bad = check_game_nb(cards, g, s)
    if over_capacity_nb(cards, s[p]) or not backpack_fits_nb(cards, s[p]):
        bad |= Violation.CAPACITY
    if hand_size_nb(cards, g, p) > cards.hand:
        bad |= Violation.HAND
    return bad
