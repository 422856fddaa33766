"""Self-checks the engine runs as it plays; a violation sets a bit in g.violations.

Every batch therefore proves its own games: tests (and users) assert the
column is zero over thousands of games.
"""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.rules.resources_nb import apprentice_cap_nb
from simcore.games.luthier.state.codes import (  # noqa: F401 (the bits, imported from here too)
    APPRENTICES,
    CHIPS,
    HEADROOM,
    NEGATIVE,
    OVERFLOW,
    PRESTIGE_SUM,
    STORAGE,
    TOKENS,
    UNPLACED,
    UNRESOLVED,
)
from simcore.games.luthier.state.dtypes import MAX_PLAYERS, MAX_SPOTS, N_CHIPS, N_TOKEN_KINDS
from simcore.games.luthier.state.enums import N_SOURCES
from simcore.games.luthier.state.state_nb import tokens_left_nb
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty

SEAT_KINDS = MAX_PLAYERS * N_TOKEN_KINDS  # scratch sizes (stack_empty needs constants)
SEAT_CHIPS = MAX_PLAYERS * N_CHIPS


@kernel
def check_seats_nb(cards, g, s):
    """Bitmask of the invariants violated right now by any seat (resources, caps, chips, tokens)."""
    return check_resources_nb(cards, g, s) | check_chips_nb(g, s) | check_tokens_nb(cards, g, s)


@kernel
def check_tokens_nb(cards, g, s):
    """Ruling 25: each seat's tokens placed, per kind, are within its supply and on the board."""
    bad = 0
    on_board = stack_empty(SEAT_KINDS, np.int64)  # [p * kinds + kind]
    on_board[:] = 0
    for spot in range(MAX_SPOTS):  # one pass over the board, all four colours (constant
        for q in range(MAX_PLAYERS):  # bounds, so the compiler unrolls and vectorizes it)
            for kind in range(N_TOKEN_KINDS):
                on_board[q * N_TOKEN_KINDS + kind] += g.tokens[spot, q, kind]
    for p in range(g.n_players):
        for kind in range(N_TOKEN_KINDS):
            placed = s[p].tokens_placed[kind]
            if placed < 0 or tokens_left_nb(cards, s, p, kind) < 0:
                bad |= TOKENS
            if on_board[p * N_TOKEN_KINDS + kind] != placed:
                bad |= TOKENS
    return bad


@kernel
def check_resources_nb(cards, g, s):
    """Resources, caps and prestige: cheap enough to check after every resolution turn."""
    bad = 0
    held = stack_empty(MAX_PLAYERS, np.int64)  # apprentices_held_nb, one pass for all seats
    for p in range(g.n_players):
        held[p] = s[p].apprentices
    for i in range(g.pl_n):
        q = g.pl_seat[i]
        if 0 <= q < g.n_players:  # no branch on whether the chip acted: it mispredicts
            held[q] += g.pl_appr[i] * (g.pl_done[i] == 0)
    for p in range(g.n_players):
        r = s[p]
        if r.money < 0 or r.inspiration < 0 or r.apprentices < 0 or r.prestige < 0:
            bad |= NEGATIVE
        if r.money > HEADROOM or r.inspiration > HEADROOM or r.prestige > HEADROOM:
            bad |= OVERFLOW
        stored = 0  # sums in plain loops of constant length: no array views, no iterator
        for m in range(3):
            if r.materials[m] < 0:
                bad |= NEGATIVE
            stored += r.materials[m]
        if stored > r.storage:
            bad |= STORAGE
        if held[p] > apprentice_cap_nb(cards, s, p):
            bad |= APPRENTICES
        by_source = 0
        for src in range(N_SOURCES):
            by_source += r.prestige_src[src]
        if by_source != r.prestige:
            bad |= PRESTIGE_SUM
    return bad


@kernel
def check_chips_nb(g, s):
    """Every owned chip is free or placed exactly once (chips move only while planning)."""
    bad = 0
    counts = stack_empty(SEAT_CHIPS, np.int64)  # placements per [p * N_CHIPS + c]
    counts[:] = 0
    for i in range(g.pl_n):
        q = g.pl_seat[i]
        c = g.pl_chip[i]
        if 0 <= q < g.n_players and 0 <= c < N_CHIPS:
            counts[q * N_CHIPS + c] += 1
    for p in range(g.n_players):
        r = s[p]
        for c in range(N_CHIPS):
            placed = counts[p * N_CHIPS + c]
            if r.chip_owned[c] == 1 and r.chip_free[c] + placed != 1:
                bad |= CHIPS
            if r.chip_owned[c] == 0 and (r.chip_free[c] != 0 or placed != 0):
                bad |= CHIPS
    return bad


@kernel
def check_planned_nb(cards, g, s):
    """After planning: the seat checks, and every owned chip has been placed."""
    bad = check_seats_nb(cards, g, s)
    for p in range(g.n_players):
        for c in range(N_CHIPS):
            if s[p].chip_free[c] != 0:
                bad |= UNPLACED
    return bad


@kernel
def check_resolved_nb(cards, g, s):
    """After resolution: the seat checks, and every placed chip has acted."""
    bad = check_seats_nb(cards, g, s)
    for i in range(g.pl_n):
        if g.pl_done[i] == 0:
            bad |= UNRESOLVED
    return bad
