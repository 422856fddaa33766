"""Invariant checks (state/codes.Violation): every effect card and composition in exactly
one place, pawns on the path, arrival positions 1..k. Run at the start of every turn and
at the end of the game; a sound game sets no bit."""

from __future__ import annotations

from simcore.games.ewmh.codes import Rule
from simcore.games.ewmh.state.codes import End, Violation
from simcore.games.ewmh.state.dtypes import MAX_ARRAY, CompState, Loc
from simcore.kernels.jit import kernel


@kernel
def check_cards_nb(g):
    """Every effect card in exactly one place: the deck, the discard pile and the array
    hold exactly the cards whose place says so; the rest are in a seat's hand."""
    bad = False
    n_deck = 0
    n_discard = 0
    n_array = 0
    for c in range(g.n_cards):
        loc = g.card_loc[c]
        if loc == Loc.DECK:
            n_deck += 1
        elif loc == Loc.DISCARD:
            n_discard += 1
        elif loc == Loc.ARRAY:
            n_array += 1
        elif loc < 0 or loc >= g.n_players:
            bad = True
    if n_deck != g.deck_n or n_discard != g.discard_n:
        bad = True
    for i in range(g.deck_n):
        if g.card_loc[g.deck[i]] != Loc.DECK:
            bad = True
    for i in range(g.discard_n):
        if g.card_loc[g.discard[i]] != Loc.DISCARD:
            bad = True
    in_array = 0
    for i in range(MAX_ARRAY):
        c = g.array[i]
        if c >= 0:
            in_array += 1
            if g.card_loc[c] != Loc.ARRAY:
                bad = True
    if in_array != n_array:
        bad = True
    if bad:
        g.violations |= Violation.CARDS


@kernel
def check_comps_nb(g):
    """Every composition in exactly one place: the deck holds the cards marked DECK, hands
    and published pieces have an owner seat, the discard count agrees."""
    bad = False
    n_deck = 0
    n_discard = 0
    for k in range(g.n_comps):
        st = g.comp_state[k]
        if st == CompState.DECK:
            n_deck += 1
        elif st == CompState.DISCARD:
            n_discard += 1
        elif st == CompState.HAND or st == CompState.PUBLISHED:
            if g.comp_owner[k] < 0 or g.comp_owner[k] >= g.n_players:
                bad = True
        else:
            bad = True
    if n_deck != g.comp_deck_n or n_discard != g.comp_discard_n:
        bad = True
    for i in range(g.comp_deck_n):
        if g.comp_state[g.comp_deck[i]] != CompState.DECK:
            bad = True
    if bad:
        g.violations |= Violation.COMPOSITIONS


@kernel
def check_pawns_nb(cards, g, s):
    """Pawns on the path, on End exactly when arrived (or placed there by the cap), and
    the arrival positions exactly 1..n_arrived."""
    length = cards.rules[Rule.PATH_LENGTH]
    seen = 0
    for p in range(g.n_players):
        pos = s[p].pos
        if pos < 0 or pos > length:
            g.violations |= Violation.POSITION
        capped = g.end_trigger == End.CAP and s[p].arrival == 0
        if (pos == length) != (s[p].arrival > 0) and not capped:
            g.violations |= Violation.POSITION
        a = s[p].arrival
        if a < 0 or a > g.n_arrived:
            g.violations |= Violation.ARRIVAL
        elif a > 0:
            seen |= 1 << (a - 1)
    if seen != (1 << g.n_arrived) - 1:
        g.violations |= Violation.ARRIVAL


@kernel
def check_invariants_nb(cards, g, s):
    """All checks; failures set bits of g.violations."""
    check_cards_nb(g)
    check_comps_nb(g)
    check_pawns_nb(cards, g, s)
