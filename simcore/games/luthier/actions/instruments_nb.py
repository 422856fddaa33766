"""Instruments: the Guild main action, the workbench (roughing, finishing) and bench moves.

Rulebook pp.17-18 (Guild), p.23 (roughing and finishing), p.11 (start of round).
"""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.actions.access_nb import (
    N_SEARCH_KEYS,
    NO_LIMIT,
    choose_payment_nb,
    deck_has_key_nb,
    row_options_nb,
    searched_nb,
    take_from_row_nb,
    tier_cost_nb,
)
from simcore.games.luthier.actions.costs_nb import (
    add_kept_plans_nb,
    add_plan_options_nb,
    pay_plan_nb,
)
from simcore.games.luthier.output.log_nb import card_event_nb, discount_nb, log_nb
from simcore.games.luthier.play.decide_nb import decide_nb, set_opt_nb
from simcore.games.luthier.rules.orchestra_nb import INSTRUMENT_TOKEN, place_own_token_nb
from simcore.games.luthier.rules.requirements_nb import INSTRUMENT, offer_to_patrons_nb
from simcore.games.luthier.rules.resources_nb import (
    add_prestige_nb,
    can_pay_nb,
    gain_inspiration_nb,
)
from simcore.games.luthier.rules.rows_nb import add_to_hand_nb, discard_nb, hand_remove_nb
from simcore.games.luthier.state.codes import ROW_CARD_KIND, CardEvent, CardKind, Ev, Opt, Why
from simcore.games.luthier.state.dtypes import MAX_HAND
from simcore.games.luthier.state.enums import CardRow, Location, PatronPower, Rule, Source, Track
from simcore.games.luthier.state.track_steps import (
    CRAFT_FINISH_2X,
    CRAFT_ROUGH_2X,
    REP_INSTRUMENT_BONUS,
)
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty, stack_empty_2d

INSTRUMENT_BONUS = 2  # reputation step 5: +2 prestige per finished instrument (ruling 7)


@kernel
def mark_powers_nb(cards, g, s, w, p, power):
    """Record in g.power_used (and log) that seat p's completed patrons with `power` took
    effect."""
    for i in range(s[p].completed_n):
        c = s[p].completed[i]
        if cards.patron_power[c] == power:
            g.power_used[c] = 1
            log_nb(g, w, p, Ev.POWER, c, power, cards.patron_power_amount[c])


@kernel
def power_total_nb(cards, s, p, power):
    """Sum of `amount` over seat p's completed patrons with lifetime power `power`."""
    total = 0
    for i in range(s[p].completed_n):
        c = s[p].completed[i]
        if cards.patron_power[c] == power:
            total += cards.patron_power_amount[c]
    return total


# ---------------------------------------------------------------- Guild


@kernel
def guild_options_nb(cards, g, s, opts, p, i, n, free_tier=False):
    """Guild main action: a face-up instrument (tier cost), or a deck search (apprentice)."""
    if s[p].hand_n >= MAX_HAND:
        return n
    row = CardRow.INSTRUMENTS
    n = row_options_nb(cards, g, s, opts, p, n, row, free_tier)
    n = search_options_nb(cards, g, s, opts, p, i, n, row, N_SEARCH_KEYS)  # by family (ruling 20)
    return n


@kernel
def search_options_nb(cards, g, s, opts, p, i, n, row, n_keys):
    """Deck search by card back (p.15): needs an apprentice on the chip; costs 10."""
    if g.pl_appr[i] == 0 or not can_pay_nb(s, p, cards.rules[Rule.SEARCH_COST]):
        return n
    for key in range(n_keys):
        if deck_has_key_nb(cards, g, row, key):
            n = set_opt_nb(opts, n, Opt.SEARCH, row, key)
    return n


