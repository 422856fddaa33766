"""play_batch(into=...): a batch played into an earlier batch's memory is the same batch
as one played into fresh memory (every array, byte for byte), for both games."""

from __future__ import annotations

import numpy as np
import pytest

from simcore import games


@pytest.mark.parametrize("name", ["luthier", "maestro"])
def test_a_batch_into_reused_memory_equals_a_fresh_one(name):
    game = games.get(name)
    cards = game.load_cards()
    seats = game.parse_seats("random", 3)
    old = game.play_batch(cards, 3, 1, seats, 0, 40, threads=1)
    other = game.parse_seats("random", 4)
    fresh = game.play_batch(cards, 4, 9, other, 100, 40, threads=1)
    reused = game.play_batch(cards, 4, 9, other, 100, 40, threads=1, into=old)
    for a, b, kept in zip(fresh, reused, old, strict=True):
        assert np.shares_memory(b, kept)  # the old batch's memory, reused
        assert np.asarray(a).tobytes() == np.asarray(b).tobytes()


@pytest.mark.parametrize("name", ["luthier", "maestro"])
def test_a_batch_of_another_size_gets_fresh_memory(name):
    game = games.get(name)
    cards = game.load_cards()
    seats = game.parse_seats("random", 3)
    old = game.play_batch(cards, 3, 1, seats, 0, 30, threads=1)
    new = game.play_batch(cards, 3, 1, seats, 0, 20, threads=1, into=old)
    assert len(new.games) == 20 and not np.shares_memory(new.games, old.games)
