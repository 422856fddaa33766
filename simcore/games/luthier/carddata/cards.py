"""Luthier card data: read the TOML card files, merge a user's overrides, validate, compile.

    cards = load_cards("mycards")      # default set overridden/extended by mycards/*.toml
    cards.arrays.inst_prestige[cards.index("instruments", "violin")]

The file format is documented for designers in docs/games/luthier/card-data.md. Every problem in the
data is collected and raised together as `CardDataError`, one `file:card-id:field:
message` line each. Field checks live in `cards_schema`, cross-card checks in
`cards_checks`, the arrays in `cards_compile`.
"""

from __future__ import annotations

import functools
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from simcore.errors import CardDataError, TuttiError
from simcore.games.luthier.carddata.cards_capacity import over_capacity
from simcore.games.luthier.carddata.cards_checks import Entry, Problems, check_card_rules, check_set
from simcore.games.luthier.carddata.cards_compile import LuthierCards, compile_cards, data_hash
from simcore.games.luthier.carddata.cards_fields import did_you_mean
from simcore.games.luthier.carddata.cards_lookup import card_text, matches, suggest_card
from simcore.games.luthier.carddata.cards_patch import Patch, apply_patches
from simcore.games.luthier.carddata.cards_schema import SCHEMAS, FileSchema, Section, check_card

__all__ = [
    "DEFAULT_DIR",
    "KINDS",
    "CardSet",
    "LuthierCards",
    "load_cards",
    "load_default_cards",
]

DEFAULT_DIR = Path(__file__).resolve().parent.parent / "data"  # the game package's data/
DEFAULT_LABEL = "simcore/games/luthier/data"  # how problems in the shipped files are named
KINDS = (
    "instruments",
    "orchestra",
    "performances",
    "repairs",
    "market",
    "patrons",
    "awards",
    "goals",
    "families",
    "specialty",
    "board",
    "dice",
    "rules",
    "setup2p",
)  # file = KIND + ".toml"
# Card kind in the results' `cards` table -> the card file (kind) it comes from
TABLE_KINDS = {
    "instrument": "instruments",
    "performance": "performances",
    "repair": "repairs",
    "patron": "patrons",
    "award": "awards",
    "goal": "goals",
    "family": "families",
    "specialty": "specialty",
}
ROMAN = {1: "I", 2: "II", 3: "III"}
TABLES = ("dice", "rules")  # kinds made only of named tables


@dataclass(frozen=True, eq=False)
class CardSet:
    """A validated, compiled card set.

    `ids[kind][c]` / `names[kind][c]` name card index `c` of that kind (default file
    order, then user-added cards); `records[kind]` are the merged raw cards (tables
    such as rules and dice become records with their key as `id`); `sections[kind][c]`
    is the TOML section of record `c` ("row" or "first_chairs" in board.toml).
    """

    arrays: LuthierCards
    ids: dict[str, list[str]]
    names: dict[str, list[str]]
    records: dict[str, list[dict[str, Any]]]
    sections: dict[str, list[str]]
    data_hash: str
    source_dir: str | None

    @functools.cached_property
    def table_array(self) -> np.recarray:
        """The card data as a one-element read-only record array (see table.py)."""
        from simcore.games.luthier.carddata.table import card_table

        return card_table(self.arrays)

    @property
    def table(self) -> np.record:
        """The card data as one record: what kernels receive as `cards`."""
        return self.table_array[0]

    def index(self, kind: str, card_id: str) -> int:
        """Integer index of card `card_id` of `kind` (KeyError if unknown)."""
        try:
            return self.ids[kind].index(card_id)
        except ValueError:
            raise KeyError(f"no {kind} card with id {card_id!r}") from None


def load_cards(user_dir: str | Path | None = None, patches: Sequence[Patch] = ()) -> CardSet:
    """Load the default card set, overridden and extended by the files in `user_dir`,
    then changed field by field by `patches` (`--set`, cards_patch.py).

    Raises TuttiError if `user_dir` is not a directory or a patch names no card or
    field, and CardDataError listing every problem if the merged data is invalid.
    """
    probs = Problems()
    user_files = _scan_user_dir(user_dir, probs) if user_dir is not None else {}
    kinds: dict[str, list[Entry]] = {}
    labels: dict[str, str] = {}
    for kind in KINDS:
        schema = SCHEMAS[kind]
        labels[kind] = f"{DEFAULT_LABEL}/{kind}.toml"
        entries: list[Entry] = []
        doc = _read_toml(DEFAULT_DIR / f"{kind}.toml", labels[kind], probs)
        _merge(entries, doc or {}, schema, labels[kind], probs, is_user=False)
        if kind in user_files:
            labels[kind] = user_files[kind]
            doc = _read_toml(Path(user_files[kind]), labels[kind], probs)
            _merge(entries, doc or {}, schema, labels[kind], probs, is_user=True)
        apply_patches(kind, entries, list(patches))
        _check_entries(kind, schema, entries, probs)
        _check_tables(schema, entries, labels[kind], probs)
        kinds[kind] = entries
    check_set(kinds, labels, set(user_files), probs)
    if probs.lines:
        raise CardDataError(probs.lines)
    card_set = _build(kinds, None if user_dir is None else str(user_dir))
    for kind, message in over_capacity(card_set.arrays):
        probs.add(labels[kind], "-", "-", message)
    if probs.lines:
        raise CardDataError(probs.lines)
    return card_set


