"""Every integer code of A Piacere's card data, as IntEnums.

The card files name these in lower case (`effect = "perform"`, `type = "strings"`); the
loader turns names into codes and the kernels see only the codes. Each enum is the one
owner of its names. `Effect` numbers the specification's 20 effect kinds as its section
3.2.1 does (issue 39, `a-piacere-spec.md`), then the four royal bonuses the spec
estimates beyond them; NONE is the neutral stand-in an ablation gives a card.
"""

from __future__ import annotations

from enum import IntEnum


class Effect(IntEnum):
    """What a card, royal tile, legacy tile or chain bonus tile does (spec 3.2.1 number)."""

    NONE = 0  # no text (an ablation's stand-in)
    TEACH = 1  # florins, and white keys at levels 2-3 (yellow)
    PERFORM = 2  # white keys and florins (yellow)
    COMPOSE = 3  # black keys; a chain card of its instrument and type (blue)
    VARIATION = 4  # copy chain cards: one of its level or several lower (blue, levels 1-2)
    BAN = 5  # bar a player from a city marked by a city die (red Tell Tale)
    TAKE = 6  # steal Perform/Teach cards up to `levels` in total (red Tell Tale)
    DRAW = 7  # the target draws `n` fewer cards (red Tell Tale)
    DO_GOOD = 8  # remove or diminish Tell Tales by `strength`, or shield (ruling AP-13)
    DO_GOOD_REFERENCE = 9  # the reference sheet's back: its numbers are in rules.toml
    PROGRESS = 10  # level 2-3 cards played over turns: its numbers are in rules.toml
    ROYAL_DRAW = 11  # royal tile: extra draws in its city, not cut by variety tiles
    ROYAL_RENT = 12  # royal tile: rent in its city as a city of `shield`
    IN_EQUAL_MEASURE = 13  # legacy: white and black keys close together (ruling AP-24)
    BONUS_CARDS = 14  # legacy: cards on bonus tiles
    SINCEREST_FLATTERY = 15  # legacy: score an opponent's personal legacy (ruling AP-25)
    MOST_BLACK_KEYS = 16  # legacy (estimate): the most black keys
    MOST_ROYAL_TILES = 17  # legacy (estimate): the most royal tiles
    MOST_FLORINS = 18  # legacy (estimate): the most florins left
    MOST_INSTRUMENTS = 19  # legacy (estimate): the most different instruments composed
    CHAIN_UNLOCK = 20  # bonus tile: a chain of `chain` cards unlocks +`keys` black keys
    ROYAL_ACTION = 21  # royal tile (estimate): extra action points in its city
    ROYAL_HAND = 22  # royal tile (estimate): a larger hand limit in its city
    ROYAL_TRAVEL = 23  # royal tile (estimate): travel from its city costs less
    ROYAL_TAKE = 24  # royal tile (estimate): extra face-up takes in its city


class Family(IntEnum):
    """The two families of card stacks, three levels each (rulebook: Game Components)."""

    COMPOSE = 0  # blue Compose cards
    PERFORM_TEACH = 1  # yellow Perform/Teach and red Tell Tale cards, mixed


class Colour(IntEnum):
    """A card's colour, which a player board's "take" names (derived from its effect)."""

    BLUE = 0  # compose, variation
    YELLOW = 1  # perform, teach
    RED = 2  # ban, take, draw; do_good (estimate: the deck's Do Good cards are red)


class InstrumentType(IntEnum):
    """Instrument types, each with a personal 4x bonus tile (ruling AP-2)."""

    STRINGS = 0
    WOODWINDS = 1
    BRASS = 2


class Rule(IntEnum):
    """Index into the compiled `rules` vector: rules.toml and setup.toml, one key each."""

    ROUNDS = 0  # rounds in a game (16)
    ROUNDS_PER_EVENT = 1  # rounds between royal events (4)
    EVENTS = 2  # royal events (4); the game ends after the last
    WHITE_TRACK = 3  # white-key track length before the 25+ piece
    BLACK_TRACK = 4  # black-key track length before the 36+ piece
    UNLOCK_LEVEL_2 = 5  # keys on either track that open the level-2 stacks
    UNLOCK_LEVEL_3 = 6  # ... the level-3 stacks
    INTERACTION_CAP = 7  # interaction cards active in front of a player (3)
    PROGRESS_CARDS = 8  # cards stacked under one progress marker (3)
    FREE_TELL_TALE = 9  # free Tell Tale/Do Good action points of a non-leader (1)
    REFERENCE_ACTIONS = 10  # actions the reference Do Good costs (2)
    REFERENCE_CLEARS = 11  # Tell Tale levels it clears (1)
    COIN = 12  # the smallest coin in florins: homeless pay rounds up to it (10)
    VARIETY_SLOTS = 13  # board slots of the draw variety tiles
    TIE_BREAK = 14  # TieBreak (ruling AP-1)
    BANNED_MOVE = 15  # BannedMove (ruling AP-11)
    EQUAL_MEASURE = 16  # EqualMeasure (ruling AP-24)
    START_FLORINS = 17  # setup: florins each player starts with
    START_HOUSING = 18  # setup: the housing index each player starts in
    START_CITY = 19  # setup: the start city index; -1 = each player's at random
    START_CARDS = 20  # setup: cards each player draws from the level-1 stacks
    PERSONAL_LEGACY = 21  # setup: personal legacy tiles dealt to each player
    ACTIVE_CHAINS = 22  # chains a player builds at a time (1)
    INSTRUMENT_TILES_HELD = 23  # instrument tiles a player holds at once (1; swaps allowed)


N_RULES = len(Rule)
RANDOM_CITY = -1  # Rule.START_CITY: a random start city per player


class Count(IntEnum):
    """Index into the compiled `counts` vector: how many rows of a table are entries (the
    kernels' card record pads every table to its maximum: carddata/table.py)."""

    CITIES = 0  # city_* (city_distance both axes)
    TRAVEL = 1  # travel_*
    HOUSING = 2  # housing_*
    PROXIMITY = 3  # prox_*
    VARIETY = 4  # variety_value
    CARDS = 5  # physical cards, card_*
    BONUS_TILES = 6  # bonus_*
    ROYAL = 7  # royal tiles, royal_city, royal_effect, royal_params
    LEGACY = 8  # legacy_*
    DIE_FACES = 9  # red_die


N_COUNTS = len(Count)


class TieBreak(IntEnum):
    """Tied final scores (ruling AP-1: the rulebook says both)."""

    LATER = 0  # the player to start the final round later wins (page 1; default)
    EARLIER = 1  # ... earlier wins (page 4)


class BannedMove(IntEnum):
    """The forced move of a player banned from the city they stand in (ruling AP-11)."""

    PAID = 0  # the cheapest option; one free step when unaffordable (default)
    FREE = 1  # always one free step


class EqualMeasure(IntEnum):
    """In Equal Measure's "second run" sentence (ruling AP-24)."""

    TOTALS = 0  # compare total white with total black keys, overflow pieces counted (default)
    ONE_CUBE_OUT = 1  # a player with exactly one cube past its track's end does not qualify
