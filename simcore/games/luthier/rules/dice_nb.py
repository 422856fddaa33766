"""Performance dice (rulebook p.19, rulings 4 and 5)."""

from __future__ import annotations

from simcore.games.luthier.state.dtypes import Stream
from simcore.games.luthier.state.track_steps import (
    PERF_ONE_BLACK,
    PERF_REROLL_1,
    PERF_REROLL_2,
    PERF_TWO_BLACK,
)
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import randint_nb

WHITE = 0
BLACK = 1


@kernel
def dice_colors_nb(perf_track, out):
    """out (int8[2], mutated) = the colours of the two note dice for a performance track position.

    Two white dice from the start; step 2 turns one white die black; step 5 both.
    """
    out[0] = BLACK if perf_track >= PERF_ONE_BLACK else WHITE
    out[1] = BLACK if perf_track >= PERF_TWO_BLACK else WHITE


@kernel
def n_rerolls_nb(perf_track):
    """Rerolls the performance track grants: 1 from step 1, 2 from step 4 (ruling 5)."""
    if perf_track >= PERF_REROLL_2:
        return 2
    if perf_track >= PERF_REROLL_1:
        return 1
    return 0


@kernel
def roll_die_nb(cards, g, color):
    """Notes on one roll of a white or black die (faces are data, ruling 4)."""
    k = randint_nb(g.rng, Stream.DICE, 6)
    if color == BLACK:
        return cards.die_black[k]
    return cards.die_white[k]


@kernel
def roll_purple_nb(g):
    """Face index 0..5 of the purple resource die."""
    return randint_nb(g.rng, Stream.DICE, 6)
