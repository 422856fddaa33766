"""Seat-game keys (simcore/seats.py): unique over a run for every seat count a game allows."""

from __future__ import annotations

import numpy as np
import polars as pl

from simcore import games
from simcore.seats import SEAT_KEY_STRIDE, seat_game_key, split_seat_game_key


def test_nine_seats_of_consecutive_games_never_collide():
    game, seat = np.meshgrid(np.arange(1000, dtype=np.int64), np.arange(9, dtype=np.int64))
    keys = seat_game_key(game.ravel(), seat.ravel())
    assert len(np.unique(keys)) == keys.size == 9000
    back_game, back_seat = split_seat_game_key(keys)
    assert (back_game == game.ravel()).all() and (back_seat == seat.ravel()).all()


def test_the_key_has_room_for_every_seat_count_up_to_its_stride():
    n = SEAT_KEY_STRIDE
    keys = {seat_game_key(g, p) for g in range(50) for p in range(n)}
    assert len(keys) == 50 * n
    assert split_seat_game_key(seat_game_key(12_345_678_901, n - 1)) == (12_345_678_901, n - 1)


def test_polars_expressions_get_the_same_key():
    df = pl.DataFrame(
        {"game": [0, 0, 1, 7], "seat": [0, 8, 0, 8]}, schema_overrides={"seat": pl.UInt8}
    )
    got = df.select(sg=seat_game_key(pl.col("game"), pl.col("seat").cast(pl.Int64)))["sg"]
    assert got.to_list() == [seat_game_key(g, p) for g, p in [(0, 0), (0, 8), (1, 0), (7, 8)]]
    assert len(set(got)) == 4


def test_every_game_fits_the_key():
    for name in games.names():
        assert max(games.get(name).player_counts) <= SEAT_KEY_STRIDE, name
