"""Maestro's board data: read the TOML files, merge a user's overrides, apply `--set`
patches, validate, and compile into the read-only `TABLE` record the kernels receive.

    cards = load_cards()                      # the shipped board (data/)
    cards = load_cards("myboard", ["rows.debussy.value=8", "rules.raid_limit.value=none"])

Three kinds, one file each: rows.toml ([[row]]), instruments.toml ([[instrument]]) and
rules.toml (one table per rule). A user directory may hold any of them: a card whose
id is already known changes only the fields it gives; a new id adds a card; a rule
table changes that rule. Every problem is collected and raised together as
`CardDataError`, one `file:id:field: message` line each.
"""

from __future__ import annotations

import functools
import hashlib
import json
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from simcore.errors import CardDataError, TuttiError
from simcore.games.maestro.state.codes import (
    ApplauseDraw,
    CannotDraw,
    ConductorsPerRow,
    CriticPays,
    RaidLimit,
    RowsPerTurn,
    Rule,
    Scoring,
    TieBreak,
)
from simcore.games.maestro.state.dtypes import (
    AGENCY,
    EMPTY,
    MAX_APPLAUSE,
    MAX_CONDUCTORS,
    MAX_INST,
    MAX_PLAYERS,
    MAX_POOL,
    MAX_ROWS,
    MAX_RULE_POINTS,
    MAX_SLOTS,
    MIN_PLAYERS,
    TABLE,
)

DEFAULT_DIR = Path(__file__).resolve().parent.parent / "data"  # the game package's data/
KINDS = ("rows", "instruments", "rules")  # file = KIND + ".toml"
SECTIONS = {"rows": "row", "instruments": "instrument"}  # list kinds: [[section]] per card
ALIASES = {"row": "rows", "instrument": "instruments", "rule": "rules"}

# card fields: name -> (python type, required)
FIELDS: dict[str, dict[str, tuple[type, bool]]] = {
    "rows": {
        "id": (str, True),
        "name": (str, True),
        "work": (str, False),
        "instruments": (list, True),
        "value": (int, True),
        "source": (str, True),
        "note": (str, False),
    },
    "instruments": {
        "id": (str, True),
        "name": (str, True),
        "tiles": (int, True),
        "source": (str, True),
        "note": (str, False),
    },
    "rules": {"value": (object, True), "source": (str, True), "note": (str, False)},
}

# rules.toml: key -> (Rule index, allowed values): a (lo, hi) range of integers, an
# IntEnum of choices (named in lower case), or bool. The ranges are the engine's limits
# (dtypes.py sizes every state field for them): nothing outside them is played.
RULES: dict[str, tuple[Rule, Any]] = {
    "begun_points": (Rule.BEGUN_POINTS, (0, MAX_RULE_POINTS)),
    "one_turn_points": (Rule.ONE_TURN_POINTS, (0, MAX_RULE_POINTS)),
    "critic_bonus": (Rule.CRITIC_BONUS, (0, MAX_RULE_POINTS)),
    "applause": (Rule.APPLAUSE, (1, MAX_APPLAUSE)),
    "conductors": (Rule.CONDUCTORS, (MAX_PLAYERS, MAX_CONDUCTORS)),
    "max_draw": (Rule.MAX_DRAW, (1, AGENCY)),
    "raid_limit": (Rule.RAID_LIMIT, RaidLimit),
    "rows_per_turn": (Rule.ROWS_PER_TURN, RowsPerTurn),
    "contiguous": (Rule.CONTIGUOUS, bool),
    "scoring": (Rule.SCORING, Scoring),
    "applause_draw": (Rule.APPLAUSE_DRAW, ApplauseDraw),
    "cannot_draw": (Rule.CANNOT_DRAW, CannotDraw),
    "tie_break": (Rule.TIE_BREAK, TieBreak),
    "critic_pays": (Rule.CRITIC_PAYS, CriticPays),
    "conductors_per_row": (Rule.CONDUCTORS_PER_ROW, ConductorsPerRow),
}


