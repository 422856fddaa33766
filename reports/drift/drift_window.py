"""A window of games reduced to what the drift check measures: seat outcomes and held cards.

Run directories, baseline files and re-simulated batches all become `Window`s, so
the drift metrics are computed one way whatever the games came from. What a window
reads of a game's tables is what the game declares (simcore/games/api.py): its score
column (under the game's name: Luthier's prestige, Maestro's points), its grouping
columns beyond start order and strategy (`drift_groups`: Luthier's family), and which
card events mean "held" and "completed" (`card_roles`: for Luthier, what they mean in
the card-balance report).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import polars as pl

from simcore.games.api import Game

ROLES = ("held", "completed")
CARD_SCHEMA = {"game": pl.Int64, "seat": pl.Int8, "key": pl.String, "role": pl.String}


@dataclass(frozen=True)
class Spec:
    """What the drift check reads of one game's tables, from its declaration."""

    game: str  # the registered name
    score: str  # the seats table's score column ("prestige", "points")
    groups: tuple[str, ...]  # seats columns compared by win rate, beyond start order, strategy
    held: dict[str, tuple[str, ...]]  # card kind -> events that make a seat hold a card
    completed: dict[str, tuple[str, ...]]  # card kind -> events that complete it
    per_level: tuple[str, ...]  # card kinds keyed per level (the cards table's `detail`)
    files: dict[str, str]  # card kind -> its card data file (the --set spelling)

    @property
    def seat_schema(self) -> dict[str, Any]:
        """The window's seat columns and types, in order: the game's grouping columns after
        start order, and the score column (the game's name) last."""
        return {
            "game": pl.Int64,
            "seat": pl.Int8,
            "start_order": pl.Int8,
            **{g: pl.String for g in self.groups},
            "strategy": pl.String,
            "win": pl.Float64,
            self.score: pl.Float64,
        }

    @property
    def seat_columns(self) -> tuple[str, ...]:
        """The columns read from a seats table."""
        return tuple(self.seat_schema)

    @property
    def card_columns(self) -> tuple[str, ...]:
        """The columns read from a cards table (`detail` only for per-level kinds)."""
        base = ("game", "seat", "kind", "card_id", "event")
        return base + (("detail",) if self.per_level else ())


def spec_of(game: Game) -> Spec:
    """The drift spec of a game object (simcore/games/api.py)."""
    roles = game.card_roles
    return Spec(
        game=game.name,
        score=game.score,
        groups=tuple(game.drift_groups),
        held={k: tuple(v) for k, v in roles.held.items()},
        completed={k: tuple(v) for k, v in roles.completed.items()},
        per_level=tuple(roles.per_level),
        files=dict(roles.files),
    )


@cache
def game_spec(name: str | None = None) -> Spec:
    """The drift spec of the registered game `name` (None: the default game)."""
    from simcore import games

    return spec_of(games.get(name))


@dataclass(frozen=True)
class Window:
    """Outcomes of consecutive games.

    `seats`: one row per game and seat (`Spec.seat_schema`: game, seat, start order, the
    game's grouping columns, strategy, win, and last the score under the game's name),
    sorted by game and seat.
    `cards`: unique (game, seat, key, role) rows; key is "kind/card_id" (a per-level
    kind: "kind/card_id/level"), role "held" or "completed".
    """

    seats: pl.DataFrame
    cards: pl.DataFrame

    @property
    def games(self) -> int:
        return self.seats["game"].n_unique()

    @property
    def groups(self) -> tuple[str, ...]:
        """The game's grouping columns: those between start order and strategy."""
        columns = self.seats.columns
        return tuple(columns[columns.index("start_order") + 1 : columns.index("strategy")])

    @property
    def score(self) -> str:
        """The score column (the game's name for it): the last seats column."""
        return self.seats.columns[-1]


def card_key(spec: Spec) -> pl.Expr:
    """ "kind/card_id", with "/level" for a per-level kind (one key per level)."""
    base = pl.concat_str([pl.col("kind"), pl.lit("/"), pl.col("card_id")])
    if not spec.per_level:
        return base
    level = pl.col("detail").cast(pl.Int64).cast(pl.String)
    per_level = pl.col("kind").is_in(list(spec.per_level))
    return pl.when(per_level).then(pl.concat_str([base, pl.lit("/"), level])).otherwise(base)


def role_filter(events: dict[str, tuple[str, ...]]) -> pl.Expr:
    """Rows whose (kind, event) is one of `events` (card kind -> events)."""
    expr = pl.lit(False)
    for kind, names in events.items():
        if names:
            expr = expr | ((pl.col("kind") == kind) & pl.col("event").is_in(list(names)))
    return expr


def card_roles(cards: pl.DataFrame | pl.LazyFrame, spec: Spec | None = None) -> pl.DataFrame:
    """The held and completed (game, seat, key, role) rows of a cards table (strings)."""
    spec = spec or game_spec()
    frame = cards.lazy().select(spec.card_columns)
    parts = [
        frame.filter(role_filter(getattr(spec, role))).select(
            pl.col("game").cast(pl.Int64),
            pl.col("seat").cast(pl.Int8),
            card_key(spec).alias("key"),
            pl.lit(role).alias("role"),
        )
        for role in ROLES
    ]
    return pl.concat(parts).unique().collect()


def seat_rows(seats: pl.DataFrame | pl.LazyFrame, spec: Spec | None = None) -> pl.DataFrame:
    """The drift columns of a seats table, typed and sorted."""
    spec = spec or game_spec()
    return (
        seats.lazy()
        .select([pl.col(c).cast(t) for c, t in spec.seat_schema.items()])
        .sort("game", "seat")
        .collect()
    )


def window_from_tables(seats, cards, spec: Spec | None = None) -> Window:
    """A window from a run's seats and cards tables (polars or pyarrow; categoricals allowed)
    of the game `spec` describes (None: the default game)."""
    spec = spec or game_spec()
    seats, cards = (_strings(t) for t in (seats, cards))
    return Window(seat_rows(seats, spec), card_roles(cards, spec))


def _strings(table) -> pl.DataFrame:
    frame = table if isinstance(table, pl.DataFrame) else pl.from_arrow(table)
    return frame.with_columns(pl.col(pl.Categorical).cast(pl.String))


def empty_window(spec: Spec | None = None) -> Window:
    spec = spec or game_spec()
    return Window(pl.DataFrame(schema=spec.seat_schema), pl.DataFrame(schema=CARD_SCHEMA))
