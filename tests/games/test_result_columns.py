"""simcore/games/tables.py: the common columns every game's result tables build the same
way (outcomes, the seats table's keys), on hand-made batches."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.games.tables import named, outcomes, seat_keys
from simcore.seats import StrategySpec


def test_outcomes_name_the_winners_their_margin_and_the_mean():
    scores = np.array([[10, 7, 3], [5, 5, 1], [-2, -4, -9], [4, 4, 4]], np.int16)
    wins = np.array([[1, 0, 0], [1, 1, 0], [1, 0, 0], [1, 1, 1]], bool)
    out = outcomes(scores, wins)
    assert out.winner_seats.to_pylist() == [[0], [0, 1], [0], [0, 1, 2]]
    assert out.shared_win.to_pylist() == [False, True, False, True]
    assert out.winning.to_pylist() == [10, 5, -2, 4]
    assert out.margin.to_pylist() == [3, 0, 2, 0]  # over the best non-winner, negative too
    assert out.mean.to_pylist() == pytest.approx([20 / 3, 11 / 3, -5, 4])
    assert str(out.winning.type) == "int32" and str(out.mean.type) == "float"


def test_seat_keys_are_one_row_per_game_and_seat():
    games = np.zeros(2, [("index", "i8")])
    games["index"] = [40, 41]
    flat = np.zeros(4, [("start_pos", "i1")])
    flat["start_pos"] = [1, 0, 0, 1]
    specs = [StrategySpec("b", 1, ""), StrategySpec("a", 0, "")]
    cols = seat_keys(games, flat, 2, specs)
    assert list(cols) == ["game", "seat", "start_order", "strategy"]
    assert cols["game"].to_pylist() == [40, 40, 41, 41]
    assert cols["seat"].to_pylist() == [0, 1, 0, 1]
    assert cols["start_order"].to_pylist() == [2, 1, 1, 2]
    assert cols["strategy"].to_pylist() == ["b", "a", "b", "a"]


def test_card_names_shared_by_two_cards_are_one_dictionary_entry():
    column = named(np.array([0, 2, 1, 2]), ["Violin", "Cello", "Violin"])
    assert column.to_pylist() == ["Violin", "Violin", "Cello", "Violin"]
    assert column.dictionary.to_pylist() == ["Violin", "Cello"]
