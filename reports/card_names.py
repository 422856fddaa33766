"""Cards in the drift and what-if messages: "repairs.r15 (Bell rebuild)", not "repair/r15".

The cards table keys a card as "kind/card_id" ("award/t8/3" for an award level);
people read it as the card kind spelt as in `--set` and the card files ("repairs"),
the id, and the card's name: the spelling `--set repairs.r15.prestige=3` takes.
"""

from __future__ import annotations

from pathlib import Path

from reports.cardinfo import CARD_SET_KINDS
from simcore.games.luthier.cards_lookup import card_text

Names = dict[str, str]  # "repair/r15" -> "Bell rebuild"


def names_of(card_set) -> Names:
    """Every card's name keyed as in the cards table ("kind/card_id")."""
    return {
        f"{kind}/{card_id}": name
        for kind, set_kind in CARD_SET_KINDS.items()
        for card_id, name in zip(card_set.ids[set_kind], card_set.names[set_kind], strict=True)
    }


def read_names(cards_dir: str | Path | None) -> Names:
    """The names of the card set in `cards_dir` (None: the shipped set); {} if unreadable,
    so that a run whose card files are gone is still compared (by ids alone)."""
    from simcore.errors import TuttiError
    from simcore.games.luthier.cards import load_cards, load_default_cards

    try:
        return names_of(load_default_cards() if cards_dir is None else load_cards(cards_dir))
    except (TuttiError, OSError):
        return {}


def card_key_text(key: str, names: Names) -> str:
    """ "repair/r15" -> "repairs.r15 (Bell rebuild)"; "award/t8/3" -> "awards.t8 (Name) level 3"."""
    kind, _, rest = key.partition("/")
    card_id, _, level = rest.partition("/")
    text = f"{CARD_SET_KINDS.get(kind, kind)}.{card_text(card_id, names.get(f'{kind}/{card_id}'))}"
    return f"{text} level {level}" if level else text
