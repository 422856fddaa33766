"""The engine's integer codes for A Piacere: stages, option kinds, event-log codes, how a
game ends and the invariant bits. The card data's own codes (effects, colours, rules)
are in `simcore/games/apiacere/codes.py`."""

from __future__ import annotations

from enum import IntEnum


class Stage(IntEnum):
    """Where a game stands (GAME.stage); every stage but TURN and OVER is a decision of
    seat GAME.actor, and play stops and resumes there (play/resume_nb.py)."""

    TURN = 0  # automatic: the next seat's turn begins (tops face up, levels opened)
    MOVE = 1  # phase 1: stay, or a travel option to a city (rulebook: 1. Move)
    HOUSING = 2  # phase 2: the housing for this turn, among those affordable (ruling AP-8)
    DRAW = 3  # phase 4: draw from a stack, or take a face-up top (setup: start cards)
    PLAY = 4  # phase 5: spend action points on a card, or end the phase
    KEEP = 5  # phase 6: discard down to the hand limit
    FLATTERY = 6  # the end: Sincerest Flattery picks an opponent's legacy (ruling AP-25)
    OVER = 7  # the game has ended and is scored
    STEAL = 8  # a same-city Take: the attacker takes the target's Perform/Teach cards


class Opt(IntEnum):
    """Option kinds: column 0 of an option row; columns 1-4 are a..d as noted."""

    STAY = 0  # do not move
    MOVE = 1  # a = travel option, b = destination city, c = florins paid
    HOUSE = 2  # a = housing, b = rent paid
    DRAW = 3  # a = stack drawn from (its top, face up or not)
    TAKE = 4  # a = stack whose face-up top is taken, b = take slot used
    STOP = 5  # stop taking (draws used up, or none left to draw)
    PLAY = 6  # a = card (hand or play), b = action points; a Variation: c, d = chain
    # cards copied (d = -1: one); a finishing Tell Tale: c = target seat, d = the city a
    # Ban bans, e = the target's Tell Tale it replaces (-1: none); a finishing Do Good:
    # c = own Tell Tale diminished (-1: a shield)
    END = 7  # end the play phase
    DISCARD = 8  # a = card discarded from the hand
    COPY = 9  # a = opponent seat whose personal legacy tile is copied
    REFERENCE = 10  # a = own Tell Tale the reference sheet's Do Good diminishes
    PAY = 11  # a = Perform/Teach card discarded toward a Take in front of the seat
    STEAL = 12  # a = the target's Perform/Teach card taken (same-city Take)


class Ev(IntEnum):
    """Event-log codes (row: round, seat, code, a, b, c, d, e)."""

    FIRST = 0  # a = the round-1 start player (ruling AP-3)
    TURN = 1  # a = turn number, b = position in the round
    MOVE = 2  # a = from city, b = to city, c = florins
    HOUSE = 3  # a = housing, b = rent
    DRAW = 4  # a = card, b = stack
    TAKE = 5  # a = card, b = stack
    PLAY = 6  # a = card, b = action points, c = progress after
    FINISH = 7  # a = card, b = florins, c = white keys, d = black keys
    DISCARD = 8  # a = card (d = 1: discarded by a move, ruling AP-20)
    RESHUFFLE = 9  # a = stack, b = cards
    EVENT = 10  # a = city, b = white keys, c = tile winner (-1 none), d = royal tile
    VARIETY = 11  # a = red die face, b = shift
    ORDER = 12  # a = start player of the next block
    COPY = 13  # a = opponent whose tile is copied
    LEGACY = 14  # a = legacy tile, b = points, c = 1 overall / 0 personal
    FINAL = 15  # a = points, b = rank, c = 1 if the winner
    TILE = 16  # a = bonus tile unlocked, b = the card unlocking it, c = its extra keys
    TELL_TALE = 17  # a = card, b = target, c = strength it lands with (0: blocked), d = city
    DO_GOOD = 18  # a = Do Good card (-1: the reference sheet), b = Tell Tale (-1: shield)
    STEAL = 19  # a = card taken, b = from seat
    PAY = 20  # a = card discarded, b = the Take it pays
    FORCED = 21  # a = city the seat is banned from (it must move, ruling AP-11)


class CardKind(IntEnum):
    """The cards table's kinds (the report's per-card sections)."""

    CARD = 0  # card = the card design (cards.toml order); the kernels record the physical
    # card and output/results.py names its design


class CardEvent(IntEnum):
    """Card events: what happened to a card, recorded per seat and round from the event log
    (rules/log_nb.py: the log row implies it)."""

    DRAWN = 0  # drawn from a stack (start cards too): Ev.DRAW
    TAKEN = 1  # taken face up (Ev.TAKE) or from another hand by a same-city Take (Ev.STEAL)
    PLAYED = 2  # finished: Ev.FINISH (Perform, Teach, Compose, Variation), Ev.TELL_TALE,
    # Ev.DO_GOOD with its card


class End(IntEnum):
    """How a game ended (GAME.end_trigger; the games table's `end_trigger`)."""

    NONE = 0  # still playing
    EVENTS = 1  # the last royal event was held (rulebook: End of game)


class Violation(IntEnum):
    """Invariant failures (GAME.violations bits); a sound game has none."""

    BAD_PICK = 1  # a strategy returned an index outside the options (option 0 was played)
    CARDS = 2  # a card not in exactly one place (a pile, a discard pile, a hand, play, a chain)
    MONEY = 4  # a seat's florins below 0
    HAND = 8  # a turn ended above the hand limit
    PROGRESS = 16  # more cards under a progress marker than allowed, or a bad progress
    ORDER = 32  # a turn order that is not a permutation of the seats
    OPTIONS = 64  # a decision had more options than the buffer holds (the rest dropped)
    SCORE = 128  # the final points differ from their parts
    CHAIN = 256  # more chain cards than the chain counts, or a tile held by a seat not
    # holding it
    FRONT = 512  # more interaction cards in front of a seat than the cap, or one spent


def names(enum: type[IntEnum]) -> list[str]:
    """Lower-case names by code: the dictionary of a result column."""
    return [m.name.lower() for m in sorted(enum, key=int)]
