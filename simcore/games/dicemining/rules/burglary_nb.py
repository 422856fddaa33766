"""Burglary: one action of level <= the Burglar faces (rulebook: Artifacts and Burglars;
rulings DM-5, DM-10, DM-19, DM-22, DM-26).

Level 1 takes a resource card from a backpack, 2 an item from a backpack, 3 a resource
card or an item from a vault, 4 a whole vault with its contents; a Defender's vault is
immune to 3 and 4. Where a card lies is where its owner placed it at the end of its last
turn (storage_nb.py, Stage.PLACE).
"""

from __future__ import annotations

from simcore.games.dicemining.rules.log_nb import item_event_nb, log_nb
from simcore.games.dicemining.rules.storage_nb import (
    drop_vault_nb,
    protected_nb,
    take_placed_nb,
    vault_items_nb,
    vault_res_nb,
)
from simcore.games.dicemining.state.codes import CardEvent, Ev, Opt
from simcore.games.dicemining.state.dtypes import N_RES
from simcore.kernels.jit import kernel


@kernel
def stealable_nb(cards, g, sq, q, level, res_out, item_out):
    """What a thief of `level` may take from seat q: resource cards (res_out[N_RES]) and
    items (item_out[MAX_ITEMS]) by type, both mutated; returns the vaults it may take
    (level 4: the unprotected ones, the last n of q's vaults)."""
    prot = protected_nb(cards, g, sq, q)
    for r in range(N_RES):
        bp = sq.res[r] - vault_res_nb(sq, r, 0)
        res_out[r] = (bp if level >= 1 else 0) + (vault_res_nb(sq, r, prot) if level >= 3 else 0)
    for t in range(cards.n_items):
        bp = sq.items[t] - vault_items_nb(sq, t, 0)
        vi = vault_items_nb(sq, t, prot) if level >= 3 else 0
        item_out[t] = (bp if level >= 2 else 0) + vi
    return sq.n_vaults - prot if level >= 4 else 0


@kernel
def steal_vault_nb(cards, g, s, w, p, q, j):
    """Seat p takes seat q's vault j (0 = its first) with its contents (ruling DM-10);
    q keeps the rest of its storage, checked only at the end of q's own turn (DM-26)."""
    sq = s[q]
    for r in range(N_RES):
        n = sq.vault_res[j, r]
        sq.res[r] -= n
        s[p].res[r] += n
    for t in range(cards.n_items):
        n = sq.vault_items[j, t]
        sq.items[t] -= n
        s[p].items[t] += n
        item_event_nb(g, w, p, t, CardEvent.STOLEN, n)
        item_event_nb(g, w, q, t, CardEvent.LOST, n)
    drop_vault_nb(sq, j)
    s[p].n_vaults += 1  # p is the active seat: nothing of its is placed in its turn


@kernel
def steal_nb(cards, g, s, w, p, code, q, x):
    """Seat p's theft from seat q: resource card x, item x or vault x (code: Opt)."""
    if code == Opt.STEAL_RES:
        take_placed_nb(s[q], False, x, protected_nb(cards, g, s[q], q))
        s[q].res[x] -= 1
        s[p].res[x] += 1
    elif code == Opt.STEAL_ITEM:
        take_placed_nb(s[q], True, x, protected_nb(cards, g, s[q], q))
        s[q].items[x] -= 1
        s[p].items[x] += 1
        item_event_nb(g, w, p, x, CardEvent.STOLEN, 1)
        item_event_nb(g, w, q, x, CardEvent.LOST, 1)
    else:
        steal_vault_nb(cards, g, s, w, p, q, x)
    s[p].burglaries += 1
    s[q].stolen_from += 1
    log_nb(g, w, p, Ev.STEAL, q, code, x)
