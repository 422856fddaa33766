"""The report of a run of another game than Luthier (Maestro): numbers checked against
direct polars computations on the run's tables, the files, the CLI's refusals, no numba."""

from __future__ import annotations

import json
import math
import re
import shutil
from pathlib import Path

import numpy as np
import polars as pl
import pytest

from reports.game.game_effects import Units, difference, group_rate
from reports.game.game_summary import MAX_FINDINGS
from reports.report import build_report, write_report
from simcore.errors import TuttiError
from simcore.runs.manifest import read_manifest, write_manifest
from tests.reports.test_cli import assert_one_line_error, tutti_report
from tests.unsound_runs import rewrite_part

GAMES = 3000
STRATEGIES = "greedy,completer,rusher,random"


@pytest.fixture(scope="session")
def maestro(tmp_path_factory) -> Path:
    """4 players, one strategy per seat, 3,000 games in three chunks."""
    from simcore import simulate

    out = tmp_path_factory.mktemp("runs") / "maestro"
    simulate(
        game="maestro", players=4, games=GAMES, seed=11, out=out, chunk_size=1000,
        strategies=STRATEGIES, progress=False,
    )  # fmt: skip
    return out


@pytest.fixture(scope="session")
def maestro3(tmp_path_factory) -> Path:
    """3 players, two greedy seats in every game, 1,500 games."""
    from simcore import simulate

    out = tmp_path_factory.mktemp("runs") / "maestro3"
    simulate(
        game="maestro", players=3, games=1500, seed=5, out=out, chunk_size=500,
        strategies="greedy,greedy,random", progress=False,
    )  # fmt: skip
    return out


@pytest.fixture(scope="session")
def written(maestro, tmp_path_factory) -> dict:
    where = tmp_path_factory.mktemp("game_report")
    paths = {"html": where / "r.html", "md": where / "r.md", "json": where / "r.json"}
    report = write_report(maestro, html=paths["html"], markdown=paths["md"], json_out=paths["json"])
    return {
        "report": report,
        "html": paths["html"].read_text(),
        "md": paths["md"].read_text(),
        "json": json.loads(paths["json"].read_text()),
    }


def table(run: Path, name: str) -> pl.DataFrame:
    return pl.read_parquet(run / name / "*.parquet").with_columns(
        pl.col(pl.Categorical).cast(pl.String)
    )


def rates_of(report: dict) -> list[dict]:
    """Every win rate in the report that has an interval."""
    s = report["start_order"]
    found = [*report["strategies"], *s["by_start_order"], *s["by_strategy_and_start_order"]]
    found += [report["end"]["ender"], report["critic"]["held_at_end"]]
    return found


def differences_of(report: dict) -> list[tuple[float, float, float]]:
    """Every (difference, low, high) in the report."""
    s, c = report["start_order"], report["critic"]
    plain = [s["first_vs_others"], s["first_vs_others_within_strategy"], c["took_it"]]
    plain += [c["held_at_end"]["vs_others"], c["held_at_end"]["vs_others_within_strategy"]]
    plain += [
        report["end"]["ender"]["vs_others_within_strategy"],
        report["one_turn"]["any_vs_none"],
    ]
    out = [(d["diff"], d["diff_low"], d["diff_high"]) for d in plain]
    for r in report["cards"]["rows"]:
        if r["adj_diff"] is not None:
            out += [(r["adj_diff"], r["adj_diff_low"], r["adj_diff_high"])]
        if r["diff"] is not None:
            out += [(r["diff"], r["diff_low"], r["diff_high"])]
    return out


def test_json_has_the_sections(written) -> None:
    data = written["json"]
    assert set(data) == {
        "format", "run", "violations", "settings", "warnings", "groupings", "sections",
        "strategies", "start_order", "scores", "end", "critic", "one_turn", "cards", "summary",
        "seconds", "arc", "dead",
    }  # fmt: skip
    assert data["sections"] == [
        "title_game", "violations", "summary_game", "contents", "strategies_game",
        "first_player", "scores_game", "arc_game", "end", "critic", "one_turn", "dead_game",
        "cards_game", "method_game", "setup_game",
    ]  # fmt: skip
    assert data["violations"] == {"games": 0, "of": GAMES, "invariants": [], "examples": []}
    assert data["format"] == "tutti-report/1" and data["groupings"] == []
    assert data["run"]["game"] == "maestro" and data["run"]["games"] == GAMES
    assert [s["seat_name"] for s in data["run"]["seats"]] == ["Red", "Blue", "Yellow", "Green"]
    assert [k["kind"] for k in data["cards"]["kinds"]] == ["row", "instrument"]
    assert set(data["cards"]["rows"][0]) >= {
        "kind", "card_id", "card", "event", "games", "n", "share", "by_strategy", "win_with",
        "win_without", "diff", "diff_low", "diff_high", "adj_diff", "adj_diff_low",
        "adj_diff_high", "adj_p_value", "q_value",
    }  # fmt: skip


