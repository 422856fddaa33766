"""The Repair main action (rulebook p.20): materials (2 inspiration replace 1), prestige, token;
taking a face-up repair card or searching the repair deck by family (ruling 20), blind
(ruling 27)."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.actions.access_nb import (
    N_SEARCH_KEYS,
    NO_LIMIT,
    choose_payment_nb,
    min_inspiration_nb,
    put_on_top_nb,
    row_card_nb,
    search_paid_nb,
    take_from_row_nb,
    tier_cost_nb,
)
from simcore.games.luthier.actions.costs_nb import add_plan_options_nb, has_plan_nb, pay_plan_nb
from simcore.games.luthier.actions.instruments_nb import (
    mark_powers_nb,
    power_total_nb,
    search_options_nb,
)
from simcore.games.luthier.output.log_nb import card_event_nb, discount_nb, log_nb
from simcore.games.luthier.play.decide_nb import decide_nb, set_opt_nb
from simcore.games.luthier.rules.orchestra_nb import REPAIR_TOKEN, place_own_token_nb
from simcore.games.luthier.rules.requirements_nb import REPAIR, offer_to_patrons_nb
from simcore.games.luthier.rules.resources_nb import add_prestige_nb, can_pay_nb
from simcore.games.luthier.rules.rows_nb import discard_nb
from simcore.games.luthier.state.codes import CardEvent, CardKind, Ev, Opt
from simcore.games.luthier.state.dtypes import MAX_SLOTS
from simcore.games.luthier.state.enums import CardRow, Location, PatronPower, Rule, Source
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty


@kernel
def repair_fixed_discount_nb(cards, s, p):
    """Vivaldi: "Reduce resource requirement by 1 when repairing" (rulebook p.33)."""
    return power_total_nb(cards, s, p, PatronPower.REPAIR_DISCOUNT)


@kernel
def plan_after_nb(cards, s, p, c, fixed, insp):
    """True if seat p can still pay repair card c's materials after spending `insp`
    inspiration on access (2 inspiration replace a material)."""
    per = cards.rules[Rule.REPAIR_INSPIRATION_PER_MATERIAL]
    s[p].inspiration -= insp  # test the plan with what is left
    ok = has_plan_nb(s, p, cards.repair_cost[c], fixed, 0, per)
    s[p].inspiration += insp
    return ok


@kernel
def access_inspiration_limit_nb(cards, s, p, c, cost, fixed):
    """Most inspiration seat p may put toward a face-up card's tier cost and still pay
    repair card c; -1 if no split of `cost` leaves the repair payable. Inspiration kept
    only helps the repair, so the legal splits are those up to this limit (ruling 24)."""
    if not can_pay_nb(s, p, cost):
        return -1
    lo = min_inspiration_nb(s, p, cost)
    for insp in range(min(cost, s[p].inspiration), lo - 1, -1):
        if plan_after_nb(cards, s, p, c, fixed, insp):
            return insp
    return -1


@kernel
def repair_options_nb(cards, g, s, opts, p, n, free_tier=False, extra=0):
    """Repair main action: face-up repair cards seat p can both access and pay for.

    A card is offered if some split of its tier cost (ruling 24) leaves its
    materials payable; the split is chosen when paying (`take_repair_nb`).
    """
    row = CardRow.REPAIRS
    fixed = repair_fixed_discount_nb(cards, s, p) + extra
    for tier in range(3):
        for slot in range(MAX_SLOTS):
            c = row_card_nb(cards, g, row, tier, slot)
            if c < 0:
                continue
            cost = 0 if free_tier else tier_cost_nb(cards, s, p, tier)
            if access_inspiration_limit_nb(cards, s, p, c, cost, fixed) >= 0:
                n = set_opt_nb(opts, n, Opt.TAKE_CARD, row, tier, slot)
    return n


@kernel
def repair_search_options_nb(cards, g, s, opts, p, i, n):
    """Deck search at the Repair location (ruling 20), searching blind (ruling 27): with an
    apprentice on placement i's chip and 10 money and/or inspiration, one option for
    every family the repair deck's card backs show, whether or not seat p could pay for
    the card it would find: the player sees only the backs, and no option list may
    depend on the order or the faces of an undrawn deck."""
    return search_options_nb(cards, g, s, opts, p, i, n, CardRow.REPAIRS, N_SEARCH_KEYS)


@kernel
def take_repair_nb(cards, g, s, w, p, i, k, free_tier=False, extra=0):
    """Apply a Repair TAKE_CARD or SEARCH option row k for placement i and return the card
    to repair, or -1 when there is none.

    A face-up card: the access cost is paid by a split that leaves the repair payable
    (ruling 24). A search (ruling 27): any split of the search cost, then the card found;
    it is returned only if seat p can pay for it (search_repair_nb)."""
    row = CardRow.REPAIRS
    kind = w.opts[k, 0]
    b = w.opts[k, 2]
    slot = w.opts[k, 3]  # read now: the payment choice rewrites w.opts
    fixed = repair_fixed_discount_nb(cards, s, p) + extra
    if kind == Opt.SEARCH:  # the card is not known yet: every split is legal
        money, insp = choose_payment_nb(cards, g, s, w, p, cards.rules[Rule.SEARCH_COST], NO_LIMIT)
        return search_repair_nb(cards, g, s, w, p, i, b, money, insp, fixed)
    c = g.rows[row, b, slot]
    cost = 0 if free_tier else tier_cost_nb(cards, s, p, b)
    limit = access_inspiration_limit_nb(cards, s, p, c, cost, fixed)
    money, insp = choose_payment_nb(cards, g, s, w, p, cost, limit)
    take_from_row_nb(g, row, b, slot)
    log_nb(g, w, p, Ev.TAKE_CARD, row, c, b, money, insp)
    card_event_nb(g, w, p, CardKind.REPAIR, c, CardEvent.TAKEN, 0)
    return c


@kernel
def search_repair_nb(cards, g, s, w, p, i, key, money, insp, fixed):
    """A paid Repair deck search for family `key` by placement i (ruling 27): the apprentice
    leaves the game and the first card of that family from the top is found. Returns it
    if seat p can pay its materials (`fixed`: the discounts that apply); otherwise it is
    not made: it goes back on top of the repair deck (a SEARCH_BACK event), the search
    cost and the apprentice stay spent, and -1 is returned."""
    row = CardRow.REPAIRS
    c = search_paid_nb(cards, g, s, w, p, i, row, key, money, insp)
    per = cards.rules[Rule.REPAIR_INSPIRATION_PER_MATERIAL]
    if not has_plan_nb(s, p, cards.repair_cost[c], fixed, 0, per):
        put_on_top_nb(g, row, c)
        log_nb(g, w, p, Ev.SEARCH_BACK, row, c)
        return -1
    card_event_nb(g, w, p, CardKind.REPAIR, c, CardEvent.TAKEN, 0)
    return c


@kernel
def repair_nb(cards, g, s, w, p, c, extra=0):
    """Pay repair card c's materials by a plan of seat p's choice, score it, place the token.

    With no repair token left the repair still scores, but places none (ruling 25).
    """
    per = cards.rules[Rule.REPAIR_INSPIRATION_PER_MATERIAL]
    fixed = repair_fixed_discount_nb(cards, s, p) + extra
    mark_powers_nb(cards, g, s, w, p, PatronPower.REPAIR_DISCOUNT)
    cost = cards.repair_cost[c]
    n = add_plan_options_nb(s, p, w.opts, 0, Opt.PAY_PLAN, 0, cost, fixed, 0, per, 0)
    k = decide_nb(cards, g, s, w.opts, w.params, p, n)
    paid = stack_empty(3, np.int64)
    paid[:] = s[p].materials
    taken = w.opts[k, 2] + w.opts[k, 3] + w.opts[k, 4]
    _, insp = pay_plan_nb(s, p, cost, w.opts[k, 2], w.opts[k, 3], w.opts[k, 4], fixed, 0, per)
    discount_nb(g, w, p, Location.REPAIR, taken, fixed - extra, extra, 0, per)
    paid -= s[p].materials
    log_nb(g, w, p, Ev.REPAIR, c, paid[0], paid[1], paid[2], insp)
    card_event_nb(g, w, p, CardKind.REPAIR, c, CardEvent.COMPLETED, 0)
    add_prestige_nb(s, p, Source.REPAIRS, cards.repair_prestige[c])
    log_nb(g, w, p, Ev.SCORE, Source.REPAIRS, cards.repair_prestige[c])
    family = cards.repair_family[c]
    s[p].repairs[family] += 1
    place_own_token_nb(cards, g, s, w, p, REPAIR_TOKEN, family, 1)
    offer_to_patrons_nb(cards, g, s, w, p, REPAIR, family, -1)
    discard_nb(g, CardRow.REPAIRS, c)
