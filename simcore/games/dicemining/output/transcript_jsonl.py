"""`tutti play --jsonl`: the game's events as JSON lines, one event a line.

The first line is a `game` header (with `card_data: "estimated"`), then each event: `i`
(row in the event log), `turn`, `seat` (a seat name), `event` (the code's name in lower
case) and its fields by name, cards and faces by id. The last line is a `state` line:
each seat's VP, resource cards, items and vaults at the end.
"""

from __future__ import annotations

import json
from typing import Any

from simcore.games.dicemining.output.transcript import SEAT_NAMES
from simcore.games.dicemining.state.codes import End, Ev, Face, Opt


def _fields(cards, code: int, a: int, b: int, c: int) -> dict[str, Any]:
    res, items, designs = cards.ids["resources"], cards.ids["items"], cards.ids["patrons"]
    n_dice = int(cards.table.n_dice)

    def face(k: int) -> str:
        return res[k] if k < 5 else Face(k).name.lower()

    def patron(card: int) -> dict[str, Any]:
        return {"patron": designs[cards.card_design[card]], "card": card}

    if code == Ev.MULLIGAN:
        return {"replaced": a}
    if code == Ev.TURN:
        return {"round": a, "vp": b}
    if code == Ev.ROLL:
        return {
            "faces": [face((a >> (3 * d)) & 7) for d in range(n_dice)],
            "locked": [d for d in range(n_dice) if (b >> d) & 1],
            "aside": [d for d in range(n_dice) if (c >> d) & 1],
        }
    if code == Ev.MINED:
        return {"resources": a, "wild": b, "burglars": c}
    if code == Ev.STEAL:
        what = {int(Opt.STEAL_RES): "resource", int(Opt.STEAL_ITEM): "item"}.get(b, "vault")
        name = res[c] if what == "resource" else items[c] if what == "item" else c
        return {"victim": SEAT_NAMES[a], "what": what, "id": name}
    if code == Ev.CRAFT:
        return {"item": items[a] if a >= 0 else "vault"}
    if code == Ev.FULFIL:
        return {**patron(a), "scored": b, "vp": c}
    if code == Ev.RAISE:
        return {**patron(a), "value": b, "vp": c}
    if code == Ev.REMOVE:
        return {**patron(a), "owner": SEAT_NAMES[b]}
    if code == Ev.SWAP:
        return {"returned": items[a], "taken": items[b]}
    if code in (Ev.GAIN, Ev.BANK):
        return {"resource": res[a]}
    if code == Ev.DRAW:
        return {"patrons": a}
    if code == Ev.DISCARD:
        return patron(a)
    if code == Ev.RETURN:
        return {"item": items[b]} if a == 0 else {"resource": res[b]}
    if code == Ev.PLACE:
        return {("item" if a == 0 else "resource"): (items if a == 0 else res)[b], "vault": c}
    if code == Ev.END:
        return {"trigger": End(a).name.lower(), "winner": SEAT_NAMES[b] if b >= 0 else None}
    if code == Ev.FINAL:
        return {"vp": a, "rank": b, "won": bool(c)}
    return {}


def render_jsonl(cards, played, meta: dict[str, Any]) -> str:
    lines = [json.dumps({"event": "game", "card_data": "estimated", **meta}, ensure_ascii=False)]
    for i, (turn, p, code, a, b, c, *_) in enumerate(played.log.tolist()):
        obj = {"i": i, "turn": turn, "seat": SEAT_NAMES[p], "event": Ev(code).name.lower()}
        lines.append(json.dumps({**obj, **_fields(cards, code, a, b, c)}, ensure_ascii=False))
    items, res = cards.ids["items"], cards.ids["resources"]
    seats = {
        SEAT_NAMES[p]: {
            "vp": int(s["vp"]),
            "resources": {res[r]: int(n) for r, n in enumerate(s["res"]) if n},
            "items": {items[t]: int(n) for t, n in enumerate(s["items"][: len(items)]) if n},
            "vaults": int(s["n_vaults"]),
        }
        for p, s in enumerate(played.seats)
    }
    lines.append(json.dumps({"event": "state", "seats": seats}, ensure_ascii=False))
    return "\n".join(lines) + "\n"
