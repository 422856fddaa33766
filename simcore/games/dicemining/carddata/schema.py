"""The six card files: their sections and the fields of each entry.

    dice.toml       [[layout]]    the dice sticker layouts, with copies
    resources.toml  [[resource]]  the five resources and their piles
    items.toml      [[item]]      the item types: copies and recipes
    vaults.toml     [[vault]]     the vault: copies, recipe, capacity
    patrons.toml    [[patron]]    the patron designs: copies, items, VP, ability
    rules.toml      [key] tables  rule numbers and ruling switches

Every entry has a `source`: "rulebook: <section>" (stated; "(derived)" where it follows
arithmetically), "reading: ..." (published descriptions), "ruling DM-n" (a switch's
default), or "estimate" with an `estimate` string saying how it was chosen.
"""

from __future__ import annotations

from dataclasses import dataclass

KINDS = ("dice", "resources", "items", "vaults", "patrons", "rules")
SECTIONS = {
    "dice": "layout",
    "resources": "resource",
    "items": "item",
    "vaults": "vault",
    "patrons": "patron",
}
ALIASES = {section: kind for kind, section in SECTIONS.items()} | {"rule": "rules"}

# documentation: shown and checked, but no part of a game (left out of the data hash)
DOC_FIELDS = ("source", "estimate", "note")


@dataclass(frozen=True)
class F:
    """One field: its TOML type and whether every entry must give it."""

    type: type
    required: bool = True


_DOC = {"source": F(str), "estimate": F(str, False), "note": F(str, False)}

FIELDS: dict[str, dict[str, F]] = {
    "dice": {"name": F(str), "faces": F(list), "copies": F(int), **_DOC},
    "resources": {"name": F(str), "supply": F(int), **_DOC},
    "items": {"name": F(str), "copies": F(int), "recipe": F(dict), **_DOC},
    "vaults": {
        "name": F(str),
        "copies": F(int),
        "recipe": F(dict),
        "resources": F(int),
        "items": F(int),
        **_DOC,
    },
    "patrons": {
        "name": F(str),
        "copies": F(int),
        "items": F(list),
        "vp": F(int),
        "ability": F(str),
        "params": F(dict),
        **_DOC,
    },
    "rules": {"value": F(object), **_DOC},
}
