"""`tutti play --jsonl`: the game's events as JSON lines, one event a line.

The first line is a `game` header (the command's meta). Then each event of the log: `i`
(its row), `round` (0 = setup), `seat` (a seat name, or null), `event` (the Ev code's
name in lower case) and its fields by name (FIELDS): effect cards as "design#card",
compositions as "genre#card", seats by name, Ages, tiles and abilities by id. A `state`
line (transcript.state_rows: each seat's vocation, space, points so far, hand with faces,
pieces) stands where the readable transcript has its state blocks: at the start of every
round and before the final scores.
"""

from __future__ import annotations

import json
from typing import Any

from simcore.games.ewmh.codes import Age, Keep
from simcore.games.ewmh.output.replay import Seen
from simcore.games.ewmh.output.transcript import SEAT_NAMES, state_rows
from simcore.games.ewmh.state.codes import VOC_CARD, End, Ev

# each event's fields a, b, c, d by name and type (card, comp, seat, age, tile, ability,
# vocation, end, keep, int, flag)
FIELDS: dict[Ev, tuple[tuple[str, str], ...]] = {
    Ev.FIRST: (("first", "seat"),),
    Ev.VOCATION: (("vocation", "vocation"),),
    Ev.DRAFT: (("card", "card"), ("draft_round", "int")),
    Ev.TURN: (("turn", "int"), ("space", "int")),
    Ev.REFRESH: (("card", "card"),),
    Ev.ROLL: (("die", "int"), ("used", "int"), ("reroll", "int"), ("multiplier", "int")),
    Ev.MOVE: (("from", "int"), ("to", "int"), ("by_die", "flag")),
    Ev.TILE: (("tile", "tile"), ("space", "int")),
    Ev.DRAW_COMP: (("composition", "comp"),),
    Ev.DRAW_EFFECT: (("card", "card"),),
    Ev.TAKE: (("card", "card"), ("array_slot", "int")),
    Ev.FLIP: (("card", "card"), ("target", "seat"), ("target_c", "int")),
    Ev.SPEND: (("card", "card"), ("target", "seat"), ("target_c", "int")),
    Ev.VOC: (("ability", "ability"), ("target", "seat"), ("target_c", "int")),
    Ev.PRODUCE: (("composition", "comp"), ("age", "age"), ("points", "int"), ("free", "flag")),
    Ev.PAY: (("card", "card"), ("holder", "seat"), ("units", "int")),
    Ev.ARRIVE: (("arrival", "int"), ("free_productions", "int")),
    Ev.DISCARD: (("card", "card"),),
    Ev.STEAL: (("composition", "comp"), ("from", "seat")),
    Ev.REMOVE: (("composition", "comp"), ("from", "seat")),
    Ev.DEAL: (("card", "card"),),
    Ev.END: (("how", "end"),),
    Ev.FINAL: (("points", "int"), ("rank", "int"), ("winner", "flag")),
    Ev.FORCED: (("card", "card"),),
    Ev.KEEP: (("patron", "card"), ("kept", "flag"), ("condition", "keep")),
    Ev.PATRON_LOST: (("patron", "card"), ("array_slot", "int")),
    Ev.PATRON_MOVE: (("patron", "card"), ("spaces", "int"), ("cards_counted", "int")),
    Ev.EXPIRE: (("patron", "card"),),
    Ev.NEGATIVE: (("against", "seat"),),
    Ev.REACT: (("card", "card"), ("trigger", "int"), ("choice", "int"), ("spent", "flag")),
    Ev.NEGATE: (("seat", "seat"), ("source", "int"), ("option_kind", "int")),
    Ev.STEAL_CARD: (("card", "card"), ("from", "seat")),
    Ev.PROTECT: (("card", "card"), ("stopped", "seat")),
    Ev.SPHERES: (("die", "int"), ("old", "int"), ("new", "int"), ("card", "card")),
}


RAW = (("a", "int"), ("b", "int"), ("c", "int"), ("d", "int"))  # an event without names yet


def render_jsonl(cards, played, meta: dict[str, Any]) -> str:
    """The game header, then every event with the state lines in place."""
    ids, t = cards.ids, cards.tables

    def card(c: int) -> str:
        return "vocation" if c == VOC_CARD else f"{ids['effects'][t.card_design[c]]}#{c}"

    def comp(k: int) -> str:
        return f"{ids['compositions'][t.comp_genre[k]]}#{k}"

    def value(kind: str, x: int) -> Any:
        if kind == "card":
            return card(x)
        if kind == "comp":
            return comp(x)
        if kind == "seat":
            return SEAT_NAMES[x] if 0 <= x < len(SEAT_NAMES) else None
        if kind == "age":
            return Age(x).name.lower()
        if kind == "tile":
            return ids["tiles"][x]
        if kind == "ability":
            return ids["abilities"][x]
        if kind == "vocation":
            return ids["vocations"][x]
        if kind == "end":
            return End(x).name.lower()
        if kind == "keep":
            return Keep(x).name.lower()
        return bool(x) if kind == "flag" else x

    lines = [json.dumps({"event": "game", **meta}, ensure_ascii=False)]
    seen = Seen.start(len(played.seats))
    shown = 0
    for i, (r, p, code, a, b, c, d, _) in enumerate(played.log.tolist()):
        if (code == Ev.TURN and r != shown) or (code == Ev.FINAL and shown >= 0):
            state = state_rows(ids, card, comp, seen)
            lines.append(json.dumps({"event": "state", "round": r, "seats": state}))
            shown = r if code == Ev.TURN else -1
        obj: dict[str, Any] = {"i": i, "round": r, "seat": value("seat", p)}
        obj["event"] = Ev(code).name.lower()
        for (name, kind), x in zip(FIELDS.get(Ev(code), RAW), (a, b, c, d), strict=False):
            obj[name] = value(kind, x)
        lines.append(json.dumps(obj, ensure_ascii=False))
        seen.apply(p, code, a, b, c)
    return "\n".join(lines) + "\n"
