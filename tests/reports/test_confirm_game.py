"""`tutti report RUN --confirm N` on a Maestro run: the top flagged cards of a kind the game
can ablate (rows, on a board whose printed values score), through the game interface."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from reports.experiments.confirm import VERDICTS
from tests.reports.test_cli import assert_one_line_error, make_app, tutti_report
from tests.reports.test_whatif_maestro import _printed_board

GAMES = 400  # games per card: enough to exercise every path, cheap to play
STRATEGIES = "greedy,completer,rusher,random"
SEED = 11


@pytest.fixture(scope="module")
def board(tmp_path_factory) -> Path:
    """Printed row values score; four rows off the mean (it stays 5), so ablating them
    changes games and ablating a row worth the mean changes nothing."""
    path = tmp_path_factory.mktemp("board")
    return _printed_board(path, ravel=9, milhaud=1, schubert=8, stravinsky=2)


@pytest.fixture(scope="module")
def run(board, tmp_path_factory) -> Path:
    from simcore import simulate

    out = tmp_path_factory.mktemp("runs") / "maestro"
    simulate(
        game="maestro", players=4, games=3000, seed=SEED, out=out, chunk_size=1000,
        strategies=STRATEGIES, cards=board, progress=False,
    )  # fmt: skip
    return out


def _report(run: Path, out: Path, *args: str) -> dict:
    paths = {"html": out / "r.html", "md": out / "r.md", "json": out / "r.json"}
    result = CliRunner().invoke(
        make_app(),
        ["report", str(run), "--out", str(paths["html"]), "--markdown", str(paths["md"]),
         "--json", str(paths["json"]), *args],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    return {
        "output": result.output,
        "json": json.loads(paths["json"].read_text()),
        "md": paths["md"].read_text(),
        "html": paths["html"].read_text(),
    }


@pytest.fixture(scope="module")
def confirmed(run, tmp_path_factory) -> dict:
    out = tmp_path_factory.mktemp("confirm")
    return _report(run, out, "--confirm", "3", "--confirm-games", str(GAMES))


def _flagged(row: dict) -> bool:
    return row["q_value"] is not None and row["q_value"] <= 0.05


def test_confirm_ablates_the_top_flagged_rows(confirmed) -> None:
    report = confirmed["json"]
    rows = report["cards"]["rows"]
    check = report["cards"]["confirm"]
    assert check["games"] == GAMES and check["seed"] == SEED and check["asked"] == 3
    assert check["not_ablatable"] == ["instrument"]  # flagged, but no neutral stand-in
    assert len(check["cards"]) == 3 and all(c["kind"] == "row" for c in check["cards"])
    # the three rows with the largest flagged |adjusted Δ| of any event, in that order
    strongest: dict[str, float] = {}
    for r in rows:
        if r["kind"] == "row" and _flagged(r):
            strongest[r["card_id"]] = max(strongest.get(r["card_id"], 0), abs(r["adj_diff"]))
    want = sorted(strongest, key=lambda c: (-strongest[c], c))[:3]
    assert [c["card_id"] for c in check["cards"]] == want
    assert sum(check["verdicts"].values()) == 3
    for r in rows:  # every row carries the key, one shape
        assert set(r["ablation"]) == {"delta", "low", "high", "holders", "verdict"}
    picked = {c["card_id"] for c in check["cards"]}
    for r in rows:
        a = r["ablation"]
        if r["kind"] == "row" and r["card_id"] in picked and r["event"] == "any":
            assert 0 < a["holders"] <= r["n"]  # the `any` seats of the first GAMES games
            assert a["delta"] is not None and a["verdict"] in VERDICTS
            if a["low"] is not None:
                assert a["low"] <= a["delta"] <= a["high"]
        else:
            assert a["delta"] is None and a["verdict"] is None
    assert "ablated 3 of the flagged cards on 400 games each" in confirmed["output"]


def test_confirm_is_tutti_ablate_on_the_runs_settings(confirmed, board) -> None:
    """The same numbers as `tutti ablate rows --game maestro` with the run's settings."""
    from reports.experiments.ablate import ablate

    check = confirmed["json"]["cards"]["confirm"]
    ids = [c["card_id"] for c in check["cards"]]
    direct = ablate(
        "rows", players=4, games=GAMES, seed=SEED, strategies=STRATEGIES, cards=board,
        only=ids, game="maestro",
    )  # fmt: skip
    by_id = {c["card_id"]: c for c in direct["cards"]}
    for r in confirmed["json"]["cards"]["rows"]:
        if r["card_id"] in ids and r["event"] == "any" and r["kind"] == "row":
            assert by_id[r["card_id"]]["holders"] == r["ablation"]["holders"]
            assert by_id[r["card_id"]]["win_effect"] == pytest.approx(
                r["ablation"]["delta"], abs=1e-12
            )


def test_confirm_columns_in_markdown_and_html(confirmed) -> None:
    md, page = confirmed["md"], confirmed["html"]
    assert "| causal effect vs stand-in (win-rate pts, 95% interval) | Ablation |" in md
    assert "Ablation (--confirm 3)" in md.split("## Strategies")[0]  # said in the summary
    header = "<th>causal effect vs stand-in (win-rate pts, 95% interval)</th><th>Ablation</th>"
    assert header in page
    assert "Ablation (--confirm 3)" in page
    for c in confirmed["json"]["cards"]["confirm"]["cards"]:
        line = next(x for x in md.splitlines() if x.startswith(f"| {c['card']} |") and "*" in x)
        row = next(
            x
            for x in confirmed["json"]["cards"]["rows"]
            if x["card_id"] == c["card_id"] and x["event"] == "any"
        )
        assert line.endswith(f"| {row['ablation']['verdict']} |")


def test_without_confirm_the_report_has_no_ablation(run, tmp_path) -> None:
    plain = _report(run, tmp_path)["json"]
    assert plain["cards"]["confirm"] is None
    assert all(r["ablation"] is None for r in plain["cards"]["rows"])


def test_a_board_whose_rows_cannot_be_ablated_says_so(tmp_path) -> None:
    from simcore import simulate

    run = tmp_path / "appraisal"
    simulate(game="maestro", players=4, games=1500, seed=3, out=run, strategies=STRATEGIES,
             progress=False)  # fmt: skip
    got = _report(run, tmp_path, "--confirm", "2", "--confirm-games", "50")
    check = got["json"]["cards"]["confirm"]
    assert check["cards"] == [] and "row" in check["not_ablatable"]
    assert "no flagged card of a kind that can be ablated" in got["md"]
    assert "ablated 0 of the flagged cards" in got["output"]


def test_bad_confirm_values_are_one_line_exit_2(run) -> None:
    proc = tutti_report(str(run), "--confirm", "0")  # refused before the engine is imported
    assert_one_line_error(proc, "--confirm must be a number of cards >= 1 (got 0)")
