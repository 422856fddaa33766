"""What the run's tables do not say about the cards: the full card list and patron decks.

Read from the card files the run used (`config.cards_dir`, else the shipped set)
through the card loader, which needs no numba. If those files are gone or invalid,
the report falls back to the cards seen in the run and leaves patron decks unknown.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reports.load import Run
from simcore.games.luthier.cards import TABLE_KINDS as CARD_SET_KINDS  # table kind -> file

PATRON_DECKS = ("I", "II", "royal")


Names = dict[str, str]  # cards-table key "kind/card_id" -> the card's name


def names_of(card_set) -> Names:
    """Every card's name keyed as in the cards table ("repair/r15" -> "Bell rebuild")."""
    return {
        f"{kind}/{card_id}": name
        for kind, set_kind in CARD_SET_KINDS.items()
        for card_id, name in zip(card_set.ids[set_kind], card_set.names[set_kind], strict=True)
    }


def read_names(cards_dir: str | None) -> Names:
    """The card names of the set in `cards_dir` (None: the shipped set); {} when its files
    are gone or invalid, so that runs are still compared (by card ids alone)."""
    from simcore.errors import TuttiError
    from simcore.games.luthier.cards import load_cards, load_default_cards

    try:
        return names_of(load_default_cards() if cards_dir is None else load_cards(cards_dir))
    except (TuttiError, OSError):
        return {}


@dataclass
class CardInfo:
    """Card ids and names per table kind, and the deck of each patron ("I", "II", "royal")."""

    ids: dict[str, list[str]] = field(default_factory=dict)
    names: dict[str, dict[str, str]] = field(default_factory=dict)
    patron_deck: dict[str, str] = field(default_factory=dict)
    warning: str | None = None


def card_info(run: Run) -> CardInfo:
    """The card list of the run's card set, or an empty CardInfo with a warning."""
    config = run.manifest.config
    try:
        from simcore.errors import TuttiError
        from simcore.games.luthier.cards import load_cards

        card_set = load_cards(config.cards_dir)
    except (ImportError, TuttiError, OSError) as err:
        first = str(err).splitlines()[0] if str(err) else type(err).__name__
        return CardInfo(
            warning=f"could not read the run's card files ({first}): cards never seen in "
            "the run are missing from the tables and patron decks are unknown"
        )
    info = CardInfo()
    for kind, set_kind in CARD_SET_KINDS.items():
        info.ids[kind] = list(card_set.ids[set_kind])
        info.names[kind] = dict(zip(card_set.ids[set_kind], card_set.names[set_kind], strict=True))
    for record in card_set.records["patrons"]:
        info.patron_deck[record["id"]] = str(record.get("deck", "?"))
    if card_set.data_hash != config.card_hash:
        where = config.cards_dir or "the shipped card set"
        info.warning = (
            f"the card files ({where}) changed since the run; card lists and patron "
            "decks are read from the current files"
        )
    return info
