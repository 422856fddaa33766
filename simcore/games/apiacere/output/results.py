"""Result tables read off a batch's final state (pyarrow): the common columns
(simcore/games/tables.py), then the game's own. No card events are recorded yet: the
cards table is empty."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from simcore.games.apiacere.state.codes import End, names
from simcore.games.tables import card_event_columns, dict_array, outcomes, seat_keys

SEAT_COUNTERS = (
    "white", "black", "partial_white", "partial_black", "legacy_points", "overall_points",
    "florins", "royal_tiles", "event_keys", "composed", "performed", "taught", "earned",
    "rent_paid", "travel_paid", "moves", "drawn", "taken", "discarded", "turns",
    "bonus_keys", "tiles_won", "chains_broken", "variations", "tell_tales", "blocked",
    "stolen", "forced_moves",
)  # fmt: skip


def result_tables(cards, batch, n_players: int, strategies) -> dict[str, pa.Table]:
    """games (one row a game), seats (one a game and seat) and cards (empty) tables. The
    seats table carries both orders: `start_order` (round 1) and `final_round_order`
    (the order of the last round, which the AP-1 tie-break reads), 1 = first."""
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
        "winning_score": outcome.winning,
        "margin": outcome.margin,
        "mean_score": outcome.mean,
        "decisions": pa.array(g["n_decisions"]),
        "violations": pa.array(g["violations"]),
    }
    ids = cards.ids
    seats = {
        **seat_keys(g, flat, n_players, strategies),
        "final_round_order": pa.array((flat["final_pos"] + 1).astype(np.int8)),
        "points": pa.array(flat["points"]),
        "rank": pa.array(flat["rank"]),
        "win": pa.array(flat["win"]),
        "legacy": dict_array(flat["legacy"], list(ids["legacy"])),
        "housing": dict_array(flat["housing"], list(ids["housing"])),
        "city": dict_array(flat["city"], list(ids["cities"])),
        **{name: pa.array(flat[name]) for name in SEAT_COUNTERS},
    }
    cards_columns, _ = card_event_columns(g, batch.card_events, [], [], [0], [], [], np.int16)
    return {"games": pa.table(games), "seats": pa.table(seats), "cards": pa.table(cards_columns)}
