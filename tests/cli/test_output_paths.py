"""Every command refuses an output it cannot write before any work, in one line, exit 2;
an output that still fails at the end is one line naming where the result could not go."""

from __future__ import annotations

import errno
import shutil
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
    import reports.drift.drift
    import reports.render.sections
    import simcore.games.luthier.play.engine as engine

    def computed(*args, **kwargs):
        raise AssertionError("the command started its work before checking its outputs")

    monkeypatch.setattr(engine, "play_batch", computed)
    monkeypatch.setattr(reports.drift.drift, "compare_paths", computed)
    monkeypatch.setattr(reports.render.sections, "build", computed)


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
    import reports.run.output

    def full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(reports.run.output, "write_whole", full)
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

    monkeypatch.setattr(simcore.runs.chunks, "write_whole", full)
    out = tmp_path / "run"
    code, _, err = tutti("simulate", "-p", "2", "-n", "20", "--chunk-size", "10", "--out", str(out))
    assert_error_at_the_end(code, err, f"{out}: cannot write the run (No space left on device)")
    assert f"finish with tutti simulate --resume --out {out}" in err


# ------------------------------------------------ a run directory is data, never an output

RUN_OWN = {  # a run's own files, as paths inside it
    "manifest": ("manifest.json",),
    "lock file": (".tutti.lock",),
    "a games part": ("games", "part-000000.parquet"),
    "a new file under seats": ("seats", "notes", "x.json"),
}
FILE_COMMANDS = {
    "report --out": ["report", "RUN", "--out", "OUT"],
    "report --json": ["report", "RUN", "--json", "OUT"],
    "play --jsonl": ["play", "-p", "2", "--jsonl", "OUT"],
    "drift --markdown": ["drift", "RUN", "RUN", "--markdown", "OUT"],
}


def _snapshot(run: Path) -> dict[str, bytes]:
    return {str(p.relative_to(run)): p.read_bytes() for p in run.rglob("*") if p.is_file()}


@pytest.mark.parametrize("own", list(RUN_OWN))
@pytest.mark.parametrize("command", list(FILE_COMMANDS))
def test_a_runs_own_files_are_refused_as_outputs(command, own, run, tmp_path, no_work) -> None:
    link = tmp_path / "link"
    link.symlink_to(run)  # the same run under another name: compared after resolving
    before = _snapshot(run)
    for where in (run, link):
        path = where.joinpath(*RUN_OWN[own])
        argv = [
            str(path) if a == "OUT" else str(run) if a == "RUN" else a
            for a in FILE_COMMANDS[command]
        ]
        code, out, err = tutti(*argv)
        assert_one_line(code, out, err, "(a run directory is data; write elsewhere)")
        assert err.startswith(f"error: {path}: cannot write ")
        assert f"the tutti run in {run.resolve()}" in err
    assert _snapshot(run) == before


def test_a_symbolic_link_to_a_manifest_is_refused(run, tmp_path, no_work) -> None:
    link = tmp_path / "report.json"
    link.symlink_to(run / "manifest.json")
    code, out, err = tutti("report", str(run), "--json", str(link))
    assert_one_line(code, out, err, "it is the manifest of the tutti run in")


@pytest.mark.parametrize("command", ["simulate", "whatif"])
def test_a_folder_inside_a_runs_tables_is_refused(command, run, tmp_path, no_work) -> None:
    path = run / "cards" / "more"
    argv = [str(path) if a == "OUT" else a for a in COMMANDS[command][0]]
    code, out, err = tutti(*argv)
    assert_one_line(code, out, err, f"{run.resolve() / 'cards'} holds the cards table of")
    assert not path.exists()


def test_what_makes_a_run_directory(run, tmp_path) -> None:
    """A run-format manifest, or (a damaged manifest) the three table folders; a folder
    with another tool's manifest.json is anybody's."""
    from simcore.errors import TuttiError
    from simcore.output_paths import check_file, check_folder

    other = tmp_path / "site"
    other.mkdir()
    (other / "manifest.json").write_text('{"name": "a web app"}')
    (other / "cards").mkdir()
    assert check_file(other / "manifest.json") == other / "manifest.json"
    assert check_folder(other / "cards" / "x") == other / "cards" / "x"
    damaged = tmp_path / "damaged"
    shutil.copytree(run, damaged)
    (damaged / "manifest.json").write_text("{not json")
    with pytest.raises(TuttiError, match="it is the manifest of the tutti run"):
        check_file(damaged / "manifest.json")
    assert check_file(run / "report.html") == run / "report.html"  # the report's default


# ------------------------------------------------ a failed write leaves no temp file


class FullDisk:
    """`open` of a file whose every write fails with `error` (a full disk, Ctrl-C)."""

    error: BaseException = OSError(errno.ENOSPC, "No space left on device")

    def __init__(self, path, mode="r"):
        self.fh = open(path, mode)  # noqa: SIM115 (closed by __exit__) the temp file, 0 bytes

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.fh.close()

    def write(self, data):
        raise self.error


@pytest.mark.parametrize(
    ("error", "code", "message"),
    [
        (OSError(errno.ENOSPC, "No space left on device"), 2, "cannot write the report "),
        (KeyboardInterrupt(), 130, "interrupted"),
    ],
    ids=["full disk", "ctrl-c"],
)
def test_a_report_that_cannot_be_written_leaves_no_temp_file(
    error, code, message, run, tmp_path, monkeypatch
) -> None:
    import simcore.output_paths

    monkeypatch.setattr(FullDisk, "error", error)
    monkeypatch.setattr(simcore.output_paths, "open", FullDisk, raising=False)
    target = tmp_path / "r.html"
    target.write_text("the old report")
    got, _, err = tutti("report", str(run), "--out", str(target))
    assert got == code, err
    assert err.splitlines()[-1].startswith(("error: ", "interrupted")) and message in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.html"]
    assert target.read_text() == "the old report"
