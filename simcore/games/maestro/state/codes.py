"""Every integer code of Maestro's kernels, as IntEnums (names are attached in Python).

Option rows, event-log rows and card events carry these codes; `events.py` names the
columns of each event code once, for the transcript and the JSON lines alike.
"""

from __future__ import annotations

from enum import IntEnum


class Rule(IntEnum):
    """Index into the card table's `rules` vector (data/rules.toml, one key each)."""

    BEGUN_POINTS = 0  # points per musician placed in a begun or continued row (5)
    ONE_TURN_POINTS = 1  # points per musician of a row filled in one turn (10)
    CRITIC_BONUS = 2  # points to the critic's holder at the beginning of their draw (10)
    APPLAUSE = 3  # applause counters in the pool (14)
    CONDUCTORS = 4  # conductors in the game (10): one per player, the rest in the pool
    MAX_DRAW = 5  # most counters a player may declare (3)
    RAID_LIMIT = 6  # RaidLimit
    ROWS_PER_TURN = 7  # RowsPerTurn
    CONTIGUOUS = 8  # 1 = a row grows only next to its placed musicians
    SCORING = 9  # Scoring
    APPLAUSE_DRAW = 10  # ApplauseDraw
    CANNOT_DRAW = 11  # CannotDraw
    TIE_BREAK = 12  # TieBreak
    CRITIC_PAYS = 13  # CriticPays
    CONDUCTORS_PER_ROW = 14  # ConductorsPerRow


N_RULES = len(Rule)


class RaidLimit(IntEnum):
    """How many musicians may come from other agencies into one row in a turn."""

    ROW_AT_START = 0  # no more than lay in that row when the turn began (default)
    ROW_NOW = 1  # raided ones never outnumber the row's other musicians (own ones count)
    NONE = 2  # no limit beyond the row's spaces


class RowsPerTurn(IntEnum):
    ANY_COMPLETE_ONE = 0  # place into any rows, complete at most one (default)
    ONE = 1  # place into one row per turn


class Scoring(IntEnum):
    APPRAISAL = 0  # 5 per musician, 10 per musician of a row filled in one turn (default)
    PRINTED = 1  # the row's printed value per musician, double when filled in one turn


class ApplauseDraw(IntEnum):
    ENDS_DRAW = 0  # a drawn applause counter ends the player's draw (default)
    COUNTS_ONE = 1  # it counts as one of the declared counters; the draw goes on


class CannotDraw(IntEnum):
    ENDS_GAME = 0  # a player who must draw and has no free space ends the game (default)
    SKIPS = 1  # that player skips the draw; the game ends when every player in a row did


class TieBreak(IntEnum):
    SHARED = 0  # tied players share the win (default)
    FEWER_CONTRACTS = 1  # of the tied, the one who paid the least contracts; then shared


class CriticPays(IntEnum):
    """From which draw the critic's holder gains its bonus."""

    SAME_TURN = 0  # every draw while held, the draw of the turn it was taken included
    NEXT_TURN = 1  # every draw while held, from the holder's next turn on (default)


class ConductorsPerRow(IntEnum):
    """How many conductors a concert row may hold."""

    ANY = 0  # a conductor substitutes for any musician, as often as one likes (default)
    ONE = 1  # one per row: the conductor that opens it


class Opt(IntEnum):
    """Option row kinds: (kind, a, b, c, d, e); see options_nb.py for the columns."""

    STOP = 0  # stop placing (go on to the draw)
    PLACE = 1  # a = agency seat, b = space 0..9, c = row, d = slot, e = tile
    DECLARE = 2  # a = counters to draw (1..MAX_DRAW)
    PUT = 3  # a = agency space 0..9 for the drawn tile, b = tile


class End(IntEnum):
    """What ended the game (games.end_trigger)."""

    NONE = 0
    APPLAUSE = 1  # the last applause counter was placed
    CANNOT_DRAW = 2  # a player could not draw (a full agency, or an empty pool)
    LIMIT = 3  # the turn cap dtypes.MAX_TURNS was reached: an outcome (not a violation);
    # the rules end every game before it (dtypes.py), so the report counting it is the alarm


class Ev(IntEnum):
    """Event-log codes (events.FIELDS names each code's columns a..e)."""

    FIRST = 0  # setup: seat p starts
    TURN = 1  # seat p's turn begins
    PLACE = 2  # a agency seat, b space, c row, d slot, e tile (points in the next POINTS)
    POINTS = 3  # a points, b why (Why)
    COMPLETE = 4  # a row, b 1 = filled in one turn
    CRITIC = 5  # a row, b previous holder (-1 none)
    DECLARE = 6  # a counters declared
    DRAW = 7  # a tile, b agency space
    APPLAUSE = 8  # a applause counters now on the track
    CANNOT_DRAW = 9  # a free agency spaces, b counters left in the pool
    SKIP = 10  # seat p skips the draw (CannotDraw.SKIPS)
    END = 11  # a End
    CONTRACTS = 12  # a contracts paid, b musicians left in the agency
    FINAL = 13  # a points, b rank, c 1 = a winner


class Why(IntEnum):
    """Why a seat's points changed (Ev.POINTS)."""

    PLACED = 0  # a musician placed into a begun or continued row
    ONE_TURN = 1  # the rest of a row filled in one turn (10 instead of 5 per musician)
    CRITIC = 2  # the critic's holder at the beginning of the draw


class CardKind(IntEnum):
    ROW = 0  # a concert row of the board (rows.toml)
    INSTRUMENT = 1  # a musician tile by instrument (instruments.toml; id n_inst = conductor)


class CardEvent(IntEnum):
    STARTED = 0  # row: opened this turn (not completed in it)
    CONTINUED = 1  # row: musicians added to a begun row, not completed
    COMPLETED = 2  # row: a begun row completed
    COMPLETED_IN_ONE_TURN = 3  # row: opened and completed in the same turn
    PLACED = 4  # instrument: a tile from the placer's own agency placed
    RAIDED = 5  # instrument: a tile taken from another agency and placed
    UNPLACED = 6  # instrument: a tile left in an agency at the end (its contract paid)


def names(enum: type[IntEnum]) -> list[str]:
    """The members' names in code order, lower case (the dictionaries of result columns)."""
    return [m.name.lower() for m in sorted(enum, key=int)]


class Violation(IntEnum):
    """Bits of games.violations: an invariant a sound game never breaks (invariants_nb)."""

    TILES = 1  # a musician tile appeared or vanished (pool + board + agencies per instrument)
    CONDUCTORS = 2  # conductors do not add up to the rule's number
    APPLAUSE = 4  # pool + track applause do not add up
    ROW_COUNT = 8  # a row's count disagrees with its spaces
    POINTS = 16  # placement points disagree with the tiles on the board
    CONTIGUITY = 32  # a row's musicians are not one unbroken line (Rule.CONTIGUOUS)
    # 64 was TURN_LIMIT: a game reaching MAX_TURNS now ends with End.LIMIT, an outcome in
    # games.end_trigger, and sets no bit (issue 35); 64 stays unused so older runs' bits
    # are not read as another check
    OPTIONS = 128  # the option buffer overflowed
    FINAL = 256  # a final score is not the sum of its parts
    CRITIC = 512  # critic points disagree with the bonuses counted
    BAD_PICK = 1024  # a strategy picked an option outside 0..n-1 (option 0 played instead)
