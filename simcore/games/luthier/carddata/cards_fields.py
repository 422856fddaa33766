"""Field checkers for card data: each returns the parsed ("clean") value or `BAD`.

Problems are reported as `(field path, message)` through a callback, so one card can
report every problem it has. `cards_schema` says which field of which card uses which
checker.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from simcore.errors import did_you_mean  # noqa: F401 (the card modules import it here)
from simcore.games.luthier.state.dtypes import MAX_SLOTS
from simcore.games.luthier.state.enums import Era, Family, Material, Res, names

BAD: Any = object()  # sentinel: the value failed its check
MATERIALS = tuple(names(Material))
RES_NAMES = tuple(names(Res))
PLAYER_COUNTS = ("2", "3", "4")
ID_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
PATRON_DECKS = {"I": 0, "II": 1, "royal": 2}  # PatronDeck codes, spelt as printed
TOKEN_KINDS = {"instrument": 0, "performance": 1, "repair": 2}  # orchestra token kinds

Report = Callable[[str, str], None]  # (field path, message)


def describe(value: Any) -> str:
    """A TOML value as a user sees it in a message: `"3" (a string)`."""
    kinds = [(bool, "a boolean"), (int, "an integer"), (float, "a float"), (str, "a string")]
    kinds += [(list, "an array"), (dict, "a table")]
    kind = next((k for t, k in kinds if isinstance(value, t)), type(value).__name__)
    shown = f'"{value}"' if isinstance(value, str) else str(value)
    if isinstance(value, list | dict):
        return kind
    return f"{shown} ({kind})"


@dataclass(frozen=True)
class Field:
    """One field of a card: `kind` selects the checker below."""

    kind: str
    required: bool = True
    lo: int = 0
    hi: int = 99
    choices: dict[str, int] | None = None  # enum fields: data name -> code
    length: int | None = None  # list fields: exact length
    max_len: int = 0  # eras/secondary: longest list
    ascending: bool = False  # int lists must not decrease
    default: Any = None


def enum_field(enum: type[IntEnum], required: bool = True) -> Field:
    return Field("enum", required, choices={n: i for i, n in enumerate(names(enum))}, default=-1)


# ----------------------------------------------------------------- value checkers


def _int(value: Any, f: Field, path: str, report: Report) -> Any:
    if isinstance(value, bool) or not isinstance(value, int):
        report(path, f"expected an integer, got {describe(value)}")
        return BAD
    if f.lo == f.hi and value != f.lo:
        report(path, f"must be {f.lo} (the only value the engine plays), got {value}")
        return BAD
    if value < f.lo:
        report(path, f"must be >= {f.lo}, got {value}")
        return BAD
    if value > f.hi:
        report(path, f"must be <= {f.hi}, got {value}")
        return BAD
    return value


def _text(value: Any, f: Field, path: str, report: Report) -> Any:
    if not isinstance(value, str) or not value.strip():
        report(path, f"expected a non-empty string, got {describe(value)}")
        return BAD
    return value


def _id(value: Any, f: Field, path: str, report: Report) -> Any:
    if not isinstance(value, str) or not ID_RE.match(value):
        report(path, f"expected a lower-case slug (a-z, 0-9, _ or -), got {describe(value)}")
        return BAD
    return value


def _bool(value: Any, f: Field, path: str, report: Report) -> Any:
    if not isinstance(value, bool):
        report(path, f"expected true or false, got {describe(value)}")
        return BAD
    return value


def _enum(value: Any, f: Field, path: str, report: Report) -> Any:
    assert f.choices is not None
    if not isinstance(value, str):
        report(path, f"expected a string, got {describe(value)}")
        return BAD
    if value not in f.choices:
        report(path, f'unknown value "{value}"' + did_you_mean(value, list(f.choices)))
        return BAD
    return f.choices[value]


def _keyed_ints(
    value: Any,
    keys: tuple[str, ...],
    noun: str,
    path: str,
    report: Report,
    lo: int = 0,
    hi: int = 99,
    need_all: bool = False,
) -> Any:
    """A table of small non-negative integers keyed by `keys` -> list in `keys` order."""
    if not isinstance(value, dict):
        report(path, f"expected a table like {{ {keys[0]} = 1 }}, got {describe(value)}")
        return BAD
    out, ok = [0] * len(keys), True
    for key, amount in value.items():
        if key not in keys:
            report(f"{path}.{key}", f"unknown {noun}" + did_you_mean(key, keys))
            ok = False
            continue
        parsed = _int(amount, Field("int", lo=lo, hi=hi), f"{path}.{key}", report)
        ok = ok and parsed is not BAD
        out[keys.index(key)] = 0 if parsed is BAD else parsed
    for key in keys if need_all else ():
        if key not in value:
            report(f"{path}.{key}", "missing required field")
            ok = False
    return out if ok else BAD


def _bundle(value: Any, f: Field, path: str, report: Report) -> Any:
    return _keyed_ints(value, RES_NAMES, "resource", path, report)


def _materials(value: Any, f: Field, path: str, report: Report) -> Any:
    return _keyed_ints(value, MATERIALS, "material", path, report)


def _prices(value: Any, f: Field, path: str, report: Report) -> Any:
    return _keyed_ints(value, MATERIALS, "material", path, report, need_all=True)


def _slots(value: Any, f: Field, path: str, report: Report) -> Any:
    """Face-up cards of a row's tier by player count: 0..MAX_SLOTS, what the board holds."""
    out = _keyed_ints(value, PLAYER_COUNTS, "player count", path, report, hi=2**31, need_all=True)
    if out is BAD:
        return BAD
    over = [(key, n) for key, n in zip(PLAYER_COUNTS, out, strict=True) if n > MAX_SLOTS]
    for key, n in over:
        report(
            f"{path}.{key}",
            f"must be <= {MAX_SLOTS} (the engine lays out at most {MAX_SLOTS} face-up cards "
            f"per row and tier), got {n}",
        )
    return BAD if over else out


