"""The strategy ids the kernels branch on (registry.py gives every built-in its id)."""

from __future__ import annotations

RANDOM = 0  # every built-in id between RANDOM and SEARCH is a heuristic (heuristic_nb.py)
PERFORMER = 1
COMPOSER = 2
TRAVELLER = 3
SEARCH = 4  # Monte Carlo search over redeals on a base heuristic (search_player_nb.py)
