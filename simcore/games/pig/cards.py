"""Pig's rule numbers as a designer edits them: data/rules.toml (a directory's rules.toml
over it, --set rules.KEY.value=N), checked and compiled into the TABLE record the
kernels read."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from simcore.card_files import content_hash, load_numbers
from simcore.games.pig.dtypes import TABLE

SHIPPED = Path(__file__).parent / "data" / "rules.toml"
LIMITS = {"target": (1, 10_000), "faces": (2, 100), "turn_cap": (1, 10_000)}  # TABLE's


@dataclass(frozen=True)
class Rules:
    """The checked rules: each key's fields in file order, and the kernels' TABLE[1]."""

    rules: dict[str, dict[str, Any]]
    table_array: np.ndarray
    data_hash: str
    source_dir: str | None

    def records(self) -> list[dict[str, Any]]:
        return [{"id": key, **fields} for key, fields in self.rules.items()]


def load_cards(directory: str | Path | None = None, patches=()) -> Rules:
    """The shipped rules, overlaid by `directory`'s rules.toml and `patches`."""
    rules = load_numbers(SHIPPED, directory, patches, LIMITS, "Pig")
    table = np.zeros(1, TABLE).view(np.recarray)
    for key, fields in rules.items():
        table[key] = fields["value"]
    digest = content_hash({"rules": rules}, skip=("source", "note"))
    return Rules(rules, table, digest, None if directory is None else str(directory))