def test_win_shares_add_up_to_the_games(written, maestro) -> None:
    data = written["json"]
    assert sum(r["wins"] for r in data["strategies"]) == pytest.approx(GAMES)
    assert sum(r["wins"] for r in data["start_order"]["by_start_order"]) == pytest.approx(GAMES)
    grid = data["start_order"]["by_strategy_and_start_order"]
    assert sum(r["wins"] for r in grid) == pytest.approx(GAMES)
    seats = table(maestro, "seats")
    direct = seats.group_by("strategy").agg(pl.col("win").cast(pl.Float64).sum())
    for strategy, wins in direct.iter_rows():
        row = next(r for r in data["strategies"] if r["strategy"] == strategy)
        assert row["wins"] == pytest.approx(wins, abs=1e-3) and row["n"] == GAMES
    assert data["start_order"]["fair_rate"] == 0.25


def test_intervals_contain_their_point(written) -> None:
    data = written["json"]
    for r in rates_of(data):
        assert r["ci_low"] <= r["rate"] <= r["ci_high"], r
    for diff, low, high in differences_of(data):
        assert low <= diff <= high
    for t in data["end"]["by_trigger"]:
        assert t["ci_low"] <= t["share"] <= t["ci_high"]


def test_end_trigger_shares_sum_to_one(written, maestro) -> None:
    end = written["json"]["end"]
    assert sum(t["share"] for t in end["by_trigger"]) == pytest.approx(1.0)
    games = table(maestro, "games")
    direct = dict(games.group_by("end_trigger").len().iter_rows())
    assert {t["trigger"]: t["games"] for t in end["by_trigger"]} == direct
    for trigger in direct:
        enders = [x for x in end["by_ender"] if x["trigger"] == trigger]
        assert sum(x["share_of_trigger"] for x in enders) == pytest.approx(1.0)
        assert sum(x["games"] for x in enders) == direct[trigger]


def test_score_sources_add_up(written, maestro) -> None:
    sc = written["json"]["scores"]
    assert sc["column"] == "points" and sc["sources_add_up"] and not sc["undeclared"]
    assert [s["source"] for s in sc["sources"]] == [
        "placed_points", "one_turn_points", "critic_points", "contracts_paid",
    ]  # fmt: skip
    assert sum(s["mean"] for s in sc["sources"]) == pytest.approx(sc["all"]["mean"])
    seats = table(maestro, "seats")
    assert sc["all"]["mean"] == pytest.approx(seats["points"].mean())
    paid = next(s for s in sc["sources"] if s["source"] == "contracts_paid")
    assert paid["sign"] == -1 and paid["mean"] == pytest.approx(-seats["contracts_paid"].mean())


def test_critic_numbers_match_the_tables(written, maestro) -> None:
    c = written["json"]["critic"]
    seats = table(maestro, "seats")
    assert c["mean_points"] == pytest.approx(seats["critic_points"].mean())
    held = seats.filter(pl.col("critic_at_end"))
    assert c["held_at_end"]["n"] == held.height
    assert c["held_at_end"]["rate"] == pytest.approx(held["win"].cast(pl.Float64).mean(), abs=1e-6)
    greedy = next(x for x in c["by_strategy"] if x["strategy"] == "greedy")
    g = seats.filter(pl.col("strategy") == "greedy")
    assert greedy["took_it"] == pytest.approx((g["critic_points"] > 0).mean())


def _mh(frame: pl.DataFrame) -> float:
    """Mantel-Haenszel risk difference of `has` within (strategy, start_order), directly."""
    cells = frame.group_by("strategy", "start_order").agg(
        n=pl.len(),
        n1=pl.col("has").sum(),
        w1=pl.col("w").filter(pl.col("has")).sum(),
        w0=pl.col("w").filter(~pl.col("has")).sum(),
    )
    cells = cells.with_columns(n0=pl.col("n") - pl.col("n1")).filter(
        (pl.col("n1") > 0) & (pl.col("n0") > 0)
    )
    top = ((pl.col("n0") * pl.col("w1") - pl.col("n1") * pl.col("w0")) / pl.col("n")).sum()
    bottom = (pl.col("n1") * pl.col("n0") / pl.col("n")).sum()
    return cells.select(top / bottom).item()


