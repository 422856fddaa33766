"""The invariant checks (invariants_nb) find what they must in a broken state."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.games.maestro.play.engine import play_game
from simcore.games.maestro.play.invariants_nb import check_game_nb
from simcore.games.maestro.state.codes import Violation
from simcore.games.maestro.state.dtypes import APPLAUSE, CONDUCTOR, EMPTY
from strategies.maestro.registry import STRATEGIES


@pytest.fixture
def played(mcards):
    """A finished 4-player game's state (g record, seat records), copies to break."""
    game = play_game(mcards, 4, 11, [STRATEGIES["greedy"]] * 4)
    g = np.array([game.game]).view(np.recarray)
    s = np.array(game.seats).view(np.recarray)
    return g[0], s


def _put_in_an_agency(s, tile) -> None:
    """`tile` onto the first empty agency space of any seat."""
    p = next(p for p in range(len(s)) if (s[p].agency < 0).any())
    s[p].agency[np.flatnonzero(s[p].agency < 0)[0]] = tile


def _musicians(g, mcards) -> list[tuple[int, int]]:
    """(row, space) of every musician (not conductor) on the board."""
    t = mcards.table
    return [
        (r, j)
        for r in range(t.n_rows)
        for j in range(t.row_len[r])
        if 0 <= g.board[r, j] != CONDUCTOR
    ]


def test_a_played_game_is_sound(mcards, played):
    g, s = played
    assert check_game_nb(mcards.table, g, s) == 0


def test_a_tile_out_of_nowhere(mcards, played):
    g, s = played
    _put_in_an_agency(s, 0)
    assert check_game_nb(mcards.table, g, s) == Violation.TILES


def test_a_vanished_conductor_and_applause(mcards, played):
    g, s = played
    g.pool[g.pool_n] = APPLAUSE  # an applause counter back in the pool
    g.pool_n += 1
    assert check_game_nb(mcards.table, g, s) == Violation.APPLAUSE
    g.pool[g.pool_n - 1] = CONDUCTOR
    assert check_game_nb(mcards.table, g, s) == Violation.CONDUCTORS


def test_a_row_broken_in_two(mcards, played):
    g, s = played
    t = mcards.table
    r = next(r for r in range(t.n_rows) if g.row_n[r] == t.row_len[r] >= 3)
    _put_in_an_agency(s, g.board[r, 1])  # the tiles still add up
    g.board[r, 1] = EMPTY  # out of the middle of a full row: two runs, one tile less
    assert check_game_nb(mcards.table, g, s) == Violation.ROW_COUNT | Violation.CONTIGUITY


def test_musicians_on_other_instruments_spaces(mcards, played):
    g, s = played
    (r1, j1), (r2, j2) = next(
        (a, b)
        for a in _musicians(g, mcards)
        for b in _musicians(g, mcards)
        if g.board[a] != g.board[b]
    )
    g.board[r1, j1], g.board[r2, j2] = g.board[r2, j2], g.board[r1, j1]  # counts add up
    assert check_game_nb(mcards.table, g, s) == Violation.TILES
