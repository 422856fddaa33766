"""Integer codes shared by Luthier's card data, state arrays and kernels.

Kernels see only these integers; names are attached in Python (`name_of`).
Every enum's values are dense from 0 so they can index arrays.
"""

from __future__ import annotations

from enum import IntEnum


class Family(IntEnum):
    """Instrument family (orchestra row)."""

    STRINGS = 0
    WINDS = 1
    PK = 2  # percussion & keyboards


class Era(IntEnum):
    """Musical era (orchestra column)."""

    BAROQUE = 0
    CLASSICAL = 1
    ROMANTIC = 2


class Material(IntEnum):
    ANIMAL = 0
    WOOD = 1
    METAL = 2


class Res(IntEnum):
    """Columns of a resource bundle (gifts, bonuses, starting resources, dice faces)."""

    MONEY = 0
    INSPIRATION = 1
    ANIMAL = 2
    WOOD = 3
    METAL = 4
    ANY_MATERIAL = 5  # one material of the receiver's choice per unit
    APPRENTICE = 6
    PRESTIGE = 7


N_RES = len(Res)


class PatronDeck(IntEnum):
    I = 0  # noqa: E741 - the rulebook's name
    II = 1
    ROYAL = 2


class PatronType(IntEnum):
    PERFORMER = 0
    COMPOSER = 1
    NOBLE = 2
    ROYAL = 3


class Location(IntEnum):
    """Worker locations. The two bench locations exist once per seat."""

    SALON = 0
    GUILD = 1
    PERFORM = 2
    REPAIR = 3
    BALCONY = 4
    ROUGHING = 5
    FINISHING = 6


N_LOCATIONS = len(Location)
N_BOARD_LOCATIONS = 5


class CardRow(IntEnum):
    """The four tiered card rows of the main board (ruling 10)."""

    PATRONS = 0  # Salon
    INSTRUMENTS = 1  # Guild
    PERFORMANCES = 2  # Perform
    REPAIRS = 3  # Repair


class Track(IntEnum):
    PERFORMANCE = 0
    CRAFT = 1
    REPUTATION = 2


class SpecialtyDeck(IntEnum):
    """Each track's specialty worker deck."""

    PERFORMANCE = 0
    CRAFT = 1
    REPUTATION = 2


class Metric(IntEnum):
    """Countable achievements used by awards, goals and patron II end-game powers."""

    INSTRUMENTS_FINISHED = 0
    INSTRUMENTS_FINISHED_STRINGS = 1
    INSTRUMENTS_FINISHED_WINDS = 2
    INSTRUMENTS_FINISHED_PK = 3
    INSTRUMENT_FAMILIES_FINISHED = 4  # distinct families finished
    RARE_INSTRUMENTS_FINISHED = 5
    INSTRUMENT_TOKENS = 6
    INSTRUMENT_TOKENS_BAROQUE = 7
    INSTRUMENT_TOKENS_CLASSICAL = 8
    INSTRUMENT_TOKENS_ROMANTIC = 9
    INSTRUMENT_TOKEN_ERAS = 10  # distinct era sections with an instrument token
    PERFORMANCE_TOKENS = 11
    PERFORMANCE_TOKENS_BAROQUE = 12
    PERFORMANCE_TOKENS_CLASSICAL = 13
    PERFORMANCE_TOKENS_ROMANTIC = 14
    PERFORMANCE_TOKEN_ERAS = 15
    PERFORMANCE_TOKENS_STRINGS = 16
    PERFORMANCE_TOKENS_WINDS = 17
    PERFORMANCE_TOKENS_PK = 18
    REPAIR_TOKENS = 19
    REPAIR_TOKENS_STRINGS = 20
    REPAIR_TOKENS_WINDS = 21
    REPAIR_TOKENS_PK = 22
    REPAIR_TOKEN_FAMILIES = 23
    REPAIR_TOKENS_BAROQUE = 24
    REPAIR_TOKENS_CLASSICAL = 25
    REPAIR_TOKENS_ROMANTIC = 26
    PATRONS_COMPLETED = 27
    PATRONS_COMPLETED_PERFORMER = 28
    PATRONS_COMPLETED_COMPOSER = 29
    PATRONS_COMPLETED_NOBLE = 30
    PATRON_TYPES_COMPLETED = 31
    PATRON_ERAS_COMPLETED = 32
    PATRONS_COMPLETED_BAROQUE = 33
    PATRONS_COMPLETED_CLASSICAL = 34
    PATRONS_COMPLETED_ROMANTIC = 35
    SPECIALTY_WORKERS = 36
    FIRST_CHAIRS = 37
    FIRST_CHAIRS_STRINGS = 38
    FIRST_CHAIRS_WINDS = 39
    FIRST_CHAIRS_PK = 40
    FIRST_CHAIR_FAMILIES = 41
    TRACKS_MAXED = 42
    AWARDS_CLAIMED = 43


class PatronPower(IntEnum):
    """Lifetime power of a completed patron (rulebook p.33 power list)."""

    NONE = 0
    ROUND_GAIN = 1  # gain `power_gain` at each start of round (nobles I, performers I, royals)
    PERFORM_RESULT = 2  # add `amount` to each performance result
    PERFORM_PRESTIGE = 3  # add `amount` prestige to each performance
    BENCH_SKILL = 4  # +`amount` skill on roughing and finishing benches
    REPAIR_DISCOUNT = 5  # repair material requirement -`amount`
    ROUGH_DISCOUNT = 6  # roughing material requirement -`amount`
    FINISH_DISCOUNT = 7  # finishing material requirement -`amount`
    MARKET_DISCOUNT = 8  # buying `material` costs `amount` less
    ENDGAME_METRIC = 9  # end game: `amount` prestige per unit of `metric`
    EXTRA_FIRST_CHAIRS = 10  # end game: count `amount` more first chairs