@pytest.mark.parametrize(
    ("kind", "events", "event"),
    [
        ("row", ["completed", "completed_in_one_turn"], "completed"),
        ("row", ["started"], "started"),
        ("row", ["started", "continued", "completed", "completed_in_one_turn"], "any"),
        ("instrument", ["unplaced"], "unplaced"),
    ],
)
def test_card_effects_match_a_direct_computation(written, maestro, kind, events, event) -> None:
    """Each card's raw and within-strategy-and-start-order effect, recomputed from the
    cards and seats tables with polars alone."""
    seats = table(maestro, "seats")
    won = (pl.col("win") > 0).cast(pl.Float64)
    seats = seats.with_columns(w=won / won.sum().over("game"))
    cards = table(maestro, "cards").filter(pl.col("kind") == kind)
    rows = {r["card_id"]: r for r in written["json"]["cards"]["rows"] if r["kind"] == kind}
    checked = 0
    for card_id in cards["card_id"].unique().sort():
        holders = (
            cards.filter((pl.col("card_id") == card_id) & pl.col("event").is_in(events))
            .select("game", "seat")
            .unique()
            .with_columns(has=pl.lit(True))
        )
        frame = seats.join(holders, on=["game", "seat"], how="left").with_columns(
            pl.col("has").fill_null(False)
        )
        row = next(
            r
            for r in written["json"]["cards"]["rows"]
            if r["kind"] == kind and r["card_id"] == card_id and r["event"] == event
        )
        n1 = int(frame["has"].sum())
        assert row["n"] == n1 and row["games"] == holders["game"].n_unique()
        assert row["share"] == pytest.approx(n1 / seats.height)
        if n1 == 0 or n1 == seats.height:
            continue
        win_with = frame.filter(pl.col("has"))["w"].mean()
        win_without = frame.filter(~pl.col("has"))["w"].mean()
        assert row["win_with"] == pytest.approx(win_with)
        assert row["win_without"] == pytest.approx(win_without)
        assert row["diff"] == pytest.approx(win_with - win_without)
        assert row["adj_diff"] == pytest.approx(_mh(frame))
        checked += 1
    assert checked >= 5 and rows


def test_independent_seats_give_the_textbook_variance() -> None:
    """One seat per game, one stratum: the cluster variance is p1(1-p1)/n1 + p0(1-p0)/n0."""
    rng = np.random.default_rng(3)
    win = (rng.random(4000) < 0.3).astype(float)
    trait = rng.random(4000) < 0.4
    units = Units(game=np.arange(4000), win=win, stratum=np.zeros(4000, np.int64))
    d = difference(units, trait)
    p1, p0 = win[trait].mean(), win[~trait].mean()
    se = math.sqrt(p1 * (1 - p1) / trait.sum() + p0 * (1 - p0) / (~trait).sum())
    assert d["diff"] == pytest.approx(p1 - p0)
    assert (d["diff_high"] - d["diff_low"]) / 2 == pytest.approx(1.959963984540054 * se)


def test_two_seats_of_a_strategy_use_games_as_clusters(maestro3) -> None:
    """Two greedy seats in every game: their wins are not independent; rates add up."""
    data = build_report(maestro3)
    greedy = next(r for r in data["strategies"] if r["strategy"] == "greedy")
    assert greedy["n"] == 2 * 1500 and greedy["ci_low"] <= greedy["rate"] <= greedy["ci_high"]
    assert sum(r["wins"] for r in data["strategies"]) == pytest.approx(1500)
    units = Units(
        game=np.array([0, 0, 1, 1]), win=np.array([1.0, 0, 0, 1]), stratum=np.zeros(4, int)
    )
    both = group_rate(units, np.ones(4, bool))
    assert both["rate"] == 0.5 and both["ci_low"] == both["ci_high"] == 0.5  # one win a game


def test_summary_comes_first_with_at_most_five_findings(written) -> None:
    md, data = written["md"], written["json"]
    assert md.startswith("# Maestro balance report: 3,000 games, 4 players")
    assert md.split("\n## ")[1].startswith("Summary")
    numbered = [
        line
        for line in md.split("\n## ")[1].splitlines()
        if line[:2] in ("1.", "2.", "3.", "4.", "5.", "6.")
    ]
    assert 1 <= len(numbered) == len(data["summary"]) <= MAX_FINDINGS
    assert "95% interval" in data["summary"][0]["text"]
    sections = ["Strategies", "First-player advantage", "End of the game", "The critic"]
    sections += ["One-turn completions", "Cards: effects per event", "Rows", "Instruments"]
    for h in sections:
        assert h in md, h
    assert (
        written["html"].startswith("<!DOCTYPE html>") and "<h2>The critic</h2>" in written["html"]
    )


