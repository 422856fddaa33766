"""play_batch(into=...): a batch played into an earlier batch's memory is the same batch
as one played into fresh memory (every array, byte for byte), for both games."""

from __future__ import annotations

import numpy as np
import pytest

from simcore import games


def _batch(name: str, players: int, seed: int, first: int, n: int, into=None):
    game = games.get(name)
    seats = game.parse_seats("random", players)
    cards = game.load_cards()
    return game.play_batch(cards, players, seed, seats, first, n, threads=1, into=into)


@pytest.mark.parametrize("name", ["luthier", "maestro"])
def test_a_batch_into_reused_memory_equals_a_fresh_one(name):
    old = _batch(name, 3, 1, 0, 40)
    fresh = _batch(name, 4, 9, 100, 40)
    reused = _batch(name, 4, 9, 100, 40, into=old)  # a 3-player batch's memory, 4 players
    for a, b, kept in zip(fresh, reused, old, strict=True):
        assert np.shares_memory(b, kept)  # the old batch's memory, reused
        assert np.asarray(a).tobytes() == np.asarray(b).tobytes()


@pytest.mark.parametrize("name", ["luthier", "maestro"])
def test_a_batch_of_another_size_gets_fresh_memory(name):
    old = _batch(name, 3, 1, 0, 30)
    new = _batch(name, 3, 1, 0, 20, into=old)
    assert len(new.games) == 20 and not np.shares_memory(new.games, old.games)