@dataclass(frozen=True, eq=False)
class MaestroCards:
    """A validated, compiled board.

    `ids[kind][c]` / `names[kind][c]` name card index `c` of "rows" or "instruments"
    (file order, then user-added cards); `records` are the merged raw cards; `rules` the
    rule values by key (a choice as its name); `table_array` the one-element read-only
    TABLE record array the kernels take.
    """

    table_array: np.recarray
    ids: dict[str, list[str]]
    names: dict[str, list[str]]
    records: dict[str, list[dict[str, Any]]]
    rules: dict[str, Any]
    data_hash: str
    source_dir: str | None

    @property
    def table(self) -> np.record:
        return self.table_array[0]

    def index(self, kind: str, card_id: str) -> int:
        """Card index of `card_id` in `kind`; a one-line TuttiError when unknown."""
        try:
            return self.ids[kind].index(card_id)
        except ValueError:
            raise TuttiError(f"no {kind} card {card_id!r}") from None

    def rule(self, key: str) -> int:
        return int(self.table.rules[RULES[key][0]])


Entries = dict[str, dict[str, Any]]  # id -> fields, in order
Origins = dict[str, dict[str, str]]  # id -> field -> the file (or --set) it came from


def _read(path: Path, label: str) -> dict[str, Any]:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as err:
        raise TuttiError(f"{label}: not valid TOML ({err})") from None
    except OSError as err:
        raise TuttiError(f"{label}: cannot read ({err.strerror})") from None


def _entries(kind: str, doc: dict[str, Any], label: str, problems: list[str]) -> Entries:
    """A file's cards by id (rule tables by key), problems noted for malformed ones."""
    out: Entries = {}
    if kind == "rules":
        for key, table in doc.items():
            if not isinstance(table, dict):
                problems.append(f"{label}:{key}: expected a table with value, source, note")
                continue
            out[key] = dict(table)
        return out
    section = SECTIONS[kind]
    for name in doc:
        if name != section:
            problems.append(f"{label}:{name}: unknown section (expected [[{section}]])")
    for i, card in enumerate(doc.get(section, [])):
        cid = card.get("id")
        if not isinstance(cid, str) or not cid:
            problems.append(f"{label}:#{i + 1}:id: missing (every {section} needs an id)")
            continue
        if cid in out:
            problems.append(f"{label}:{cid}:id: given twice")
            continue
        out[cid] = dict(card)
    return out


def _merge(base: Entries, over: Entries, origins: Origins, label: str) -> None:
    """Overlay `over` on `base`: known ids change the fields given, new ids are added."""
    for cid, fields in over.items():
        base.setdefault(cid, {}).update(fields)
        origins.setdefault(cid, {}).update({name: label for name in fields})


def parse_patch(text: str) -> tuple[str, str, str, Any]:
    """`KIND.ID.FIELD=VALUE` -> (kind, id, field, value); the value is TOML, or a bare word."""
    target, sep, raw = text.partition("=")
    parts = target.strip().split(".")
    if not sep or len(parts) != 3 or not all(parts) or not raw.strip():
        raise TuttiError(f"--set {text!r}: expected KIND.ID.FIELD=VALUE (e.g. rows.ravel.value=8)")
    kind = ALIASES.get(parts[0], parts[0])
    if kind not in KINDS:
        raise TuttiError(f"--set {text}: unknown kind {parts[0]!r} (kinds: {', '.join(KINDS)})")
    try:
        value = tomllib.loads(f"v = {raw.strip()}")["v"]
    except tomllib.TOMLDecodeError:
        value = raw.strip()  # a bare word: a string (a rule's choice, a name)
    return kind, parts[1], parts[2], value


