"""The Repair main action (rulebook p.20): materials (2 inspiration replace 1), prestige, token;
taking a face-up repair card or searching the repair deck by family (ruling 20)."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.access_nb import (
    N_SEARCH_KEYS,
    choose_payment_nb,
    min_inspiration_nb,
    peek_search_nb,
    row_card_nb,
    searched_nb,
    take_from_row_nb,
    tier_cost_nb,
)
from simcore.games.luthier.codes import CardEvent, CardKind, Ev, Opt
from simcore.games.luthier.costs_nb import add_plan_options_nb, has_plan_nb, pay_plan_nb
from simcore.games.luthier.decide_nb import decide_nb, set_opt_nb
from simcore.games.luthier.dtypes import MAX_SLOTS
from simcore.games.luthier.enums import CardRow, Location, PatronPower, Rule, Source
from simcore.games.luthier.instruments_nb import mark_powers_nb, power_total_nb
from simcore.games.luthier.log_nb import card_event_nb, discount_nb, log_nb
from simcore.games.luthier.orchestra_nb import REPAIR_TOKEN, place_own_token_nb
from simcore.games.luthier.requirements_nb import REPAIR, offer_to_patrons_nb
from simcore.games.luthier.resources_nb import add_prestige_nb, can_pay_nb
from simcore.games.luthier.rows_nb import discard_nb
from simcore.jit import kernel
from simcore.stack_nb import stack_empty


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
    """Most inspiration seat p may put toward an access cost (tier or search) and still pay
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
def repair_search_options_nb(cards, g, s, opts, p, i, n, extra=0):
    """Deck search at the Repair location (ruling 20): with an apprentice on placement i's
    chip, 10 money and/or inspiration for the first repair card of a chosen family.

    "If you do not have the required materials (or inspiration) for a repair, then you
    cannot choose that card" (p.20): a family is offered only if the card the search
    would find can be paid after the search cost.
    """
    if g.pl_appr[i] == 0:
        return n
    row = CardRow.REPAIRS
    cost = cards.rules[Rule.SEARCH_COST]
    fixed = repair_fixed_discount_nb(cards, s, p) + extra
    for key in range(N_SEARCH_KEYS):
        c = peek_search_nb(cards, g, row, key)
        if c >= 0 and access_inspiration_limit_nb(cards, s, p, c, cost, fixed) >= 0:
            n = set_opt_nb(opts, n, Opt.SEARCH, row, key)
    return n


@kernel
def take_repair_nb(cards, g, s, w, p, i, k, free_tier=False, extra=0):
    """Apply a Repair TAKE_CARD or SEARCH option row k for placement i: pay the access cost
    by a split that leaves the repair payable (ruling 24), take the card and return it."""
    row = CardRow.REPAIRS
    kind = w.opts[k, 0]
    b = w.opts[k, 2]
    slot = w.opts[k, 3]  # read now: the payment choice rewrites w.opts
    fixed = repair_fixed_discount_nb(cards, s, p) + extra
    if kind == Opt.TAKE_CARD:
        c = g.rows[row, b, slot]
        cost = 0 if free_tier else tier_cost_nb(cards, s, p, b)
    else:
        c = peek_search_nb(cards, g, row, b)
        cost = cards.rules[Rule.SEARCH_COST]
    limit = access_inspiration_limit_nb(cards, s, p, c, cost, fixed)
    money, insp = choose_payment_nb(cards, g, s, w, p, cost, limit)
    if kind == Opt.SEARCH:
        return searched_nb(cards, g, s, w, p, i, row, b, money, insp)
    take_from_row_nb(g, row, b, slot)
    log_nb(g, w, p, Ev.TAKE_CARD, row, c, b, money, insp)
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
