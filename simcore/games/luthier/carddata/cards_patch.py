"""Card variants from the command line: `--set KIND.CARD.FIELD=VALUE`.

    instruments.violin.prestige=3        # a number
    instruments.violin.cost.animal=2     # one key of a table field
    performances.p2.prestige.2=2         # one position of a list field (low, medium, high)
    patrons.paganini.name="Niccolò"      # a TOML value; bare words are strings

A patch changes one field of one existing card after the card files are merged,
and the merged card is validated as usual, so a bad value is reported like a bad
value in a card file (with `--set ...` as its file). A kind, card or field that does
not exist is refused at once, naming the closest matches (cards by id and name). The
kind is the card file's name ("repairs"); the section name ("repair") is accepted too.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from typing import Any

from simcore.errors import TuttiError
from simcore.games.luthier.carddata.cards_checks import Entry
from simcore.games.luthier.carddata.cards_fields import did_you_mean
from simcore.games.luthier.carddata.cards_lookup import suggest_card
from simcore.games.luthier.carddata.cards_schema import SCHEMAS

# A kind may be named as its file ("repairs", the spelling of messages and reports) or
# as the section its cards are written in ("repair" for [[repair]]).
KIND_ALIASES = {
    sec.name: kind
    for kind, schema in SCHEMAS.items()
    for sec in schema.sections
    if sec.is_list and sec.name not in SCHEMAS
} | {"rule": "rules", "die": "dice"}


@dataclass(frozen=True)
class Patch:
    kind: str
    card: str
    field: tuple[str, ...]  # the field, then keys into a table value
    value: Any
    text: str  # as given, for messages and labels

    @property
    def label(self) -> str:
        return f"--set {self.text}"


def parse_patch(text: str) -> Patch:
    """Parse `KIND.CARD.FIELD[.KEY]=VALUE` (the kind is checked here, the card on merge)."""
    target, sep, raw = text.partition("=")
    parts = target.strip().split(".")
    if not sep or len(parts) < 3 or not all(parts) or not raw.strip():
        raise TuttiError(f"--set {text!r}: expected KIND.CARD.FIELD=VALUE")
    kind = card_kind(parts[0])
    if kind not in SCHEMAS:
        raise TuttiError(
            f"--set {text}: unknown card kind {kind!r}{did_you_mean(kind, list(SCHEMAS), 3)}"
        )
    return Patch(kind, parts[1], tuple(parts[2:]), _value(raw.strip()), text)


def card_kind(word: str) -> str:
    """The card kind (file name: "repairs") of `word`, which may also be its section
    name as written in the file ("repair" for [[repair]]); unknown words unchanged."""
    return KIND_ALIASES.get(word, word)


def _value(raw: str) -> Any:
    try:
        return tomllib.loads(f"v = {raw}")["v"]
    except tomllib.TOMLDecodeError:
        return raw  # a bare word: a string (an era, a family, a name)


def apply_patches(kind: str, entries: list[Entry], patches: list[Patch]) -> None:
    """Apply the patches of `kind` to its merged entries (in order; later ones win)."""
    fields = {s.name: s.fields for s in SCHEMAS[kind].sections}
    for patch in (p for p in patches if p.kind == kind):
        entry = next((e for e in entries if e.key == patch.card), None)
        if entry is None:
            cards = [(e.key, str(e.data.get("name", ""))) for e in entries]
            raise TuttiError(
                f"{patch.label}: no {kind} card with id {patch.card}"
                + suggest_card(patch.card, cards, 3)
            )
        name = patch.field[0]
        known = [f for f in fields[entry.section] if f != "id"]
        if name not in known:
            raise TuttiError(
                f"{patch.label}: {kind} cards have no field {name!r}{did_you_mean(name, known, 3)}"
            )
        value = patch.value
        if len(patch.field) > 1:  # one key of a table value: keep the table's other keys
            value = _set_in(entry.data.get(name), patch.field[1:], patch.value, patch)
        entry.data[name] = value
        entry.data["source"] = f"variant: {patch.label}"
        entry.origin[name] = patch.label
        entry.label = patch.label
        entry.from_user = True


def _set_in(table: Any, keys: tuple[str, ...], value: Any, patch: Patch) -> Any:
    """`table` with the value at `keys` replaced: a key into a table, or a position
    (0, 1, ...) into a list such as a performance's `prestige = [low, medium, high]`."""
    if isinstance(table, list):
        if not keys[0].isdigit() or int(keys[0]) >= len(table):
            raise TuttiError(
                f"{patch.label}: field {patch.field[0]!r} is a list of {len(table)}; "
                f"give a position 0..{len(table) - 1}, not {keys[0]!r}"
            )
        out_list = list(table)
        i = int(keys[0])
        out_list[i] = value if len(keys) == 1 else _set_in(out_list[i], keys[1:], value, patch)
        return out_list
    if table is not None and not isinstance(table, dict):
        raise TuttiError(f"{patch.label}: field {patch.field[0]!r} is not a table")
    out = dict(table or {})
    out[keys[0]] = value if len(keys) == 1 else _set_in(out.get(keys[0]), keys[1:], value, patch)
    return out
