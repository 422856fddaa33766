"""simcore.games.tables.event_columns: a batch's recorded card events as columns, the same
rows as masking the padded event buffer (the reference below), in game order."""

from __future__ import annotations

import numpy as np

from simcore.games.tables import event_columns


def _masked(cev: np.ndarray, n_events: np.ndarray) -> np.ndarray:
    used = np.arange(cev.shape[1]) < n_events[:, None]
    return cev[used]  # rows in (game, event) order


def test_event_columns_match_a_mask_of_the_buffer():
    rng = np.random.default_rng(3)
    n, most, width = 57, 40, 6
    cev = rng.integers(-5, 30, size=(n, most, width)).astype(np.int16)
    cev[:, :, 1] = rng.integers(0, 4, size=(n, most))  # kinds
    cev[:, :, 2] = rng.integers(0, 9, size=(n, most))  # ids within a kind
    n_events = rng.integers(0, most + 1, size=n).astype(np.int32)
    n_events[[0, 7]] = [0, most]  # a game without events, a full one
    first_game = 1000
    offsets = np.array([0, 9, 18, 27])
    game, fields, index = event_columns(cev, n_events, np.arange(n) + first_game, offsets)
    rows = _masked(cev, n_events)
    assert len(game) == len(index) == fields.shape[1] == n_events.sum() == len(rows)
    assert (fields == rows.T).all()
    assert (index == offsets[rows[:, 1]] + rows[:, 2]).all()
    assert (game == np.repeat(np.arange(n) + first_game, n_events)).all()
    assert fields.dtype == index.dtype == np.int32 and game.dtype == np.int64


def test_no_events_at_all():
    cev = np.zeros((3, 5, 5), np.int16)
    game, fields, index = event_columns(cev, np.zeros(3, np.int64), np.arange(3), np.zeros(2))
    assert len(game) == len(index) == 0 and fields.shape == (5, 0)
