"""Invariant checks (state/codes.Violation): every card in exactly one place, progress
markers within their caps, florins never below 0, the turn order a permutation of the
seats. Run at the start of every turn and at the end of the game; a sound game sets no
bit."""

from __future__ import annotations

from simcore.games.apiacere.codes import Count, Rule
from simcore.games.apiacere.state.codes import Violation
from simcore.games.apiacere.state.dtypes import CHAIN, FRONT, N_STACKS, PLAY, Loc
from simcore.kernels.jit import kernel


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
    seen = 0
    for k in range(g.n_players):
        p = g.order[k]
        if 0 <= p < g.n_players:
            seen |= 1 << p
        if s[k].florins < 0:
            g.violations |= Violation.MONEY
        for marker in range(1, 3):
            n = 0
            for c in range(g.n_cards):
                if g.card_loc[c] == PLAY + k and g.card_prog[c] == marker:
                    n += 1
            if n > cap:
                g.violations |= Violation.PROGRESS
        chained = 0
        for c in range(g.n_cards):
            if g.card_loc[c] == CHAIN + k:
                chained += 1
        if chained > s[k].chain_n:
            g.violations |= Violation.CHAIN
        in_front = 0
        for c in range(g.n_cards):
            if g.card_loc[c] == FRONT + k:
                in_front += 1
        if in_front > cards.rules[Rule.INTERACTION_CAP]:
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
