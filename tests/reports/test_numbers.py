"""The report's numbers (its JSON) against direct, eager polars computations on the run."""

from __future__ import annotations

import shutil

import polars as pl
import pytest

from reports.report import build_report
from reports.run.settings import Settings
from simcore import games
from simcore.games.luthier.carddata.cards import load_default_cards
from simcore.games.luthier.play.engine import play_game
from simcore.stats import wilson_interval
from strategies.luthier.registry import parse_seats
from tests.unsound_runs import reseal

KINDS = games.get("luthier").card_kinds
HELD = {s.kind: s.held_events for s in KINDS}
COMPLETED = {s.kind: s.completed_events for s in KINDS}


def read(run, table: str) -> pl.DataFrame:
    frame = pl.read_parquet(f"{run}/{table}/*.parquet")
    return frame.with_columns(pl.col(pl.Categorical).cast(pl.String))


def by(rows: list[dict], *keys: str) -> dict:
    return {tuple(r[k] for k in keys) if len(keys) > 1 else r[keys[0]]: r for r in rows}


def test_seat_win_rates(written4, run4) -> None:
    seats = read(run4, "seats")
    got = by(written4["json"]["seats"]["by_start_order"], "start_order")
    want = seats.group_by("start_order").agg(pl.len(), pl.col("win").sum())
    assert len(got) == 4
    for order, n, wins in want.iter_rows():
        row = got[order]
        assert row["n"] == n and row["wins"] == pytest.approx(wins)
        assert (row["ci_low"], row["ci_high"]) == pytest.approx(wilson_interval(wins, n))
    observed = [got[o]["wins"] for o in sorted(got)]
    expected = sum(observed) / 4
    chi = sum((o - expected) ** 2 / expected for o in observed)
    assert written4["json"]["seats"]["chi_square"]["statistic"] == pytest.approx(chi)
    assert written4["json"]["seats"]["chi_square"]["df"] == 3


def test_family_win_rates(written4, run4) -> None:
    seats = read(run4, "seats")
    fams = written4["json"]["families"]
    want = seats.group_by("family").agg(pl.len(), pl.col("win").mean())
    got = by(fams["by_family"], "family")
    assert set(got) == set(want["family"])
    for family, n, rate in want.iter_rows():
        assert got[family]["n"] == n and got[family]["win_rate"] == pytest.approx(rate)
    both = seats.group_by("family", "start_order").agg(pl.len(), pl.col("win").mean())
    cells = by(fams["by_family_and_start_order"], "family", "start_order")
    assert len(cells) == both.height
    for family, order, n, rate in both.iter_rows():
        assert cells[(family, order)]["n"] == n
        assert cells[(family, order)]["win_rate"] == pytest.approx(rate)


def test_scores(written4, run4) -> None:
    seats = read(run4, "seats")
    games = read(run4, "games")
    sc = written4["json"]["scores"]
    summary = by(sc["prestige"]["summary"], "group")
    winners = seats.filter(pl.col("win") > 0)
    losers = seats.filter(pl.col("win") == 0)
    for group, frame in (("all", seats), ("winners", winners), ("losers", losers)):
        assert summary[group]["n"] == frame.height
        assert summary[group]["mean"] == pytest.approx(frame["prestige"].mean())
        assert summary[group]["max"] == frame["prestige"].max()
    hist = by(sc["prestige"]["histogram"], "prestige")
    assert sum(h["winners"] for h in hist.values()) == winners.height
    assert (
        hist[int(seats["prestige"].max())]["all"]
        == (seats["prestige"] == seats["prestige"].max()).sum()
    )
    sources = by(sc["sources"], "source")
    for src in ("instruments", "repairs", "patience", "goals"):
        col = f"prestige_{src}"
        assert sources[src]["winners_mean"] == pytest.approx(winners[col].mean())
        assert sources[src]["losers_share"] == pytest.approx(
            losers[col].mean() / losers["prestige"].mean()
        )
    assert sum(r["winners_share"] for r in sc["sources"]) == pytest.approx(1.0)
    clear = games.filter(~pl.col("shared_win"))
    assert sc["margin"]["summary"]["mean"] == pytest.approx(clear["margin"].mean())
    assert sc["margin"]["shared_wins"] == games["shared_win"].sum()


