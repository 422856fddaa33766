"""Load A Piacere's card data: the shipped files, a designer's directory overriding them
field by field, and `--set` patches; validated and compiled.

    cards = load_cards()                                       # data/*.toml
    cards = load_cards("mysheets", ["housing.palace.rent=[80, 160, 240]",
                                    "rules.tie_break.value=earlier"])

A user directory may hold any of the thirteen files (schema.py). A file that begins with
`replace = true` replaces the shipped file whole (a designer's own map or card list, with
entries the estimate has not, or without some it has). Otherwise an entry whose id is
already known changes only the fields it gives (a table such as `params`, or a list such
as `rent`, is replaced as a whole); a new id adds an entry (after the shipped ones); a
setup or rule table changes that key. A changed entry that gives no `source` of its own
gets `source = "user: FILE"`, a patched one `"variant: --set ..."`: neither is the
rulebook any more. Every problem is collected and raised together as `CardDataError`,
one `file:card-id:field: message` line each; a broken file, a missing directory or a
malformed `--set` is one TuttiError.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
from simcore.games.apiacere.carddata.compile import Tables, compile_tables
from simcore.games.apiacere.carddata.schema import ALIASES, DOC_FIELDS, FIELDS, KINDS, SECTIONS

DEFAULT_DIR = Path(__file__).resolve().parent.parent / "data"
SHIPPED_LABEL = "simcore/games/apiacere/data"
REPLACE = "replace"  # a user file's top-level `replace = true`: it replaces the shipped file


@dataclass(frozen=True, eq=False)
class ApiacereCards:
    """A validated, compiled card set.

    `ids[kind]` are the entries of a kind in index order (file order, then a user's new
    ones); `records[kind]` the merged entries ("id" first; setup and rules by key);
    `rules` the setup and rule values as written; `tables` the arrays the kernels index.
    """

    tables: Tables
    ids: dict[str, list[str]]
    records: dict[str, list[dict[str, Any]]]
    rules: dict[str, Any]
    data_hash: str
    source_dir: str | None

    def index(self, kind: str, card_id: str) -> int:
        """Index of `card_id` in `kind`; a one-line TuttiError when unknown."""
        ids = self.ids.get(kind, [])
        if card_id not in ids:
            raise TuttiError(f"no {kind} entry {card_id!r}{did_you_mean(card_id, ids)}")
        return ids.index(card_id)

    def record(self, kind: str, card_id: str) -> dict[str, Any]:
        """The merged entry `card_id` of `kind` (a setup or rule key); a one-line
        TuttiError when unknown."""
        records = self.records.get(kind, [])
        ids = [r["id"] for r in records]
        if card_id not in ids:
            raise TuttiError(f"no {kind} entry {card_id!r}{did_you_mean(card_id, ids)}")
        return records[ids.index(card_id)]


def _read_kind(kind: str, path: Path, label: str, problems: list[str]) -> tuple[Cards, bool]:
    """The file's entries, and whether it replaces the shipped file (`replace = true`)."""
    doc = read_toml(path, label)
    replace = doc.pop(REPLACE, False)
    if not isinstance(replace, bool):
        problems.append(f"{label}:{REPLACE}: expected true or false, got {replace!r}")
    if kind not in SECTIONS:
        return tables_by_key(doc, label, problems), replace is True
    return cards_by_id(doc, SECTIONS[kind], label, problems), replace is True


def _user_files(
    user: Path, merged: dict[str, Cards], origins: dict[str, Origins], problems: list[str]
) -> None:
    for path in sorted(user.glob("*.toml")):
        if path.stem not in KINDS:
            problems.append(f"{path}: unknown card file{did_you_mean(path.stem, KINDS)}")
            continue
        kind, label = path.stem, str(path)
        over, replace = _read_kind(kind, path, label, problems)
        if replace:  # the designer's own sheet: the shipped entries are gone
            merged[kind], origins[kind] = {}, {}
        shipped = list(merged[kind])
        for cid in overlay(merged[kind], over, origins[kind], label):
            hint = did_you_mean(cid, shipped)
            missing = [
                f for f, spec in FIELDS[kind].items() if spec.required and f not in over[cid]
            ]
            if missing and hint.startswith("; did you mean"):  # a misspelt change, not a new entry
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
    fields = list(FIELDS[patch.kind])
    if field not in fields:
        raise TuttiError(
            f"{patch.label}: {patch.kind} entries have no field {field!r}"
            + did_you_mean(field, fields)
        )
    if len(patch.path) > 1 and not isinstance(cards[patch.card].get(field), dict | list):
        raise TuttiError(f"{patch.label}: {patch.card}'s {field} is a single value, not a table")
    try:
        if len(patch.path) > 2:
            get_at(cards[patch.card], patch.path[:-1])
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


def load_cards(directory: Path | str | None = None, patches: Sequence[str] = ()) -> ApiacereCards:
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
        merged[kind], _ = _read_kind(kind, DEFAULT_DIR / f"{kind}.toml", label, problems)
        origins[kind] = {cid: dict.fromkeys(card, label) for cid, card in merged[kind].items()}
    if user is not None:
        _user_files(user, merged, origins, problems)
    for text in patches:
        _apply_patch(text, merged, origins)
    for kind in KINDS:
        check_fields(kind, merged[kind], origins[kind], problems)
    if problems:
        raise CardDataError(problems)
    tables, problems = compile_tables(merged, origins)
    if tables is None:
        raise CardDataError(problems)
    return ApiacereCards(
        tables=tables,
        ids={kind: list(merged[kind]) for kind in KINDS},
        records={
            kind: [{"id": cid, **card} for cid, card in merged[kind].items()] for kind in KINDS
        },
        rules={
            key: table.get("value")
            for kind in ("setup", "rules")
            for key, table in merged[kind].items()
        },
        data_hash=content_hash(merged, DOC_FIELDS),
        source_dir=None if user is None else str(user),
    )


@functools.cache
def load_default_cards() -> ApiacereCards:
    """The shipped card data (cached: it is read-only)."""
    return load_cards()
