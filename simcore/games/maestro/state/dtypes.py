"""Every Maestro dtype and capacity, with each field's unit, range and sentinel.

State is two structured arrays per batch: `GAME` (one record per game) and `SEAT` (one
record per game and seat, shape (n_games, MAX_PLAYERS)); the board data is one read-only
`TABLE` record. Kernels mutate the state in place; result tables are read off the final
state in Python. Arrays are record arrays (np.recarray) so every kernel also runs with
NUMBA_DISABLE_JIT=1.

Tiles are int8 codes: 0..n_inst-1 a musician of that instrument, CONDUCTOR, APPLAUSE,
EMPTY (-1) for an empty space.
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np

from simcore.games.maestro.state.codes import N_RULES

MIN_PLAYERS = 2  # published for 2-4 (docs/games/maestro.md, Player counts)
MAX_PLAYERS = 4
AGENCY = 10  # agency spaces; space k (0-based) has the contract value k + 1
# spaces 0..TOP-1 (contracts 1-5) are the top row, raidable by others. An estimate: the
# rulebook says only "ten spaces in two rows. Every space is numbered" and names a top and
# a bottom row; 1-5 on top is the numbering read like text (no source shows the card)
TOP = 5
MAX_ROWS = 12  # concert rows a board may have
MAX_SLOTS = 8  # instrument spaces a row may have
MAX_SPACES = MAX_ROWS * MAX_SLOTS  # instrument spaces a board may have (= musician tiles)
MAX_INST = 32  # instruments a board may have
CONDUCTOR = MAX_INST  # tile code of a conductor
APPLAUSE = MAX_INST + 1  # tile code of an applause counter
EMPTY = -1
N_CODES = MAX_INST + 2  # tile codes a count by code needs: instruments, conductor, applause
MAX_POOL = 128  # counters the face-down pool can hold (musicians + conductors + applause)

# The card data's limits (cards.py refuses anything outside them). Every field width
# below holds its field's worst case over the longest game these limits allow
# (tests/maestro/test_limits.py derives each one and checks it). Points: a musician
# gives at most MAX_RULE_POINTS, once more in a one-turn row, on at most MAX_SPACES
# spaces; the critic at most MAX_RULE_POINTS a draw; contracts at most 1 + .. + 10 = 55.
MAX_RULE_POINTS = 1000  # most points a rule number or a row's printed value may give
MAX_CONDUCTORS = 30  # conductors in a game (rules.toml conductors)
MAX_APPLAUSE = 40  # applause counters (rules.toml applause)

# Every turn ends in a draw (at least one counter from the pool, so at most MAX_POOL
# draws a game) or a player who cannot draw: the first such turn ends the game
# (CannotDraw.ENDS_GAME), or the n_players-th in a row (CannotDraw.SKIPS). So a game
# has at most n_players * (draws + 1) turns, and a seat at most MAX_POOL + 1.
MAX_TURNS = MAX_PLAYERS * (MAX_POOL + 1)  # 516; reaching it ends the game: End.LIMIT
OPT_W = 6  # option row: kind, a, b, c, d, e (codes.Opt)
# the most PLACE options: every agency tile onto every space of the board, and STOP
MAX_OPTIONS = 1 + MAX_PLAYERS * AGENCY * MAX_SPACES  # 3841
LOG_W = 8  # event row: turn, seat, code, a, b, c, d, e (codes.Ev)
CEV_W = 5  # card event row: seat, CardKind, card id, CardEvent, turn
# card events a game can record: one per tile placed (a board space is filled once), one
# per row and turn with a placement (at most one per tile placed) and one per tile left
# in an agency at the end
MAX_CARD_EVENTS = 2 * MAX_SPACES + MAX_PLAYERS * AGENCY  # 232


class Stream(IntEnum):
    """Independent random streams per game (common random numbers across runs)."""

    SETUP = 0  # the pool's shuffle and the first player
    STRATEGY = 1  # decisions and tie-breaks of strategies


N_STREAMS = len(Stream)


class Stage(IntEnum):
    """Where a game stands between two steps of resume_nb.advance_nb (GAME.stage)."""

    TURN = 0  # between turns: seat `to_move` begins the next (setup leaves a game here)
    PLACE = 1  # in seat `current`'s place phase, `placements` musicians placed so far
    SCORED = 2  # over and finally scored: nothing is left to play


TABLE = np.dtype(
    [
        ("n_rows", "i4"),  # concert rows, 1..MAX_ROWS
        ("n_inst", "i4"),  # instruments, 1..MAX_INST
        ("row_len", "i1", (MAX_ROWS,)),  # instrument spaces of each row; 0 = unused row
        ("row_inst", "i1", (MAX_ROWS, MAX_SLOTS)),  # instrument per space; -1 = none
        ("row_value", "i2", (MAX_ROWS,)),  # printed value (Scoring.PRINTED), points
        ("inst_tiles", "i1", (MAX_INST,)),  # musician tiles per instrument (= its spaces)
        ("rules", "i4", (N_RULES,)),  # codes.Rule -> number or switch code
    ]
)


GAME = np.dtype(
    [
        ("index", "i8"),  # game index within the run
        ("seed", "i8"),  # game seed (63 bits): `tutti play --seed` replays the game
        ("n_players", "i1"),  # MIN_PLAYERS..MAX_PLAYERS
        ("rng", "u8", (N_STREAMS,)),  # SplitMix64 state per Stream
        ("pool", "i1", (MAX_POOL,)),  # face-down counters; drawn from the END (pool_n - 1)
        ("pool_n", "i2"),  # counters left in the pool, 0..MAX_POOL
        ("board", "i1", (MAX_ROWS, MAX_SLOTS)),  # tile on each instrument space; -1 empty
        ("board_seat", "i1", (MAX_ROWS, MAX_SLOTS)),  # seat that placed it; -1 empty
        ("row_n", "i1", (MAX_ROWS,)),  # tiles in each row, 0..row_len
        ("row_start", "i1", (MAX_ROWS,)),  # tiles in each row when this turn began
        ("row_raided", "i1", (MAX_ROWS,)),  # tiles from other agencies put there this turn
        ("row_done", "i2", (MAX_ROWS,)),  # turn the row was completed, 1..MAX_TURNS; 0 = not
        ("row_seat", "i1", (MAX_ROWS,)),  # seat that completed it; -1 = not complete
        ("completed", "i1"),  # row completed this turn; -1 = none yet
        ("touched", "i1"),  # first row placed into this turn; -1 = none yet
        ("applause", "i1"),  # applause counters on the board's track, 0..rules APPLAUSE
        ("critic", "i1"),  # seat holding the critic; -1 = nobody yet
        ("critic_row", "i1"),  # row the critic stands at; -1 = none
        ("drawn", "i2"),  # counters drawn from the pool so far (public), 0..MAX_POOL
        ("turn", "i2"),  # turn number, 1..MAX_TURNS (0 = setup)
        ("current", "i1"),  # seat whose turn it is
        ("first", "i1"),  # seat that started
        ("skips", "i1"),  # consecutive skipped draws (CannotDraw.SKIPS)
        ("end_trigger", "i1"),  # codes.End
        ("end_seat", "i1"),  # seat whose turn ended the game; -1 = not over
        ("over", "i1"),  # 1 once the game has ended
        ("violations", "i4"),  # bitmask of invariants_nb codes seen during play; 0 = sound
        ("n_decisions", "i4"),  # decisions taken (all seats, options > 1)
        ("log_n", "i4"),  # event rows written (may exceed the log buffer: then truncated)
        ("cev_n", "i4"),  # card events recorded (may exceed the buffer: then an error)
        # the position in the game, so play resumes from any top-level decision
        # (simcore/games/maestro/play/resume_nb.py)
        ("stage", "i1"),  # Stage
        ("to_move", "i1"),  # seat whose turn comes next (Stage.TURN), 0..MAX_PLAYERS - 1
        ("placements", "i2"),  # musicians placed in this place phase, 0..MAX_PLACEMENTS
    ]
)


SEAT = np.dtype(
    [
        ("strategy", "i2"),  # strategy id (registry order)
        ("start_pos", "i1"),  # turn position at game start, 0 = first player
        ("agency", "i1", (AGENCY,)),  # tile on each agency space; -1 empty
        ("points", "i4"),  # final score: placed + one_turn + critic - contracts
        ("placed_points", "i4"),  # 5 (or printed) per musician placed, 0..96,000
        ("one_turn_points", "i4"),  # the extra of rows filled in one turn, -96,000..96,000
        # (below 0 when the rule one_turn_points is below begun_points)
        ("critic_points", "i4"),  # critic bonuses received, 0..128,000 (MAX_POOL draws)
        ("contracts", "i2"),  # contract values paid at the end (0 before), 0..55
        ("placed", "i2"),  # tiles this seat placed on the board, 0..MAX_SPACES
        ("raided", "i2"),  # of them, taken from other agencies
        ("lost", "i2"),  # tiles other seats took from this agency
        ("conductors_placed", "i1"),  # 0..MAX_CONDUCTORS
        ("rows_opened", "i1"),  # rows this seat opened with a conductor, 0..MAX_ROWS
        ("rows_completed", "i1"),  # rows this seat completed (one turn or not)
        ("rows_one_turn", "i1"),  # of them, filled in one turn
        ("critic_bonuses", "i2"),  # times the critic paid at this seat's draw, 0..MAX_POOL
        ("drawn", "i2"),  # counters drawn (applause included), 0..MAX_POOL
        ("applause_drawn", "i1"),  # 0..MAX_APPLAUSE
        ("unplaced", "i1"),  # tiles left in the agency at the end, 0..AGENCY
        ("turns", "i2"),  # turns taken, 0..MAX_POOL + 1
        ("rank", "i1"),  # 1 = best, ties share
        ("win", "f4"),  # 1, or 1/k for each of k tied winners; 0 otherwise
    ]
)


def new_state(n_games: int) -> tuple[np.recarray, np.recarray]:
    """Zeroed GAME[n_games] and SEAT[n_games, MAX_PLAYERS] record arrays."""
    games = np.zeros(n_games, GAME).view(np.recarray)
    seats = np.zeros((n_games, MAX_PLAYERS), SEAT).view(np.recarray)
    return games, seats
