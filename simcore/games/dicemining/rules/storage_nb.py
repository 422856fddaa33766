"""Backpacks and vaults (rulebook: Crafting; rulings DM-8, DM-10, DM-19, DM-26).

A seat holds counts of resource cards and items; where each card lies is derived from
the counts by a fixed key, so it needs no state: the vaults fill first, in order (the
Defender's protected vaults are the first ones), items by item index and resource cards
by resource index, each vault up to its capacity; the backpack holds the rest. The
rulebook lets the owner rearrange freely in their own turn; the fixed key stands for
that choice (docs/games/dicemining.md, status).
"""

from __future__ import annotations

from simcore.games.dicemining.state.codes import Ability
from simcore.games.dicemining.state.dtypes import UP
from simcore.kernels.jit import kernel

BIG = 1 << 20  # past every position of a held card


@kernel
def share_nb(counts, n, lo, hi, out):
    """out[k] = the units of type k at positions lo..hi-1 of the sequence that lays the
    counts[0..n-1] out type by type (int arrays; out mutated)."""
    pos = 0
    for k in range(n):
        a = max(pos, lo)
        b = min(pos + counts[k], hi)
        out[k] = b - a if b > a else 0
        pos += counts[k]


@kernel
def protected_nb(cards, g, sp, p):
    """Seat p's vaults immune to theft: one per face-up Defender it owns, up to its vaults
    (ruling DM-19); a Defender fulfilled without a vault protects the first one crafted."""
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
