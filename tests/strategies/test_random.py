"""strategies/random_nb.py: one `random` for every game, drawing from the game's strategy
stream only (every game numbers it last: simcore.kernels.rng_nb.STRATEGY_STREAM)."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.games import GAMES
from simcore.kernels.rng_nb import randint_nb
from strategies.random_nb import random_choose_nb
from tests.game_modules import game_module


def _dtypes(name: str):
    return game_module(name, "dtypes")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_game_numbers_its_strategy_stream_last(name):
    stream = _dtypes(name).Stream
    assert list(stream)[-1].name == "STRATEGY"
    assert _dtypes(name).GAME["rng"].shape == (len(stream),)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_random_picks_uniformly_from_the_strategy_stream_alone(name):
    dtypes = _dtypes(name)
    games, seats = dtypes.new_state(1)
    g = games[0]
    g.rng[:] = np.arange(1, len(dtypes.Stream) + 1, dtype=np.uint64) * 977
    expected = g.rng.copy()
    opts = np.zeros((8, 6), np.int16)
    picks = [random_choose_nb(np.zeros(4), 0, g, seats[0], 0, opts, 7) for _ in range(400)]
    draws = [randint_nb(expected, dtypes.Stream.STRATEGY, 7) for _ in range(400)]
    assert picks == draws
    assert g.rng.tolist() == expected.tolist()  # the other streams untouched
    assert set(picks) == set(range(7))
