"""Micro-benchmark: what passing the card data down nested kernels costs, by how it is
passed (docs/games/ewmh.md, `bench`).

Five nested kernels (as the heuristics' valuation nests) read two of 24 tables, compiled
with `kernel` (simcore/kernels/jit.py), the data passed three ways: a named tuple of 24
arrays (EWMH's `Tables` before), the same named tuple with every array `borrowed` (no
reference counts), and one record whose fields are the tables (Luthier's card table).

    NUMBA_NUM_THREADS=1 python -m simcore.kernels.call_cost_bench

prints ns per outer call (the fastest of 5 runs of 2,000,000 calls) for each way. On the
2-core Xeon of 2026-11-28, shared (load 3 to 7), over four runs: named tuple 33 to 77 ns,
borrowed 16 to 34 ns, record 4.5 to 9 ns. Both costs are real: the reference counts of
the 24 arrays at every call (borrowing removes them) and the width of the tuple (about
170 machine words an argument, which LLVM neither inlines nor simplifies as well); a
record is one pointer with constant shapes, and the fastest by 2 to 8 times.
"""

from __future__ import annotations

import time
from typing import NamedTuple

import numpy as np

from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import borrowed

N_TABLES = 24
ROWS = 50
NAMES = [f"a{i}" for i in range(N_TABLES)]
Tables = NamedTuple("Tables", [(n, np.ndarray) for n in NAMES])  # type: ignore[misc]
RECORD = np.dtype([(n, np.int64, (ROWS,)) for n in NAMES])


@kernel
def leaf_nb(t, i):
    """Two table reads (t: the named tuple or the record)."""
    return t.a3[i & 31] + t.a17[(i * 7) & 31]


@kernel
def level4_nb(t, i):
    s = 0
    for k in range(2):
        s += leaf_nb(t, i + k)
    return s


@kernel
def level3_nb(t, i):
    return level4_nb(t, i) + level4_nb(t, i + 3)


@kernel
def level2_nb(t, i):
    return level3_nb(t, i) + (1 if t.a5[0] > 0 else 0)


@kernel
def level1_nb(t, i):
    return level2_nb(t, i)


@kernel
def run_tuple_nb(t, n):
    """n outer calls with the named tuple as it came from Python."""
    s = 0
    for i in range(n):
        s += level1_nb(t, i)
    return s


@kernel
def run_borrowed_nb(t, n):
    """n outer calls with every array of the named tuple borrowed (no reference count)."""
    b = Tables(
        borrowed(t.a0), borrowed(t.a1), borrowed(t.a2), borrowed(t.a3), borrowed(t.a4),
        borrowed(t.a5), borrowed(t.a6), borrowed(t.a7), borrowed(t.a8), borrowed(t.a9),
        borrowed(t.a10), borrowed(t.a11), borrowed(t.a12), borrowed(t.a13), borrowed(t.a14),
        borrowed(t.a15), borrowed(t.a16), borrowed(t.a17), borrowed(t.a18), borrowed(t.a19),
        borrowed(t.a20), borrowed(t.a21), borrowed(t.a22), borrowed(t.a23),
    )  # fmt: skip
    s = 0
    for i in range(n):
        s += level1_nb(b, i)
    return s


@kernel
def run_record_nb(records, n):
    """n outer calls with the tables as one record (element 0 of `records`)."""
    r = records[0]
    s = 0
    for i in range(n):
        s += level1_nb(r, i)
    return s


def main(calls: int = 2_000_000) -> None:
    rng = np.random.default_rng(1)
    tables = Tables(*[rng.integers(0, 9, ROWS) for _ in NAMES])
    records = np.zeros(1, RECORD)
    for name in NAMES:
        records[name][0] = getattr(tables, name)
    ways = (
        ("named tuple", run_tuple_nb, tables),
        ("borrowed", run_borrowed_nb, tables),
        ("record", run_record_nb, records),
    )
    for name, run, data in ways:
        run(data, 10)  # compile
        best = np.inf
        for _ in range(5):
            start = time.perf_counter()
            run(data, calls)
            best = min(best, time.perf_counter() - start)
        print(f"{name:12s} {1e9 * best / calls:6.2f} ns per outer call", flush=True)


if __name__ == "__main__":
    main()
