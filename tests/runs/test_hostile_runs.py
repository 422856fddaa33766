"""Issue 32: a run directory is data, never code. Hostile and damaged run directories, as
`tutti` meets them on the command line: one line, exit 2, nothing outside the run
touched, no code run, no duplicate games; resume plays a damaged chunk again.
"""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import polars as pl
import pytest

from cli.app import main
from simcore import simulate
from simcore.runs.manifest import LOCK, MANIFEST, TABLES, part_name, read_manifest

RUN = {"players": 2, "games": 300, "seed": 9, "chunk_size": 100}  # 3 chunks


def tutti(capsys, *args: str) -> tuple[int, str]:
    """Run `tutti ARGS` in this process; (exit code, stderr)."""
    argv = sys.argv
    sys.argv = ["tutti", *args]
    try:
        main()
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    finally:
        sys.argv = argv
    return code, capsys.readouterr().err


def one_line_error(code: int, err: str, message: str) -> None:
    assert code == 2, err
    lines = [line for line in err.splitlines() if not line.startswith(("simulating", "notice"))]
    assert len(lines) == 1 and lines[0].startswith("error: "), err
    assert message in lines[0], err


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file under `folder` (symlinks not followed) and its bytes."""
    return {
        str(p.relative_to(folder)): (b"->" if p.is_symlink() else p.read_bytes())
        for p in sorted(folder.rglob("*"))
        if p.is_symlink() or p.is_file()
    }


def games_of(out: Path) -> list[int]:
    manifest = read_manifest(out)
    return (
        pl.concat([pl.read_parquet(out / "games" / part_name(c)) for c in manifest.chunks_done])[
            "game"
        ]
        .sort()
        .to_list()
    )


@pytest.fixture(scope="module")
def complete(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("complete") / "run"
    simulate(out=out, **RUN)
    return out


@pytest.fixture(scope="module")
def other_seed(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("other") / "run"
    simulate(out=out, **{**RUN, "seed": 10})
    return out


def edit(out: Path, change: Callable[[dict], None]) -> None:
    raw = json.loads((out / MANIFEST).read_text())
    change(raw)
    (out / MANIFEST).write_text(json.dumps(raw))


def unfinish(raw: dict) -> None:
    """As a run stopped after its first chunk leaves its manifest."""
    raw.update(complete=False, chunks_done=[0], games_completed=100)
    raw["parts"] = {"0": raw["parts"]["0"]}


@pytest.fixture
def copy(complete: Path, tmp_path: Path) -> Path:
    out = tmp_path / "run"
    shutil.copytree(complete, out)
    return out


# --- table folders and stray files: resume deletes nothing but its own ----------------------


@pytest.mark.parametrize("table", TABLES)
def test_symlinked_table_folder_stops_resume_and_report(copy, tmp_path, capsys, table) -> None:
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "notes.txt").write_text("mine")
    (victim / ".hidden").write_text("mine too")
    edit(copy, unfinish)
    shutil.rmtree(copy / table)
    (copy / table).symlink_to(victim)
    before = snapshot(victim)
    code, err = tutti(capsys, "simulate", "--resume", "--out", str(copy))
    one_line_error(code, err, "a symlink, not the run's own folder")
    code, err = tutti(capsys, "report", str(copy), "--out", str(tmp_path / "r.html"))
    assert code == 2, err
    assert snapshot(victim) == before


def test_stray_file_in_a_table_folder_stops_resume(copy, capsys) -> None:
    edit(copy, unfinish)
    (copy / "games" / "README").write_text("notes")
    (copy / "seats" / ".keep").write_text("")
    before = snapshot(copy)
    code, err = tutti(capsys, "simulate", "--resume", "--out", str(copy))
    one_line_error(code, err, "not a file tutti wrote")
    assert snapshot(copy) == before  # not even the unlisted parts of chunks 1-2


def test_resume_removes_only_its_own_leftovers(copy, complete, capsys) -> None:
    edit(copy, unfinish)
    (copy / "games" / ".part-000001.parquet.tmp-4242").write_bytes(b"half")
    code, err = tutti(capsys, "simulate", "--resume", "--out", str(copy))
    assert code == 0, err
    assert not list(copy.rglob(".*tmp*")) and not (copy / LOCK).exists()
    assert games_of(copy) == list(range(300))
    assert snapshot(copy / "seats") == snapshot(complete / "seats")


# --- a run directory never runs code -----------------------------------------------------------


def _evil(out: Path, marker: Path) -> Path:
    module = out / "strategies_evil.py"
    module.write_text(f"open({str(marker)!r}, 'w').write('ran')\n")
    return module


@pytest.mark.parametrize("command", ["resume", "confirm"])
def test_a_manifest_naming_a_module_runs_nothing(copy, tmp_path, capsys, command) -> None:
    marker = tmp_path / "MARKER"
    module = _evil(copy, marker)

    def name_it(raw: dict) -> None:
        raw["config"].update(strategy_module=str(module), strategy_module_hash="0123456789abcdef")
        if command == "resume":
            unfinish(raw)

    edit(copy, name_it)
    args = (
        ["simulate", "--resume", "--out", str(copy)]
        if command == "resume"
        else ["report", str(copy), "--confirm", "1", "--out", str(tmp_path / "r.html")]
    )
    code, err = tutti(capsys, *args)
    one_line_error(code, err, "pass --strategy-module FILE")
    code, err = tutti(capsys, *args, "--strategy-module", str(module))
    one_line_error(code, err, "is not the run's (hash")
    assert not marker.exists()


def test_a_manifest_card_folder_is_not_listed(copy, tmp_path, capsys) -> None:
    """A manifest naming a foreign folder as its cards: refused without listing it."""
    foreign = tmp_path / "private"
    foreign.mkdir()
    (foreign / "secret-name.txt").write_text("x")
    edit(copy, lambda raw: (unfinish(raw), raw["config"].update(cards_dir=str(foreign))))
    code, err = tutti(capsys, "simulate", "--resume", "--out", str(copy))
    one_line_error(code, err, "pass --cards DIR")
    assert "secret-name" not in err


# --- edited manifests are refused, never repaired ----------------------------------------------


def _chunk_size(raw):
    raw["config"]["chunk_size"] = 50  # the totals made to agree: the parts' rows do not
    raw["games_completed"] = 150
    raw["complete"] = False


def _chunk_list(raw):
    raw["chunks_done"] = [0, 1, 2, 3]


def _chunk_twice(raw):
    raw["chunks_done"] = [0, 1, 1]


def _games_completed(raw):
    raw["games_completed"] = 205


def _seed(raw):
    raw["config"]["seed"] = 10


def _unlisted_parts(raw):
    raw.update(chunks_done=[0, 2], games_completed=200, complete=False)


EDITS = {
    "chunk-size": (_chunk_size, "rows 100, expected 50"),
    "chunk-list": (_chunk_list, "chunks_done[] 3 outside 0..2"),
    "chunk-twice": (_chunk_twice, "lists a chunk twice"),
    "games-completed": (_games_completed, "games_completed 205 is not the games"),
    "seed": (_seed, "the manifest's seed is not what games/part-000000.parquet was written"),
    "unlisted-parts": (_unlisted_parts, "parts and chunks_done disagree"),
}


@pytest.mark.parametrize("name", EDITS)
def test_an_edited_manifest_is_refused(copy, tmp_path, capsys, name) -> None:
    change, message = EDITS[name]
    edit(copy, change)
    before = snapshot(copy)
    code, err = tutti(capsys, "report", str(copy), "--out", str(tmp_path / "r.html"))
    one_line_error(code, err, message)
    code, err = tutti(capsys, "drift", str(copy), str(copy))
    one_line_error(code, err, message)
    edit(copy, lambda raw: raw.update(complete=False))
    code, err = tutti(capsys, "simulate", "--resume", "--out", str(copy))
    assert code == 2 and message.split(" is ")[0] in err, err
    assert snapshot(copy) == {**before, MANIFEST: (copy / MANIFEST).read_bytes()}
    assert not (tmp_path / "r.html").exists()


# --- damaged and foreign parts -----------------------------------------------------------------


def _truncate(path: Path, other: Path) -> None:
    path.write_bytes(path.read_bytes()[:3000])


def _flip(path: Path, other: Path) -> None:
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0x10
    path.write_bytes(bytes(data))


def _foreign(path: Path, other: Path) -> None:
    shutil.copy(other, path)


DAMAGE = {"truncated": _truncate, "bit-flipped": _flip, "foreign": _foreign}


@pytest.mark.parametrize("table", ["games", "seats"])
@pytest.mark.parametrize("damage", DAMAGE)
def test_a_damaged_part_is_refused_then_replayed(
    copy, complete, other_seed, tmp_path, capsys, damage, table
) -> None:
    part = copy / table / part_name(1)
    DAMAGE[damage](part, other_seed / table / part_name(1))
    code, err = tutti(capsys, "report", str(copy), "--out", str(tmp_path / "r.html"))
    one_line_error(code, err, f"{table}/{part_name(1)}: ")
    code, err = tutti(capsys, "drift", str(complete), str(copy))
    one_line_error(code, err, f"{table}/{part_name(1)}: ")
    assert not (tmp_path / "r.html").exists()

    edit(copy, lambda raw: raw.update(complete=False))
    code, err = tutti(capsys, "simulate", "--resume", "--out", str(copy))
    assert code == 0, err
    assert f"{table}/{part_name(1)}" in err and "playing that chunk again" in err
    assert games_of(copy) == list(range(300))  # no duplicate games
    for t in TABLES:
        assert snapshot(copy / t) == snapshot(complete / t)


# --- bounded inputs ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "99999999999999999999"], "--games must be between 1 and 6,553,600,000"),
        (["--games", "1000000000"], "give --chunk-size 10,000 or more"),
        (["--chunk-size", "1000000"], "--chunk-size must be between 1 and 65,536"),
        (["--seed", "99999999999999999999"], "--seed must be between 0 and 2**63 - 1"),
        (["--seed", "-1"], "--seed must be between 0 and 2**63 - 1"),
    ],
)
def test_out_of_range_sizes_write_nothing(tmp_path, capsys, args, message) -> None:
    import tracemalloc

    out = tmp_path / "run"
    tracemalloc.start()
    code, err = tutti(capsys, "simulate", "--out", str(out), *args)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    one_line_error(code, err, message)
    assert not out.exists()
    assert peak < 50 * 2**20  # refused before anything of the run's size exists


def test_a_failed_start_leaves_no_orphan(tmp_path, monkeypatch, capsys) -> None:
    """A full disk as the first manifest is written: one line, and no directory left that
    a rerun or --resume would refuse."""
    import errno

    from simcore.runs import simulate as run_module

    def full(out, manifest):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(run_module, "write_manifest", full)
    out = tmp_path / "deep" / "run"
    code, err = tutti(capsys, "simulate", "--out", str(out), "--games", "10")
    one_line_error(code, err, "No space left on device")
    assert not out.exists()
    monkeypatch.undo()
    code, err = tutti(capsys, "simulate", "--out", str(out), "--games", "10")
    assert code == 0, err


# --- baseline files ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_baseline(tmp_path_factory) -> Path:
    from reports.drift.drift_run import write_new_baseline

    path = tmp_path_factory.mktemp("baseline") / "b.parquet"
    write_new_baseline(path, players=2, games=300, seed=9, strategies=None, cards=None)
    return path


def test_a_damaged_baseline_is_refused(small_baseline, tmp_path, capsys) -> None:
    """A bit flipped in a data page fails the page checksums: refused, never compared."""
    data = bytearray(small_baseline.read_bytes())
    data[len(data) // 2] ^= 0x10
    damaged = tmp_path / "damaged.parquet"
    damaged.write_bytes(bytes(data))
    code, err = tutti(capsys, "check", "--baseline", str(damaged))
    one_line_error(code, err, "not a readable tutti baseline, damaged or edited")
    code, err = tutti(capsys, "drift", str(small_baseline), str(damaged))
    one_line_error(code, err, "not a readable tutti baseline, damaged or edited")


def test_an_edited_baseline_configuration_is_refused(small_baseline, tmp_path, capsys) -> None:
    import pyarrow.parquet as pq

    table = pq.read_table(small_baseline)
    meta = json.loads(table.schema.metadata[b"tutti"])
    meta["config"]["seed"] = 2**70
    edited = tmp_path / "edited.parquet"
    pq.write_table(table.replace_schema_metadata({b"tutti": json.dumps(meta).encode()}), edited)
    code, err = tutti(capsys, "check", "--baseline", str(edited))
    one_line_error(code, err, "seed 1180591620717411303424 outside 0..")
