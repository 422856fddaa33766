"""Batch runs: millions of games in chunks, streamed to Parquet, deterministic and resumable."""

from __future__ import annotations

import time
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np

from simcore.errors import TuttiError
from simcore.output_paths import check_folder, writing
from simcore.progress import Progress, display_for
from simcore.runs.chunks import ChunkJob
from simcore.runs.local import run_local
from simcore.runs.manifest import (
    TABLES,
    Manifest,
    RunConfig,
    clean_partial_files,
    read_manifest,
    write_manifest,
)

DEFAULT_CHUNK = 4096
MAX_CHUNK = 1_000_000


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


def _check_args(game, players: int, games: int, chunk_size: int, threads: int | None) -> None:
    game.check_players(players)
    if games < 1:
        raise TuttiError(f"--games must be at least 1 (got {games})")
    if not 1 <= chunk_size <= MAX_CHUNK:
        raise TuttiError(f"--chunk-size must be between 1 and {MAX_CHUNK} (got {chunk_size})")
    if threads is not None:
        from simcore.threads import max_threads

        most = max_threads()
        if not 1 <= threads <= most:
            raise TuttiError(f"--threads must be between 1 and {most} (got {threads})")


def _params_lists(seats, params) -> tuple[list[list[float]], list[list[str]]]:
    rows = [s.vector() if params is None else params[p] for p, s in enumerate(seats)]
    values = [[float(x) for x in rows[p][: len(s.param_names)]] for p, s in enumerate(seats)]
    return values, [list(s.param_names) for s in seats]


def run_config(
    game,
    players: int,
    games: int,
    seed: int,
    chunk_size: int,
    seats,
    params: np.ndarray | None,
    card_set,
    cards: str | Path | None,
    strategy_module: str | Path | None = None,
    module_hash: str | None = None,
) -> RunConfig:
    """The configuration a run (or a baseline) records: everything its games depend on."""
    values, param_names = _params_lists(seats, params)
    return RunConfig(
        game=game.name,
        players=players,
        games=games,
        seed=seed,
        chunk_size=chunk_size,
        strategies=[s.name for s in seats],
        params=values,
        param_names=param_names,
        card_hash=card_set.data_hash,
        cards_dir=str(cards) if cards else None,
        rules_version=game.rules_version,
        package_version=version("tutti-sim"),
        strategy_module=str(strategy_module) if strategy_module else None,
        strategy_module_hash=module_hash,
    )


def _run_params(game, out: Path, seats, params, params_file, resume: bool) -> np.ndarray | None:
    """The per-seat parameter matrix: given, from a params file, the resumed run's, or None."""
    if params is not None:
        return params
    if params_file is not None:
        from simcore.params_file import read_params, seat_params

        return seat_params(seats, read_params(params_file, game.strategies()))
    if resume:
        from simcore.seats import MAX_PARAMS

        stored = read_manifest(out).config.params
        matrix = np.zeros((len(stored), MAX_PARAMS), np.float64)
        for p, row in enumerate(stored):
            matrix[p, : len(row)] = row
        return matrix
    return None


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


def _play_chunks(out: Path, session, job: ChunkJob, todo, threads, record, report, started) -> int:
    """Play and write the chunks `todo`, here or on the cluster; the games played."""
    if session is not None:
        from simcore.runs.cluster import run_on_cluster

        return run_on_cluster(session, job, todo, threads, record, report, started)
    kept = f"the complete chunks are kept: finish with tutti simulate --resume --out {out}"
    with writing(out, "the run", kept):
        return run_local(job, todo, threads, record, report, started)


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
    progress: bool | Progress | None = None,
    params_file: str | Path | None = None,
    strategy_module: str | Path | None = None,
    cluster: Any = None,
    game: str | None = None,
) -> RunResult:
    """Simulate `games` games of `game` (default Luthier) into run directory `out` (the
    Python twin of `tutti simulate`).

    Game i of the run is the game with seed `game_seed(seed, i)`: results do not
    depend on `threads`, `chunk_size` or interruptions. Each chunk's Parquet parts
    are written as soon as it finishes; `resume=True` finishes an interrupted run
    (with the run's own parameters unless others are given).

    `params` is a per-seat parameter matrix, `params_file` a TOML file of
    per-strategy overrides (`simcore/params_file.py`); `strategy_module`
    loads user strategies (which runs that file's code) before any kernel compiles.

    `progress` is called with (games done, games in the run) after each chunk;
    `progress=True` shows a bar on a terminal or in a notebook (lines on stderr otherwise).

    `cluster` runs the chunks as Dask tasks: a scheduler address ("tcp://host:8786"),
    "local" or "local:N" (a LocalCluster of N worker processes), or a distributed.Client;
    see simcore/runs/cluster.py.
    """
    from simcore import games as registry

    the_game = registry.get(game)
    check_folder(out, "the run")
    if cluster is not None and strategy_module is not None:
        raise TuttiError("--strategy-module does not work with --cluster yet")
    user_hash = None
    if strategy_module is not None:
        user_hash = the_game.load_strategy_module(strategy_module)
    _check_args(the_game, players, games, chunk_size, threads if cluster is None else None)
    out = Path(out)
    card_set = the_game.load_cards(cards)
    names = ",".join(strategies) if isinstance(strategies, list) else strategies
    seats = the_game.parse_seats(names, players)
    params = _run_params(the_game, out, seats, params, params_file, resume)
    config = run_config(
        the_game,
        players,
        games,
        seed,
        chunk_size,
        seats,
        params,
        card_set,
        cards,
        strategy_module,
        user_hash,
    )
    session = None
    if cluster is not None:  # before the run directory is touched
        from simcore.runs.cluster import connect

        session = connect(cluster)
    try:
        with writing(out, "the run"):
            manifest = _prepare(out, config, resume)
    except BaseException:
        if session is not None:
            session.close()
        raise
    todo = [c for c in range(manifest.n_chunks) if c not in set(manifest.chunks_done)]
    job = ChunkJob(
        str(out.resolve()),
        card_set,
        players,
        seed,
        tuple(seats),
        params,
        games,
        chunk_size,
        manifest.to_json()["config"],
    )
    earlier = manifest.seconds  # simulating time of earlier sessions (resume)
    clock = [time.perf_counter()] * 2  # [before loading kernels or connecting, after]

    def record(chunk: int, n_games: int) -> int:
        """List a chunk whose part files are on disk in the manifest."""
        manifest.chunks_done.append(chunk)
        manifest.games_completed += n_games
        manifest.seconds = earlier + time.perf_counter() - clock[1]
        write_manifest(out, manifest)
        return n_games

    with display_for(progress, "simulating") as show:

        def report() -> None:
            if show:
                show(manifest.games_completed, games)

        def started() -> None:
            clock[1] = time.perf_counter()
            report()

        played = _play_chunks(out, session, job, todo, threads, record, report, started)
    manifest.complete = True
    manifest.chunks_done.sort()
    with writing(out, "the run"):
        write_manifest(out, manifest)
    seconds = time.perf_counter() - clock[1]
    return RunResult(out, manifest.games_completed, played, seconds, clock[1] - clock[0], manifest)
