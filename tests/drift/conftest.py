"""Small baselines and runs, made once per session, and the CLI through its real entry point."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.main import tutti

GAMES = 8192  # two windows of 4096: the sequential check can stop after the first


@pytest.fixture(scope="session")
def violin6(tmp_path_factory) -> Path:
    """A card directory raising the violin's prestige from 2 to 6."""
    where = tmp_path_factory.mktemp("violin6")
    (where / "instruments.toml").write_text('[[instrument]]\nid = "violin"\nprestige = 6\n')
    return where


@pytest.fixture(scope="session")
def baseline4(tmp_path_factory) -> Path:
    """4 players, random play, 8,192 games of the shipped card set."""
    out = tmp_path_factory.mktemp("baselines") / "b4.parquet"
    code, _, err = tutti("baseline", "--out", str(out), "--games", str(GAMES), "--seed", "3")
    assert code == 0, err
    return out


@pytest.fixture(scope="session")
def run4(tmp_path_factory) -> Path:
    from simcore import simulate

    out = tmp_path_factory.mktemp("runs") / "run4"
    simulate(players=4, games=2000, seed=4, out=out, chunk_size=700)
    return out


MAESTRO = "greedy,completer,rusher,rusher"  # the committed Maestro baseline's seats


@pytest.fixture(scope="session")
def maestro4(tmp_path_factory) -> Path:
    """Maestro, 4 players, the heuristics of the committed baseline, 8,192 games."""
    out = tmp_path_factory.mktemp("baselines") / "m4.parquet"
    code, _, err = tutti(
        "baseline", "--game", "maestro", "--out", str(out), "--games", str(GAMES),
        "--seed", "3", "--strategies", MAESTRO,
    )  # fmt: skip
    assert code == 0, err
    return out


@pytest.fixture(scope="session")
def maestro_run(tmp_path_factory) -> Path:
    """A Maestro run directory: 2,000 games, seed 3, in chunks of 700."""
    from simcore import simulate

    out = tmp_path_factory.mktemp("runs") / "maestro"
    simulate(players=4, games=2000, seed=3, out=out, chunk_size=700, strategies=MAESTRO,
             game="maestro")  # fmt: skip
    return out
