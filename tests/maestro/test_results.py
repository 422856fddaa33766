"""GAME satisfies the game interface, and its result tables carry the common columns."""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import pytest

from simcore.errors import TuttiError
from simcore.games.api import Game
from simcore.games.maestro.game import GAME

COMMON = {
    "games": ["game", "seed", "players", "winner_seats", "shared_win"],
    "seats": ["game", "seat", "start_order", "strategy", "points", "rank", "win"],
    "cards": ["game", "seat", "kind", "card_id", "card", "event", "round"],
}


def test_game_satisfies_the_interface():
    assert isinstance(GAME, Game)
    assert (GAME.name, GAME.title, GAME.rules_version, GAME.score) == (
        "maestro",
        "Maestro",
        3,
        "points",
    )
    assert GAME.player_counts == (2, 3, 4)
    assert len(GAME.seat_names) == 4
    assert list(GAME.strategies())[0] == "random"
    for n in (1, 5):
        with pytest.raises(TuttiError, match="--players"):
            GAME.check_players(n)
    with pytest.raises(TuttiError, match="unknown strategy"):
        GAME.parse_seats("random,bogus,random", 3)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_result_tables_carry_the_common_columns(mcards, players):
    seats = GAME.parse_seats(
        ",".join(["greedy", "random", "completer", "rusher"][:players]), players
    )
    batch = GAME.play_batch(mcards, players, 1, seats, 100, 50, threads=1)
    tables = GAME.result_tables(mcards, batch, players, seats)
    for name, columns in COMMON.items():
        assert isinstance(tables[name], pa.Table)
        assert tables[name].schema.names[: len(columns)] == columns
    games, st, cards = (tables[k].to_pandas() for k in ("games", "seats", "cards"))
    assert games["game"].tolist() == list(range(100, 150))
    assert len(st) == 50 * players
    assert np.allclose(st.groupby("game")["win"].sum(), 1.0)
    assert sorted(st["start_order"].unique()) == list(range(1, players + 1))
    parts = sum(sign * st[column] for column, sign in GAME.score_sources.items())
    assert (parts == st.points).all()
    assert set(cards["kind"].astype(str)) <= {k.kind for k in GAME.card_kinds}
    assert set(games["end_trigger"].astype(str)) <= {"applause", "cannot_draw"}
    assert set(cards["kind"].astype(str)) == {"row", "instrument"}
    assert set(cards["event"].astype(str)) <= {
        "started",
        "continued",
        "completed",
        "completed_in_one_turn",
        "placed",
        "raided",
        "unplaced",
    }
    # every completed row has exactly one completion event
    done = cards[cards.event.astype(str).str.startswith("completed")]
    assert len(done) == games["rows_completed"].sum()
    assert (st.groupby("game")["rows_one_turn"].sum().values == games["rows_one_turn"].values).all()
