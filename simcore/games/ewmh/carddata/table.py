"""The card data as ONE read-only structured record: what the batch kernel's `cards` is.

Why a record and not the `Tables` named tuple (Luthier's card table, the same way): numba
passes a named tuple of 25 arrays as some 200 machine words, with a reference count per
array, into every kernel it calls, and LLVM does not inline or simplify calls that wide; a
record is one pointer, and its tables' shapes are constants. Five nested kernels reading
two tables took 33 to 77 ns a call through a named tuple and 4.5 to 9 ns through a record
(simcore/kernels/call_cost_bench.py). Every table is padded to its maximum
(simcore/games/ewmh/sizes.py), so the record's type and the kernel cache do not depend on
the card set; `counts` (codes.Count) says how many rows are cards, and the kernels read
it, never a table's shape. The padding rows are zeros that no kernel reads.
"""

from __future__ import annotations

import numpy as np

from simcore.games.ewmh.sizes import (
    MAX_ABILITIES,
    MAX_COMPOSITIONS,
    MAX_DESIGNS,
    MAX_EFFECT_CARDS,
    MAX_GENRES,
    MAX_PATH,
    MAX_TILE_KINDS,
    MAX_VOCATIONS,
)

# the padded rows of each table whose first axis counts cards (the others keep their shape)
ROWS = {
    "design_": MAX_DESIGNS,
    "card_": MAX_EFFECT_CARDS,
    "ability_": MAX_VOCATIONS * MAX_ABILITIES,
    "genre_": MAX_GENRES,
    "comp_": MAX_COMPOSITIONS,
    "tile_": MAX_TILE_KINDS,
    "path": MAX_PATH + 1,
}


def _rows(name: str) -> int | None:
    return next((n for prefix, n in ROWS.items() if name.startswith(prefix)), None)


def table_dtype(tables) -> np.dtype:
    """The record dtype of a `Tables`: each table padded to its maximum rows."""
    fields = []
    for name, value in tables._asdict().items():
        rows = _rows(name)
        shape = value.shape if rows is None else (rows, *value.shape[1:])
        fields.append((name, value.dtype, shape))
    return np.dtype(fields)


def card_table(tables) -> np.recarray:
    """A `Tables` as a read-only one-element record array (the batch kernel takes its
    element); the card data's checks (carddata/compile.py) keep every table within its
    maximum."""
    rec = np.zeros(1, table_dtype(tables)).view(np.recarray)
    for name, value in tables._asdict().items():
        rec[name][0][: len(value)] = value
    rec.flags.writeable = False
    return rec
