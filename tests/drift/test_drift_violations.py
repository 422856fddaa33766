"""`tutti drift`, `check` and `baseline` fail on games that broke the engine's invariant
checks: one line naming how many games and which checks, exit code 1, nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest

from reports.drift.drift import compare_paths
from reports.run.violations import UnsoundError
from simcore import games
from tests.drift.conftest import tutti
from tests.unsound_runs import set_violations, unsound_copy

BITS = {5: 1, 1500: 1 | 8}  # two games of run4 (2,000 games): checks 1 and 8


@pytest.fixture(scope="module")
def unsound(run4, tmp_path_factory) -> Path:
    return unsound_copy(run4, tmp_path_factory.mktemp("unsound") / "run", BITS)


def _one_line(code: int, out: str, err: str) -> str:
    """The error line after any progress lines (check and baseline show progress)."""
    assert code == 1, err
    assert out == "" and "Traceback" not in err and err.count("error: ") == 1, err
    line = err.splitlines()[-1]
    assert line.startswith("error: ") and err.endswith(line + "\n"), err
    return line


def test_drift_fails_on_a_run_with_violations_either_side(run4, unsound, tmp_path) -> None:
    for sides in ((run4, unsound), (unsound, run4)):
        json_out = tmp_path / "d.json"
        line = _one_line(*tutti("drift", *map(str, sides), "--json", str(json_out)))
        assert line.startswith(
            f"error: {unsound}: 2 of 2,000 games broke the engine's invariant checks "
            "(negative resource or prestige in 2, worker chip not accounted for in 1): "
            "an engine bug; replay the first with tutti play --game luthier --players 4 --seed "
        )
        assert not json_out.exists()


def test_both_unsound_sides_are_named_in_one_line(unsound) -> None:
    line = _one_line(*tutti("drift", str(unsound), str(unsound)))
    assert line.count(f"{unsound}: 2 of 2,000 games broke") == 2


def test_compare_paths_raises_with_exit_code_1(run4, unsound) -> None:
    with pytest.raises(UnsoundError, match="2 of 2,000 games broke") as caught:
        compare_paths(run4, unsound)
    assert caught.value.exit_code == 1


@pytest.fixture()
def unsound_engine(monkeypatch):
    """Luthier's result tables with game 3 of every run marked as storage cap exceeded."""
    game = type(games.get("luthier"))
    tables = game.result_tables

    def broken(self, cards, batch, players, seats):
        return set_violations(tables(self, cards, batch, players, seats), {3: 2})

    monkeypatch.setattr(game, "result_tables", broken)


@pytest.fixture(scope="module")
def small_baseline(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("baselines") / "b2.parquet"
    code, _, err = tutti("baseline", "-p", "2", "--games", "600", "--seed", "9", "--out", str(out))
    assert code == 0, err
    return out


def test_check_fails_on_replayed_games_with_violations(small_baseline, unsound_engine) -> None:
    line = _one_line(*tutti("check", "--baseline", str(small_baseline)))
    assert line.startswith(
        f"error: {small_baseline}: the replayed games: 1 of 600 games broke the engine's "
        "invariant checks (storage cap exceeded in 1): an engine bug; replay the first with "
        "tutti play --game luthier --players 2 --seed "
    )


def test_check_of_sound_replays_is_unchanged(small_baseline) -> None:
    code, out, err = tutti("check", "--baseline", str(small_baseline))
    assert code == 0, err
    assert out.startswith("tutti drift check: ✅ pass")


def test_baseline_of_games_with_violations_is_not_written(unsound_engine, tmp_path) -> None:
    out = tmp_path / "b.parquet"
    line = _one_line(*tutti("baseline", "-p", "2", "--games", "100", "--out", str(out)))
    assert line.startswith(f"error: {out}: not written: 1 of 100 games broke")
    assert sorted(tmp_path.iterdir()) == []
