"""The Dice-Mining Patrons heuristic: one kernel, its plan and stopping rule set by its
parameters, so the named strategies (registry.py) differ only in their numbers and
`tune` varies them without recompiling.

The plan: the hand patron of the best value (VP, a cumulative one's next value times
1 + `cumulative`, over 1 + the resources its missing items still cost) sets the items
wanted, their recipes the resources wanted. Mining sets aside wanted faces, Artifacts
while anything is wanted, Burglars when `steal` > 0, and rolls again while a wanted
resource is missing, fewer than `rolls` rolls were made and fewer than `orc_stop` dice
are locked. It reads only what every player sees: its own hand, the face-up patrons, the
storage and VP of every seat, the dice (strategies/dicemining: HIDDEN_FIELDS).

Ties: the highest score wins, equal scores the first option in the engine's order
(rules/options_nb.py: dice, seats after the mover, items and resources by index).
"""

from __future__ import annotations

import numpy as np

from simcore.games.dicemining.state.codes import Ability, Face, Opt
from simcore.games.dicemining.state.dtypes import MAX_GROUPS, MAX_ITEMS, N_RES, UP
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty

ROLLS = 0  # params[ROLLS]: the most rolls a turn
ORC_STOP = 1  # stop rolling once this many dice are locked
STEAL = 2  # weight of burglar faces and thefts
CUMULATIVE = 3  # extra weight of a cumulative patron's value
VAULTS = 4  # vaults wanted
MULLIGAN = 5  # replace a patron whose VP per resource is below this


@kernel
def count_up_nb(cards, g, ups):
    """ups[group] (int64[MAX_GROUPS], mutated) = the face-up cumulative patrons of each
    group: counted once per decision, read by every patron_vp_nb of it."""
    for k in range(MAX_GROUPS):
        ups[k] = 0
    for c in range(cards.n_patrons):
        if cards.ability[c] == Ability.CUMULATIVE_VP and g.patron_loc[c] >= UP:
            ups[cards.ability_n[c]] += 1


@kernel
def patron_vp_nb(cards, ups, c):
    """What patron card c would score now (a cumulative one: base + copies up + 1; ups:
    count_up_nb's counts)."""
    if cards.ability[c] != Ability.CUMULATIVE_VP:
        return float(cards.patron_vp[c])
    n = 1 + ups[cards.ability_n[c]]
    return float(min(cards.cumulative_base + n, cards.cumulative_max))


@kernel
def item_cost_nb(cards, t):
    """Resources item t's recipe takes."""
    return cards.item_cost[t]


@kernel
def patron_value_nb(params, cards, ups, sp, c):
    """VP (weighted) over 1 + the resources of the items still missing."""
    missing = 0
    for j in range(cards.n_need[c]):
        t = cards.need_item[c, j]
        lack = cards.needs[c, t] - sp.items[t]
        if lack > 0:
            missing += lack * item_cost_nb(cards, t)
    vp = patron_vp_nb(cards, ups, c)
    if cards.ability[c] == Ability.CUMULATIVE_VP:
        vp *= 1.0 + params[CUMULATIVE]
    return vp / (1.0 + missing)


@kernel
def plan_nb(params, cards, g, ups, sp, p, want_items, want_res):
    """The items (want_items[MAX_ITEMS]) and resources (want_res[N_RES]) seat p still
    wants for its best hand patron that is not yet complete (both mutated); returns the
    items that patron needs in all (0 if none)."""
    best = -1
    best_v = -1.0
    for c in range(cards.n_patrons):
        if g.patron_loc[c] != p:
            continue
        complete = True
        for j in range(cards.n_need[c]):
            t = cards.need_item[c, j]
            if cards.needs[c, t] > sp.items[t]:
                complete = False
        if complete:
            continue
        v = patron_value_nb(params, cards, ups, sp, c)
        if v > best_v:
            best_v = v
            best = c
    want_items[:] = 0
    want_res[:] = 0
    if best < 0:
        return 0
    total = 0
    for j in range(cards.n_need[best]):
        t = cards.need_item[best, j]
        total += cards.needs[best, t]
        lack = cards.needs[best, t] - sp.items[t]
        if lack > 0:
            want_items[t] = lack
            for r in range(N_RES):
                want_res[r] += lack * cards.recipe[t, r]
    for r in range(N_RES):
        want_res[r] = max(0, want_res[r] - sp.res[r])
    return total


@kernel
def face_want_nb(cards, g, want_res, aside_only, left):
    """Resources still wanted after the dice set aside (all dice when not aside_only)
    into left[N_RES] (mutated); returns the wanted left in total, after their Artifacts."""
    for r in range(N_RES):
        left[r] = want_res[r]
    wild = 0
    for d in range(cards.n_dice):
        if g.locked[d] != 0 or (aside_only and g.aside[d] == 0):
            continue
        f = g.face[d]
        if f < N_RES:
            left[f] -= 1
        elif f == Face.ARTIFACT:
            wild += 1
    total = 0
    for r in range(N_RES):
        total += max(0, left[r])
    return max(0, total - wild)


