"""The seven card files: their sections and the fields of each entry.

    effects.toml       [[effect]]       the 40 effect-card designs (copies give the 48 cards)
    abilities.toml     [[ability]]      the vocations' abilities: 3 flip + 1 static each
    vocations.toml     [[vocation]]     Church, Court, Countryside
    compositions.toml  [[composition]]  the estimated composition deck: genres with copies, tags
    banners.toml       [[banner]]       a genre's banner value in one age
    tiles.toml         [[tile]]         the estimated path's tile mix (shares of 100)
    rules.toml         [key] tables     rule numbers, ruling switches, the Age, card faces

Every entry has a `source`: "rulebook: <section>" (stated; "(derived)" where it follows
arithmetically), "reading: ..." (published descriptions, not the text), "ruling EW-n"
(a switch's default), or "estimate" with an `estimate` string saying how it was chosen.
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("effects", "abilities", "vocations", "compositions", "banners", "tiles", "rules")
SECTIONS = {  # list kinds: [[section]] per card; rules.toml holds one table per rule
    "effects": "effect",
    "abilities": "ability",
    "vocations": "vocation",
    "compositions": "composition",
    "banners": "banner",
    "tiles": "tile",
}
ALIASES = {section: kind for kind, section in SECTIONS.items()} | {"rule": "rules"}

# documentation: shown and checked, but no part of a game (left out of the data hash)
DOC_FIELDS = ("source", "estimate", "note", "text", "text_a", "text_b")
SOURCES = ("rulebook: ", "reading: ", "ruling EW-", "estimate", "user: ", "variant: ")


@dataclass(frozen=True)
class F:
    """One field: its TOML type and whether every entry must give it."""

    type: type
    required: bool = True


_DOC = {"source": F(str), "estimate": F(str, False), "note": F(str, False)}
_EFFECT = {  # an effect and its parameters, with the reverse face's reading where it differs
    "timing": F(str),
    "effect": F(str),
    "params": F(dict),
    "effect_b": F(str, False),
    "params_b": F(dict, False),
    "text_a": F(str),
    "text_b": F(str),
}

FIELDS: dict[str, dict[str, F]] = {
    "effects": {
        "name": F(str),
        "title": F(str, False),
        "copies": F(int),
        "face_b_copies": F(int, False),
        **_EFFECT,
        "keep": F(str, False),
        "keep_params": F(dict, False),
        **_DOC,
    },
    "abilities": {"vocation": F(str), "name": F(str), **_EFFECT, **_DOC},
    "vocations": {"name": F(str), **_DOC},
    "compositions": {
        "name": F(str),
        "copies": F(int),
        "tags": F(list),
        "text": F(str, False),
        **_DOC,
    },
    "banners": {"composition": F(str), "age": F(str), "value": F(int), **_DOC},
    "tiles": {"name": F(str), "tile": F(str), "params": F(dict), "share": F(int), **_DOC},
    "rules": {"value": F(object), **_DOC},
}
