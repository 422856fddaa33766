"""Track step positions (ruling 7), counted from the start space 0."""

from __future__ import annotations

import numpy as np

# Performance track: 1 reroll 1 die; 2 one white die becomes black; 3 specialty worker;
# 4 reroll a second die; 5 both dice black; 6 final.
PERF_REROLL_1 = 1
PERF_ONE_BLACK = 2
PERF_SPECIALTY = 3
PERF_REROLL_2 = 4
PERF_TWO_BLACK = 5
# Craft track: 1 rough two with one worker; 2 +1 bench skill; 3 specialty worker;
# 4 finish two with one worker; 5 +2 bench skill in total; 6 final.
CRAFT_ROUGH_2X = 1
CRAFT_SKILL_1 = 2
CRAFT_SPECIALTY = 3
CRAFT_FINISH_2X = 4
CRAFT_SKILL_2 = 5
# Reputation track: 1 apprentice; 2 draw 3 instruments keep 1; 3 tier II free;
# 4 specialty worker; 5 +2 prestige per finished instrument; 6 tier III free;
# 7 claim an achieved award (again at each later advance); 8 final.
REP_APPRENTICE = 1
REP_DRAW_KEEP = 2
REP_TIER2 = 3
REP_SPECIALTY = 4
REP_INSTRUMENT_BONUS = 5
REP_TIER3 = 6
REP_AWARD = 7

TRACK_FINAL = np.array([6, 6, 8], np.int64)  # final position per Track
