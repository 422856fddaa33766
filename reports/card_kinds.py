"""The kinds of card in the per-card tables, and what "held" and "completed" mean for each."""

from __future__ import annotations

from dataclasses import dataclass

from reports.cardinfo import CARD_SET_KINDS, PATRON_DECKS, CardInfo


@dataclass(frozen=True)
class KindSpec:
    kind: str  # kind in the cards table
    title: str
    held_events: tuple[str, ...]  # events that make a seat hold the card
    held_words: str
    completed_events: tuple[str, ...] = ()  # events that complete it (none: no completion)
    completed_words: str | None = None
    dealt: bool = False  # dealt at setup (a choice among dealt cards)
    per_level: bool = False  # one row per level (awards)
    outcome: bool = False  # a result of play, not a choice: never tested, ranked or flagged
    completion_is_outcome: bool = False  # completing it is scored as an outcome (goals)
    leaves: bool = False  # a holder may lose it (its table counts "Left")


KINDS = (
    KindSpec("instrument", "Instruments", ("kept", "taken"), "kept at setup or taken",
             ("completed",), "finished", dealt=True),
    KindSpec("performance", "Performance cards", ("taken",), "taken",
             ("completed",), "performed at medium or high level"),
    KindSpec("repair", "Repair cards", ("taken",), "taken", ("completed",), "repaired"),
    KindSpec("patron", "Patrons", ("kept", "taken"), "kept at setup or taken",
             ("completed",), "completed", dealt=True, leaves=True),
    KindSpec("award", "Public awards", ("claimed",), "claimed at that level", per_level=True,
             outcome=True),
    KindSpec("goal", "Personal goals", ("kept",), "kept", ("scored",), "scored (any level)",
             dealt=True, completion_is_outcome=True),
    KindSpec("family", "Family tiles", ("kept",), "kept", dealt=True),
    KindSpec("specialty", "Specialty workers", ("taken",), "taken"),
)  # fmt: skip
SPECS = {s.kind: s for s in KINDS}
GROUPING = "family"  # the seats column the card-balance report stratifies by (family tiles)


def covers(game) -> bool:
    """Whether the card-balance sections read `game`'s runs: its card kinds are all kinds
    above and it declares the seats grouping column (`drift_groups`). Decided by what the
    game declares, never by its name."""
    kinds = set(getattr(getattr(game, "card_roles", None), "files", None) or ())
    return bool(kinds) and kinds <= set(SPECS) and GROUPING in getattr(game, "drift_groups", ())


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
