"""One game's card files merged: the shipped files, a designer's directory overriding them
field by field, then `--set` patches, every field checked against the game's schema.

    schema = CardSchema(KINDS, SECTIONS, FIELDS, ALIASES, DOC_FIELDS, DEFAULT_DIR, LABEL)
    merged, origins = merge_card_files(schema, "mycards", ["effects.guido.params.n=3"])

A user entry whose id is already known changes only the fields it gives (a table such as
`params` is replaced as a whole); a new id adds an entry (after the shipped ones); a rule
table (a kind without a section) changes that rule. A changed entry that gives no
`source` of its own gets `source = "user: FILE"`, a patched one `"variant: --set ..."`:
neither is the rulebook any more. A game whose schema sets `replace_files` also lets a
user file begin with `replace = true`: it then replaces the shipped file whole (a
designer's own map or card list). Every problem is collected and raised together as
`CardDataError`, one `file:card-id:field: message` line each; a broken file, a missing
directory or a malformed `--set` is one TuttiError. The game compiles what this returns
(its own `carddata/compile.py`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simcore.card_files import (
    Cards,
    Origins,
    cards_by_id,
    get_at,
    overlay,
    parse_set,
    read_toml,
    set_at,
    tables_by_key,
)
from simcore.errors import CardDataError, TuttiError, did_you_mean


@dataclass(frozen=True)
class CardSchema:
    """A game's card files: `kinds` (file stems, in load order), `sections` (a list kind's
    TOML section; a kind without one is a file of rule tables), `fields[kind][name]`
    (with `.type` and `.required`), `aliases` (other names `--set` accepts for a kind),
    `doc_fields` (text that changes no number), the shipped directory and its label;
    `replace_files`: whether a user file may begin with `replace = true`."""

    kinds: Sequence[str]
    sections: Mapping[str, str]
    fields: Mapping[str, Mapping[str, Any]]
    aliases: Mapping[str, str]
    doc_fields: Sequence[str]
    default_dir: Path
    shipped_label: str
    replace_files: bool = False


REPLACE = "replace"  # a user file's top-level `replace = true` (schemas with replace_files)


def _read_kind(
    schema: CardSchema, kind: str, path: Path, label: str, problems: list[str]
) -> tuple[Cards, bool]:
    """The file's entries, and whether it replaces the shipped file (`replace = true`)."""
    doc = read_toml(path, label)
    replace = doc.pop(REPLACE, False) if schema.replace_files else False
    if not isinstance(replace, bool):
        problems.append(f"{label}:{REPLACE}: expected true or false, got {replace!r}")
    if kind not in schema.sections:
        return tables_by_key(doc, label, problems), replace is True
    return cards_by_id(doc, schema.sections[kind], label, problems), replace is True


def _user_files(
    schema: CardSchema,
    user: Path,
    merged: dict[str, Cards],
    origins: dict[str, Origins],
    problems: list[str],
) -> None:
    for path in sorted(user.glob("*.toml")):
        if path.stem not in schema.kinds:
            problems.append(
                f"{path}: unknown card file{did_you_mean(path.stem, list(schema.kinds))}"
            )
            continue
        kind, label = path.stem, str(path)
        over, replace = _read_kind(schema, kind, path, label, problems)
        if replace:  # the designer's own sheet: the shipped entries are gone
            merged[kind], origins[kind] = {}, {}
        shipped = list(merged[kind])
        for cid in overlay(merged[kind], over, origins[kind], label):
            hint = did_you_mean(cid, shipped)
            fields = schema.fields[kind]
            missing = [f for f, spec in fields.items() if spec.required and f not in over[cid]]
            if missing and hint.startswith("; did you mean"):  # a misspelt change, not a new card
                section = schema.sections.get(kind, kind)
                problems.append(f"{label}:{cid}:id: no such {section}{hint}")
        for cid, fields in over.items():
            if cid in shipped and "source" not in fields and set(fields) - set(schema.doc_fields):
                merged[kind][cid]["source"] = f"user: {label}"


