"""Runs whose games broke the engine's invariant checks, for tests: a copy of a real run
with the `violations` column of its games parts rewritten (no engine bug needed).

The one place tests edit a run's part files: `reseal` records an edited part's new
checksum in the manifest, as if the run had written it (simcore/runs/parts.py).
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
        reseal(out, "games", part)
    assert found == set(bits), f"games not in the run: {sorted(set(bits) - found)}"
    return out


def reseal(out: Path, table: str, part: Path) -> None:
    """Record part file `part` of `table` (edited by a test) in run `out`'s manifest."""
    from simcore.runs.manifest import read_manifest, write_manifest
    from simcore.runs.parts import part_record

    manifest = read_manifest(out, check_parts=False)
    chunk = int(part.stem.removeprefix("part-"))
    data = part.read_bytes()
    manifest.parts[chunk][table] = part_record(data, pq.read_metadata(part).num_rows)
    write_manifest(out, manifest)


def rewrite_part(out: Path, table: str, part: Path, change) -> None:
    """Replace part file `part` of `table` in run `out` by `change(its pyarrow table)`,
    keeping its tutti metadata, and reseal it: an older or altered run, for tests."""
    data = pq.read_table(part)
    changed = change(data)
    pq.write_table(changed.replace_schema_metadata(data.schema.metadata), part)
    reseal(out, table, part)


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
