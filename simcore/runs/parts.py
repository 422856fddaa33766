"""A run's part files: recorded when written, verified before they are trusted, and the
only files resume may delete.

Each part's SHA-256, size and row count go into the manifest as it is written
(`part_record`). `report`, `drift` and resume verify them (`verify_parts`): a part that
is missing, truncated, flipped or copied from another run (every part's metadata holds
its run id, so another run's part has other bytes) is refused in one line that names it;
resume plays such a chunk again instead (`damaged_chunks`).

Resume deletes nothing but this run's own leftovers (`clean_partial_files`): temporary
files of its part writer and parts of chunks the manifest does not list. A table folder
that is a symlink, or any other entry in one, stops it in one line: a run directory is
data that may come from anyone.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from dataclasses import asdict
from pathlib import Path

from simcore.errors import TuttiError
from simcore.runs.manifest import MANIFEST, TABLES, Manifest, Part, part_name

PART = re.compile(r"part-\d{6}\.parquet")
PART_TMP = re.compile(r"\.part-\d{6}\.parquet\.tmp-\d+")
MANIFEST_TMP = re.compile(re.escape(f".{MANIFEST}.tmp-") + r"\d+")


def part_record(data: bytes, rows: int) -> Part:
    """The manifest's record of a part file with contents `data`."""
    return Part(sha256=hashlib.sha256(data).hexdigest(), bytes=len(data), rows=rows)


def file_sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        while block := fh.read(1 << 20):
            digest.update(block)
    return digest.hexdigest()


def _table_folder(out: Path, table: str) -> Path:
    folder = out / table
    if folder.is_symlink():
        raise TuttiError(
            f"{folder}: a symlink, not the run's own folder: tutti reads and cleans only "
            "folders inside the run directory"
        )
    return folder


def part_problem(out: Path, chunk: int, table: str, record: Part, full: bool) -> str | None:
    """What is wrong with one listed part ('missing', 'truncated', ...), or None. `full`:
    compare its checksum, not only its size."""
    path = _table_folder(out, table) / part_name(chunk)
    if path.is_symlink() or (os.path.lexists(path) and not path.is_file()):
        return "not a regular file"
    if not path.exists():
        return "missing"
    size = path.stat().st_size
    if size != record.bytes:
        return f"{size:,} bytes, {record.bytes:,} recorded (truncated or replaced)"
    if full and file_sha256(path) != record.sha256:
        return "checksum differs from the manifest's (damaged, or from another run)"
    return None


def check_listed_parts(out: Path, manifest: Manifest) -> None:
    """Refuse (one line) a listed part that is missing or not of its recorded size."""
    for chunk in manifest.chunks_done:
        for table in TABLES:
            problem = part_problem(out, chunk, table, manifest.parts[chunk][table], full=False)
            if problem == "missing":
                raise TuttiError(
                    f"{out}: corrupt run directory: chunk {chunk} is listed but "
                    f"{table}/{part_name(chunk)} is missing"
                )
            if problem:
                raise TuttiError(f"{out}: {table}/{part_name(chunk)}: {problem}")


def damaged_chunks(out: Path, manifest: Manifest) -> list[tuple[int, str]]:
    """(chunk, 'table/part: problem') of each listed chunk with a part that fails its check."""
    found = []
    for chunk in manifest.chunks_done:
        for table in TABLES:
            problem = part_problem(out, chunk, table, manifest.parts[chunk][table], full=True)
            if problem:
                found.append((chunk, f"{table}/{part_name(chunk)}: {problem}"))
                break
    return found


def check_headers(out: Path, manifest: Manifest) -> None:
    """Refuse (one line) a manifest whose configuration, run id or chunk numbers are not
    those its parts were written with (each part's metadata holds them): an edited
    manifest. The folders it names may move (their contents have hashes). Reads the
    games part's metadata of each listed chunk (its checksum ties the other two to it)."""
    import pyarrow.parquet as pq

    expected = {**asdict(manifest.config), "run_id": manifest.run_id}
    paths = ("cards_dir", "strategy_module")  # where files were: hashes vouch for contents
    for chunk in manifest.chunks_done:
        path = out / "games" / part_name(chunk)
        try:
            header = json.loads(pq.read_schema(path).metadata[b"tutti"])
        except (OSError, ValueError, KeyError, TypeError) as err:
            raise TuttiError(f"{path}: no tutti metadata ({err})") from None
        first, n_games = manifest.config.games_of(chunk)
        expected.update(chunk=chunk, first_game=first, n_games=n_games)
        keys = (set(expected) | set(header)) - set(paths)
        differ = sorted(k for k in keys if header.get(k) != expected.get(k))
        if differ:
            raise TuttiError(
                f"{out}: the manifest's {', '.join(differ)} is not what games/"
                f"{part_name(chunk)} was written with: the manifest was edited; tutti does "
                "not repair it (simulate the run again)"
            )


def verify_parts(out: Path, manifest: Manifest) -> None:
    """Refuse (one line naming the part) a listed part whose checksum or size is not the
    manifest's, or a manifest edited since its parts were written (check_headers)."""
    damaged = damaged_chunks(out, manifest)
    if damaged:
        more = f" (and {len(damaged) - 1} more chunks)" if len(damaged) > 1 else ""
        raise TuttiError(
            f"{out}: {damaged[0][1]}{more}; the run cannot be read: resume it with "
            "`tutti simulate --resume` to play damaged chunks again, or simulate it again"
        )
    check_headers(out, manifest)


def clean_partial_files(out: Path, manifest: Manifest) -> None:
    """Before resuming: remove this run's temporary files and the parts of chunks the
    manifest does not list; refuse (one line, nothing deleted) a symlinked table folder or
    any entry that is not one of those."""
    listed = {part_name(c) for c in manifest.chunks_done}
    doomed: list[Path] = []
    for table in TABLES:
        folder = _table_folder(out, table)
        if not folder.exists():
            continue
        if not folder.is_dir():
            raise TuttiError(f"{folder}: not a folder; this is not a run directory tutti wrote")
        for path in sorted(folder.iterdir()):
            ours = PART.fullmatch(path.name) or PART_TMP.fullmatch(path.name)
            if not ours or path.is_symlink() or not path.is_file():
                raise TuttiError(
                    f"{path}: not a file tutti wrote (resume deletes nothing but its own "
                    "temporary and unlisted part files): move it out of the run directory"
                )
            if path.name not in listed:
                doomed.append(path)
    doomed += [p for p in out.iterdir() if MANIFEST_TMP.fullmatch(p.name) and p.is_file()]
    for path in doomed:  # a cluster task stopped with its client may still rename its own
        path.unlink(missing_ok=True)


def drop_damaged(out: Path, manifest: Manifest) -> list[str]:
    """Unlist (and delete the parts of) each listed chunk that fails its checksum, so
    resume plays it again; returns the problems found, one line each."""
    damaged = damaged_chunks(out, manifest)
    for chunk, _ in damaged:
        manifest.drop_chunk(chunk)
        for table in TABLES:
            path = out / table / part_name(chunk)
            if path.is_file() and not path.is_symlink():
                path.unlink()
    return [problem for _, problem in damaged]
