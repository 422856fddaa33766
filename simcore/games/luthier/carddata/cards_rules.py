"""The valid range of every rule number in rules.toml: the values the engine can play.

A value inside its range plays without breaking an invariant; a value outside is
refused by `tutti cards validate` (and every loader) before any game starts. The
bounds come from the engine: state fields one byte wide (storage, apprentices,
rounds), the option buffer (apprentices per worker), the award slots, and the
numbers the setup kernels deal whatever the data says (`FIXED`).
"""

from __future__ import annotations

from simcore.games.luthier.state.dtypes import MAX_AWARDS, MAX_ROUNDS
from simcore.games.luthier.state.enums import Rule

MAX_STORAGE = 60  # storage + storage_extra must fit the seat's one-byte storage field
MAX_APPRENTICES = 6  # the apprentice cap and the apprentices on one worker
MAX_AMOUNT = 20  # money, inspiration or prestige one rule gives at a time
MAX_MATERIALS = 9  # materials one rule gives at a time
MAX_COST = 99  # money and/or inspiration one rule asks for
MAX_SKILL = 20  # skill thresholds (above any skill a worker can reach: never met)
MAX_TOKENS = 99  # orchestra tokens of one kind per colour (the seat's one-byte count)

# Numbers the engine's setup deals whatever the data says (setup_nb.py); the rules
# record them for the deck-size checks, so they must say what the engine does.
FIXED = {
    Rule.INSTRUMENTS_DEALT: 2,
    Rule.INSTRUMENTS_KEPT: 1,
    Rule.PATRONS_DEALT: 2,
    Rule.FAMILIES_DEALT: 2,
    Rule.GOALS_DEALT: 4,
}

_AMOUNTS = (
    Rule.SLOT_BONUS_MONEY,
    Rule.LEAVE_PENALTY,
    Rule.ALT_MONEY,
    Rule.SALON_ALT_INSPIRATION,
    Rule.BALCONY_ALT_MONEY,
    Rule.ROUGH_INSPIRATION,
    Rule.REPAIR_INSPIRATION_PER_MATERIAL,  # 0: inspiration cannot replace materials
    Rule.CHAIR_CONSOLATION_MONEY,
    Rule.CHAIR_CONSOLATION_INSPIRATION,
    Rule.TRACK_FINAL_PRESTIGE,
)
_MATERIALS = (
    Rule.SLOT_BONUS_MATERIAL,
    Rule.GUILD_ALT_METAL,
    Rule.PERFORM_ALT_ANIMAL,
    Rule.REPAIR_ALT_WOOD,
    Rule.EXTRA_STORAGE_FREE_MATERIALS,
)
_APPRENTICES = (
    Rule.APPRENTICE_CAP,
    Rule.APPRENTICES_PER_WORKER,
    Rule.SLOT_BONUS_APPRENTICE,
    Rule.SALON_ALT_APPRENTICES,
    Rule.BALCONY_ALT_APPRENTICES,
)
_COSTS = (
    Rule.APPRENTICE_COST,
    Rule.TRAINING_COST,
    Rule.TIER2_COST,
    Rule.TIER3_COST,
    Rule.SEARCH_COST,
)
_SKILLS = (
    Rule.LOCATION_BONUS_SKILL,
    Rule.ROUGH_INSPIRATION_SKILL,
    Rule.ROUGH_DISCOUNT_SKILL,
    Rule.FINISH_DISCOUNT_SKILL,
    Rule.FINISH_DOUBLE_SKILL,
)
_SWITCHES = (Rule.LOCATION_BONUS_MAIN_ONLY,)  # 0 = the rulebook's reading (a ruling), 1 = other
_TOKENS = (Rule.INSTRUMENT_TOKENS, Rule.PERFORMANCE_TOKENS, Rule.REPAIR_TOKENS)
_ROUNDS = (  # a round number; after the last round: never happens
    Rule.WORKER2_ROUND,
    Rule.WORKER4_ROUND,
    Rule.PATRON_II_AFTER_ROUND,
)

RANGES: dict[Rule, tuple[int, int]] = {
    Rule.ROUNDS: (1, MAX_ROUNDS),
    Rule.STORAGE: (0, MAX_STORAGE),
    Rule.STORAGE_EXTRA: (0, MAX_STORAGE),
    Rule.CONVERSION_RATE: (1, MAX_COST),  # leftovers per prestige: never 0
    Rule.AWARDS_IN_PLAY_SMALL: (0, MAX_AWARDS),
    Rule.AWARDS_IN_PLAY_FOUR: (0, MAX_AWARDS),
    Rule.GOALS_KEPT: (0, FIXED[Rule.GOALS_DEALT]),
    **dict.fromkeys(_AMOUNTS, (0, MAX_AMOUNT)),
    **dict.fromkeys(_MATERIALS, (0, MAX_MATERIALS)),
    **dict.fromkeys(_APPRENTICES, (0, MAX_APPRENTICES)),
    **dict.fromkeys(_COSTS, (0, MAX_COST)),
    **dict.fromkeys(_SKILLS, (0, MAX_SKILL)),
    **dict.fromkeys(_ROUNDS, (1, MAX_ROUNDS)),
    **dict.fromkeys(_SWITCHES, (0, 1)),
    **dict.fromkeys(_TOKENS, (0, MAX_TOKENS)),
    **{rule: (n, n) for rule, n in FIXED.items()},
}
assert set(RANGES) == set(Rule), "every rule needs a range"
