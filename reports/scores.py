"""Final prestige: distributions for all seats, winners and losers, sources, and margins.

A winner is a seat with `win > 0` (a shared victory makes every sharer a winner).
"""

from __future__ import annotations

from typing import Any

import polars as pl

from reports.load import Run

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


def source_names(run: Run) -> list[str]:
    """Prestige sources in table order (the `prestige_<source>` columns of the seats table)."""
    schema = run.scan("seats").collect_schema()
    return [c.removeprefix("prestige_") for c in schema.names() if c.startswith("prestige_")]


def prestige(run: Run) -> Row:
    """Summary statistics and a histogram of final prestige, for all, winners and losers."""
    seats = run.scan("seats").select("prestige", "win").with_columns(group=_group_expr())
    overall = seats.select(_summary_aggs("prestige")).with_columns(group=pl.lit("all"))
    split = seats.group_by("group").agg(_summary_aggs("prestige"))
    hist = seats.group_by("prestige").agg(
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
        "histogram": hist.sort("prestige").to_dicts(),
    }


def sources(run: Run) -> list[Row]:
    """Mean prestige per source and its share of all prestige, for winners and losers.

    share = mean points from the source / mean prestige of the group (the fraction of
    the group's prestige that came from the source; patience is negative).
    """
    names = source_names(run)
    cols = [f"prestige_{s}" for s in names]
    seats = run.scan("seats").select("prestige", "win", *cols).with_columns(group=_group_expr())
    means = [pl.col(c).cast(pl.Float64).mean().alias(c) for c in ["prestige", *cols]]
    split = seats.group_by("group").agg(means)
    overall = seats.select(means).with_columns(group=pl.lit("all"))
    frame = pl.concat(pl.collect_all([overall, split]), how="diagonal")
    by_group = {r["group"]: r for r in frame.to_dicts()}
    rows = []
    for s in names:
        row: Row = {"source": s}
        for g in GROUPS:
            rec = by_group.get(g)
            mean = rec[f"prestige_{s}"] if rec else None
            total = rec["prestige"] if rec else None
            row[f"{g}_mean"] = mean
            row[f"{g}_share"] = mean / total if mean is not None and total else None
        rows.append(row)
    return rows


def margins(run: Run) -> Row:
    """The winning margin (winner minus best other seat) over games without a shared win."""
    games = run.scan("games").select("margin", "shared_win", "winning_prestige")
    shared = games.select(
        pl.len().alias("games"),
        pl.col("shared_win").sum().alias("shared_wins"),
        pl.col("winning_prestige").cast(pl.Float64).mean().alias("mean_winning_prestige"),
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
