"""Taking face-up cards from the tiered rows, and searching a deck (rulebook p.15)."""

from __future__ import annotations

from simcore.games.luthier.codes import Opt
from simcore.games.luthier.decide_nb import set_opt_nb
from simcore.games.luthier.dtypes import MAX_SLOTS
from simcore.games.luthier.enums import CardRow
from simcore.games.luthier.resources_nb import can_pay_nb, split_payment_nb
from simcore.games.luthier.state_nb import tier_cost_nb as tier_cost_nb
from simcore.jit import kernel


@kernel
def add_paid_nb(s, p, w, n, kind, a, b, c, cost):
    """Add option (kind, a, b, c, PayMode) once per distinct money/inspiration split of cost."""
    if not can_pay_nb(s, p, cost):
        return n
    n = set_opt_nb(w, n, kind, a, b, c, 0)
    m0, _ = split_payment_nb(s, p, cost, 0)
    m1, _ = split_payment_nb(s, p, cost, 1)
    if m0 != m1:
        n = set_opt_nb(w, n, kind, a, b, c, 1)
    return n


@kernel
def pay_split_nb(s, p, cost, mode):
    """Pay cost by PayMode; returns (money, inspiration) spent."""
    money, insp = split_payment_nb(s, p, cost, mode)
    s[p].money -= money
    s[p].inspiration -= insp
    return money, insp


@kernel
def take_from_row_nb(g, row, tier, slot):
    """Remove and return the face-up card at (row, tier, slot); the slot refills at round end."""
    c = g.rows[row, tier, slot]
    g.rows[row, tier, slot] = -1
    return c


@kernel
def row_card_nb(cards, g, row, tier, slot):
    """Card id at a face-up slot that is in play for this player count, else -1."""
    if slot >= min(cards.row_slots[row, tier, g.n_players], MAX_SLOTS):
        return -1
    return g.rows[row, tier, slot]


@kernel
def row_options_nb(cards, g, s, w, p, n, row, free_tier):
    """Add TAKE_CARD (row, tier, slot, PayMode) for every face-up card of `row` seat p can
    pay the tier cost of (nothing when `free_tier`, a specialty ability)."""
    for tier in range(3):
        cost = 0 if free_tier else tier_cost_nb(cards, s, p, tier)
        for slot in range(MAX_SLOTS):
            if row_card_nb(cards, g, row, tier, slot) >= 0:
                n = add_paid_nb(s, p, w, n, Opt.TAKE_CARD, row, tier, slot, cost)
    return n


@kernel
def search_key_nb(cards, row, c):
    """What a card's back shows (rulebook p.15): instrument type, era, or patron type."""
    if row == CardRow.INSTRUMENTS:
        return c
    if row == CardRow.PERFORMANCES:
        return cards.perf_era[c]
    return cards.patron_type[c]


@kernel
def deck_has_key_nb(cards, g, row, key):
    for i in range(g.deck_n[row]):
        if search_key_nb(cards, row, g.decks[row, i]) == key:
            return True
    return False


@kernel
def search_deck_nb(cards, g, row, key):
    """Take the card nearest the top whose back shows `key`; the rest keep their order."""
    n = g.deck_n[row]
    for i in range(n - 1, -1, -1):
        c = g.decks[row, i]
        if search_key_nb(cards, row, c) == key:
            for j in range(i, n - 1):
                g.decks[row, j] = g.decks[row, j + 1]
            g.decks[row, n - 1] = -1
            g.deck_n[row] = n - 1
            return c
    return -1
