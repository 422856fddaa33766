"""The options of each decision (dtypes.Stage), one row (code, a, b, c) each in w.opts:
the engine never chooses for a player (docs/games.md). STOP, where a stage has it, is
row 0, so a bad pick (option 0) ends the stage."""

from __future__ import annotations

import numpy as np

from simcore.games.dicemining.rules.burglary_nb import stealable_nb
from simcore.games.dicemining.rules.craft_nb import payable_nb
from simcore.games.dicemining.rules.patrons_nb import can_fulfil_nb
from simcore.games.dicemining.rules.storage_nb import (
    backpack_fits_nb,
    item_capacity_nb,
    n_items_nb,
    vault_items_nb,
    vault_load_nb,
    vault_res_nb,
)
from simcore.games.dicemining.rules.turn_nb import hand_card_nb
from simcore.games.dicemining.state.codes import Face, Keep, Opt
from simcore.games.dicemining.state.dtypes import MAX_ITEMS, N_RES, UP, Stage
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty


@kernel
def put_nb(opts, n, code, a, b, c):
    """Write option row n; returns n + 1."""
    opts[n, 0] = code
    opts[n, 1] = a
    opts[n, 2] = b
    opts[n, 3] = c
    return n + 1


@kernel
def mine_options_nb(cards, g, opts):
    """STOP; SET_ASIDE a die that is free and no Orc; with keep = free, TAKE_BACK a die set
    aside before the last roll (ruling DM-4); ROLL while a die is free and the roll cap
    (max_rolls, DM-4) is not reached."""
    n = put_nb(opts, 0, Opt.STOP, 0, 0, 0)
    any_free = False
    for d in range(cards.n_dice):
        if g.locked[d] != 0:
            continue
        if g.aside[d] == 0:
            any_free = True
            if g.face[d] != Face.ORC:
                n = put_nb(opts, n, Opt.SET_ASIDE, d, 0, 0)
        elif cards.keep == Keep.FREE and g.aside[d] < g.rolls:
            n = put_nb(opts, n, Opt.TAKE_BACK, d, 0, 0)
    if any_free and g.rolls < cards.max_rolls:
        n = put_nb(opts, n, Opt.ROLL, 0, 0, 0)
    return n


@kernel
def burgle_options_nb(cards, g, s, p, opts):
    """STOP (no theft); from each other seat in turn order after p: a resource card, an
    item or a vault the level allows (burglary_nb.stealable_nb)."""
    n = put_nb(opts, 0, Opt.STOP, 0, 0, 0)
    res = stack_empty(N_RES, np.int64)  # stealable_nb fills the first n of each
    items = stack_empty(MAX_ITEMS, np.int64)
    for k in range(1, g.n_players):
        q = (p + k) % g.n_players
        n_vaults = stealable_nb(cards, g, s[q], q, g.steal_level, res, items)
        for r in range(N_RES):
            if res[r] > 0:
                n = put_nb(opts, n, Opt.STEAL_RES, q, r, 0)
        for t in range(cards.n_items):
            if items[t] > 0:
                n = put_nb(opts, n, Opt.STEAL_ITEM, q, t, 0)
        for j in range(n_vaults):
            n = put_nb(opts, n, Opt.STEAL_VAULT, q, s[q].n_vaults - n_vaults + j, 0)
    return n


@kernel
def craft_options_nb(cards, g, sp, opts):
    """STOP; CRAFT an item whose pile is not empty and whose recipe p can pay; CRAFT_VAULT."""
    n = put_nb(opts, 0, Opt.STOP, 0, 0, 0)
    for t in range(cards.n_items):
        if g.item_pile[t] > 0 and payable_nb(g, sp, cards.recipe[t]):
            n = put_nb(opts, n, Opt.CRAFT, t, 0, 0)
    if g.vault_pile > 0 and payable_nb(g, sp, cards.vault_recipe):
        n = put_nb(opts, n, Opt.CRAFT_VAULT, 0, 0, 0)
    return n


