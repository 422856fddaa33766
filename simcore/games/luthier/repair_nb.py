"""The Repair main action (rulebook p.20): materials (2 inspiration replace 1), prestige, token."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.access_nb import row_card_nb, tier_cost_nb
from simcore.games.luthier.codes import CardEvent, CardKind, Ev, Opt
from simcore.games.luthier.costs_nb import add_plan_options_nb, has_plan_nb, pay_plan_nb
from simcore.games.luthier.decide_nb import decide_nb, set_opt_nb
from simcore.games.luthier.dtypes import MAX_SLOTS
from simcore.games.luthier.enums import CardRow, PatronPower, Rule, Source
from simcore.games.luthier.instruments_nb import mark_powers_nb, power_total_nb
from simcore.games.luthier.log_nb import card_event_nb, log_nb
from simcore.games.luthier.orchestra_nb import REPAIR_TOKEN, choose_spot_nb, place_token_nb
from simcore.games.luthier.requirements_nb import REPAIR, offer_to_patrons_nb
from simcore.games.luthier.resources_nb import add_prestige_nb, split_payment_nb
from simcore.games.luthier.rows_nb import discard_nb
from simcore.jit import kernel
from simcore.stack_nb import stack_empty


@kernel
def repair_fixed_discount_nb(cards, s, p):
    """Vivaldi: "Reduce resource requirement by 1 when repairing" (rulebook p.33)."""
    return power_total_nb(cards, s, p, PatronPower.REPAIR_DISCOUNT)


@kernel
def repair_options_nb(cards, g, s, w, p, n, free_tier=False, extra=0):
    """Repair main action: face-up repair cards seat p can both access and pay for.

    Ruling 6-style split of the tier cost; a card is offered under a payment
    mode only if its materials can still be paid after that tier cost.
    """
    row = CardRow.REPAIRS
    per = cards.rules[Rule.REPAIR_INSPIRATION_PER_MATERIAL]
    fixed = repair_fixed_discount_nb(cards, s, p) + extra
    for tier in range(3):
        for slot in range(MAX_SLOTS):
            c = row_card_nb(cards, g, row, tier, slot)
            if c < 0:
                continue
            cost = 0 if free_tier else tier_cost_nb(cards, s, p, tier)
            last_money = -1
            for mode in range(2):
                if s[p].money + s[p].inspiration < cost:
                    break
                money, insp = split_payment_nb(s, p, cost, mode)
                if money == last_money:
                    continue
                last_money = money
                s[p].inspiration -= insp  # test the plan with what is left
                ok = has_plan_nb(s, p, cards.repair_cost[c], fixed, 0, per)
                s[p].inspiration += insp
                if ok:
                    n = set_opt_nb(w, n, Opt.TAKE_CARD, row, tier, slot, mode)
    return n


@kernel
def repair_nb(cards, g, s, w, p, c, extra=0):
    """Pay repair card c's materials by a plan of seat p's choice, score it, place the token."""
    per = cards.rules[Rule.REPAIR_INSPIRATION_PER_MATERIAL]
    fixed = repair_fixed_discount_nb(cards, s, p) + extra
    mark_powers_nb(cards, g, s, p, PatronPower.REPAIR_DISCOUNT)
    cost = cards.repair_cost[c]
    n = add_plan_options_nb(s, p, w, 0, Opt.PAY_PLAN, 0, cost, fixed, 0, per, 0)
    k = decide_nb(cards, g, s, w, p, n)
    paid = stack_empty(3, np.int64)
    paid[:] = s[p].materials
    _, insp = pay_plan_nb(s, p, cost, w.opts[k, 2], w.opts[k, 3], w.opts[k, 4], fixed, 0, per)
    paid -= s[p].materials
    log_nb(g, w, p, Ev.REPAIR, c, paid[0], paid[1], paid[2], insp)
    card_event_nb(g, w, p, CardKind.REPAIR, c, CardEvent.COMPLETED, 0)
    add_prestige_nb(s, p, Source.REPAIRS, cards.repair_prestige[c])
    log_nb(g, w, p, Ev.SCORE, Source.REPAIRS, cards.repair_prestige[c])
    family = cards.repair_family[c]
    s[p].repairs[family] += 1
    spot = choose_spot_nb(cards, g, s, w, p, REPAIR_TOKEN, family)
    if spot >= 0:
        place_token_nb(cards, g, s, w, p, spot, REPAIR_TOKEN, 1)
    offer_to_patrons_nb(cards, g, s, w, p, REPAIR, family, -1)
    discard_nb(g, CardRow.REPAIRS, c)
