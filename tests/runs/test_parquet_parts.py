"""How a chunk's Parquet parts are encoded (simcore/runs/chunks.py): every value as the
result tables hold it, integer columns delta-packed, name columns as dictionaries, columns
without nulls required, statistics on `game` alone; for every game."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from simcore import games
from simcore.runs.chunks import dictionary_columns, parquet_bytes

HEADER = {b"tutti": b'{"chunk": 0}'}


@pytest.fixture(scope="module", params=["luthier", "maestro"])
def tables(request) -> dict[str, pa.Table]:
    game = games.get(request.param)
    cards = game.load_cards()
    seats = game.parse_seats("random", 3)
    batch = game.play_batch(cards, 3, 5, seats, 0, 200, threads=1)
    return game.result_tables(cards, batch, 3, seats)


def _read(table: pa.Table) -> tuple[pa.Table, pq.FileMetaData]:
    data = parquet_bytes(table, HEADER)
    return pq.read_table(pa.BufferReader(data)), pq.ParquetFile(pa.BufferReader(data)).metadata


@pytest.mark.parametrize("name", ["games", "seats", "cards"])
def test_parts_hold_every_value_and_type(tables, name) -> None:
    table = tables[name]
    back, meta = _read(table)
    assert back.column_names == table.column_names
    for column in table.column_names:
        assert back[column].type == table[column].type, column
        assert back[column].to_pylist() == table[column].to_pylist(), column
    assert back.schema.metadata[b"tutti"] == HEADER[b"tutti"]
    assert meta.num_rows == table.num_rows


@pytest.mark.parametrize("name", ["games", "seats", "cards"])
def test_parts_encoding(tables, name) -> None:
    table = tables[name]
    back, meta = _read(table)
    dictionaries = set(dictionary_columns(table.schema))
    assert dictionaries, "every table names something (strategy, kind, ...)"
    group = meta.row_group(0)
    for i in range(group.num_columns):
        column = group.column(i)
        path = column.path_in_schema
        field = table.schema.field(path.split(".")[0])
        if pa.types.is_integer(field.type):
            assert column.encodings[-1] == "DELTA_BINARY_PACKED", path
        uses_dictionary = any("DICTIONARY" in e for e in column.encodings)
        assert uses_dictionary == (path in dictionaries), path
        assert column.is_stats_set == (path == "game"), path
        assert column.compression == "ZSTD", path
    for field in back.schema:  # no column of these tables has nulls: all required
        assert not field.nullable, field.name


def test_a_column_with_nulls_stays_optional() -> None:
    table = pa.table({"game": pa.array([1, 2, 3]), "x": pa.array([1, None, 3], pa.int16())})
    back, _ = _read(table)
    assert back.schema.field("x").nullable and not back.schema.field("game").nullable
    assert back["x"].to_pylist() == [1, None, 3]


def test_dictionary_columns_inside_lists() -> None:
    names = pa.array(["a", "b"]).dictionary_encode()
    listed = pa.ListArray.from_arrays(pa.array([0, 1, 2], pa.int32()), names)
    schema = pa.table({"n": names, "l": listed, "i": pa.array([1, 2])}).schema
    assert dictionary_columns(schema) == ["n", "l.list.element"]
