"""Result tables read off a batch's final state (pyarrow): the common columns
(simcore/games/tables.py), then the game's own; the cards table from the card events
(state/codes.CardEvent: drawn, taken, played), one row per event, named by card design."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from simcore.games.apiacere.state.codes import CardEvent, CardKind, End, names
from simcore.games.tables import card_event_columns, dict_array, outcomes, seat_keys

SEAT_COUNTERS = (
    "white", "black", "partial_white", "partial_black", "legacy_points", "overall_points",
    "florins", "royal_tiles", "event_keys", "composed", "performed", "taught", "earned",
    "rent_paid", "travel_paid", "moves", "drawn", "taken", "discarded", "turns",
    "bonus_keys", "tiles_won", "chains_broken", "variations", "tell_tales", "blocked",
    "stolen", "forced_moves",
)  # fmt: skip


def most_turns(turns: np.ndarray) -> np.ndarray:
    """int64[n]: per row of turns (int[n, k]) the index with the most turns, equal counts
    the higher index (the dearer housing, the city further east)."""
    k = turns.shape[1]
    return k - 1 - np.argmax(turns[:, ::-1], axis=1)


def design_events(cards, cev: np.ndarray) -> np.ndarray:
    """The card events with each physical card (column 2) replaced by its design."""
    out = cev.copy()
    design = np.asarray(cards.tables.card_design)
    out[..., 2] = design[np.clip(cev[..., 2], 0, len(design) - 1)]
    return out


def result_tables(cards, batch, n_players: int, strategies) -> dict[str, pa.Table]:
    """games (one row a game), seats (one a game and seat) and cards (one a card event)
    tables. The seats table carries both orders: `start_order` (round 1) and
    `final_round_order` (the order of the last round, which the AP-1 tie-break reads),
    1 = first; `housing_plan` the housing of the most turns and `home_city` the city of the
    most turns (equal counts: the later in the file), `cities_visited` how many cities it
    was housed in; `legacy_scored` whether its personal (or copied) tile scored."""
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
        "housing_plan": dict_array(most_turns(flat["housing_turns"]), list(ids["housing"])),
        "home_city": dict_array(most_turns(flat["city_turns"]), list(ids["cities"])),
        "cities_visited": pa.array((flat["city_turns"] > 0).sum(axis=1).astype(np.int8)),
        "legacy_scored": pa.array(flat["legacy_points"] > 0),
        **{name: pa.array(flat[name]) for name in SEAT_COUNTERS},
    }
    labels = [r["name"] for r in cards.records["cards"]]
    cards_columns, _ = card_event_columns(
        g, design_events(cards, batch.card_events), list(ids["cards"]), labels, [0],
        names(CardKind), names(CardEvent), np.int16,
    )  # fmt: skip
    return {"games": pa.table(games), "seats": pa.table(seats), "cards": pa.table(cards_columns)}
