"""The heuristics' parameter vector: one name per position, each weight's meaning.

Every heuristic (registry.py: performer, composer, traveller) is the same valuation
(heuristic_nb.py) with its own weights, so a sweep or a tuner changes numbers, never
code. A weight that multiplies keys is in points of the final score (a key is a point).
"""

from __future__ import annotations

from enum import IntEnum


class P(IntEnum):
    FLORIN = 0  # points per 100 florins earned (paid: the same, negative)
    WHITE = 1  # points per white key a card scores
    BLACK = 2  # points per black key a card scores
    CHAIN = 3  # per compose card that extends the chain toward an open tile (breaking:
    # its cards times this, negative)
    ROYAL = 4  # per white key of the coming royal event, for standing in its city
    ACTION = 5  # per action point of a housing
    HAND = 6  # per card of a housing's hand limit
    DRAW = 7  # per card a city lets the seat draw
    COMPOSE = 8  # bias for compose cards (draws, plays, keeps), 0 or more
    HARM = 9  # per level of a Tell Tale played on an opponent (or Do Good's strength)
    LOSS = 10  # share of the Perform/Teach cards' value a move discards (ruling AP-20)
    RESERVE = 11  # florins (in tens) kept after rent for travel and the next rent
    LEGACY = 12  # weight of the own personal legacy tile's condition
    LEVEL = 13  # per stack level, when drawing: the higher stacks pay more per action
    NOISE = 14  # exploration for tuning (strategies/ties_nb.py); 0 in every shipped player


NAMES = tuple(p.name.lower() for p in P)


class S(IntEnum):
    """The search's parameter vector (search_player_nb.py)."""

    BUDGET = 0  # rollouts per decision (0: the base heuristic's pick)
    K = 1  # candidates: the base heuristic's first K picks, 1..MAX_CANDIDATES
    EXPLORATION = 2  # UCB1 exploration constant (rewards are win shares, 0..1)
    BASE = 3  # the base heuristic's id (PERFORMER..TRAVELLER, its shipped weights): ranks
    # the candidates, plays the seat's other decisions and its turns in the rollouts


SEARCH_NAMES = tuple(p.name.lower() for p in S)
