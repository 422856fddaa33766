"""Dice-Mining Patrons' merged card data checked against the engine's limits and compiled
into the one read-only TABLE record the kernels see; every problem as
`file:card-id:field: message`."""

from __future__ import annotations

from typing import Any

import numpy as np

from simcore.card_files import Cards, Origins
from simcore.games.dicemining.state.codes import PLACEHOLDERS, Ability, Face, Keep, Placeholders
from simcore.games.dicemining.state.dtypes import (
    MAX_DICE,
    MAX_GROUPS,
    MAX_ITEMS,
    MAX_NEEDS,
    MAX_PATRONS,
    MAX_PLAYERS,
    MAX_VAULTS,
    N_FACES,
    N_RES,
    TABLE,
)

# rules.toml: key -> a (lo, hi) range of whole numbers, an IntEnum of choices (lower
# case), or bool
RULES: dict[str, Any] = {
    "target": (1, 200),
    "hand": (1, 5),
    "draw_per_fulfil": (0, 5),
    "backpack_resources": (0, 20),
    "backpack_items": (0, 20),
    "cumulative_base": (0, 20),
    "cumulative_max": (1, 30),
    "burglar_levels": (0, 4),
    "round_cap": (1, 1000),
    "max_rolls": (1, 100),
    "keep": Keep,
    "mulligan": bool,
    "placeholder_abilities": Placeholders,
}

# an ability's parameters: name -> (lo, hi); the one the kernels read goes to ability_n
ABILITY_PARAMS: dict[Ability, dict[str, tuple[int, int]]] = {
    Ability.NONE: {},
    Ability.VAULT_PROTECT: {},
    Ability.OTHERS_SWAP_ITEM: {},
    Ability.REMOVE_PATRON: {},
    Ability.CUMULATIVE_VP: {"group": (0, MAX_GROUPS - 1)},
    Ability.ORC_WILD: {},
    Ability.SHARED_BONUS: {"n": (1, 6)},
    Ability.ORC_REROLL: {"n": (1, 6)},
    Ability.STEAL: {"level": (1, 4)},
    Ability.ALL_GAIN: {"n": (1, 1)},
}
FACE_NAMES = {"artifact": Face.ARTIFACT, "burglar": Face.BURGLAR, "orc": Face.ORC}


class _Check:
    def __init__(self, origins: dict[str, Origins]):
        self.origins = origins
        self.problems: list[str] = []

    def __call__(self, kind: str, cid: str, field: str, message: str) -> None:
        where = self.origins[kind].get(cid, {}).get(field, f"{kind}.toml")
        self.problems.append(f"{where}:{cid}:{field}: {message}")

    def number(self, kind, cid, field, value, lo, hi) -> int:
        if type(value) is not int or not lo <= value <= hi:
            self(kind, cid, field, f"expected a whole number {lo}..{hi}, got {value!r}")
            return lo
        return value


def _rule(check: _Check, key: str, value: Any) -> int:
    spec = RULES.get(key)
    if spec is None:
        check("rules", key, "value", f"unknown rule (rules: {', '.join(RULES)})")
        return 0
    if spec is bool:
        if not isinstance(value, bool):
            check("rules", key, "value", f"expected true or false, got {value!r}")
        return int(value is True)
    if isinstance(spec, tuple):
        return check.number("rules", key, "value", value, *spec)
    choices = [m.name.lower() for m in spec]
    if value not in choices:
        check("rules", key, "value", f"expected one of {', '.join(choices)}, got {value!r}")
        return 0
    return int(spec[value.upper()])


def _recipe(check, kind, cid, recipe, res_ids) -> list[int]:
    out = [0] * N_RES
    for name, n in recipe.items():
        if name not in res_ids:
            known = ", ".join(res_ids)
            check(kind, cid, "recipe", f"unknown resource {name!r} (resources: {known})")
            continue
        out[res_ids.index(name)] = check.number(kind, cid, "recipe", n, 0, 9)
    return out


