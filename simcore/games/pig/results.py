"""Result tables read off a batch's final state (pyarrow): the common columns (simcore/
games/api.py), then Pig's own. Pig records no card events: its cards table is empty."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from simcore.games.pig.codes import End, names
from simcore.games.tables import card_event_columns, dict_array, outcomes, seat_keys

SEAT_COUNTERS = ("points_rolled", "points_lost", "turns", "rolls", "busts", "holds")


def result_tables(cards, batch, n_players: int, strategies) -> dict[str, pa.Table]:
    g = np.asarray(batch.games)
    s = np.asarray(batch.seats)[:, :n_players]
    flat = s.reshape(-1)
    outcome = outcomes(s["score"], s["win"] > 0)
    games = {
        "game": pa.array(g["index"]),
        "seed": pa.array(g["seed"]),
        "players": pa.array(np.full(len(g), n_players, np.int8)),
        "winner_seats": outcome.winner_seats,
        "shared_win": outcome.shared_win,
        "end_trigger": dict_array(g["end_trigger"], names(End)),
        "turns": pa.array(g["turn"]),
        "winning_score": outcome.winning,
        "margin": outcome.margin,
        "mean_score": outcome.mean,
        "decisions": pa.array(g["n_decisions"]),
        "violations": pa.array(g["violations"]),
    }
    seats = {
        **seat_keys(g, flat, n_players, strategies),
        "score": pa.array(flat["score"]),
        "rank": pa.array(flat["rank"]),
        "win": pa.array(flat["win"]),
        **{name: pa.array(flat[name]) for name in SEAT_COUNTERS},
    }
    cards_columns, _ = card_event_columns(g, batch.card_events, [], [], [0], [], [], np.int16)
    return {"games": pa.table(games), "seats": pa.table(seats), "cards": pa.table(cards_columns)}
