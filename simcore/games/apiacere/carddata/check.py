"""The checker every compile step shares: one problem line per fault, named by the file
(or `--set`) that wrote the field, `file:card-id:field: message`."""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from typing import Any

import numpy as np

from simcore.errors import did_you_mean
from simcore.games.apiacere.carddata.params import Param
from simcore.games.apiacere.carddata.schema import SOURCES
from simcore.games.apiacere.sizes import MAX_PARAMS

Merged = Mapping[str, Mapping[str, Mapping[str, Any]]]  # kind -> id -> field -> value


def names(enum: type[IntEnum]) -> list[str]:
    return [m.name.lower() for m in enum]


def whole(value: Any) -> bool:
    """An integer that is not a bool (TOML's true is not 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


class Checker:
    """Collects every problem of one merged card set in `problems`."""

    def __init__(self, merged: Merged, origins: Mapping[str, Mapping[str, Mapping[str, str]]]):
        self.merged = merged
        self.origins = origins
        self.problems: list[str] = []

    def ids(self, kind: str) -> list[str]:
        return list(self.merged[kind])

    def note(self, kind: str, cid: str, field: str, message: str) -> None:
        label = self.origins.get(kind, {}).get(cid, {}).get(field.split(".")[0], f"{kind}.toml")
        self.problems.append(f"{label}:{cid}:{field}: {message}")

    def file_note(self, kind: str, message: str) -> None:
        self.problems.append(f"{kind}.toml: {message}")

    def capped(self, kind: str, what: str, most: int, least: int = 1) -> int:
        """The entries of a file within the engine's least..most (noted if not), clipped."""
        n = len(self.merged[kind])
        if not least <= n <= most:
            self.file_note(kind, f"{n} {what}; the engine holds {least}..{most}")
        return min(n, most)

    def number(self, kind: str, cid: str, field: str, lo: int, hi: int) -> int:
        """A whole-number field within lo..hi; 0 (noted) when not."""
        value = self.merged[kind][cid][field]
        if whole(value) and lo <= value <= hi:
            return int(value)
        self.note(kind, cid, field, f"expected an integer {lo}..{hi}, got {value!r}")
        return 0

    def name(self, kind: str, cid: str, field: str, value: Any, options: list[str]) -> int:
        """The index of `value` among `options` (an enum's names or a file's ids); -1
        (noted) when unknown."""
        if value in options:
            return options.index(value)
        what = field.split(".")[-1]
        self.note(kind, cid, field, f"unknown {what} {value!r}{did_you_mean(str(value), options)}")
        return -1

    def ref(self, kind: str, cid: str, field: str, value: Any, target: str) -> int:
        """The index of an id of file `target`; -1 (noted) when unknown."""
        options = self.ids(target)
        if value in options:
            return options.index(value)
        hint = did_you_mean(str(value), options)
        self.note(kind, cid, field, f"unknown {SINGULAR.get(target, target)} {value!r}{hint}")
        return -1

    def params(
        self, kind: str, cid: str, given: Mapping[str, Any], schema: tuple[Param, ...]
    ) -> np.ndarray:
        """A kind's parameters as an int16 row, each checked for type and range."""
        row = np.zeros(MAX_PARAMS, np.int16)
        known = [p.name for p in schema]
        for key in given:
            if key not in known:
                hint = did_you_mean(key, known) if known else " (this kind takes no parameters)"
                self.note(kind, cid, f"params.{key}", f"unknown parameter{hint}")
        for slot, p in enumerate(schema):
            where = f"params.{p.name}"
            if p.name not in given:
                self.note(kind, cid, where, "missing")
            elif whole(given[p.name]) and p.lo <= given[p.name] <= p.hi:
                row[slot] = given[p.name]
            else:
                self.note(
                    kind, cid, where, f"expected an integer {p.lo}..{p.hi}, got {given[p.name]!r}"
                )
        return row

    def sources(self) -> None:
        """Every entry names where its numbers come from; an estimate says how it was chosen."""
        for kind, entries in self.merged.items():
            for cid, entry in entries.items():
                source = entry.get("source")
                if not isinstance(source, str):
                    continue  # missing or mistyped: check_fields noted it
                if not source.startswith(SOURCES):
                    self.note(
                        kind, cid, "source",
                        f"expected to begin with one of {list(SOURCES)}, got {source!r}",
                    )  # fmt: skip
                elif source == "estimate" and not str(entry.get("estimate", "")).strip():
                    self.note(kind, cid, "estimate", "missing: an estimate says how it was chosen")


SINGULAR = {
    "cities": "city", "housing": "housing", "stacks": "stack",
    "instruments": "instrument", "cards": "card",
}  # fmt: skip
