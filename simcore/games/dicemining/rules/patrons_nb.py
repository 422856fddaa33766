"""Patrons: the deck, fulfilment, cumulative scoring, and the abilities that act at once
(rulebook: Fulfillment, Patron Cards, Scoring and Winning; rulings DM-11 .. DM-19, DM-21)."""

from __future__ import annotations

from simcore.games.dicemining.rules.log_nb import item_event_nb, log_nb, patron_event_nb
from simcore.games.dicemining.rules.scoring_nb import check_win_nb
from simcore.games.dicemining.state.codes import Ability, CardEvent, Ev
from simcore.games.dicemining.state.dtypes import IN_DECK, IN_DISCARD, UP, Stream
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import shuffle_nb


@kernel
def draw_nb(cards, g, s, w, p, event):
    """Seat p draws the top patron (card event `event`: dealt or drawn); an empty deck is
    the discard pile shuffled (DECK stream, ruling DM-15); both empty: nothing. True if a
    card was drawn."""
    if g.deck_n == 0:
        for c in range(cards.n_patrons):
            if g.patron_loc[c] == IN_DISCARD:
                g.deck[g.deck_n] = c
                g.deck_n += 1
                g.patron_loc[c] = IN_DECK
        shuffle_nb(g.rng, Stream.DECK, g.deck, g.deck_n)
    if g.deck_n == 0:
        return False
    g.deck_n -= 1
    g.patron_loc[g.deck[g.deck_n]] = p
    s[p].patrons_drawn += 1
    patron_event_nb(cards, g, w, p, g.deck[g.deck_n], event)
    return True


@kernel
def hand_size_nb(cards, g, p):
    """Patrons in seat p's hand."""
    n = 0
    for c in range(cards.n_patrons):
        if g.patron_loc[c] == p:
            n += 1
    return n


@kernel
def can_fulfil_nb(cards, sp, c):
    """True when seat sp holds every item patron card c needs."""
    for j in range(cards.n_need[c]):
        t = cards.need_item[c, j]
        if sp.items[t] < cards.needs[c, t]:
            return False
    return True


@kernel
def discard_patron_nb(g, c):
    """Patron card c goes to the discard pile (its ability done, or removed)."""
    g.patron_loc[c] = IN_DISCARD
    g.patron_aux[c] = 0


@kernel
def cumulative_value_nb(cards, g, c):
    """A cumulative patron card c, just laid face up, is worth base + n, n its type's
    face-up copies with it, at most the cap (ruling DM-12)."""
    group = cards.ability_n[c]
    n = 0
    for c2 in range(cards.n_patrons):
        same = cards.ability[c2] == Ability.CUMULATIVE_VP and cards.ability_n[c2] == group
        if same and g.patron_loc[c2] >= UP:
            n += 1
    return min(cards.cumulative_base + n, cards.cumulative_max)


@kernel
def raise_copies_nb(cards, g, s, w, c, value):
    """Every other face-up copy of card c's type rises to `value`, its owner scoring the
    difference (ruling DM-12; rulebook: 'the previously played Patron is now worth 4
    points as well'). A copy removed earlier lowers n but takes no points."""
    group = cards.ability_n[c]
    for c2 in range(cards.n_patrons):
        same = cards.ability[c2] == Ability.CUMULATIVE_VP and cards.ability_n[c2] == group
        if c2 != c and same and g.patron_loc[c2] >= UP and g.patron_aux[c2] < value:
            q = g.patron_loc[c2] - UP
            gain = value - g.patron_aux[c2]
            g.patron_aux[c2] = value
            s[q].vp_raised += gain
            s[q].vp += gain
            log_nb(g, w, q, Ev.RAISE, c2, value, s[q].vp)


@kernel
def others_mask_nb(g, p):
    """Bit q set for every seat q but p."""
    return ((1 << g.n_players) - 1) & ~(1 << p)


@kernel
def fulfil_nb(cards, g, s, w, p, c):
    """Seat p fulfils patron card c: its items go back to their piles (ruling DM-9), the
    card lies face up, its VP are scored at once and the win checked (rulings DM-12,
    DM-13). Any other seat's Bardic War Chanter leaves play (rulebook: 'remains in play
    until any other player fulfills a customer'). Returns the ability to play next, or
    -1 when the game is over."""
    for t in range(cards.n_items):
        s[p].items[t] -= cards.needs[c, t]
        g.item_pile[t] += cards.needs[c, t]
    g.patron_loc[c] = UP + p
    s[p].patrons_fulfilled += 1
    g.fulfilled += 1
    for c2 in range(cards.n_patrons):
        loc = g.patron_loc[c2]
        if cards.ability[c2] == Ability.SHARED_BONUS and loc >= UP and loc != UP + p:
            discard_patron_nb(g, c2)
    cumulative = cards.ability[c] == Ability.CUMULATIVE_VP
    vp = cumulative_value_nb(cards, g, c) if cumulative else cards.patron_vp[c]
    s[p].vp_patrons += vp
    s[p].vp += vp
    log_nb(g, w, p, Ev.FULFIL, c, vp, s[p].vp)
    patron_event_nb(cards, g, w, p, c, CardEvent.FULFILLED)
    for j in range(cards.n_need[c]):
        t = cards.need_item[c, j]
        item_event_nb(g, w, p, t, CardEvent.SPENT, cards.needs[c, t])
    if cumulative:
        g.patron_aux[c] = vp
        raise_copies_nb(cards, g, s, w, c, vp)
    if check_win_nb(cards, g, s, w):
        return -1
    return cards.ability[c]


@kernel
def any_other_up_nb(cards, g, c):
    """True when a face-up patron other than card c is in play (a Rogue's targets)."""
    for c2 in range(cards.n_patrons):
        if c2 != c and g.patron_loc[c2] >= UP:
            return True
    return False


@kernel
def remove_patron_nb(cards, g, s, w, p, c):
    """Seat p's Rogue removes face-up patron card c with its ongoing ability; its owner
    keeps the points (rulebook: 'VICTORY POINTS, ONCE SCORED ARE NEVER LOST'; DM-18)."""
    owner = g.patron_loc[c] - UP
    discard_patron_nb(g, c)
    log_nb(g, w, p, Ev.REMOVE, c, owner, 0)
