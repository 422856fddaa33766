"""`tutti play`: full transcripts, byte-for-byte replay, clear errors."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app
from simcore.games.luthier.output.transcript import SEAT_NAMES, SOURCE_LABELS

runner = CliRunner()


def play(*args: str):
    return runner.invoke(app, ["play", *args])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_prints_a_full_game(players: int) -> None:
    result = play("--players", str(players), "--seed", "1")
    assert result.exit_code == 0, result.output
    out = result.stdout
    for r in range(1, 7):
        assert f"== Round {r} ==" in out
    assert "== Round 7 ==" not in out
    assert "places worker 5" in out and "activates" in out and "passes" in out
    table = out.split("== Final scores (prestige by source) ==")[1].strip().splitlines()
    assert table[0].split() == ["seat", *SEAT_NAMES[:players]]  # one column per seat
    assert all(len(line) <= 100 for line in table)
    rows = {ln[:14].strip(): ln[14:].split() for ln in table[2:] if ln and ln[:1] != " "}
    sources = [[int(x) for x in rows[name]] for name in SOURCE_LABELS]
    totals = [int(x) for x in rows["total"]]
    assert [sum(col) for col in zip(*sources, strict=True)] == totals  # the sources add up
    assert sorted(int(x) for x in rows["rank"])[0] == 1
    assert ("Winner: " in out) or ("Shared victory: " in out)


def test_same_seed_same_transcript_byte_for_byte() -> None:
    a = play("--players", "4", "--seed", "1").stdout
    b = play("--players", "4", "--seed", "1").stdout
    c = play("--players", "4", "--seed", "2").stdout
    assert a == b
    assert a != c


def test_strategies_must_match_the_seats() -> None:
    result = play("--players", "3", "--strategies", "random,random")
    assert result.exit_code != 0
    assert "lists 2 strategies for 3 players" in str(result.exception)


def test_cards_directory_changes_the_hash(tmp_path: Path) -> None:
    (tmp_path / "instruments.toml").write_text('[[instrument]]\nid = "violin"\nprestige = 6\n')
    default = play("--players", "2").stdout.splitlines()[2]
    custom = play("--players", "2", "--cards", str(tmp_path)).stdout.splitlines()[2]
    assert default.startswith("Cards: default set (hash ")
    assert custom.startswith(f"Cards: {tmp_path} (hash ")
    assert default.split("hash ")[1][:12] != custom.split("hash ")[1][:12]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "5"], "--players must be 2, 3 or 4"),
        (["--strategies", "nobody"], "unknown strategy 'nobody'"),
        (["--cards", "/no/such/dir"], "card directory not found"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-c", "from cli.app import main; main()", "play", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 2
    assert proc.stderr.startswith("error: ") and message in proc.stderr
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
