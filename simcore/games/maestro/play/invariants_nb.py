"""Invariant checks after every turn and at the end (codes.Violation bits; 0 = sound).

Tiles are conserved (every musician, conductor and applause counter is in the pool, on
the board, on the track or in an agency, exactly once), rows agree with their spaces and
grow as one line, and every point is accounted for.
"""

from __future__ import annotations

import numpy as np

from simcore.games.maestro.rules.points_nb import base_points_nb
from simcore.games.maestro.state.codes import Rule, Scoring, Violation
from simcore.games.maestro.state.dtypes import AGENCY, APPLAUSE, CONDUCTOR, EMPTY, N_CODES
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty

N_COUNTS = N_CODES + 1  # empty spaces, then one count per tile code


@kernel
def count_tile_nb(counts, t):
    """Count tile t in counts (int64[N_COUNTS]): counts[t + 1] for a tile, counts[0]
    for an empty space (any t < 0). Branch-free: half the spaces checked are empty, and
    a branch on that cost more than the count."""
    counts[max(t, EMPTY) + 1] += 1


@kernel
def check_tiles_nb(cards, g, s):
    """Violation bits of tile conservation and row counts."""
    counts = stack_empty(N_COUNTS, np.int64)
    counts[:] = 0
    for i in range(g.pool_n):
        count_tile_nb(counts, g.pool[i])
    for p in range(g.n_players):
        for k in range(AGENCY):
            count_tile_nb(counts, s[p].agency[k])
    bad = 0
    contiguous = cards.rules[Rule.CONTIGUOUS] != 0
    for r in range(cards.n_rows):
        n_in = 0
        runs = 0
        before = EMPTY  # the space left of j (none: empty)
        for j in range(cards.row_len[r]):
            t = g.board[r, j]
            count_tile_nb(counts, t)
            filled = t >= 0
            n_in += filled
            runs += filled and before < 0
            if filled and t != CONDUCTOR and t != cards.row_inst[r, j]:
                bad |= Violation.TILES
            before = t
        if n_in != g.row_n[r]:
            bad |= Violation.ROW_COUNT
        if contiguous and runs > 1:
            bad |= Violation.CONTIGUITY
    for i in range(cards.n_inst):
        if counts[i + 1] != cards.inst_tiles[i]:
            bad |= Violation.TILES
    if counts[CONDUCTOR + 1] != cards.rules[Rule.CONDUCTORS]:
        bad |= Violation.CONDUCTORS
    if counts[APPLAUSE + 1] + g.applause != cards.rules[Rule.APPLAUSE]:
        bad |= Violation.APPLAUSE
    return bad


@kernel
def check_points_nb(cards, g, s):
    """Violation bits of the points: placement points = base value of every tile on the
    board; critic points = bonuses x CRITIC_BONUS; at the end, points = the sum of parts."""
    expected = 0
    for r in range(cards.n_rows):
        expected += int(g.row_n[r]) * base_points_nb(cards, r)
    placed = 0
    bad = 0
    for p in range(g.n_players):
        placed += int(s[p].placed_points)
        if s[p].critic_points != int(s[p].critic_bonuses) * cards.rules[Rule.CRITIC_BONUS]:
            bad |= Violation.CRITIC
        if g.over and s[p].rank > 0:
            total = (
                int(s[p].placed_points)
                + int(s[p].one_turn_points)
                + int(s[p].critic_points)
                - int(s[p].contracts)
            )
            if total != s[p].points:
                bad |= Violation.FINAL
    if placed != expected:
        bad |= Violation.POINTS
    if cards.rules[Rule.SCORING] == Scoring.APPRAISAL and placed % max(
        1, cards.rules[Rule.BEGUN_POINTS]
    ):
        bad |= Violation.POINTS
    return bad


@kernel
def check_game_nb(cards, g, s):
    """Every invariant's violation bits (0 = sound)."""
    return check_tiles_nb(cards, g, s) | check_points_nb(cards, g, s)
