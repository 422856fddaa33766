"""rules.toml and setup.toml: each key's file, its index in the compiled `rules` vector,
and its allowed values.

A value is a (lo, hi) range of integers, an IntEnum of choices (written in lower case),
`HOUSING` (a housing id) or `CITY` (a city id, or "random"). Two rules.toml keys are
lists, compiled into their own arrays: `royal_keys` (white keys of each royal event
field, one per event) and `red_die` (each face's shift of the variety tiles: -1 left,
0 none, +1 right).
"""

from __future__ import annotations

from typing import Any

from simcore.games.apiacere.codes import BannedMove, EqualMeasure, Rule, TieBreak
from simcore.games.apiacere.sizes import (
    MAX_ACTIONS,
    MAX_DIE_SIDES,
    MAX_EVENTS,
    MAX_FLORINS,
    MAX_KEYS,
    MAX_LEGACY,
    MAX_VARIETY,
)

HOUSING = "housing"
CITY = "city"
RANDOM = "random"

RULES: dict[str, tuple[str, Rule, Any]] = {  # key -> (file, index, allowed)
    "rounds": ("rules", Rule.ROUNDS, (1, 64)),
    "rounds_per_event": ("rules", Rule.ROUNDS_PER_EVENT, (1, 64)),
    "events": ("rules", Rule.EVENTS, (1, MAX_EVENTS)),
    "white_track": ("rules", Rule.WHITE_TRACK, (1, MAX_KEYS)),
    "black_track": ("rules", Rule.BLACK_TRACK, (1, MAX_KEYS)),
    "unlock_level_2": ("rules", Rule.UNLOCK_LEVEL_2, (0, MAX_KEYS)),
    "unlock_level_3": ("rules", Rule.UNLOCK_LEVEL_3, (0, MAX_KEYS)),
    "interaction_cap": ("rules", Rule.INTERACTION_CAP, (1, 6)),
    "progress_cards": ("rules", Rule.PROGRESS_CARDS, (1, 6)),
    "free_tell_tale": ("rules", Rule.FREE_TELL_TALE, (0, MAX_ACTIONS)),
    "reference_actions": ("rules", Rule.REFERENCE_ACTIONS, (1, MAX_ACTIONS)),
    "reference_clears": ("rules", Rule.REFERENCE_CLEARS, (1, 9)),
    "coin": ("rules", Rule.COIN, (1, 100)),
    "variety_slots": ("rules", Rule.VARIETY_SLOTS, (1, MAX_VARIETY)),
    "active_chains": ("rules", Rule.ACTIVE_CHAINS, (1, 3)),
    "instrument_tiles_held": ("rules", Rule.INSTRUMENT_TILES_HELD, (1, 8)),
    "tie_break": ("rules", Rule.TIE_BREAK, TieBreak),
    "banned_move": ("rules", Rule.BANNED_MOVE, BannedMove),
    "equal_measure": ("rules", Rule.EQUAL_MEASURE, EqualMeasure),
    "start_florins": ("setup", Rule.START_FLORINS, (0, MAX_FLORINS)),
    "start_housing": ("setup", Rule.START_HOUSING, HOUSING),
    "start_city": ("setup", Rule.START_CITY, CITY),
    "start_cards": ("setup", Rule.START_CARDS, (0, 12)),
    "personal_legacy": ("setup", Rule.PERSONAL_LEGACY, (0, MAX_LEGACY)),
}
LISTS = {"royal_keys": "rules", "red_die": "rules"}  # list-valued keys -> file
DIE_SHIFTS = (-1, 0, 1)


def rule_code(value: Any, allowed: Any) -> tuple[int | None, str]:
    """(the kernel code of `value`, "") or (None, what was expected); HOUSING and CITY
    are resolved by the compiler."""
    if isinstance(allowed, tuple):
        lo, hi = allowed
        if isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi:
            return value, ""
        return None, f"expected an integer {lo}..{hi}, got {value!r}"
    choices = [m.name.lower() for m in allowed]
    if isinstance(value, str) and value in choices:
        return int(allowed[value.upper()]), ""
    return None, f"expected one of {choices}, got {value!r}"


def list_problem(key: str, value: Any, events: int | None) -> str:
    """What is wrong with `value` as the list `key`, or "" (`events`: the royal events;
    None when that rule is itself refused, and the length is not checked)."""
    if not isinstance(value, list) or any(type(v) is not int for v in value):
        return f"expected a list of integers, got {value!r}"
    if key == "royal_keys":
        if (
            events is not None
            and len(value) != events
            or not all(0 <= v <= MAX_KEYS for v in value)
        ):
            return f"expected {events} integers 0..{MAX_KEYS} (one per royal event), got {value!r}"
    elif not 1 <= len(value) <= MAX_DIE_SIDES or not set(value) <= set(DIE_SHIFTS):
        return f"expected 1..{MAX_DIE_SIDES} faces, each -1, 0 or 1 (a shift), got {value!r}"
    return ""