@functools.lru_cache(maxsize=1)
def load_default_cards() -> CardSet:
    """The shipped card set (cached: it is immutable)."""
    return load_cards(None)


# ----------------------------------------------------------------- reading


def _scan_user_dir(user_dir: str | Path, probs: Problems) -> dict[str, str]:
    """kind -> file label for each card file in `user_dir`; unknown files are problems."""
    path = Path(user_dir)
    if not path.exists():
        raise TuttiError(f"card directory not found: {user_dir}")
    if not path.is_dir():
        raise TuttiError(f"not a directory: {user_dir}")
    expected = [f"{k}.toml" for k in KINDS]
    found: dict[str, str] = {}
    for child in sorted(path.iterdir()):
        if child.name.startswith("."):
            continue
        label = str(path / child.name)
        if child.name in expected and child.is_file():
            found[child.name.removesuffix(".toml")] = label
        else:
            probs.add(label, "-", "-", "unknown card file" + did_you_mean(child.name, expected))
    return found


def _read_toml(path: Path, label: str, probs: Problems) -> dict[str, Any] | None:
    try:
        with path.open("rb") as fh:
            return tomllib.load(fh)
    except tomllib.TOMLDecodeError as err:
        probs.add(label, "-", "-", f"TOML syntax error: {err}")
    except UnicodeDecodeError:
        probs.add(label, "-", "-", "not UTF-8 text")
    except OSError as err:
        probs.add(label, "-", "-", f"cannot read file: {err.strerror or err}")
    return None


# ----------------------------------------------------------------- merging


def _merge(
    entries: list[Entry],
    doc: dict[str, Any],
    schema: FileSchema,
    label: str,
    probs: Problems,
    is_user: bool,
) -> None:
    """Merge one file's sections into `entries`, field by field over cards with the same key."""
    sections = {s.name: s for s in schema.sections}
    for top, value in doc.items():
        sec = sections.get(top)
        if sec is None:
            msg = f"unknown {schema.noun}" + did_you_mean(top, list(sections))
            if schema.noun == "section":
                probs.add(label, "-", top, msg)
            else:
                probs.add(label, top, "-", msg)
        elif not sec.is_list:
            if isinstance(value, dict):
                _merge_card(entries, sec, top, value, label, probs, is_user)
            else:
                probs.add(label, top, "-", f"expected a table [{top}]")
        elif not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            probs.add(label, "-", top, f"expected [[{top}]] entries (an array of tables)")
        else:
            seen: set[str] = set()
            for number, card in enumerate(value, start=1):
                key = _card_key(sec, card, number, label, probs)
                if key is None:
                    continue
                if key in seen:
                    fld = "id" if "id" in sec.fields else "row"
                    probs.add(label, key, fld, "duplicate id; each id may appear once per file")
                    continue
                seen.add(key)
                _merge_card(entries, sec, key, card, label, probs, is_user)


def _card_key(
    sec: Section, card: dict[str, Any], number: int, label: str, probs: Problems
) -> str | None:
    where = f"([[{sec.name}]] number {number})"
    if "id" not in sec.fields:  # board rows are keyed by (row, tier)
        row, tier = card.get("row"), card.get("tier")
        if isinstance(row, str) and isinstance(tier, int) and not isinstance(tier, bool):
            return f"{row}-{tier}"
        probs.add(label, "-", "row", f"needs a row name and a tier number {where}")
        return None
    key = card.get("id")
    if key is None:
        probs.add(label, "-", "id", f"missing required field {where}")
        return None
    if not isinstance(key, str):
        probs.add(label, "-", "id", f"expected a string id, got {key!r} {where}")
        return None
    return key


