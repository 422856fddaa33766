"""Adjusted card effects (reports.percard.adjusted): Mantel-Haenszel within strata, games as
units."""

from __future__ import annotations

import math
import random
from collections import defaultdict

import polars as pl
import pytest

from reports.percard.adjusted import from_tables, interval
from reports.percard.card_sums import role_filter
from reports.percard.cards import FLAGS, OUTCOME, verdict
from simcore import games
from simcore.stats import difference_interval


def _seats(rows: list[tuple]) -> pl.DataFrame:
    return pl.DataFrame(
        rows, schema=["game", "seat", "strategy", "start_order", "family", "win"], orient="row"
    )


def _keys(pairs: list[tuple[int, int]], card: str = "c") -> pl.DataFrame:
    return pl.DataFrame(
        {
            "kind": ["repair"] * len(pairs),
            "card_id": [card] * len(pairs),
            "level": [0] * len(pairs),
            "game": [g for g, _ in pairs],
            "seat": [s for _, s in pairs],
        }
    )


def _one(seats: pl.DataFrame, keys: pl.DataFrame) -> dict:
    return from_tables(seats, keys, ("family",)).to_dicts()[0]


def test_hand_computed_mantel_haenszel() -> None:
    """Two strata (seat 0: A|1|f, seat 1: B|2|g), four 2-player games.

    A: holders win 1, 1; non-holders 0, 0  -> n1 = n0 = 2, weight 1, difference 1.
    B: holders win 0, 1; non-holders 0, 1  -> weight 1, difference 0.
    RD = (1 * 1 + 1 * 0) / 2 = 0.5. Influences: all 0 in A; in B holders
    0.5 (w - 0.5), non-holders -0.5 (w - 0.5): games -0.25, 0.25, 0.25, -0.25.
    Var = 4 * 0.0625 / 2^2 = 0.0625, SE = 0.25.
    """
    wins = [(1, 0), (1, 0), (0, 1), (0, 1)]
    seats = _seats(
        [(g, 0, "A", 1, "f", float(w[0])) for g, w in enumerate(wins)]
        + [(g, 1, "B", 2, "g", float(w[1])) for g, w in enumerate(wins)]
    )
    got = _one(seats, _keys([(0, 0), (1, 0), (0, 1), (2, 1)]))
    assert got["weight"] == pytest.approx(2.0)
    assert got["delta"] == pytest.approx(0.5)
    assert got["se"] == pytest.approx(0.25)


def _brute(seats: pl.DataFrame, held: set[tuple[int, int]]) -> tuple[float, float]:
    """The estimator written out seat by seat, game sums squared."""
    cells: dict = defaultdict(lambda: [0, 0.0, 0, 0.0])
    rows = seats.to_dicts()
    stratum = {}
    for r in rows:
        k = (r["strategy"], r["start_order"], r["family"])
        stratum[(r["game"], r["seat"])] = k
        c = cells[k]
        if (r["game"], r["seat"]) in held:
            c[0] += 1
            c[1] += r["win"]
        else:
            c[2] += 1
            c[3] += r["win"]
    num = den = 0.0
    for n1, w1, n0, w0 in cells.values():
        if n1 and n0:
            num += (n0 * w1 - n1 * w0) / (n1 + n0)
            den += n1 * n0 / (n1 + n0)
    games: dict = defaultdict(float)
    for r in rows:
        n1, w1, n0, w0 = cells[stratum[(r["game"], r["seat"])]]
        if not (n1 and n0):
            continue
        n = n1 + n0
        if (r["game"], r["seat"]) in held:
            games[r["game"]] += n0 / n * (r["win"] - w1 / n1)
        else:
            games[r["game"]] -= n1 / n * (r["win"] - w0 / n0)
    return num / den, math.sqrt(sum(v * v for v in games.values())) / den


