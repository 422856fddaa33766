"""The one decoder of event-log rows: each Ev code's columns a..e named and typed.

A log row is (turn, seat, code, a, b, c, d, e) (dtypes.LOG_W). `FIELDS[code]` names the
columns the code uses and the kind of value each holds, so the text transcript and the
JSON lines decode rows the same way. Kinds: "seat" (a seat index, -1 none), "space" (an
agency space 0..9, shown as its contract number 1..10), "row" (a board row), "tile" (a
tile code), "slot" (a row's space, shown from 1), "bool", "n" (a plain number), or an
IntEnum class (a code of it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from simcore.games.maestro.state.codes import End, Ev, Why
from simcore.games.maestro.state.dtypes import APPLAUSE, CONDUCTOR

SEAT_NAMES = ("Red", "Blue", "Yellow", "Green")

FIELDS: dict[Ev, tuple[tuple[str, Any], ...]] = {
    Ev.FIRST: (),
    Ev.TURN: (),
    Ev.PLACE: (
        ("source", "seat"),
        ("space", "space"),
        ("row", "row"),
        ("slot", "slot"),
        ("tile", "tile"),
    ),
    Ev.POINTS: (("points", "n"), ("why", Why)),
    Ev.COMPLETE: (("row", "row"), ("one_turn", "bool")),
    Ev.CRITIC: (("row", "row"), ("previous", "seat")),
    Ev.DECLARE: (("counters", "n"),),
    Ev.DRAW: (("tile", "tile"), ("space", "space")),
    Ev.APPLAUSE: (("on_track", "n"),),
    Ev.CANNOT_DRAW: (("free_spaces", "n"), ("pool", "n")),
    Ev.SKIP: (),
    Ev.END: (("trigger", End),),
    Ev.CONTRACTS: (("paid", "n"), ("unplaced", "n")),
    Ev.FINAL: (("points", "n"), ("rank", "n"), ("winner", "bool")),
}


@dataclass(frozen=True)
class Event:
    index: int  # row in the log
    turn: int  # 0 = setup
    seat: int  # -1 = the board
    code: Ev
    values: dict[str, int]  # raw column values by field name

    def __getitem__(self, name: str) -> int:
        return self.values[name]


def decode(log: np.ndarray) -> list[Event]:
    """Every log row as an Event with its columns named."""
    out = []
    for i, row in enumerate(np.asarray(log).tolist()):
        code = Ev(row[2])
        values = {name: row[3 + c] for c, (name, _) in enumerate(FIELDS[code])}
        out.append(Event(i, row[0], row[1], code, values))
    return out


def seat_name(p: int) -> str | None:
    return SEAT_NAMES[p] if 0 <= p < len(SEAT_NAMES) else None


def row_label(record: dict) -> str:
    """How a row is named: its composer and work ("R. Strauss (Till Eulenspiegel)")."""
    return f"{record['name']} ({record['work']})" if record.get("work") else str(record["name"])


def tile_name(cards, t: int) -> str:
    if t == CONDUCTOR:
        return "conductor"
    if t == APPLAUSE:
        return "applause"
    return cards.names["instruments"][t]


def tile_id(cards, t: int) -> str:
    if t in (CONDUCTOR, APPLAUSE):
        return tile_name(cards, t)
    return cards.ids["instruments"][t]


def value(cards, ev: Event, name: str) -> Any:
    """Field `name` of `ev` as a reader sees it (names for seats, rows, tiles, codes)."""
    kind = dict(FIELDS[ev.code])[name]
    raw = ev[name]
    if kind == "seat":
        return seat_name(raw)
    if kind == "space":
        return raw + 1
    if kind == "slot":
        return raw + 1
    if kind == "row":
        return cards.ids["rows"][raw]
    if kind == "tile":
        return tile_id(cards, raw)
    if kind == "bool":
        return bool(raw)
    if isinstance(kind, type):
        return kind(raw).name.lower()
    return raw
