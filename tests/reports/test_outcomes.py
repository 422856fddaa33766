"""Awards and goals are outcomes, not cards: never ranked or flagged; their own section."""

from __future__ import annotations

import polars as pl
import pytest

from reports.percard import cards
from reports.percard.outcomes import NEARLY_ALWAYS, level_status
from reports.report import build_report
from reports.run.settings import Settings


def read(run, table: str) -> pl.DataFrame:
    frame = pl.read_parquet(f"{run}/{table}/*.parquet")
    return frame.with_columns(pl.col(pl.Categorical).cast(pl.String))


@pytest.fixture(scope="module")
def loose(run4) -> dict:
    """The report with margin 0: as many flags as the run allows."""
    return build_report(run4, Settings(margin=0.0))


def test_award_rows_are_never_ranked_or_flagged(written4, loose) -> None:
    for report in (written4["json"], loose):
        c = report["cards"]
        awards = [r for r in c["rows"] if r["kind"] == "award"]
        assert awards and all(r["flag"] == cards.OUTCOME and r["outcome"] for r in awards)
        assert not any(r["tested"] or cards.is_flagged(r) for r in awards)
        assert all(r["q_value"] is None and r["examples"] == [] for r in awards)
        assert c["ranked_rows"] == len(c["rows"]) - len(awards)
        assert sum(c["flags"].values()) == c["ranked_rows"]  # counts cover the cards only
        assert "award" not in [g["kind"] for g in c["groups"]]
        assert all(r["kind"] != "award" for r in cards.sort_cards(c["rows"]))
        glance = report["glance"]["stronger"] + report["glance"]["weaker"]
        assert all(r["kind"] != "award" for r in glance)
        assert all(f["kind"] != "award" and "level" not in f["subject"] for f in report["summary"])
        goals = [r for r in c["rows"] if r["kind"] == "goal"]
        assert goals and not any(r["outcome"] for r in goals)  # keeping a goal is a choice
    assert loose["cards"]["flagged_bh"] > 0  # the check above saw flagged cards


def test_markdown_lists_no_award_among_the_cards(written4) -> None:
    md = written4["md"]
    cards_part = md.split("## Awards and goals (outcomes)")[0]
    assert "### Public awards" not in cards_part
    flagged = cards_part.split("## Strongest and weakest cards")[1].split("## Strategies")[0]
    assert "| award" not in flagged


def test_outcomes_list_every_award_level_with_its_claim_share(written4, run4) -> None:
    o = written4["json"]["outcomes"]
    award_rows = [r for r in written4["json"]["cards"]["rows"] if r["kind"] == "award"]
    assert [(a["card_id"], a["level"]) for a in o["awards"]] == [
        (r["card_id"], r["level"]) for r in award_rows
    ]
    # direct count: games in which the level was claimed, over games with the tile in play
    claims = read(run4, "cards").filter(
        (pl.col("kind") == "award") & (pl.col("event") == "claimed")
    )
    games = read(run4, "games").select(pl.col("award_tiles").explode())
    in_play = dict(games.group_by("award_tiles").len().iter_rows())
    counted = {
        (card_id, level): n
        for card_id, level, n in claims.group_by("card_id", "detail")
        .agg(pl.col("game").n_unique())
        .iter_rows()
    }
    checked = 0
    for a in o["awards"]:
        n = counted.get((a["card_id"], a["level"]), 0)
        assert a["in_play"] == in_play.get(a["card_id"], 0)
        assert a["games_claimed"] == n
        if a["in_play"]:
            assert a["claim_share"] == pytest.approx(n / a["in_play"])
            checked += n > 0
        assert a["claims"] >= a["games_claimed"]
        if a["in_play"]:
            assert a["status"] == level_status(n, a["claim_share"])
        if a["claims"]:
            assert sum(s["claims"] for s in a["by_strategy"]) == a["claims"]
            assert sum(s["share"] for s in a["by_strategy"]) == pytest.approx(1.0)
    assert checked > 0
    seat_shares = [s["seat_share"] for s in o["strategies"]]
    assert sum(seat_shares) == pytest.approx(1.0)


def test_outcomes_goals_kept_and_scored(written4) -> None:
    o = written4["json"]["outcomes"]
    rows = {r["card_id"]: r for r in written4["json"]["cards"]["rows"] if r["kind"] == "goal"}
    assert {g["card_id"] for g in o["goals"]} == set(rows)
    for g in o["goals"]:
        r = rows[g["card_id"]]
        assert (g["kept"], g["scored"], g["dealt"]) == (r["n"], r["completed"], r["dealt"])
        if g["kept"]:
            assert g["scored_when_kept"] == pytest.approx(g["scored"] / g["kept"])
            assert g["kept_rate"] == pytest.approx(g["kept"] / g["dealt"])


def test_outcomes_section_in_every_format(written4) -> None:
    report = written4["json"]
    assert set(report["outcomes"]) == {
        "thresholds", "strategies", "awards", "goals", "level_kind", "goal_kind", "title"
    }  # fmt: skip
    assert (report["outcomes"]["level_kind"], report["outcomes"]["goal_kind"]) == ("award", "goal")
    assert report["outcomes"]["thresholds"]["nearly_always"] == NEARLY_ALWAYS
    assert "## Awards and goals (outcomes)" in written4["md"]
    assert '<section id="outcomes"><h2>Awards and goals (outcomes)</h2>' in written4["html"]
    first = report["outcomes"]["awards"][0]
    assert f"{first['card']} level {first['level']}" in written4["md"]
    assert "not ranked or flagged" in written4["md"]


def test_level_status_thresholds() -> None:
    assert level_status(0, 0.0) == "never reached"
    assert level_status(0, None) == "never reached"
    assert level_status(5, 0.5) is None
    assert level_status(95, NEARLY_ALWAYS) == "nearly always"
    assert level_status(94, 0.94) is None
