"""Each card's win-rate effect per event, from the cards table (any game).

A seat-game "has" event E of card C when the cards table holds a row (game, seat, kind,
C, E); an event named `E_more` counts as E too (a Maestro row `completed_in_one_turn` is
`completed`), and `any` is any event of the card. For each (kind, card, event): how many
seat-games and games had it, the share per strategy, the win rates with and without, the
raw difference and the difference within strategy and start order (reports.game_effects,
games as the units), with Benjamini-Hochberg q-values over all of them. These are
correlations: a seat that completes a row may win because it was ahead anyway.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl

from reports.game_effects import Units, difference
from reports.load import Run
from simcore.stats import benjamini_hochberg

ANY = "any"
ADJUSTED = "strategy and start order"  # the strata of the adjusted difference


def event_groups(events: list[str]) -> dict[str, list[str]]:
    """Each event and the events that count as it (itself and `E_...`), then `any`."""
    groups = {e: [f for f in events if f == e or f.startswith(e + "_")] for e in events}
    return {**groups, ANY: list(events)}


def holders(run: Run, seats: pl.DataFrame) -> pl.DataFrame:
    """Distinct (kind, card_id, card, event, row) of the cards table; `row` is the seat-game's
    position in `seats`."""
    events = run.scan("cards").select("game", "seat", "kind", "card_id", "card", "event").unique()
    index = seats.lazy().select("game", "seat", "row")
    return (
        events.join(index, on=["game", "seat"])
        .select("kind", "card_id", "card", "event", "row")
        .collect()
    )


def _kind_order(found: list[str], declared: dict[str, str]) -> list[str]:
    return [k for k in declared if k in found] + sorted(k for k in found if k not in declared)


def card_effects(run: Run, seats: pl.DataFrame, units: Units, game: Any) -> dict[str, Any]:
    """The cards section: kinds (with their events) and one row per (kind, card, event)."""
    declared = dict(getattr(game, "card_kinds", {}) or {})
    found = holders(run, seats)
    strategy = seats["strategy"].to_numpy()
    names = list(dict.fromkeys(strategy.tolist()))
    per_strategy_n = {s: int((strategy == s).sum()) for s in names}
    g = units.game
    n_seats = seats.height
    kinds, rows = [], []
    for kind in _kind_order(found["kind"].unique().to_list(), declared):
        of_kind = found.filter(pl.col("kind") == kind)
        events = sorted(of_kind["event"].unique().to_list())
        groups = event_groups(events)
        kinds.append(
            {"kind": kind, "title": kind.replace("_", " ").capitalize() + "s",
             "data_file": declared.get(kind), "events": list(groups)}
        )  # fmt: skip
        cards = of_kind.group_by("card_id", maintain_order=True).agg(pl.col("card").first())
        for card_id, card in cards.sort("card_id").iter_rows():
            of_card = of_kind.filter(pl.col("card_id") == card_id)
            for event, members in groups.items():
                idx = of_card.filter(pl.col("event").is_in(members))["row"].unique().to_numpy()
                trait = np.zeros(n_seats, bool)
                trait[idx] = True
                raw = difference(units, trait, stratified=False)
                adj = difference(units, trait)
                rows.append(
                    {
                        "kind": kind,
                        "card_id": card_id,
                        "card": card,
                        "event": event,
                        "games": int(np.unique(g[trait]).size),
                        "n": raw["n_with"],
                        "share": raw["n_with"] / n_seats if n_seats else None,
                        "by_strategy": {
                            s: float(trait[strategy == s].sum() / per_strategy_n[s]) for s in names
                        },
                        "win_with": raw["win_with"],
                        "win_without": raw["win_without"],
                        "diff": raw["diff"],
                        "diff_low": raw["diff_low"],
                        "diff_high": raw["diff_high"],
                        "adj_diff": adj["diff"],
                        "adj_diff_low": adj["diff_low"],
                        "adj_diff_high": adj["diff_high"],
                        "adj_p_value": adj["p_value"],
                        "q_value": None,
                    }
                )
    tested = [r for r in rows if r["adj_p_value"] is not None]
    for r, q in zip(tested, benjamini_hochberg([r["adj_p_value"] for r in tested]), strict=True):
        r["q_value"] = q
    return {"kinds": kinds, "adjusted_within": ADJUSTED, "rows": rows}
