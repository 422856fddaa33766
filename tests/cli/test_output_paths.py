"""Every command refuses an output it cannot write before any work, in one line, exit 2;
an output that still fails at the end is one line naming where the result could not go."""

from __future__ import annotations

import errno
from pathlib import Path

import pytest

from tests.main import tutti

SET = "instruments.violin.prestige"

# command -> (arguments with OUT for the output path, "file" or "folder")
COMMANDS = {
    "simulate": (["simulate", "-p", "2", "-n", "10", "--out", "OUT"], "folder"),
    "baseline": (["baseline", "-p", "2", "-n", "10", "--out", "OUT"], "file"),
    "check --json": (["check", "--baseline", "b.parquet", "--json", "OUT"], "file"),
    "check --markdown": (["check", "--baseline", "b.parquet", "--markdown", "OUT"], "file"),
    "drift --json": (["drift", "RUN", "RUN", "--json", "OUT"], "file"),
    "drift --markdown": (["drift", "RUN", "RUN", "--markdown", "OUT"], "file"),
    "report --out": (["report", "RUN", "--out", "OUT"], "file"),
    "report --markdown": (["report", "RUN", "--markdown", "OUT"], "file"),
    "report --json": (["report", "RUN", "--json", "OUT"], "file"),
    "tune": (["tune", "balanced", "-p", "2", "--out", "OUT"], "file"),
    "ladder": (["ladder", "-p", "2", "-n", "10", "--json", "OUT"], "file"),
    "exploit": (["exploit", "-p", "2", "--json", "OUT"], "file"),
    "whatif": (["whatif", "--set", f"{SET}=3", "-p", "2", "-n", "10", "--out", "OUT"], "folder"),
    "ablate": (["ablate", "repairs", "-p", "2", "-n", "10", "--out", "OUT"], "folder"),
    "sweep": (["sweep", SET, "--values", "1,2", "-p", "2", "-n", "10", "--out", "OUT"], "folder"),
}


def _under_a_file(tmp: Path, kind: str) -> tuple[Path, str]:
    (tmp / "notes.txt").write_text("a file")
    return tmp / "notes.txt" / "out", "is a file, not a folder"


def _under_proc(tmp: Path, kind: str) -> tuple[Path, str]:
    return Path("/proc/tutti-nope/out"), "under /proc (a system folder)"


def _under_dev_null(tmp: Path, kind: str) -> tuple[Path, str]:
    return Path("/dev/null/out"), "under /dev (a system folder)"


def _the_wrong_kind(tmp: Path, kind: str) -> tuple[Path, str]:
    """A folder where a file goes, a file where a folder goes."""
    if kind == "file":
        (tmp / "folder").mkdir()
        return tmp / "folder", "it is a folder"
    (tmp / "file").write_text("a file")
    return tmp / "file", "it is a file, not a folder"


BAD_PATHS = [_under_a_file, _under_proc, _under_dev_null, _the_wrong_kind]


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> Path:
    from simcore import simulate

    out = tmp_path_factory.mktemp("runs") / "run"
    simulate(players=2, games=20, seed=1, out=out, chunk_size=20)
    return out


@pytest.fixture()
def no_work(monkeypatch):
    """Playing a game, comparing runs or building a report fails the test."""
    import reports.build
    import reports.drift
    import simcore.games.luthier.engine as engine

    def computed(*args, **kwargs):
        raise AssertionError("the command started its work before checking its outputs")

    monkeypatch.setattr(engine, "play_batch", computed)
    monkeypatch.setattr(reports.drift, "compare_paths", computed)
    monkeypatch.setattr(reports.build, "build_report", computed)


def assert_one_line(code: int, out: str, err: str, message: str) -> None:
    assert code == 2, err
    assert err.startswith("error: ") and message in err, err
    assert err.count("\n") == 1 and "Traceback" not in err, err


@pytest.mark.parametrize("bad", BAD_PATHS, ids=lambda f: f.__name__.strip("_"))
@pytest.mark.parametrize("command", list(COMMANDS))
def test_an_unwritable_output_is_refused_before_any_work(
    command, bad, run, tmp_path, no_work
) -> None:
    args, kind = COMMANDS[command]
    path, message = bad(tmp_path, kind)
    before = sorted(tmp_path.rglob("*"))
    argv = [str(path) if a == "OUT" else str(run) if a == "RUN" else a for a in args]
    code, out, err = tutti(*argv)
    assert_one_line(code, out, err, message)
    assert err.startswith(f"error: {path}: cannot write ")
    assert sorted(tmp_path.rglob("*")) == before  # nothing created


def assert_error_at_the_end(code: int, err: str, message: str) -> None:
    """Progress lines, then one error line; no traceback."""
    assert code == 2, err
    assert "Traceback" not in err and err.count("error: ") == 1, err
    assert err.splitlines()[-1].startswith("error: ") and message in err.splitlines()[-1], err


def test_a_write_that_fails_at_the_end_says_where_and_what_is_kept(monkeypatch, tmp_path):
    """The ladder prints its table, then cannot write its JSON (a full disk)."""
    import reports.output

    def full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(reports.output, "atomic_write", full)
    target = tmp_path / "ladder.json"
    code, out, err = tutti(
        "ladder", "-p", "2", "-n", "8", "--strategies", "random,balanced", "--json", str(target)
    )
    assert_error_at_the_end(code, err, f"{target}: cannot write the ladder JSON")
    assert "(No space left on device); the table is printed above" in err
    assert "Win rate of the row strategy" in out
    assert not target.exists()


def test_a_run_that_cannot_write_a_chunk_says_how_to_finish_it(monkeypatch, tmp_path):
    import simcore.runs.chunks

    def full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(simcore.runs.chunks, "atomic_write", full)
    out = tmp_path / "run"
    code, _, err = tutti("simulate", "-p", "2", "-n", "20", "--chunk-size", "10", "--out", str(out))
    assert_error_at_the_end(code, err, f"{out}: cannot write the run (No space left on device)")
    assert f"finish with tutti simulate --resume --out {out}" in err
