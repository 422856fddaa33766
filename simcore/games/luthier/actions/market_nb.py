"""The market: prices from the market card, buying, selling, hiring and training.

Rulebook p.14 and ruling 6: buy and sell at the printed price of the market
card in force; no buying and selling of the same material in one visit;
apprentices cost 4, a track step 15 (not the final step); inspiration pays
1:1 towards any of these costs but never makes a material cheaper than 0.
A visit is a sequence of atomic options ending in DONE.
"""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.actions.access_nb import NO_LIMIT, choose_payment_nb
from simcore.games.luthier.output.log_nb import log_nb
from simcore.games.luthier.play.decide_nb import decide_nb, set_opt_nb
from simcore.games.luthier.rules.resources_nb import (
    apprentice_cap_nb,
    apprentices_held_nb,
    can_pay_nb,
    gain_apprentices_nb,
)
from simcore.games.luthier.rules.tracks_nb import advance_track_nb, can_train_nb
from simcore.games.luthier.state.codes import Ev, Opt, Why
from simcore.games.luthier.state.enums import PatronPower, Res, Rule
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty

BOUGHT = 1
SOLD = 2


@kernel
def buy_price_nb(cards, g, s, p, m):
    """Price seat p pays for one Material m: the market card's, less completed-patron discounts.

    Haydn / Mozart (patron powers, rulebook p.33): that material costs 1 less.
    """
    price = cards.market_price[g.market_card, m]
    for i in range(s[p].completed_n):
        c = s[p].completed[i]
        power = cards.patron_power[c]
        if power == PatronPower.MARKET_DISCOUNT and cards.patron_power_material[c] == m:
            price -= cards.patron_power_amount[c]
    return max(price, 0)


@kernel
def sell_price_nb(cards, g, m):
    """Selling is at the printed price (ruling 6)."""
    return cards.market_price[g.market_card, m]


@kernel
def market_options_nb(cards, g, s, opts, p, traded):
    """List seat p's market options into `opts`; `traded[m]` holds BOUGHT/SOLD flags.

    Every purchase is one option if seat p can pay it (ruling 24: the split of money
    and inspiration is chosen when paying, choose_payment_nb).
    """
    n = set_opt_nb(opts, 0, Opt.DONE)
    room = s[p].storage - s[p].materials.sum()
    for m in range(3):
        if (
            room > 0
            and (traded[m] & SOLD) == 0
            and can_pay_nb(s, p, buy_price_nb(cards, g, s, p, m))
        ):
            n = set_opt_nb(opts, n, Opt.BUY, m)
        if s[p].materials[m] > 0 and (traded[m] & BOUGHT) == 0:
            n = set_opt_nb(opts, n, Opt.SELL, m)
    if apprentices_held_nb(g, s, p) < apprentice_cap_nb(cards, s, p) and can_pay_nb(
        s, p, cards.rules[Rule.APPRENTICE_COST]
    ):
        n = set_opt_nb(opts, n, Opt.HIRE)
    if can_pay_nb(s, p, cards.rules[Rule.TRAINING_COST]):
        for t in range(2):  # training: performance or craft track only
            if can_train_nb(s, p, t):
                n = set_opt_nb(opts, n, Opt.TRAIN, t)
    return n


@kernel
def apply_market_option_nb(cards, g, s, w, p, k, traded):
    """Apply option row k of a market visit; returns False when the visit is done."""
    kind = w.opts[k, 0]
    a = w.opts[k, 1]
    if kind == Opt.DONE:
        return False
    if kind == Opt.BUY:
        price = buy_price_nb(cards, g, s, p, a)
        money, insp = choose_payment_nb(cards, g, s, w, p, price, NO_LIMIT)
        for i in range(s[p].completed_n):  # Haydn / Mozart took effect
            c = s[p].completed[i]
            power = cards.patron_power[c]
            if power == PatronPower.MARKET_DISCOUNT and cards.patron_power_material[c] == a:
                g.power_used[c] = 1
                log_nb(g, w, p, Ev.POWER, c, power, cards.patron_power_amount[c])
        s[p].materials[a] += 1
        s[p].gained[Res.ANIMAL + a] += 1
        s[p].n_bought[a] += 1
        traded[a] |= BOUGHT
        printed = cards.market_price[g.market_card, a]
        log_nb(g, w, p, Ev.BUY, a, money, insp, printed, printed - price)
    elif kind == Opt.SELL:
        price = sell_price_nb(cards, g, a)
        s[p].materials[a] -= 1
        s[p].money += price
        s[p].gained[Res.MONEY] += price
        s[p].n_sold[a] += 1
        traded[a] |= SOLD
        log_nb(g, w, p, Ev.SELL, a, price)
    elif kind == Opt.HIRE:
        money, insp = choose_payment_nb(
            cards, g, s, w, p, cards.rules[Rule.APPRENTICE_COST], NO_LIMIT
        )
        s[p].n_hired += 1
        log_nb(g, w, p, Ev.HIRE, 0, money, insp)
        gain_apprentices_nb(cards, g, s, w, p, 1, Why.MARKET)
    elif kind == Opt.TRAIN:
        money, insp = choose_payment_nb(
            cards, g, s, w, p, cards.rules[Rule.TRAINING_COST], NO_LIMIT
        )
        s[p].n_trained[a] += 1
        log_nb(g, w, p, Ev.TRAIN, a, money, insp)
        advance_track_nb(cards, g, s, w, p, a)
    return True


@kernel
def visit_market_nb(cards, g, s, w, p):
    """Seat p's market visit (once per round): atomic options until DONE."""
    s[p].market_done = 1
    log_nb(g, w, p, Ev.MARKET)
    traded = stack_empty(3, np.int8)
    traded[:] = 0
    while True:
        n = market_options_nb(cards, g, s, w.opts, p, traded)
        k = decide_nb(cards, g, s, w.opts, w.params, p, n)
        if not apply_market_option_nb(cards, g, s, w, p, k, traded):
            break
    log_nb(g, w, p, Ev.MARKET_DONE)
