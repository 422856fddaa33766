"""Check the merged card data across files and compile it into the read-only arrays the
kernels will index (`Tables`): names stay in Python, the kernels see codes and numbers.

Every problem is noted as `file:card-id:field: message` (the file that wrote the field),
so a designer sees all of them at once. `simcore.card_merge.check_fields` has already
checked each field's TOML type; here come the names (effect kinds, stacks, families,
instruments, types, colours, cities, housing), the parameters of each kind with their
ranges, the rules and setup, and the totals: each stack's cards against its stated count,
one royal tile per royal city, enough legacy tiles for the deal at five players, a connected map.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from simcore.errors import did_you_mean
from simcore.games.apiacere.carddata import board
from simcore.games.apiacere.carddata.check import Checker, Merged, names
from simcore.games.apiacere.carddata.params import (
    COLOUR,
    FAMILY_EFFECTS,
    FILE_EFFECTS,
    PARAMS,
    VARIATION_LEVELS,
)
from simcore.games.apiacere.carddata.rules import (
    CITY,
    HOUSING,
    LISTS,
    RANDOM,
    RULES,
    list_problem,
    rule_code,
)
from simcore.games.apiacere.codes import (
    N_COUNTS,
    N_RULES,
    RANDOM_CITY,
    Count,
    Effect,
    Family,
    InstrumentType,
    Rule,
)
from simcore.games.apiacere.sizes import (
    MAX_BONUS_TILES,
    MAX_COPIES,
    MAX_DESIGNS,
    MAX_INSTRUMENTS,
    MAX_LEGACY,
    MAX_LEVEL,
    MAX_PARAMS,
    MAX_PLAYERS,
    MAX_ROYAL,
    MAX_STACK_CARDS,
)

NO_TYPE = -1  # instrument_type of piano and orchestra; bonus_type of an instrument tile
NO_INSTRUMENT = -1  # design_instrument of a non-compose card; bonus_instrument of a type tile
N_STACKS = len(Family) * MAX_LEVEL
COUNTED = {  # codes.Count -> the table whose rows it counts
    Count.CITIES: "city_royal",
    Count.TRAVEL: "travel_cost",
    Count.HOUSING: "housing_actions",
    Count.PROXIMITY: "prox_distance",
    Count.VARIETY: "variety_value",
    Count.CARDS: "card_stack",
    Count.BONUS_TILES: "bonus_type",
    Count.ROYAL: "royal_city",
    Count.LEGACY: "legacy_effect",
    Count.DIE_FACES: "red_die",
}


class Tables(NamedTuple):
    """The compiled card data (read-only arrays). C cities, T travel options, H housing
    kinds, S shields, P proximity entries, V variety tiles, I instruments, D card designs,
    N physical cards (stack by stack, designs in file order), B bonus tiles, R royal
    tiles, L legacy tiles; `*_params` rows hold a kind's parameters in `params.py` order
    (unused slots 0)."""

    rules: np.ndarray  # int16[N_RULES], by codes.Rule: a number, an IntEnum code or an index
    royal_keys: np.ndarray  # int8[EVENTS]: white keys of the k-th royal event field
    red_die: np.ndarray  # int8[faces]: variety-tile shift per face (-1 left, 0, +1 right)
    city_royal: np.ndarray  # int8[C]: 1 = a royal event city
    city_die: np.ndarray  # int8[C]: city-die face 1..6 marking a ban there; 0 = none
    city_shield: np.ndarray  # int8[C]: rent tier 1..S (golden shield)
    city_draws: np.ndarray  # int8[C]: base draws in the city, before the variety tile
    city_slot: np.ndarray  # int8[C]: the variety-tile board slot beside the city
    city_distance: np.ndarray  # int8[C, C]: fewest roads between two cities
    travel_steps: np.ndarray  # int8[T]: the most roads an option crosses; -1 = any city
    travel_cost: np.ndarray  # int16[T]: florins
    housing_actions: np.ndarray  # int8[H]: action points
    housing_hand: np.ndarray  # int8[H]: cards kept at the end of the turn
    housing_pay: np.ndarray  # int8[H]: percent of a yellow card's florins paid
    housing_rent: np.ndarray  # int16[H, S]: florins per turn by the city's shield - 1
    prox_distance: np.ndarray  # int8[P]: roads to another player's city (0 = same city)
    prox_takes: np.ndarray  # int8[P]: face-up takes allowed, bit 1 << Colour
    prox_draws: np.ndarray  # int8[P]: extra draws from any stack
    variety_value: np.ndarray  # int8[V]: draws added in the city of its slot (-3..+1)
    stack_family: np.ndarray  # int8[6]: Family, stacks in stacks.toml order
    stack_level: np.ndarray  # int8[6]: 1..3; the card cost in action points
    stack_first: np.ndarray  # int16[7]: stack s holds cards stack_first[s]..[s+1]-1
    instrument_type: np.ndarray  # int8[I]: InstrumentType; -1 = none (piano, orchestra)
    design_stack: np.ndarray  # int8[D]
    design_effect: np.ndarray  # int8[D]: Effect
    design_params: np.ndarray  # int16[D, MAX_PARAMS]
    design_instrument: np.ndarray  # int8[D]: a compose card's instrument; -1 = none
    design_copies: np.ndarray  # int8[D]
    card_design: np.ndarray  # int16[N]
    card_stack: np.ndarray  # int8[N]
    card_level: np.ndarray  # int8[N]: 1..3, the action cost
    card_colour: np.ndarray  # int8[N]: Colour
    card_effect: np.ndarray  # int8[N]: Effect
    card_params: np.ndarray  # int16[N, MAX_PARAMS]
    card_instrument: np.ndarray  # int8[N]: -1 = none
    bonus_type: np.ndarray  # int8[B]: the type a 4x tile rewards; -1 = an instrument tile
    bonus_instrument: np.ndarray  # int8[B]: the instrument a 2x tile rewards; -1 = a type tile
    bonus_shared: np.ndarray  # int8[B]: 1 = one tile for all (contested); 0 = one per player
    bonus_params: np.ndarray  # int16[B, MAX_PARAMS]: chain, keys
    royal_city: np.ndarray  # int8[R]
    royal_effect: np.ndarray  # int8[R]: Effect (royal bonus)
    royal_params: np.ndarray  # int16[R, MAX_PARAMS]
    legacy_effect: np.ndarray  # int8[L]: Effect (legacy condition)
    legacy_params: np.ndarray  # int16[L, MAX_PARAMS]
    legacy_overall: np.ndarray  # int8[L]: 1 = may be dealt as the overall tile
    counts: np.ndarray  # int16[N_COUNTS], by codes.Count: C, T, H, P, V, N, B, R, L and the
    # red die's faces (the kernels read these, not the shapes: their card record pads
    # every table, carddata/table.py)


class Compiler(Checker):
    """Checks and compiles one merged card set."""

    def effect(self, kind: str, cid: str) -> tuple[int, np.ndarray]:
        """(Effect, params row) of an entry of `kind`, its kind among those the file allows."""
        entry = self.merged[kind][cid]
        allowed = [e.name.lower() for e in FILE_EFFECTS[kind]]
        code = self.name(kind, cid, "effect", entry["effect"], allowed)
        if code < 0:
            return 0, np.zeros(MAX_PARAMS, np.int16)
        effect = FILE_EFFECTS[kind][code]
        return int(effect), self.params(kind, cid, entry["params"], PARAMS[effect])

    def rules(self) -> tuple[np.ndarray, dict[str, np.ndarray]]:
        vector = np.zeros(N_RULES, np.int16)
        lists = {key: np.zeros(0, np.int8) for key in LISTS}
        for file in ("setup", "rules"):
            known = [k for k, (f, *_) in RULES.items() if f == file]
            known += [k for k, f in LISTS.items() if f == file]
            for key in self.merged[file]:
                if key not in known:
                    self.note(file, key, "value", f"unknown key{did_you_mean(key, known)}")
            for key in known:
                if "value" not in self.merged[file].get(key, {}):
                    self.problems.append(f"{file}.toml:{key}:value: missing")
        unsound: set[str] = set()  # keys missing or refused: no totals are checked with them
        for key, (file, rule, allowed) in RULES.items():
            value = self.merged[file].get(key, {}).get("value")
            code = None if value is None else self.rule_value(file, key, value, allowed)
            if code is None:
                unsound.add(key)
            else:
                vector[rule] = code
        events = int(vector[Rule.EVENTS])
        for key, file in LISTS.items():
            value = self.merged[file].get(key, {}).get("value")
            if value is None:
                continue
            problem = list_problem(key, value, None if "events" in unsound else events)
            if problem:
                self.note(file, key, "value", problem)
            else:
                lists[key] = np.array(value, np.int8)
        rounds = {"rounds", "rounds_per_event", "events"}
        if (
            rounds.isdisjoint(unsound)
            and events * vector[Rule.ROUNDS_PER_EVENT] != vector[Rule.ROUNDS]
        ):
            self.note(
                "rules", "rounds", "value",
                f"{vector[Rule.ROUNDS]} rounds, but {events} events every "
                f"{vector[Rule.ROUNDS_PER_EVENT]} rounds make "
                f"{events * vector[Rule.ROUNDS_PER_EVENT]}; the game ends after the last event",
            )  # fmt: skip
        unlock = {"unlock_level_2", "unlock_level_3"}
        if unlock.isdisjoint(unsound) and vector[Rule.UNLOCK_LEVEL_2] > vector[Rule.UNLOCK_LEVEL_3]:
            self.note(
                "rules", "unlock_level_2", "value",
                f"{vector[Rule.UNLOCK_LEVEL_2]} is beyond unlock_level_3 "
                f"({vector[Rule.UNLOCK_LEVEL_3]})",
            )  # fmt: skip
        return vector, lists

    def rule_value(self, file: str, key: str, value: Any, allowed: Any) -> int | None:
        """The code of a setup or rule value; None (noted) when refused."""
        if allowed == CITY and value == RANDOM:
            return RANDOM_CITY
        if allowed in (HOUSING, CITY):
            index = self.ref(
                file, key, "value", value, "housing" if allowed == HOUSING else "cities"
            )
            return index if index >= 0 else None
        code, problem = rule_code(value, allowed)
        if problem:
            self.note(file, key, "value", problem)
        return code

    def stacks(self) -> dict[str, np.ndarray]:
        ids = self.ids("stacks")
        family = np.zeros(len(ids), np.int8)
        level = np.zeros(len(ids), np.int8)
        seen: dict[tuple[int, int], str] = {}
        for s, sid in enumerate(ids):
            stack = self.merged["stacks"][sid]
            family[s] = max(self.name("stacks", sid, "family", stack["family"], names(Family)), 0)
            level[s] = self.number("stacks", sid, "level", 1, MAX_LEVEL)
            self.number("stacks", sid, "cards", 1, MAX_STACK_CARDS)
            pair = (int(family[s]), int(level[s]))
            if pair in seen:
                self.note(
                    "stacks",
                    sid,
                    "level",
                    f"{seen[pair]} is already that family's level {level[s]}",
                )
            seen.setdefault(pair, sid)
        if len(ids) != N_STACKS:
            self.file_note(
                "stacks",
                f"{len(ids)} stacks; the game has {N_STACKS}: each family at levels 1..{MAX_LEVEL}",
            )
        return {"stack_family": family, "stack_level": level}

    def cards(self, stack_family: np.ndarray, stack_level: np.ndarray) -> dict[str, np.ndarray]:
        ids = self.ids("cards")
        n = min(len(ids), MAX_DESIGNS)
        if len(ids) > MAX_DESIGNS:
            self.file_note("cards", f"{len(ids)} designs; the engine holds 1..{MAX_DESIGNS}")
        out: dict[str, np.ndarray] = {
            "design_stack": np.zeros(n, np.int8),
            "design_effect": np.zeros(n, np.int8),
            "design_params": np.zeros((n, MAX_PARAMS), np.int16),
            "design_instrument": np.full(n, NO_INSTRUMENT, np.int8),
            "design_copies": np.zeros(n, np.int8),
        }
        stacks = self.ids("stacks")
        unplaced: list[int] = []  # designs naming an unknown stack (noted)
        for d, cid in enumerate(ids[:n]):
            card = self.merged["cards"][cid]
            s = self.ref("cards", cid, "stack", card["stack"], "stacks")
            effect, out["design_params"][d] = self.effect("cards", cid)
            out["design_effect"][d] = effect
            out["design_copies"][d] = self.number("cards", cid, "copies", 0, MAX_COPIES)
            if not 0 <= s < len(stack_family):
                unplaced.append(d)
            else:
                out["design_stack"][d] = s
                self.fits_stack(
                    cid, Effect(effect), Family(stack_family[s]), int(stack_level[s]), stacks[s]
                )
            composed = effect == Effect.COMPOSE
            if composed and "instrument" not in card:
                self.note(
                    "cards", cid, "instrument", "missing (a compose card names its instrument)"
                )
            elif "instrument" in card and not composed:
                self.note("cards", cid, "instrument", "only a compose card has an instrument")
            elif composed:
                out["design_instrument"][d] = self.ref(
                    "cards", cid, "instrument", card["instrument"], "instruments"
                )
            if effect == Effect.VARIATION and not out["design_params"][d].any():
                self.note("cards", cid, "params.same", "a variation copies at least one card")
        return out | self.physical(out, stack_level, stacks, unplaced)

    def fits_stack(self, cid: str, effect: Effect, family: Family, level: int, stack: str) -> None:
        if effect == Effect.NONE:
            return
        if effect not in FAMILY_EFFECTS[family]:
            allowed = ", ".join(e.name.lower() for e in FAMILY_EFFECTS[family])
            self.note(
                "cards", cid, "effect", f"{effect.name.lower()} is not a {stack} card ({allowed})"
            )
        elif effect == Effect.VARIATION and level not in VARIATION_LEVELS:
            self.note("cards", cid, "stack", f"a variation is a level 1 or 2 card, not {stack}")

    def physical(
        self,
        out: dict[str, np.ndarray],
        stack_level: np.ndarray,
        stacks: list[str],
        unplaced: list[int],
    ) -> dict[str, np.ndarray]:
        """The physical cards stack by stack; each stack's count against stacks.toml."""
        placed = np.ones(len(out["design_stack"]), bool)
        placed[unplaced] = False
        order = [
            d
            for s in range(len(stacks))
            for d in np.flatnonzero((out["design_stack"] == s) & placed)
        ]
        design = np.repeat(np.array(order, np.int16), out["design_copies"][order])
        first = np.zeros(len(stacks) + 1, np.int16)
        for s, sid in enumerate(stacks):
            n = int(out["design_copies"][(out["design_stack"] == s) & placed].sum())
            first[s + 1] = first[s] + n
            if n != self.merged["stacks"][sid]["cards"]:
                self.note(
                    "stacks", sid, "cards",
                    f"{self.merged['stacks'][sid]['cards']} cards, but the copies of its cards "
                    f"(cards.toml) add up to {n}",
                )  # fmt: skip
        stack = out["design_stack"][design]
        effect = out["design_effect"][design]
        return {
            "stack_first": first,
            "card_design": design,
            "card_stack": stack,
            "card_level": np.asarray(stack_level, np.int8)[stack] if len(stack) else stack.copy(),
            "card_colour": np.array([COLOUR.get(Effect(e), 0) for e in effect], np.int8),
            "card_effect": effect,
            "card_params": out["design_params"][design].reshape(-1, MAX_PARAMS),
            "card_instrument": out["design_instrument"][design],
        }

    def instruments(self) -> np.ndarray:
        ids = self.ids("instruments")[: self.capped("instruments", "instruments", MAX_INSTRUMENTS)]
        out = np.full(len(ids), NO_TYPE, np.int8)
        for i, iid in enumerate(ids):
            value = self.merged["instruments"][iid]["type"]
            if value != "none":
                out[i] = self.name(
                    "instruments", iid, "type", value, names(InstrumentType) + ["none"]
                )
        return out

    def bonus_tiles(self, instrument_type: np.ndarray) -> dict[str, np.ndarray]:
        n = self.capped("bonus_tiles", "bonus tiles", MAX_BONUS_TILES, least=0)
        out: dict[str, np.ndarray] = {
            "bonus_type": np.full(n, NO_TYPE, np.int8),
            "bonus_instrument": np.full(n, NO_INSTRUMENT, np.int8),
            "bonus_shared": np.zeros(n, np.int8),
            "bonus_params": np.zeros((n, MAX_PARAMS), np.int16),
        }
        instruments, types = self.ids("instruments"), names(InstrumentType)
        taken: dict[str, str] = {}
        for b, bid in enumerate(self.ids("bonus_tiles")[:n]):
            tile = self.merged["bonus_tiles"][bid]
            _, out["bonus_params"][b] = self.effect("bonus_tiles", bid)
            out["bonus_shared"][b] = tile["shared"]
            target = tile["target"]
            if target in taken:
                self.note(
                    "bonus_tiles", bid, "target", f"{target} already has a tile ({taken[target]})"
                )
            taken.setdefault(target, bid)
            if target in types:
                out["bonus_type"][b] = types.index(target)
            elif target in instruments and instrument_type[instruments.index(target)] == NO_TYPE:
                self.note(
                    "bonus_tiles",
                    bid,
                    "target",
                    f"{target} has no type, and so no bonus tile (as piano)",
                )
            else:
                out["bonus_instrument"][b] = self.name(
                    "bonus_tiles", bid, "target", target, instruments + types
                )
        return out

    def royal(self, city_royal: np.ndarray, shields: int) -> dict[str, np.ndarray]:
        n = self.capped("royal", "royal tiles", MAX_ROYAL)
        out: dict[str, np.ndarray] = {
            "royal_city": np.zeros(n, np.int8),
            "royal_effect": np.zeros(n, np.int8),
            "royal_params": np.zeros((n, MAX_PARAMS), np.int16),
        }
        cities = self.ids("cities")
        holder: dict[int, str] = {}
        for r, rid in enumerate(self.ids("royal")[:n]):
            out["royal_effect"][r], out["royal_params"][r] = self.effect("royal", rid)
            if out["royal_effect"][r] == Effect.ROYAL_RENT and out["royal_params"][r, 0] > shields:
                self.note(
                    "royal",
                    rid,
                    "params.shield",
                    f"expected 1..{shields} (the shields of housing.toml's rent)",
                )
            c = self.ref("royal", rid, "city", self.merged["royal"][rid]["city"], "cities")
            if c < 0 or c >= len(city_royal):
                continue
            out["royal_city"][r] = c
            if not city_royal[c]:
                self.note(
                    "royal", rid, "city", f"{cities[c]} is not a royal city (cities.toml royal)"
                )
            elif c in holder:
                self.note(
                    "royal", rid, "city", f"{cities[c]} already has a royal tile ({holder[c]})"
                )
            holder.setdefault(c, rid)
        for c in np.flatnonzero(city_royal).tolist():
            if c not in holder:
                self.note(
                    "cities", cities[c], "royal", "a royal city without a royal tile (royal.toml)"
                )
        return out

    def legacy(self, personal: int) -> dict[str, np.ndarray]:
        n = self.capped("legacy", "legacy tiles", MAX_LEGACY)
        out: dict[str, np.ndarray] = {
            "legacy_effect": np.zeros(n, np.int8),
            "legacy_params": np.zeros((n, MAX_PARAMS), np.int16),
            "legacy_overall": np.zeros(n, np.int8),
        }
        for t, lid in enumerate(self.ids("legacy")[:n]):
            out["legacy_effect"][t], out["legacy_params"][t] = self.effect("legacy", lid)
            out["legacy_overall"][t] = self.merged["legacy"][lid]["overall"]
        need = 1 + MAX_PLAYERS * personal
        if n and not out["legacy_overall"].any():
            self.file_note("legacy", "no tile may be the overall tile (overall = true)")
        if n < need:
            self.note(
                "setup", "personal_legacy", "value",
                f"1 overall and {MAX_PLAYERS} players x {personal} personal tiles need {need} "
                f"legacy tiles; legacy.toml has {n}",
            )  # fmt: skip
        return out


def compile_tables(merged: Merged, origins: Any) -> tuple[Tables | None, list[str]]:
    """(the compiled tables, []) or (None, every problem)."""
    c = Compiler(merged, origins)
    c.sources()
    parts = board.housing(c)
    shields = parts["housing_rent"].shape[1]
    rules, lists = c.rules()
    slots = max(int(rules[Rule.VARIETY_SLOTS]), 1)
    parts |= board.cities(c, shields, slots) | board.travel(c) | board.proximity(c)
    parts |= board.variety(c, slots) | c.stacks()
    parts |= c.cards(parts["stack_family"], parts["stack_level"])
    parts["instrument_type"] = c.instruments()
    parts |= c.bonus_tiles(parts["instrument_type"])
    parts |= c.royal(parts["city_royal"], shields)
    parts |= c.legacy(int(rules[Rule.PERSONAL_LEGACY]))
    if c.problems:
        return None, c.problems
    counts = np.zeros(N_COUNTS, np.int16)
    for count, table in COUNTED.items():
        counts[count] = len(lists.get(table, parts.get(table, ())))
    tables = Tables(rules=rules, **lists, **parts, counts=counts)
    for array in tables:
        array.flags.writeable = False
    return tables, []