def _direct_card(
    cards: pl.DataFrame, seats: pl.DataFrame, kind: str, card_id: str, level: int = 0
) -> dict:
    """Held seat-games and the win-rate difference for one card, computed eagerly."""
    mine = cards.filter(pl.col("kind") == kind, pl.col("card_id") == card_id)
    held = mine.filter(pl.col("event").is_in(list(HELD[kind])))
    if level:
        held = held.filter(pl.col("detail") == level)
    held_seats = held.select("game", "seat").unique().with_columns(held=pl.lit(True))
    marked = seats.join(held_seats, on=["game", "seat"], how="left").with_columns(
        pl.col("held").fill_null(False)
    )
    win_held = marked.filter("held")["win"].mean()
    win_other = marked.filter(~pl.col("held"))["win"].mean()
    out = {"n": held_seats.height, "diff": win_held - win_other, "win": win_held}
    if COMPLETED[kind]:
        done = mine.filter(pl.col("event").is_in(list(COMPLETED[kind])))
        out["completed"] = done.select("game", "seat").unique().height
    return out


def test_card_rows_match_direct_computation(written4, run4) -> None:
    cards = read(run4, "cards")
    seats = read(run4, "seats").select("game", "seat", pl.col("win").cast(pl.Float64))
    rows = written4["json"]["cards"]["rows"]
    checked = 0
    for kind in HELD:
        # the most and least held card of each kind, and an award level
        mine = [r for r in rows if r["kind"] == kind and r["n"] > 0]
        for row in (max(mine, key=lambda r: r["n"]), min(mine, key=lambda r: r["n"])):
            want = _direct_card(cards, seats, kind, row["card_id"], row["level"] or 0)
            assert row["n"] == want["n"], row["card_id"]
            assert row["win"] == pytest.approx(want["win"])
            assert row["diff"] == pytest.approx(want["diff"])
            if "completed" in want:
                assert row["completed"] == want["completed"]
                assert row["completion_rate"] == pytest.approx(want["completed"] / want["n"])
            checked += 1
    assert checked == 2 * len(HELD)


def test_card_counts(written4, run4) -> None:
    cards = read(run4, "cards")
    games = read(run4, "games")
    rows = written4["json"]["cards"]["rows"]
    dealt = cards.filter(pl.col("event") == "dealt").group_by("kind", "card_id").len()
    got = by(rows, "kind", "card_id")
    for kind, card_id, n in dealt.iter_rows():
        assert got[(kind, card_id)]["dealt"] == n
    tiles = games.select(pl.col("award_tiles").explode()).group_by("award_tiles").len()
    awards = by([r for r in rows if r["kind"] == "award"], "card_id", "level")
    for tile, n in tiles.iter_rows():
        assert awards[(tile, 1)]["in_play"] == n
    # every card of the card set has a row (never held ones too), awards once per level
    card_set = load_default_cards()
    for kind, set_kind in (
        ("instrument", "instruments"),
        ("patron", "patrons"),
        ("specialty", "specialty"),
        ("goal", "goals"),
    ):
        assert {r["card_id"] for r in rows if r["kind"] == kind} == set(card_set.ids[set_kind])
    assert len(awards) == 3 * len(card_set.ids["awards"])
    decks = {r["group"] for r in rows if r["kind"] == "patron"}
    assert decks == {"patron_I", "patron_II", "patron_royal"}


