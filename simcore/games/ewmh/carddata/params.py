"""The parameters of every effect kind, keep condition and tile kind: names, types and
ranges, in the slot order of the compiled parameter arrays (`params[c, slot]`).

Types: `int` (lo..hi), `bool` (0/1), `age` (an Age code), `tags` (a list of tags, a
bit mask `1 << Tag`), `genre` (a composition id, its index in compositions.toml).
The ranges are what the engine is sized for; a card outside them is refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from simcore.games.ewmh.codes import Effect, Keep, Tile, Timing


@dataclass(frozen=True)
class Param:
    name: str
    type: str = "int"  # int | bool | age | tags | genre
    lo: int = 0
    hi: int = 9


def _n(name: str, lo: int = 1, hi: int = 9) -> Param:
    return Param(name, "int", lo, hi)


def _flag(name: str) -> Param:
    return Param(name, "bool", 0, 1)


PARAMS: dict[Effect, tuple[Param, ...]] = {
    Effect.NONE: (),
    Effect.DRAW_COMPOSITIONS: (_n("n"),),
    Effect.BACK_AND_DRAW: (_n("back", 0, 30), _n("draw", 0)),
    Effect.TAKE_EFFECT: (_n("n", 1, 4), _flag("deck_top")),
    Effect.HIGHER_EDUCATION: (
        _n("take_min", 0, 4),
        _n("take_max", 1, 4),
        _flag("patron_first"),
        _flag("deck_top"),
    ),
    Effect.SPHERES: (_n("dice", 2, 4), _n("draw", 0)),
    Effect.REROLL: (_n("n", 1, 3),),
    Effect.DOUBLE_NEXT_ROLL: (_n("factor", 2, 6),),
    Effect.MIN_MOVE_SIX: (_n("threshold", 0, 5), _n("move", 1, 12)),
    Effect.INVERT_ROLL: (),
    Effect.MOVE_PAWN: (_n("min", 0, 6), _n("max", 1, 6), _flag("backward")),
    Effect.SAME_TILE_PUSH: (_n("forward", 0, 12), _n("back", 0, 12)),
    Effect.PASSED_MOVE: (_n("forward", 1, 12),),
    Effect.STEAL_COMPOSITION: (_n("n", 1, 3),),
    Effect.REMOVE_PUBLISHED: (_n("n", 1, 3),),
    Effect.ANNEX: (_n("discard", 1, 3), _n("forward", 0, 12)),
    Effect.NOBLE_SACRIFICE: (_n("theirs", 1, 3), _n("own", 0, 5)),
    Effect.FORCE_FLIP: (_n("n", 1, 5),),
    Effect.REDISTRIBUTE: (),
    Effect.COST_REDUCE: (_n("amount"),),
    Effect.MULTI_UNIT: (_n("units"),),
    Effect.BORROW_UNITS: (_n("self_units", 0, 3),),
    Effect.DOUBLE_ABILITY: (_n("factor", 2, 3),),
    Effect.PROTECT: (_n("n", 1, 3),),
    Effect.NEGATE: (),
    Effect.VOCATION_WATCH: (_n("draw", 1, 3), _flag("any_use")),
    Effect.DRAW_MORE: (_n("draw", 1, 5), _flag("any_draw")),
    Effect.COPY_TILE: (_flag("own_tiles"),),
    Effect.MOVED_STEAL: (_n("n", 1, 3), _flag("any_variety")),
    Effect.CARDS_TO_MOVE: (_n("per_card", 1, 6),),
    Effect.CONCERTANTE: (_n("n", 1, 3),),
    Effect.AGE_FULL_POINTS: (Param("age", "age"), _flag("full")),
    Effect.GENRE_BONUS: (Param("genre", "genre"), _n("points")),
    Effect.EXTRA_REFRESH: (_n("n", 1, 3),),
    Effect.HAND_CAPACITY: (_n("n", 1, 6),),
    Effect.MOVE_ON_DISCARD: (_n("forward", 1, 6),),
    Effect.END_TURN_MOVE: (_n("forward", 1, 6),),
    Effect.TAG_BONUS: (Param("tags", "tags"), _n("points")),
    Effect.PATRON_DOUBLE: (_n("factor", 2, 3),),
}

_ACTIVE = (Timing.FLIP, Timing.SPEND)
_REACTIVE = (Timing.REACT, Timing.REACT_SPEND)
_STATIC_KINDS = (
    Effect.AGE_FULL_POINTS, Effect.GENRE_BONUS, Effect.EXTRA_REFRESH, Effect.HAND_CAPACITY,
    Effect.MOVE_ON_DISCARD, Effect.END_TURN_MOVE, Effect.TAG_BONUS, Effect.PATRON_DOUBLE,
)  # fmt: skip
_REACTIVE_KINDS = (
    Effect.MIN_MOVE_SIX, Effect.INVERT_ROLL, Effect.PASSED_MOVE, Effect.PROTECT, Effect.NEGATE,
    Effect.VOCATION_WATCH, Effect.DRAW_MORE, Effect.COPY_TILE, Effect.MOVED_STEAL,
)  # fmt: skip


def timings(effect: Effect) -> tuple[Timing, ...]:
    """The timings a card of this kind may have (the catalogue's classes)."""
    if effect == Effect.NONE:
        return tuple(Timing)
    if effect in _STATIC_KINDS:
        return (Timing.STATIC,)
    if effect in _REACTIVE_KINDS:
        return _REACTIVE
    if effect == Effect.MULTI_UNIT:
        return (Timing.UNIT,)
    return _ACTIVE


KEEP_PARAMS: dict[Keep, tuple[Param, ...]] = {
    Keep.NONE: (),
    Keep.NO_NEGATIVE: (),
    Keep.PUBLISH_EACH_TURN: (_n("pieces", 1, 3),),
    Keep.HAND_LIMIT: (_n("limit", 1, 30),),
}

TILE_PARAMS: dict[Tile, tuple[Param, ...]] = {
    Tile.BLANK: (),
    Tile.DRAW_COMPOSITION: (_n("n", 1, 5),),
    Tile.DRAW_EFFECT: (_n("n", 1, 5),),
    Tile.TAKE_EFFECT: (_n("n", 1, 5),),
    Tile.MOVE: (Param("steps", "int", -12, 12),),
}
