"""The board and the player board compiled: the map (cities, roads, distances), travel
options, housing with its rent table, proximity takes and draws, the variety tiles."""

from __future__ import annotations

import numpy as np

from simcore.games.apiacere.carddata.check import Checker, names, whole
from simcore.games.apiacere.codes import Colour
from simcore.games.apiacere.sizes import (
    MAX_ACTIONS,
    MAX_CITIES,
    MAX_DIE_FACE,
    MAX_FLORINS,
    MAX_HAND,
    MAX_HOUSING,
    MAX_SHIELDS,
    MAX_TRAVEL,
    MAX_VARIETY,
)

ANY_CITY = -1  # travel_steps of an option that reaches any city
NO_ROUTE = -1  # city_distance between cities no road joins (refused: the map is connected)


def housing(c: Checker) -> dict[str, np.ndarray]:
    """Actions, hand limit, pay percent and the rent table rent[housing, shield - 1]."""
    n = c.capped("housing", "housing kinds", MAX_HOUSING)
    ids = c.ids("housing")[:n]
    rents = {h: c.merged["housing"][h]["rent"] for h in ids}
    tiers = len(rents[ids[0]]) if ids else 0
    out: dict[str, np.ndarray] = {
        "housing_actions": np.zeros(n, np.int8),
        "housing_hand": np.zeros(n, np.int8),
        "housing_pay": np.zeros(n, np.int8),
        "housing_rent": np.zeros((n, max(min(tiers, MAX_SHIELDS), 1)), np.int16),
    }
    if not 1 <= tiers <= MAX_SHIELDS:
        c.note("housing", ids[0], "rent", f"{tiers} shields; the engine holds 1..{MAX_SHIELDS}")
    for h, hid in enumerate(ids):
        out["housing_actions"][h] = c.number("housing", hid, "actions", 0, MAX_ACTIONS)
        out["housing_hand"][h] = c.number("housing", hid, "hand", 0, MAX_HAND)
        out["housing_pay"][h] = c.number("housing", hid, "pay_percent", 0, 100)
        rent = rents[hid]
        if len(rent) != tiers or not all(whole(r) and 0 <= r <= MAX_FLORINS for r in rent):
            c.note(
                "housing", hid, "rent",
                f"expected {tiers} integers 0..{MAX_FLORINS} (rent by shield 1..{tiers}, as "
                f"{ids[0]}), got {rent!r}",
            )  # fmt: skip
        elif tiers <= MAX_SHIELDS:
            out["housing_rent"][h] = rent
    return out


def cities(c: Checker, shields: int, slots: int) -> dict[str, np.ndarray]:
    """Royal flag, die face, shield, base draws, variety slot and road distances."""
    n = c.capped("cities", "cities", MAX_CITIES)
    ids = c.ids("cities")[:n]
    out: dict[str, np.ndarray] = {
        "city_royal": np.zeros(n, np.int8),
        "city_die": np.zeros(n, np.int8),
        "city_shield": np.zeros(n, np.int8),
        "city_draws": np.zeros(n, np.int8),
        "city_slot": np.zeros(n, np.int8),
    }
    roads = np.zeros((n, n), bool)
    face_of: dict[int, str] = {}
    slot_of: dict[int, str] = {}
    for i, cid in enumerate(ids):
        city = c.merged["cities"][cid]
        out["city_royal"][i] = city["royal"]
        face = out["city_die"][i] = c.number("cities", cid, "die_face", 0, MAX_DIE_FACE)
        if face and face in face_of:
            c.note("cities", cid, "die_face", f"{face} is already {face_of[face]}'s")
        face_of.setdefault(face, cid)
        out["city_shield"][i] = c.number("cities", cid, "shield", 1, shields)
        out["city_draws"][i] = c.number("cities", cid, "draws", 0, 9)
        slot = out["city_slot"][i] = c.number("cities", cid, "variety_slot", 0, slots - 1)
        if slot in slot_of:
            c.note("cities", cid, "variety_slot", f"{slot} is already {slot_of[slot]}'s")
        slot_of.setdefault(slot, cid)
        for other in city["neighbours"]:
            j = c.ref("cities", cid, "neighbours", other, "cities")
            if j == i:
                c.note("cities", cid, "neighbours", "a city is not its own neighbour")
            elif 0 <= j < n:
                roads[i, j] = True
    for i, cid in enumerate(ids):
        for j in np.flatnonzero(roads[:, i] & ~roads[i]).tolist():
            c.note("cities", cid, "neighbours", f"missing {ids[j]} ({ids[j]} lists {cid})")
    out["city_distance"] = distances(roads | roads.T)
    if n and (out["city_distance"] == NO_ROUTE).any():
        cut = [ids[j] for j in np.flatnonzero(out["city_distance"][0] == NO_ROUTE)]
        c.file_note("cities", f"no road from {ids[0]} to {', '.join(cut)}: the map must be one")
    return out


