"""Invariant checks (state/codes.Violation): every card in exactly one place, progress
markers within their caps, florins never below 0, the turn order a permutation of the
seats. Run at the start of every turn and at the end of the game; a sound game sets no
bit."""

from __future__ import annotations

import numpy as np

from simcore.games.apiacere.codes import Count, Rule
from simcore.games.apiacere.sizes import MAX_PLAYERS
from simcore.games.apiacere.state.codes import Violation
from simcore.games.apiacere.state.dtypes import CHAIN, FRONT, N_STACKS, PLAY, Loc
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty

N_MARKED = 2 * MAX_PLAYERS  # check_seats_nb's counts: progress markers 1 and 2 of each seat


@kernel
def check_cards_nb(cards, g):
    """Every card in exactly one place: each draw and discard pile holds exactly the
    cards of its stack whose place says so; the others are in a seat's hand or in play
    with 1..level-1 points paid."""
    bad = False
    n_pile = 0
    n_disc = 0
    for c in range(g.n_cards):
        loc = g.card_loc[c]
        if loc == Loc.PILE:
            n_pile += 1
        elif loc == Loc.DISCARD:
            n_disc += 1
        elif 0 <= loc < g.n_players:
            bad = bad or g.card_prog[c] != 0
        elif PLAY <= loc < PLAY + g.n_players:
            bad = bad or g.card_prog[c] < 1 or g.card_prog[c] >= cards.card_level[c]
        elif CHAIN <= loc < CHAIN + g.n_players:
            bad = bad or g.card_prog[c] != 0
        elif FRONT <= loc < FRONT + g.n_players:
            if g.card_prog[c] != 0 or g.card_left[c] < 1:
                g.violations |= Violation.FRONT
        else:
            bad = True
    total_pile = 0
    total_disc = 0
    for st in range(N_STACKS):
        total_pile += g.pile_n[st]
        total_disc += g.disc_n[st]
        for i in range(g.pile_n[st]):
            c = g.pile[st, i]
            bad = bad or g.card_loc[c] != Loc.PILE or cards.card_stack[c] != st
        for i in range(g.disc_n[st]):
            c = g.disc[st, i]
            bad = bad or g.card_loc[c] != Loc.DISCARD or cards.card_stack[c] != st
    if bad or total_pile != n_pile or total_disc != n_disc:
        g.violations |= Violation.CARDS


@kernel
def check_seats_nb(cards, g, s):
    """Florins >= 0; at most `progress_cards` cards under each progress marker (rulebook:
    5C); no more chain cards in front of a seat than its chain counts, nor interaction
    cards than `interaction_cap` (rulebook: 5B); each contested
    tile's holder holds it; the turn order a permutation of the seats."""
    cap = cards.rules[Rule.PROGRESS_CARDS]
    n_players = g.n_players
    # one pass over the cards counts, per seat, the cards under progress markers 1 and 2,
    # in its chain and in front of it
    marked = stack_empty(N_MARKED, np.int64)
    chained = stack_empty(MAX_PLAYERS, np.int64)
    in_front = stack_empty(MAX_PLAYERS, np.int64)
    for k in range(MAX_PLAYERS):
        marked[2 * k] = 0
        marked[2 * k + 1] = 0
        chained[k] = 0
        in_front[k] = 0
    for c in range(g.n_cards):
        loc = g.card_loc[c]
        if PLAY <= loc < PLAY + n_players:
            marker = g.card_prog[c]
            if marker == 1 or marker == 2:
                marked[2 * (loc - PLAY) + marker - 1] += 1
        elif CHAIN <= loc < CHAIN + n_players:
            chained[loc - CHAIN] += 1
        elif FRONT <= loc < FRONT + n_players:
            in_front[loc - FRONT] += 1
    seen = 0
    for k in range(n_players):
        p = g.order[k]
        if 0 <= p < n_players:
            seen |= 1 << p
        if s[k].florins < 0:
            g.violations |= Violation.MONEY
        if marked[2 * k] > cap or marked[2 * k + 1] > cap:
            g.violations |= Violation.PROGRESS
        if chained[k] > s[k].chain_n:
            g.violations |= Violation.CHAIN
        if in_front[k] > cards.rules[Rule.INTERACTION_CAP]:
            g.violations |= Violation.FRONT
    for b in range(cards.counts[Count.BONUS_TILES]):
        q = g.bonus_holder[b]
        if q >= g.n_players or (q >= 0 and (s[q].bonus >> b) & 1 == 0):
            g.violations |= Violation.CHAIN
    if seen != (1 << g.n_players) - 1:
        g.violations |= Violation.ORDER


@kernel
def check_invariants_nb(cards, g, s):
    """All checks; failures set bits of g.violations."""
    check_cards_nb(cards, g)
    check_seats_nb(cards, g, s)
