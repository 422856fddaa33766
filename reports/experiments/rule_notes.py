"""Which rules switch alone reads a card field, from the rules' own notes.

A rules file's `note` that names "KIND.toml `FIELD`" in a sentence "OPTION: ..." says the
field is read only under that option (Maestro's scoring: "printed: the row's printed value
(rows.toml `value`) per musician"). `whatif` names it when a change played no game
differently; the report's card advice adds it to the command it suggests.
"""

from __future__ import annotations

from simcore.games.api import Cards, Game


def read_only_under(
    game: Game, card_set: Cards, kind: str, field: str
) -> tuple[str, str, str] | None:
    """(rule id, the option that reads `kind`'s `field`, the rule's value in `card_set`)
    where a rule's note says one option alone reads it; None where none does (or the game
    has no rules file)."""
    if "rules" not in game.card_files:
        return None
    mark = f"{kind}.toml `{field}`"
    for r in game.card_records(card_set, "rules"):
        note = " ".join(str(r.get("note", "")).split())
        if mark not in note:
            continue
        sentence = next(s for s in note.split(". ") if mark in s)
        option = sentence.split(":", 1)[0].strip()
        if option:
            return str(r["id"]), option, str(r.get("value"))
    return None