def distances(roads: np.ndarray) -> np.ndarray:
    """int8[C, C]: the fewest roads between two cities (breadth first); NO_ROUTE if none."""
    n = len(roads)
    out = np.full((n, n), NO_ROUTE, np.int8)
    for start in range(n):
        out[start, start] = 0
        frontier, steps = [start], 0
        while frontier:
            steps += 1
            nxt = [
                j for i in frontier for j in np.flatnonzero(roads[i]).tolist() if out[start, j] < 0
            ]
            for j in nxt:
                out[start, j] = steps
            frontier = sorted(set(nxt))
    return out


def travel(c: Checker) -> dict[str, np.ndarray]:
    """Steps reached (-1: any city) and cost of each travel option."""
    n = c.capped("travel", "travel options", MAX_TRAVEL)
    steps, cost = np.zeros(n, np.int8), np.zeros(n, np.int16)
    for t, tid in enumerate(c.ids("travel")[:n]):
        option = c.merged["travel"][tid]
        if option.get("any_city", False) == ("steps" in option):
            c.note("travel", tid, "steps", "give steps (1..) or any_city = true, not both")
        elif "steps" in option:
            steps[t] = c.number("travel", tid, "steps", 1, MAX_CITIES)
        else:
            steps[t] = ANY_CITY
        cost[t] = c.number("travel", tid, "cost", 0, MAX_FLORINS)
    return {"travel_steps": steps, "travel_cost": cost}


def proximity(c: Checker) -> dict[str, np.ndarray]:
    """Distance, face-up takes (bit 1 << Colour) and extra draws of each proximity entry."""
    n = c.capped("proximity", "proximity entries", MAX_CITIES, least=0)
    out: dict[str, np.ndarray] = {
        "prox_distance": np.zeros(n, np.int8),
        "prox_takes": np.zeros(n, np.int8),
        "prox_draws": np.zeros(n, np.int8),
    }
    seen: dict[int, str] = {}
    for p, pid in enumerate(c.ids("proximity")[:n]):
        d = out["prox_distance"][p] = c.number("proximity", pid, "distance", 0, MAX_CITIES)
        if d in seen:
            c.note("proximity", pid, "distance", f"{d} is already {seen[d]}'s")
        seen.setdefault(d, pid)
        for colour in c.merged["proximity"][pid]["takes"]:
            code = c.name("proximity", pid, "takes", colour, names(Colour))
            if code >= 0:
                out["prox_takes"][p] |= 1 << code
        out["prox_draws"][p] = c.number("proximity", pid, "draws", 0, 9)
    return out


def variety(c: Checker, slots: int) -> dict[str, np.ndarray]:
    """The draw variety tiles' values; one tile per board slot (ruling AP-31)."""
    n = c.capped("variety", "variety tiles", MAX_VARIETY)
    if n != slots:
        c.file_note("variety", f"{n} tiles for {slots} board slots (rules.toml variety_slots)")
    values = np.zeros(n, np.int8)
    for v, vid in enumerate(c.ids("variety")[:n]):
        values[v] = c.number("variety", vid, "value", -5, 5)
    return {"variety_value": values}