def _list(value: Any, f: Field, path: str, report: Report, what: str) -> bool:
    """Check that `value` is an array of the right length; report and return False if not."""
    if not isinstance(value, list):
        report(path, f"expected an array of {what}, got {describe(value)}")
        return False
    if f.length is not None and len(value) != f.length:
        report(path, f"expected {f.length} {what}, got {len(value)}")
        return False
    return True


def _ints(value: Any, f: Field, path: str, report: Report) -> Any:
    if not _list(value, f, path, report, "integers"):
        return BAD
    item = Field("int", lo=f.lo, hi=f.hi)
    out = [_int(v, item, f"{path}[{i}]", report) for i, v in enumerate(value)]
    if BAD in out:
        return BAD
    if f.ascending and out != sorted(out):
        report(path, f"values must not decrease, got {out}")
        return BAD
    return out


def _eras(value: Any, f: Field, path: str, report: Report) -> Any:
    if not _list(value, f, path, report, "eras"):
        return BAD
    if not 1 <= len(value) <= f.max_len:
        report(path, f"expected 1 to {f.max_len} eras, got {len(value)}")
        return BAD
    era = enum_field(Era)
    codes = [_enum(v, era, f"{path}[{i}]", report) for i, v in enumerate(value)]
    if BAD in codes:
        return BAD
    if len(set(codes)) != len(codes):
        report(path, "an era is listed twice")
        return BAD
    return sum(1 << c for c in codes)  # bitmask, bit e = Era e


def _levels(value: Any, f: Field, path: str, report: Report) -> Any:
    if not _list(value, f, path, report, "levels"):
        return BAD
    spec = Field("int", hi=999)
    out = []
    for i, level in enumerate(value):
        sub = f"{path}[{i}]"
        if not isinstance(level, dict):
            report(sub, f"expected a table {{ threshold, prestige }}, got {describe(level)}")
            return BAD
        for key in level:
            if key not in ("threshold", "prestige"):
                report(
                    f"{sub}.{key}", "unknown field" + did_you_mean(key, ("threshold", "prestige"))
                )
        pair = []
        for key in ("threshold", "prestige"):
            if key not in level:
                report(f"{sub}.{key}", "missing required field")
                pair.append(BAD)
            else:
                pair.append(_int(level[key], spec, f"{sub}.{key}", report))
        out.append(pair)
    if any(BAD in pair for pair in out):
        return BAD
    thresholds, prestige = ([pair[k] for pair in out] for k in (0, 1))
    if any(b <= a for a, b in zip(thresholds, thresholds[1:], strict=False)):
        report(path, f"levels must be in ascending order of threshold, got {thresholds}")
        return BAD
    if any(b < a for a, b in zip(prestige, prestige[1:], strict=False)):  # equal: allowed
        report(path, f"a level's prestige may not be below the level before, got {prestige}")
        return BAD
    return out


