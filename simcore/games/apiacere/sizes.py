"""The engine's limits for A Piacere: the one owner of each size the card data is checked
against and the state arrays (next phase) will be shaped by."""

from __future__ import annotations

MIN_PLAYERS = 2  # ruling AP-32 (solo has its own, missing rules)
MAX_PLAYERS = 5  # rulebook: Game Components, "5 default Player Boards", five colours
MAX_PARAMS = 3  # parameter slots of a card, royal bonus, legacy or bonus tile
MAX_CITIES = 16  # cities on the map (the estimate's 7)
MAX_DIE_FACE = 6  # "5 white city dice": a ban marks a city by a die face 1..6
MAX_TRAVEL = 6  # travel options on the player board (the rulebook's 3)
MAX_HOUSING = 6  # housing kinds (homeless, apartment, house, palace)
MAX_SHIELDS = 6  # rent tiers, the golden shields (the estimate's 3)
MAX_ACTIONS = 9  # action points of one housing (the rulebook's 1..3)
MAX_HAND = 12  # hand limit of one housing (the rulebook's 2..5)
MAX_LEVEL = 3  # card levels, each a compose and a perform/teach stack
MAX_DESIGNS = 128  # card designs (the estimate's 56)
MAX_STACK_CARDS = 60  # physical cards in one stack (the rulebook's most: 25)
MAX_COPIES = 16  # copies of one design
MAX_INSTRUMENTS = 16  # instruments (8 with tiles, piano, orchestra)
MAX_BONUS_TILES = 24  # chain bonus tiles (8 instrument + 3 type)
MAX_ROYAL = 8  # royal event tiles (the rulebook's 6)
MAX_LEGACY = 16  # legacy tiles (the rulebook's 7)
MAX_VARIETY = 16  # draw variety tiles and their board slots (the rulebook's 9)
MAX_EVENTS = 8  # royal events in a game (the rulebook's 4)
MAX_DIE_SIDES = 12  # faces of the red variety die (a d6)
MAX_FLORINS = 5000  # florins on one card, tile, cost or rent (int16 tables)
MAX_KEYS = 60  # keys on one card or tile, or a track length
