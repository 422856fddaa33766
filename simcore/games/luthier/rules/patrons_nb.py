"""Patrons on the workbench: placing them in a slot with its bonus."""

from __future__ import annotations

from simcore.games.luthier.output.log_nb import log_nb
from simcore.games.luthier.play.decide_nb import decide_nb, set_opt_nb
from simcore.games.luthier.rules.resources_nb import (
    gain_any_material_nb,
    gain_apprentices_nb,
    gain_money_nb,
)
from simcore.games.luthier.state.codes import Ev, Opt, Why
from simcore.games.luthier.state.enums import Rule
from simcore.kernels.jit import kernel

SLOT_MONEY = 0
SLOT_MATERIAL = 1
SLOT_APPRENTICE = 2


@kernel
def slot_bonus_nb(cards, g, s, w, p, slot):
    """The placement bonus of patron slot `slot`: 4 money, 1 material or 1 apprentice (p.8)."""
    if slot == SLOT_MONEY:
        gain_money_nb(g, s, w, p, cards.rules[Rule.SLOT_BONUS_MONEY], Why.SLOT_BONUS)
    elif slot == SLOT_MATERIAL:
        gain_any_material_nb(
            cards, g, s, w, p, cards.rules[Rule.SLOT_BONUS_MATERIAL], Why.SLOT_BONUS
        )
    else:
        gain_apprentices_nb(
            cards, g, s, w, p, cards.rules[Rule.SLOT_BONUS_APPRENTICE], Why.SLOT_BONUS
        )


@kernel
def place_patron_nb(cards, g, s, w, p, c, slot):
    """Put patron c in seat p's empty `slot` with its cube at the left, then take the bonus."""
    s[p].patrons[slot] = c
    s[p].patience[slot] = 0
    for k in range(3):
        s[p].patron_met[slot, k] = 0
    s[p].patron_cards_n[slot] = 0  # the cards kept under it leave with it (ruling 21)
    log_nb(g, w, p, Ev.PATRON, c, slot)
    slot_bonus_nb(cards, g, s, w, p, slot)


@kernel
def choose_slot_nb(cards, g, s, w, p):
    """Seat p picks one of its empty patron slots (each has its own bonus); -1 if none."""
    n = 0
    for slot in range(3):
        if s[p].patrons[slot] < 0:
            n = set_opt_nb(w.opts, n, Opt.SLOT, slot)
    if n == 0:
        return -1
    return w.opts[decide_nb(cards, g, s, w.opts, w.params, p, n), 1]
