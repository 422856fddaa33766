"""The final score (the game's score column, Luthier's prestige): distributions for all
seats, winners and losers, its sources (the game's `score_sources`), and margins.

A winner is a seat with `win > 0` (a shared victory makes every sharer a winner).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import polars as pl

from reports.run.load import Run

Row = dict[str, Any]
GROUPS = ("all", "winners", "losers")
QUANTILES = {"p10": 0.10, "p25": 0.25, "median": 0.50, "p75": 0.75, "p90": 0.90}


def _summary_aggs(col: str) -> list[pl.Expr]:
    c = pl.col(col).cast(pl.Float64)
    return [
        pl.len().alias("n"),
        c.mean().alias("mean"),
        c.std().alias("sd"),
        c.min().alias("min"),
        *[c.quantile(q, "nearest").alias(name) for name, q in QUANTILES.items()],
        c.max().alias("max"),
    ]


def _group_expr() -> pl.Expr:
    return pl.when(pl.col("win") > 0).then(pl.lit("winners")).otherwise(pl.lit("losers"))


def source_columns(run: Run, declared: Mapping[str, int]) -> list[str]:
    """The score's source columns (`declared`: the game's `score_sources`) the seats table
    has, in table order."""
    schema = run.scan("seats").collect_schema()
    return [c for c in schema.names() if c in declared]


def final_score(run: Run, score: str) -> Row:
    """Summary statistics and a histogram of the final `score` (the seats column), for
    all, winners and losers (histogram rows keyed by `score`)."""
    seats = run.scan("seats").select(score, "win").with_columns(group=_group_expr())
    overall = seats.select(_summary_aggs(score)).with_columns(group=pl.lit("all"))
    split = seats.group_by("group").agg(_summary_aggs(score))
    hist = seats.group_by(score).agg(
        pl.len().alias("all"),
        (pl.col("group") == "winners").sum().alias("winners"),
        (pl.col("group") == "losers").sum().alias("losers"),
    )
    overall, split, hist = pl.collect_all([overall, split, hist])
    summary = {r["group"]: r for r in pl.concat([overall, split], how="diagonal").to_dicts()}
    return {
        "summary": [
            {"group": g, **{k: v for k, v in summary[g].items() if k != "group"}}
            for g in GROUPS
            if g in summary
        ],
        "histogram": hist.sort(score).to_dicts(),
    }


def sources(run: Run, score: str, declared: Mapping[str, int]) -> list[Row]:
    """Mean score per source (the `declared` columns, named without the "<score>_" prefix)
    and its share of the score, for winners and losers.

    share = mean points from the source / mean score of the group (the fraction of the
    group's score that came from the source; a negative source, such as Luthier's
    patience, has a negative share).
    """
    cols = source_columns(run, declared)
    names = [c.removeprefix(f"{score}_") for c in cols]
    seats = run.scan("seats").select(score, "win", *cols).with_columns(group=_group_expr())
    means = [pl.col(c).cast(pl.Float64).mean().alias(c) for c in [score, *cols]]
    split = seats.group_by("group").agg(means)
    overall = seats.select(means).with_columns(group=pl.lit("all"))
    frame = pl.concat(pl.collect_all([overall, split]), how="diagonal")
    by_group = {r["group"]: r for r in frame.to_dicts()}
    rows = []
    for s, column in zip(names, cols, strict=True):
        row: Row = {"source": s}
        for g in GROUPS:
            rec = by_group.get(g)
            mean = rec[column] if rec else None
            total = rec[score] if rec else None
            row[f"{g}_mean"] = mean
            row[f"{g}_share"] = mean / total if mean is not None and total else None
        rows.append(row)
    return rows


def margins(run: Run, score: str) -> Row:
    """The winning margin (the games table's `margin`: winner minus best other seat) over
    games without a shared win; the mean winning score where the games table has
    "winning_<score>"."""
    winning = f"winning_{score}"
    has_winning = winning in run.scan("games").collect_schema()
    games = run.scan("games").select("margin", "shared_win", *([winning] if has_winning else []))
    shared = games.select(
        pl.len().alias("games"),
        pl.col("shared_win").sum().alias("shared_wins"),
        *(
            [pl.col(winning).cast(pl.Float64).mean().alias(f"mean_{winning}")]
            if has_winning
            else []
        ),
    )
    clear = games.filter(~pl.col("shared_win"))
    summary = clear.select(_summary_aggs("margin"))
    hist = clear.group_by("margin").agg(pl.len().alias("games"))
    shared, summary, hist = pl.collect_all([shared, summary, hist])
    facts = shared.to_dicts()[0]
    return {
        **facts,
        "shared_win_rate": facts["shared_wins"] / facts["games"] if facts["games"] else None,
        "summary": summary.to_dicts()[0],
        "histogram": hist.sort("margin").to_dicts(),
    }