def _random_games(n_games: int, seed: int, strength, holds) -> tuple[pl.DataFrame, set]:
    """3-player games: strategies S0 S1 S2 by seat, random start order and family;
    the winner drawn with weights strength(strategy, holds)."""
    rng = random.Random(seed)
    rows, held = [], set()
    for g in range(n_games):
        order = rng.sample([1, 2, 3], 3)
        fams = rng.sample(["f1", "f2", "f3", "f4"], 3)
        has = [holds(s, rng) for s in range(3)]
        weights = [strength(s, has[s]) for s in range(3)]
        winner = rng.choices(range(3), weights)[0]
        shared = rng.random() < 0.05
        for s in range(3):
            win = 1.0 if s == winner else 0.0
            if shared and s in (winner, (winner + 1) % 3):
                win = 0.5
            rows.append((g, s, f"S{s}", order[s], fams[s], win))
            if has[s]:
                held.add((g, s))
    return _seats(rows), held


def test_matches_the_estimator_written_out_seat_by_seat() -> None:
    seats, held = _random_games(400, 3, lambda s, h: 1 + s + h, lambda s, r: r.random() < 0.4)
    got = _one(seats, _keys(sorted(held)))
    delta, se = _brute(seats, held)
    assert got["delta"] == pytest.approx(delta, rel=1e-9)
    assert got["se"] == pytest.approx(se, rel=1e-9)


def test_strategy_explains_the_raw_difference() -> None:
    """Only the strong strategy S0 holds the card, which does nothing within S0."""
    seats, held = _random_games(
        6000, 11, lambda s, h: 6.0 if s == 0 else 1.0, lambda s, r: s == 0 and r.random() < 0.5
    )
    keyed = {(r["game"], r["seat"]): r["win"] for r in seats.to_dicts()}
    w1 = [w for k, w in keyed.items() if k in held]
    w0 = [w for k, w in keyed.items() if k not in held]
    raw, *_ = difference_interval(
        len(w1), sum(w1), sum(x * x for x in w1), len(w0), sum(w0), sum(x * x for x in w0)
    )
    assert raw > 0.3  # holders win ~72%, the others ~21%
    got = _one(seats, _keys(sorted(held)))
    delta, low, high, p = interval(got["delta"], got["se"])
    assert abs(delta) < 0.03 and low < 0 < high
    assert verdict(delta, low, high, p <= 0.05, 0.02) in ("balanced", "undecided")


def test_planted_effect_within_strategy_is_flagged_stronger() -> None:
    """Every strategy holds the card half the time; holding doubles the winning weight."""
    seats, held = _random_games(
        6000, 12, lambda s, h: (1 + s) * (2.0 if h else 1.0), lambda s, r: r.random() < 0.5
    )
    got = _one(seats, _keys(sorted(held)))
    delta, low, high, p = interval(got["delta"], got["se"])
    assert verdict(delta, low, high, p <= 0.05, 0.02) == "stronger"
    assert 0.1 < delta < 0.3


@pytest.mark.parametrize(
    ("delta", "low", "high", "significant", "want"),
    [
        (0.05, 0.03, 0.07, True, "stronger"),
        (-0.05, -0.07, -0.03, True, "weaker"),
        (0.025, 0.01, 0.04, True, "undecided"),  # real but not beyond the margin
        (0.01, 0.005, 0.015, True, "balanced"),  # real and inside the margin
        (0.0, -0.015, 0.015, False, "balanced"),
        (0.0, -0.05, 0.05, False, "undecided"),
        (0.05, 0.03, 0.07, False, "undecided"),  # beyond the margin, not significant
    ],
)
def test_margin_verdicts(delta, low, high, significant, want) -> None:
    assert verdict(delta, low, high, significant, 0.02) == want
    assert want in FLAGS


