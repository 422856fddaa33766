"""The resolution's turn and market decisions, valued a whole decision at a time.

A turn decision (ACTIVATE a location, visit the MARKET, PASS) and each step of a
market visit (BUY, SELL, HIRE, TRAIN, DONE) list several options that read the same
facts of the seat: what its benches still need, the rounds left. turn_values_nb and
market_values_nb find those once for all the options of a decision and value each
option as turn_value_nb and market_value_nb do alone (the same expressions).
"""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.state.codes import Opt
from simcore.games.luthier.state.enums import Location
from simcore.games.luthier.state.state_nb import apprentices_held_nb
from simcore.games.luthier.state.view_nb import visible_skill_nb
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty
from strategies.luthier.params import APPRENTICE, INSPIRATION, MONEY
from strategies.luthier.values_nb import (
    one_material_need_nb,
    rounds_left_nb,
    track_step_value_nb,
)


@kernel
def my_chips_first_nb(cards, g, s, p, loc):
    """True if the first chip to act at `loc` is seat p's (opponents' face-down chips at
    their expected skill, visible_skill_nb)."""
    best = -1.0
    first_seat = -1
    for i in range(g.pl_n):
        if g.pl_loc[i] == loc and g.pl_done[i] == 0:
            if loc >= Location.ROUGHING and g.pl_seat[i] != p:
                continue
            sk = visible_skill_nb(cards, g, s, p, i)
            if sk > best:
                best = sk
                first_seat = g.pl_seat[i]
    return first_seat == p


@kernel
def materials_short_nb(cards, s, p):
    """Materials the seat's benches still need beyond what it holds (all three summed)."""
    short = 0
    for m in range(3):
        short += one_material_need_nb(cards, s, p, m)
    return short


@kernel
def turn_value_nb(prm, cards, g, s, p, kind, loc, short):
    """Order of a resolution turn: main-board locations where we act first, then the
    market when the benches lack materials, then the benches, then passing (`short`:
    materials_short_nb)."""
    if kind == Opt.PASS:
        return 0.0
    if kind == Opt.MARKET:
        if short > 0 and s[p].money + s[p].inspiration >= 3:
            return 5.0
        return 1.0 if s[p].money >= 10 else 0.5
    if loc >= Location.ROUGHING:
        return 3.0 if s[p].market_done or short == 0 else 1.5
    return 4.0 + (1.0 if my_chips_first_nb(cards, g, s, p, loc) else 0.0)


@kernel
def turn_values_nb(prm, cards, g, s, p, opts, n, values):
    """turn_value_nb of every ACTIVATE, MARKET and PASS option among opts[:n], into
    values[k] (the others are left as they are)."""
    short = materials_short_nb(cards, s, p)
    for k in range(n):
        kind = opts[k, 0]
        if Opt.ACTIVATE <= kind <= Opt.PASS:
            values[k] = turn_value_nb(prm, cards, g, s, p, kind, opts[k, 1], short)


@kernel
def market_value_nb(prm, cards, g, s, p, kind, a, mode, left, need):
    """A market step: buy what the benches need, sell surplus late, hire and train
    sensibly (`left`: rounds_left_nb; `need`: one_material_need_nb of material a, read
    by BUY and SELL only)."""
    if kind == Opt.DONE:
        return 0.0
    pay_insp = 0.3 if mode == 1 else 0.0  # money first unless inspiration is cheap for us
    if kind == Opt.BUY:
        price = cards.market_price[g.market_card, a]
        if need > 0:
            return 2.0 - price * 0.1 - pay_insp * prm[INSPIRATION] * 3
        return -1.0
    if kind == Opt.SELL:
        if need == 0 and (left <= 2 or s[p].materials.sum() > 6):
            return 0.5 + cards.market_price[g.market_card, a] * 0.05
        return -1.0
    if kind == Opt.HIRE:
        held = apprentices_held_nb(g, s, p)
        if left > 1 and held < 2 and s[p].money >= 8:
            return prm[APPRENTICE] - 4 * prm[MONEY] - pay_insp
        return -1.0
    if kind == Opt.TRAIN:
        if s[p].money >= 18:
            return track_step_value_nb(prm, cards, s, p, a) - 15 * prm[MONEY] - pay_insp
        return -1.0
    return -1.0


@kernel
def market_values_nb(prm, cards, g, s, p, opts, n, values):
    """market_value_nb of every BUY, SELL, HIRE, TRAIN and DONE option among opts[:n],
    into values[k] (the others are left as they are): each material's need found once."""
    left = rounds_left_nb(cards, g)
    need = stack_empty(3, np.int64)
    need[:] = -1  # not found yet
    for k in range(n):
        kind = opts[k, 0]
        if Opt.BUY <= kind <= Opt.DONE:
            a = opts[k, 1]
            m_need = 0
            if kind == Opt.BUY or kind == Opt.SELL:
                if need[a] < 0:
                    need[a] = one_material_need_nb(cards, s, p, a)
                m_need = need[a]
            values[k] = market_value_nb(prm, cards, g, s, p, kind, a, opts[k, 4], left, m_need)
