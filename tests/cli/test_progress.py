"""Progress of long commands: a bar in a terminal, periodic plain lines in a pipe (stderr)."""

from __future__ import annotations

import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.main import tutti

ROOT = Path(__file__).resolve().parents[2]
TWO_WINDOWS = 8192  # baselines and checks report after each window of 4,096 games
ABLATE = ["ablate", "repairs", "-p", "2", "-n", "300", "--only", "r1,r2"]
SWEEP = ["sweep", "instruments.violin.prestige", "--values", "1,3", "-p", "2", "-n", "300"]


@pytest.fixture(scope="module")
def baseline(tmp_path_factory) -> Path:
    from reports.drift.drift_run import write_new_baseline

    out = tmp_path_factory.mktemp("baselines") / "b.parquet"
    write_new_baseline(out, players=2, games=TWO_WINDOWS, seed=5)
    return out


def commands(baseline: Path, tmp: Path) -> dict[str, tuple[list[str], str, int]]:
    """name -> (arguments, progress label, games in all)."""
    return {
        "check": (["check", "--baseline", str(baseline)], "checking", TWO_WINDOWS),
        "baseline": (
            ["baseline", "-p", "2", "-n", str(TWO_WINDOWS), "--out", str(tmp / "b.parquet")],
            "baseline",
            TWO_WINDOWS,
        ),
        "ablate": ([*ABLATE, "--out", str(tmp / "ablate")], "ablating", 3 * 300),
        "sweep": ([*SWEEP, "--out", str(tmp / "sweep")], "sweeping", 3 * 300),
        "drift": (["drift", str(baseline), str(baseline)], "comparing", TWO_WINDOWS),
    }


def in_a_terminal(args: list[str]) -> tuple[int, str]:
    """Run `tutti ARGS` with stdout and stderr on a pseudo-terminal: (exit code, output)."""
    master, slave = pty.openpty()
    env = {**os.environ, "COLUMNS": "100", "LINES": "30", "TERM": "xterm-256color"}
    proc = subprocess.Popen(
        [sys.executable, "-c", "from cli.app import main; main()", *args],
        stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env, close_fds=True,
    )  # fmt: skip
    os.close(slave)
    chunks = []
    while True:
        try:
            data = os.read(master, 65536)
        except OSError:  # the child closed the terminal
            break
        if not data:
            break
        chunks.append(data)
    os.close(master)
    return proc.wait(timeout=600), b"".join(chunks).decode("utf-8", "replace")


@pytest.mark.parametrize("name", ["check", "baseline", "ablate", "sweep", "drift"])
def test_a_bar_in_a_terminal(name: str, baseline: Path, tmp_path: Path) -> None:
    args, label, total = commands(baseline, tmp_path)[name]
    code, output = in_a_terminal(args)
    assert code in (0, 1, 3), output  # check exits by verdict
    assert "\x1b[" in output  # drawn with terminal control codes, redrawn in place
    assert re.search(rf"{label}\s.*━.*\s{total:,}/{total:,} games", output), output
    assert f"{label}: " not in output  # no plain lines on a terminal
    assert "Traceback" not in output


@pytest.mark.parametrize("name", ["check", "baseline", "ablate", "sweep", "drift"])
def test_periodic_lines_in_a_pipe(name: str, baseline: Path, tmp_path: Path) -> None:
    args, label, total = commands(baseline, tmp_path)[name]
    code, out, err = tutti(*args)
    assert code in (0, 1, 3), err
    lines = [line for line in err.splitlines() if line.startswith(f"{label}: ")]
    done = [int(line.split()[1].split("/")[0].replace(",", "")) for line in lines]
    assert len(done) >= 2 and done == sorted(done) and done[-1] == total, err
    assert all(line.endswith(f"/{total:,} games") for line in lines)
    assert f"{label}: " not in out  # stdout keeps the results


def test_the_python_api_takes_a_callback_or_true(tmp_path: Path, capsys) -> None:
    from simcore.runs.simulate import simulate

    calls: list[tuple[int, int]] = []
    run = {"players": 2, "games": 30, "chunk_size": 10}
    simulate(**run, out=tmp_path / "a", progress=lambda done, total: calls.append((done, total)))
    assert calls[0] == (0, 30) and calls[-1] == (30, 30)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)
    simulate(**run, out=tmp_path / "b", progress=True)  # no terminal here: plain lines
    err = capsys.readouterr().err
    assert "simulating: 0/30 games" in err and "simulating: 30/30 games" in err


REPORT_STAGES = [
    "report: reading 300 games",
    "report: card effects",
    "report: pick rates",
    "report: seats, groupings, strategies and scores",
    "report: outcomes and the game arc",
    "report: writing HTML",
    "report: writing Markdown",
]


@pytest.fixture(scope="module")
def small_run(tmp_path_factory) -> Path:
    from simcore.runs.simulate import simulate

    out = tmp_path_factory.mktemp("runs") / "small"
    simulate(players=2, games=300, seed=4, out=out, chunk_size=100)
    return out


def test_report_names_its_stages_in_a_pipe(small_run: Path, tmp_path: Path) -> None:
    """Issue 34: `tutti report` took 15 s in silence; it names each stage on stderr."""
    args = ["report", str(small_run), "--out", str(tmp_path / "r.html")]
    code, out, err = tutti(*args, "--markdown", str(tmp_path / "r.md"))
    assert code == 0, err
    assert err.splitlines() == REPORT_STAGES
    assert "report: " not in out and out.startswith("report on 300 games")


def test_report_names_its_stages_in_a_terminal(small_run: Path, tmp_path: Path) -> None:
    args = ["report", str(small_run), "--out", str(tmp_path / "r.html")]
    code, output = in_a_terminal([*args, "--markdown", str(tmp_path / "r.md")])
    assert code == 0, output
    lines = [line.strip() for line in output.splitlines() if line.startswith("report: ")]
    assert lines == REPORT_STAGES, output


def test_bench_names_its_stages(tmp_path: Path) -> None:
    from simcore.kernels.threads import max_threads

    args = ["-n", "40", "-p", "2", "--no-compile", "--check-games", "0", "--repeat", "2"]
    code, out, err = tutti("bench", *args, "--strategies", "random")
    assert code == 0, err
    threads = sorted({1, max_threads()})
    assert err.splitlines() == [
        f"bench: strategies, {t} thread{'s' if t > 1 else ''}: run {k} of 2, 40 games"
        for t in threads
        for k in (1, 2)
    ]
    assert "bench: " not in out and "games/s" in out
