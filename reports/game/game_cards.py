"""Each card's win-rate effect per event, from the cards table (any game).

A seat-game "has" event E of card C when the cards table holds a row (game, seat, kind,
C, E); an event named `E_more` counts as E too (a Maestro row `completed_in_one_turn` is
`completed`), `held` is any of the events by which a seat holds the card (the game's
`card_roles.held`; shown where that is not every event: a Maestro instrument placed or
raided, not unplaced), and `any` is any event of the card. For each (kind, card, event): how many
seat-games and games had it, the share per strategy, the win rates with and without, the
raw difference and the difference within strategy and start order (reports.game.game_effects,
games as the units), with Benjamini-Hochberg q-values over all of them. These are
correlations: a seat that completes a row may win because it was ahead anyway.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import polars as pl

from reports.game.game_effects import Units, difference
from reports.run.load import Run
from simcore.games.api import Game
from simcore.stats import benjamini_hochberg

ANY = "any"
HELD = "held"  # the events by which a seat holds the card (the game's card_roles.held)
ADJUSTED = "strategy and start order"  # the strata of the adjusted difference


def event_groups(events: list[str], held: tuple[str, ...] = ()) -> dict[str, list[str]]:
    """Each event and the events that count as it (itself and `E_...`), then `held` (the
    game's held events of the kind, where they are some of its events but not all), then
    `any`."""
    groups = {e: [f for f in events if f == e or f.startswith(e + "_")] for e in events}
    holding = [e for e in events if e in held]
    if holding and len(holding) < len(events):
        groups[HELD] = holding
    return {**groups, ANY: list(events)}


def holders(run: Run, seats: pl.DataFrame) -> dict[tuple[str, str, str], tuple[str, np.ndarray]]:
    """(kind, card_id, event) of the cards table -> (card name, the positions in `seats` of
    the seat-games that had it, each once). Read one batch of chunks at a time (a game lies
    in one chunk), so the raw events never sit in memory all at once."""
    index = seats.lazy().select("game", pl.col("seat").cast(pl.Int8), "row")
    keys = ["kind", "card_id", "event"]
    found: dict[tuple[str, str, str], tuple[str, list[np.ndarray]]] = {}
    for batch in run.chunk_batches():
        events = (
            run.scan("cards", batch, strings=False)
            .select("game", "seat", "kind", "card_id", "card", "event")
            .unique()
        )
        part = (
            events.join(index, on=["game", "seat"])
            .group_by(keys)
            .agg(pl.col("card").first(), pl.col("row").alias("rows"))
            .with_columns(pl.col("kind", "card_id", "card", "event").cast(pl.String))
            .collect()
        )
        for kind, card_id, event, card, rows in part.iter_rows():
            found.setdefault((kind, card_id, event), (card, []))[1].append(np.asarray(rows))
    return {key: (card, np.concatenate(rows)) for key, (card, rows) in sorted(found.items())}


def _kind_order(found: list[str], declared: dict[str, str]) -> list[str]:
    return [k for k in declared if k in found] + sorted(k for k in found if k not in declared)


def card_effects(run: Run, seats: pl.DataFrame, units: Units, game: Game) -> dict[str, Any]:
    """The cards section: kinds (with their events) and one row per (kind, card, event)."""
    declared = {k.kind: k.file for k in game.card_kinds}  # kind -> its data file
    held_events = dict(game.card_roles.held)
    found = holders(run, seats)
    names = seats["strategy"].unique(maintain_order=True).to_list()
    code = seats["strategy"].cast(pl.Enum(names)).to_physical().to_numpy().astype(np.int64)
    per_strategy_n = np.bincount(code, minlength=len(names))
    n_seats = seats.height
    kinds, rows = [], []
    for kind in _kind_order(sorted({k for k, _, _ in found}), declared):
        by_card: dict[str, dict[str, Any]] = {}
        for (k, card_id, event), (card, rows_of) in found.items():
            if k == kind:
                by_card.setdefault(card_id, {"card": card, "events": {}})["events"][event] = rows_of
        events = sorted({e for entry in by_card.values() for e in entry["events"]})
        groups = event_groups(events, held_events.get(kind, ()))
        kinds.append(
            {"kind": kind, "title": kind.replace("_", " ").capitalize() + "s",
             "data_file": declared.get(kind), "events": list(groups)}
        )  # fmt: skip
        for card_id, entry in by_card.items():
            for event, members in groups.items():
                trait = np.zeros(n_seats, bool)
                for e in members:
                    if e in entry["events"]:
                        trait[entry["events"][e]] = True
                rows.append(_effect_row(kind, card_id, entry["card"], event, trait, units))
                held = np.bincount(code, weights=trait, minlength=len(names))
                rows[-1]["by_strategy"] = {
                    s: float(held[i] / per_strategy_n[i]) for i, s in enumerate(names)
                }
    tested = [r for r in rows if r["adj_p_value"] is not None]
    for r, q in zip(tested, benjamini_hochberg([r["adj_p_value"] for r in tested]), strict=True):
        r["q_value"] = q
    return {"kinds": kinds, "adjusted_within": ADJUSTED, "confirm": None, "rows": rows}


def _effect_row(
    kind: str, card_id: str, card: str, event: str, trait: np.ndarray, units: Units
) -> dict[str, Any]:
    """One card event's row: how often, and the raw and adjusted win-rate differences."""
    raw = difference(units, trait, stratified=False)
    adj = difference(units, trait)
    n_seats = len(trait)
    return {
        "kind": kind,
        "card_id": card_id,
        "card": card,
        "event": event,
        "games": int(np.count_nonzero(np.bincount(units.game, weights=trait))),
        "n": raw["n_with"],
        "share": raw["n_with"] / n_seats if n_seats else None,
        "by_strategy": {},
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
        # `tutti report --confirm N` (reports.experiments.confirm.confirm_game) fills it
        "ablation": None,
    }
