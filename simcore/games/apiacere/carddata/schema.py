"""The thirteen card files: their sections and the fields of each entry.

    cities.toml       [[city]]        the map: royal cities, die faces, shields, draws, roads
    travel.toml       [[travel]]      the player board's three travel options
    housing.toml      [[housing]]     homeless, apartment, house, palace: actions, hand, rent
    proximity.toml    [[proximity]]   extra takes and draws for players in or next to a city
    stacks.toml       [[stack]]       the six card stacks: family, level, card count
    instruments.toml  [[instrument]]  instruments and their types
    cards.toml        [[card]]        the 114 cards as effect kinds with parameters
    bonus_tiles.toml  [[bonus_tile]]  chain bonus tiles: 8 instrument tiles, 3 type tiles
    royal.toml        [[royal]]       the six royal event tiles and their bonuses
    legacy.toml       [[legacy]]      the seven legacy tiles
    variety.toml      [[variety]]     the nine draw variety tiles
    setup.toml        [key] tables    the Game Setup sheet: start money, housing, city, cards
    rules.toml        [key] tables    rule numbers, the red die, the ruling switches

Every entry has a `source`: "rulebook: <section>" (stated; "(derived)" where it follows
arithmetically), "reading: ..." (published descriptions, not the text), "ruling AP-n"
(a ruling's reading or a switch's default), or "estimate" with an `estimate` string
saying how it was chosen. An entry from the rulebook whose other numbers are estimated
says so in its own `estimate` string.
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = (
    "cities", "travel", "housing", "proximity", "stacks", "instruments", "cards",
    "bonus_tiles", "royal", "legacy", "variety", "setup", "rules",
)  # fmt: skip
SECTIONS = {  # list kinds: [[section]] per entry; setup.toml and rules.toml hold tables
    "cities": "city",
    "travel": "travel",
    "housing": "housing",
    "proximity": "proximity",
    "stacks": "stack",
    "instruments": "instrument",
    "cards": "card",
    "bonus_tiles": "bonus_tile",
    "royal": "royal",
    "legacy": "legacy",
    "variety": "variety",
}
TABLE_KINDS = ("setup", "rules")
ALIASES = {s: k for k, s in SECTIONS.items() if s != k} | {"rule": "rules"}

# documentation: shown and checked, but no part of a game (left out of the data hash)
DOC_FIELDS = ("source", "estimate", "note", "text")
SOURCES = ("rulebook: ", "reading: ", "ruling AP-", "estimate", "user: ", "variant: ")


@dataclass(frozen=True)
class F:
    """One field: its TOML type and whether every entry must give it."""

    type: type
    required: bool = True


_DOC = {"source": F(str), "estimate": F(str, False), "note": F(str, False)}

FIELDS: dict[str, dict[str, F]] = {
    "cities": {
        "name": F(str),
        "royal": F(bool),
        "die_face": F(int),
        "shield": F(int),
        "draws": F(int),
        "neighbours": F(list),
        "variety_slot": F(int),
        **_DOC,
    },
    "travel": {
        "name": F(str),
        "steps": F(int, False),
        "any_city": F(bool, False),
        "cost": F(int),
        **_DOC,
    },
    "housing": {
        "name": F(str),
        "actions": F(int),
        "hand": F(int),
        "rent": F(list),
        "pay_percent": F(int),
        **_DOC,
    },
    "proximity": {"name": F(str), "distance": F(int), "takes": F(list), "draws": F(int), **_DOC},
    "stacks": {"name": F(str), "family": F(str), "level": F(int), "cards": F(int), **_DOC},
    "instruments": {"name": F(str), "type": F(str), **_DOC},
    "cards": {
        "name": F(str),
        "stack": F(str),
        "copies": F(int),
        "effect": F(str),
        "params": F(dict),
        "instrument": F(str, False),
        "text": F(str, False),
        **_DOC,
    },
    "bonus_tiles": {
        "name": F(str),
        "target": F(str),
        "shared": F(bool),
        "effect": F(str),
        "params": F(dict),
        **_DOC,
    },
    "royal": {"name": F(str), "city": F(str), "effect": F(str), "params": F(dict), **_DOC},
    "legacy": {"name": F(str), "overall": F(bool), "effect": F(str), "params": F(dict), **_DOC},
    "variety": {"value": F(int), **_DOC},
    "setup": {"value": F(object), **_DOC},
    "rules": {"value": F(object), **_DOC},
}