def _apply_patch(
    schema: CardSchema, text: str, merged: dict[str, Cards], origins: dict[str, Origins]
) -> None:
    patch = parse_set(text, schema.kinds, schema.aliases)
    cards = merged[patch.kind]
    if patch.card not in cards:
        raise TuttiError(
            f"{patch.label}: no {patch.kind} entry {patch.card!r}"
            + did_you_mean(patch.card, list(cards))
        )
    field = patch.path[0]
    fields = [f for f in schema.fields[patch.kind] if f != "id"]
    if field not in fields:
        raise TuttiError(
            f"{patch.label}: {patch.kind} entries have no field {field!r}"
            + did_you_mean(field, fields)
        )
    if len(patch.path) > 1:
        try:
            get_at(cards[patch.card], patch.path[:1])
        except KeyError:
            raise TuttiError(
                f"{patch.label}: {patch.card} has no {field} to change a part of"
            ) from None
        if not isinstance(cards[patch.card][field], dict | list):
            raise TuttiError(
                f"{patch.label}: {patch.card}'s {field} is a single value, not a table"
            )
    try:
        set_at(cards[patch.card], patch.path, patch.value)
    except KeyError:
        raise TuttiError(
            f"{patch.label}: {patch.card} has no position {'.'.join(patch.path)}"
        ) from None
    origins[patch.kind].setdefault(patch.card, {})[field] = patch.label
    if field not in schema.doc_fields:
        cards[patch.card]["source"] = f"variant: {patch.label}"


def check_fields(
    fields: Mapping[str, Any], kind: str, cards: Cards, origins: Origins, problems: list[str]
) -> None:
    """Every field of `kind` known, of its TOML type, and every required one given."""
    known = list(fields)
    for cid, card in cards.items():
        where = origins.get(cid, {})
        for name, value in card.items():
            label = where.get(name, f"{kind}.toml")
            if name not in fields:
                problems.append(f"{label}:{cid}:{name}: unknown field{did_you_mean(name, known)}")
                continue
            want = fields[name].type
            if want is not object and (
                not isinstance(value, want) or (want is int and isinstance(value, bool))
            ):
                problems.append(f"{label}:{cid}:{name}: expected {want.__name__}, got {value!r}")
        for name, field in fields.items():
            if field.required and name not in card:
                label = next(iter(where.values()), f"{kind}.toml")
                problems.append(f"{label}:{cid}:{name}: missing")


def merge_card_files(
    schema: CardSchema, directory: Path | str | None, patches: Sequence[str]
) -> tuple[dict[str, Cards], dict[str, Origins]]:
    """The shipped files overridden by `directory`'s, then `patches`, every field checked:
    (merged entries by kind, the file each field came from). Raises CardDataError with
    every problem found, or a one-line TuttiError."""
    user = Path(directory) if directory is not None else None
    if user is not None and not user.is_dir():
        raise TuttiError(f"card directory {user} does not exist or is not a directory")
    problems: list[str] = []
    merged: dict[str, Cards] = {}
    origins: dict[str, Origins] = {}
    for kind in schema.kinds:
        label = f"{schema.shipped_label}/{kind}.toml"
        path = schema.default_dir / f"{kind}.toml"
        merged[kind], _ = _read_kind(schema, kind, path, label, problems)
        origins[kind] = {cid: dict.fromkeys(card, label) for cid, card in merged[kind].items()}
    if user is not None:
        _user_files(schema, user, merged, origins, problems)
    for text in patches:
        _apply_patch(schema, text, merged, origins)
    for kind in schema.kinds:
        check_fields(schema.fields[kind], kind, merged[kind], origins[kind], problems)
    if problems:
        raise CardDataError(problems)
    return merged, origins


class CardLookup:
    """`index` and `record` for a loaded card set with `ids` and `records` by kind."""

    ids: dict[str, list[str]]
    records: dict[str, list[dict[str, Any]]]

    def index(self, kind: str, card_id: str) -> int:
        """Index of `card_id` in `kind`; a one-line TuttiError when unknown."""
        ids = self.ids.get(kind, [])
        if card_id not in ids:
            raise TuttiError(f"no {kind} entry {card_id!r}{did_you_mean(card_id, ids)}")
        return ids.index(card_id)

    def record(self, kind: str, card_id: str) -> dict[str, Any]:
        """The merged entry `card_id` of `kind` (a rule by its key); a one-line TuttiError
        when unknown."""
        records = self.records.get(kind, [])
        ids = [r["id"] for r in records]
        if card_id not in ids:
            raise TuttiError(f"no {kind} entry {card_id!r}{did_you_mean(card_id, ids)}")
        return records[ids.index(card_id)]
