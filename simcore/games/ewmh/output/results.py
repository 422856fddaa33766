"""Result tables read off a batch's final state (pyarrow): the common columns
(simcore/games/tables.py), then the game's own. Phase (a) records no card events: the
cards table is empty."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from simcore.games.ewmh.state.codes import End, names
from simcore.games.tables import card_event_columns, dict_array, outcomes, seat_keys

SEAT_COUNTERS = (
    "points_base", "points_vocation", "points_genre", "points_unproduced", "produced",
    "produced_free", "lost", "comps_drawn", "comps_stolen", "effects_gained", "flips",
    "spends", "units", "turns", "rolls", "pos", "patrons_lost", "patron_spaces",
)  # fmt: skip


def result_tables(cards, batch, n_players: int, strategies) -> dict[str, pa.Table]:
    """games (one row a game), seats (one a game and seat) and cards (empty) tables."""
    g = np.asarray(batch.games)
    s = np.asarray(batch.seats)[:, :n_players]
    flat = s.reshape(-1)
    outcome = outcomes(s["points"], s["win"] > 0)
    games = {
        "game": pa.array(g["index"]),
        "seed": pa.array(g["seed"]),
        "players": pa.array(np.full(len(g), n_players, np.int8)),
        "winner_seats": outcome.winner_seats,
        "shared_win": outcome.shared_win,
        "end_trigger": dict_array(g["end_trigger"], names(End)),
        "rounds": pa.array(g["rounds"]),
        "turns": pa.array(g["turn"]),
        "arrived": pa.array(g["n_arrived"]),
        "winning_score": outcome.winning,
        "margin": outcome.margin,
        "mean_score": outcome.mean,
        "decisions": pa.array(g["n_decisions"]),
        "violations": pa.array(g["violations"]),
    }
    vocations = list(cards.ids["vocations"])
    seats = {
        **seat_keys(g, flat, n_players, strategies),
        "points": pa.array(flat["points"]),
        "rank": pa.array(flat["rank"]),
        "win": pa.array(flat["win"]),
        "vocation": dict_array(flat["vocation"], vocations),
        "arrival": pa.array(flat["arrival"]),  # 1 = first to End; 0 = placed by the cap
        **{name: pa.array(flat[name]) for name in SEAT_COUNTERS},
    }
    cards_columns, _ = card_event_columns(g, batch.card_events, [], [], [0], [], [], np.int16)
    return {"games": pa.table(games), "seats": pa.table(seats), "cards": pa.table(cards_columns)}
