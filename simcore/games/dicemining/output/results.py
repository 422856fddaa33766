"""Result tables read off a batch's final state (pyarrow): the common columns (simcore/
games/api.py), then the game's own: rolls, rerolls, Orc locks, items crafted, burglaries,
patrons fulfilled, turns to 30, how the game ended; the cards table: each patron dealt,
drawn and fulfilled, each item card crafted, stolen, lost, returned, swapped and spent,
by seat and turn."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from simcore.games.dicemining.state.codes import CardEvent, CardKind, End, names
from simcore.games.tables import card_event_columns, dict_array, outcomes, seat_keys

SEAT_COUNTERS = (
    "vp_patrons",
    "vp_raised",
    "turns",
    "rolls",
    "rerolls",
    "orc_locks",
    "items_crafted",
    "vaults_crafted",
    "burglaries",
    "stolen_from",
    "patrons_drawn",
    "patrons_fulfilled",
    "resources_banked",
    "returned",
    "turns_to_target",
    "n_vaults",
)


def result_tables(cards, batch, n_players: int, strategies) -> dict[str, pa.Table]:
    g = np.asarray(batch.games)
    s = np.asarray(batch.seats)[:, :n_players]
    flat = s.reshape(-1)
    outcome = outcomes(s["vp"], s["win"] > 0)
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
    seats = {
        **seat_keys(g, flat, n_players, strategies),
        "vp": pa.array(flat["vp"]),
        "rank": pa.array(flat["rank"]),
        "win": pa.array(flat["win"]),
        **{name: pa.array(flat[name]) for name in SEAT_COUNTERS},
        "ended_game": pa.array(flat["ended_game"] != 0),  # the active seat at the end (DM-13)
    }
    kinds = ("patrons", "items")  # codes.CardKind order
    ids = [cid for kind in kinds for cid in cards.ids[kind]]
    labels = [r["name"] for kind in kinds for r in cards.records[kind]]
    offsets = [0, len(cards.ids["patrons"])]
    cards_columns, _ = card_event_columns(
        g, batch.card_events, ids, labels, offsets, names(CardKind), names(CardEvent), np.int16
    )
    return {"games": pa.table(games), "seats": pa.table(seats), "cards": pa.table(cards_columns)}
