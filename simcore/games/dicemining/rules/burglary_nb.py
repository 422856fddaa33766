"""Burglary: one action of level <= the Burglar faces (rulebook: Artifacts and Burglars;
rulings DM-5, DM-10, DM-19, DM-22, DM-26).

Level 1 takes a resource card from a backpack, 2 an item from a backpack, 3 a resource
card or an item from a vault, 4 a whole vault with its contents; a Defender's vault is
immune to 3 and 4. Where a card lies follows storage_nb's fixed key.
"""

from __future__ import annotations

import numpy as np

from simcore.games.dicemining.rules.log_nb import item_event_nb, log_nb
from simcore.games.dicemining.rules.storage_nb import BIG, protected_nb, share_nb
from simcore.games.dicemining.state.codes import CardEvent, Ev, Opt
from simcore.games.dicemining.state.dtypes import MAX_ITEMS, N_RES
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty


@kernel
def stealable_nb(cards, g, sq, q, level, res_out, item_out):
    """What a thief of `level` may take from seat q: resource cards (res_out[N_RES]) and
    items (item_out[MAX_ITEMS]) by type, both mutated; returns the vaults it may take
    (level 4: the unprotected ones, the last n of q's vaults)."""
    v = sq.n_vaults
    prot = protected_nb(cards, g, sq, q)
    bp_r = stack_empty(N_RES, np.int64)  # share_nb fills the first n of each
    bp_i = stack_empty(MAX_ITEMS, np.int64)
    vr = stack_empty(N_RES, np.int64)
    vi = stack_empty(MAX_ITEMS, np.int64)
    share_nb(sq.res, N_RES, v * cards.vault_res, BIG, bp_r)
    share_nb(sq.items, cards.n_items, v * cards.vault_items, BIG, bp_i)
    share_nb(sq.res, N_RES, prot * cards.vault_res, v * cards.vault_res, vr)
    share_nb(sq.items, cards.n_items, prot * cards.vault_items, v * cards.vault_items, vi)
    for r in range(N_RES):
        res_out[r] = (bp_r[r] if level >= 1 else 0) + (vr[r] if level >= 3 else 0)
    for t in range(cards.n_items):
        item_out[t] = (bp_i[t] if level >= 2 else 0) + (vi[t] if level >= 3 else 0)
    return v - prot if level >= 4 else 0


@kernel
def steal_vault_nb(cards, g, s, w, p, q, j):
    """Seat p takes seat q's vault j (0 = its first) with its contents (ruling DM-10);
    q keeps the rest of its storage, checked only at the end of q's own turn (DM-26)."""
    sq = s[q]
    r_in = stack_empty(N_RES, np.int64)  # share_nb fills the first n of each
    i_in = stack_empty(MAX_ITEMS, np.int64)
    share_nb(sq.res, N_RES, j * cards.vault_res, (j + 1) * cards.vault_res, r_in)
    share_nb(sq.items, cards.n_items, j * cards.vault_items, (j + 1) * cards.vault_items, i_in)
    for r in range(N_RES):
        sq.res[r] -= r_in[r]
        s[p].res[r] += r_in[r]
    for t in range(cards.n_items):
        sq.items[t] -= i_in[t]
        s[p].items[t] += i_in[t]
        item_event_nb(g, w, p, t, CardEvent.STOLEN, i_in[t])
        item_event_nb(g, w, q, t, CardEvent.LOST, i_in[t])
    sq.n_vaults -= 1
    s[p].n_vaults += 1


@kernel
def steal_nb(cards, g, s, w, p, code, q, x):
    """Seat p's theft from seat q: resource card x, item x or vault x (code: Opt)."""
    if code == Opt.STEAL_RES:
        s[q].res[x] -= 1
        s[p].res[x] += 1
    elif code == Opt.STEAL_ITEM:
        s[q].items[x] -= 1
        s[p].items[x] += 1
        item_event_nb(g, w, p, x, CardEvent.STOLEN, 1)
        item_event_nb(g, w, q, x, CardEvent.LOST, 1)
    else:
        steal_vault_nb(cards, g, s, w, p, q, x)
    s[p].burglaries += 1
    s[q].stolen_from += 1
    log_nb(g, w, p, Ev.STEAL, q, code, x)
