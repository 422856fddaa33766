"""The game report's plots, dead cards and game arc (issue 34 item 5), on small Maestro
runs: one of the shipped cards, one of a card folder that kills cards on purpose (an
instrument no row has, so never held, and a row that scores nothing under printed
scoring, so too rarely held)."""

from __future__ import annotations

import shlex
from html import unescape
from pathlib import Path

import polars as pl
import pytest

from reports.cardbalance.findings import MIN_FINDING_HOLDERS
from reports.game.game_report import bin_width
from reports.render import plots
from reports.report import write_report
from tests.reports.test_card_advice import _parses

STRATEGIES = "greedy,completer,rusher"
ROWS = """[[row]]
id = "stravinsky"
name = "Stravinsky"
instruments = ["violin", "double_bass", "clarinet", "bassoon", "trumpet", "trombone", "percussion"]
value = 0
source = "test: a row that scores nothing"
"""
INSTRUMENTS = """[[instrument]]
id = "celesta"
name = "celesta"
tiles = 0
source = "test: an instrument no row has"
"""


def _run(where: Path, cards: Path | None) -> Path:
    from simcore import simulate

    simulate(
        game="maestro", players=3, games=300, seed=2, out=where, chunk_size=150,
        strategies=STRATEGIES, cards=cards, progress=False,
    )  # fmt: skip
    return where


def _written(run: Path, where: Path) -> dict:
    html, md = where / "r.html", where / "r.md"
    report = write_report(run, html=html, markdown=md)
    return {"report": report, "html": html.read_text(), "md": md.read_text(), "run": run}


@pytest.fixture(scope="module")
def dead_cards_dir(tmp_path_factory) -> Path:
    where = tmp_path_factory.mktemp("deadcards")
    (where / "rules.toml").write_text('[scoring]\nvalue = "printed"\n')
    (where / "rows.toml").write_text(ROWS)
    (where / "instruments.toml").write_text(INSTRUMENTS)
    return where


@pytest.fixture(scope="module")
def killed(dead_cards_dir, tmp_path_factory) -> dict:
    where = tmp_path_factory.mktemp("killed")
    return _written(_run(where / "run", dead_cards_dir), where)


@pytest.fixture(scope="module")
def shipped(tmp_path_factory) -> dict:
    where = tmp_path_factory.mktemp("shipped")
    return _written(_run(where / "run", None), where)


def test_the_html_has_the_plots_and_the_markdown_their_tables(shipped) -> None:
    html, md = shipped["html"], shipped["md"]
    # win rate by strategy and by start order, the score distribution, a chart per kind
    assert html.count("<svg") == 5 and html.count("<figure>") == 5
    for label in ("strategy-win-rates", "start-order-win-rates", "scores", "forest-row"):
        assert f'aria-label="{label}"' in html
    if plots.STYLE["svg.fonttype"] == "none":  # text as <text> (the plots' own setting)
        assert "<text" in html
    caption = "effect (adjusted) of each instrument on the seats that had it ('held')"
    assert caption in unescape(html)
    assert "<svg" not in md and "<figure" not in md
    assert "| Final points | Seats | All seats | Winners | Others |" in md
    hist = shipped["report"]["scores"]["histogram"]
    seats = pl.read_parquet(shipped["run"] / "seats" / "*.parquet")
    assert sum(b["all"] for b in hist) == seats.height
    assert sum(b["winners"] for b in hist) == int((seats["win"] > 0).sum())
    assert hist[0]["low"] <= seats["points"].min() < hist[0]["low"] + hist[0]["width"]


def test_bin_widths_are_round_and_few() -> None:
    assert bin_width(0, 20) == 1
    assert bin_width(-50, 230) == 10
    assert bin_width(0, 1000) == 50


