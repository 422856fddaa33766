"""Every Pig dtype and size, each field with its unit, range and sentinel.

State is two structured arrays per batch: GAME (one record per game) and SEAT (one per
game and seat, shape (n_games, MAX_PLAYERS)); the rules are one read-only TABLE record.
Record arrays (np.recarray), so every kernel also runs with NUMBA_DISABLE_JIT=1.
"""

from __future__ import annotations

from collections import namedtuple
from enum import IntEnum

import numpy as np

MIN_PLAYERS = 2  # rules of Pig (folk game): two or more; 9 here, for the engine's seats
MAX_PLAYERS = 9
N_OPTIONS = 2  # a decision is always roll or hold (codes.Opt)
LOG_W = 8  # event row: turn, seat, code, a, b, c, d, e (codes.Ev)
CEV_W = 5  # card event row (simcore/games/events_nb.py); Pig records none
MAX_CARD_EVENTS = 0


class Stream(IntEnum):
    """Independent random streams per game (common random numbers across runs)."""

    SETUP = 0  # the first player
    DICE = 1  # every roll
    STRATEGY = 2  # strategies' own draws (simcore.kernels.rng_nb.STRATEGY_STREAM: the last)


class Stage(IntEnum):
    """Where a game stands (GAME.stage): play stops and resumes at CHOOSE."""

    ROLL = 0  # seat `current` rolls next (a turn's first roll, or after choosing ROLL)
    CHOOSE = 1  # seat `current` rolled no 1 and chooses: roll again or hold
    OVER = 2  # the game has ended and is scored


N_STREAMS = len(Stream)

TABLE = np.dtype(
    [
        ("target", "i4"),  # points that win, 1..10,000
        ("faces", "i4"),  # the die shows 1..faces, 2..100
        ("turn_cap", "i4"),  # turns a player before the game ends by the cap, 1..10,000
    ]
)

GAME = np.dtype(
    [
        ("index", "i8"),  # game index within the run
        ("seed", "i8"),  # game seed (63 bits): `tutti play --seed` replays the game
        ("n_players", "i1"),  # MIN_PLAYERS..MAX_PLAYERS
        ("rng", "u8", (N_STREAMS,)),  # SplitMix64 state per Stream
        ("first", "i1"),  # seat that started
        ("current", "i1"),  # seat whose turn it is
        ("stage", "i1"),  # Stage
        ("turn", "i4"),  # turns begun, all seats, 1..MAX_PLAYERS * turn_cap
        ("turn_total", "i4"),  # points at stake this turn, 0..(a turn's rolls) * faces
        ("end_trigger", "i1"),  # codes.End; NONE while playing
        ("violations", "i4"),  # bitmask of codes.Violation; 0 = sound
        ("n_decisions", "i4"),  # roll-or-hold decisions taken, all seats
        ("log_n", "i4"),  # event rows written (may exceed the log buffer: then replayed)
        ("cev_n", "i4"),  # card events recorded: always 0
    ]
)

SEAT = np.dtype(
    [
        ("strategy", "i2"),  # strategy id (strategies/pig/registry.py)
        ("start_pos", "i1"),  # turn position at the start, 0 = first player
        ("score", "i4"),  # points banked: points_rolled - points_lost
        ("points_rolled", "i4"),  # faces 2..faces rolled, summed
        ("points_lost", "i4"),  # turn totals lost to a 1
        ("turns", "i4"),  # turns taken, 0..turn_cap
        ("rolls", "i4"),  # dice rolled
        ("busts", "i4"),  # turns ended by a 1
        ("holds", "i4"),  # turns ended by holding
        ("rank", "i1"),  # 1 = best, ties share
        ("win", "f4"),  # 1, or 1/k for each of k tied winners; 0 otherwise
    ]
)

# the per-game scratch the kernels receive: opts int16[N_OPTIONS, 1] (the option rows of
# a decision, codes.Opt), log int32[n_log, LOG_W] (n_log = 0: no log), params
# float64[MAX_PLAYERS, MAX_PARAMS] (each seat's strategy parameters, read-only)
Work = namedtuple("Work", ["opts", "log", "params"])


def new_state(n_games: int) -> tuple[np.recarray, np.recarray]:
    """Zeroed GAME[n_games] and SEAT[n_games, MAX_PLAYERS] record arrays."""
    games = np.zeros(n_games, GAME).view(np.recarray)
    seats = np.zeros((n_games, MAX_PLAYERS), SEAT).view(np.recarray)
    return games, seats


def new_work(params: np.ndarray, n_log: int = 0) -> Work:
    """A Work bundle for one game (or a batch's thread, n_log = 0)."""
    opts = np.zeros((N_OPTIONS, 1), np.int16)
    log = np.zeros((n_log, LOG_W), np.int32)
    return Work(opts, log, np.ascontiguousarray(params, np.float64))
