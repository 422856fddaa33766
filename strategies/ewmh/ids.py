"""The strategy ids the kernels branch on (registry.py gives every built-in its id)."""

from __future__ import annotations

RANDOM = 0  # every built-in id between RANDOM and SEARCH is a heuristic archetype
SEARCH = 4  # Monte Carlo search over redeals (search_player_nb.py), on a base strategy