@kernel
def take_card_nb(cards, g, s, w, p, i, k, free_tier=False):
    """Apply a TAKE_CARD or SEARCH option row k: pay, and return the card taken."""
    kind = w.opts[k, 0]
    row = w.opts[k, 1]
    b = w.opts[k, 2]
    slot = w.opts[k, 3]  # read now: the payment choice rewrites w.opts (ruling 24)
    if kind == Opt.TAKE_CARD:
        cost = 0 if free_tier else tier_cost_nb(cards, s, p, b)
        money, insp = choose_payment_nb(cards, g, s, w, p, cost, NO_LIMIT)
        c = take_from_row_nb(g, row, b, slot)
        log_nb(g, w, p, Ev.TAKE_CARD, row, c, b, money, insp)
        card_event_nb(g, w, p, ROW_CARD_KIND[row], c, CardEvent.TAKEN, 0)
        return c
    money, insp = choose_payment_nb(cards, g, s, w, p, cards.rules[Rule.SEARCH_COST], NO_LIMIT)
    return searched_nb(cards, g, s, w, p, i, row, b, money, insp)


# ---------------------------------------------------------------- workbench


@kernel
def free_slot_nb(bench):
    for k in range(2):
        if bench[k] < 0:
            return k
    return -1


@kernel
def rough_options_nb(cards, s, p, opts, n, optional, extra=0, keep=False):
    """Roughing: any card on the roughing bench while the finishing bench has room (p.23).

    Fixed discounts: Chopin's power and `extra` (a specialty chip's discount).
    The 5+ bonus (`optional`) is always used, unless `keep` (craft step 1: the
    worker roughs two) and the other card can then be roughed with it.
    """
    if free_slot_nb(s[p].finish_bench) < 0:
        return n
    fixed = power_total_nb(cards, s, p, PatronPower.ROUGH_DISCOUNT) + extra
    room = 0
    for k in range(2):
        if s[p].finish_bench[k] < 0:
            room += 1
    for k in range(2):
        c = s[p].rough_bench[k]
        if c < 0:
            continue
        cost = cards.inst_rough[c]
        n = add_plan_options_nb(s, p, opts, n, Opt.ROUGH, k, cost, fixed, optional, 0, 0)
        other = s[p].rough_bench[1 - k]
        if keep and other >= 0 and room == 2:
            n = add_kept_plans_nb(
                s, p, opts, n, Opt.ROUGH, k, cost, fixed, optional, 0, cards.inst_rough[other]
            )
    return n


@kernel
def finish_options_nb(cards, s, p, opts, n, optional, double, double_choice, extra=0, keep=False):
    """Finishing: any card on the finishing bench; e marks where the 6+ doubling goes.

    The 4+ bonus (`optional`) is always used, unless `keep` (craft step 4: the
    worker finishes two) and the other card can then be finished with it.
    """
    fixed = power_total_nb(cards, s, p, PatronPower.FINISH_DISCOUNT) + extra
    for k in range(2):
        c = s[p].finish_bench[k]
        if c < 0:
            continue
        cost = cards.inst_finish[c]
        other = s[p].finish_bench[1 - k]
        kept = keep and other >= 0
        # e = 1: the 6+ doubling goes to this card; e = 0 as well when it may go to a second
        e_first = 0 if not double or double_choice else 1
        for e in range(e_first, 2 if double else 1):
            n = add_plan_options_nb(s, p, opts, n, Opt.FINISH, k, cost, fixed, optional, 0, e)
            if kept:
                n = add_kept_plans_nb(
                    s, p, opts, n, Opt.FINISH, k, cost, fixed, optional, e, cards.inst_finish[other]
                )
    return n