def _patch(merged: dict[str, Entries], origins: dict[str, Origins], text: str) -> None:
    kind, cid, field, value = parse_patch(text)
    if cid not in merged[kind]:
        known = ", ".join(merged[kind])
        raise TuttiError(f"--set {text}: no {kind} card {cid!r} (known: {known})")
    if field not in FIELDS[kind] or field == "id":
        known = ", ".join(f for f in FIELDS[kind] if f != "id")
        raise TuttiError(f"--set {text}: {kind} cards have no field {field!r} (fields: {known})")
    merged[kind][cid][field] = value
    origins[kind].setdefault(cid, {})[field] = f"--set {text}"
    if field != "source":
        merged[kind][cid]["source"] = f"variant: --set {text}"


def _check_fields(kind: str, entries: Entries, origins: Origins, problems: list[str]) -> None:
    """Types, required and unknown fields of every card of `kind`."""
    for cid, card in entries.items():
        where = origins.get(cid, {})
        for name, value in card.items():
            label = where.get(name, f"{kind}.toml")
            if name not in FIELDS[kind]:
                problems.append(
                    f"{label}:{cid}:{name}: unknown field (fields: {', '.join(FIELDS[kind])})"
                )
                continue
            want = FIELDS[kind][name][0]
            bad = not isinstance(value, want) or (want is int and isinstance(value, bool))
            if want is not object and bad:
                problems.append(f"{label}:{cid}:{name}: expected {want.__name__}, got {value!r}")
        for name, (_, required) in FIELDS[kind].items():
            if required and name not in card:
                problems.append(f"{kind}.toml:{cid}:{name}: missing")


def _rule_values(entries: Entries, origins: Origins, problems: list[str]) -> dict[str, int]:
    """Each rule's kernel code (a choice's IntEnum value, a bool as 0/1)."""
    out: dict[str, int] = {}
    for key in entries:
        if key not in RULES:
            label = origins.get(key, {}).get("value", "rules.toml")
            problems.append(f"{label}:{key}: unknown rule (rules: {', '.join(RULES)})")
    for key, (_, allowed) in RULES.items():
        if key not in entries or "value" not in entries[key]:
            problems.append(f"rules.toml:{key}:value: missing")
            continue
        value = entries[key]["value"]
        label = origins.get(key, {}).get("value", "rules.toml")
        if allowed is bool:
            if not isinstance(value, bool):
                problems.append(f"{label}:{key}:value: expected true or false, got {value!r}")
                continue
            out[key] = int(value)
        elif isinstance(allowed, tuple):
            lo, hi = allowed
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                problems.append(
                    f"{label}:{key}:value: expected an integer {lo}..{hi}, got {value!r}"
                )
                continue
            out[key] = value
        else:
            choices = [m.name.lower() for m in allowed]
            if value not in choices:
                problems.append(f"{label}:{key}:value: expected one of {choices}, got {value!r}")
                continue
            out[key] = int(allowed[value.upper()])
    return out


def _compile(
    merged: dict[str, Entries], origins: dict[str, Origins], problems: list[str]
) -> np.recarray:
    """The TABLE record, with every cross-card problem (unknown instruments, tile counts,
    capacities) noted."""
    table = np.zeros(1, TABLE).view(np.recarray)
    rec = table[0]
    insts = list(merged["instruments"])
    rows = list(merged["rows"])
    if not 1 <= len(rows) <= MAX_ROWS:
        problems.append(f"rows.toml: {len(rows)} rows; a board has 1..{MAX_ROWS}")
    if not 1 <= len(insts) <= MAX_INST:
        problems.append(f"instruments.toml: {len(insts)} instruments; at most {MAX_INST}")
    if problems:
        return table
    rec.n_rows = len(rows)
    rec.n_inst = len(insts)
    rec.row_inst[:] = EMPTY
    spaces = dict.fromkeys(insts, 0)
    for r, rid in enumerate(rows):
        row = merged["rows"][rid]
        value = row["value"]
        if 0 <= value <= MAX_RULE_POINTS:  # checked before it meets the int16 field
            rec.row_value[r] = value
        else:
            label = origins["rows"].get(rid, {}).get("value", "rows.toml")
            problems.append(f"{label}:{rid}:value: expected 0..{MAX_RULE_POINTS}, got {value}")
        label = origins["rows"].get(rid, {}).get("instruments", "rows.toml")
        names = row["instruments"]
        if not 1 <= len(names) <= MAX_SLOTS:
            problems.append(
                f"{label}:{rid}:instruments: {len(names)} spaces; a row has 1..{MAX_SLOTS}"
            )
            continue
        for j, name in enumerate(names):
            if not isinstance(name, str) or name not in spaces:
                problems.append(f"{label}:{rid}:instruments: unknown instrument {name!r}")
                continue
            spaces[name] += 1
            rec.row_inst[r, j] = insts.index(name)
        rec.row_len[r] = len(names)
    for i, iid in enumerate(insts):
        tiles = merged["instruments"][iid]["tiles"]
        if tiles != spaces[iid]:
            label = origins["instruments"].get(iid, {}).get("tiles", "instruments.toml")
            problems.append(
                f"{label}:{iid}:tiles: {tiles} tiles, but the rows have {spaces[iid]} "
                f"{iid} spaces (every musician corresponds to a space)"
            )
        rec.inst_tiles[i] = min(max(tiles, 0), 127)
    return table