def test_the_dead_cards_name_the_cards_killed_on_purpose(killed) -> None:
    dead = killed["report"]["dead"]
    rows = {(r["kind"], r["card_id"]): r for r in dead["rows"]}
    celesta = rows[("instrument", "celesta")]
    assert celesta["never"] and celesta["n"] == 0 and celesta["advice"] is None
    row = rows[("row", "stravinsky")]
    assert row["n"] < MIN_FINDING_HOLDERS and not row["never"]
    advice = row["advice"]
    assert advice["target"] == "rows.stravinsky.value" and advice["current"] == "0"
    assert advice["command"].startswith("tutti sweep rows.stravinsky.value --values 1,2,3 ")
    assert "--cards" in shlex.split(advice["command"])
    _parses(advice["command"])
    # every card a seat held often enough is left out
    cards = pl.read_parquet(killed["run"] / "cards" / "*.parquet").with_columns(
        pl.col(pl.Categorical).cast(pl.String)
    )
    held = cards.filter(pl.col("event") != "unplaced").unique(["game", "seat", "card_id"])
    often = held.group_by("card_id").len().filter(pl.col("len") >= MIN_FINDING_HOLDERS)
    assert not set(often["card_id"]) & {card_id for _, card_id in rows}
    md = killed["md"]
    section = md[md.index("## Dead cards") : md.index("## Cards: effects per event")]
    assert "| celesta | instrument | 0 | 0.0% | never held |" in section
    assert "Stravinsky" in section and advice["command"] in section
    assert "celesta (instrument): no number of its own that can change alone" in section
    assert "<h2>Dead cards</h2>" in killed["html"] and "never held" in killed["html"]


def test_a_row_value_the_rules_do_not_read_gets_the_switch_in_its_command(shipped) -> None:
    """Under the default (appraisal) scoring a row's printed value scores nothing: the
    advice plays it under scoring = printed, with `whatif`."""
    rows = [r for r in shipped["report"]["dead"]["rows"] if r["kind"] == "row"]
    assert rows, "the heuristics leave some row nearly unplayed in 300 games"
    for r in rows:
        command = r["advice"]["command"]
        assert command.startswith("tutti whatif --set rules.scoring.value=printed --set rows.")
        assert (
            "counts only under rules scoring = printed (this run: appraisal)"
            in (r["advice"]["text"])
        )
        _parses(command)


def test_the_arc_matches_a_direct_count(shipped) -> None:
    arc = shipped["report"]["arc"]
    assert arc["kind"] == "instrument" and arc["events"] == ["placed", "raided"]
    assert arc["stage_unit"] == "tenth" and arc["stages"] == list(range(1, 11))
    run = shipped["run"]
    seats = pl.read_parquet(run / "seats" / "*.parquet")
    cards = pl.read_parquet(run / "cards" / "*.parquet").with_columns(
        pl.col(pl.Categorical).cast(pl.String)
    )
    placed = cards.filter(pl.col("event").is_in(["placed", "raided"]))
    last = cards.group_by("game").agg(pl.col("round").max().alias("length"))
    half = (
        placed.join(last, on="game")
        .filter(pl.col("round") * 2 <= pl.col("length"))
        .group_by("game", "seat")
        .len()
    )
    frame = seats.join(half, on=["game", "seat"], how="left").with_columns(
        pl.col("len").fill_null(0)
    )
    winners = frame.filter(pl.col("win") > 0)["len"].mean()
    others = frame.filter(pl.col("win") == 0)["len"].mean()
    assert arc["winners"][4] == pytest.approx(winners)
    assert arc["others"][4] == pytest.approx(others)
    total = placed.group_by("game", "seat").len()
    end = seats.join(total, on=["game", "seat"], how="left")["len"].fill_null(0)
    assert arc["winners"][-1] == pytest.approx(end.filter(seats["win"] > 0).mean())
    # cumulative, and the seat ahead wins more often as the game goes on
    assert all(a <= b for a, b in zip(arc["winners"], arc["winners"][1:], strict=False))
    assert arc["leader_wins"][-1]["share"] > arc["leader_wins"][1]["share"]
    md = shipped["md"]
    section = md[md.index("## Game arc") : md.index("## End of the game")]
    assert "instrument events (placed, raided) up to each tenth of the game" in section
    assert "| 50% |" in section and "| 100% |" in section
