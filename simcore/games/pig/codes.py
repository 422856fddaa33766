"""Every integer code of Pig's kernels, as IntEnums (names are attached in Python)."""

from __future__ import annotations

from enum import IntEnum


class Opt(IntEnum):
    """What a seat may do after a roll that was not a 1 (the option rows of a decision)."""

    ROLL = 0  # roll again
    HOLD = 1  # bank the turn total; the turn ends


class Ev(IntEnum):
    """Event-log codes; a log row is (turn, seat, code, a, b, c, d, e)."""

    FIRST = 0  # setup: seat p starts
    TURN = 1  # seat p's turn begins
    ROLL = 2  # a face, b turn total after it (0 after a 1)
    HOLD = 3  # a points banked, b score after
    END = 4  # a End
    FINAL = 5  # a score, b rank, c 1 = a winner


class End(IntEnum):
    """How the game ended (games.end_trigger)."""

    NONE = 0
    TARGET = 1  # a player banked the target score
    CAP = 2  # every player had turn_cap turns (rules.toml): an outcome, not a violation


class Violation(IntEnum):
    """Bits of games.violations: checks a sound game never fails."""

    BAD_PICK = 1  # a strategy picked an option outside 0..n-1 (option 0 played instead)
    SCORE = 2  # a final score is not points rolled minus points lost


def names(enum: type[IntEnum]) -> list[str]:
    """The members' names in code order, lower case (the dictionaries of result columns)."""
    return [m.name.lower() for m in sorted(enum, key=int)]