def _hash(merged: dict[str, Entries]) -> str:
    text = json.dumps(merged, sort_keys=True, ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def load_cards(directory: Path | str | None = None, patches: Sequence[str] = ()) -> MaestroCards:
    """The shipped board overridden by `directory`'s files, then `patches`, validated."""
    problems: list[str] = []
    merged: dict[str, Entries] = {}
    origins: dict[str, Origins] = {k: {} for k in KINDS}
    user = Path(directory) if directory is not None else None
    if user is not None and not user.is_dir():
        raise TuttiError(f"card directory {user} does not exist")
    for kind in KINDS:
        label = f"simcore/games/maestro/data/{kind}.toml"
        merged[kind] = _entries(kind, _read(DEFAULT_DIR / f"{kind}.toml", label), label, problems)
        if user is not None and (user / f"{kind}.toml").is_file():
            path = user / f"{kind}.toml"
            _merge(
                merged[kind],
                _entries(kind, _read(path, str(path)), str(path), problems),
                origins[kind],
                str(path),
            )
    if user is not None:
        for path in sorted(user.glob("*.toml")):
            if path.stem not in KINDS:
                problems.append(f"{path}: unknown card file (files: {', '.join(KINDS)}.toml)")
    for text in patches:
        _patch(merged, origins, text)
    for kind in KINDS:
        _check_fields(kind, merged[kind], origins[kind], problems)
    if problems:
        raise CardDataError(problems)
    rules = _rule_values(merged["rules"], origins["rules"], problems)
    table = _compile(merged, origins, problems)
    if not problems:
        musicians = int(table[0].inst_tiles.sum())
        pool = musicians + rules["conductors"] - MIN_PLAYERS + rules["applause"]
        if pool > MAX_POOL:
            label = origins["rules"].get("conductors", {}).get("value", "rules.toml")
            problems.append(
                f"{label}:conductors:value: {pool} counters in the pool at {MIN_PLAYERS} players "
                f"(musicians + conductors not in agencies + applause); the engine holds {MAX_POOL}"
            )
    if problems:
        raise CardDataError(problems)
    for key, code in rules.items():
        table[0].rules[RULES[key][0]] = code
    table.flags.writeable = False
    return MaestroCards(
        table_array=table,
        ids={k: list(merged[k]) for k in SECTIONS},
        names={k: [str(c["name"]) for c in merged[k].values()] for k in SECTIONS},
        records={k: [{"id": cid, **c} for cid, c in merged[k].items()] for k in KINDS},
        rules={k: merged["rules"][k]["value"] for k in RULES},
        data_hash=_hash(merged),
        source_dir=None if user is None else str(user),
    )


@functools.cache
def load_default_cards() -> MaestroCards:
    """The shipped board (cached: it is read-only)."""
    return load_cards()
