"""The card data as ONE read-only structured record: what the kernels receive as `cards`.

Why a record and not the `LuthierCards` named tuple: numba passes a named tuple
of ~60 arrays by value (seven machine words per array) into every kernel, and
compiles an unboxing wrapper for it per kernel; that made a cold compile of the
game take minutes. A record is passed as one pointer. Each per-card table is
padded to a fixed maximum (so the record's type, and the kernel cache, do not
depend on the card set) and the `n_*` fields say how many rows are real.
"""

from __future__ import annotations

import numpy as np

from simcore.errors import TuttiError

# rows per card kind; a card set larger than this is refused with a clear message
MAX_ROWS = {
    "inst": 48,  # instrument types
    "spot": 48,  # orchestra spots
    "perf": 96,  # performance cards
    "repair": 96,
    "market": 32,
    "patron": 64,  # patron I, II and royal cards
    "award": 32,
    "goal": 64,
    "family": 32,
    "specialty": 32,
    "setup": 16,  # two-player orchestra setup cards
}
KIND_NAMES = {
    "inst": "instrument types",
    "spot": "orchestra spots",
    "perf": "performance cards",
    "repair": "repair cards",
    "market": "market cards",
    "patron": "patron cards",
    "award": "award tiles",
    "goal": "personal goals",
    "family": "family tiles",
    "specialty": "specialty cards",
    "setup": "two-player setup cards",
}


def _kind_of(field: str) -> str | None:
    """The card kind whose rows a LuthierCards field holds (None: a fixed-size table)."""
    for kind in MAX_ROWS:
        if field.startswith(kind + "_"):
            return kind
    return None


def table_dtype(arrays) -> np.dtype:
    """The record dtype for a LuthierCards: `n_<kind>` counts, then every table padded."""
    fields: list[tuple] = [(f"n_{kind}", "i4") for kind in MAX_ROWS]
    fields.append(("market_round1", "i4"))
    for name, value in arrays._asdict().items():
        if name == "market_round1":
            continue
        kind = _kind_of(name)
        shape = value.shape if kind is None else (MAX_ROWS[kind], *value.shape[1:])
        fields.append((name, value.dtype, shape))
    return np.dtype(fields)


def card_table(arrays) -> np.recarray:
    """Pack a LuthierCards into a read-only one-element record array (refusing oversized
    card sets). Kernels take its element; the parallel batch kernel takes the array
    (numba's parallel gufunc wrapper cannot pass a record argument)."""
    rec = np.zeros(1, table_dtype(arrays)).view(np.recarray)
    counts: dict[str, int] = {}
    for name, value in arrays._asdict().items():
        if name == "market_round1":
            rec.market_round1[0] = value
            continue
        kind = _kind_of(name)
        if kind is None:
            rec[name][0] = value
            continue
        n = len(value)
        if n > MAX_ROWS[kind]:
            raise TuttiError(
                f"card data has {n} {KIND_NAMES[kind]}; the engine holds at most {MAX_ROWS[kind]}"
            )
        counts[kind] = n
        rec[name][0, :n] = value
    for kind, n in counts.items():
        rec[f"n_{kind}"][0] = n
    rec.flags.writeable = False
    return rec
