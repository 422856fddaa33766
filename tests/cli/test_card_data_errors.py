"""Card data at the command line: out-of-range rule numbers are refused before any game,
and an error inside a kernel is one line that names the card data (exit 2)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app, main

runner = CliRunner()


@pytest.mark.parametrize(
    ("rule", "value", "message"),
    [
        ("conversion_rate", 0, "must be >= 1, got 0"),  # was a division by zero in a kernel
        ("rounds", 0, "must be >= 1, got 0"),  # was an invariant violation in every game
        ("storage", 200, "must be <= 60, got 200"),  # the seat's storage is one byte
        ("goals_dealt", 3, "must be 4 (the only value the engine plays), got 3"),
    ],
)
def test_validate_refuses_a_rule_out_of_range(
    tmp_path: Path, rule: str, value: int, message: str
) -> None:
    (tmp_path / "rules.toml").write_text(f"[{rule}]\nvalue = {value}\n")
    result = runner.invoke(app, ["cards", "validate", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        f"{tmp_path}/rules.toml:{rule}:value: {message}",
        f"1 problem in {tmp_path}",
    ]


@pytest.mark.parametrize(
    ("command", "kernel"),
    [
        (["simulate", "--players", "2", "--games", "4", "--chunk-size", "4"], "play_games_nb"),
        (["play", "--players", "2", "--seed", "3"], "play_games_nb"),
    ],
)
def test_a_kernel_error_is_one_line_naming_the_card_data(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: list[str],
    kernel: str,
) -> None:
    from simcore.games.luthier.play import game_nb

    def broken(*args: object) -> None:
        raise SystemError("division by zero")

    monkeypatch.setattr(game_nb, kernel, broken)
    cards = tmp_path / "cards"  # an empty card directory: the shipped set, named by it
    cards.mkdir()
    out = ["--out", str(tmp_path / "run")] if command[0] == "simulate" else []
    monkeypatch.setattr(sys, "argv", ["tutti", *command, *out, "--cards", str(cards)])
    with pytest.raises(SystemExit) as done:
        main()
    assert done.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert [line for line in err.splitlines() if line.startswith("error:")] == [
        "error: the engine failed while playing (SystemError: division by zero); the likely "
        f"cause is the card data ({cards}): check its numbers against "
        "docs/games/luthier/card-data.md"
    ]
