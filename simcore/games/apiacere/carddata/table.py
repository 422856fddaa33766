"""The card data as ONE read-only structured record: what the batch kernel's `cards` is.

Why a record and not the `Tables` named tuple (Luthier's and EWMH's card table, the same
way): numba passes a named tuple of 46 arrays as hundreds of machine words into every
kernel it calls, with reference counting on each, and LLVM does not inline or simplify
calls that wide; a record is one pointer, and its tables' shapes are constants
(simcore/kernels/call_cost_bench.py). Every table is padded to its maximum
(simcore/games/apiacere/sizes.py), so the record's type and the kernel cache do not depend
on the card set; `counts` (codes.Count) says how many rows are entries, and the kernels
read it, never a table's shape. The padding rows are zeros that no kernel reads.
"""

from __future__ import annotations

import numpy as np

from simcore.errors import TuttiError
from simcore.games.apiacere.sizes import (
    MAX_BONUS_TILES,
    MAX_CITIES,
    MAX_DESIGNS,
    MAX_DIE_SIDES,
    MAX_EVENTS,
    MAX_HOUSING,
    MAX_INSTRUMENTS,
    MAX_LEGACY,
    MAX_ROYAL,
    MAX_SHIELDS,
    MAX_TRAVEL,
    MAX_VARIETY,
)
from simcore.games.apiacere.state.dtypes import MAX_CARDS

# the padded leading axes of each table, by whole name first, then by prefix (the others
# keep their shape: rules, stack_*)
NAMED = {
    "royal_keys": (MAX_EVENTS,),
    "red_die": (MAX_DIE_SIDES,),
    "city_distance": (MAX_CITIES, MAX_CITIES),
    "housing_rent": (MAX_HOUSING, MAX_SHIELDS),
}
PREFIXES = {
    "city_": (MAX_CITIES,),
    "travel_": (MAX_TRAVEL,),
    "housing_": (MAX_HOUSING,),
    "prox_": (MAX_CITIES,),  # carddata/board.py caps the proximity entries at MAX_CITIES
    "variety_": (MAX_VARIETY,),
    "instrument_": (MAX_INSTRUMENTS,),
    "design_": (MAX_DESIGNS,),
    "card_": (MAX_CARDS,),
    "bonus_": (MAX_BONUS_TILES,),
    "royal_": (MAX_ROYAL,),
    "legacy_": (MAX_LEGACY,),
}


def _padded(name: str, shape: tuple[int, ...]) -> tuple[int, ...]:
    lead = NAMED.get(name) or next((n for p, n in PREFIXES.items() if name.startswith(p)), ())
    return (*lead, *shape[len(lead) :])


def table_dtype(tables) -> np.dtype:
    """The record dtype of a `Tables`: each table padded to its maximum."""
    return np.dtype(
        [(name, v.dtype, _padded(name, v.shape)) for name, v in tables._asdict().items()]
    )


def card_table(tables) -> np.recarray:
    """A `Tables` as a read-only one-element record array (the batch kernel takes its
    element); the card data's checks (carddata/compile.py) keep every table within its
    maximum, and a table beyond it is refused here as one line."""
    rec = np.zeros(1, table_dtype(tables)).view(np.recarray)
    for name, value in tables._asdict().items():
        if any(n > m for n, m in zip(value.shape, rec[name][0].shape, strict=True)):
            raise TuttiError(f"the card data's {name} {value.shape} exceeds the engine's sizes")
        rec[name][0][tuple(slice(0, n) for n in value.shape)] = value
    rec.flags.writeable = False
    return rec
