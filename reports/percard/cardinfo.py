"""What the run's tables do not say about the cards: the full card list, decks, sections.

Read from the card files the run used (`config.cards_dir`, else the shipped set)
through the run's game (`simcore.games.get`: its card loader needs no numba). If those
files are gone or invalid, the report falls back to the cards seen in the run and
leaves card decks unknown. What to read is the game's declaration: its card kinds
(their files and `decks`) and its `card_sections` (simcore/games/api.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reports.run.load import Run
from simcore import games
from simcore.games.api import Cards, Game

Names = dict[str, str]  # cards-table key "kind/card_id" -> the card's name


def names_of(card_set: Cards, game: Game) -> Names:
    """Every card's name keyed as in the cards table ("repair/r15" -> "Bell rebuild")."""
    return {
        f"{kind}/{card_id}": game.card_name(card_set, set_kind, card_id)
        for kind, set_kind in game.card_roles.files.items()
        for card_id in game.card_ids(card_set, set_kind)
    }


def read_names(cards_dir: str | None, game: Game) -> Names:
    """The card names of `game`'s set in `cards_dir` (None: the shipped set); {} when its
    files are gone or invalid, so that runs are still compared (by card ids alone)."""
    from simcore.errors import TuttiError

    try:
        return names_of(game.load_cards(cards_dir), game)
    except (TuttiError, OSError):
        return {}


@dataclass
class CardInfo:
    """Card ids and names per table kind, and each card's deck where its kind has decks."""

    ids: dict[str, list[str]] = field(default_factory=dict)
    names: dict[str, dict[str, str]] = field(default_factory=dict)
    # table kind -> card id -> its deck (the kind's `deck_field`: a patron's "I", "royal")
    decks: dict[str, dict[str, str]] = field(default_factory=dict)
    # table kind -> card id -> the section its record names (the game's `card_sections`:
    # Luthier's instrument family "strings"), for the kinds whose cards carry one
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
            "never seen in the run are missing from the tables and card decks are unknown"
        )
    info = CardInfo()
    files = game.card_roles.files
    for kind, set_kind in files.items():
        info.ids[kind] = game.card_ids(card_set, set_kind)
        info.names[kind] = {c: game.card_name(card_set, set_kind, c) for c in info.ids[kind]}
    sections = game.card_sections
    if sections is not None:
        for kind, set_kind in files.items():
            for record in game.card_records(card_set, set_kind):
                if isinstance(record.get(sections.card_field), str):
                    info.sections.setdefault(kind, {})[record["id"]] = record[sections.card_field]
    for spec in game.card_kinds:
        if spec.decks and spec.kind in files:
            info.decks[spec.kind] = {
                str(r["id"]): str(r.get(spec.deck_field, "?"))
                for r in game.card_records(card_set, files[spec.kind])
            }
    return info