def test_cli_writes_the_game_report_without_numba(maestro, tmp_path) -> None:
    md, js, html = tmp_path / "r.md", tmp_path / "r.json", tmp_path / "r.html"
    proc = tutti_report(str(maestro), "--markdown", str(md), "--json", str(js), "--out", str(html))
    assert proc.returncode == 0, proc.stderr
    assert f"report on {GAMES:,} games of Maestro" in proc.stdout
    assert md.read_text().startswith("# Maestro balance report")
    assert json.loads(js.read_text())["run"]["games"] == GAMES and html.is_file()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--confirm-games", "50"], "--confirm-games: only with --confirm for this run"),
        (["--margin", "3"], "--margin: only with --confirm for this run"),
    ],
)
def test_confirm_only_options_are_refused_without_confirm(maestro, tmp_path, args, message) -> None:
    proc = tutti_report(str(maestro), "--out", str(tmp_path / "r.html"), *args)
    assert_one_line_error(proc, message)
    assert not (tmp_path / "r.html").exists()


def test_min_sample_sets_the_holders_a_card_finding_needs(maestro, tmp_path) -> None:
    """--min-sample works for every game: here the dead cards' and the findings' minimum
    of holders (reports.cardbalance.findings.findable), through the CLI too."""
    from reports.cardbalance.findings import findable
    from reports.run.settings import Settings

    few, many = build_report(maestro, Settings(min_sample=1)), build_report(maestro)
    assert few["settings"]["min_sample"] == few["dead"]["min_holders"] == 1
    assert many["dead"]["min_holders"] == 30
    assert len(few["dead"]["rows"]) <= len(many["dead"]["rows"])
    row = {"n": 20, "adj_diff_low": -0.1, "adj_diff_high": 0.1}
    run = {"games": 100, "players": 2}
    assert findable(row, run, 20) and not findable(row, run, 21)
    js = tmp_path / "r.json"
    proc = tutti_report(str(maestro), "--out", str(tmp_path / "r.html"), "--json", str(js),
                        "--min-sample", "7")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert json.loads(js.read_text())["dead"]["min_holders"] == 7


def test_unknown_game_in_the_manifest_is_one_line_exit_2(maestro, tmp_path) -> None:
    run = tmp_path / "chess"
    shutil.copytree(maestro, run)
    manifest = read_manifest(run)
    manifest.config.game = "chess"
    write_manifest(run, manifest)
    proc = tutti_report(str(run))
    assert_one_line_error(
        proc, "unknown game 'chess' (known: luthier, apiacere, dicemining, ewmh, maestro, pig)"
    )


def test_incomplete_run_is_refused_unless_allowed(maestro, tmp_path) -> None:
    run = tmp_path / "interrupted"
    shutil.copytree(maestro, run)
    (run / "report.html").unlink(missing_ok=True)
    manifest = read_manifest(run)
    manifest.chunks_done, manifest.games_completed, manifest.complete = [0], 1000, False
    write_manifest(run, manifest)
    with pytest.raises(TuttiError, match="--allow-incomplete"):
        build_report(run)
    data = build_report(run, allow_incomplete=True)
    assert data["run"]["games"] == 1000 and data["warnings"]
    assert sum(r["wins"] for r in data["strategies"]) == pytest.approx(1000)


def test_a_game_with_only_the_common_columns_gets_the_generic_sections(maestro, tmp_path) -> None:
    """The sections beyond the common columns key on the columns: without them (another
    game's tables) they are left out, and the rest still renders."""
    from reports.report import render_html, render_markdown
    from reports.run.output import clean

    run = tmp_path / "plain"
    shutil.copytree(maestro, run)
    (run / "report.html").unlink(missing_ok=True)
    common = {
        "games": ["game", "seed", "players", "winner_seats", "shared_win", "violations"],
        "seats": ["game", "seat", "start_order", "strategy", "points", "rank", "win"],
    }
    for name, columns in common.items():
        for part in (run / name).glob("*.parquet"):
            rewrite_part(run, name, part, lambda t, keep=columns: t.select(keep))
    data = clean(build_report(run))
    assert not {"end", "critic", "one_turn"} & set(data)  # sections that do not apply
    assert not {"end", "critic", "one_turn"} & set(data["sections"])
    assert data["scores"]["sources"] == [] and not data["scores"]["sources_add_up"]
    assert data["scores"]["undeclared"] == sorted(
        ["placed_points", "one_turn_points", "critic_points", "contracts_paid"]
    )
    assert [k["kind"] for k in data["cards"]["kinds"]] == ["row", "instrument"]
    assert 2 <= len(data["summary"]) <= MAX_FINDINGS
    md = render_markdown(data)
    assert "## The critic" not in md and "## Cards: effects per event" in md
    assert render_html(data).startswith("<!DOCTYPE html>")


