"""Pick rates: how often each card was offered to a seat and how often the seat took it.

The seats table carries two bitmaps per seat-game (`offered_cards`, `picked_cards`,
written by simcore's results from the engine's offers_nb): bit i is card i of the
list stored in the column's metadata (`cards`: "kind/card_id"). A card is *offered* in
a seat-game when some decision of that seat listed it (a face-up row card it could
pay for, a family tile, goal, instrument or patron to keep, a drawn instrument, a
specialty card, a royal patron) and *picked* when the seat chose it. The pick rate is
picked / offered over seat-games: a card offered thousands of times and (almost) never
picked is a dead card, the clearest balance finding there is.

Runs written before the bitmaps existed have no pick rates: `pick_rates` returns None.
Decoding is numpy per part file, so memory stays at one chunk's bitmaps.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from reports.run.load import Run

COLUMNS = ("offered_cards", "picked_cards")
IGNORED_PICK_RATE = 0.05  # offered often and taken at most this often: "dead or ignored"
Row = dict[str, Any]


def _bytes(column: pa.ChunkedArray) -> np.ndarray:
    """(rows, bytes) of a bitmap column: fixed-size binary as written, or plain binary
    after a tool (polars) rewrote the file."""
    array = column.combine_chunks()
    if pa.types.is_fixed_size_binary(array.type):
        width = array.type.byte_width
        raw = np.frombuffer(array.buffers()[1], np.uint8, count=len(array) * width)
        return raw.reshape(len(array), width)
    values = array.to_pylist()
    width = len(values[0]) if values else 0
    return np.frombuffer(b"".join(values), np.uint8).reshape(len(values), width)


def bit_counts(rows: np.ndarray) -> np.ndarray:
    """How many rows have each bit set: (bytes * 8,) for (rows, bytes) uint8, bit i of
    byte j at 8 * j + i. The bits unpacked (one part file's rows: a few MB) and summed
    in int32 (a part holds far fewer than 2**31 rows), about twice as fast as shifting
    each bit out in turn."""
    bits = np.unpackbits(rows, axis=1, bitorder="little")
    return bits.sum(axis=0, dtype=np.int32).astype(np.int64)


def _strategy_codes(column: pa.ChunkedArray) -> tuple[np.ndarray, list[str]]:
    """Each row's strategy as an index into the names (dictionary codes, no strings)."""
    array = column.combine_chunks()
    if not pa.types.is_dictionary(array.type):
        array = array.dictionary_encode()
    codes = array.indices.to_numpy(zero_copy_only=False)
    return codes, [str(x) for x in array.dictionary.to_pylist()]


def _positions(table: pa.Table, card_keys: dict[str, int] | None) -> dict[str, int] | None:
    """Each card's bit, from the column's metadata (else `card_keys`); None when the
    bitmaps are not in the layout this version writes (no pick rates then)."""
    meta = table.schema.field(COLUMNS[0]).metadata or {}
    try:
        positions = json.loads(meta[b"cards"]) if b"cards" in meta else card_keys
    except ValueError:
        return None
    bits = 8 * _bytes(table[COLUMNS[0]].slice(0, 1)).shape[1]
    valid = isinstance(positions, dict) and all(
        isinstance(v, int) and 0 <= v < bits for v in positions.values()
    )
    return positions if valid and positions else None


def pick_rates(run: Run, card_keys: dict[str, int] | None = None) -> dict[str, Row] | None:
    """{"kind/card_id": {"offered", "picked", "pick_rate", "by_strategy": {name: [offered,
    picked]}}} over the run's seat-games, or None for a run without the bitmaps.

    Each card's bit is in the column's `cards` metadata; a table rewritten by a tool that
    drops field metadata falls back to `card_keys` (the run's card set, as
    results.card_bit_positions gives it)."""
    parts = run.parts("seats")
    if not parts or not set(COLUMNS) <= set(pq.read_schema(parts[0]).names):
        return None
    positions: dict[str, int] | None = None
    totals: dict[str, np.ndarray] = {}  # strategy -> (2, bits): offered, picked
    for part in parts:
        table = pq.read_table(part, columns=["strategy", *COLUMNS])
        if positions is None:
            positions = _positions(table, card_keys)
            if not positions:
                return None
        offered, picked = _bytes(table[COLUMNS[0]]), _bytes(table[COLUMNS[1]])
        codes, names = _strategy_codes(table["strategy"])
        for code, name in enumerate(names):
            mine = codes == code
            if not mine.any():
                continue
            sums = np.stack([bit_counts(offered[mine]), bit_counts(picked[mine])])
            totals[name] = totals[name] + sums if name in totals else sums
    assert positions is not None
    out: dict[str, Row] = {}
    for key, bit in positions.items():
        by = {s: [int(v[0, bit]), int(v[1, bit])] for s, v in sorted(totals.items())}
        n = sum(o for o, _ in by.values())
        p = sum(k for _, k in by.values())
        out[key] = {
            "offered": n,
            "picked": p,
            "pick_rate": p / n if n else None,
            "by_strategy": by,
        }
    return out


def attach(rows: list[Row], rates: dict[str, Row] | None) -> None:
    """Give each card row `offered`, `picked` and `pick_rate` (None without pick rates;
    the levels of an outcome kind are outcomes, never offered as a choice)."""
    for r in rows:
        found = None if rates is None else rates.get(f"{r['kind']}/{r['card_id']}")
        if found is None or (r["outcome"] and r["level"]):
            r["offered"] = r["picked"] = r["pick_rate"] = None
            continue
        r["offered"], r["picked"], r["pick_rate"] = (
            found["offered"],
            found["picked"],
            found["pick_rate"],
        )


def dead_and_ignored(
    rates: dict[str, Row] | None,
    names: dict[str, str],
    min_sample: int,
    threshold: float,
    outcomes: tuple[str, ...] = (),
) -> list[Row]:
    """Cards offered in at least `min_sample` seat-games and picked at most `threshold` of
    them, rarest first: the report's "Dead and ignored cards" (the per-level kinds
    `outcomes` left out: never a choice)."""
    if rates is None:
        return []
    out = []
    for key, r in rates.items():
        if key.split("/", 1)[0] in outcomes or r["offered"] < min_sample:
            continue
        if r["pick_rate"] is not None and r["pick_rate"] <= threshold:
            kind, card_id = key.split("/", 1)
            out.append({"kind": kind, "card_id": card_id, "card": names.get(key, card_id), **r})
    out.sort(key=lambda r: (r["pick_rate"], -r["offered"]))
    return out


HEADERS = ["Card", "Kind", "Offered (seat-games)", "Picked", "Pick rate", "By strategy"]


def sentence(section: dict[str, Any], min_sample: int) -> str:
    if not section.get("declared", True):
        return (
            "This game records no pick rates (which cards a seat was offered and took): "
            "dead cards are not looked for."
        )
    if not section["recorded"]:
        return (
            "This run records no pick rates (written by an older tutti): simulate again to "
            "see which cards are offered and never taken."
        )
    n = len(section["dead"])
    if n == 0:
        return (
            f"No card offered in at least {min_sample:,} seat-games was taken in "
            f"{section['threshold']:.0%} or fewer of them."
        )
    return (
        f"{n} card{'s' if n != 1 else ''} offered in at least {min_sample:,} seat-games "
        f"{'were' if n != 1 else 'was'} taken in {section['threshold']:.0%} or fewer of them, "
        "rarest first. A card offered at a decision is one the seat could choose (a face-up "
        "card it could pay for, a tile or goal dealt to it, a card drawn or offered to keep); "
        "a never-chosen card changes no game, so its numbers elsewhere say nothing."
    )


def rows_of(section: dict[str, Any]) -> list[list[str]]:
    out = []
    for r in section["dead"]:
        by = ", ".join(f"{s} {p:,}/{o:,}" for s, (o, p) in r["by_strategy"].items() if o)
        out.append(
            [
                r["card"],
                r["kind"],
                f"{r['offered']:,}",
                f"{r['picked']:,}",
                f"{r['pick_rate']:.1%}",
                by,
            ]
        )
    return out
