"""Runs whose games broke the engine's invariant checks, for tests: a copy of a real run
with the `violations` column of its games parts rewritten (no engine bug needed).

The one place the violation tests edit a run's part files: when the manifest records
checksums of the parts, recompute them here.
"""

from __future__ import annotations

import shutil
from collections.abc import Mapping
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq


def unsound_copy(run: Path, out: Path, bits: Mapping[int, int]) -> Path:
    """Copy run directory `run` to `out`, game g (the `game` column) with violations
    `bits[g]` (a bitmask of the game's invariant checks); returns `out`."""
    shutil.copytree(run, out)
    found = set()
    for part in sorted((out / "games").glob("*.parquet")):
        table = pq.read_table(part)  # with the schema's key-value metadata
        games = table["game"].to_pylist()
        hit = [g for g in games if g in bits]
        if not hit:
            continue
        found.update(hit)
        where = table.schema.get_field_index("violations")
        kind = table.schema.field(where)
        old = table["violations"].to_pylist()
        new = pa.array([bits.get(g, v) for g, v in zip(games, old, strict=True)], kind.type)
        pq.write_table(table.set_column(where, kind, new), part)
    assert found == set(bits), f"games not in the run: {sorted(set(bits) - found)}"
    return out


def set_violations(tables: dict[str, pa.Table], bits: Mapping[int, int]) -> dict[str, pa.Table]:
    """A batch's result tables (Game.result_tables) with game g's violations set to
    `bits[g]`: the replays of `tutti check` and `tutti baseline` made unsound."""
    games = tables["games"]
    where = games.schema.get_field_index("violations")
    kind = games.schema.field(where)
    old = games["violations"].to_pylist()
    ids = games["game"].to_pylist()
    new = pa.array([bits.get(g, v) for g, v in zip(ids, old, strict=True)], kind.type)
    return {**tables, "games": games.set_column(where, kind, new)}
