"""Card files in general: the TOML reading, merging, patching and hashing any game's card
data loader needs, with no game's kinds or fields in it.

A game's loader names its kinds and sections and checks its own fields; these helpers
keep the parts every loader has the same:

    doc = read_toml(path, label)                        # one-line TuttiError when broken
    cards = cards_by_id(doc, "effect", label, problems)  # {id: fields}, file order
    overlay(cards, user_cards, origins, str(user_path))  # field by field, origins kept
    patch = parse_set("effects.guido.params.n=3", kinds, aliases)
    set_at(cards[patch.card], patch.path, patch.value)
    content_hash(merged, skip=("source", "note"))

`origins[card][field]` names the file (or `--set ...`) a merged field came from, so a
problem is reported as `file:card-id:field: message` against the file that wrote it.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from simcore.errors import CardDataError, TuttiError, did_you_mean

Cards = dict[str, dict[str, Any]]  # card id (or a table's key) -> its fields, in file order
Origins = dict[str, dict[str, str]]  # card id -> field -> the file or --set that wrote it


def read_toml(path: Path, label: str) -> dict[str, Any]:
    """The parsed file; a one-line TuttiError naming `label` when it cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        reason = getattr(err, "strerror", None) or "not UTF-8 text"
        raise TuttiError(f"{label}: cannot read ({reason})") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise TuttiError(f"{label}: not valid TOML ({err})") from None


def cards_by_id(doc: Mapping[str, Any], section: str, label: str, problems: list[str]) -> Cards:
    """The `[[section]]` entries of a card file by id; other sections, entries without an
    id and an id given twice are noted in `problems`."""
    for name in doc:
        if name != section:
            problems.append(f"{label}:{name}: unknown section (expected [[{section}]])")
    entries = doc.get(section, [])
    if not isinstance(entries, list):
        problems.append(f"{label}:{section}: expected [[{section}]] entries")
        return {}
    out: Cards = {}
    for n, entry in enumerate(entries, 1):
        cid = entry.get("id") if isinstance(entry, dict) else None
        if not isinstance(cid, str) or not cid:
            problems.append(f"{label}:#{n}:id: missing (every [[{section}]] needs an id)")
        elif cid in out:
            problems.append(f"{label}:{cid}:id: given twice")
        else:
            out[cid] = {k: v for k, v in entry.items() if k != "id"}
    return out


def tables_by_key(doc: Mapping[str, Any], label: str, problems: list[str]) -> Cards:
    """A file of named tables (`[key]` with its fields, as rules.toml) by key."""
    out: Cards = {}
    for key, table in doc.items():
        if isinstance(table, dict):
            out[key] = dict(table)
        else:
            problems.append(f"{label}:{key}: expected a table ([{key}] with its fields)")
    return out


def overlay(base: Cards, over: Cards, origins: Origins, label: str) -> list[str]:
    """Merge `over` into `base` field by field (a new id adds a card); returns the ids
    that were new."""
    added = [cid for cid in over if cid not in base]
    for cid, fields in over.items():
        base.setdefault(cid, {}).update(fields)
        origins.setdefault(cid, {}).update(dict.fromkeys(fields, label))
    return added


@dataclass(frozen=True)
class SetPatch:
    """One `--set KIND.CARD.FIELD[.KEY...]=VALUE`."""

    kind: str
    card: str
    path: tuple[str, ...]  # the field, then keys of a table or positions of a list
    value: Any
    text: str

    @property
    def label(self) -> str:
        return f"--set {self.text}"


def parse_set(text: str, kinds: Iterable[str], aliases: Mapping[str, str]) -> SetPatch:
    """`KIND.CARD.FIELD[.KEY]=VALUE`; the value is TOML, or else a bare word (a string).
    A kind may be written as its section name (`effect` for effects)."""
    target, equals, raw = text.partition("=")
    parts = [p.strip() for p in target.split(".")]
    if not equals or len(parts) < 3 or not all(parts) or not raw.strip():
        raise TuttiError(f"--set {text!r}: expected KIND.CARD.FIELD=VALUE")
    kinds = tuple(kinds)
    kind = aliases.get(parts[0], parts[0])
    if kind not in kinds:
        raise TuttiError(f"--set {text}: unknown kind {parts[0]!r}{did_you_mean(parts[0], kinds)}")
    try:
        value = tomllib.loads(f"v = {raw.strip()}")["v"]
    except tomllib.TOMLDecodeError:
        value = raw.strip()
    return SetPatch(kind, parts[1], tuple(parts[2:]), value, text)