class FamilyAbility(IntEnum):
    """One-time starting ability of a luthier family tile (ruling 14; estimates)."""

    TRACK_STEP = 0  # advance `track` one step
    TAKE_INSTRUMENT = 1  # take a face-up tier I instrument card (contested: turn order)
    TAKE_PATRON = 2  # take a face-up tier I patron into an empty slot, with its bonus
    GAIN_CHOICE = 3  # gain `amount` materials of choice
    EXTRA_GOAL = 4  # keep one more personal goal (3 of 4)
    NONE = 5  # no ability (a designer's variant; ablation's neutral stand-in)


class SpecialtyAbility(IntEnum):
    """Benefit of a specialty worker chip at its card's location (ruling 13; estimates)."""

    SKILL = 0  # +`amount` skill at the location
    GAIN = 1  # gain `gain` bundle after acting at the location
    PERFORM_RESULT = 2  # +`amount` to the performance result
    REROLL = 3  # `amount` extra rerolls when performing
    DISCOUNT = 4  # the action's material requirement -`amount`
    FREE_TIER = 5  # tier II and III access for free at the location
    PRESTIGE = 6  # +`amount` prestige after a main action at the location
    NONE = 7  # a plain extra worker (a designer's variant; ablation's neutral stand-in)


class Source(IntEnum):
    """Prestige by source; the sources add up to the final score."""

    INSTRUMENTS = 0
    PERFORMANCES = 1
    REPAIRS = 2
    PATRONS = 3
    PATIENCE = 4  # negative: patrons leaving
    AWARDS = 5
    GOALS = 6
    FIRST_CHAIRS = 7
    TRACKS = 8
    SPECIALTY = 9
    LEFTOVERS = 10
    OTHER = 11


N_SOURCES = len(Source)


def name_of(enum: type[IntEnum], value: int) -> str:
    """Lower-case data name of an enum member (`Family.PK` -> "pk")."""
    return enum(value).name.lower()


def parse(enum: type[IntEnum], text: str) -> int:
    """Parse a data name ("strings") into its code; raises KeyError if unknown."""
    return int(enum[text.upper()])


def names(enum: type[IntEnum]) -> list[str]:
    return [m.name.lower() for m in enum]


class Rule(IntEnum):
    """Scalar rule numbers, read from `data/rules.toml` (key = lower-case name)."""

    ROUNDS = 0
    STORAGE = 1  # materials held at most
    STORAGE_EXTRA = 2  # added by the extra-storage award benefit
    APPRENTICE_CAP = 3  # apprentices held at most (supply + placed + in use)
    APPRENTICES_PER_WORKER = 4
    SLOT_BONUS_MONEY = 5  # patron slot 0
    SLOT_BONUS_MATERIAL = 6  # patron slot 1 (material of choice)
    SLOT_BONUS_APPRENTICE = 7  # patron slot 2
    LEAVE_PENALTY = 8  # prestige lost per unmet requirement when a patron leaves
    APPRENTICE_COST = 9
    TRAINING_COST = 10
    TIER2_COST = 11
    TIER3_COST = 12
    SEARCH_COST = 13
    ALT_MONEY = 14  # the alternate action available everywhere
    SALON_ALT_INSPIRATION = 15
    SALON_ALT_APPRENTICES = 16
    GUILD_ALT_METAL = 17
    PERFORM_ALT_ANIMAL = 18
    REPAIR_ALT_WOOD = 19
    BALCONY_ALT_MONEY = 20
    BALCONY_ALT_APPRENTICES = 21
    LOCATION_BONUS_SKILL = 22  # main-board 4+ bonus
    ROUGH_INSPIRATION_SKILL = 23
    ROUGH_INSPIRATION = 24
    ROUGH_DISCOUNT_SKILL = 25
    FINISH_DISCOUNT_SKILL = 26
    FINISH_DOUBLE_SKILL = 27
    REPAIR_INSPIRATION_PER_MATERIAL = 28
    CHAIR_CONSOLATION_MONEY = 29
    CHAIR_CONSOLATION_INSPIRATION = 30
    WORKER2_ROUND = 31
    WORKER4_ROUND = 32
    CONVERSION_RATE = 33  # leftovers per end-game prestige
    TRACK_FINAL_PRESTIGE = 34
    AWARDS_IN_PLAY_SMALL = 35  # 2-3 players
    AWARDS_IN_PLAY_FOUR = 36
    PATRON_II_AFTER_ROUND = 37
    EXTRA_STORAGE_FREE_MATERIALS = 38  # free materials each round with extra storage
    INSTRUMENTS_DEALT = 39
    INSTRUMENTS_KEPT = 40
    PATRONS_DEALT = 41
    FAMILIES_DEALT = 42
    GOALS_DEALT = 43
    GOALS_KEPT = 44
    LOCATION_BONUS_MAIN_ONLY = 45  # ruling 23: 1 = the 4+ bonus follows main actions only
    INSTRUMENT_TOKENS = 46  # tokens of each kind per colour (ruling 25), in token-kind order:
    PERFORMANCE_TOKENS = 47  # INSTRUMENT_TOKENS + kind (0 instrument, 1 performance, 2 repair)
    REPAIR_TOKENS = 48


N_RULES = len(Rule)
