"""Cards in the drift and what-if messages: "repairs.r15 (Bell rebuild)", not "repair/r15".

The cards table keys a card as "kind/card_id" ("award/t8/3" for an award level);
people read it as the card kind spelt as in `--set` and the card files ("repairs"; the
game's `card_roles.files`), the id, and the card's name: the spelling
`--set repairs.r15.prestige=3` takes. The names come from the card files
(`reports.percard.cardinfo.read_names`).
"""

from __future__ import annotations

from collections.abc import Mapping

from reports.percard.cardinfo import Names
from simcore.fmt import card_text


def card_key_text(key: str, names: Names, files: Mapping[str, str]) -> str:
    """ "repair/r15" -> "repairs.r15 (Bell rebuild)"; "award/t8/3" -> "awards.t8 (Name) level 3"
    (`files`: cards-table kind -> card file, the game's `card_roles.files`)."""
    kind, _, rest = key.partition("/")
    card_id, _, level = rest.partition("/")
    text = f"{files.get(kind, kind)}.{card_text(card_id, names.get(f'{kind}/{card_id}'))}"
    return f"{text} level {level}" if level else text
