"""`tutti play --jsonl`: the transcript's events as JSON lines, one event a line.

Each line is one object: `i` (row in the event log), `round` (0 = setup, then 1..6;
end-game scoring is in the last round), `seat` (a seat name, or null for the board),
`event` (the code's name in lower case) and the event's fields by name (events.FIELDS),
cards and codes given by name, with `<field>_id` the card-data id of a card field.
Events that change a seat's prestige carry `prestige_change` (the sum per seat is its
final prestige). A `state` line (the dict of
transcript_state.state_dict) stands where the kernel took each snapshot; the first line
is a `game` header.
"""

from __future__ import annotations

import json
from typing import Any

from simcore.games.luthier.output.events import Event, card_id, decode, seat_name, value_name
from simcore.games.luthier.output.transcript_state import state_dict
from simcore.games.luthier.play.engine import PlayedGame
from simcore.games.luthier.state.codes import Ev


def event_dict(cards, ev: Event) -> dict[str, Any]:
    """One event with every field named and every code or card given by name."""
    code = ev.code.name.lower() if isinstance(ev.code, Ev) else int(ev.code)
    out: dict[str, Any] = {"i": ev.index, "round": ev.round, "seat": seat_name(ev.seat)}
    out["event"] = code
    for name in ev.values:
        out[name] = value_name(cards, ev, name)
        cid = card_id(cards, ev, name)
        if cid is not None:
            out[f"{name}_id"] = cid
    change = ev.prestige()
    if change:
        out["prestige_change"] = change
    return out


def jsonl_lines(cards, played: PlayedGame, header: dict[str, Any]) -> list[str]:
    """The game header, then every event (state snapshots in place) as JSON lines."""
    lines = [json.dumps({"event": "game", **header}, ensure_ascii=False)]
    for ev in decode(played.log):
        if ev.code == Ev.STATE:
            obj = {"i": ev.index, "round": ev.round, **state_dict(cards, played, ev["snapshot"])}
        else:
            obj = event_dict(cards, ev)
        lines.append(json.dumps(obj, ensure_ascii=False))
    return lines


def render_jsonl(cards, played: PlayedGame, header: dict[str, Any]) -> str:
    return "\n".join(jsonl_lines(cards, played, header)) + "\n"
