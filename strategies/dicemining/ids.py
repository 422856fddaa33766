"""The strategy ids the kernels branch on (registry.py gives every built-in its id)."""

from __future__ import annotations

from enum import IntEnum

RANDOM = 0  # every built-in id between RANDOM and SEARCH is a heuristic (heuristic_nb.py)
CAUTIOUS = 1
GREEDY = 2
BURGLAR = 3
COLLECTOR = 4
SEARCH = 5  # determinized Monte Carlo search on a base heuristic (search_player_nb.py)


class S(IntEnum):
    """The search's parameter vector (search_player_nb.py)."""

    BUDGET = 0  # rollouts per decision (0: the base strategy's pick)
    K = 1  # candidates: the base strategy's first K picks, 1..MAX_CANDIDATES
    EXPLORATION = 2  # UCB1 exploration constant (rewards are win shares, 0..1)
    BASE = 3  # the base heuristic's id (CAUTIOUS..COLLECTOR, its shipped weights): ranks
    # the candidates, plays the seat's other decisions and its turns in the rollouts


SEARCH_NAMES = ("budget", "k", "exploration", "base")
