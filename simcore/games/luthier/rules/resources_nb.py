"""Gaining and paying resources: storage cap, apprentice cap, prestige by source."""

from __future__ import annotations

from simcore.games.luthier.output.log_nb import log_nb
from simcore.games.luthier.play.decide_nb import decide_nb, set_opt_nb
from simcore.games.luthier.state.codes import Ev, Opt
from simcore.games.luthier.state.enums import Res
from simcore.games.luthier.state.state_nb import apprentice_cap_nb as apprentice_cap_nb
from simcore.games.luthier.state.state_nb import apprentices_held_nb as apprentices_held_nb
from simcore.kernels.jit import kernel


@kernel
def add_prestige_nb(s, p, src, amount):
    """Add `amount` prestige (may be negative) to seat p under Source `src`; never below 0.

    Rulebook p.11: "Players' prestige cannot go below zero". The loss actually
    taken is what is booked, so prestige by source always adds up to the score.
    """
    if amount < 0 and -amount > s[p].prestige:
        amount = -s[p].prestige
    s[p].prestige += amount
    s[p].prestige_src[src] += amount
    return amount


@kernel
def gain_money_nb(g, s, w, p, amount, why):
    s[p].money += amount
    s[p].gained[Res.MONEY] += amount
    log_nb(g, w, p, Ev.GAIN, Res.MONEY, amount, why)


@kernel
def gain_inspiration_nb(g, s, w, p, amount, why):
    s[p].inspiration += amount
    s[p].gained[Res.INSPIRATION] += amount
    log_nb(g, w, p, Ev.GAIN, Res.INSPIRATION, amount, why)


@kernel
def gain_apprentices_nb(cards, g, s, w, p, amount, why):
    """Gain up to `amount` apprentices within the cap; returns how many were gained.

    Ruling 26: each colour has 3 apprentices, fewer once a deck search removed
    some from the game; a gain beyond that limit is lost, and logged as lost.
    """
    limit = apprentice_cap_nb(cards, s, p)
    held = apprentices_held_nb(g, s, p)
    k = max(min(amount, limit - held), 0)
    if k > 0:
        s[p].apprentices += k
        s[p].gained[Res.APPRENTICE] += k
        log_nb(g, w, p, Ev.GAIN, Res.APPRENTICE, k, why)
    if amount > k:
        log_nb(g, w, p, Ev.APPRENTICES_LOST, amount - k, held + k, limit, why)
    return k


@kernel
def enforce_storage_nb(cards, g, s, w, p):
    """Seat p discards materials of its choice until storage is within capacity (p.8)."""
    while s[p].materials.sum() > s[p].storage:
        n = 0
        for m in range(3):
            if s[p].materials[m] > 0:
                n = set_opt_nb(w.opts, n, Opt.DISCARD_MATERIAL, m)
        k = decide_nb(cards, g, s, w.opts, w.params, p, n)
        m = w.opts[k, 1]
        s[p].materials[m] -= 1
        s[p].n_discarded += 1
        log_nb(g, w, p, Ev.DISCARD, m)


@kernel
def gain_material_nb(cards, g, s, w, p, m, amount, why):
    """Gain `amount` of Material m, then keep to the storage cap."""
    s[p].materials[m] += amount
    s[p].gained[Res.ANIMAL + m] += amount
    log_nb(g, w, p, Ev.GAIN, Res.ANIMAL + m, amount, why)
    enforce_storage_nb(cards, g, s, w, p)


@kernel
def gain_any_material_nb(cards, g, s, w, p, amount, why):
    """Gain `amount` materials, each of seat p's choice."""
    for _ in range(amount):
        n = 0
        for m in range(3):
            n = set_opt_nb(w.opts, n, Opt.CHOOSE_MATERIAL, m)
        k = decide_nb(cards, g, s, w.opts, w.params, p, n)
        gain_material_nb(cards, g, s, w, p, w.opts[k, 1], 1, why)


@kernel
def gain_bundle_nb(cards, g, s, w, p, bundle, src, why):
    """Gain a resource bundle (int16[N_RES]); its prestige is booked under Source `src`."""
    if bundle[Res.MONEY] > 0:
        gain_money_nb(g, s, w, p, bundle[Res.MONEY], why)
    if bundle[Res.INSPIRATION] > 0:
        gain_inspiration_nb(g, s, w, p, bundle[Res.INSPIRATION], why)
    for m in range(3):
        if bundle[Res.ANIMAL + m] > 0:
            gain_material_nb(cards, g, s, w, p, m, bundle[Res.ANIMAL + m], why)
    if bundle[Res.ANY_MATERIAL] > 0:
        gain_any_material_nb(cards, g, s, w, p, bundle[Res.ANY_MATERIAL], why)
    if bundle[Res.APPRENTICE] > 0:
        gain_apprentices_nb(cards, g, s, w, p, bundle[Res.APPRENTICE], why)
    if bundle[Res.PRESTIGE] != 0:
        add_prestige_nb(s, p, src, bundle[Res.PRESTIGE])
        log_nb(g, w, p, Ev.SCORE, src, bundle[Res.PRESTIGE])


@kernel
def can_pay_nb(s, p, cost):
    """True if money and inspiration together cover `cost`."""
    return s[p].money + s[p].inspiration >= cost