def test_flags_follow_benjamini_hochberg_and_the_margin(written4) -> None:
    c = written4["json"]["cards"]
    rows = c["rows"]
    margin = written4["json"]["settings"]["margin"]
    tested = [r for r in rows if r["tested"]]
    assert all(r["n"] >= 30 for r in tested)
    for r in rows:
        if not r["tested"]:
            want = "outcome" if r["kind"] == "award" else "untested"  # award levels: outcomes
            assert r["flag"] == want and r["q_value"] is None
            assert r["adjusted"]["low"] is None and r["raw"]["low"] is None
    for r in tested:
        assert r["q_value"] >= r["adj_p_value"] - 1e-12  # rounding: q = p * m / rank
        assert r["holm_p"] >= r["q_value"] - 1e-12
        low, high = r["adj_diff_low"], r["adj_diff_high"]
        if r["flag"] == "stronger":
            assert r["q_value"] <= 0.05 and low > margin
        elif r["flag"] == "weaker":
            assert r["q_value"] <= 0.05 and high < -margin
        elif r["flag"] == "balanced":
            assert -margin <= low and high <= margin
        else:
            assert r["flag"] == "undecided"
            assert not (-margin <= low and high <= margin)
    assert c["flagged_bh"] == sum(r["flag"] in ("stronger", "weaker") for r in rows)
    assert c["flagged_holm"] <= c["flagged_bh"]


def test_examples_reproduce_with_tutti_play(written4, run4) -> None:
    seats = read(run4, "seats")
    games = read(run4, "games")
    report = build_report(run4, Settings(margin=0.0))
    flagged = [r for r in report["cards"]["rows"] if r["flag"] in ("stronger", "weaker")]
    assert flagged, "a 3,000-game random run flags some cards at margin 0"
    for r in flagged:
        assert 1 <= len(r["examples"]) <= 3
        for x in r["examples"]:
            assert games.filter(pl.col("game") == x["game"])["seed"].item() == x["seed"]
            win = seats.filter(pl.col("game") == x["game"], pl.col("seat") == x["seat"])["win"]
            assert (win.item() > 0) == (r["flag"] == "stronger")
            assert x["command"] == (
                f"tutti play --game luthier --players 4 --seed {x['seed']} --strategies random"
            )
    # the command replays the very game: same final prestige for every seat
    x = flagged[0]["examples"][0]
    played = play_game(load_default_cards(), 4, x["seed"], parse_seats("random", 4))
    want = seats.filter(pl.col("game") == x["game"]).sort("seat")["prestige"].to_list()
    assert [int(p) for p in played.seats["prestige"]] == want


def test_matchup_matrix_with_two_strategies(run4, tmp_path) -> None:
    """Seat 0 relabelled 'alpha', seats 1-3 'beta', in a copy of the run."""
    run = tmp_path / "mixed"
    shutil.copytree(run4, run)
    for part in sorted((run / "seats").iterdir()):
        frame = pl.read_parquet(part).with_columns(
            strategy=pl.when(pl.col("seat") == 0).then(pl.lit("alpha")).otherwise(pl.lit("beta"))
        )
        frame.write_parquet(part)
        reseal(run, "seats", part)
    report = build_report(run)
    seats = read(run, "seats")
    n_games = seats["game"].n_unique()
    rates = by(report["strategies"]["by_strategy"], "strategy")
    for name in ("alpha", "beta"):
        want = seats.filter(pl.col("strategy") == name)["win"].mean()
        assert rates[name]["win_rate"] == pytest.approx(want)
    cells = by(report["strategies"]["matchups"], "strategy", "opponent")
    # alpha never meets another alpha seat; beta always meets beta
    assert set(cells) == {("alpha", "beta"), ("beta", "alpha"), ("beta", "beta")}
    assert cells[("alpha", "beta")]["n"] == n_games
    assert cells[("beta", "alpha")]["n"] == cells[("beta", "beta")]["n"] == 3 * n_games
    assert cells[("alpha", "beta")]["win_rate"] == pytest.approx(rates["alpha"]["win_rate"])
