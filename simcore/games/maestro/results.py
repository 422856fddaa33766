"""Result tables read off a batch's final state: games, seats and card events (pyarrow).

Vectorised numpy over the whole chunk; names are attached as dictionary-encoded columns.
The common columns (simcore/games/api.py) come first in each table; Maestro's own
follow: what ended the game, rows completed, the critic, contracts paid.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from simcore.games.maestro.codes import CardEvent, CardKind, End, names
from simcore.games.maestro.engine import Batch
from simcore.games.maestro.events import row_label
from simcore.games.tables import dict_array, event_columns, seat_strategies

CONDUCTOR_ID = "conductor"  # the card id of a conductor tile in the cards table
CARD_KIND_FILES = {CardKind.ROW: "rows", CardKind.INSTRUMENT: "instruments"}  # -> data file


def games_table(cards, batch: Batch, n_players: int) -> pa.Table:
    """One row per game: the common columns, then how it ended and what the board saw."""
    g = np.asarray(batch.games)
    seats = np.asarray(batch.seats)[:, :n_players]
    points = seats["points"].astype(np.int32)
    wins = seats["win"] > 0
    n_winners = wins.sum(axis=1)
    best = points.max(axis=1)
    runner_up = np.where(wins, np.iinfo(np.int32).min, points).max(axis=1)
    margin = np.where(n_winners > 1, 0, best - np.where(n_winners == n_players, best, runner_up))
    flat_winners = np.nonzero(wins.ravel())[0] % n_players
    offsets = np.concatenate([[0], np.cumsum(n_winners)]).astype(np.int32)
    n_rows = int(cards.table.n_rows)
    return pa.table(
        {
            "game": pa.array(g["index"]),
            "seed": pa.array(g["seed"]),
            "players": pa.array(np.full(len(g), n_players, np.int8)),
            "winner_seats": pa.ListArray.from_arrays(
                pa.array(offsets), pa.array(flat_winners.astype(np.int8))
            ),
            "shared_win": pa.array(n_winners > 1),
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
            "winning_points": pa.array(best.astype(np.int32)),
            "margin": pa.array(margin.astype(np.int32)),
            "mean_points": pa.array(points.mean(axis=1).astype(np.float32)),
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
    n = len(g)
    flat = s.reshape(-1)
    seat = np.tile(np.arange(n_players, dtype=np.int8), n)
    cols: dict[str, pa.Array] = {
        "game": pa.array(np.repeat(g["index"], n_players)),
        "seat": pa.array(seat),
        "start_order": pa.array((flat["start_pos"] + 1).astype(np.int8)),
        "strategy": seat_strategies(strategies, n),
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


def _named(index: np.ndarray, labels: list[str]) -> pa.DictionaryArray:
    """Names by index, with a dictionary of distinct names (two cards may share one)."""
    distinct = list(dict.fromkeys(labels))
    remap = np.array([distinct.index(x) for x in labels], np.int32)
    return dict_array(remap[index], distinct)


def cards_table(cards, batch: Batch) -> pa.Table:
    """One row per card event: game, seat, kind, card id and name, event, round (= turn)."""
    g = np.asarray(batch.games)
    n_events = np.minimum(g["cev_n"], batch.card_events.shape[1])
    ids, labels, offsets = card_ids(cards)
    game, rows, index = event_columns(batch.card_events, n_events, g["index"], offsets)
    return pa.table(
        {
            "game": pa.array(game),
            "seat": pa.array(rows[0].astype(np.int8)),
            "kind": dict_array(rows[1], names(CardKind)),
            "card_id": dict_array(index, ids),
            "card": _named(index, labels),
            "event": dict_array(rows[3], names(CardEvent)),
            "round": pa.array(rows[4].astype(np.int16)),
        }
    )


def result_tables(cards, batch: Batch, n_players: int, strategies) -> dict[str, pa.Table]:
    return {
        "games": games_table(cards, batch, n_players),
        "seats": seats_table(cards, batch, n_players, strategies),
        "cards": cards_table(cards, batch),
    }
