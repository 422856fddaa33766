"""Batch runs: millions of games in chunks, streamed to Parquet, deterministic and resumable."""

from __future__ import annotations

import contextlib
import os
import shlex
import shutil
import sys
import time
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np

from simcore.errors import TuttiError
from simcore.output_paths import check_folder, writing
from simcore.progress import Progress, display_for
from simcore.runs import parts as run_parts
from simcore.runs.chunks import ChunkJob
from simcore.runs.limits import DEFAULT_CHUNK, check_sizes, default_chunk
from simcore.runs.local import run_local
from simcore.runs.lock import run_lock
from simcore.runs.manifest import (
    LOCK,
    TABLES,
    Manifest,
    RunConfig,
    part_name,
    read_manifest,
    write_manifest,
)
from simcore.seeds import check_seed

MANIFEST_EVERY_S = 1.0  # a run lists its new chunks in the manifest at most once a second


@dataclass(frozen=True)
class RunResult:
    out: Path
    games: int  # games in the run directory
    games_this_session: int
    seconds: float  # wall time of this session, after compiling
    compile_seconds: float  # compiling the kernels (or loading them from the cache)
    manifest: Manifest
    violations: int = 0  # games of the run with an invariant violation (games.violations)
    violation_bits: int = 0  # every bit set in any game's violations (OR over the run)

    @property
    def games_per_second(self) -> float:
        return self.games_this_session / self.seconds if self.seconds > 0 else 0.0


def _check_args(
    game, players: int, games: int, chunk_size: int, threads: int | None, seed: int = 0
) -> None:
    game.check_players(players)
    check_sizes(games, chunk_size)
    check_seed(seed)
    if threads is not None:
        from simcore.kernels.threads import check_threads

        check_threads(threads)


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


def _run_params(seats, params, params_file, game, resumed: Manifest | None) -> np.ndarray | None:
    """The per-seat parameter matrix: given, from a params file, the resumed run's, or None."""
    if params is not None:
        return params
    if params_file is not None:
        from simcore.params_file import read_params, seat_params

        return seat_params(seats, read_params(params_file, game.strategies()))
    if resumed is not None:
        from simcore.seats import MAX_PARAMS

        stored = resumed.config.params
        matrix = np.zeros((len(stored), MAX_PARAMS), np.float64)
        for p, row in enumerate(stored):
            matrix[p, : len(row)] = row
        return matrix
    return None


def _resume(out: Path, config: RunConfig) -> Manifest:
    """The manifest of the run to resume, under its lock: checked against `config`, this
    run's leftovers removed, damaged chunks unlisted to be played again."""
    manifest = read_manifest(out, check_parts=False)  # again: another writer may have run
    diffs = config.same_games_as(manifest.config)
    if diffs:
        raise TuttiError(
            f"{out}: cannot resume: the run was started with different "
            f"{', '.join(diffs)}; give the same options, or a new --out"
        )
    run_parts.clean_partial_files(out, manifest)
    for problem in run_parts.drop_damaged(out, manifest):
        print(f"notice: {out}: {problem}; playing that chunk again", file=sys.stderr)
    run_parts.check_headers(out, manifest)
    write_manifest(out, manifest)
    return manifest


def _fresh(out: Path, config: RunConfig) -> Manifest:
    """A new run directory holding its first manifest (under its lock, taken by the caller)."""
    if any(p.name != LOCK for p in out.iterdir()):
        raise TuttiError(
            f"{out} already exists; use --resume to finish that run, or choose another --out"
        )
    for table in TABLES:
        (out / table).mkdir()
    manifest = Manifest(config=config)
    write_manifest(out, manifest)
    return manifest


def _refuse_existing(out: Path) -> None:
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise TuttiError(
            f"{out} already exists; use --resume to finish that run, or choose another --out"
        )


def _undo_start(out: Path, made: bool) -> None:
    """Remove what a failed start wrote: its manifest and empty table folders, and the run
    folder itself if this start made it (a failed start leaves no orphan directory)."""
    for name in ("manifest.json", *(f".manifest.json.tmp-{os.getpid()}",)):
        (out / name).unlink(missing_ok=True)
    for table in TABLES:
        folder = out / table
        if folder.is_dir() and not folder.is_symlink() and not any(folder.iterdir()):
            folder.rmdir()
    if made and out.is_dir() and not any(p.name != LOCK for p in out.iterdir()):
        shutil.rmtree(out, ignore_errors=True)


def count_violations(out: Path, manifest: Manifest) -> tuple[int, int]:
    """(games of the run's listed chunks whose `violations` bitmask is not 0, the OR of
    every game's bitmask: which invariants broke)."""
    import pyarrow.parquet as pq

    total = bits = 0
    for chunk in manifest.chunks_done:
        column = pq.read_table(out / "games" / part_name(chunk), columns=["violations"])[0]
        values = column.to_numpy()
        total += int(np.count_nonzero(values))
        bits |= int(np.bitwise_or.reduce(values)) if len(values) else 0
    return total, bits


def _play_chunks(out: Path, session, job: ChunkJob, todo, threads, record, report, started) -> int:
    """Play and write the chunks `todo`, here or on the cluster; the games played."""
    if session is not None:
        from simcore.runs.cluster import run_on_cluster

        return run_on_cluster(session, job, todo, threads, record, report, started)
    kept = "the complete chunks are kept: finish with tutti simulate --resume --out " + shlex.quote(
        str(out)
    )
    with writing(out, "the run", kept):
        return run_local(job, todo, threads, record, report, started)


