"""`tutti report --confirm N`: the top flagged cards ablated on the run's own games."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reports.experiments.confirm import VERDICTS, top_flagged, verdict
from simcore.runs.manifest import read_manifest, write_manifest
from tests.reports.test_cli import assert_one_line_error, make_app, tutti_report
from tests.reports.test_render import _Ids

ROOT = Path(__file__).resolve().parents[2]
GAMES = 300  # games per card: enough to exercise every path, cheap to play


@pytest.fixture(scope="module")
def confirmed(run4, tmp_path_factory) -> dict:
    """`tutti report RUN --confirm 2 --margin 0` (margin 0: the small run has flagged cards)."""
    out = tmp_path_factory.mktemp("confirm")
    paths = {"html": out / "r.html", "md": out / "r.md", "json": out / "r.json"}
    result = CliRunner().invoke(
        make_app(),
        [
            "report",
            str(run4),
            "--out",
            str(paths["html"]),
            "--markdown",
            str(paths["md"]),
            "--json",
            str(paths["json"]),
            "--margin",
            "0",
            "--confirm",
            "2",
            "--confirm-games",
            str(GAMES),
        ],  # fmt: skip
    )
    assert result.exit_code == 0, result.output
    return {
        "output": result.output,
        "json": json.loads(paths["json"].read_text()),
        "md": paths["md"].read_text(),
        "html": paths["html"].read_text(),
    }


def test_confirm_ablates_the_top_flagged_cards(confirmed) -> None:
    report = confirmed["json"]
    rows = report["cards"]["rows"]
    picked = top_flagged(rows, 2)
    assert len(picked) == 2
    # the flagged cards with the largest impact (the report's ranking), either sign
    flagged = [r for r in rows if r["flag"] in ("stronger", "weaker")]
    least = min(abs(r["impact"]) for r in picked)
    assert all(abs(r["impact"]) <= least for r in flagged if r not in picked)
    check = report["cards"]["confirm"]
    assert check["games"] == GAMES and check["seed"] == 7 and check["asked"] == 2
    assert [(c["kind"], c["card_id"]) for c in check["cards"]] == [
        (r["kind"], r["card_id"]) for r in picked
    ]
    assert sum(check["verdicts"].values()) == 2
    for r in rows:  # every row carries the key, one shape: the JSON loads as a table
        assert set(r["ablation"]) == {"delta", "low", "high", "holders", "verdict"}
    for r in picked:
        a = r["ablation"]
        assert a["holders"] > 0 and a["delta"] is not None
        assert a["verdict"] in VERDICTS
        if a["low"] is not None:
            assert a["low"] <= a["delta"] <= a["high"]
    others = [r for r in rows if r not in picked]
    assert all(r["ablation"]["delta"] is None for r in others)
    assert "ablated 2 of the flagged cards on 300 games each" in confirmed["output"]


def test_confirm_columns_in_markdown_and_html(confirmed) -> None:
    md, page = confirmed["md"], confirmed["html"]
    flagged_md = md.split("## Strongest and weakest cards")[1].split("## Strategies")[0]
    assert "| causal effect vs stand-in (win-rate pts, 95% interval) | Ablation |" in flagged_md
    assert "Ablation (--confirm 2)" in md.split("## Seat order")[0]  # said in the summary
    header = "<th>causal effect vs stand-in (win-rate pts, 95% interval)</th><th>Ablation</th>"
    assert header in page
    parsed = _Ids()
    parsed.feed(page)
    assert not parsed.stack  # every tag closed
    for r in confirmed["json"]["cards"]["confirm"]["cards"]:
        row = next(x for x in confirmed["json"]["cards"]["rows"] if x["card_id"] == r["card_id"])
        assert row["ablation"]["verdict"] in flagged_md


def test_confirm_is_tutti_ablate_on_the_runs_settings(confirmed) -> None:
    """The ablation uses the run's players, strategies, seed and cards: `tutti ablate` with
    those settings gives the very same numbers (the same games, common random numbers)."""
    from reports.experiments.ablate import ablate

    row = top_flagged(confirmed["json"]["cards"]["rows"], 1)[0]
    direct = ablate(
        confirmed["json"]["cards"]["kinds"][row["kind"]]["file"],
        players=4,
        games=GAMES,
        seed=7,
        strategies="random",
        only=[row["card_id"]],
    )
    (card,) = direct["cards"]
    assert card["holders"] == row["ablation"]["holders"]
    assert card["win_effect"] == pytest.approx(row["ablation"]["delta"], abs=1e-12)


@pytest.mark.parametrize(
    ("adjusted", "delta", "low", "high", "holders", "want"),
    [
        (0.10, 0.05, 0.01, 0.09, 100, "confirmed"),
        (-0.10, -0.05, -0.09, -0.01, 100, "confirmed"),
        (0.10, -0.01, -0.05, 0.03, 100, "not confirmed"),  # other sign
        (0.10, 0.005, -0.01, 0.015, 100, "not confirmed"),  # inside the margin
        (0.10, 0.02, -0.01, 0.05, 100, "unclear"),
        (0.10, 0.02, None, None, 10, "too few games"),
    ],
)
def test_ablation_verdicts(adjusted, delta, low, high, holders, want) -> None:
    assert verdict(adjusted, delta, low, high, holders, margin=0.02) == want


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--confirm", "0"], "--confirm must be a number of cards >= 1 (got 0)"),
        (["--confirm", "2", "--confirm-games", "0"], "--confirm-games must be a number of games"),
    ],
)
def test_bad_confirm_values_are_one_line_exit_2(run4, args, message) -> None:
    proc = tutti_report(str(run4), *args)  # also: refused before the engine is imported
    assert_one_line_error(proc, message)


def _tutti(*args: str) -> subprocess.CompletedProcess:
    """The `tutti` console script in a fresh interpreter."""
    return subprocess.run(
        [sys.executable, "-c", "from cli.app import main; main()", *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )


def test_a_run_whose_cards_changed_cannot_be_confirmed(run4, tmp_path) -> None:
    """The ablation must replay the run's own games: other card data is refused."""
    copy = tmp_path / "run"
    shutil.copytree(run4, copy)
    manifest = read_manifest(copy)
    manifest.config.card_hash = "0" * 64
    write_manifest(copy, manifest)
    proc = _tutti("report", str(copy), "--confirm", "1", "--out", str(tmp_path / "r.html"))
    assert_one_line_error(proc, f"the run's card data (hash {'0' * 64}) is not the shipped")
    assert not (tmp_path / "r.html").exists()


def test_a_run_without_its_settings_cannot_be_confirmed(run4, tmp_path) -> None:
    copy = tmp_path / "run"
    shutil.copytree(run4, copy)
    manifest = read_manifest(copy)
    manifest.config.strategies = []
    write_manifest(copy, manifest)
    proc = _tutti("report", str(copy), "--confirm", "1", "--out", str(tmp_path / "r.html"))
    assert_one_line_error(proc, "corrupt run manifest (strategies has 0 entries, expected 4)")
