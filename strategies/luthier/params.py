"""Parameter vector layout of the heuristic strategies (indices into the float vector).

Values are weights on a prestige-equivalent scale; see values_nb.py for how each is used.
"""

from __future__ import annotations

from simcore.seats import MAX_PARAMS  # the vector's length (one owner)

INSTRUMENTS = 0  # crafting and finishing instruments
PERFORMANCES = 1
REPAIRS = 2
PATRONS = 3  # taking, satisfying and completing patrons
AWARDS = 4  # public awards and goals
TRACK_PERFORMANCE = 5  # interest in each track's steps (Track order)
TRACK_CRAFT = 6
TRACK_REPUTATION = 7
MONEY = 8  # prestige per coin
INSPIRATION = 9  # prestige per inspiration token
APPRENTICE = 10  # prestige per apprentice
PATIENCE = 11  # fear of a patron leaving
NOISE = 12  # random spread breaking near-ties (exact ties go by tie_keys_nb, never at random)

NAMES = (
    "instruments",
    "performances",
    "repairs",
    "patrons",
    "awards",
    "track_performance",
    "track_craft",
    "track_reputation",
    "money",
    "inspiration",
    "apprentice",
    "patience",
    "noise",
)
N_PARAMS = len(NAMES)
assert N_PARAMS <= MAX_PARAMS

# `search` (search_player_nb.py): the base heuristic's weights above, then the search's own
SEARCH_ID = 6  # its strategy id (registry.py)
BUDGET = N_PARAMS  # rollouts per decision
CANDIDATES = N_PARAMS + 1  # the base heuristic's first picks the rollouts compare
EXPLORATION = N_PARAMS + 2  # UCB1 exploration constant (rewards are win shares, 0..1)
SEARCH_NAMES = (*NAMES, "budget", "candidates", "exploration")
assert len(SEARCH_NAMES) <= MAX_PARAMS
