"""The heuristics' parameter vector: one name per position, each weight's meaning.

Every heuristic archetype (registry.py) is the same valuation (heuristic_nb.py) with its
own weights, so a sweep or a tuner changes numbers, never code. Values are in points of
the final score where a weight multiplies points.
"""

from __future__ import annotations

from enum import IntEnum


class P(IntEnum):
    POINTS = 0  # per net point a production scores (its points less the unproduced point)
    UNIT = 1  # cost per production unit spent (a fresh card flipped, to pay or for its text)
    AGE_FULL = 2  # bonus for producing via the game's Age banner (full value)
    HOLD = 3  # best pieces kept in hand for the free productions of arrival (0..3)
    COMP = 4  # value per composition drawn
    EFFECT = 5  # value per effect card gained (taken, drafted); the text's value adds to it
    MOVE = 6  # value per space the seat's own pawn moves forward (backward: its cost)
    HARM = 7  # value per point, card or space taken from an opponent
    VOCATION = 8  # weight of the vocation's tag bonus: in productions and the vocation pick
    REROLL = 9  # Rondeaux: reroll a die below this
    LATE = 10  # value of rolling first: before the roll, act only when an option beats it
    STOP = 11  # value of ending the free phase: act while an option is worth more
    NOISE = 12  # exploration for tuning (strategies/ties_nb.py); 0 in every shipped player


NAMES = tuple(p.name.lower() for p in P)


class S(IntEnum):
    """The search's parameter vector (search_player_nb.py)."""

    BUDGET = 0  # rollouts per decision (0: the base strategy's pick)
    K = 1  # candidates: the base strategy's first K picks, 1..
    EXPLORATION = 2  # UCB1 exploration constant (rewards are win shares, 0..1)
    BASE = 3  # the base strategy's id (registry.py; not the search): ranks the candidates,
    # plays the search seat's other decisions and its turns in the rollouts


SEARCH_NAMES = tuple(p.name.lower() for p in S)