def test_one_strategy_in_every_seat_says_so(written) -> None:
    from reports.game.game_summary import end_sentence, run_sentence

    report = json.loads(json.dumps(written["json"]))
    report["strategies"] = report["strategies"][:1]
    only = report["strategies"][0]["strategy"]
    assert f"{only} in every seat" in run_sentence(report, 100)
    assert "too uncertain" in run_sentence(report, 10**9)
    assert "most often" not in end_sentence(report)
    assert "most often" in end_sentence(written["json"])


def test_every_game_gets_one_pipeline_in_three_formats(written, written4) -> None:
    """Both games' reports through reports.report: the JSON is the report, the HTML page
    and the Markdown are laid out from the same blocks (same title, same sections in the
    same order, the page's extra sections aside), each titled by the game's own title."""
    from reports.report import blocks, render_html, render_markdown
    from simcore import games

    for got in (written, written4):
        report = got["report"]
        assert got["json"] == json.loads(json.dumps(got["json"]))
        assert got["json"]["format"] == report["format"]
        title = games.get(report["run"]["game"]).title
        laid_out = blocks(report)
        h1 = next(b[1] for b in laid_out if b[0] == "h1")
        assert h1.startswith(title) and got["md"].startswith(f"# {h1}\n")
        assert f"<title>{h1}</title>" in got["html"]
        assert got["md"] == render_markdown(report)
        assert got["html"].split("<svg")[0] == render_html(report).split("<svg")[0]
        md_sections = [line[3:] for line in got["md"].splitlines() if line.startswith("## ")]
        page_sections = re.findall(r"<h2>([^<]*)</h2>", got["html"])
        shared = [s for s in page_sections if s in md_sections]
        assert shared == [s for s in md_sections if s in page_sections]
        assert len(shared) >= len(md_sections) - 1  # Markdown's run setup: the page's Run
    assert written4["json"]["format"] == written["json"]["format"] == "tutti-report/1"


def test_the_card_balance_sections_follow_the_declaration_not_the_name() -> None:
    """A game declaring card kinds and a grouping gets the card-balance sections whatever it
    is called; without a grouping it gets the per-event ones; one that declares a grouping
    gets them too (reports.percard.card_kinds.card_balance)."""
    from reports.percard.card_kinds import card_balance
    from simcore import games
    from simcore.games.api import Grouping

    luthier, maestro = type(games.get("luthier")), type(games.get("maestro"))

    class Renamed(luthier):  # type: ignore[misc, valid-type]
        name = "other"

    class Ungrouped(luthier):  # type: ignore[misc, valid-type]
        groupings = ()

    class Grouped(maestro):  # type: ignore[misc, valid-type]
        groupings = (Grouping("strategy", "Strategies"),)

    assert card_balance(Renamed()) and not card_balance(Ungrouped())
    assert not card_balance(games.get("maestro")) and card_balance(Grouped())


def test_each_section_applies_by_what_the_game_declares(maestro, run4) -> None:
    """The one list of sections: the switches read declarations and columns, so a Luthier
    whose score is not recorded by round gets the card arc instead, and one declaring no
    outcome kind no outcomes section."""
    import dataclasses

    from reports.render import sections
    from reports.run.load import open_run
    from reports.run.settings import Settings
    from simcore import games

    luthier = type(games.get("luthier"))

    class NoRounds(luthier):  # type: ignore[misc, valid-type]
        score_by_round = None
        card_kinds = tuple(
            dataclasses.replace(k, outcome=False) if k.per_level else k for k in luthier.card_kinds
        )

    def chosen(run_dir, game) -> list[str]:
        ctx = sections.Context(open_run(run_dir, False, None), game, Settings(), print, {})
        return [s.id for s in sections.SECTIONS if s.applies(ctx)]

    full = chosen(run4, games.get("luthier"))
    assert {"arc", "outcomes", "groupings", "cards", "dead"} <= set(full)
    assert not {"arc_game", "cards_game", "end", "critic"} & set(full)
    other = chosen(run4, NoRounds())
    assert "arc_game" in other and not {"arc", "outcomes"} & set(other)
    assert {"end", "critic", "one_turn", "cards_game"} <= set(chosen(maestro, games.get("maestro")))