@kernel
def place_options_nb(cards, sp, opts):
    """STOP (the rest stays in the backpack) when what is not placed fits the backpack;
    PLACE_ITEM / PLACE_RES (card a, vault b) for each card not yet placed and each of the
    seat's vaults with room for it (rulings DM-8, DM-10)."""
    n = 0
    if backpack_fits_nb(cards, sp):
        n = put_nb(opts, 0, Opt.STOP, 0, 0, 0)
    for v in range(sp.n_vaults):
        ni, nr = vault_load_nb(cards, sp, v)
        if ni < cards.vault_items:
            for t in range(cards.n_items):
                if sp.items[t] > vault_items_nb(sp, t, 0):
                    n = put_nb(opts, n, Opt.PLACE_ITEM, t, v, 0)
        if nr < cards.vault_res:
            for r in range(N_RES):
                if sp.res[r] > vault_res_nb(sp, r, 0):
                    n = put_nb(opts, n, Opt.PLACE_RES, r, v, 0)
    return n


@kernel
def list_options_nb(cards, g, s, w):
    """The options of the decision g.stands at, into w.opts (mutated); their count."""
    opts = w.opts
    p = g.to_move
    sp = s[p]
    st = g.stage
    if st == Stage.MINE:
        return mine_options_nb(cards, g, opts)
    if st == Stage.BURGLE:
        return burgle_options_nb(cards, g, s, p, opts)
    if st == Stage.CRAFT:
        return craft_options_nb(cards, g, sp, opts)
    if st == Stage.PLACE:
        return place_options_nb(cards, sp, opts)
    n = 0
    if st == Stage.MULLIGAN:
        c = hand_card_nb(cards, g, p, g.sub)
        n = put_nb(opts, n, Opt.KEEP, c, 0, 0)
        return put_nb(opts, n, Opt.REPLACE, c, 0, 0)
    if st == Stage.KEEP:
        for c in range(cards.n_patrons):
            if g.patron_loc[c] == p:
                n = put_nb(opts, n, Opt.DISCARD, c, 0, 0)
        return n
    if st == Stage.STORE:
        if n_items_nb(cards, sp) > item_capacity_nb(cards, sp):
            for t in range(cards.n_items):
                if sp.items[t] > 0:
                    n = put_nb(opts, n, Opt.RETURN_ITEM, t, 0, 0)
        else:
            for r in range(N_RES):
                if sp.res[r] > 0:
                    n = put_nb(opts, n, Opt.RETURN_RES, r, 0, 0)
        return n
    n = put_nb(opts, n, Opt.STOP, 0, 0, 0)
    if st == Stage.FULFIL:
        for c in range(cards.n_patrons):
            if g.patron_loc[c] == p and can_fulfil_nb(cards, sp, c):
                n = put_nb(opts, n, Opt.FULFIL, c, 0, 0)
    elif st == Stage.BANK:
        for r in range(N_RES):
            if g.res_pile[r] > 0 and (g.pool[r] > 0 or g.wild > 0):
                n = put_nb(opts, n, Opt.BANK, r, 0, 0)
    elif st == Stage.ROGUE:
        for c in range(cards.n_patrons):
            if c != g.sub and g.patron_loc[c] >= UP:
                n = put_nb(opts, n, Opt.REMOVE, c, g.patron_loc[c] - UP, 0)
    elif st == Stage.WIZARD:
        for t in range(cards.n_items):
            if sp.items[t] > 0:
                for t2 in range(cards.n_items):
                    if t2 != t and g.item_pile[t2] > 0:
                        n = put_nb(opts, n, Opt.SWAP, t, t2, 0)
    elif st == Stage.GAIN:
        for r in range(N_RES):
            if g.res_pile[r] > 0:
                n = put_nb(opts, n, Opt.GAIN, r, 0, 0)
    return n
