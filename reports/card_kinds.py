"""The kinds of card in the per-card tables, and what "held" and "completed" mean for each."""

from __future__ import annotations

from reports.cardinfo import CARD_SET_KINDS, PATRON_DECKS, CardInfo
from simcore import games
from simcore.games.api import Game

# the card-balance report's kinds, as its game declares them (its `card_kinds`: title,
# events held and completed with their words, dealt, per level, outcome)
KINDS = games.get().card_kinds
SPECS = {s.kind: s for s in KINDS}
GROUPING = "family"  # the seats column the card-balance report stratifies by (family tiles)


def covers(game: Game) -> bool:
    """Whether the card-balance sections read `game`'s runs: its card kinds are all kinds
    above and it declares the seats grouping column (`drift_groups`). Decided by what the
    game declares, never by its name."""
    kinds = set(game.card_roles.files)
    return bool(kinds) and kinds <= set(SPECS) and GROUPING in game.drift_groups


# kind in the cards table -> kind in card files, --set and `tutti ablate`
FILE_KINDS = CARD_SET_KINDS
PATRON_TITLES = {"I": "Patrons I", "II": "Patrons II", "royal": "Royal patrons"}
# a card section (the instrument family its record names) as the report says it
SECTION_TITLES = {"strings": "string", "winds": "wind", "pk": "percussion and keyboard"}
KIND_PLURALS = {"instrument": "instruments", "repair": "repairs"}


def table_groups(info: CardInfo) -> list[tuple[str, str]]:
    """(group id, title) of each per-card table, in report order (patrons split by deck)."""
    groups = []
    for spec in KINDS:
        if spec.outcome:
            continue  # outcomes have their own section (reports.outcomes), not a card table
        if spec.kind != "patron":
            groups.append((spec.kind, spec.title))
            continue
        decks = set(info.patron_deck.values())
        groups += [(f"patron_{d}", PATRON_TITLES[d]) for d in PATRON_DECKS if d in decks]
        if not decks:
            groups.append(("patron", "Patrons"))
        elif decks - set(PATRON_DECKS):
            groups.append(("patron", "Patrons (deck unknown)"))
    return groups
