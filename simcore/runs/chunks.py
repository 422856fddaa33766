"""One chunk of a run: play its games and write its three Parquet parts.

Local runs and cluster tasks share this code, so a chunk's part files are the
same bytes wherever it ran: they depend only on the run's configuration and the
chunk number (never on completion order), and a retried chunk rewrites them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from simcore.output_paths import write_whole
from simcore.runs.manifest import TABLES, Part, part_name
from simcore.runs.parts import part_record


@dataclass(frozen=True)
class ChunkJob:
    """Everything a chunk's games depend on, picklable so a Dask task can carry it."""

    out: str  # run directory (absolute on a cluster: workers write there)
    card_set: Any  # the game's card data, loaded on the client
    players: int
    seed: int
    seats: tuple  # StrategySpec per seat
    params: np.ndarray | None
    games: int
    chunk_size: int
    config: dict[str, Any]  # the manifest's "config", copied into each part's metadata
    run_id: str  # the manifest's run id, in each part's metadata too

    @property
    def game(self):
        """The game these chunks belong to (the manifest's "game")."""
        from simcore import games

        return games.get(self.config["game"])

    def games_of(self, chunk: int) -> tuple[int, int]:
        """(first game index, number of games) of `chunk`."""
        first = chunk * self.chunk_size
        return first, min(self.chunk_size, self.games - first)


def play_chunk(job: ChunkJob, chunk: int, threads: int | None = None, into=None):
    """The chunk's games from the batch kernel (a Batch), on `threads` threads; `into`: a
    batch already written whose memory to reuse (play_batch)."""
    first, n_games = job.games_of(chunk)
    seats = list(job.seats)
    return job.game.play_batch(
        job.card_set, job.players, job.seed, seats, first, n_games, job.params, threads, into
    )


def write_chunk(job: ChunkJob, chunk: int, batch) -> dict[str, Part]:
    """Write the chunk's games/, seats/ and cards/ parts atomically; returns the record of
    each part (checksum, size, rows) that the manifest lists."""
    first, n_games = job.games_of(chunk)
    tables = job.game.result_tables(job.card_set, batch, job.players, list(job.seats))
    meta = {
        **job.config,
        "run_id": job.run_id,
        "chunk": chunk,
        "first_game": first,
        "n_games": n_games,
    }
    header = {b"tutti": json.dumps(meta).encode()}
    records = {}
    for table in TABLES:
        data = parquet_bytes(tables[table], header)
        write_whole(Path(job.out) / table / part_name(chunk), data)
        records[table] = part_record(data, tables[table].num_rows)
    return records


def parquet_bytes(table: pa.Table, metadata: dict[bytes, bytes]) -> bytes:
    """`table` as a zstd Parquet file with `metadata`, encoded for the writer's speed (it
    shares the cores with the kernels; 4,096 random 4-player Luthier games, seats and cards
    parts: 15.2 -> 11.2 us a game, 1.06x the bytes):

    - columns without nulls are written as required, so no definition levels are encoded;
    - integer columns are DELTA_BINARY_PACKED (small, slowly varying counts: cheaper than
      hashing every value into a dictionary, and nearly as small once compressed); only
      the name columns, already dictionaries in Arrow, are dictionary-encoded;
    - min/max statistics are written for the `game` column only, the one a reader skips
      parts by: on every column they took a fifth of the Parquet writing (a part of
      thousands of games spans nearly every value of the others anyway).
    """
    schema = pa.schema(
        [
            f.with_nullable(c.null_count > 0)
            for f, c in zip(table.schema, table.columns, strict=True)
        ],
        metadata=metadata,
    )
    table = pa.Table.from_arrays(table.columns, schema=schema)
    sink = pa.BufferOutputStream()
    pq.write_table(
        table,
        sink,
        compression="zstd",
        write_statistics=["game"] if "game" in schema.names else False,
        use_dictionary=dictionary_columns(schema),
        column_encoding={
            f.name: "DELTA_BINARY_PACKED" for f in schema if pa.types.is_integer(f.type)
        },
    )
    return sink.getvalue().to_pybytes()


def dictionary_columns(schema: pa.Schema) -> list[str]:
    """Parquet paths of the columns that are Arrow dictionaries, also inside a list."""
    paths = []
    for f in schema:
        if pa.types.is_dictionary(f.type):
            paths.append(f.name)
        elif pa.types.is_list(f.type) and pa.types.is_dictionary(f.type.value_type):
            paths.append(f"{f.name}.list.element")
    return paths


def run_chunk(job: ChunkJob, chunk: int, threads: int | None = None) -> tuple[int, dict[str, Part]]:
    """Play and write one chunk (a cluster task); returns (chunk, its part records)."""
    return chunk, write_chunk(job, chunk, play_chunk(job, chunk, threads))
