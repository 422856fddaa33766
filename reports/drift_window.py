"""A window of games reduced to what the drift check measures: seat outcomes and held cards.

Run directories, baseline files and re-simulated batches all become `Window`s, so
the drift metrics are computed one way whatever the games came from. "Held" and
"completed" mean what they mean in the card-balance report (`reports.card_kinds`).
"""

from __future__ import annotations

from dataclasses import dataclass

import polars as pl

from reports.card_sums import _LEVEL, role_filter

ROLES = {"held": "held_events", "completed": "completed_events"}
SEAT_COLUMNS = ("game", "seat", "start_order", "family", "strategy", "win", "prestige")
CARD_COLUMNS = ("game", "seat", "kind", "card_id", "event", "detail")
SEAT_SCHEMA = {
    "game": pl.Int64,
    "seat": pl.Int8,
    "start_order": pl.Int8,
    "family": pl.String,
    "strategy": pl.String,
    "win": pl.Float64,
    "prestige": pl.Float64,
}
CARD_SCHEMA = {"game": pl.Int64, "seat": pl.Int8, "key": pl.String, "role": pl.String}


@dataclass(frozen=True)
class Window:
    """Outcomes of consecutive games.

    `seats`: one row per game and seat (SEAT_SCHEMA), sorted by game and seat.
    `cards`: unique (game, seat, key, role) rows; key is "kind/card_id" (awards:
    "award/card_id/level"), role "held" or "completed".
    """

    seats: pl.DataFrame
    cards: pl.DataFrame

    @property
    def games(self) -> int:
        return self.seats["game"].n_unique()


def card_key() -> pl.Expr:
    """ "kind/card_id", with "/level" for awards (one card row per award level)."""
    base = pl.concat_str([pl.col("kind"), pl.lit("/"), pl.col("card_id")])
    level = pl.concat_str([base, pl.lit("/"), _LEVEL.cast(pl.String)])
    return pl.when(pl.col("kind") == "award").then(level).otherwise(base)


def card_roles(cards: pl.DataFrame | pl.LazyFrame) -> pl.DataFrame:
    """The held and completed (game, seat, key, role) rows of a cards table (strings)."""
    frame = cards.lazy().select(CARD_COLUMNS)
    parts = [
        frame.filter(role_filter(attr)).select(
            pl.col("game").cast(pl.Int64),
            pl.col("seat").cast(pl.Int8),
            card_key().alias("key"),
            pl.lit(role).alias("role"),
        )
        for role, attr in ROLES.items()
    ]
    return pl.concat(parts).unique().collect()


def seat_rows(seats: pl.DataFrame | pl.LazyFrame) -> pl.DataFrame:
    """The drift columns of a seats table, typed and sorted."""
    return (
        seats.lazy()
        .select([pl.col(c).cast(t) for c, t in SEAT_SCHEMA.items()])
        .sort("game", "seat")
        .collect()
    )


def window_from_tables(seats, cards) -> Window:
    """A window from a run's seats and cards tables (polars or pyarrow; categoricals allowed)."""
    seats, cards = (_strings(t) for t in (seats, cards))
    return Window(seat_rows(seats), card_roles(cards))


def _strings(table) -> pl.DataFrame:
    frame = table if isinstance(table, pl.DataFrame) else pl.from_arrow(table)
    return frame.with_columns(pl.col(pl.Categorical).cast(pl.String))


def empty_window() -> Window:
    return Window(pl.DataFrame(schema=SEAT_SCHEMA), pl.DataFrame(schema=CARD_SCHEMA))
