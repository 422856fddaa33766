"""Load Dice-Mining Patrons' card data: the shipped files, a designer's
directory overriding them field by field, and `--set` patches; validated and compiled.

    cards = load_cards()                                       # data/*.toml
    cards = load_cards("mycards", ["patrons.defender.vp=12", "rules.keep.value=free"])

A user directory may hold any of the six files (schema.py). An entry whose id is
already known changes only the fields it gives (a table such as `params` is replaced as
a whole); a new id adds an entry (after the shipped ones); a rule table changes that
rule. A changed entry that gives no `source` of its own gets `source = "user: FILE"`, a
patched one `"variant: --set ..."`: neither is the rulebook any more. Every problem is
collected and raised together as `CardDataError`, one `file:card-id:field: message`
line each; a broken file, a missing directory or a malformed `--set` is one TuttiError.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from simcore.card_files import (
    Cards,
    Origins,
    cards_by_id,
    content_hash,
    get_at,
    overlay,
    parse_set,
    read_toml,
    set_at,
    tables_by_key,
)
from simcore.errors import CardDataError, TuttiError, did_you_mean
from simcore.games.dicemining.carddata.compile import compile_table
from simcore.games.dicemining.carddata.schema import ALIASES, DOC_FIELDS, FIELDS, KINDS, SECTIONS

DEFAULT_DIR = Path(__file__).resolve().parent.parent / "data"
SHIPPED_LABEL = "simcore.games.dicemining/data"


@dataclass(frozen=True, eq=False)
class DiceMiningCards:
    """A validated, compiled card set.

    `ids[kind]` are the entries of a list kind in index order (file order, then a user's
    new ones): layouts, resources, items, vaults, patron designs. `records[kind]` are the
    merged entries ("id" first; rules too, by key); `rules` the rule values as written;
    `table_array` the read-only TABLE[1] the kernels take; `card_design[c]` the design
    index of patron card c (copies expanded).
    """

    table_array: np.recarray
    card_design: list[int]
    ids: dict[str, list[str]]
    records: dict[str, list[dict[str, Any]]]
    rules: dict[str, Any]
    data_hash: str
    source_dir: str | None

    @property
    def table(self) -> np.record:
        return self.table_array[0]

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


def _read_kind(kind: str, path: Path, label: str, problems: list[str]) -> Cards:
    doc = read_toml(path, label)
    if kind == "rules":
        return tables_by_key(doc, label, problems)
    return cards_by_id(doc, SECTIONS[kind], label, problems)


def _user_files(
    user: Path, merged: dict[str, Cards], origins: dict[str, Origins], problems: list[str]
) -> None:
    for path in sorted(user.glob("*.toml")):
        if path.stem not in KINDS:
            problems.append(f"{path}: unknown card file{did_you_mean(path.stem, KINDS)}")
            continue
        kind, label = path.stem, str(path)
        over = _read_kind(kind, path, label, problems)
        shipped = list(merged[kind])
        for cid in overlay(merged[kind], over, origins[kind], label):
            hint = did_you_mean(cid, shipped)
            missing = [
                f for f, spec in FIELDS[kind].items() if spec.required and f not in over[cid]
            ]
            if missing and hint.startswith("; did you mean"):  # a misspelt change, not a new card
                problems.append(f"{label}:{cid}:id: no such {SECTIONS.get(kind, kind)}{hint}")
        for cid, fields in over.items():
            if cid in shipped and "source" not in fields and set(fields) - set(DOC_FIELDS):
                merged[kind][cid]["source"] = f"user: {label}"


def _apply_patch(text: str, merged: dict[str, Cards], origins: dict[str, Origins]) -> None:
    patch = parse_set(text, KINDS, ALIASES)
    cards = merged[patch.kind]
    if patch.card not in cards:
        raise TuttiError(
            f"{patch.label}: no {patch.kind} entry {patch.card!r}"
            + did_you_mean(patch.card, list(cards))
        )
    field = patch.path[0]
    fields = [f for f in FIELDS[patch.kind] if f != "id"]
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
    if field not in DOC_FIELDS:
        cards[patch.card]["source"] = f"variant: {patch.label}"


def check_fields(kind: str, cards: Cards, origins: Origins, problems: list[str]) -> None:
    """Every field known, of its TOML type, and every required one given."""
    spec = FIELDS[kind]
    known = list(spec)
    for cid, card in cards.items():
        where = origins.get(cid, {})
        for name, value in card.items():
            label = where.get(name, f"{kind}.toml")
            if name not in spec:
                problems.append(f"{label}:{cid}:{name}: unknown field{did_you_mean(name, known)}")
                continue
            want = spec[name].type
            if want is not object and (
                not isinstance(value, want) or (want is int and isinstance(value, bool))
            ):
                problems.append(f"{label}:{cid}:{name}: expected {want.__name__}, got {value!r}")
        for name, field in spec.items():
            if field.required and name not in card:
                label = next(iter(where.values()), f"{kind}.toml")
                problems.append(f"{label}:{cid}:{name}: missing")


def load_cards(directory: Path | str | None = None, patches: Sequence[str] = ()) -> DiceMiningCards:
    """The shipped card data overridden by `directory`'s files, then `patches`, checked
    and compiled."""
    user = Path(directory) if directory is not None else None
    if user is not None and not user.is_dir():
        raise TuttiError(f"card directory {user} does not exist or is not a directory")
    problems: list[str] = []
    merged: dict[str, Cards] = {}
    origins: dict[str, Origins] = {}
    for kind in KINDS:
        label = f"{SHIPPED_LABEL}/{kind}.toml"
        merged[kind] = _read_kind(kind, DEFAULT_DIR / f"{kind}.toml", label, problems)
        origins[kind] = {cid: dict.fromkeys(card, label) for cid, card in merged[kind].items()}
    if user is not None:
        _user_files(user, merged, origins, problems)
    for text in patches:
        _apply_patch(text, merged, origins)
    for kind in KINDS:
        check_fields(kind, merged[kind], origins[kind], problems)
    if problems:
        raise CardDataError(problems)
    table, compiled = compile_table(merged, origins)
    if table is None:
        raise CardDataError(compiled)
    return DiceMiningCards(
        table_array=table,
        card_design=[int(d) for d in table[0].patron_design[: table[0].n_patrons]],
        ids={kind: list(merged[kind]) for kind in SECTIONS},
        records={
            kind: [{"id": cid, **card} for cid, card in merged[kind].items()] for kind in KINDS
        },
        rules={key: table.get("value") for key, table in merged["rules"].items()},
        data_hash=content_hash(merged, DOC_FIELDS),
        source_dir=None if user is None else str(user),
    )


@functools.cache
def load_default_cards() -> DiceMiningCards:
    """The shipped card data (cached: it is read-only)."""
    return load_cards()
