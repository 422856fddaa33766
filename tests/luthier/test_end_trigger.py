"""How a Luthier game ended, in the games table (issue 35 item 4): Luthier has a fixed
length and no cap, so every finished game ends by its rounds ("rounds"); a state that is
not over reads "none", never a way a game ends."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.output.results import games_table
from simcore.games.luthier.play.engine import play_batch
from simcore.games.luthier.state.codes import End
from simcore.games.luthier.state.dtypes import Phase
from simcore.games.luthier.state.enums import Rule
from strategies.luthier.registry import parse_seats


def test_every_game_ends_by_its_rounds_and_a_state_not_over_says_none(cards):
    seats = parse_seats("balanced,random,random", 3)
    batch = play_batch(cards, 3, 4, seats, 0, 40)
    table = games_table(cards, batch, 3)
    ended = table["end_trigger"].to_pylist()
    assert ended == ["rounds"] * 40
    assert table["end_trigger"].type.value_type == "string"  # a dictionary (categorical)
    rounds = int(cards.arrays.rules[Rule.ROUNDS])
    assert set(table["rounds"].to_pylist()) == {rounds}
    g = np.asarray(batch.games).copy()
    g["phase"][[3, 17]] = Phase.RESOLUTION
    stopped = games_table(cards, batch._replace(games=g), 3)["end_trigger"].to_pylist()
    assert stopped[3] == stopped[17] == End.NONE.name.lower()
    assert stopped.count("rounds") == 38
