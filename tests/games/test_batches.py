"""simcore/games/batches.py: what every game's engine shares to play its batch kernel
(checks, buffers, one game with its whole log), for both games."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from simcore import games
from simcore.errors import TuttiError
from simcore.games.batches import Buffers
from tests.game_modules import game_module

GAMES = ["luthier", "maestro"]


def _engine(name: str):
    return game_module(name, "engine")


def _setup(name: str, players: int, strategies: str = "random"):
    game = games.get(name)
    return game, game.load_cards(), game.parse_seats(strategies, players)


@pytest.mark.parametrize("name", GAMES)
def test_one_strategy_per_seat_and_a_seed_in_range(name):
    game, cards, seats = _setup(name, 3)
    with pytest.raises(TuttiError, match="2 strategies for 3 players"):
        game.play_batch(cards, 3, 1, seats[:2], 0, 4)
    with pytest.raises(TuttiError, match="2 strategies for 3 players"):
        game.play_game(cards, 3, 1, seats[:2])
    with pytest.raises(TuttiError):
        game.play_batch(cards, 3, -1, seats, 0, 4)


@pytest.mark.parametrize("name", GAMES)
def test_an_empty_batch_plays_nothing(name):
    game, cards, seats = _setup(name, 2)
    batch = game.play_batch(cards, 2, 1, seats, 0, 0)
    assert [len(a) for a in batch] == [0, 0, 0]


@pytest.mark.parametrize("name", GAMES)
def test_the_batch_buffers_carry_each_seats_strategy(name):
    _, _, seats = _setup(name, 4, "random")
    buffers = _engine(name).BUFFERS
    specs = [replace(seats[0], id=k) for k in (3, 0, 2, 1)]
    batch = buffers.new_batch(5, specs)
    assert batch.seats["strategy"][:, :4].tolist() == [[3, 0, 2, 1]] * 5
    assert batch.card_events.shape == (5, buffers.max_card_events, buffers.cev_width)
    assert not batch.games.view(np.uint8).any()


@pytest.mark.parametrize("name", GAMES)
def test_a_log_too_short_plays_the_game_again_with_room_for_all(name):
    _, cards, seats = _setup(name, 3)
    engine = _engine(name)
    full = engine.play_game(cards, 3, 77, seats)
    short = engine.play_game(cards, 3, 77, seats, log_rows=5)
    assert len(full.log) > 5
    assert full.log.tobytes() == short.log.tobytes()
    assert full.seats.tobytes() == short.seats.tobytes()
    assert np.asarray(full.game).tobytes() == np.asarray(short.game).tobytes()
    if name == "luthier":  # the snapshots, written again alike
        assert full.snap_seats.tobytes() == short.snap_seats.tobytes()
        assert full.snap_games.tobytes() == short.snap_games.tobytes()


def test_a_game_with_more_card_events_than_its_buffer_is_an_error():
    buffers = Buffers(lambda n: (None, None), 4, 3, 6, 8, "somewhere/dtypes.py")
    counts = np.zeros(2, [("cev_n", "i4")])
    counts["cev_n"] = [1, 3]
    buffers.check_card_events(counts)  # full, not over
    counts["cev_n"][0] = 4
    with pytest.raises(TuttiError, match="4 card events.*buffer of 3.*somewhere/dtypes.py"):
        buffers.check_card_events(counts)