def _merge_card(
    entries: list[Entry],
    sec: Section,
    key: str,
    card: dict[str, Any],
    label: str,
    probs: Problems,
    is_user: bool,
) -> None:
    card = dict(card)
    existing = next((e for e in entries if e.section == sec.name and e.key == key), None)
    if is_user and sec.is_list and "remove" in card:
        remove = card.pop("remove")
        if not isinstance(remove, bool):
            probs.add(label, key, "remove", f"expected true or false, got {remove!r}")
            return
        if remove:
            if existing is None:
                hint = suggest_card(key, _cards_of(entries, sec))
                probs.add(label, key, "remove", f"no card with id {key} to remove{hint}")
            else:
                entries.remove(existing)
            return
    if existing is None:
        if is_user and _meant_another(entries, sec, key, card, label, probs):
            return
        entries.append(Entry(sec.name, key, card, dict.fromkeys(card, label), label, is_user))
        return
    existing.data.update(card)
    existing.origin.update(dict.fromkeys(card, label))
    existing.label = label
    existing.from_user = is_user
    if "source" not in card:
        existing.data["source"] = f"user: {label}"
        existing.origin["source"] = label


def _check_tables(schema: FileSchema, entries: list[Entry], label: str, probs: Problems) -> None:
    """Every named table of the file is there ([rounds] in rules.toml, [white] in dice.toml)."""
    have = {e.section for e in entries}
    for sec in schema.sections:
        if not sec.is_list and sec.name not in have:
            probs.add(label, sec.name, "-", f"missing {schema.noun} [{sec.name}]")


def _cards_of(entries: list[Entry], sec: Section) -> list[tuple[str, str]]:
    return [(e.key, str(e.data.get("name", ""))) for e in entries if e.section == sec.name]


def _meant_another(
    entries: list[Entry],
    sec: Section,
    key: str,
    card: dict[str, Any],
    label: str,
    probs: Problems,
) -> bool:
    """A user card with an unknown id that lacks required fields, whose id is close to a
    card's id or name (`bell_rebuild` for r15 "Bell rebuild"), is most likely meant to
    change that card: one hint instead of a "missing required field" line per field."""
    if not sec.is_list or "id" not in sec.fields:
        return False
    lacking = [f for f, spec in sec.fields.items() if spec.required and f not in card]
    found = matches(key, _cards_of(entries, sec)) if lacking else []
    if not found:
        return False
    probs.add(
        label,
        key,
        "id",
        f"no card with id {key}; did you mean {card_text(*found[0])}? "
        f"(a new card would also need: {', '.join(lacking)})",
    )
    return True


def _check_entries(kind: str, schema: FileSchema, entries: list[Entry], probs: Problems) -> None:
    fields = {s.name: s.fields for s in schema.sections}
    for e in entries:

        def report(fld: str, msg: str, e: Entry = e) -> None:
            probs.add(e.file(fld), e.key, fld, msg)  # a bad value: the file that set it

        def report_card(fld: str, msg: str, e: Entry = e) -> None:
            probs.add(e.label, e.key, fld, msg)  # fields that disagree: the last file

        e.clean = check_card(fields[e.section], e.data, report)
        check_card_rules(kind, e.clean, report_card)


# ----------------------------------------------------------------- building


def _name(kind: str, e: Entry) -> str:
    if isinstance(e.data.get("name"), str):
        return e.data["name"]
    if e.section == "row":
        return f"{str(e.data['row']).capitalize()} tier {ROMAN.get(e.data['tier'], '?')}"
    return e.key.replace("_", " ").capitalize()


def _build(kinds: dict[str, list[Entry]], source_dir: str | None) -> CardSet:
    # clean values grouped for compile_cards: by card section; dice and rules by kind
    groups = [sec.name for s in SCHEMAS.values() for sec in s.sections if sec.is_list]
    clean: dict[str, list[dict[str, Any]]] = {g: [] for g in [*groups, "first_chairs", *TABLES]}
    for kind, entries in kinds.items():
        for e in entries:
            clean[kind if kind in TABLES else e.section].append({**e.clean, "id": e.key})
    records = {
        kind: [{"id": e.key, **{k: v for k, v in e.data.items() if k != "id"}} for e in entries]
        for kind, entries in kinds.items()
    }
    return CardSet(
        arrays=compile_cards(clean),
        ids={kind: [e.key for e in entries] for kind, entries in kinds.items()},
        names={kind: [_name(kind, e) for e in entries] for kind, entries in kinds.items()},
        records=records,
        sections={kind: [e.section for e in entries] for kind, entries in kinds.items()},
        data_hash=data_hash(records),
        source_dir=source_dir,
    )
