"""The parameters of every effect kind: names and ranges, in the slot order of the
compiled parameter arrays (`params[i, slot]`), and which kinds each file may use.

The ranges are what the engine is sized for; an entry outside them is refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from simcore.games.apiacere.codes import Colour, Effect, Family
from simcore.games.apiacere.sizes import MAX_FLORINS, MAX_KEYS, MAX_LEVEL, MAX_SHIELDS


@dataclass(frozen=True)
class Param:
    name: str
    lo: int = 0
    hi: int = 9


PARAMS: dict[Effect, tuple[Param, ...]] = {
    Effect.NONE: (),
    Effect.TEACH: (Param("florins", 0, MAX_FLORINS), Param("white", 0, MAX_KEYS)),
    Effect.PERFORM: (Param("florins", 0, MAX_FLORINS), Param("white", 0, MAX_KEYS)),
    Effect.COMPOSE: (Param("black", 0, MAX_KEYS),),
    Effect.VARIATION: (Param("same", 0, 3), Param("lower", 0, 3)),
    Effect.BAN: (),
    Effect.TAKE: (Param("levels", 1, 3 * MAX_LEVEL),),
    Effect.DRAW: (Param("n", 1, 5),),
    Effect.DO_GOOD: (Param("strength", 1, 3 * MAX_LEVEL),),
    Effect.ROYAL_DRAW: (Param("n", 1, 5),),
    Effect.ROYAL_RENT: (Param("shield", 1, MAX_SHIELDS),),
    Effect.IN_EQUAL_MEASURE: (
        Param("within", 0, MAX_KEYS),
        Param("points", 0, 30),
        Param("closest_points", 0, 30),
    ),
    Effect.BONUS_CARDS: (Param("cards", 1, 20), Param("points", 0, 30)),
    Effect.SINCEREST_FLATTERY: (),
    Effect.MOST_BLACK_KEYS: (Param("points", 0, 30),),
    Effect.MOST_ROYAL_TILES: (Param("points", 0, 30),),
    Effect.MOST_FLORINS: (Param("points", 0, 30),),
    Effect.MOST_INSTRUMENTS: (Param("points", 0, 30),),
    Effect.CHAIN_UNLOCK: (Param("chain", 2, 9), Param("keys", 1, 9)),
    Effect.ROYAL_ACTION: (Param("n", 1, 3),),
    Effect.ROYAL_HAND: (Param("n", 1, 3),),
    Effect.ROYAL_TRAVEL: (Param("discount", 10, MAX_FLORINS),),
    Effect.ROYAL_TAKE: (Param("n", 1, 3),),
}

# the kinds a file may name (DO_GOOD_REFERENCE and PROGRESS have their numbers in rules.toml)
FILE_EFFECTS: dict[str, tuple[Effect, ...]] = {
    "cards": (
        Effect.TEACH, Effect.PERFORM, Effect.COMPOSE, Effect.VARIATION,
        Effect.BAN, Effect.TAKE, Effect.DRAW, Effect.DO_GOOD,
    ),
    "royal": (
        Effect.ROYAL_DRAW, Effect.ROYAL_RENT, Effect.ROYAL_ACTION,
        Effect.ROYAL_HAND, Effect.ROYAL_TRAVEL, Effect.ROYAL_TAKE,
    ),
    "legacy": (
        Effect.IN_EQUAL_MEASURE, Effect.BONUS_CARDS, Effect.SINCEREST_FLATTERY,
        Effect.MOST_BLACK_KEYS, Effect.MOST_ROYAL_TILES, Effect.MOST_FLORINS,
        Effect.MOST_INSTRUMENTS,
    ),
    "bonus_tiles": (Effect.CHAIN_UNLOCK,),
}  # fmt: skip

# the kinds each stack family holds (rulebook: Game Components, card colours)
FAMILY_EFFECTS: dict[Family, tuple[Effect, ...]] = {
    Family.COMPOSE: (Effect.COMPOSE, Effect.VARIATION),
    Family.PERFORM_TEACH: (
        Effect.TEACH, Effect.PERFORM, Effect.BAN, Effect.TAKE, Effect.DRAW, Effect.DO_GOOD,
    ),
}  # fmt: skip

COLOUR: dict[Effect, Colour] = {
    Effect.COMPOSE: Colour.BLUE,
    Effect.VARIATION: Colour.BLUE,
    Effect.TEACH: Colour.YELLOW,
    Effect.PERFORM: Colour.YELLOW,
    Effect.BAN: Colour.RED,
    Effect.TAKE: Colour.RED,
    Effect.DRAW: Colour.RED,
    Effect.DO_GOOD: Colour.RED,
}

VARIATION_LEVELS = (1, 2)  # "Variation cards from the Compose stack of level 1 and 2"