def simulate(
    players: int | None = None,
    games: int = 100_000,
    seed: int = 1,
    out: str | Path = "runs/sim",
    strategies: str | list[str] | None = None,
    threads: int | None = None,
    chunk_size: int | None = None,
    cards: str | Path | None = None,
    resume: bool = False,
    params: np.ndarray | None = None,
    progress: bool | Progress | None = None,
    params_file: str | Path | None = None,
    strategy_module: str | Path | None = None,
    cluster: Any = None,
    game: str | None = None,
) -> RunResult:
    """Simulate `games` games of `game` (default: the registry's) at `players` (None: the
    game's default count) into run directory `out` (the Python twin of `tutti simulate`).

    Game i of the run is the game with seed `game_seed(seed, i)`: results do not
    depend on `threads`, `chunk_size` or interruptions. Each chunk's Parquet parts
    are written as soon as it finishes; `resume=True` finishes an interrupted run
    (with the run's own parameters unless others are given; a run made with a user
    strategy module needs `strategy_module` again, checked against the manifest's hash
    before it is loaded, and its cards are the manifest's only when their hash matches).

    `params` is a per-seat parameter matrix, `params_file` a TOML file of
    per-strategy overrides (`simcore/params_file.py`); `strategy_module`
    loads user strategies (which runs that file's code) before any kernel compiles.

    `progress` is called with (games done, games in the run) after each chunk;
    `progress=True` shows a bar on a terminal or in a notebook (lines on stderr otherwise).

    `cluster` runs the chunks as Dask tasks: a scheduler address ("tcp://host:8786"),
    "local" or "local:N" (a LocalCluster of N worker processes), or a distributed.Client;
    see simcore/runs/cluster.py.

    One process writes a run at a time (simcore/runs/lock.py); the result counts the
    games with invariant violations (`violations`).
    """
    from simcore import games as registry
    from simcore.games.api import default_players
    from simcore.runs import trust

    the_game = registry.get(game)
    players = default_players(the_game) if players is None else players
    check_folder(out, "the run")
    out = Path(out)
    if cluster is not None and strategy_module is not None:
        raise TuttiError("--strategy-module does not work with --cluster yet")
    given = DEFAULT_CHUNK if chunk_size is None else chunk_size
    _check_args(the_game, players, games, given, threads if cluster is None else None, seed)
    resumed = read_manifest(out, check_parts=False) if resume else None
    if resumed is None:
        _refuse_existing(out)
        user_hash = the_game.load_strategy_module(strategy_module) if strategy_module else None
        card_set = the_game.load_cards(cards)
    else:
        where = f"{out}: --resume"
        user_hash = trust.load_run_module(the_game, resumed.config, strategy_module, where)
        strategy_module = resumed.config.strategy_module if user_hash else None
        card_set = trust.load_run_cards(the_game, resumed.config, cards, where)
        cards = cards if cards is not None else resumed.config.cards_dir
    names = ",".join(strategies) if isinstance(strategies, list) else strategies
    seats = the_game.parse_seats(names, players)
    if chunk_size is None:
        chunk_size = resumed.config.chunk_size if resumed else default_chunk(seats)
        check_sizes(games, chunk_size)
    params = _run_params(seats, params, params_file, the_game, resumed)
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
    made = not out.exists()
    try:
        with writing(out, "the run"):
            out.mkdir(parents=True, exist_ok=True)
        with run_lock(out):
            try:
                with writing(out, "the run"):
                    manifest = _resume(out, config) if resume else _fresh(out, config)
            except BaseException:
                if not resume:
                    _undo_start(out, made)
                raise
            handed, session = session, None  # the cluster run closes it, however it ends
            played, clock = _run_chunks(
                out, manifest, config, handed, card_set, seats, params, threads, progress
            )
    finally:
        if session is not None:
            session.close()
    seconds = time.perf_counter() - clock[1]
    return RunResult(
        out,
        manifest.games_completed,
        played,
        seconds,
        clock[1] - clock[0],
        manifest,
        *count_violations(out, manifest),
    )


def _run_chunks(out, manifest, config, session, card_set, seats, params, threads, progress):
    """Play the chunks the manifest does not list, listing each as it lands; returns the
    games played and the clock [before loading kernels, after]."""
    done = set(manifest.chunks_done)
    todo = [c for c in range(manifest.n_chunks) if c not in done]
    job = ChunkJob(
        str(out.resolve()),
        card_set,
        config.players,
        config.seed,
        tuple(seats),
        params,
        config.games,
        config.chunk_size,
        manifest.to_json()["config"],
        manifest.run_id,
    )
    earlier = manifest.seconds  # simulating time of earlier sessions (resume)
    clock = [time.perf_counter()] * 2  # [before loading kernels or connecting, after]
    written = [0.0]  # when the manifest was last written

    def flush() -> None:
        manifest.seconds = earlier + time.perf_counter() - clock[1]
        write_manifest(out, manifest)
        written[0] = time.perf_counter()

    def record(chunk: int, parts: dict) -> int:
        """List a chunk whose part files are on disk (in the manifest at most a second
        later: a chunk written but not listed is played again on resume)."""
        n_games = manifest.add_chunk(chunk, parts)
        if time.perf_counter() - written[0] >= MANIFEST_EVERY_S:
            flush()
        return n_games

    with display_for(progress, "simulating") as show:

        def report() -> None:
            if show:
                show(manifest.games_completed, config.games)

        def started() -> None:
            clock[1] = time.perf_counter()
            report()

        try:
            played = _play_chunks(out, session, job, todo, threads, record, report, started)
        finally:  # the chunks that landed are listed, whatever stopped the run
            with contextlib.suppress(OSError):
                flush()
    manifest.complete = len(manifest.chunks_done) == manifest.n_chunks
    manifest.chunks_done.sort()
    with writing(out, "the run"):
        flush()
    return played, clock
