"""`tutti play --jsonl`: the game's events as JSON lines, one event a line.

The first line is a `game` header; then each event: `i` (row in the event log), `turn`
(0 = setup), `seat` (a seat name, or null), `event` (the code's name in lower case) and
its fields by name (events.FIELDS), rows and tiles by id, agency spaces by their contract
number. POINTS events carry `points` (their sum per seat, less CONTRACTS' `paid`, is the
seat's final points).
"""

from __future__ import annotations

import json
from typing import Any

from simcore.games.maestro.engine import PlayedGame
from simcore.games.maestro.events import FIELDS, decode, seat_name, value


def jsonl_lines(cards, played: PlayedGame, header: dict[str, Any]) -> list[str]:
    lines = [json.dumps({"event": "game", **header}, ensure_ascii=False)]
    for ev in decode(played.log):
        obj: dict[str, Any] = {"i": ev.index, "turn": ev.turn, "seat": seat_name(ev.seat)}
        obj["event"] = ev.code.name.lower()
        for name, _ in FIELDS[ev.code]:
            obj[name] = value(cards, ev, name)
        lines.append(json.dumps(obj, ensure_ascii=False))
    return lines


def render_jsonl(cards, played: PlayedGame, header: dict[str, Any]) -> str:
    return "\n".join(jsonl_lines(cards, played, header)) + "\n"
