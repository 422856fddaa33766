"""Run directories: layout, the manifest, atomic writes.

A run directory holds `manifest.json` and one part file per chunk in each of
`games/`, `seats/` and `cards/`. A chunk counts only once the manifest lists it with
the checksum, size and row count of each of its three parts; the manifest is
rewritten atomically after the parts are in place, so an interrupted run always
leaves a valid directory. A manifest is validated whenever it is read
(simcore/runs/manifest_check.py) and parts are verified against it before they are
trusted (simcore/runs/parts.py). docs/reference/tables.md documents the format.
"""

from __future__ import annotations

import json
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from simcore.runs.limits import n_chunks

FORMAT = "tutti-run/2"
OLD_FORMATS = ("tutti-run/1",)  # without part checksums: refused, simulate again
TABLES = ("games", "seats", "cards")
MANIFEST = "manifest.json"
LOCK = ".tutti.lock"  # held while a process writes the run (simcore/runs/lock.py)


@dataclass
class RunConfig:
    """Everything a run's games depend on (DESIGN.md's determinism contract), plus layout."""

    game: str
    players: int
    games: int
    seed: int
    chunk_size: int
    strategies: list[str]
    params: list[list[float]]
    param_names: list[list[str]]
    card_hash: str
    cards_dir: str | None
    rules_version: int
    package_version: str
    strategy_module: str | None = None  # user strategies (--strategy-module), if any
    strategy_module_hash: str | None = None

    def same_games_as(self, other: RunConfig) -> list[str]:
        """Names of the settings that differ (a resume must match on all of them)."""
        keys = (
            "game",
            "players",
            "games",
            "seed",
            "chunk_size",
            "strategies",
            "params",
            "card_hash",
            "rules_version",
            "strategy_module_hash",
        )
        return [k for k in keys if getattr(self, k) != getattr(other, k)]

    def games_of(self, chunk: int) -> tuple[int, int]:
        """(first game index, number of games) of `chunk`."""
        first = chunk * self.chunk_size
        return first, min(self.chunk_size, self.games - first)


@dataclass(frozen=True)
class Part:
    """One part file as written: its SHA-256, size in bytes and row count."""

    sha256: str
    bytes: int
    rows: int


@dataclass
class Manifest:
    config: RunConfig
    run_id: str = field(default_factory=lambda: uuid.uuid4().hex)  # in every part's metadata
    chunks_done: list[int] = field(default_factory=list)  # chunk numbers complete on disk
    parts: dict[int, dict[str, Part]] = field(default_factory=dict)  # chunk -> table -> part
    games_completed: int = 0
    complete: bool = False
    seconds: float = 0.0  # wall time spent simulating, over all sessions

    @property
    def n_chunks(self) -> int:
        return n_chunks(self.config.games, self.config.chunk_size)

    def add_chunk(self, chunk: int, parts: dict[str, Part]) -> int:
        """List a chunk whose parts are on disk; returns its game count."""
        self.chunks_done.append(chunk)
        self.parts[chunk] = parts
        n_games = self.config.games_of(chunk)[1]
        self.games_completed += n_games
        return n_games

    def drop_chunk(self, chunk: int) -> None:
        """Unlist a chunk (its parts are to be played again)."""
        self.chunks_done.remove(chunk)
        del self.parts[chunk]
        self.games_completed -= self.config.games_of(chunk)[1]
        self.complete = False

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "run_id": self.run_id,
            "config": asdict(self.config),
            "chunks_done": self.chunks_done,
            "games_completed": self.games_completed,
            "complete": self.complete,
            "seconds": self.seconds,
            "parts": {
                str(c): {t: asdict(p) for t, p in self.parts[c].items()} for c in self.chunks_done
            },
        }


def part_name(chunk: int) -> str:
    return f"part-{chunk:06d}.parquet"


def manifest_text(manifest: Manifest) -> str:
    """The manifest as JSON: the configuration indented, one line per chunk's parts."""
    raw = manifest.to_json()
    parts = raw.pop("parts")
    lines = [f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in raw.items() if k != "config"]
    config = json.dumps(raw["config"], indent=2).replace("\n", "\n  ")
    lines.insert(2, f'  "config": {config}')
    chunk_lines = ",\n".join(f"    {json.dumps(c)}: {json.dumps(p)}" for c, p in parts.items())
    lines.append('  "parts": {' + (f"\n{chunk_lines}\n  " if parts else "") + "}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def write_manifest(out: Path, manifest: Manifest) -> None:
    from simcore.output_paths import write_whole  # (it names a run's files from here)

    write_whole(out / MANIFEST, manifest_text(manifest).encode())


def read_manifest(out: Path, check_parts: bool = True) -> Manifest:
    """The manifest of run directory `out`, validated (manifest_check); a missing, corrupt,
    edited or foreign one is refused (TuttiError). `check_parts`: also refuse a listed part
    that is missing or not of its recorded size (its checksum: parts.verify_parts)."""
    from simcore.runs.manifest_check import parse_manifest
    from simcore.runs.parts import check_listed_parts

    manifest = parse_manifest(out)
    if check_parts:
        check_listed_parts(out, manifest)
    return manifest
