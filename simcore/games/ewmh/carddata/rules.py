"""rules.toml: each rule's index in the compiled `rules` vector and its allowed values.

A value is a (lo, hi) range of integers, an IntEnum of choices (written in lower case),
or bool. Two kinds of key are not in the vector: `arrival_free` (a list: the free
productions of the 1st, 2nd, ... player to arrive, compiled into its own array) and
`face_<card id>` (ruling EW-2: "a" or "b", which printed face of a two-faced card the
engine plays; one for every card or ability with an `effect_b`).
"""

from __future__ import annotations

from typing import Any

from simcore.games.ewmh.codes import (
    Age,
    BonusTiming,
    Face,
    HalfRound,
    OffAge,
    PatronInArray,
    Rule,
    TieBreak,
    VocationCopies,
)
from simcore.games.ewmh.sizes import MAX_EFFECT_CARDS, MAX_PATH, MAX_PLAYERS, MAX_ROUND_CAP

RULES: dict[str, tuple[Rule, Any]] = {
    "age": (Rule.AGE, Age),
    "refresh": (Rule.REFRESH, (0, 20)),
    "hand_limit": (Rule.HAND_LIMIT, (1, 30)),
    "array_size": (Rule.ARRAY_SIZE, (1, 10)),
    "draft_cards": (Rule.DRAFT_CARDS, (0, 10)),
    "end_draw": (Rule.END_DRAW, (0, 9)),
    "end_free": (Rule.END_FREE, (0, 9)),
    "unproduced_points": (Rule.UNPRODUCED_POINTS, (0, 9)),
    "off_age_divisor": (Rule.OFF_AGE_DIVISOR, (1, 9)),
    "die_sides": (Rule.DIE_SIDES, (1, 20)),
    "effect_deck": (Rule.EFFECT_DECK, (1, MAX_EFFECT_CARDS)),
    "path_length": (Rule.PATH_LENGTH, (2, MAX_PATH)),
    "round_cap": (Rule.ROUND_CAP, (1, MAX_ROUND_CAP)),
    "vocation_copies": (Rule.VOCATION_COPIES, VocationCopies),
    "patron_in_array": (Rule.PATRON_IN_ARRAY, PatronInArray),
    "off_age": (Rule.OFF_AGE, OffAge),
    "half_round": (Rule.HALF_ROUND, HalfRound),
    "bonus_timing": (Rule.BONUS_TIMING, BonusTiming),
    "tie_break": (Rule.TIE_BREAK, TieBreak),
    "patron_grace": (Rule.PATRON_GRACE, bool),
}
ARRIVAL = "arrival_free"
ARRIVAL_MAX = 9  # free productions of one arriver
FACE_PREFIX = "face_"
FACES = tuple(f.name.lower() for f in Face)


def rule_code(value: Any, allowed: Any) -> tuple[int | None, str]:
    """(the kernel code of `value`, "") or (None, what was expected)."""
    if allowed is bool:
        if isinstance(value, bool):
            return int(value), ""
        return None, f"expected true or false, got {value!r}"
    if isinstance(allowed, tuple):
        lo, hi = allowed
        if isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi:
            return value, ""
        return None, f"expected an integer {lo}..{hi}, got {value!r}"
    choices = [m.name.lower() for m in allowed]
    if isinstance(value, str) and value in choices:
        return int(allowed[value.upper()]), ""
    return None, f"expected one of {choices}, got {value!r}"


def arrival_problem(value: Any) -> str:
    """ "" when `value` is a valid arrival_free list, else what is wrong with it."""
    ok = isinstance(value, list) and 1 <= len(value) <= MAX_PLAYERS
    if ok and all(
        isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= ARRIVAL_MAX for v in value
    ):
        return ""
    return (
        f"expected a list of 1..{MAX_PLAYERS} integers 0..{ARRIVAL_MAX} "
        f"(free productions of the 1st, 2nd, ... arriver), got {value!r}"
    )
