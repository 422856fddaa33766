"""An independent referee for Dice-Mining Patrons: it reads a game's JSON lines
(`tutti play --jsonl`) and the card data's ids and faces, never the engine's kernels or
state, and lists every rule the transcript breaks.

What it checks, by the rulebook and the spec's rulings:
- every rolled face is a face of that die's layout; an Orc-locked die stays locked with its
  Orc, a set-aside die keeps its face (DM-4, DM-24); a turn's first roll has no die aside;
  at most max_rolls rolls a turn (DM-4);
- the mined counts are the last roll's unlocked faces (DM-5, DM-6);
- at most one burglary from the dice a turn, before any crafting, of a level the burglar
  faces allow (DM-5);
- each seat's VP is the sum of what it scored and the raises of its copies; cumulative
  values are 3..6 (DM-12);
- the game ends right after the first score change that brings a seat to the target, won
  by the active seat if it is there (DM-13), or by the cap after the last round (DM-14);
- the final ranks put the winner first.
"""

from __future__ import annotations

import json


def referee(cards, text: str) -> list[str]:
    """The broken rules of one game's JSON lines, as sentences (empty: a clean game)."""
    t = cards.table
    res = cards.ids["resources"]
    names = {5: "artifact", 6: "burglar", 7: "orc"}
    layouts = [
        {res[f] if f < 5 else names[f] for f in t.die_faces[d].tolist()} for d in range(t.n_dice)
    ]
    events = [json.loads(line) for line in text.splitlines()]
    bad: list[str] = []
    vp: dict[str, int] = {}
    prev = None
    rolls = 0
    burglars = 0
    steals = 0
    crafted = False
    active = None
    over_at = None  # the event index where a seat reached the target
    ended = None
    for e in events[1:]:
        kind = e["event"]
        where = f"event {e.get('i')} ({kind})"
        if ended is not None and kind not in ("final", "state"):
            bad.append(f"{where}: an event after the end")
        if over_at is not None and kind not in ("end", "final", "state", "raise"):
            bad.append(f"{where}: play went on after a seat reached {t.target}")
        if kind == "turn":
            active, prev, rolls, steals, crafted = e["seat"], None, 0, 0, False
        elif kind == "roll":
            rolls += 1
            if rolls > t.max_rolls:
                bad.append(f"{where}: roll {rolls} in a turn")
            for d, face in enumerate(e["faces"]):
                if face not in layouts[d]:
                    bad.append(f"{where}: die {d} shows {face}, not on its layout")
                if d in e["locked"] and face != "orc":
                    bad.append(f"{where}: die {d} locked without an Orc")
                if prev is not None and (d in prev["locked"] or d in prev["aside"]):
                    if face != prev["faces"][d]:
                        bad.append(f"{where}: die {d} changed while locked or aside")
                    if d in prev["locked"] and d not in e["locked"]:
                        bad.append(f"{where}: die {d} unlocked")
            if prev is None and e["aside"]:
                bad.append(f"{where}: dice aside before the first roll")
            prev = e
        elif kind == "mined":
            free = [f for d, f in enumerate(prev["faces"]) if d not in prev["locked"]]
            got = (sum(f in res for f in free), free.count("artifact"), free.count("burglar"))
            if got != (e["resources"], e["wild"], e["burglars"]):
                bad.append(f"{where}: mined {e} but the dice show {got}")
            burglars = e["burglars"]
        elif kind == "steal" and not crafted:
            steals += 1
            level = {"resource": 1, "item": 2, "vault": 4}[e["what"]]
            if steals > 1:
                bad.append(f"{where}: a second burglary this turn")
            if level > burglars:
                bad.append(f"{where}: a {e['what']} stolen with {burglars} burglar(s)")
        elif kind in ("craft", "fulfil", "bank"):
            crafted = True
        if kind in ("fulfil", "raise"):
            seat = e["seat"]
            gain = e["scored"] if kind == "fulfil" else None
            if kind == "raise":
                if not 3 <= e["value"] <= 6:
                    bad.append(f"{where}: a cumulative value of {e['value']}")
                gain = e["vp"] - vp.get(seat, 0)
            vp[seat] = vp.get(seat, 0) + gain
            if vp[seat] != e["vp"]:
                bad.append(f"{where}: {seat} has {e['vp']} VP, the events add to {vp[seat]}")
            if vp[seat] >= t.target and over_at is None:
                over_at = e["i"]
        elif kind == "end":
            ended = e
            reached = [s for s, v in vp.items() if v >= t.target]
            if e["trigger"] == "thirty":
                if not reached:
                    bad.append(f"{where}: ended by the target, nobody reached it")
                elif active in reached and e["winner"] != active:
                    bad.append(f"{where}: {e['winner']} won, the active {active} had reached it")
                elif e["winner"] not in reached:
                    bad.append(f"{where}: {e['winner']} won without reaching the target")
            elif reached:
                bad.append(f"{where}: the cap, but {reached} had reached the target")
        elif kind == "final":
            if e["vp"] != vp.get(e["seat"], 0):
                bad.append(f"{where}: {e['seat']} ends on {e['vp']}, the events add to "
                           f"{vp.get(e['seat'], 0)}")  # fmt: skip
            if ended and ended["winner"] == e["seat"] and (e["rank"] != 1 or not e["won"]):
                bad.append(f"{where}: the winner {e['seat']} is not ranked first")
    if ended is None:
        bad.append("the game has no end")
    return bad