@kernel
def mine_pick_nb(params, cards, g, opts, n, want_res):
    left = stack_empty(N_RES, np.int64)
    short = face_want_nb(cards, g, want_res, True, left)
    roll_k = -1
    for k in range(n):
        code = opts[k, 0]
        if code == Opt.ROLL:
            roll_k = k
        elif code == Opt.SET_ASIDE:
            f = g.face[opts[k, 1]]
            if f < N_RES and left[f] > 0:
                return k
            if f == Face.ARTIFACT and short > 0:
                return k
            if f == Face.BURGLAR and params[STEAL] > 0:
                return k
    locked = 0
    for d in range(cards.n_dice):
        locked += g.locked[d]
    if roll_k >= 0 and short > 0 and g.rolls < params[ROLLS] and locked < params[ORC_STOP]:
        return roll_k
    return 0  # STOP


@kernel
def steal_value_nb(params, cards, g, s, opts, k, want_items, want_res):
    code = opts[k, 0]
    q = opts[k, 1]
    x = opts[k, 2]
    v = 0.0
    if code == Opt.STEAL_RES:
        v = 1.0 + (1.0 if want_res[x] > 0 else 0.0)
    elif code == Opt.STEAL_ITEM:
        v = 1.0 + item_cost_nb(cards, x) * (1.0 if want_items[x] > 0 else 0.3)
    elif code == Opt.STEAL_VAULT:
        v = 3.0 + 2.0 * params[STEAL]
    return v * (1.0 + params[STEAL]) + 0.01 * s[q].vp


@kernel
def heuristic_choose_nb(params, cards, g, s, p, opts, n):
    """Index of the option seat p takes among opts[:n] (module docstring)."""
    sp = s[p]
    want_items = stack_empty(MAX_ITEMS, np.int64)  # plan_nb fills both
    want_res = stack_empty(N_RES, np.int64)
    ups = stack_empty(MAX_GROUPS, np.int64)
    count_up_nb(cards, g, ups)
    need_items = plan_nb(params, cards, g, ups, sp, p, want_items, want_res)
    # vaults wanted: the parameter's, or as many as the plan's patron needs to store
    vaults = max(params[VAULTS], need_items - 1 - cards.backpack_items)
    first = opts[0, 0]
    best = 0
    best_v = -1e9
    if first == Opt.KEEP:  # mulligan: keep or replace this one
        c = opts[0, 1]
        cost = 0
        for j in range(cards.n_need[c]):
            t = cards.need_item[c, j]
            cost += cards.needs[c, t] * item_cost_nb(cards, t)
        ratio = patron_vp_nb(cards, ups, c) / max(1, cost)
        if cards.ability[c] == Ability.CUMULATIVE_VP:
            ratio *= 1.0 + params[CUMULATIVE]
        return 1 if ratio < params[MULLIGAN] and n > 1 else 0
    for k in range(n):
        code = opts[k, 0]
        a = opts[k, 1]
        v = -1e9
        if code == Opt.SET_ASIDE or code == Opt.ROLL or code == Opt.TAKE_BACK:
            return mine_pick_nb(params, cards, g, opts, n, want_res)
        if code == Opt.STOP:
            v = 0.0
        elif code >= Opt.STEAL_RES and code <= Opt.STEAL_VAULT:
            v = steal_value_nb(params, cards, g, s, opts, k, want_items, want_res)
        elif code == Opt.CRAFT:
            v = 10.0 + item_cost_nb(cards, a) if want_items[a] > 0 else -1.0
        elif code == Opt.CRAFT_VAULT:
            v = 20.0 if sp.n_vaults < vaults else -1.0
        elif code == Opt.FULFIL:
            v = 100.0 + patron_vp_nb(cards, ups, a)
        elif code == Opt.BANK:
            v = 1.0 + want_res[a]
        elif code == Opt.DISCARD:  # discard the patron of the lowest value
            v = -patron_value_nb(params, cards, ups, sp, a)
        elif code == Opt.RETURN_ITEM:
            v = -100.0 * want_items[a] - item_cost_nb(cards, a)
        elif code == Opt.RETURN_RES:
            v = -1.0 * want_res[a] - sp.res[a] * 0.01
        elif code == Opt.REMOVE:  # the leader's, never one's own
            q = opts[k, 2]
            v = -1.0 if q == p else 1.0 + s[q].vp * 0.1
        elif code == Opt.SWAP:
            b = opts[k, 2]
            v = (5.0 if want_items[b] > 0 else -1.0) - 10.0 * want_items[a]
        elif code == Opt.GAIN:
            v = 1.0 + want_res[a]
        elif code == Opt.PLACE_ITEM:  # the most valuable first, in the first vault with room
            v = 10.0 + item_cost_nb(cards, a) + (10.0 if want_items[a] > 0 else 0.0)
            v -= 0.01 * opts[k, 2]
        elif code == Opt.PLACE_RES:
            v = 1.0 + want_res[a] - 0.01 * opts[k, 2]
        if v > best_v:
            best_v = v
            best = k
    return best