def _secondary(value: Any, f: Field, path: str, report: Report) -> Any:
    if not _list(value, f, path, report, "requirements"):
        return BAD
    if len(value) > f.max_len:
        report(path, f"at most {f.max_len} secondary requirements, got {len(value)}")
        return BAD
    specs = {"family": enum_field(Family), "era": enum_field(Era)}
    out = []
    for i, req in enumerate(value):
        sub = f"{path}[{i}]"
        if not isinstance(req, dict):
            report(
                sub,
                f'expected a table {{ family = "strings", era = "baroque" }}, got {describe(req)}',
            )
            return BAD
        for key in req:
            if key not in specs:
                report(f"{sub}.{key}", "unknown field" + did_you_mean(key, tuple(specs)))
        pair = []
        for key, spec in specs.items():
            if key not in req:
                report(f"{sub}.{key}", "missing required field")
                pair.append(BAD)
            else:
                pair.append(_enum(req[key], spec, f"{sub}.{key}", report))
        out.append(pair)
    return BAD if any(BAD in pair for pair in out) else out


def _bundles(value: Any, f: Field, path: str, report: Report) -> Any:
    if not _list(value, f, path, report, "bundles"):
        return BAD
    out = [_bundle(v, f, f"{path}[{i}]", report) for i, v in enumerate(value)]
    return BAD if BAD in out else out


def _tokens(value: Any, f: Field, path: str, report: Report) -> Any:
    """Orchestra tokens `[{ spot, kind }, ...]` -> [[spot id, kind code], ...].

    The spot ids are checked against orchestra.toml in `cards_checks`.
    """
    if not _list(value, f, path, report, "tokens"):
        return BAD
    if not 1 <= len(value) <= f.max_len:
        report(path, f"expected 1 to {f.max_len} tokens, got {len(value)}")
        return BAD
    specs = {"spot": Field("id"), "kind": Field("enum", choices=TOKEN_KINDS)}
    out, seen = [], set()
    for i, token in enumerate(value):
        sub = f"{path}[{i}]"
        if not isinstance(token, dict):
            report(
                sub,
                f'expected a table {{ spot = "cello", kind = "repair" }}, got {describe(token)}',
            )
            return BAD
        for key in token:
            if key not in specs:
                report(f"{sub}.{key}", "unknown field" + did_you_mean(key, tuple(specs)))
        pair = []
        for key, spec in specs.items():
            if key not in token:
                report(f"{sub}.{key}", "missing required field")
                pair.append(BAD)
            else:
                pair.append(CHECKERS[spec.kind](token[key], spec, f"{sub}.{key}", report))
        spot = pair[0]
        if spot is not BAD and spot in seen:
            report(f"{sub}.spot", f'spot "{spot}" already has a token on this card')
            pair[0] = BAD
        elif spot is not BAD:
            seen.add(spot)
        out.append(pair)
    return BAD if any(BAD in pair for pair in out) else out


CHECKERS: dict[str, Callable[[Any, Field, str, Report], Any]] = {
    "int": _int,
    "text": _text,
    "id": _id,
    "bool": _bool,
    "enum": _enum,
    "ref": _id,
    "bundle": _bundle,
    "materials": _materials,
    "prices": _prices,
    "slots": _slots,
    "ints": _ints,
    "eras": _eras,
    "levels": _levels,
    "secondary": _secondary,
    "bundles": _bundles,
    "tokens": _tokens,
}  # "estimated" is checked in check_card: it needs the card's field names
