"""The report's card rows load into polars as they are: one set of keys, one type per key."""

from __future__ import annotations

import polars as pl
import pytest

from reports.cardbalance.card_report import ROW_KEYS, uniform_rows
from reports.report import build_report


@pytest.mark.parametrize("fixture", ["run4", "run2", "tiny"])
def test_card_rows_load_into_polars_without_options(fixture, request) -> None:
    report = build_report(request.getfixturevalue(fixture))
    rows = report["cards"]["rows"]
    assert all(tuple(r) == ROW_KEYS for r in rows)
    frame = pl.DataFrame(rows)
    assert frame.columns == list(ROW_KEYS) and frame.height == len(rows)
    schema = frame.schema
    for key in ("level", "taken", "n", "abandoned", "in_play"):
        assert schema[key] == pl.Int64, key
    assert schema["win_others"] == pl.Float64
    assert schema["completed_levels"] == pl.Struct({"1": pl.Int64, "2": pl.Int64, "3": pl.Int64})
    # nothing is lost on the way: the frame's values are the rows' values
    assert frame.to_dicts() == rows


def test_award_rows_keep_their_levels_and_games_in_play(run4) -> None:
    report = build_report(run4)
    frame = pl.DataFrame(report["cards"]["rows"])
    awards = frame.filter(pl.col("kind") == "award")
    others = frame.filter(pl.col("kind") != "award")
    assert sorted(set(awards["level"])) == [1, 2, 3]
    assert set(others["level"]) == {0}
    assert set(others["in_play"]) == {report["run"]["games"]}
    assert awards["in_play"].max() < report["run"]["games"]  # a tile is not in every game
    assert (frame.filter(pl.col("kind") != "patron")["abandoned"] == 0).all()
    levels = frame.filter(pl.col("kind") == "goal")["completed_levels"].struct.unnest()
    completed = frame.filter(pl.col("kind") == "goal")["completed"]
    assert (levels.sum_horizontal() == completed).all()  # a scored goal scores one level


def test_uniform_rows_fill_what_a_kind_lacks() -> None:
    rows = uniform_rows(
        [
            {"kind": "instrument", "card_id": "violin", "completed": 3},
            {"kind": "award", "card_id": "t1", "level": 2, "in_play": 7},
            {"kind": "goal", "card_id": "g1", "completed_levels": {"2": 5}},
        ],
        games=10,
    )
    violin, award, goal = rows
    assert (violin["level"], violin["in_play"], violin["abandoned"]) == (0, 10, 0)
    assert violin["completed_levels"] is None and violin["flag"] is None
    assert (award["level"], award["in_play"], award["completed"]) == (2, 7, None)
    assert goal["completed_levels"] == {"1": 0, "2": 5, "3": 0}
