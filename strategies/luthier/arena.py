"""Duplicate play: one strategy (the focus) against a field, every deal from every seat.

Deal j (game index first + j of master seed `seed`) is played once with the
focus in each seat 0..P-1, the field filling the other seats. Every candidate
or strategy measured on the same `seed` and `first` plays the same deals
(common random numbers), and seat luck cancels out.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np

from simcore.errors import TuttiError
from strategies.luthier.registry import StrategySpec


class Outcome(NamedTuple):
    """Per game, ordered (seat position, deal): the focus seat's win share and prestige."""

    win: np.ndarray  # float64[P * deals]
    prestige: np.ndarray  # float64[P * deals]
    patrons_taken: np.ndarray  # int64[P * deals]
    patrons_lost: np.ndarray  # int64[P * deals]: left through patience


def arrangement(
    focus: StrategySpec, field: list[StrategySpec], players: int, position: int
) -> list[StrategySpec]:
    """The seats with the focus at `position`; the field fills the rest in turn."""
    if not field:
        raise TuttiError("the field needs at least one strategy")
    seats, k = [], position
    for p in range(players):
        if p == position:
            seats.append(focus)
        else:
            seats.append(field[k % len(field)])
            k += 1
    return seats


def play_duplicate(
    cards,
    players: int,
    seed: int,
    focus: StrategySpec,
    field: list[StrategySpec],
    first: int,
    deals: int,
    focus_params: np.ndarray | None = None,
    field_params: dict[str, np.ndarray] | None = None,
) -> Outcome:
    """Play `deals` deals from every seat; focus_params overrides the focus's defaults."""
    from simcore.games.luthier.engine import play_batch
    from strategies.luthier.registry import MAX_PARAMS

    parts: list[list[np.ndarray]] = [[], [], [], []]
    for position in range(players):
        seats = arrangement(focus, field, players, position)
        pm = np.zeros((players, MAX_PARAMS), np.float64)
        for p, spec in enumerate(seats):
            if p == position and focus_params is not None:
                pm[p] = focus_params
            else:
                pm[p] = (field_params or {}).get(spec.name, spec.vector())
        batch = play_batch(cards, players, seed, seats, first, deals, pm)
        seat = batch.seats[:, position]
        parts[0].append(seat["win"].astype(np.float64))
        parts[1].append(seat["prestige"].astype(np.float64))
        parts[2].append(seat["patrons_taken"].sum(axis=1, dtype=np.int64))
        parts[3].append(seat["patrons_lost"].sum(axis=1, dtype=np.int64))
    return Outcome(*(np.concatenate(p) for p in parts))
