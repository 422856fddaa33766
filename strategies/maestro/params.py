"""The heuristics' parameter vector: one name per position, each weight's meaning.

Every heuristic archetype (registry.py) is the same valuation (heuristic_nb.py) with its
own weights, so a sweep or a tuner changes numbers, never code.
"""

from __future__ import annotations

from enum import IntEnum


class P(IntEnum):
    POINTS = 0  # per point scored by a placement now
    RELIEF = 1  # per contract point freed by placing one's own musician
    CONDUCTOR_KEEP = 2  # cost of spending a conductor on a begun row
    OPEN_ROW = 3  # cost of opening a row that is not completed this turn
    LEAVE_ONE = 4  # cost of leaving a row one musician short (the next player completes it)
    CRITIC = 5  # value of taking the critic (its bonus at the coming draws)
    ONE_TURN = 6  # per space of a row the seat can fill in this turn (10 per musician)
    RESERVE = 7  # cost of spending a musician the next one-turn row needs
    CONTRACT = 8  # cost per contract point of the space a drawn tile goes onto
    EXPOSURE = 9  # cost of a drawn musician in the raidable top row
    CONDUCTOR_EXPOSURE = 10  # the same for a drawn conductor
    DRAW = 11  # counters to declare when not rushing (1..3)
    RUSH = 12  # 1 = when ahead, draw the most and stop placing with a full agency
    STOP = 13  # value of stopping: place while an option is worth more
    TIES = 14  # no effect (issue 33: equal values go by the tie keys, never at random)
    ROOM = 15  # agency spaces a declared draw keeps free when it can (not when rushing)


NAMES = tuple(p.name.lower() for p in P)


class S(IntEnum):
    """The search's parameter vector (search_player_nb.py)."""

    BUDGET = 0  # rollouts per decision (0: the base strategy's pick)
    K = 1  # candidates: the base strategy's first K picks, 1..
    EXPLORATION = 2  # UCB1 exploration constant (rewards are win shares, 0..1)
    BASE = 3  # the base strategy's id (registry.py; not the search): ranks the candidates,
    # plays the search seat's draws and its turns in the rollouts, with its default weights


SEARCH_NAMES = tuple(p.name.lower() for p in S)
