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
from simcore.seats import MAX_PARAMS, StrategySpec


class Outcome(NamedTuple):
    """Per game, ordered (seat position, deal): the focus seat's win share and score, and
    the two counts of the game's `ladder_ratio` (its numerator and denominator; zeros for
    a game without one)."""

    win: np.ndarray  # float64[P * deals]
    score: np.ndarray  # float64[P * deals]: the game's score (Luthier: prestige)
    ratio_of: np.ndarray  # int64[P * deals]: e.g. the patrons that left through patience
    ratio_in: np.ndarray  # int64[P * deals]: e.g. the patrons taken


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
    game: str | None = None,
    threads: int | None = None,
) -> Outcome:
    """Play `deals` deals of `game` (default: the default game) from every seat;
    focus_params overrides the focus's defaults. `threads`: kernel threads (None: every
    core); the games do not depend on it."""
    from simcore import games

    the_game = games.get(game)
    ratio = the_game.ladder_ratio
    parts: list[list[np.ndarray]] = [[], [], [], []]
    for position in range(players):
        seats = arrangement(focus, field, players, position)
        pm = np.zeros((players, MAX_PARAMS), np.float64)
        for p, spec in enumerate(seats):
            if p == position and focus_params is not None:
                pm[p] = focus_params
            else:
                pm[p] = (field_params or {}).get(spec.name, spec.vector())
        batch = the_game.play_batch(cards, players, seed, seats, first, deals, pm, threads)
        seat = batch.seats[:, position]  # the batch's per-seat record array (api.py)
        parts[0].append(seat["win"].astype(np.float64))
        parts[1].append(seat[the_game.score].astype(np.float64))
        for k, name in enumerate(ratio[1:] if ratio else ()):
            counts = np.asarray(seat[name]).reshape(len(seat), -1)
            parts[2 + k].append(counts.sum(axis=1, dtype=np.int64))
        if not ratio:
            parts[2].append(np.zeros(len(seat), np.int64))
            parts[3].append(np.zeros(len(seat), np.int64))
    return Outcome(*(np.concatenate(p) for p in parts))
