"""Params files, tuning and the ladder (issue 6): file formats, CRN pairing, invariants."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest
from typer.testing import CliRunner

from cli.app import app
from simcore.errors import TuttiError
from strategies.arena import arrangement, play_duplicate
from strategies.ladder import ladder
from strategies.luthier.paramfile import read_params, seat_params
from strategies.luthier.params import NAMES
from strategies.luthier.registry import get, parse_seats
from strategies.tune import CONFIRM_SHARE, CONFIRM_TOP, evaluate, plan, tune


def test_params_file_overrides_only_the_named_strategy(tmp_path):
    path = tmp_path / "p.toml"
    path.write_text("[crafter]\nmoney = 0.5\npatience = 2\n")
    seats = parse_seats("crafter,balanced", 2)
    pm = seat_params(seats, read_params(path))
    assert pm[0, NAMES.index("money")] == 0.5 and pm[0, NAMES.index("patience")] == 2.0
    assert pm[0, NAMES.index("instruments")] == get("crafter").defaults[0]
    assert np.array_equal(pm[1], get("balanced").vector())


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[nobody]\nx = 1\n", "unknown strategy [nobody]"),
        ("[balanced]\ncolour = 1\n", "has no parameter 'colour'"),
        ("[balanced]\nmoney = 'a lot'\n", "balanced.money must be a number"),
        ("[balanced]\nmoney = nan\n", "balanced.money must be finite"),
        ("balanced = 3\n", "balanced must be a table"),
        ("[balanced\n", "not valid TOML"),
    ],
)
def test_bad_params_files_are_clear_errors(tmp_path, text, message):
    path = tmp_path / "p.toml"
    path.write_text(text)
    with pytest.raises(TuttiError, match=message.replace("[", r"\[")):
        read_params(path)


def test_params_file_changes_a_played_game(tmp_path):
    path = tmp_path / "p.toml"
    path.write_text("[balanced]\nrepairs = 4.0\nnoise = 0.0\n")
    runner = CliRunner()
    base = runner.invoke(app, ["play", "-p", "2", "--seed", "4", "--strategies", "balanced"])
    tuned = runner.invoke(
        app, ["play", "-p", "2", "--seed", "4", "--strategies", "balanced", "--params", str(path)]
    )
    assert base.exit_code == 0 and tuned.exit_code == 0
    assert f"Parameters: {path}" in tuned.output
    assert base.output.split("\n\n", 1)[1] != tuned.output.split("\n\n", 1)[1]


def test_arrangement_puts_the_focus_in_each_seat_and_rotates_the_field():
    focus, a, b = get("balanced"), get("crafter"), get("random")
    seats = [arrangement(focus, [a, b], 4, pos) for pos in range(4)]
    assert [s.index(focus) for s in seats] == [0, 1, 2, 3]
    assert [x.name for x in seats[0]] == ["balanced", "crafter", "random", "crafter"]
    assert [x.name for x in seats[1]] == ["random", "balanced", "crafter", "random"]


def test_same_vector_on_common_random_numbers_has_exactly_zero_difference(cards):
    spec = get("balanced")
    ev = evaluate(cards, spec, [get("random")], 2, 3, spec.vector()[:13], spec.vector()[:13], 20)
    assert ev.games == 40
    assert ev.difference == 0.0 and ev.difference_interval == (0.0, 0.0)
    assert not ev.significant


def test_duplicate_play_in_two_players_splits_every_game(cards):
    """In 2 players, A vs B and B vs A play the same games: their win shares sum to 1."""
    a, b = get("balanced"), get("random")
    ab = play_duplicate(cards, 2, 9, a, [b], 0, 30)
    ba = play_duplicate(cards, 2, 9, b, [a], 0, 30)
    # ab's seat-0 games are [A, B]; so are ba's seat-1 games (B in seat 1), and vice versa
    assert np.allclose(ab.win[:30] + ba.win[30:], 1.0)
    assert np.allclose(ab.win[30:] + ba.win[:30], 1.0)
    cells = ladder(cards, [a, b], 2, 60, seed=9)
    by = {(c.focus, c.opponent): c for c in cells}
    assert len(cells) == 4 and by[("balanced", "random")].games == 60
    assert by[("balanced", "random")].win + by[("random", "balanced")].win == pytest.approx(1.0)
    assert by[("balanced", "random")].win > 0.7
    assert by[("balanced", "field")].win == by[("balanced", "random")].win  # field = {random}


def test_tune_plans_within_budget_and_refuses_tiny_budgets():
    gens, deals, confirm = plan(200_000, 4, 16)
    assert gens * deals * 16 * 4 + confirm * (CONFIRM_TOP + 1) * 4 <= 200_000 and gens >= 8
    assert confirm * (CONFIRM_TOP + 1) * 4 == pytest.approx(200_000 / CONFIRM_SHARE, rel=0.01)
    with pytest.raises(TuttiError, match="--budget 100 is too small"):
        plan(100, 4, 16)


def test_tune_writes_a_loadable_params_file_deterministically(tmp_path):
    runner = CliRunner()
    outs = []
    for name in ("a.toml", "b.toml"):
        out = tmp_path / name
        args = ["tune", "balanced", "-p", "2", "--budget", "256", "--population", "4"]
        args += ["--field", "random", "--eval-games", "40", "--out", str(out)]
        result = runner.invoke(app, args)
        assert result.exit_code == 0, result.output
        assert "paired difference" in result.output and f"wrote {out}" in result.output
        tuned = next(x for x in result.stdout.splitlines() if "tuned   win rate" in x)
        assert re.fullmatch(r"  tuned   win rate \d+\.\d\d% \(\d+\.\d\d–\d+\.\d\d%\)", tuned)
        outs.append(out.read_text())
    assert outs[0] == outs[1]  # same seed, same search, same file
    values = read_params(tmp_path / "a.toml")["balanced"]
    assert list(values) == list(NAMES)


def test_tune_refuses_a_strategy_without_parameters(cards):
    with pytest.raises(TuttiError, match="no parameters to tune"):
        tune(cards, get("random"), [get("balanced")], 2, 1000)


def test_ladder_command_prints_the_matrix(tmp_path):
    out = tmp_path / "ladder.json"
    result = CliRunner().invoke(
        app,
        ["ladder", "-p", "2", "-n", "20", "--strategies", "random,balanced", "--json", str(out)],
    )
    assert result.exit_code == 0, result.output
    assert "field" in result.output and "balanced" in result.output
    cells = json.loads(out.read_text())["cells"]
    field = next(c for c in cells if c["focus"] == "balanced" and c["opponent"] == "field")
    assert f"{field['win'] * 100:.1f}%" in result.stdout  # percentages, not fractions
    assert f"{field['win']:.3f}" not in result.stdout


def test_ladder_plays_given_vectors(cards):
    a, b = get("balanced"), get("random")
    vec = a.vector({"repairs": 3.0, "noise": 0.0})
    default = {(c.focus, c.opponent): c for c in ladder(cards, [a, b], 2, 60, seed=9)}
    tuned = {
        (c.focus, c.opponent): c
        for c in ladder(cards, [a, b], 2, 60, seed=9, vectors={"balanced": vec})
    }
    assert tuned[("random", "balanced")].games == 60
    assert tuned[("balanced", "random")].score != default[("balanced", "random")].score
