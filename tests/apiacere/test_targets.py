"""The measurement module behind docs/games/apiacere.md's "Issue 39's targets": its field
is the one the doc names and its counts say what the games say (a few games)."""

from __future__ import annotations

import numpy as np

from simcore.games.apiacere.game import GAME
from simcore.games.apiacere.state.dtypes import MAX_CARD_EVENTS
from strategies.apiacere.targets import SEED, field, soundness, strength


def test_the_field_goes_round_the_table():
    assert field(2) == ["performer", "composer"]
    assert field(5) == ["performer", "composer", "traveller", "performer", "composer"]


def test_soundness_counts_violations_the_end_and_card_events(apcards):
    cards = apcards
    bad, ended, most = soundness(cards, field(3), 3, 12)
    assert bad == 0 and ended == 1.0 and 0 < most <= MAX_CARD_EVENTS
    spec = GAME.strategies()
    games = np.asarray(GAME.play_batch(cards, 3, SEED, [spec[x] for x in field(3)], 0, 12).games)
    assert most == int(games["cev_n"].max())  # the most, not the first chunk's or the last


def test_strength_is_the_win_share_over_every_seat(apcards):
    cards = apcards
    share, games = strength(cards, "composer", 2, 9)
    assert games == 8  # rounded down to a multiple of the players
    spec = GAME.strategies()
    won = 0.0
    for p in range(2):
        seats = [spec["random"], spec["random"]]
        seats[p] = spec["composer"]
        batch = GAME.play_batch(cards, 2, SEED + p, seats, 0, 4)
        won += float(np.asarray(batch.seats)[:, p]["win"].sum())
    assert share == won / 8
