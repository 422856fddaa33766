"""An out-of-range strategy pick (issue 35 item 6): the game goes on with option 0 and
says so, with the BAD_PICK bit of games.violations, in both games; `tutti simulate`
exits 1 naming it."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from tests.strategies.test_user_module import DATA, tutti


@pytest.mark.parametrize("pick", ["below", "beyond"])
def test_a_user_strategy_picking_out_of_range_makes_every_game_a_violation(tmp_path, pick):
    from simcore.games.luthier.state.codes import BAD_PICK, INVARIANT_NAMES

    out = tmp_path / "run"
    proc = tutti(
        "simulate", "--players", "2", "--games", "3", "--strategies", f"{pick},random",
        "--strategy-module", str(DATA / "bad_picks.py"), "--out", str(out),
    )  # fmt: skip
    assert proc.returncode == 1, proc.stderr
    assert "3 games had invariant violations" in proc.stderr
    assert INVARIANT_NAMES[BAD_PICK] in proc.stderr
    games = pl.read_parquet(out / "games" / "*.parquet")
    assert games.height == 3
    assert ((games["violations"] & BAD_PICK) == BAD_PICK).all()


@pytest.mark.parametrize("k", [-1, 2, 3])
def test_maestro_takes_option_0_of_a_bad_pick_and_sets_the_bit(monkeypatch, k):
    from simcore.games.maestro.play import decide_nb
    from simcore.games.maestro.state.codes import Violation
    from simcore.games.maestro.state.dtypes import GAME

    monkeypatch.setattr(decide_nb, "choose_nb", lambda *args: k)
    g = np.zeros(1, GAME).view(np.recarray)[0]
    s = np.zeros(2, [("strategy", "i8")]).view(np.recarray)

    class W:
        params = np.zeros((2, 1))
        opts = np.zeros((3, 1))

    assert decide_nb.decide_nb.py_func(None, g, s, W, 0, 2) == 0
    assert g.violations == Violation.BAD_PICK and g.n_decisions == 1
    g.violations = 0
    monkeypatch.setattr(decide_nb, "choose_nb", lambda *args: 1)
    assert decide_nb.decide_nb.py_func(None, g, s, W, 0, 2) == 1 and g.violations == 0


def test_maestro_names_the_bad_pick_bit():
    from simcore import games
    from simcore.games.api import invariant_names
    from simcore.games.maestro.state.codes import Violation

    assert "bad pick" in invariant_names(games.get("maestro"))[Violation.BAD_PICK]
