"""`tutti report` through a throwaway Typer app: files, refusals, small runs, no numba."""

from __future__ import annotations

import ast
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from cli.report import report
from reports.report import build_report
from simcore.errors import TuttiError
from simcore.runs.manifest import read_manifest, write_manifest

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()

# The console script's error handling (cli.app.main), around an app with `report` only;
# on the way out it fails with exit code 99 if anything imported numba.
MAIN = """
import os
import sys
import typer
from cli.report import report
from simcore.errors import TuttiError

app = typer.Typer(pretty_exceptions_enable=False)
app.callback()(lambda: None)
app.command()(report)
try:
    app(sys.argv[1:])
except TuttiError as err:
    print(f"error: {err}", file=sys.stderr)
    sys.exit(err.exit_code)
finally:
    if "numba" in sys.modules:
        print("numba was imported", file=sys.stderr)
        os._exit(99)
"""
NO_NUMBA = "assert 'numba' not in sys.modules, 'numba was imported'"


def make_app() -> typer.Typer:
    app = typer.Typer(pretty_exceptions_enable=False)
    app.callback()(lambda: None)
    app.command()(report)
    return app


def tutti_report(*args: str) -> subprocess.CompletedProcess:
    """`tutti report ...` in a fresh interpreter (exit code 99 if numba got imported)."""
    return subprocess.run(
        [sys.executable, "-c", MAIN, "report", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )


def assert_one_line_error(proc: subprocess.CompletedProcess, message: str) -> None:
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.startswith("error: ") and message in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr


def test_report_writes_html_markdown_and_json_without_numba(run4, tmp_path) -> None:
    md, js = tmp_path / "r.md", tmp_path / "r.json"
    proc = tutti_report(str(run4), "--markdown", str(md), "--json", str(js))
    assert proc.returncode == 0, proc.stderr
    assert (run4 / "report.html").is_file()  # default --out
    assert md.read_text().startswith("# Luthier card-balance report")
    assert json.loads(js.read_text())["run"]["games"] == 3000
    assert "report on 3,000 games" in proc.stdout and str(run4 / "report.html") in proc.stdout


def test_out_option_and_min_sample(run4, tmp_path) -> None:
    out = tmp_path / "page.html"
    js = tmp_path / "new" / "folder" / "r.json"  # missing folders are created
    result = runner.invoke(
        make_app(),
        ["report", str(run4), "--out", str(out), "--json", str(js), "--min-sample", "500"],
    )
    assert result.exit_code == 0, result.output
    assert out.read_text().startswith("<!DOCTYPE html>")
    data = json.loads(js.read_text())
    assert data["settings"]["min_sample"] == 500
    assert all(r["n"] >= 500 for r in data["cards"]["rows"] if r["tested"])


def test_missing_directory_is_one_line_and_exit_2(tmp_path) -> None:
    assert_one_line_error(tutti_report(str(tmp_path / "nope")), "no such run directory")
    assert_one_line_error(tutti_report(str(tmp_path)), "not a tutti run directory")


def test_unwritable_output_is_one_line_and_exit_2(run4, tmp_path) -> None:
    (tmp_path / "notes.txt").write_text("a file")
    proc = tutti_report(str(run4), "--out", str(tmp_path / "notes.txt" / "r.html"))
    assert_one_line_error(proc, "is a file, not a folder")


@pytest.fixture()
def incomplete(run4, tmp_path) -> Path:
    """A copy of the run as if interrupted after its first two chunks."""
    run = tmp_path / "interrupted"
    shutil.copytree(run4, run)
    (run / "report.html").unlink(missing_ok=True)  # written by an earlier test
    manifest = read_manifest(run)
    manifest.chunks_done = [0, 1]
    manifest.games_completed = 2000
    manifest.complete = False
    write_manifest(run, manifest)
    return run


def test_incomplete_run_is_refused_unless_allowed(incomplete) -> None:
    proc = tutti_report(str(incomplete))
    assert_one_line_error(proc, "run incomplete (2,000 of 3,000 games)")
    assert "--resume" in proc.stderr and "--allow-incomplete" in proc.stderr
    assert not (incomplete / "report.html").exists()
    proc = tutti_report(str(incomplete), "--allow-incomplete", "--json", str(incomplete / "r.json"))
    assert proc.returncode == 0, proc.stderr
    said = [line for line in proc.stderr.splitlines() if not line.startswith("report: ")]
    assert said[0].startswith("warning: ") and "2,000 of 3,000" in proc.stderr
    data = json.loads((incomplete / "r.json").read_text())
    assert data["run"]["games"] == 2000 and not data["run"]["complete"]
    assert sum(r["n"] for r in data["seats"]["by_start_order"]) == 4 * 2000
    assert any("Incomplete run" in w for w in data["warnings"])
    assert "incomplete" in (incomplete / "report.html").read_text()


def test_tiny_run_says_what_is_too_uncertain(tiny, tmp_path) -> None:
    result = runner.invoke(
        make_app(),
        [
            "report",
            str(tiny),
            "--markdown",
            str(tmp_path / "t.md"),
            "--json",
            str(tmp_path / "t.json"),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads((tmp_path / "t.json").read_text())
    notes = " ".join(data["too_uncertain"])
    assert "Only 50 games" in notes
    assert "Seat win rates: 3 of 3 start positions have too few games" in notes
    assert "Cards:" in notes and "not tested" in notes
    assert all(r["too_uncertain"] for r in data["seats"]["by_start_order"])
    assert all(r["too_uncertain"] for r in data["families"]["by_family"])
    # a flag is only ever given to a tested row, however few the games
    assert all(r["tested"] for r in data["cards"]["rows"] if r["flag"] in ("stronger", "weaker"))
    page = (tiny / "report.html").read_text()
    assert "Too uncertain or incomplete" in page and "too few games" in page
    md = (tmp_path / "t.md").read_text()
    assert "**Too uncertain or incomplete:**" in md and "(too few games)" in md


def test_two_player_run(run2) -> None:
    report_ = build_report(run2)
    assert [r["start_order"] for r in report_["seats"]["by_start_order"]] == [1, 2]
    assert report_["seats"]["fair_rate"] == 0.5
    assert report_["seats"]["chi_square"]["df"] == 1
    assert sum(r["n"] for r in report_["seats"]["by_start_order"]) == 2 * 1200


def test_report_raises_tutti_error_in_process(tmp_path) -> None:
    with pytest.raises(TuttiError, match="no such run directory"):
        build_report(tmp_path / "missing")


ALLOWED_SIMCORE = {
    "simcore",  # `from simcore import fmt`: the package itself imports nothing
    "simcore.errors",
    "simcore.runs.manifest",
    "simcore.runs.parts",  # part checksums (hashlib): reports verify what they read
    "simcore.runs.trust",  # a run's card folder, read only when its hash matches
    "simcore.runs.manifest_check",  # a baseline's configuration, checked as a manifest's
    # the registry (reports/run/load.py, reports/game/game_report.py): a game's `game.py` imports
    # its engine lazily, and a report reads only name, title, score, seat_names,
    # card_kinds and score_sources (no numba: test_game_report's CLI test checks it)
    "simcore.games",
    # the interface's `invariant_names` (reports/run/violations.py): it imports where a game
    # keeps the names of its checks (Luthier: a kernel module) only when a run has games
    # that broke them, so a report of a sound run stays numba-free
    "simcore.games.api",
    "simcore.output_paths",
    "simcore.progress",
    "simcore.stats",  # intervals and tests: math only
    "simcore.seats",  # the seat-game key and strategy specs: numpy only
    "simcore.fmt",  # number formats: no imports
}
# Analyses that play games (what-if, ablation, balance, report --confirm) may use the
# engine; nothing else in reports/ may import them, so `tutti report` and `tutti drift`
# stay numba-free.
BALANCE = {"balance.py", "balance_search.py", "balance_space.py", "balance_objectives.py"}
PLAYS_GAMES = {"variants.py", "whatif.py", "ablate.py", "confirm.py", *BALANCE, "balance_out.py"}
PLAYS_GAMES |= {"paired.py"}  # what-if and ablation of any game, on the common columns
PLAYS_GAMES |= {"drift_run.py", "check_bench.py"}  # baselines and `tutti check` replay games


# `tutti report --confirm` plays games: cli/report.py imports these inside the --confirm
# step only (a plain report never runs that import; the subprocess tests check numba).
CONFIRM_ONLY = {"reports.experiments.confirm"}


def _in_functions(tree: ast.Module) -> set[int]:
    """ids of the nodes inside a function body (imports that run only when it is called)."""
    return {
        id(n)
        for f in ast.walk(tree)
        if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)
        for n in ast.walk(f)
    }


def test_reports_import_only_numba_free_parts_of_simcore() -> None:
    """reports/ and cli/report.py may import simcore.errors, simcore.runs.manifest, the output
    path checks, the progress display and the card loader (in reports/percard/cardinfo.py)
    only: none of them imports numba (checked above)."""
    files = [
        *sorted(p for p in (ROOT / "reports").rglob("*.py") if p.name not in PLAYS_GAMES),
        ROOT / "cli" / "report.py",
    ]
    playing = {
        ".".join(p.relative_to(ROOT).with_suffix("").parts)
        for p in (ROOT / "reports").rglob("*.py")
        if p.name in PLAYS_GAMES
    }
    assert len(playing) == len(PLAYS_GAMES)
    for path in files:
        tree = ast.parse(path.read_text())
        lazy = _in_functions(tree) if path.parent.name == "cli" else set()
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            for name in names:
                if id(node) in lazy and name in CONFIRM_ONLY:
                    continue
                assert name.split(".")[0] not in ("numba", "strategies"), (path, name)
                assert name not in playing, (path, name)
                if name.startswith("simcore"):
                    assert name in ALLOWED_SIMCORE, (path, name)
                if name == "simcore.games.luthier.carddata.cards":
                    assert path.name == "cardinfo.py", path
    code = (
        "import sys\nimport simcore.errors, simcore.runs.manifest\n"
        "import simcore.games.luthier.carddata.cards\n"
        "import simcore.output_paths, simcore.progress\n"
        "import reports.report, reports.cardbalance.card_report\n"
        "import reports.cardbalance.card_render, reports.render.blocks\n"
        "import reports.game.game_report, reports.game.game_render, cli.report\n"
        "import reports.drift.drift, reports.drift.drift_check, reports.experiments.whatif_render\n"
        f"{NO_NUMBA}\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=120
    )
    assert proc.returncode == 0, proc.stderr


def test_missing_card_files_fall_back_to_the_run_tables(run4, tmp_path) -> None:
    """If the run's card directory is gone: names from the cards table, patron decks unknown."""
    run = tmp_path / "moved"
    shutil.copytree(run4, run)
    manifest = read_manifest(run)
    manifest.config.cards_dir = str(tmp_path / "gone")
    write_manifest(run, manifest)
    data = build_report(run)
    assert any("Could not read the run's card files" in w for w in data["warnings"])
    assert [g["group"] for g in data["cards"]["groups"] if g["kind"] == "patron"] == ["patron"]
    patrons = [r for r in data["cards"]["rows"] if r["kind"] == "patron"]
    assert patrons and all(r["group"] == "patron" and r["deck"] is None for r in patrons)
    names = {r["card_id"]: r["card"] for r in patrons}
    assert names["wolfgang_amadeus_mozart"] == "Wolfgang Amadeus Mozart"
    complete = build_report(run4)
    assert len(data["cards"]["rows"]) <= len(complete["cards"]["rows"])


@pytest.mark.parametrize("value", ["-1", "abc", "nan"])
def test_bad_margin_is_one_line_exit_2(run4, value) -> None:
    proc = tutti_report(str(run4), "--margin", value)
    assert_one_line_error(proc, "--margin must be a number of win-rate points >= 0")
