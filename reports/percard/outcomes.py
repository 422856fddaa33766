"""Outcomes: how often each level of a per-level outcome kind is claimed and by which
strategy (Luthier's award levels), and how often each card whose completion is an
outcome is kept and completed (Luthier's personal goals); the kinds are the game's
(`CardKind.per_level` with `outcome`, and `completion_is_outcome`).

Claiming a level or scoring a goal is a result of playing well, not a choice a
designer can weaken like a card, so these numbers are kept apart from the card
ranking and flags (`reports.percard.cards`: the level rows get the flag "outcome"; a goal's
"kept" choice stays a card row). No win-rate difference of claimers is shown here.
The JSON keeps the names "awards" (levels claimed) and "goals" (completions).
"""

from __future__ import annotations

from typing import Any

import polars as pl

from reports.run.load import Run
from simcore.games.api import CardKind

NEVER_REACHED = 0.0  # a level claimed in this share of games (none) is "never reached"
NEARLY_ALWAYS = 0.95  # a level claimed in at least this share of games is "nearly always"
Row = dict[str, Any]


def level_status(games_claimed: int, share: float | None) -> str | None:
    """ "never reached" (claimed in no game), "nearly always" (share >= NEARLY_ALWAYS)."""
    if games_claimed == 0 or (share is not None and share <= NEVER_REACHED):
        return "never reached"
    if share is not None and share >= NEARLY_ALWAYS:
        return "nearly always"
    return None


def _claims(
    run: Run, kind: str, events: tuple[str, ...]
) -> tuple[pl.DataFrame, pl.DataFrame, pl.DataFrame]:
    """Per (card, level) of `kind`: games with a claim (one of `events`) and claims; per
    (card, level, strategy): claims; per strategy: seat-games."""
    # filter on the categoricals and cast only what is kept: casting the whole cards
    # table to strings first cost 10 s on a million games
    claimed = (
        run.scan("cards", strings=False)
        .filter((pl.col("kind") == kind) & pl.col("event").is_in(list(events)))
        .select(
            "game",
            "seat",
            pl.col("card_id").cast(pl.String),
            level=pl.col("detail").cast(pl.Int64),
        )
    )
    seats = run.scan("seats", strings=False).select(
        "game", "seat", pl.col("strategy").cast(pl.String)
    )
    claims = claimed.join(seats, on=["game", "seat"], how="left")
    per_level = claims.group_by("card_id", "level").agg(
        games=pl.col("game").n_unique().cast(pl.Int64), claims=pl.len().cast(pl.Int64)
    )
    per_strategy = claims.group_by("card_id", "level", "strategy").agg(
        claims=pl.len().cast(pl.Int64)
    )
    seat_games = seats.group_by("strategy").agg(n=pl.len().cast(pl.Int64))
    return tuple(pl.collect_all([per_level, per_strategy, seat_games]))  # type: ignore[return-value]


def outcomes(run: Run, rows: list[Row], level: CardKind, goal: CardKind | None) -> dict[str, Any]:
    """The "outcomes" part of the report (docs/guide/report.md): the levels of `level`
    claimed ("awards") and the cards of `goal` kept and completed ("goals")."""
    level_kind, goal_kind = level.kind, goal.kind if goal is not None else None
    per_level, per_strategy, seat_games = _claims(run, level_kind, level.held_events)
    levels = {(r["card_id"], r["level"]): r for r in per_level.to_dicts()}
    by_strategy: dict[tuple, list[Row]] = {}
    for r in per_strategy.sort(
        "card_id", "level", "claims", "strategy", descending=[False, False, True, False]
    ).to_dicts():
        by_strategy.setdefault((r["card_id"], r["level"]), []).append(r)
    total_seats = int(seat_games["n"].sum()) or 1
    strategies = sorted(
        ({"strategy": r["strategy"], "seat_share": r["n"] / total_seats}
         for r in seat_games.to_dicts()),
        key=lambda r: r["strategy"],
    )  # fmt: skip
    awards = []
    for row in rows:
        if row["kind"] != level_kind:
            continue
        key = (row["card_id"], row["level"])
        got = levels.get(key, {"games": 0, "claims": 0})
        in_play = row.get("in_play") or 0
        share = got["games"] / in_play if in_play else None
        awards.append(
            {
                "card_id": row["card_id"],
                "card": row["card"],
                "level": row["level"],
                "in_play": in_play,
                "games_claimed": got["games"],
                "claims": got["claims"],
                "claim_share": share,
                "status": level_status(got["games"], share) if in_play else "not in play",
                "by_strategy": [
                    {
                        "strategy": s["strategy"],
                        "claims": s["claims"],
                        "share": s["claims"] / got["claims"],
                    }
                    for s in by_strategy.get(key, [])
                ],
            }
        )
    goals = [
        {
            "card_id": r["card_id"],
            "card": r["card"],
            "dealt": r["dealt"],
            "kept": r["n"],
            "kept_rate": r["n"] / r["dealt"] if r["dealt"] else None,
            "scored": r.get("completed"),
            "scored_when_kept": r["completion_rate"],
            "scored_levels": r.get("completed_levels"),
        }
        for r in rows
        if r["kind"] == goal_kind
    ]
    return {
        "level_kind": level_kind,
        "goal_kind": goal_kind,
        "thresholds": {"never_reached": NEVER_REACHED, "nearly_always": NEARLY_ALWAYS},
        "strategies": strategies,
        "awards": awards,
        "goals": goals,
    }