def get_at(record: Mapping[str, Any], path: tuple[str, ...]) -> Any:
    """The value at `path` (field, then table keys or list positions); KeyError if none."""
    value: Any = record
    for key in path:
        if isinstance(value, list) and key.isdigit() and int(key) < len(value):
            value = value[int(key)]
        elif isinstance(value, dict) and key in value:
            value = value[key]
        else:
            raise KeyError(".".join(path))
    return value


def set_at(record: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    """Write `value` at `path`; a table on the way is created, a list position must exist."""
    *outer, last = path
    holder: Any = record
    for key in outer:
        if isinstance(holder, list) and key.isdigit() and int(key) < len(holder):
            holder = holder[int(key)]
        else:
            if not isinstance(holder.get(key), dict | list):
                holder[key] = {}
            holder = holder[key]
    if isinstance(holder, list):
        if not (last.isdigit() and int(last) < len(holder)):
            raise KeyError(".".join(path))
        holder[int(last)] = value
    else:
        holder[last] = value


def content_hash(merged: Mapping[str, Cards], skip: Iterable[str] = ()) -> str:
    """sha256 (16 hex digits) of every kind's cards in order, without the fields in
    `skip` (documentation such as `source`, which plays no part in a game)."""
    leave = set(skip)
    kept = {
        kind: [
            [cid, {k: v for k, v in fields.items() if k not in leave}]
            for cid, fields in cards.items()
        ]
        for kind, cards in merged.items()
    }
    text = json.dumps(kept, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


NUMBER_FIELDS = ("value", "source", "note")  # the fields of a rule in a file of numbers


def load_numbers(
    shipped: Path,
    directory: str | Path | None,
    patches: Iterable[str],
    limits: Mapping[str, tuple[int, int]],
    game: str,
) -> Cards:
    """A game's rules file of whole numbers (`[key]` tables of value, source, note; as Pig's
    data/rules.toml): the `shipped` file, the same-named file of `directory` over it, then
    `--set rules.KEY.value=N` patches; each value checked against `limits` (key -> lo, hi).
    Every problem at once, `file:key:field: message` (CardDataError)."""
    problems: list[str] = []
    name = shipped.name
    rules = tables_by_key(read_toml(shipped, name), name, problems)
    origins: Origins = {key: dict.fromkeys(fields, name) for key, fields in rules.items()}
    if directory is not None:
        where = Path(directory)
        if not where.is_dir():
            raise TuttiError(f"--cards {directory}: not a directory")
        for path in sorted(where.glob("*.toml")):
            if path.name != name:
                problems.append(f"{path}: unknown card file ({game} has {name} only)")
                continue
            overlay(
                rules,
                tables_by_key(read_toml(path, str(path)), str(path), problems),
                origins,
                str(path),
            )
    kind = shipped.stem
    for text in patches:
        patch = parse_set(text, (kind,), {})
        if patch.card not in rules:
            raise TuttiError(
                f"--set {text}: unknown rule {patch.card!r}"
                + did_you_mean(patch.card, list(limits))
            )
        set_at(rules[patch.card], patch.path, patch.value)
        origins[patch.card][patch.path[0]] = patch.label
    for key, fields in rules.items():
        label = origins[key].get("value", name)
        if key not in limits:
            problems.append(f"{label}:{key}: unknown rule" + did_you_mean(key, list(limits)))
            continue
        for extra in sorted(set(fields) - set(NUMBER_FIELDS)):
            problems.append(
                f"{origins[key][extra]}:{key}:{extra}: unknown field (fields: value, source, note)"
            )
        lo, hi = limits[key]
        value = fields.get("value")
        if type(value) is not int or not lo <= value <= hi:
            problems.append(
                f"{label}:{key}:value: expected a whole number {lo}..{hi}, got {value!r}"
            )
    if problems:
        raise CardDataError(problems)
    return rules
