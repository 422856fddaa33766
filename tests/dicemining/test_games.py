"""Whole Dice-Mining Patrons games: random play ends with no violation at every player
count (ruling DM-1: 2-4), by the target or the cap (DM-14); the same seed plays the same
games on any thread count and cut into blocks."""

from __future__ import annotations

import numpy as np
import pytest

from simcore.games.dicemining.game import GAME
from simcore.games.dicemining.state.codes import End


@pytest.fixture(scope="module")
def cards():
    return GAME.load_cards()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_soundly(cards, players):
    rnd = GAME.strategies()["random"]
    batch = GAME.play_batch(cards, players, 11, [rnd] * players, 0, 300, threads=1)
    g = np.asarray(batch.games)
    s = np.asarray(batch.seats)[:, :players]
    assert (g["violations"] == 0).all()
    assert set(g["end_trigger"].tolist()) <= {End.THIRTY, End.CAP}
    thirty = g["end_trigger"] == End.THIRTY
    assert (s["vp"][thirty].max(axis=1) >= 30).all()
    assert np.allclose(s["win"].sum(axis=1), 1.0)
    assert (s["ended_game"].sum(axis=1) == 1).all()
    assert (s["vp"] == s["vp_patrons"] + s["vp_raised"]).all()


def test_same_games_for_any_threads_and_blocks(cards):
    rnd = GAME.strategies()["random"]
    whole = GAME.play_batch(cards, 4, 5, [rnd] * 4, 0, 40, threads=1)
    two = GAME.play_batch(cards, 4, 5, [rnd] * 4, 0, 40, threads=2)
    head = GAME.play_batch(cards, 4, 5, [rnd] * 4, 0, 17, threads=1)
    tail = GAME.play_batch(cards, 4, 5, [rnd] * 4, 17, 23, threads=1)
    a = np.asarray(whole.games)
    assert (np.asarray(two.games) == a).all()
    assert (np.concatenate([np.asarray(head.games), np.asarray(tail.games)]) == a).all()
    assert (np.asarray(two.seats) == np.asarray(whole.seats)).all()


@pytest.mark.parametrize(
    "patches",
    [
        ["rules.keep.value=free"],  # ruling DM-4's switch: taking dice back still ends
        ["rules.placeholder_abilities.value=none"],  # ruling DM-21's switch
        ["rules.mulligan.value=false", "rules.round_cap.value=5"],  # DM-3 off, a short cap
    ],
)
def test_the_switches_play_sound_games(patches):
    cards = GAME.load_cards(patches=patches)
    spec = GAME.strategies()
    for names in (["random"] * 3, ["burglar", "random", "greedy"]):
        b = GAME.play_batch(cards, 3, 4, [spec[n] for n in names], 0, 100, threads=1)
        g = np.asarray(b.games)
        assert (g["violations"] == 0).all()
        assert set(g["end_trigger"].tolist()) <= {End.THIRTY, End.CAP}
        if "rules.round_cap.value=5" in patches:
            assert (g["rounds"] <= 5).all()
