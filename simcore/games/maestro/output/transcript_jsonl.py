"""`tutti play --jsonl`: the game's events as JSON lines, one event a line.

The first line is a `game` header, the second the `readings` (transcript_state.readings:
each rule whose value differs from the shipped rules.toml, key -> {value, default}; an
empty object when the game was played under the defaults). Then each event: `i` (row in
the event log), `turn` (0 = setup), `seat` (a seat name, or null), `event` (the code's
name in lower case) and its fields by name (events.FIELDS), rows and tiles by id, agency
spaces by their contract number. POINTS events carry `points` (their sum per seat, less
CONTRACTS' `paid`, is the seat's final points). A `state` line (transcript_state.Replay
.state: the board's rows with their musicians, the critic and applause track, each seat's
points and agency, the pool's counts) stands after setup, at the end of every turn and
after the last event, as Luthier's state blocks do.
"""

from __future__ import annotations

import json
from typing import Any

from simcore.games.maestro.output.events import FIELDS, Event, seat_name, value
from simcore.games.maestro.output.transcript_state import events_and_states, readings
from simcore.games.maestro.play.engine import PlayedGame


def event_dict(cards, ev: Event) -> dict[str, Any]:
    """One event with every field named (seats by name, rows and tiles by id)."""
    obj: dict[str, Any] = {"i": ev.index, "turn": ev.turn, "seat": seat_name(ev.seat)}
    obj["event"] = ev.code.name.lower()
    for name, _ in FIELDS[ev.code]:
        obj[name] = value(cards, ev, name)
    return obj


def jsonl_lines(cards, played: PlayedGame, header: dict[str, Any]) -> list[str]:
    """The game header, the readings, then every event with the state blocks in place."""
    lines = [json.dumps({"event": "game", **header}, ensure_ascii=False)]
    lines.append(json.dumps({"event": "readings", "rules": readings(cards)}, ensure_ascii=False))
    for item in events_and_states(cards, played):
        obj = item if isinstance(item, dict) else event_dict(cards, item)
        lines.append(json.dumps(obj, ensure_ascii=False))
    return lines


def render_jsonl(cards, played: PlayedGame, header: dict[str, Any]) -> str:
    return "\n".join(jsonl_lines(cards, played, header)) + "\n"
