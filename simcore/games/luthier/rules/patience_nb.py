"""Start of round on the workbench: start-of-round gains, patron gifts and patience (p.11)."""

from __future__ import annotations

from simcore.games.luthier.output.log_nb import card_event_nb, log_nb
from simcore.games.luthier.rules.resources_nb import (
    add_prestige_nb,
    gain_any_material_nb,
    gain_bundle_nb,
)
from simcore.games.luthier.rules.rows_nb import discard_nb
from simcore.games.luthier.state.codes import CardEvent, CardKind, Ev, Why
from simcore.games.luthier.state.enums import CardRow, PatronPower, Rule, Source
from simcore.games.luthier.state.state_nb import LEAVES
from simcore.kernels.jit import kernel

STORAGE_MARKER = 1  # award-marker bit covering the extra-storage benefit


@kernel
def round_gains_nb(cards, g, s, w, p):
    """Start-of-round bonuses: completed patrons' ROUND_GAIN powers (royals: 2 prestige),
    and one free material with the extra-storage award benefit."""
    for i in range(s[p].completed_n):
        c = s[p].completed[i]
        if cards.patron_power[c] == PatronPower.ROUND_GAIN:
            g.power_used[c] = 1
            log_nb(g, w, p, Ev.POWER, c, PatronPower.ROUND_GAIN, 0)
            gain_bundle_nb(
                cards, g, s, w, p, cards.patron_power_gain[c], Source.PATRONS, Why.ROUND_START
            )
    if (s[p].award_markers & STORAGE_MARKER) == 0:
        amount = cards.rules[Rule.EXTRA_STORAGE_FREE_MATERIALS]
        log_nb(g, w, p, Ev.BENEFIT, STORAGE_MARKER)
        gain_any_material_nb(cards, g, s, w, p, amount, Why.ROUND_START)


@kernel
def unmet_requirements_nb(cards, s, p, slot):
    """Requirements of the patron in `slot` not yet satisfied (primary + secondaries)."""
    c = s[p].patrons[slot]
    n = 0
    for k in range(1 + cards.patron_n_secondary[c]):
        if s[p].patron_met[slot, k] == 0:
            n += 1
    return n


@kernel
def clear_slot_nb(s, p, slot):
    s[p].patrons[slot] = -1
    s[p].patience[slot] = 0
    for k in range(3):
        s[p].patron_met[slot, k] = 0
    s[p].patron_cards_n[slot] = 0  # the cards kept under it leave with it (ruling 21)


@kernel
def gift_nb(cards, g, s, w, p, slot, k):
    """Seat p receives gift k of the patron in `slot`."""
    c = s[p].patrons[slot]
    s[p].gifts += 1
    log_nb(g, w, p, Ev.GIFT, c, k)
    gain_bundle_nb(cards, g, s, w, p, cards.patron_gifts[c, k], Source.PATRONS, Why.GIFT)


@kernel
def patience_nb(cards, g, s, w, p):
    """Ruling 1: each patron's cube moves one step; step 1 gives gift 1, step 2 gift 2, and
    step 3 means the patron leaves: -3 prestige per unmet requirement (never below 0)."""
    for slot in range(3):
        c = s[p].patrons[slot]
        if c < 0:
            continue
        s[p].patience[slot] += 1
        step = s[p].patience[slot]
        if step < LEAVES:
            gift_nb(cards, g, s, w, p, slot, step - 1)
            continue
        unmet = unmet_requirements_nb(cards, s, p, slot)
        penalty = cards.rules[Rule.LEAVE_PENALTY] * unmet
        lost = add_prestige_nb(s, p, Source.PATIENCE, -penalty)
        log_nb(g, w, p, Ev.LEAVE, c, unmet, -lost, penalty)
        card_event_nb(g, w, p, CardKind.PATRON, c, CardEvent.ABANDONED, unmet)
        s[p].patrons_lost[cards.patron_type[c]] += 1
        if cards.patron_type[c] != 3:  # royal cards leave the game
            discard_nb(g, CardRow.PATRONS, c)
        clear_slot_nb(s, p, slot)
