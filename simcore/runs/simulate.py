"""Batch runs: millions of games in chunks, streamed to Parquet, deterministic and resumable."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from simcore.errors import TuttiError
from simcore.runs.manifest import (
    TABLES,
    Manifest,
    RunConfig,
    atomic_write,
    clean_partial_files,
    part_name,
    read_manifest,
    write_manifest,
)

DEFAULT_CHUNK = 4096
MAX_CHUNK = 1_000_000

Progress = Callable[[int, int], None]  # (games done, games in the run)


@dataclass(frozen=True)
class RunResult:
    out: Path
    games: int  # games in the run directory
    games_this_session: int
    seconds: float  # wall time of this session, after compiling
    compile_seconds: float  # compiling the kernels (or loading them from the cache)
    manifest: Manifest

    @property
    def games_per_second(self) -> float:
        return self.games_this_session / self.seconds if self.seconds > 0 else 0.0


def _check_args(players: int, games: int, chunk_size: int, threads: int | None) -> None:
    from simcore.games.luthier.engine import check_players

    check_players(players)
    if games < 1:
        raise TuttiError(f"--games must be at least 1 (got {games})")
    if not 1 <= chunk_size <= MAX_CHUNK:
        raise TuttiError(f"--chunk-size must be between 1 and {MAX_CHUNK} (got {chunk_size})")
    if threads is not None:
        import numba

        most = numba.config.NUMBA_NUM_THREADS
        if not 1 <= threads <= most:
            raise TuttiError(f"--threads must be between 1 and {most} (got {threads})")


def _params_lists(seats, params) -> tuple[list[list[float]], list[list[str]]]:
    from simcore.games.luthier.engine import params_matrix

    pm = params_matrix(seats, params)
    values = [[float(x) for x in pm[p][: len(s.param_names)]] for p, s in enumerate(seats)]
    return values, [list(s.param_names) for s in seats]


def _prepare(out: Path, config: RunConfig, resume: bool) -> Manifest:
    """A fresh run directory, or the manifest of the run to resume (checked against config)."""
    if resume:
        manifest = read_manifest(out)
        diffs = config.same_games_as(manifest.config)
        if diffs:
            raise TuttiError(
                f"{out}: cannot resume: the run was started with different "
                f"{', '.join(diffs)}; give the same options, or a new --out"
            )
        clean_partial_files(out, manifest)
        return manifest
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise TuttiError(
            f"{out} already exists; use --resume to finish that run, or choose another --out"
        )
    for table in TABLES:
        (out / table).mkdir(parents=True, exist_ok=True)
    manifest = Manifest(config=config)
    write_manifest(out, manifest)
    return manifest


def _write_part(out: Path, table: str, chunk: int, data: pa.Table, meta: dict) -> None:
    data = data.replace_schema_metadata({b"tutti": json.dumps(meta).encode()})
    sink = pa.BufferOutputStream()
    pq.write_table(data, sink, compression="zstd")
    atomic_write(out / table / part_name(chunk), sink.getvalue().to_pybytes())


def simulate(
    players: int = 4,
    games: int = 100_000,
    seed: int = 1,
    out: str | Path = "runs/sim",
    strategies: str | list[str] | None = None,
    threads: int | None = None,
    chunk_size: int = DEFAULT_CHUNK,
    cards: str | Path | None = None,
    resume: bool = False,
    params: np.ndarray | None = None,
    progress: Progress | None = None,
) -> RunResult:
    """Simulate `games` Luthier games into run directory `out` (the Python twin of
    `tutti simulate`).

    Game i of the run is the game with seed `game_seed(seed, i)`: results do not
    depend on `threads`, `chunk_size` or interruptions. Each chunk's Parquet parts
    are written as soon as it finishes; `resume=True` finishes an interrupted run.
    """
    import numba

    from simcore.games.luthier import RULES_VERSION
    from simcore.games.luthier.cards import load_cards
    from simcore.games.luthier.engine import play_batch
    from simcore.games.luthier.results import result_tables
    from strategies.luthier.registry import parse_seats

    _check_args(players, games, chunk_size, threads)
    out = Path(out)
    card_set = load_cards(cards)
    names = ",".join(strategies) if isinstance(strategies, list) else strategies
    seats = parse_seats(names, players)
    values, param_names = _params_lists(seats, params)
    config = RunConfig(
        game="luthier",
        players=players,
        games=games,
        seed=seed,
        chunk_size=chunk_size,
        strategies=[s.name for s in seats],
        params=values,
        param_names=param_names,
        card_hash=card_set.data_hash,
        cards_dir=str(cards) if cards else None,
        rules_version=RULES_VERSION,
        package_version=version("tutti-sim"),
    )
    manifest = _prepare(out, config, resume)
    todo = [c for c in range(manifest.n_chunks) if c not in set(manifest.chunks_done)]
    before = numba.get_num_threads()
    if threads is not None:
        numba.set_num_threads(threads)
    warm = time.perf_counter()
    play_batch(card_set, players, seed, seats, 0, 1, params)  # compile, or load the cache
    start = time.perf_counter()
    earlier = manifest.seconds  # simulating time of earlier sessions (resume)

    def write_chunk(chunk: int, first: int, batch) -> int:
        """Runs on the writer thread while the next chunk simulates."""
        tables = result_tables(card_set, batch, players, seats)
        meta = {
            **manifest.to_json()["config"],
            "chunk": chunk,
            "first_game": first,
            "n_games": len(batch.games),
            "games_completed": manifest.games_completed + len(batch.games),
        }
        for table in TABLES:
            _write_part(out, table, chunk, tables[table], meta)
        manifest.chunks_done.append(chunk)
        manifest.games_completed += len(batch.games)
        manifest.seconds = earlier + time.perf_counter() - start
        write_manifest(out, manifest)
        return len(batch.games)

    played = 0
    pending = None
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="tutti-writer") as writer:
        try:
            if progress:
                progress(manifest.games_completed, games)
            for chunk in todo:
                first = chunk * chunk_size
                batch = play_batch(
                    card_set, players, seed, seats, first, min(chunk_size, games - first), params
                )
                if pending is not None:
                    played += pending.result()
                    pending = None
                    if progress:
                        progress(manifest.games_completed, games)
                pending = writer.submit(write_chunk, chunk, first, batch)
            if pending is not None:
                played += pending.result()
                pending = None
                if progress:
                    progress(manifest.games_completed, games)
        finally:
            if pending is not None:  # interrupted: let the chunk in flight land completely
                played += pending.result()
            numba.set_num_threads(before)
    manifest.complete = True
    manifest.chunks_done.sort()
    write_manifest(out, manifest)
    seconds = time.perf_counter() - start
    return RunResult(out, manifest.games_completed, played, seconds, start - warm, manifest)
