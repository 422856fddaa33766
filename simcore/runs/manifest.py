"""Run directories: layout, the manifest, atomic writes, and the checks that refuse bad ones.

A run directory holds `manifest.json` and one part file per chunk in each of
`games/`, `seats/` and `cards/`. A chunk counts only once the manifest lists it,
and the manifest is rewritten atomically after all three of its part files are
in place, so an interrupted run always leaves a valid directory.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from simcore.errors import TuttiError

FORMAT = "tutti-run/1"
TABLES = ("games", "seats", "cards")
MANIFEST = "manifest.json"


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


@dataclass
class Manifest:
    config: RunConfig
    chunks_done: list[int] = field(default_factory=list)  # chunk numbers complete on disk
    games_completed: int = 0
    complete: bool = False
    seconds: float = 0.0  # wall time spent simulating, over all sessions

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, **asdict(self)}

    @property
    def n_chunks(self) -> int:
        c = self.config
        return (c.games + c.chunk_size - 1) // c.chunk_size


def part_name(chunk: int) -> str:
    return f"part-{chunk:06d}.parquet"


def atomic_write(path: Path, data: bytes) -> None:
    """Write `data` to `path` so that readers see the old file or the new one, never half."""
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    with open(tmp, "wb") as fh:
        fh.write(data)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def write_manifest(out: Path, manifest: Manifest) -> None:
    atomic_write(out / MANIFEST, (json.dumps(manifest.to_json(), indent=2) + "\n").encode())


def read_manifest(out: Path) -> Manifest:
    """The manifest of run directory `out`; a missing, corrupt or foreign one is refused."""
    path = out / MANIFEST
    if not out.is_dir():
        raise TuttiError(f"{out}: no such run directory")
    if not path.is_file():
        raise TuttiError(f"{out}: not a tutti run directory (no {MANIFEST})")
    try:
        raw = json.loads(path.read_text())
        if not isinstance(raw, dict):
            raise ValueError(f"expected a JSON object, got {type(raw).__name__}")
        if raw.get("format") != FORMAT:
            raise ValueError(f"format {raw.get('format')!r}, expected {FORMAT!r}")
        if not isinstance(raw.get("config"), dict):
            raise ValueError("no run configuration")
        config = RunConfig(**raw["config"])
        manifest = Manifest(
            config=config,
            chunks_done=[int(c) for c in raw["chunks_done"]],
            games_completed=int(raw["games_completed"]),
            complete=bool(raw["complete"]),
            seconds=float(raw.get("seconds", 0.0)),
        )
    except (ValueError, KeyError, TypeError, UnicodeDecodeError) as err:
        raise TuttiError(f"{path}: corrupt run manifest ({err})") from None
    for chunk in manifest.chunks_done:
        for table in TABLES:
            if not (out / table / part_name(chunk)).is_file():
                raise TuttiError(
                    f"{out}: corrupt run directory: chunk {chunk} is listed but "
                    f"{table}/{part_name(chunk)} is missing"
                )
    return manifest


def clean_partial_files(out: Path, manifest: Manifest) -> None:
    """Remove temporary files, and part files of chunks the manifest does not list."""
    listed = {part_name(c) for c in manifest.chunks_done}
    for table in TABLES:
        folder = out / table
        if folder.is_dir():
            for path in folder.iterdir():
                if path.name.startswith(".") or path.name not in listed:
                    path.unlink()
    for path in out.glob(f".{MANIFEST}.tmp-*"):
        path.unlink()