@kernel
def rough_nb(cards, g, s, w, p, k, extra=0):
    """Apply ROUGH option row k: pay, move the card to the finishing bench.

    Returns the optional discounts used.
    """
    slot = w.opts[k, 1]
    c = s[p].rough_bench[slot]
    cost = cards.inst_rough[c]
    fixed = power_total_nb(cards, s, p, PatronPower.ROUGH_DISCOUNT) + extra
    mark_powers_nb(cards, g, s, w, p, PatronPower.ROUGH_DISCOUNT)
    paid = stack_empty(3, np.int64)
    paid[:] = s[p].materials
    taken = w.opts[k, 2] + w.opts[k, 3] + w.opts[k, 4]
    used, _ = pay_plan_nb(s, p, cost, w.opts[k, 2], w.opts[k, 3], w.opts[k, 4], fixed, 1, 0)
    discount_nb(g, w, p, Location.ROUGHING, taken, fixed - extra, extra, used, 0)
    s[p].rough_bench[slot] = -1
    s[p].finish_bench[free_slot_nb(s[p].finish_bench)] = c
    s[p].n_roughed += 1
    paid -= s[p].materials
    log_nb(g, w, p, Ev.ROUGH, c, paid[0], paid[1], paid[2])
    return used


@kernel
def finish_nb(cards, g, s, w, p, k, extra=0):
    """Apply FINISH option row k: pay, score, place the instrument token; returns discounts used.

    Prestige: the card's, plus 2 from reputation step 5. The token goes to one
    of the instrument's spots (none left: no token, ruling 25); the card may meet
    a patron's requirement.
    """
    slot = w.opts[k, 1]
    factor = 2 if w.opts[k, 5] == 1 else 1  # read now: decisions below rewrite w.opts
    c = s[p].finish_bench[slot]
    cost = cards.inst_finish[c]
    fixed = power_total_nb(cards, s, p, PatronPower.FINISH_DISCOUNT) + extra
    mark_powers_nb(cards, g, s, w, p, PatronPower.FINISH_DISCOUNT)
    paid = stack_empty(3, np.int64)
    paid[:] = s[p].materials
    taken = w.opts[k, 2] + w.opts[k, 3] + w.opts[k, 4]
    used, _ = pay_plan_nb(s, p, cost, w.opts[k, 2], w.opts[k, 3], w.opts[k, 4], fixed, 1, 0)
    discount_nb(g, w, p, Location.FINISHING, taken, fixed - extra, extra, used, 0)
    paid -= s[p].materials
    s[p].finish_bench[slot] = -1
    log_nb(g, w, p, Ev.FINISH, c, paid[0], paid[1], paid[2])
    card_event_nb(g, w, p, CardKind.INSTRUMENT, c, CardEvent.COMPLETED, 0)
    add_prestige_nb(s, p, Source.INSTRUMENTS, cards.inst_prestige[c])
    log_nb(g, w, p, Ev.SCORE, Source.INSTRUMENTS, cards.inst_prestige[c])
    if s[p].tracks[Track.REPUTATION] >= REP_INSTRUMENT_BONUS:
        add_prestige_nb(s, p, Source.TRACKS, INSTRUMENT_BONUS)
        log_nb(g, w, p, Ev.SCORE, Source.TRACKS, INSTRUMENT_BONUS)
    s[p].finished[cards.inst_family[c]] += 1
    if cards.inst_rare[c] == 1:
        s[p].finished_rare += 1
    place_own_token_nb(cards, g, s, w, p, INSTRUMENT_TOKEN, c, factor)
    offer_to_patrons_nb(cards, g, s, w, p, INSTRUMENT, cards.inst_family[c], -1)
    discard_nb(g, CardRow.INSTRUMENTS, c)
    return used


