"""Usage errors of every command: one line `error: ... (see tutti COMMAND --help)`, exit 2."""

from __future__ import annotations

import pytest

from tests.main import tutti

# (command path, arguments after it): a wrong type, a missing argument or option, an
# unknown flag or command; at least one for every command
USAGE_ERRORS = [
    ("tutti play", ["--players", "abc"]),
    ("tutti simulate", ["--games", "ten", "--out", "x"]),
    ("tutti simulate", []),  # missing --out
    ("tutti simulate", ["--out", "x", "--bogus"]),
    ("tutti bench", ["--games", "ten"]),
    ("tutti report", []),
    ("tutti drift", ["a"]),
    ("tutti baseline", ["--out", "b.parquet", "--seed", "one"]),
    ("tutti check", []),
    ("tutti check", ["--baseline", "b.parquet", "--alpha", "x"]),
    ("tutti tune", []),
    ("tutti ladder", ["--games", "1.5"]),
    ("tutti exploit", ["--players", "abc"]),
    ("tutti whatif", ["-n", "10"]),
    ("tutti ablate", []),
    ("tutti sweep", ["instruments.violin.prestige"]),
    ("tutti cards list", []),
    ("tutti cards validate", ["a", "b"]),
    ("tutti cards", ["bogus"]),
    ("tutti strategies list", ["--bogus"]),
    ("tutti", ["bogus"]),
    ("tutti", ["--bogus"]),
]


def assert_one_line(code: int, out: str, err: str, message: str = "") -> None:
    assert code == 2, err
    assert out == ""
    assert err.startswith("error: ") and message in err, err
    assert err.count("\n") == 1 and "Traceback" not in err, err


@pytest.mark.parametrize(("command", "args"), USAGE_ERRORS, ids=lambda x: " ".join(x) or "-")
def test_usage_errors_are_one_line_with_a_pointer_to_help(command: str, args: list[str]) -> None:
    code, out, err = tutti(*command.split()[1:], *args)
    assert_one_line(code, out, err, f"(see {command} --help)")


def test_the_message_names_the_option_and_echoes_the_value() -> None:
    code, out, err = tutti("simulate", "--players", "abc", "--out", "x")
    assert_one_line(code, out, err, "'--players'")
    assert "'abc'" in err
    assert_one_line(*tutti("simulate"), "missing option '--out'")
    assert_one_line(*tutti("simulat"), "did you mean 'simulate'?")


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_empty_strategies_are_refused(command: str, tmp_path) -> None:
    out = tmp_path / "run"
    code, stdout, err = tutti(command, "--strategies", "", "--players", "2", "--out", str(out))
    if command == "play":  # play has no --out: the usage error would hide the refusal
        code, stdout, err = tutti(command, "--strategies", " ", "--players", "2")
    assert_one_line(code, stdout, err, "names no strategy")
    assert not out.exists()


def test_ladder_and_tune_refuse_an_empty_list() -> None:
    assert_one_line(*tutti("ladder", "--strategies", ","), "--strategies ',' names no strategy")
    assert_one_line(*tutti("tune", "balanced", "--field", ""), "--field '' names no strategy")


def test_tune_echoes_the_eval_games_given() -> None:
    code, out, err = tutti("tune", "balanced", "-p", "4", "--eval-games", "10")
    assert_one_line(code, out, err, "--eval-games must be at least 40 (got 10)")


@pytest.mark.parametrize("flag", ["--tolerance", "--card-tolerance"])
def test_a_tolerance_in_points_is_explained(flag: str, tmp_path) -> None:
    code, out, err = tutti("drift", str(tmp_path), str(tmp_path), flag, "2")
    assert_one_line(code, out, err, f"{flag} 2: tolerances are fractions")
    assert "0.02 = 2 points" in err
    code, out, err = tutti("check", "--baseline", str(tmp_path / "b.parquet"), flag, "5")
    assert_one_line(code, out, err, "is 0.05")


SEEDED = ["play", "simulate", "baseline", "tune", "ladder", "exploit", "whatif", "ablate"]
SEEDED += ["sweep", "balance"]


@pytest.mark.parametrize("seed", ["-1", str(2**63), "99999999999999999999"])
@pytest.mark.parametrize("command", SEEDED)
def test_every_command_takes_the_same_seed_range(command: str, seed: str, tmp_path) -> None:
    """Issue 32: --seed is 0 .. 2**63 - 1 in every command, refused before anything runs
    (a seed out of range once ended in an 83-line numba error)."""
    out = tmp_path / "out"
    extra = ["--out", str(out)] if command in ("simulate", "baseline") else []
    code, stdout, err = tutti(command, "--seed", seed, *extra)
    assert_one_line(code, stdout, err, f"--seed must be between 0 and 2**63 - 1 (got {seed})")
    assert not out.exists()