def test_report_pipeline_matches_the_tables(run4, written4) -> None:
    """The batched report path gives the same adjusted effects as the plain tables."""
    seats = pl.read_parquet(run4 / "seats").select(
        "game", "seat", "strategy", "start_order", "family", "win"
    )
    cards = pl.read_parquet(run4 / "cards").with_columns(pl.col(pl.Categorical).cast(pl.String))
    keys = (
        cards.filter(
            role_filter(games.get("luthier").card_kinds, "held_events"), pl.col("kind") != "family"
        )
        .select(
            "kind",
            "card_id",
            level=pl.when(pl.col("kind") == "award").then(pl.col("detail")).otherwise(0),
            game="game",
            seat="seat",
        )
        .unique()
    )
    want = {
        (r["kind"], r["card_id"], r["level"]): r
        for r in from_tables(seats, keys, ("family",)).to_dicts()
    }
    rows = [
        r
        for r in written4["json"]["cards"]["rows"]
        if r["tested"] and r["kind"] not in ("family", "specialty") and r["deck"] != "royal"
    ]  # fmt: skip (family tiles, royal patrons and specialty cards have their own strata)
    assert len(rows) > 20
    for r in rows:
        w = want[(r["kind"], r["card_id"], r["level"])]
        assert r["adj_diff"] == pytest.approx(w["delta"], rel=1e-6, abs=1e-12)
        assert r["adj_diff_high"] - r["adj_diff"] == pytest.approx(1.959963984540054 * w["se"])


def test_json_rows_carry_the_contract(written4) -> None:
    rows = written4["json"]["cards"]["rows"]
    for r in rows:
        for key in ("kind", "card_id", "name", "n", "raw", "adjusted", "flag"):
            assert key in r
        for part in ("raw", "adjusted"):
            assert set(r[part]) == {"delta", "low", "high"}
        assert r["flag"] in (*FLAGS, OUTCOME)
        assert (r["flag"] == OUTCOME) == (r["kind"] == "award")
        if r["flag"] in ("untested", OUTCOME):
            assert r["adjusted"]["low"] is None and r["adjusted"]["high"] is None
        else:
            assert r["adjusted"]["low"] <= r["adjusted"]["delta"] <= r["adjusted"]["high"]
    assert written4["json"]["settings"]["margin"] == 0.02
    assert "Mantel-Haenszel" in written4["json"]["cards"]["method"]


def test_seat_game_arrays_give_the_reports_number() -> None:
    """`stratified_difference` and `SideEffects` (whatif, sweep, balance, drift) give the
    moments' estimate and standard error (the report) to rounding: one measure."""
    from reports.percard.adjusted import SideEffects, stratified_difference

    seats, held = _random_games(300, 5, lambda s, h: 1 + s + h, lambda s, r: r.random() < 0.4)
    want = _one(seats, _keys(sorted(held)))
    frame = seats.with_columns(
        k=pl.concat_str(["strategy", "start_order", "family"]).rank("dense").cast(pl.Int64) - 1,
        h=pl.struct("game", "seat").map_elements(
            lambda r: float((r["game"], r["seat"]) in held), return_dtype=pl.Float64
        ),
    )
    delta, influence = stratified_difference(
        frame["k"].to_numpy(), frame["game"].to_numpy(), frame["win"].to_numpy(),
        frame["h"].to_numpy(), 300,
    )  # fmt: skip
    assert delta == pytest.approx(want["delta"], rel=1e-9)
    assert math.sqrt((influence**2).sum()) == pytest.approx(want["se"], rel=1e-9)
    sides = SideEffects({"repair/c": True}, ("family",))
    keys = pl.DataFrame(
        [(g, s, "repair/c/0") for g, s in sorted(held)], schema=["game", "seat", "key"],
        orient="row",
    )  # fmt: skip
    for side in (0, 1):  # the same games twice: a difference of exactly 0
        sides.add(side, seats, keys)
    got = sides.result()["repair/c"]
    assert got["sides"][0]["delta"] == pytest.approx(want["delta"], rel=1e-9)
    assert got["sides"][1]["high"] - got["sides"][1]["delta"] == pytest.approx(
        1.959963984540054 * want["se"], rel=1e-6
    )
    assert got["diff"] == 0.0
