"""Arrow columns every game's results tables build the same way (`<game>/results.py`):
the common columns of the games, seats and cards tables (simcore/games/api.py), which a
game places among its own."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import numpy as np
import pyarrow as pa


def dict_array(indices: np.ndarray, dictionary: list[str]) -> pa.DictionaryArray:
    """A dictionary (categorical) column: codes into `dictionary`."""
    return pa.DictionaryArray.from_arrays(
        pa.array(np.asarray(indices, np.int32)), pa.array(dictionary, pa.string())
    )


def named(index: np.ndarray, labels: list[str]) -> pa.DictionaryArray:
    """Names by index, with a dictionary of distinct names (two cards may share one)."""
    distinct = list(dict.fromkeys(labels))
    if len(distinct) == len(labels):  # no name shared: no remapping pass over the rows
        return dict_array(index, labels)
    position = {name: i for i, name in enumerate(distinct)}
    remap = np.array([position[x] for x in labels], np.int32)
    return dict_array(remap[index], distinct)


def seat_strategies(strategies, n_games: int) -> pa.DictionaryArray:
    """Each seat's strategy name, with a dictionary of distinct names (first-seen order)
    so the column's bytes depend on the names only, not on how parts were written."""
    distinct = list(dict.fromkeys(x.name for x in strategies))
    codes = np.array([distinct.index(x.name) for x in strategies])
    return dict_array(np.tile(codes, n_games), distinct)


def event_columns(
    cev: np.ndarray, n_events: np.ndarray, game_index: np.ndarray, kind_offsets: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The recorded card events of a batch as columns: (game int64[total], fields
    int32[W, total], card index int32[total]), the first n_events[i] rows of each game
    i's events cev[i] (int16[n, MAX, W]) in game order; a card's index is
    kind_offsets[its kind (field 1)] + its id (field 2). One kernel pass without the GIL
    (a mask and casts in numpy took a third of building a Luthier chunk's tables)."""
    from simcore.games.tables_nb import event_columns_nb

    n_events = np.ascontiguousarray(n_events, np.int64)
    total = int(n_events.sum())
    game = np.empty(total, np.int64)
    fields = np.empty((cev.shape[2], total), np.int32)
    index = np.empty(total, np.int32)
    event_columns_nb(
        np.ascontiguousarray(cev, np.int16),
        n_events,
        np.ascontiguousarray(game_index, np.int64),
        np.ascontiguousarray(kind_offsets, np.int64),
        game,
        fields,
        index,
    )
    return game, fields, index


class Outcomes(NamedTuple):
    """A batch's outcome columns of the games table, one value per game."""

    winner_seats: pa.ListArray  # list<int8>: the seats that won (several when shared)
    shared_win: pa.Array  # bool: more than one winner
    winning: pa.Array  # int32: the best score ("winning_<score>")
    margin: pa.Array  # int32: best score - best score of a non-winner; 0 when shared
    mean: pa.Array  # float32: the seats' mean score ("mean_<score>")


def outcomes(scores: np.ndarray, wins: np.ndarray) -> Outcomes:
    """The outcome columns from each game's seat scores int[n, players] and winners
    bool[n, players] (vectorised over the batch)."""
    n_players = scores.shape[1]
    scores = scores.astype(np.int32)
    n_winners = wins.sum(axis=1)
    best = scores.max(axis=1)
    runner_up = np.where(wins, np.iinfo(np.int32).min, scores).max(axis=1)
    margin = np.where(n_winners > 1, 0, best - np.where(n_winners == n_players, best, runner_up))
    flat_winners = np.nonzero(wins.ravel())[0] % n_players
    offsets = np.concatenate([[0], np.cumsum(n_winners)]).astype(np.int32)
    return Outcomes(
        pa.ListArray.from_arrays(pa.array(offsets), pa.array(flat_winners.astype(np.int8))),
        pa.array(n_winners > 1),
        pa.array(best),
        pa.array(margin.astype(np.int32)),
        pa.array(scores.mean(axis=1).astype(np.float32)),
    )


def seat_keys(games: np.ndarray, flat: np.ndarray, n_players: int, strategies) -> dict:
    """The seats table's first columns, one row per game and seat: game, seat, start_order
    (1 = first, from the seat records' `start_pos`), strategy."""
    n = len(games)
    return {
        "game": pa.array(np.repeat(games["index"], n_players)),
        "seat": pa.array(np.tile(np.arange(n_players, dtype=np.int8), n)),
        "start_order": pa.array((flat["start_pos"] + 1).astype(np.int8)),
        "strategy": seat_strategies(strategies, n),
    }


def card_event_columns(
    games: np.ndarray,
    cev: np.ndarray,
    ids: list[str],
    labels: list[str],
    kind_offsets: Sequence[int] | np.ndarray,
    kind_names: list[str],
    event_names: list[str],
    time_type: type = np.int8,
) -> tuple[dict[str, pa.Array], np.ndarray]:
    """The cards table's columns, one row per recorded card event of a batch (`cev`,
    int16[n, MAX_CARD_EVENTS, CEV_W], laid out as simcore/games/events_nb.py writes it):
    game, seat, kind, card_id, card (its name in `labels`), event, round (the row's time,
    as `time_type`); and the rows' fields int32[CEV_W, total] for the game's own columns.
    ids / labels: every card, kind by kind, kind k's from kind_offsets[k]."""
    n_events = np.minimum(games["cev_n"], cev.shape[1])
    game, fields, index = event_columns(cev, n_events, games["index"], np.asarray(kind_offsets))
    columns = {
        "game": pa.array(game),
        "seat": pa.array(fields[0].astype(np.int8)),
        "kind": dict_array(fields[1], kind_names),
        "card_id": dict_array(index, ids),
        "card": named(index, labels),
        "event": dict_array(fields[3], event_names),
        "round": pa.array(fields[4].astype(time_type)),
    }
    return columns, fields
