"""`tutti cards validate` and `tutti cards list`."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cli.app import app

runner = CliRunner()


def test_validate_default_set() -> None:
    result = runner.invoke(app, ["cards", "validate"])
    assert result.exit_code == 0, result.output
    line = result.stdout.strip()
    assert line.startswith("ok: default set: 39 instruments (20 types), 21 orchestra spots, ")
    assert "39 patrons (18 I, 12 II, 9 royal)" in line
    assert "21 specialty cards, 9 two-player setup cards (hash " in line


def test_validate_user_dir(tmp_path: Path) -> None:
    (tmp_path / "instruments.toml").write_text('[[instrument]]\nid = "violin"\nprestige = 3\n')
    result = runner.invoke(app, ["cards", "validate", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith(f"ok: {tmp_path}: 39 instruments")


def test_validate_broken_dir_lists_every_problem(tmp_path: Path) -> None:
    (tmp_path / "instruments.toml").write_text(
        '[[instrument]]\nid = "violin"\nprestage = 3\ncopies = "4"\n'
    )
    (tmp_path / "rules.toml").write_text("[storage\n")
    result = runner.invoke(app, ["cards", "validate", str(tmp_path)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f'{tmp_path}/instruments.toml:violin:prestage: unknown field; did you mean "prestige"?',
        f'{tmp_path}/instruments.toml:violin:copies: expected an integer, got "4" (a string)',
        f"{tmp_path}/rules.toml:-:-: TOML syntax error: Expected ']' at the end of a table "
        "declaration (at line 1, column 9)",
        f"3 problems in {tmp_path}",
    ]
    assert "Traceback" not in result.output


def test_validate_missing_dir(tmp_path: Path) -> None:
    result = runner.invoke(app, ["cards", "validate", str(tmp_path / "nope")])
    assert result.exit_code == 2
    assert result.stderr == f"error: card directory not found: {tmp_path / 'nope'}\n"


def test_list_instruments() -> None:
    result = runner.invoke(app, ["cards", "list", "instruments"])
    assert result.exit_code == 0, result.output
    assert "Violin" in result.stdout and "Glass harmonica" in result.stdout
    assert "1 animal + 1 wood" in result.stdout  # violin roughing cost
    assert "rulebook: Instruments, card diagram (violin)" in result.stdout


def test_list_with_overrides_and_folded_columns(tmp_path: Path) -> None:
    (tmp_path / "patrons.toml").write_text('[[patron]]\nid = "joseph_haydn"\nname = "Papa Haydn"\n')
    wide = {"COLUMNS": "250"}  # the user's path in one piece, however deep tmp_path is
    result = runner.invoke(app, ["cards", "list", "patrons", "--cards", str(tmp_path)], env=wide)
    assert result.exit_code == 0, result.output
    assert "Papa Haydn" in result.stdout
    assert "market_discount 1 wood" in result.stdout
    assert "endgame_metric 2 per tracks_maxed" in result.stdout  # Schubert
    assert f"user: {tmp_path}/patrons.toml" in result.stdout


def test_list_setup2p() -> None:
    result = runner.invoke(app, ["cards", "list", "setup2p"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "cello (instrument), oboe (performance), timpani (repair)" in out  # s1
    assert "1/2/0" in out and "Orchestra setup 9" in out
    assert "rulebook: p.5 two-player setup (example award pattern) (estimated: name, tokens)" in out


def test_list_table_kinds() -> None:
    rules = runner.invoke(app, ["cards", "list", "rules"])
    assert rules.exit_code == 0 and "training_cost" in rules.stdout and "15" in rules.stdout
    titles = [line.strip() for line in rules.stdout.splitlines() if line.strip() == "rules"]
    assert titles == ["rules"]  # one table, although each rule has its own range
    board = runner.invoke(app, ["cards", "list", "board"])
    assert "0/0/0/1/3/6/10/15/21" in board.stdout


def test_list_unknown_kind() -> None:
    result = runner.invoke(app, ["cards", "list", "bogus"])
    assert result.exit_code == 2
    assert result.stderr.startswith(
        'error: unknown card kind "bogus"; expected one of: instruments,'
    )
    assert len(result.stderr.splitlines()) == 1


def test_console_script_exit_code(tmp_path: Path) -> None:
    """Through cli.app.main (what `tutti` runs), problems still exit 2 without a traceback."""
    (tmp_path / "market.toml").write_text('[[market]]\nid = "m2"\nround1 = true\n')
    code = "from cli.app import main; main()"
    proc = subprocess.run(
        [sys.executable, "-c", code, "cards", "validate", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert proc.returncode == 2
    assert proc.stderr.splitlines()[-1] == f"1 problem in {tmp_path}"
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("columns", [None, "60"])
def test_list_wraps_to_the_terminal_width(monkeypatch, columns) -> None:
    """100 columns in a pipe (as here), the terminal's width ($COLUMNS) otherwise."""
    if columns:
        monkeypatch.setenv("COLUMNS", columns)
    else:
        monkeypatch.delenv("COLUMNS", raising=False)
    width = int(columns or 100)
    for kind in ("instruments", "patrons", "rules", "board", "setup2p"):
        result = runner.invoke(app, ["cards", "list", kind])
        assert result.exit_code == 0, result.output
        lines = result.stdout.splitlines()
        assert max(len(line) for line in lines) <= width, kind
    assert "Madame de Pompadour" in runner.invoke(app, ["cards", "list", "patrons"]).stdout


def test_list_as_json_has_every_card_and_field(cards) -> None:
    result = runner.invoke(app, ["cards", "list", "patrons", "--json"])
    assert result.exit_code == 0, result.output
    records = json.loads(result.stdout)
    assert [r["id"] for r in records] == cards.ids["patrons"]
    assert records == json.loads(json.dumps(cards.records["patrons"]))


def test_list_as_csv_is_the_table(cards) -> None:
    result = runner.invoke(app, ["cards", "list", "instruments", "--csv"])
    assert result.exit_code == 0, result.output
    rows = list(csv.reader(io.StringIO(result.stdout)))
    assert rows[0][:2] == ["id", "name"] and rows[0][-1] == "source"
    assert [r[0] for r in rows[1:]] == cards.ids["instruments"]
    violin = dict(zip(rows[0], rows[1 + cards.ids["instruments"].index("violin")], strict=True))
    assert violin["rough"] == "1 animal + 1 wood" and violin["name"] == "Violin"
    both = runner.invoke(app, ["cards", "list", "instruments", "--csv", "--json"])
    assert both.exit_code == 2 and both.stderr.startswith("error: give --json or --csv")
