"""Win rates by start order, grouping (the game's `groupings`: Luthier's family tile) and
strategy, with Wilson intervals (lazy polars).

A seat's `win` is 1, 0, or 1/k for a k-way shared victory, so the win rates of
a game's seats add up to 1 and a perfectly balanced seat wins 1/players.
"""

from __future__ import annotations

from typing import Any

import polars as pl

from reports.run.load import Run
from reports.run.settings import Settings
from simcore.stats import chi_square_uniform, wilson_interval

Row = dict[str, Any]


def rate(n: int, wins: float, settings: Settings) -> Row:
    """A win rate with its Wilson 95% interval, marked too uncertain when n is small."""
    low, high = wilson_interval(wins, n)
    uncertain = n < settings.min_sample or not (high - low) <= 2 * settings.max_half_width
    return {
        "n": int(n),
        "wins": float(wins),
        "win_rate": wins / n if n else None,
        "ci_low": low if n else None,
        "ci_high": high if n else None,
        "too_uncertain": bool(uncertain),
    }


def _rates(frame: pl.DataFrame, keys: list[str], settings: Settings) -> list[Row]:
    rows = []
    for rec in frame.sort(keys).iter_rows(named=True):
        rows.append({**{k: rec[k] for k in keys}, **rate(rec["n"], rec["wins"], settings)})
    return rows


def _win_aggs() -> list[pl.Expr]:
    return [pl.len().alias("n"), pl.col("win").cast(pl.Float64).sum().alias("wins")]


def seat_balance(run: Run, settings: Settings) -> Row:
    """Win rate per start order (1 = first player) and a chi-square test of equal wins."""
    frame = run.scan("seats").group_by("start_order").agg(_win_aggs()).collect()
    rows = _rates(frame, ["start_order"], settings)
    observed = [r["wins"] for r in rows]
    statistic, df, p_value = chi_square_uniform(observed)
    expected = sum(observed) / len(observed) if observed else 0.0
    return {
        "fair_rate": 1.0 / run.players,
        "by_start_order": rows,
        "chi_square": {
            "statistic": statistic,
            "df": df,
            "p_value": p_value,
            "expected_wins_per_position": expected,
            "too_few_games": expected < 5,
        },
    }


def grouping(run: Run, settings: Settings, column: str) -> Row:
    """Win rate per value of the seats' grouping `column` ("by_<column>"), and per value
    and start order ("by_<column>_and_start_order")."""
    seats = run.scan("seats")
    by_value = seats.group_by(column).agg(_win_aggs()).collect()
    by_both = seats.group_by(column, "start_order").agg(_win_aggs()).collect()
    return {
        f"by_{column}": _rates(by_value, [column], settings),
        f"by_{column}_and_start_order": _rates(by_both, [column, "start_order"], settings),
    }


def strategies(run: Run, settings: Settings) -> Row:
    """Win rate per strategy, and the strategy-vs-strategy matchup matrix.

    matchup[A][B] is the win rate of A's seats in games where another seat played B.
    """
    seats = run.scan("seats").select("game", "seat", "strategy", "win")
    by_strategy = seats.group_by("strategy").agg(_win_aggs()).collect()
    lineup = seats.group_by("game", "strategy").agg(pl.len().cast(pl.Int64).alias("count"))
    matchups = (
        seats.join(lineup, on="game")
        .with_columns(
            others=pl.col("count") - (pl.col("strategy") == pl.col("strategy_right")).cast(pl.Int64)
        )
        .filter(pl.col("others") > 0)
        .group_by("strategy", "strategy_right")
        .agg(_win_aggs())
        .rename({"strategy_right": "opponent"})
        .collect()
    )
    return {
        "by_strategy": _rates(by_strategy, ["strategy"], settings),
        "matchups": _rates(matchups, ["strategy", "opponent"], settings),
    }
