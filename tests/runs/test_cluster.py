"""Runs on a Dask distributed cluster (issue "Scale beyond one machine").

A LocalCluster of 2 worker processes: results equal a local run row for row, a
worker killed while it runs a chunk costs no game and duplicates none, a run whose
client stops finishes with --resume, and an unreachable scheduler is one line and
exit code 2.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest
from typer.testing import CliRunner

from cli.app import app
from simcore import simulate
from simcore.runs.manifest import TABLES, part_name, read_manifest
from tests.runs.test_simulate import assert_same_tables, interrupt_after, load, stray_files

distributed = pytest.importorskip("distributed")

RUN = {"players": 3, "games": 3000, "seed": 5, "chunk_size": 500}  # 6 chunks
KILLED_CHUNK = 2


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> Path:
    """The same run on this machine, without a cluster."""
    out = tmp_path_factory.mktemp("local") / "run"
    simulate(out=out, **RUN)
    return out


@pytest.fixture(scope="module")
def client():
    """A LocalCluster of 2 worker processes (one task at a time each) and its client."""
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


class KillOnce(distributed.WorkerPlugin):
    """Kills its worker process the first time a task of chunk KILLED_CHUNK starts there.

    `marker` is created atomically by the worker that kills, so exactly one worker
    dies, whichever of them picks up the chunk first.
    """

    def __init__(self, marker: str):
        self.marker = marker

    def transition(self, key, start, finish, **kwargs):
        if finish == "executing" and f"tutti-chunk-{KILLED_CHUNK:06d}-" in str(key):
            try:
                os.close(os.open(self.marker, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            except FileExistsError:
                return
            os._exit(1)


def assert_complete_run(out: Path, reference: Path) -> None:
    """Every game once, each chunk listed once, no stray files, rows equal to `reference`."""
    manifest = read_manifest(out)
    assert manifest.complete
    assert manifest.chunks_done == list(range(6))
    assert manifest.games_completed == RUN["games"]
    for table in TABLES:
        assert sorted(p.name for p in (out / table).iterdir()) == [part_name(c) for c in range(6)]
    assert stray_files(out) == []
    assert load(out, "games")["game"].to_list() == list(range(RUN["games"]))
    seats = load(out, "seats")
    assert seats.height == RUN["games"] * RUN["players"]
    assert seats.select(pl.struct("game", "seat").n_unique()).item() == seats.height
    assert_same_tables(out, reference)


@pytest.mark.slow  # a minute of worker start-up on 2 cores; the client tests below cover rows
def test_cli_local_cluster_equals_local_run(tmp_path: Path, reference: Path) -> None:
    """`tutti simulate --cluster local:2`: the same rows as the local run, progress lines,
    the summary line; part files carry the same metadata as the local run's."""
    import pyarrow.parquet as pq

    out = tmp_path / "run"
    args = ["--players", "3", "--games", "3000", "--seed", "5", "--chunk-size", "500"]
    result = CliRunner().invoke(app, ["simulate", *args, "--out", str(out), "--cluster", "local:2"])
    assert result.exit_code == 0, result.output
    progress = result.stderr.strip().splitlines()
    assert progress[0] == "simulating: 0/3,000 games" and progress[-1].endswith(
        " 3,000/3,000 games"
    )
    assert result.stdout.startswith(f"3,000 games in {out} (3,000 simulated in ")
    assert_complete_run(out, reference)
    for table in TABLES:  # the same facts, but each run's own id
        ours = json.loads(pq.read_schema(out / table / part_name(3)).metadata[b"tutti"])
        theirs = json.loads(pq.read_schema(reference / table / part_name(3)).metadata[b"tutti"])
        assert ours.pop("run_id") == read_manifest(out).run_id
        assert theirs.pop("run_id") == read_manifest(reference).run_id
        assert ours == theirs


@pytest.mark.slow  # a minute on 2 cores; the replaced worker's start-up races the next test
def test_worker_killed_mid_run(tmp_path: Path, reference: Path, client) -> None:
    """A worker dies while its chunk runs: the scheduler reruns the chunk on a worker that
    lives, and the run completes with every game exactly once."""
    marker = tmp_path / "killed"
    before = set(client.scheduler_info()["workers"])
    client.register_plugin(KillOnce(str(marker)), name="kill-once")
    try:
        result = simulate(out=tmp_path / "run", cluster=client, **RUN)
    finally:
        client.unregister_worker_plugin("kill-once")
    assert marker.exists()  # a worker was killed while it ran the chunk
    assert set(client.scheduler_info()["workers"]) != before  # and replaced by its nanny
    assert result.games == result.games_this_session == RUN["games"]
    assert_complete_run(tmp_path / "run", reference)


def test_client_stops_then_resume_finishes(tmp_path: Path, reference: Path, client) -> None:
    """The client stops after the first chunk lands (Ctrl-C): the manifest lists what is
    on disk, and --resume on the cluster finishes the run with the same rows."""
    out = tmp_path / "run"
    with pytest.raises(KeyboardInterrupt):
        simulate(out=out, cluster=client, progress=interrupt_after(1), **RUN)
    first = read_manifest(out)
    assert not first.complete and len(first.chunks_done) >= 1
    result = simulate(out=out, cluster=client, resume=True, **RUN)
    assert result.games == RUN["games"]
    assert result.games_this_session == RUN["games"] - first.games_completed
    assert_complete_run(out, reference)


def test_unreachable_scheduler_is_one_line_exit_2(tmp_path: Path) -> None:
    """Nothing listens at the address: one line naming it, exit code 2, and no run
    directory (the scheduler is reached before anything is written)."""
    with socket.socket() as sock:  # a port that was free a moment ago
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    out = tmp_path / "run"
    proc = subprocess.run(
        [sys.executable, "-c", "from cli.app import main; main()", "simulate"]
        + ["--games", "100", "--out", str(out), "--cluster", address],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "TUTTI_CLUSTER_TIMEOUT": "2"},
    )
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith(f"error: cannot reach the Dask scheduler at {address} within 2 s")
    assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr
    assert not out.exists()


def test_scheduler_without_workers_is_refused(tmp_path: Path, monkeypatch) -> None:
    """A scheduler with no worker: a TuttiError that says how to start one, not a hang,
    and no run directory."""
    from simcore.errors import TuttiError

    monkeypatch.setenv("TUTTI_CLUSTER_TIMEOUT", "1")
    with (
        distributed.LocalCluster(n_workers=0, processes=True, dashboard_address=":0") as empty,
        pytest.raises(TuttiError, match=r"has no workers \(waited 1 s\): start some with"),
    ):
        simulate(out=tmp_path / "run", cluster=empty.scheduler_address, **RUN)
    assert not (tmp_path / "run").exists()
