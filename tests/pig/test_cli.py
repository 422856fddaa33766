"""Pig through every command a designer runs, at 9 players (the most any game seats):
simulate, report, drift (two runs), baseline and check, play; and its refusals."""

from __future__ import annotations

import json
from pathlib import Path

import polars as pl
import pytest

from tests.main import tutti

PLAYERS = "9"
SEATS = ",".join(["hold-at"] + ["random"] * 8)
GAMES = "3000"


def _ok(*args: str) -> str:
    code, out, err = tutti(*args)
    assert code == 0, err
    return out


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[str, Path]:
    """Two 9-player runs of the same seed: the shipped rules, and a target of 60."""
    where = tmp_path_factory.mktemp("pig")
    cards = where / "target60"
    cards.mkdir()
    (cards / "rules.toml").write_text("[target]\nvalue = 60\n")
    out = {"base": where / "base", "t60": where / "t60"}
    for name, extra in (("base", ()), ("t60", ("--cards", str(cards)))):
        _ok(
            "simulate", "--game", "pig", "-p", PLAYERS, "-n", GAMES, "--seed", "1",
            "--strategies", SEATS, "--chunk-size", "1000", "--out", str(out[name]), *extra,
        )  # fmt: skip
    return out


def test_simulate_writes_nine_seats_a_game(runs):
    seats = pl.read_parquet(f"{runs['base']}/seats/*.parquet")
    games = pl.read_parquet(f"{runs['base']}/games/*.parquet")
    assert seats.height == 9 * int(GAMES) and games.height == int(GAMES)
    assert sorted(seats["seat"].unique().to_list()) == list(range(9))
    assert sorted(seats["start_order"].unique().to_list()) == list(range(1, 10))
    assert (seats["score"] == seats["points_rolled"] - seats["points_lost"]).all()
    assert games["violations"].unique().to_list() == [0]
    assert set(games["end_trigger"].cast(pl.String)) == {"target"}
    hold_at = seats.filter(pl.col("strategy") == "hold-at")["win"].mean()
    assert hold_at > 0.5  # a fair seat wins 11.1%


def test_report_names_the_nine_seats_and_how_games_ended(runs, tmp_path):
    md, js = tmp_path / "r.md", tmp_path / "r.json"
    _ok("report", str(runs["base"]), "--out", str(tmp_path / "r.html"),
        "--markdown", str(md), "--json", str(js))  # fmt: skip
    text = md.read_text()
    assert text.startswith("# Pig balance report: 3,000 games, 9 players")
    assert "| 9th player |" in text and "| Pink | random |" in text
    assert "points rolled" in text and "points lost" in text  # the score's sources
    assert "## End of the game" in text and "| target |" in text
    assert "Cards" not in text and "Game arc" not in text  # no card kinds: no card sections
    data = json.loads(js.read_text())
    assert data["run"]["players"] == 9


def test_drift_finds_the_lower_target(runs, tmp_path):
    out = tmp_path / "d.json"
    code, _, err = tutti("drift", str(runs["base"]), str(runs["t60"]), "--json", str(out))
    assert code == 1, err
    result = json.loads(out.read_text())
    drifted = {m["metric"] for m in result["metrics"] if m["verdict"] == "drift"}
    assert "mean final score" in drifted
    code, _, err = tutti("drift", str(runs["base"]), str(runs["base"]))
    assert code == 0, err


def test_a_nine_seat_baseline_passes_its_check_and_catches_a_rule_change(tmp_path):
    base = tmp_path / "pig-9p.parquet"
    _ok("baseline", "--game", "pig", "-p", PLAYERS, "-n", "8192", "--seed", "2",
        "--strategies", SEATS, "--out", str(base))  # fmt: skip
    out = tmp_path / "c.json"
    code, _, err = tutti("check", "--baseline", str(base), "--json", str(out))
    assert code == 0, err
    result = json.loads(out.read_text())
    assert result["game"] == "pig" and result["verdict"] == "pass"
    assert result["games_changed"] == 0
    cards = tmp_path / "target60"
    cards.mkdir()
    (cards / "rules.toml").write_text("[target]\nvalue = 60\n")
    code, _, err = tutti("check", "--baseline", str(base), "--cards", str(cards))
    assert code == 1, err


def test_play_shows_a_nine_player_game():
    out = _ok("play", "--game", "pig", "-p", PLAYERS, "--seed", "3", "--strategies", SEATS)
    assert "Pink (random)" in out and "wins" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("-p", "10"), "Pig is played by 2-9 players, not 10"),
        (("-p", "2", "--strategies", "hold-at-20"), "unknown strategy 'hold-at-20'"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(tmp_path, args, message):
    code, _, err = tutti(
        "simulate", "--game", "pig", "-n", "10", "--out", str(tmp_path / "x"), *args
    )
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1, err
