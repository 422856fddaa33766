"""Open a run directory for reading: the manifest, and lazy scans of the listed part files.

Only chunks the manifest lists are read (a part file of an unlisted chunk may be
half-written). Categorical columns are cast to strings in the scans, so parts
with different dictionaries combine safely.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import polars as pl

from simcore.errors import TuttiError
from simcore.games import DEFAULT, GAMES, names
from simcore.runs.manifest import Manifest, part_name, read_manifest


@dataclass(frozen=True)
class Run:
    """A readable run directory: its manifest and the part files of its complete chunks."""

    path: Path
    manifest: Manifest

    @property
    def chunks(self) -> list[int]:
        return sorted(self.manifest.chunks_done)

    @property
    def games(self) -> int:
        return self.manifest.games_completed

    @property
    def game(self) -> str:
        return self.manifest.config.game

    @property
    def players(self) -> int:
        return self.manifest.config.players

    def parts(self, table: str, chunks: list[int] | None = None) -> list[Path]:
        return [
            self.path / table / part_name(c) for c in (self.chunks if chunks is None else chunks)
        ]

    def scan(
        self, table: str, chunks: list[int] | None = None, strings: bool = True
    ) -> pl.LazyFrame:
        """A lazy frame over the table's listed parts, categoricals cast to strings.

        `strings=False` keeps the categoricals (faster to filter and group; their
        codes are consistent within one scan only).
        """
        frame = pl.scan_parquet(self.parts(table, chunks))
        if not strings:
            return frame
        casts: dict[str, pl.DataType] = {}
        for name, dtype in frame.collect_schema().items():
            if dtype == pl.Categorical:
                casts[name] = pl.String()
            elif isinstance(dtype, pl.List) and dtype.inner == pl.Categorical:
                casts[name] = pl.List(pl.String)
        return frame.cast(casts) if casts else frame

    def chunk_batches(self, max_games: int = 65_536) -> list[list[int]]:
        """The listed chunks in groups of at most `max_games` games (at least one chunk each)."""
        per_chunk = max(1, self.manifest.config.chunk_size)
        size = max(1, max_games // per_chunk)
        chunks = self.chunks
        return [chunks[i : i + size] for i in range(0, len(chunks), size)]


def run_game(run_dir: Path) -> str:
    """The registered game a run directory holds (a bad directory or an unknown game in its
    manifest is a one-line TuttiError)."""
    run_dir = Path(run_dir)
    manifest = read_manifest(run_dir)
    _check_game(run_dir, manifest.config.game, None)
    return manifest.config.game


def _check_game(run_dir: Path, found: str, game: str | None) -> None:
    """Refuse a game the registry does not know, and one other than `game` (None: any)."""
    if found not in GAMES:
        raise TuttiError(
            f"{run_dir}: the run is of an unknown game {found!r} (known: {', '.join(names())})"
        )
    if game is not None and found != game:
        raise TuttiError(
            f"{run_dir}: a {found!r} run; this analysis reads {game.capitalize()} runs only "
            "so far (`tutti report` reads every game)"
        )


def open_run(run_dir: Path, allow_incomplete: bool = False, game: str | None = DEFAULT) -> Run:
    """Check `run_dir` and return it as a Run.

    A missing, corrupt or foreign directory is refused (TuttiError), so is a part that is
    not the one the manifest lists (simcore.runs.parts.verify_parts), and so is a run of
    another game than `game` (None: any registered game; the analyses of one game keep
    the registry's default), or of a game the registry does not know. So is an
    incomplete run (an interrupted `tutti simulate`) unless `allow_incomplete`:
    its complete chunks are valid games, but a report on part of a run is easy
    to mistake for the whole, so it takes an explicit choice.
    """
    from simcore.runs.parts import verify_parts

    run_dir = Path(run_dir)
    manifest = read_manifest(run_dir)
    _check_game(run_dir, manifest.config.game, game)
    verify_parts(run_dir, manifest)  # every listed part's checksum: damaged or foreign ones
    if not manifest.chunks_done:
        raise TuttiError(f"{run_dir}: the run has no complete games yet")
    if not manifest.complete and not allow_incomplete:
        raise TuttiError(
            f"{run_dir}: run incomplete ({manifest.games_completed:,} of "
            f"{manifest.config.games:,} games): finish it with `tutti simulate --resume`, "
            "or report on the games so far with --allow-incomplete"
        )
    return Run(run_dir, manifest)


def run_seats(run: Run, seat_names: tuple[str, ...] | list[str]) -> list[dict]:
    """Each seat of a run's configuration: its name, strategy and parameter values."""
    c = run.manifest.config
    seats = []
    for p, strategy in enumerate(c.strategies):
        keys = c.param_names[p] if p < len(c.param_names) else []
        values = c.params[p] if p < len(c.params) else []
        seats.append(
            {
                "seat": p,
                "seat_name": seat_names[p] if p < len(seat_names) else f"seat {p}",
                "strategy": strategy,
                "params": dict(zip(keys, values, strict=False)),
            }
        )
    return seats
