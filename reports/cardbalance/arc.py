"""The game arc: the score round by round for the winners and the rest, and whether the
leader after a round goes on to win (a runaway leader is a balance problem designers
ask about).

Read from the seats table's score-by-round columns the game declares (`score_by_round`,
Luthier's "round{round}_prestige": prestige on the board at the end of round N's play,
before the end-game scoring). Runs written before those columns existed have no arc:
`game_arc` returns None and the report says so.

A game's leader after round r is the seat with the highest score then; a game where
seats tie for the lead counts as led by each of them with weight 1/k, like a shared
win. "Leader wins" is the share of games the leader after round r wins (a shared win
counts 1/k), with a Wilson 95% interval over games; the fair share a leader would have
if the lead said nothing is 1 / players.
"""

from __future__ import annotations

import re
from typing import Any

import polars as pl

from reports.run.load import Run
from simcore.stats import wilson_interval


def round_columns(names: list[str], template: str) -> list[str]:
    """The columns of `names` that `template` ("round{round}_prestige": the game's
    `score_by_round`) names, in round order."""
    before, _, after = template.partition("{round}")
    pattern = re.compile(f"^{re.escape(before)}(\\d+){re.escape(after)}$")
    found = [(int(m[1]), n) for n in names if (m := pattern.match(n))]
    return [n for _, n in sorted(found)]


def game_arc(run: Run, template: str) -> dict[str, Any] | None:
    """{"rounds": [...], "winners": [...], "others": [...], "leader_wins": [...],
    "players": P} or None when the run recorded no score by round (`template`: the game's
    `score_by_round`)."""
    seats = run.scan("seats")
    columns = round_columns(seats.collect_schema().names(), template)
    if not columns:
        return None
    stages = stage_arc(seats.select("game", "seat", "win", *columns), columns)
    return {
        "rounds": list(range(1, len(columns) + 1)),
        "winners": stages["winners"],
        "others": stages["others"],
        "leader_wins": [
            {"round": r, **row} for r, row in enumerate(stages["leader_wins"], start=1)
        ],
        "players": run.players,
    }


def stage_arc(frame: pl.LazyFrame, columns: list[str]) -> dict[str, list]:
    """Per stage column of `frame` (game, seat, win, the columns: a seat's standing then):
    the winners' and the others' means, and how often the stage's leader wins ({"share",
    "low", "high"}: ties for the lead share it 1/k, Wilson 95% over games). Any game's arc
    (reports.game.game_arc) reads the same way."""
    winner = pl.col("win") > 0
    means = (
        frame.group_by(winner.alias("winner"))
        .agg(*[pl.col(c).cast(pl.Float64).mean() for c in columns])
        .collect()
    )
    by = {row["winner"]: row for row in means.to_dicts()}
    leads = []
    for c in columns:
        top = pl.col(c) == pl.col(c).max().over("game")
        per_game = (
            frame.with_columns(lead=top.cast(pl.Float64))
            .with_columns(lead=pl.col("lead") / pl.col("lead").sum().over("game"))
            .group_by("game")
            .agg(won=(pl.col("lead") * pl.col("win").cast(pl.Float64)).sum())
        )
        leads.append(per_game.select(pl.col("won").sum(), pl.len()))
    rows = []
    for result in pl.collect_all(leads):
        won, n = float(result["won"][0]), int(result["len"][0])
        low, high = wilson_interval(won, n)
        rows.append({"share": won / n if n else None, "low": low, "high": high})
    return {
        "winners": [by.get(True, {}).get(c) for c in columns],
        "others": [by.get(False, {}).get(c) for c in columns],
        "leader_wins": rows,
    }


def arc_sentence(arc: dict[str, Any] | None, score: str) -> str:
    """One plain sentence: how often the leader after round 3 (or the middle) wins."""
    if arc is None:
        return (
            f"This run records no {score} by round (written by an older tutti): "
            "simulate again for the game arc."
        )
    rows = arc["leader_wins"]
    r = min(3, len(rows))
    row = rows[r - 1]
    fair = 1 / arc["players"]
    return (
        f"The leader after round {r} goes on to win {row['share']:.1%} of games "
        f"(95% interval {row['low']:.1%}-{row['high']:.1%}; a lead that said nothing "
        f"would win {fair:.1%}); after the last round's play the leader wins "
        f"{rows[-1]['share']:.1%} (the end-game scoring decides the rest)."
    )


def arc_rows(arc: dict[str, Any]) -> list[list[str]]:
    """Per round: winners' and the others' mean score, the leader's win share."""
    out = []
    for r, w, o, lead in zip(
        arc["rounds"], arc["winners"], arc["others"], arc["leader_wins"], strict=True
    ):
        share = f"{lead['share']:.1%} ({lead['low']:.1%}-{lead['high']:.1%})"
        out.append([str(r), f"{w:.1f}", f"{o:.1f}", f"{w - o:+.1f}", share])
    return out


def arc_headers(score: str) -> list[str]:
    """The arc table's headers, the score named as the game names it."""
    return [
        "After round",
        f"Winners' {score}",
        f"Others' {score}",
        "Gap",
        "Leader wins (95% interval)",
    ]
