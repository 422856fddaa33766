"""Any game's arc from its cards table: how each seat's play builds up over the game, for
the winners and the rest and per strategy, and how often the seat ahead at a stage wins.

No game's common tables carry a score by turn, but every cards table dates its events
(`round`: Luthier's round, Maestro's turn). The arc counts a seat's *held* events (the
game's `card_roles.held`: the events by which a seat holds or uses a card) of one card
kind, cumulated up to each stage of the game: the kind with the most such events, the
finest grain the table has (Maestro: instrument events placed and raided, one per
musician put on the board, which is what the appraisal pays for).

Stages: the rounds themselves where every game lasts the same number of rounds (at most
`MAX_ROUNDS`), else tenths of each game (its rounds up to its last card event), so games
of different lengths line up. The seat ahead at a stage is the one with the most events
then; the leader's win share is read as in Luthier's arc (reports.cardbalance.arc.stage_arc).
"""

from __future__ import annotations

from typing import Any

import polars as pl

from reports.cardbalance.arc import stage_arc
from reports.run.load import Run
from simcore.games.api import Game

MAX_ROUNDS = 12  # a game of fixed length up to this many rounds is shown round by round
TENTHS = 10


def _held(game: Game) -> dict[str, tuple[str, ...]]:
    return {k: tuple(v) for k, v in game.card_roles.held.items()}


def card_arc(run: Run, seats: pl.DataFrame, game: Game) -> dict[str, Any] | None:
    """The arc: {"kind", "events", "stage_unit" ("round" | "tenth"), "stages", "winners",
    "others", "by_strategy", "leader_wins", "players"}; None without a cards table with
    `round` (or without any card event)."""
    if not all(p.exists() for p in run.parts("cards")):
        return None
    cards = run.scan("cards")
    if "round" not in cards.collect_schema().names():
        return None
    held = _held(game)
    columns_in = ("game", "seat", "kind", "event", "round")
    batches = run.chunk_batches()  # a game lies in one chunk: read a batch at a time
    counts = pl.concat(
        [run.scan("cards", b).group_by("kind", "event").len().collect() for b in batches]
    )
    if counts.height == 0:
        return None
    per_kind: dict[str, int] = {}
    for kind, event, n in counts.iter_rows():
        if event in held.get(kind, (event,)):
            per_kind[kind] = per_kind.get(kind, 0) + n
    if not per_kind:
        return None
    kind = max(per_kind, key=lambda k: (per_kind[k], k))
    chosen = sorted({e for k, e, _ in counts.iter_rows() if k == kind and e in held.get(k, (e,))})
    length = pl.concat(
        [
            run.scan("cards", b).group_by("game").agg(pl.col("round").max().alias("length"))
            .collect()
            for b in batches
        ]
    )  # fmt: skip
    fixed = length["length"].n_unique() == 1 and int(length["length"][0]) <= MAX_ROUNDS
    n_stages = int(length["length"][0]) if fixed else TENTHS
    if fixed:
        stage = pl.col("round").cast(pl.Int64)
    else:
        share = pl.col("round").cast(pl.Float64) / pl.col("length").cast(pl.Float64)
        stage = (share * TENTHS).ceil().clip(1, TENTHS).cast(pl.Int64)
    columns = [f"stage{s}" for s in range(1, n_stages + 1)]
    per_seat = pl.concat(
        [
            run.scan("cards", b).select(columns_in)
            .filter((pl.col("kind") == kind) & pl.col("event").is_in(chosen))
            .join(length.lazy(), on="game")
            .with_columns(stage=stage)
            .group_by("game", "seat")
            .agg(*[(pl.col("stage") <= s).sum().alias(c) for s, c in enumerate(columns, 1)])
            .collect()
            for b in batches
        ]
    ).lazy()  # fmt: skip
    frame = (
        seats.lazy()
        .select("game", pl.col("seat").cast(pl.Int64), "win", "strategy")
        .join(per_seat.with_columns(pl.col("seat").cast(pl.Int64)), on=["game", "seat"], how="left")
        .with_columns(pl.col(columns).fill_null(0))
        .collect()
    )
    stages = stage_arc(frame.lazy(), columns)
    by_strategy = {
        row["strategy"]: [row[c] for c in columns]
        for row in frame.group_by("strategy", maintain_order=True)
        .agg(pl.col(columns).cast(pl.Float64).mean())
        .iter_rows(named=True)
    }
    return {
        "kind": kind,
        "events": chosen,
        "stage_unit": "round" if fixed else "tenth",
        "stages": list(range(1, n_stages + 1)),
        "winners": stages["winners"],
        "others": stages["others"],
        "by_strategy": by_strategy,
        "leader_wins": stages["leader_wins"],
        "players": run.players,
    }
