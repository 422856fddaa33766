"""Issue 32: one writer per run. The lock file names its holder; a second writer is refused
in one line; a lock left by a dead process is taken over with a notice; concurrent resumes
end with a complete run of unique games, written once."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import polars as pl
import pytest

from simcore import simulate
from simcore.errors import TuttiError
from simcore.runs.lock import run_lock
from simcore.runs.manifest import LOCK, MANIFEST, part_name, read_manifest

MAIN = [sys.executable, "-c", "from cli.app import main; main()"]
RUN = {"players": 2, "games": 40_000, "seed": 4, "chunk_size": 1000}


def stop_after_first_chunk(out: Path) -> None:
    """The run's manifest as a run stopped after its first chunk leaves it."""
    raw = json.loads((out / MANIFEST).read_text())
    raw.update(complete=False, chunks_done=[0], games_completed=RUN["chunk_size"])
    raw["parts"] = {"0": raw["parts"]["0"]}
    (out / MANIFEST).write_text(json.dumps(raw))
    for table in ("games", "seats", "cards"):
        for path in (out / table).iterdir():
            if path.name != part_name(0):
                path.unlink()


@pytest.fixture
def stopped(tmp_path: Path) -> Path:
    out = tmp_path / "run"
    simulate(out=out, **{**RUN, "games": 3000})
    stop_after_first_chunk(out)
    return out


def test_a_second_writer_is_refused(stopped: Path) -> None:
    with run_lock(stopped):
        holder = json.loads((stopped / LOCK).read_text())
        assert holder["pid"] == os.getpid() and holder["host"] == socket.gethostname()
        with pytest.raises(TuttiError, match=f"being written by process {os.getpid()} on"):
            simulate(out=stopped, resume=True, **{**RUN, "games": 3000})
    assert not (stopped / LOCK).exists()
    assert read_manifest(stopped).chunks_done == [0]  # the refused writer wrote nothing


def test_a_stale_lock_is_taken_over_with_a_notice(stopped: Path, capsys) -> None:
    (stopped / LOCK).write_text(json.dumps({"pid": 999_999_999, "host": "gone", "since": 0}))
    result = simulate(out=stopped, resume=True, **{**RUN, "games": 3000})
    assert result.manifest.complete
    err = capsys.readouterr().err
    assert "notice: " in err and "taking over the lock of process 999999999 on gone" in err
    assert not (stopped / LOCK).exists()


def test_concurrent_resumes_write_the_run_once(tmp_path: Path) -> None:
    """Five resumes of one run at once: those that start while another writes are refused
    in one line; the games simulated add up to the games missing, exactly once."""
    out = tmp_path / "run"
    simulate(out=out, **{**RUN, "games": 1000})  # warm the kernel cache for the children
    out = tmp_path / "big"
    simulate(out=out, **RUN)
    stop_after_first_chunk(out)
    procs = [
        subprocess.Popen(
            [*MAIN, "simulate", "--resume", "--out", str(out)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(5)
    ]
    simulated = 0
    refused = 0
    for proc in procs:
        stdout, stderr = proc.communicate(timeout=600)
        if proc.returncode == 2:
            assert stderr.strip().splitlines()[-1].startswith("error: "), stderr
            assert "the run is being written by process" in stderr, stderr
            refused += 1
        else:
            assert proc.returncode == 0, stderr
            simulated += int(stdout.split("(")[1].split(" simulated")[0].replace(",", ""))
    assert simulated == RUN["games"] - RUN["chunk_size"]
    assert refused >= 1
    manifest = read_manifest(out)
    assert manifest.complete and manifest.games_completed == RUN["games"]
    games = pl.concat([pl.read_parquet(p) for p in sorted((out / "games").iterdir())])
    assert games["game"].sort().to_list() == list(range(RUN["games"]))
    assert not (out / LOCK).exists()