@kernel
def bench_work_nb(cards, g, s, w, p, loc_is_finish, skill, k, extra=0):
    """A bench worker's action after its first option row k was chosen (p.23).

    Roughing: 3+ gives 2 inspiration; 5+ takes one material off one instrument;
    craft step 1 lets the worker rough a second instrument. Finishing: 4+ takes
    one material off one instrument; 6+ doubles the orchestra bonus of one;
    craft step 4 lets the worker finish a second. Bonuses apply once per worker;
    the material bonus is always used, on the second instrument if kept for it
    (issue 16 item 7).
    """
    r = cards.rules
    if loc_is_finish:
        optional = 1 if skill >= r[Rule.FINISH_DISCOUNT_SKILL] else 0
        double = skill >= r[Rule.FINISH_DOUBLE_SKILL]
        doubled = w.opts[k, 5] == 1  # read before finish_nb's decisions rewrite w.opts
        optional -= finish_nb(cards, g, s, w, p, k, extra)
        if doubled:
            double = False
        if s[p].tracks[Track.CRAFT] >= CRAFT_FINISH_2X:
            # a bonus kept for the second instrument binds the worker to finish it
            n = finish_options_nb(cards, s, p, w.opts, 0, optional, double, False, extra)
            if optional == 0 or n == 0:
                n = set_opt_nb(w.opts, 0, Opt.DONE)
                n = finish_options_nb(cards, s, p, w.opts, n, optional, double, False, extra)
            k2 = decide_nb(cards, g, s, w.opts, w.params, p, n)
            if w.opts[k2, 0] == Opt.FINISH:
                finish_nb(cards, g, s, w, p, k2, extra)
        return
    optional = 1 if skill >= r[Rule.ROUGH_DISCOUNT_SKILL] else 0
    optional -= rough_nb(cards, g, s, w, p, k, extra)
    if s[p].tracks[Track.CRAFT] >= CRAFT_ROUGH_2X:
        # a bonus kept for the second instrument binds the worker to rough it
        n = rough_options_nb(cards, s, p, w.opts, 0, optional, extra)
        if optional == 0 or n == 0:
            n = set_opt_nb(w.opts, 0, Opt.DONE)
            n = rough_options_nb(cards, s, p, w.opts, n, optional, extra)
        k2 = decide_nb(cards, g, s, w.opts, w.params, p, n)
        if w.opts[k2, 0] == Opt.ROUGH:
            rough_nb(cards, g, s, w, p, k2, extra)
    if skill >= r[Rule.ROUGH_INSPIRATION_SKILL]:
        gain_inspiration_nb(g, s, w, p, r[Rule.ROUGH_INSPIRATION], Why.ROUGHING_BONUS)


# ---------------------------------------------------------------- start of round


@kernel
def bench_moves_nb(cards, g, s, w, p):
    """Start of round (p.11): take cards from either bench into hand, then put cards on roughing.

    Resources spent on a card that leaves a bench are lost. Take-backs come
    first; once a card is put on the roughing bench no more are taken back.
    """
    putting = False
    original = stack_empty_2d(2, 2, np.int16)
    for k in range(2):
        original[0, k] = s[p].rough_bench[k]
        original[1, k] = s[p].finish_bench[k]
    while True:
        n = set_opt_nb(w.opts, 0, Opt.DONE)
        if not putting:
            for k in range(2):
                if s[p].rough_bench[k] >= 0 and s[p].rough_bench[k] == original[0, k]:
                    n = set_opt_nb(w.opts, n, Opt.BENCH_TAKE, 0, k)
                if s[p].finish_bench[k] >= 0:
                    n = set_opt_nb(w.opts, n, Opt.BENCH_TAKE, 1, k)
        if free_slot_nb(s[p].rough_bench) >= 0:
            for i in range(s[p].hand_n):
                n = set_opt_nb(w.opts, n, Opt.BENCH_PUT, i, s[p].hand[i])
        k = decide_nb(cards, g, s, w.opts, w.params, p, n)
        kind = w.opts[k, 0]
        if kind == Opt.DONE:
            return
        if kind == Opt.BENCH_TAKE:
            bench = s[p].rough_bench if w.opts[k, 1] == 0 else s[p].finish_bench
            c = bench[w.opts[k, 2]]
            bench[w.opts[k, 2]] = -1
            add_to_hand_nb(g, s, p, c)
            log_nb(g, w, p, Ev.BENCH_TAKE, w.opts[k, 1], c)
        else:
            putting = True
            c = hand_remove_nb(s, p, w.opts[k, 1])
            s[p].rough_bench[free_slot_nb(s[p].rough_bench)] = c
            log_nb(g, w, p, Ev.BENCH_PUT, c)
