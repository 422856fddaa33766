"""What the run's tables do not say about the cards: the full card list and patron decks.

Read from the card files the run used (`config.cards_dir`, else the shipped set)
through the run's game (`simcore.games.get`: its card loader needs no numba). If those
files are gone or invalid, the report falls back to the cards seen in the run and
leaves patron decks unknown.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reports.load import Run
from simcore import games
from simcore.games.api import Game

# The card-balance report's cards: the default game's table kind -> card file (the
# drift declaration's `card_roles.files`); other games get reports.game_report
CARD_SET_KINDS = dict(games.get().card_roles.files)
PATRON_DECKS = ("I", "II", "royal")
PATRONS = "patrons"  # the card file whose cards carry a `deck`
SECTION_FIELD = "family"  # the card field naming a card's instrument family (its section)


Names = dict[str, str]  # cards-table key "kind/card_id" -> the card's name


def names_of(card_set, game: Game | None = None) -> Names:
    """Every card's name keyed as in the cards table ("repair/r15" -> "Bell rebuild"), of
    `game` (a game object; None: the default game)."""
    game = games.get() if game is None else game
    return {
        f"{kind}/{card_id}": game.card_name(card_set, set_kind, card_id)
        for kind, set_kind in game.card_roles.files.items()
        for card_id in game.card_ids(card_set, set_kind)
    }


def read_names(cards_dir: str | None, game: Game | None = None) -> Names:
    """The card names of the set in `cards_dir` (None: the shipped set) of `game` (None:
    the default game); {} when its files are gone or invalid, so that runs are still
    compared (by card ids alone)."""
    from simcore.errors import TuttiError

    game = games.get() if game is None else game
    try:
        return names_of(game.load_cards(cards_dir), game)
    except (TuttiError, OSError):
        return {}


@dataclass
class CardInfo:
    """Card ids and names per table kind, and the deck of each patron ("I", "II", "royal")."""

    ids: dict[str, list[str]] = field(default_factory=dict)
    names: dict[str, dict[str, str]] = field(default_factory=dict)
    patron_deck: dict[str, str] = field(default_factory=dict)
    # table kind -> card id -> the instrument family its record names ("strings"), for
    # the kinds whose cards carry one (instruments, repairs): the report's card sections
    sections: dict[str, dict[str, str]] = field(default_factory=dict)
    warning: str | None = None


def card_info(run: Run) -> CardInfo:
    """The card list of the run's card set, or an empty CardInfo with a warning. The card
    folder a manifest names is read only when its cards have the run's hash (a run
    directory is data: a foreign folder is never listed, simcore/runs/trust.py)."""
    config = run.manifest.config
    where = config.cards_dir or "the shipped card set"
    try:
        from simcore.errors import TuttiError

        game = games.get(config.game)
        card_set = game.load_cards(config.cards_dir)
    except (ImportError, TuttiError, OSError):
        card_set = None
    if card_set is None or card_set.data_hash != config.card_hash:
        reason = "are gone or invalid" if card_set is None else "changed since the run"
        return CardInfo(
            warning=f"could not read the run's card files: those in {where} {reason}; cards "
            "never seen in the run are missing from the tables and patron decks are unknown"
        )
    info = CardInfo()
    for kind, set_kind in game.card_roles.files.items():
        info.ids[kind] = game.card_ids(card_set, set_kind)
        info.names[kind] = {c: game.card_name(card_set, set_kind, c) for c in info.ids[kind]}
    for kind, set_kind in game.card_roles.files.items():
        for record in game.card_records(card_set, set_kind):
            if isinstance(record.get(SECTION_FIELD), str):
                info.sections.setdefault(kind, {})[record["id"]] = record[SECTION_FIELD]
    if PATRONS in game.card_files:
        for record in game.card_records(card_set, PATRONS):
            info.patron_deck[record["id"]] = str(record.get("deck", "?"))
    return info
