"""Result tables read off a batch's final state: games, seats and card events (pyarrow).

Vectorised numpy over the whole chunk; names are attached as dictionary-encoded columns.
The common columns (simcore/games/api.py) come first in each table; Maestro's own
follow: what ended the game, rows completed, the critic, contracts paid.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from simcore.games.maestro.output.events import row_label
from simcore.games.maestro.play.engine import Batch
from simcore.games.maestro.state.codes import CardEvent, CardKind, End, names
from simcore.games.tables import card_event_columns, dict_array, outcomes, seat_keys

CONDUCTOR_ID = "conductor"  # the card id of a conductor tile in the cards table
CARD_KIND_FILES = {CardKind.ROW: "rows", CardKind.INSTRUMENT: "instruments"}  # -> data file


def games_table(cards, batch: Batch, n_players: int) -> pa.Table:
    """One row per game: the common columns, then how it ended and what the board saw."""
    g = np.asarray(batch.games)
    seats = np.asarray(batch.seats)[:, :n_players]
    outcome = outcomes(seats["points"], seats["win"] > 0)
    n_rows = int(cards.table.n_rows)
    return pa.table(
        {
            "game": pa.array(g["index"]),
            "seed": pa.array(g["seed"]),
            "players": pa.array(np.full(len(g), n_players, np.int8)),
            "winner_seats": outcome.winner_seats,
            "shared_win": outcome.shared_win,
            "turns": pa.array(g["turn"]),
            "end_trigger": dict_array(g["end_trigger"], names(End)),
            "end_seat": pa.array(g["end_seat"]),
            "applause_placed": pa.array(g["applause"]),
            "counters_drawn": pa.array(g["drawn"]),
            "counters_left": pa.array(g["pool_n"]),
            "rows_completed": pa.array(
                (g["row_seat"][:, :n_rows] >= 0).sum(axis=1).astype(np.int8)
            ),
            "rows_one_turn": pa.array(seats["rows_one_turn"].sum(axis=1).astype(np.int8)),
            "musicians_placed": pa.array(g["row_n"][:, :n_rows].sum(axis=1).astype(np.int16)),
            "critic_seat": pa.array(g["critic"]),
            "winning_points": outcome.winning,
            "margin": outcome.margin,
            "mean_points": outcome.mean,
            "decisions": pa.array(g["n_decisions"]),
            "violations": pa.array(g["violations"]),
        }
    )


# the seats columns whose signed sum is `points` (what a report shows as score sources)
SCORE_SOURCES = {"placed_points": 1, "one_turn_points": 1, "critic_points": 1, "contracts_paid": -1}

SEAT_COUNTERS = (  # SEAT field -> column, after the common columns
    ("placed_points", "placed_points"),
    ("one_turn_points", "one_turn_points"),
    ("critic_points", "critic_points"),
    ("contracts", "contracts_paid"),
    ("unplaced", "unplaced"),
    ("placed", "musicians_placed"),
    ("raided", "musicians_raided"),
    ("lost", "musicians_lost"),
    ("conductors_placed", "conductors_placed"),
    ("rows_opened", "rows_opened"),
    ("rows_completed", "rows_completed"),
    ("rows_one_turn", "rows_one_turn"),
    ("critic_bonuses", "critic_bonuses"),
    ("drawn", "counters_drawn"),
    ("applause_drawn", "applause_drawn"),
    ("turns", "turns"),
)


def seats_table(cards, batch: Batch, n_players: int, strategies) -> pa.Table:
    """One row per game and seat: the common columns, then points by source and counters."""
    g = np.asarray(batch.games)
    s = np.asarray(batch.seats)[:, :n_players]
    flat = s.reshape(-1)
    seat = np.tile(np.arange(n_players, dtype=np.int8), len(g))
    cols: dict[str, pa.Array] = {
        **seat_keys(g, flat, n_players, strategies),
        "points": pa.array(flat["points"]),
        "rank": pa.array(flat["rank"]),
        "win": pa.array(flat["win"]),
    }
    for field, column in SEAT_COUNTERS:
        cols[column] = pa.array(flat[field])
    cols["critic_at_end"] = pa.array(np.repeat(g["critic"], n_players) == seat)
    cols["ended_game"] = pa.array(np.repeat(g["end_seat"], n_players) == seat)
    return pa.table(cols)


def card_ids(cards) -> tuple[list[str], list[str], np.ndarray]:
    """All cards' ids and names, rows then instruments (+ the conductor), and each
    CardKind's offset into them."""
    rows, insts = CARD_KIND_FILES[CardKind.ROW], CARD_KIND_FILES[CardKind.INSTRUMENT]
    ids = cards.ids[rows] + cards.ids[insts] + [CONDUCTOR_ID]
    labels = [row_label(r) for r in cards.records[rows]]
    labels += cards.names[insts] + ["conductor"]
    offsets = np.array([0, len(cards.ids[rows])])
    return ids, labels, offsets


def cards_table(cards, batch: Batch) -> pa.Table:
    """One row per card event: game, seat, kind, card id and name, event, round (= turn)."""
    ids, labels, offsets = card_ids(cards)
    cols, _ = card_event_columns(
        np.asarray(batch.games),
        batch.card_events,
        ids,
        labels,
        offsets,
        names(CardKind),
        names(CardEvent),
        np.int16,
    )
    return pa.table(cols)


def result_tables(cards, batch: Batch, n_players: int, strategies) -> dict[str, pa.Table]:
    return {
        "games": games_table(cards, batch, n_players),
        "seats": seats_table(cards, batch, n_players, strategies),
        "cards": cards_table(cards, batch),
    }
