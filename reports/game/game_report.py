"""The per-event sections of a report, from the common columns and what the game declares
(simcore/games/api.py), JSON-ready (reports.game.game_render lays them out; reports.render.sections
switches them on, for a game without the card-balance sections).

Sections: the run, win rate by strategy and by start order (first-player
advantage), the score, its distribution and where its points come from (the game's
`score_sources`), the game arc (reports.game.game_arc: held card events by stage of the game),
every card's win-rate effect per event (the game's `card_kinds`) and the dead cards
(reports.game.game_dead: held too rarely for a finding, with what to set). Sections for what a
game's tables carry beyond the common columns key on the columns, never on the game's
name: the end trigger (games.end_trigger, seats.ended_game), the critic
(seats.critic_points, critic_at_end) and one-turn completions (seats.rows_one_turn).
Every number is in the dict; `tutti report` goes through reports.report.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import polars as pl

from reports.game.game_effects import Units, difference, group_rate, rate
from reports.run.load import Run
from simcore.games.api import Game
from simcore.stats import chi_square_uniform

FEW_GAMES = 2_000  # below this, the summary says the numbers are too uncertain to act on
Report = dict[str, Any]


def load_seats(run: Run, score: str) -> pl.DataFrame:
    """The seats table in memory, sorted by game and seat, with `row` (its position), `g`
    (the game's position), `win` exact in float64 (1/k for each of k tied winners: the
    table's float32 is not) and `first` (start order 1)."""
    frame = run.scan("seats").collect().sort("game", "seat")
    won = (pl.col("win") > 0).cast(pl.Float64)
    return frame.with_columns(
        (won / won.sum().over("game")).alias("win"),
        pl.col(score).cast(pl.Float64).alias("score"),
        row=pl.int_range(pl.len(), dtype=pl.Int64),
        g=(pl.col("game").rank("dense") - 1).cast(pl.Int64),
        first=pl.col("start_order") == 1,
    )


def units_of(seats: pl.DataFrame, by: list[str]) -> Units:
    """The seat-games as arrays, strata by the columns `by` (none: one stratum)."""
    if by:
        key = pl.concat_str([pl.col(c).cast(pl.String) for c in by], separator="|")
        stratum = seats.select((key.rank("dense") - 1).cast(pl.Int64)).to_series().to_numpy()
    else:
        stratum = np.zeros(seats.height, np.int64)
    return Units(
        game=seats["g"].to_numpy(), win=seats["win"].to_numpy(), stratum=np.asarray(stratum)
    )


def _spread(values: pl.Series) -> dict[str, Any]:
    v = values.cast(pl.Float64)
    return {
        "n": v.len(),
        "mean": v.mean(),
        "sd": v.std(),
        "p10": v.quantile(0.1, "nearest"),
        "median": v.quantile(0.5, "nearest"),
        "p90": v.quantile(0.9, "nearest"),
    }


def strategies(seats: pl.DataFrame, units: Units) -> list[dict[str, Any]]:
    """Win rate (95% interval) and score of each strategy, strongest first."""
    rows = []
    for name in seats["strategy"].unique(maintain_order=True):
        mask = (seats["strategy"] == name).to_numpy()
        rows.append(
            {
                "strategy": name,
                **group_rate(units, mask),
                "score": _spread(seats.filter(pl.Series(mask))["score"]),
            }
        )
    return sorted(rows, key=lambda r: -(r["rate"] or 0))


def start_order(seats: pl.DataFrame, players: int, units: Units, by_strategy: Units) -> Report:
    """Win rate per start order, the chi-square test of equal wins, the first player's
    advantage (raw, and within strategy), and each strategy's rate per start order."""
    rows = []
    for order in sorted(seats["start_order"].unique()):
        rows.append(
            {
                "start_order": int(order),
                **group_rate(units, (seats["start_order"] == order).to_numpy()),
            }
        )
    statistic, df, p_value = chi_square_uniform([r["wins"] for r in rows])
    grid = []
    for name in seats["strategy"].unique(maintain_order=True):
        for order in sorted(seats["start_order"].unique()):
            mask = ((seats["strategy"] == name) & (seats["start_order"] == order)).to_numpy()
            grid.append({"strategy": name, "start_order": int(order), **group_rate(units, mask)})
    first = seats["first"].to_numpy()
    return {
        "fair_rate": 1.0 / players,
        "by_start_order": rows,
        "chi_square": {"statistic": statistic, "df": df, "p_value": p_value},
        "first_vs_others": difference(units, first, stratified=False),
        "first_vs_others_within_strategy": difference(by_strategy, first),
        "by_strategy_and_start_order": grid,
    }


def scores(seats: pl.DataFrame, game: Game) -> Report:
    """The score's spread per strategy and for winners, and its signed sources."""
    declared = dict(game.score_sources)
    sources = {c: s for c, s in declared.items() if c in seats.columns}
    winners = seats["win"] > 0
    rows = []
    for column, sign in sources.items():
        signed = seats[column].cast(pl.Float64) * sign
        per_strategy = (
            seats.select("strategy", v=signed)
            .group_by("strategy", maintain_order=True)
            .agg(pl.col("v").mean())
        )
        rows.append(
            {
                "source": column,
                "sign": sign,
                "mean": signed.mean(),
                "winners_mean": signed.filter(winners).mean(),
                "others_mean": signed.filter(~winners).mean(),
                "by_strategy": dict(zip(per_strategy["strategy"], per_strategy["v"], strict=True)),
            }
        )
    total = sum((seats[c].cast(pl.Float64) * s for c, s in sources.items()), pl.Series([0.0]))
    adds_up = bool(sources) and bool(((total - seats["score"]).abs() < 1e-6).all())
    return {
        "column": game.score,
        "all": _spread(seats["score"]),
        "winners": _spread(seats.filter(winners)["score"]),
        "others": _spread(seats.filter(~winners)["score"]),
        "sources": rows,
        "sources_add_up": adds_up,
        "undeclared": sorted(set(declared) - set(sources)),
        "histogram": score_histogram(seats),
    }


MAX_BINS = 30  # the score histogram's most bins


def bin_width(low: float, high: float, max_bins: int = MAX_BINS) -> float:
    """The smallest of 1, 2, 5, 10, 20, 50, ... points giving at most `max_bins` bins."""
    width = 1.0
    while (high - low) / width >= max_bins:
        for step in (2, 2.5, 2):
            width *= step
            if (high - low) / width < max_bins:
                break
    return width


def score_histogram(seats: pl.DataFrame) -> list[dict[str, Any]]:
    """Seats per score bin ("low": the bin's first score, "width"), all, winners and the
    others; empty bins inside the range kept, so the steps read as a distribution."""
    score = seats["score"]
    if score.len() == 0 or score.null_count() == score.len():
        return []
    low, high = math.floor(score.min()), math.floor(score.max())
    width = bin_width(low, high)
    start = math.floor(low / width) * width
    frame = seats.select(
        b=((pl.col("score") - start) / width).floor().cast(pl.Int64), w=pl.col("win") > 0
    )
    counts = frame.group_by("b").agg(pl.len().alias("all"), pl.col("w").sum().alias("winners"))
    by = {r["b"]: r for r in counts.iter_rows(named=True)}
    out = []
    for b in range(int(frame["b"].max()) + 1):
        r = by.get(b, {"all": 0, "winners": 0})
        out.append(
            {
                "low": start + b * width,
                "width": width,
                "all": int(r["all"]),
                "winners": int(r["winners"]),
                "others": int(r["all"] - r["winners"]),
            }
        )
    return out


def end_trigger(run: Run, seats: pl.DataFrame, units: Units) -> Report | None:
    """What ended the games (games.end_trigger): shares with intervals, and by whom
    (seats.ended_game): each ender's strategy, and how often the ender won."""
    gs = run.scan("games").collect_schema()
    if "end_trigger" not in gs:
        return None
    cols = ["game", "end_trigger", *(["turns"] if "turns" in gs else [])]
    frame = run.scan("games").select(cols).collect()
    n = frame.height
    triggers = frame.group_by("end_trigger").agg(
        pl.len().alias("games"), *([pl.col("turns").mean()] if "turns" in cols else [])
    )
    rows = []
    for r in triggers.sort("games", descending=True).iter_rows(named=True):
        share = rate(r["games"], n)
        rows.append(
            {
                "trigger": r["end_trigger"],
                "games": r["games"],
                "share": share["rate"],
                "ci_low": share["ci_low"],
                "ci_high": share["ci_high"],
                "mean_turns": r.get("turns"),
            }
        )
    out: Report = {"games": n, "by_trigger": rows, "by_ender": [], "ender": None}
    if "ended_game" not in seats.columns:
        return out
    enders = seats.filter(pl.col("ended_game")).join(frame, on="game")
    by = enders.group_by("end_trigger", "strategy").agg(
        pl.len().alias("games"), pl.col("win").sum().alias("wins")
    )
    totals = dict(enders.group_by("end_trigger").len().iter_rows())
    for r in by.sort("end_trigger", "games", descending=[False, True]).iter_rows(named=True):
        out["by_ender"].append(
            {
                "trigger": r["end_trigger"],
                "strategy": r["strategy"],
                "games": r["games"],
                "share_of_trigger": r["games"] / totals[r["end_trigger"]],
                "ender_win_rate": r["wins"] / r["games"],
            }
        )
    ended = seats["ended_game"].to_numpy()
    out["ender"] = {
        **group_rate(units, ended),
        "vs_others_within_strategy": difference(units, ended),
    }
    return out


def critic(seats: pl.DataFrame, units: Units) -> Report | None:
    """The value of the critic: its bonus points per strategy and for winners, how often
    its holder at the end wins, and the win-rate difference of holding it (correlational)."""
    if "critic_points" not in seats.columns:
        return None
    pts = seats["critic_points"].cast(pl.Float64)
    took = (pts > 0).to_numpy()
    per_strategy = []
    for name in seats["strategy"].unique(maintain_order=True):
        mask = seats["strategy"] == name
        per_strategy.append(
            {
                "strategy": name,
                "mean_points": pts.filter(mask).mean(),
                "share_of_score": _share(pts.filter(mask), seats["score"].filter(mask)),
                "took_it": float(took[mask.to_numpy()].mean()),
            }
        )
    winners = seats["win"] > 0
    out: Report = {
        "mean_points": pts.mean(),
        "mean_points_when_taken": pts.filter(pl.Series(took)).mean() if took.any() else None,
        "winners_mean_points": pts.filter(winners).mean(),
        "others_mean_points": pts.filter(~winners).mean(),
        "by_strategy": per_strategy,
        "took_it": difference(units, took),
        "held_at_end": None,
    }
    if "critic_at_end" in seats.columns:
        held = seats["critic_at_end"].to_numpy()
        out["held_at_end"] = {
            **group_rate(units, held),
            "games_with_holder": int(held.sum()),
            "vs_others": difference(units, held, stratified=False),
            "vs_others_within_strategy": difference(units, held),
        }
    return out


def _share(part: pl.Series, whole: pl.Series) -> float | None:
    total = whole.sum()
    return float(part.sum() / total) if total > 0 else None


def one_turn(seats: pl.DataFrame, units: Units) -> Report | None:
    """Rows completed in one turn (seats.rows_one_turn): how many per strategy, what they
    pay (seats.one_turn_points) and how they go with winning (correlational)."""
    if "rows_one_turn" not in seats.columns:
        return None
    count = seats["rows_one_turn"].cast(pl.Float64)
    has = (count > 0).to_numpy()
    extra = (
        seats["one_turn_points"].cast(pl.Float64) if "one_turn_points" in seats.columns else None
    )
    per_strategy = []
    for name in seats["strategy"].unique(maintain_order=True):
        mask = seats["strategy"] == name
        per_strategy.append(
            {
                "strategy": name,
                "mean_per_game": count.filter(mask).mean(),
                "share_with_one": float(has[mask.to_numpy()].mean()),
                "mean_extra_points": extra.filter(mask).mean() if extra is not None else None,
            }
        )
    return {
        "mean_per_seat": count.mean(),
        "mean_per_game": float(count.sum()) / max(units.n_games, 1),
        "by_strategy": per_strategy,
        "any_vs_none": difference(units, has),
    }
