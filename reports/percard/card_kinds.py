"""The card-balance sections' card kinds, as the run's game declares them.

Everything here is read from the game's report spec (simcore/games/api.py): its card
kinds (title, events held and completed with their words, dealt, per level, outcome,
decks), its groupings (Luthier's family tile) and its card sections; no kind, column
or title of a particular game is written here.
"""

from __future__ import annotations

from reports.percard.cardinfo import CardInfo
from simcore.games.api import CardKind, Game


def card_balance(game: Game) -> bool:
    """Whether `game` gets the card-balance sections: it declares card kinds and at least
    one grouping (`groupings`), within which its cards are compared. Decided by what the
    game declares, never by its name."""
    return bool(game.card_kinds) and bool(game.groupings)


def kinds_of(game: Game) -> dict[str, CardKind]:
    """The game's card kinds by table kind, in report order."""
    return {k.kind: k for k in game.card_kinds}


def grouping_kinds(game: Game) -> dict[str, str]:
    """Card kind -> the seats column of the grouping whose values its cards are (Luthier:
    "family" -> "family"): those cards are compared within the other strata only."""
    return {g.kind: g.column for g in game.groupings if g.kind}


def table_groups(info: CardInfo, game: Game) -> list[tuple[str, str, str]]:
    """(group id, title, card kind) of each per-card table, in report order (a kind with decks: a
    table per deck, "kind_deck")."""
    groups = []
    for spec in game.card_kinds:
        if spec.outcome:
            continue  # outcomes have their own section (reports.percard.outcomes), not a card table
        if not spec.decks:
            groups.append((spec.kind, spec.heading, spec.kind))
            continue
        found = set(info.decks.get(spec.kind, {}).values())
        named = dict(spec.decks)
        groups += [(f"{spec.kind}_{d}", named[d], spec.kind) for d in named if d in found]
        if not found:
            groups.append((spec.kind, spec.heading, spec.kind))
        elif found - set(named):
            groups.append((spec.kind, f"{spec.heading} (deck unknown)", spec.kind))
    return groups


def card_group(spec: CardKind, deck: str | None) -> str:
    """The table a card of `spec` with `deck` goes to (`table_groups`)."""
    if spec.decks and deck in dict(spec.decks):
        return f"{spec.kind}_{deck}"
    return spec.kind


def section_words(game: Game, section: str) -> str:
    """A card section as prose ("pk" -> "percussion and keyboard"; else itself)."""
    sections = game.card_sections
    return sections.words.get(section, section) if sections is not None else section
