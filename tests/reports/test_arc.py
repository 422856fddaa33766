"""The game arc (issue 18 item 8): prestige by round for winners and the rest, and how
often the leader after a round wins, checked against a direct count."""

from __future__ import annotations

import numpy as np
import polars as pl
import pytest

from reports.cardbalance.arc import game_arc, round_columns
from reports.run.load import open_run
from tests.unsound_runs import rewrite_part

ROUNDS = "round{round}_prestige"  # Luthier's score_by_round


def test_round_columns_are_found_in_round_order():
    names = ["game", "round10_prestige", "round2_prestige", "prestige", "round1_prestige"]
    assert round_columns(names, ROUNDS) == [
        "round1_prestige", "round2_prestige", "round10_prestige"
    ]  # fmt: skip
    assert round_columns(["game", "prestige_repairs"], ROUNDS) == []
    assert round_columns(["score_after_2", "score_after_1", "x"], "score_after_{round}") == [
        "score_after_1", "score_after_2"
    ]  # fmt: skip


def test_the_arc_matches_a_direct_count(run4):
    run = open_run(run4)
    arc = game_arc(run, ROUNDS)
    seats = pl.read_parquet(run4 / "seats" / "*.parquet").sort("game", "seat")
    columns = round_columns(seats.columns, ROUNDS)
    assert arc is not None and arc["rounds"] == list(range(1, len(columns) + 1))
    win = seats["win"].to_numpy()
    for r, c in enumerate(columns):
        values = seats[c].to_numpy().astype(float)
        assert arc["winners"][r] == pytest.approx(values[win > 0].mean())
        assert arc["others"][r] == pytest.approx(values[win == 0].mean())
        by_game = values.reshape(-1, 4)
        lead = (by_game == by_game.max(axis=1, keepdims=True)).astype(float)
        lead /= lead.sum(axis=1, keepdims=True)
        share = (lead * win.reshape(-1, 4)).sum() / len(by_game)
        row = arc["leader_wins"][r]
        assert row["round"] == r + 1 and row["share"] == pytest.approx(share)
        assert row["low"] <= row["share"] <= row["high"]
    # the winners lead more and more as the game goes on, and the last leader mostly wins
    gap = np.subtract(arc["winners"], arc["others"])
    assert gap[-1] > gap[0] > 0
    assert arc["leader_wins"][-1]["share"] > arc["leader_wins"][0]["share"] > 1 / 4


def test_a_run_without_round_columns_has_no_arc(run4, tmp_path):
    import shutil

    old = tmp_path / "old"
    shutil.copytree(run4, old)
    for part in (old / "seats").glob("*.parquet"):
        rewrite_part(
            old, "seats", part, lambda t: t.drop_columns(round_columns(t.column_names, ROUNDS))
        )
    assert game_arc(open_run(old), ROUNDS) is None
