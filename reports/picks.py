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

from reports.load import Run

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


def _bits(column: pa.ChunkedArray, n_cards: int) -> np.ndarray:
    """(rows, n_cards) 0/1 of a bitmap column (bit i little-endian within each byte)."""
    return np.unpackbits(_bytes(column), axis=1, bitorder="little")[:, :n_cards]


def pick_rates(run: Run, card_keys: list[str] | None = None) -> dict[str, Row] | None:
    """{"kind/card_id": {"offered", "picked", "pick_rate", "by_strategy": {name: [offered,
    picked]}}} over the run's seat-games, or None for a run without the bitmaps.

    The bit order is the column's `cards` metadata; a table rewritten by a tool that
    drops field metadata falls back to `card_keys` (the run's card set in CardKind
    order, as results.card_keys writes it)."""
    parts = run.parts("seats")
    if not parts or not set(COLUMNS) <= set(pq.read_schema(parts[0]).names):
        return None
    keys: list[str] | None = None
    offered = picked = None
    by_strategy: dict[str, np.ndarray] = {}
    for part in parts:
        table = pq.read_table(part, columns=["strategy", *COLUMNS])
        if keys is None:
            meta = table.schema.field(COLUMNS[0]).metadata or {}
            keys = json.loads(meta[b"cards"]) if b"cards" in meta else card_keys
            if not keys or len(keys) > 8 * _bytes(table[COLUMNS[0]][:1]).shape[1]:
                return None
            offered = np.zeros(len(keys), np.int64)
            picked = np.zeros(len(keys), np.int64)
        off = _bits(table[COLUMNS[0]], len(keys))
        pick = _bits(table[COLUMNS[1]], len(keys))
        offered += off.sum(axis=0, dtype=np.int64)
        picked += pick.sum(axis=0, dtype=np.int64)
        strategy = np.asarray(table["strategy"].cast(pa.string()).to_pylist())
        for name in np.unique(strategy):
            mine = strategy == name
            sums = np.stack(
                [off[mine].sum(axis=0, dtype=np.int64), pick[mine].sum(axis=0, dtype=np.int64)]
            )
            by_strategy[name] = by_strategy.get(name, 0) + sums
    assert keys is not None and offered is not None and picked is not None
    out: dict[str, Row] = {}
    strategies = by_strategy.items()
    for i, key in enumerate(keys):
        n = int(offered[i])
        out[key] = {
            "offered": n,
            "picked": int(picked[i]),
            "pick_rate": float(picked[i] / n) if n else None,
            "by_strategy": {s: [int(v[0, i]), int(v[1, i])] for s, v in sorted(strategies)},
        }
    return out


def attach(rows: list[Row], rates: dict[str, Row] | None) -> None:
    """Give each card row `offered`, `picked` and `pick_rate` (None without pick rates;
    award levels are outcomes, never offered as a choice)."""
    for r in rows:
        found = None if rates is None else rates.get(f"{r['kind']}/{r['card_id']}")
        if found is None or r["kind"] == "award":
            r["offered"] = r["picked"] = r["pick_rate"] = None
            continue
        r["offered"], r["picked"], r["pick_rate"] = (
            found["offered"],
            found["picked"],
            found["pick_rate"],
        )


def dead_and_ignored(
    rates: dict[str, Row] | None, names: dict[str, str], min_sample: int, threshold: float
) -> list[Row]:
    """Cards offered in at least `min_sample` seat-games and picked at most `threshold` of
    them, rarest first: the report's "Dead and ignored cards"."""
    if rates is None:
        return []
    out = []
    for key, r in rates.items():
        if key.startswith("award/") or r["offered"] < min_sample:
            continue
        if r["pick_rate"] is not None and r["pick_rate"] <= threshold:
            kind, card_id = key.split("/", 1)
            out.append({"kind": kind, "card_id": card_id, "card": names.get(key, card_id), **r})
    out.sort(key=lambda r: (r["pick_rate"], -r["offered"]))
    return out


HEADERS = ["Card", "Kind", "Offered (seat-games)", "Picked", "Pick rate", "By strategy"]


def sentence(section: dict[str, Any], min_sample: int) -> str:
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