def compile_table(merged: dict[str, Cards], origins: dict[str, Origins]):
    """(TABLE[1] read-only record array, the patron cards' design ids) or (None, problems)."""
    check = _Check(origins)
    t = np.zeros(1, TABLE).view(np.recarray)
    r = t[0]
    res_ids = list(merged["resources"])
    if len(res_ids) != N_RES:
        check("resources", "resources", "id", f"expected {N_RES} resources, got {len(res_ids)}")
        res_ids = (res_ids + ["?"] * N_RES)[:N_RES]
    for k, (cid, card) in enumerate(merged["resources"].items()):
        if k < N_RES:
            r.supply[k] = check.number("resources", cid, "supply", card.get("supply"), 0, 100)
    n_dice = 0
    for cid, card in merged["dice"].items():
        faces = card.get("faces", [])
        codes = []
        for f in faces:
            if f in res_ids:
                codes.append(res_ids.index(f))
            elif f in FACE_NAMES:
                codes.append(int(FACE_NAMES[f]))
            else:
                check(
                    "dice", cid, "faces", f"unknown face {f!r} (a resource, artifact, burglar, orc)"
                )
        if len(faces) != N_FACES:
            check("dice", cid, "faces", f"expected {N_FACES} faces, got {len(faces)}")
            continue
        for _ in range(check.number("dice", cid, "copies", card.get("copies"), 0, MAX_DICE)):
            if n_dice < MAX_DICE and len(codes) == N_FACES:
                r.die_faces[n_dice] = codes
            n_dice += 1
    if not 1 <= n_dice <= MAX_DICE:
        check("dice", "dice", "copies", f"expected 1..{MAX_DICE} dice in all, got {n_dice}")
    r.n_dice = min(n_dice, MAX_DICE)
    item_ids = list(merged["items"])
    if not 1 <= len(item_ids) <= MAX_ITEMS:
        check("items", "items", "id", f"expected 1..{MAX_ITEMS} item types, got {len(item_ids)}")
    r.n_items = min(len(item_ids), MAX_ITEMS)
    for k, (cid, card) in enumerate(list(merged["items"].items())[:MAX_ITEMS]):
        r.item_copies[k] = check.number("items", cid, "copies", card.get("copies"), 0, 100)
        r.recipe[k] = _recipe(check, "items", cid, card.get("recipe", {}), res_ids)
        r.item_cost[k] = int(r.recipe[k].sum())
    vaults = list(merged["vaults"].items())
    if len(vaults) != 1:
        check("vaults", "vaults", "id", f"expected one [[vault]] entry, got {len(vaults)}")
    for cid, card in vaults[:1]:
        r.n_vaults = check.number("vaults", cid, "copies", card.get("copies"), 0, MAX_VAULTS)
        r.vault_recipe[:] = _recipe(check, "vaults", cid, card.get("recipe", {}), res_ids)
        r.vault_res = check.number("vaults", cid, "resources", card.get("resources"), 0, 10)
        r.vault_items = check.number("vaults", cid, "items", card.get("items"), 0, 10)
    rules = {key: _rule(check, key, table.get("value")) for key, table in merged["rules"].items()}
    for key in RULES:
        if key not in rules:
            check("rules", key, "value", "missing")
    for key, value in rules.items():
        if key in (TABLE.names or ()):
            r[key] = value
    off = rules.get("placeholder_abilities", 0) == Placeholders.NONE
    designs: list[str] = []
    n = 0
    for d, (cid, card) in enumerate(merged["patrons"].items()):
        name = card.get("ability", "")
        choices = [m.name.lower() for m in Ability]
        if name not in choices:
            check("patrons", cid, "ability", f"expected one of {', '.join(choices)}, got {name!r}")
            name = "none"
        ability = Ability[name.upper()]
        params = card.get("params", {})
        spec = ABILITY_PARAMS[ability]
        for extra in sorted(set(params) - set(spec)):
            check("patrons", cid, "params", f"{name} takes no parameter {extra!r}")
        value = 0
        for pname, (lo, hi) in spec.items():
            value = check.number("patrons", cid, "params", params.get(pname), lo, hi)
        needs = [0] * MAX_ITEMS
        for item in card.get("items", []):
            if item not in item_ids:
                check("patrons", cid, "items", f"unknown item {item!r}")
            elif item_ids.index(item) < MAX_ITEMS:
                needs[item_ids.index(item)] += 1
        if not 1 <= sum(needs) <= 9:
            check("patrons", cid, "items", f"expected 1..9 items, got {sum(needs)}")
        vp = check.number("patrons", cid, "vp", card.get("vp"), 0, 50)
        if off and ability in PLACEHOLDERS:
            ability, value = Ability.NONE, 0  # ruling DM-21: placeholders switched off
        for _ in range(check.number("patrons", cid, "copies", card.get("copies"), 0, 10)):
            if n < MAX_PATRONS:
                r.patron_design[n] = d
                r.needs[n] = needs
                kinds = [t for t in range(MAX_ITEMS) if needs[t] > 0][:MAX_NEEDS]
                r.n_need[n] = len(kinds)
                r.need_item[n] = kinds + [-1] * (MAX_NEEDS - len(kinds))
                r.patron_vp[n] = vp
                r.ability[n] = ability
                r.ability_n[n] = value
            n += 1
        designs.append(cid)
    low = rules.get("hand", 3) * MAX_PLAYERS
    if not low <= n <= MAX_PATRONS:
        check("patrons", "patrons", "copies", f"expected {low}..{MAX_PATRONS} cards, got {n}")
    r.n_patrons = min(n, MAX_PATRONS)
    if check.problems:
        return None, check.problems
    t.flags.writeable = False
    return t, designs
