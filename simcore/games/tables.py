"""Arrow columns every game's results tables build the same way (`<game>/results.py`)."""

from __future__ import annotations

import numpy as np
import pyarrow as pa


def dict_array(indices: np.ndarray, dictionary: list[str]) -> pa.DictionaryArray:
    """A dictionary (categorical) column: codes into `dictionary`."""
    return pa.DictionaryArray.from_arrays(
        pa.array(np.asarray(indices, np.int32)), pa.array(dictionary, pa.string())
    )


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
