"""Cards as messages name them: "r15 (Bell rebuild)", and hints that match ids and names.

Card ids such as `r15` or `t8` say little on their own, so every message that lists
or suggests cards shows the name beside the id. A word that is no card's id is
matched against the ids and against the names written as ids (`bell_rebuild` for
"Bell rebuild"), so a designer who typed a card's name is pointed to its id.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from simcore.fmt import card_text, slug

Card = tuple[str, str]  # (id, name)


def matches(word: str, cards: Sequence[Card], n: int = 1) -> list[Card]:
    """The cards whose id or name is closest to `word`: the exact id or name alone, else
    names that contain it as a word, then the closest ids and names."""
    by_key: dict[str, Card] = {}
    for card in cards:
        by_key.setdefault(card[0], card)
    for card in cards:
        if slug(card[1]):
            by_key.setdefault(slug(card[1]), card)
    word = slug(word)
    if word in by_key:  # the exact id or name: no other guess
        return [by_key[word]]
    found: list[Card] = []
    if len(word) >= 3:  # a word of the name: "bell" for "Bell rebuild"
        found += [c for c in cards if word in slug(c[1]).split("_") and c not in found]
    for key in difflib.get_close_matches(word, list(by_key), n=n, cutoff=0.6):
        if by_key[key] not in found:
            found.append(by_key[key])
    return found[:n]


def suggest_card(word: str, cards: Sequence[Card], n: int = 1) -> str:
    """'; did you mean r15 (Bell rebuild)?' for the closest cards, else every card listed."""
    found = matches(word, cards, n)
    shown = [card_text(*card) for card in (found or cards)]
    if not found:
        return "; expected one of: " + ", ".join(shown)
    return "; did you mean " + (shown[0] if len(shown) == 1 else _or(shown)) + "?"


def _or(items: list[str]) -> str:
    return ", ".join(items[:-1]) + f" or {items[-1]}"
