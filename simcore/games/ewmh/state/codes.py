"""The engine's integer codes for Early Western Music History: stages, option kinds,
event-log codes, how a game ends and the invariant bits. The card data's own codes
(effects, ages, tiles, rules) are in `simcore/games/ewmh/codes.py`."""

from __future__ import annotations

from enum import IntEnum


class Stage(IntEnum):
    """Where a game stands (GAME.stage); every stage but TURN and OVER is a decision of
    seat GAME.actor, and play stops and resumes there (play/resume_nb.py)."""

    VOCATION = 0  # setup: the actor picks a vocation (spec 1.2.1 step 3)
    DRAFT = 1  # setup: the actor keeps one card of its packet (rulebook: To begin)
    TURN = 2  # automatic: the current seat's turn begins (cap, refresh, End tile)
    REFRESH = 3  # the actor picks a flipped card to refresh (more flipped than refreshes)
    PHASE = 4  # the free phase: act, roll (before the roll) or end the turn (ruling EW-13)
    PAY = 5  # the actor flips a unit towards the production it chose (spec 1.2.4)
    TAKE = 6  # the actor takes an effect card from the array (or the deck top)
    DISCARD_OWN = 7  # the actor discards own cards (Noble Sacrifice, Wandering Minstrel)
    FORCE_FLIP = 8  # the victim of Cost of Living flips fresh cards (ruling EW-29)
    FREE = 9  # the actor produces compositions at no cost (arrival, the End tile)
    REROLL = 10  # after the movement roll: keep it or flip Rondeaux (ruling EW-28)
    REROLL_PICK = 11  # after Rondeaux: use the first or the second result
    HAND_LIMIT = 12  # the end of the turn: discard down to the hand limit (ruling EW-19)
    OVER = 13  # the game has ended and is scored
    REACT = 14  # a reaction window (GAME.win): the actor reacts with a card or passes (EW-25)
    ABSOLVE = 15  # the actor may flip Absolution against the pending activation (EW-25)
    GUARD = 16  # the actor may flip Guild License against a discard or steal (EW-38)
    SPHERES = 17  # Music of the Spheres rolled: keep the dice or reroll one with Rondeaux (EW-28)
    SPHERES_PICK = 18  # after Rondeaux: use the first or the second result of that die


class Opt(IntEnum):
    """Option kinds: column 0 of an option row; columns 1-5 are a..e as noted."""

    VOCATION = 0  # a = vocation
    DRAFT = 1  # a = effect card kept
    REFRESH = 2  # a = card refreshed (VOC_CARD: the vocation)
    ROLL = 3  # roll the die and move (the free phase before the roll)
    END = 4  # end the free phase after the roll: the turn ends
    FLIP = 5  # a = card flipped for its text, b..d its targets (effects_nb)
    SPEND = 6  # a = card spent, b..d its targets
    VOC = 7  # a = vocation ability flipped, b..d its targets
    PRODUCE = 8  # a = genre, b = Age of the banner (then PAY)
    PAY = 9  # a = card flipped as a unit (VOC_CARD: the vocation), b = its holder
    TAKE = 10  # a = array slot, -1 = the deck top
    DISCARD = 11  # a = own card discarded
    FORCE = 12  # a = own card flipped without its effect (VOC_CARD: the vocation)
    FREE = 13  # a = genre, b = Age of the banner, produced at no cost
    STOP = 14  # stop taking, discarding or producing free
    KEEP = 15  # keep the die as rolled
    REROLL = 16  # a = the Rondeaux card flipped to reroll
    USE = 17  # a = the die result used (after a reroll)
    PASS = 18  # let a reaction window, an Absolution or a Guild License go by
    REACT = 19  # a = the card reacting, b..c its choice (rules/react_nb.py)
    ABSOLVE = 20  # a = the Absolution ability flipped: the pending activation is negated


VOC_CARD = -2  # option column a: the seat's vocation card instead of an effect card


class Ev(IntEnum):
    """Event-log codes (row: round, seat, code, a, b, c, d, e)."""

    FIRST = 0  # a = first player
    VOCATION = 1  # a = vocation picked
    DRAFT = 2  # a = card kept
    TURN = 3  # a = turn number, b = position
    REFRESH = 4  # a = card (VOC_CARD: vocation)
    ROLL = 5  # a = die, b = result used
    MOVE = 6  # a = from, b = to, c = 1 if a die move
    TILE = 7  # a = tile entry, b = position
    DRAW_COMP = 8  # a = composition card
    DRAW_EFFECT = 9  # a = effect card (from the deck)
    TAKE = 10  # a = effect card, b = array slot (-1: deck top)
    FLIP = 11  # a = card, b..d targets
    SPEND = 12  # a = card, b..d targets
    VOC = 13  # a = ability, b..d targets
    PRODUCE = 14  # a = composition card, b = Age, c = points, d = 1 if free
    PAY = 15  # a = card (VOC_CARD: vocation), b = holder, c = units
    ARRIVE = 16  # a = arrival position (1 = first), b = free productions owed
    DISCARD = 17  # a = card
    STEAL = 18  # a = composition card, b = from seat
    REMOVE = 19  # a = composition card, b = from seat
    DEAL = 20  # a = card dealt (Peasants' Revolt)
    END = 21  # a = End code
    FINAL = 22  # a = points, b = rank, c = 1 if a winner
    KEEP = 23  # a = patron card, b = 1 kept / 0 lost, c = its Keep condition (ruling EW-20)
    PATRON_LOST = 24  # a = patron card, b = array slot (-1: the discard pile) (ruling EW-7)
    PATRON_MOVE = 25  # a = patron card, b = spaces, c = cards counted (William V, Amadeus VIII)
    EXPIRE = 26  # a = lost patron leaving the array for the discard pile (EW-7 one_round)
    NEGATIVE = 27  # a = seat acted against (a negative action, ruling EW-20)
    REACT = 28  # a = card reacting, b = Trigger, c = its choice
    NEGATE = 29  # a = seat negated, b = its source (card or ability), c = Opt kind
    STEAL_CARD = 30  # a = effect card stolen, b = from seat (Elizabeth Nevell)
    PROTECT = 31  # a = Guild License card, b = seat whose effect it stopped
    SPHERES = 32  # a = die index rerolled, b = old result, c = new result
    FORCED = 33  # a = card flipped without its effect (VOC_CARD: vocation), Cost of Living


class End(IntEnum):
    """How a game ended (GAME.end_trigger; the games table's `end_trigger`)."""

    NONE = 0  # still playing
    ALL_ARRIVED = 1  # every pawn reached End, the last arriver's turn ended (spec 1.2.5)
    CAP = 2  # the rule-level round cap (ruling EW-17): a way to end, not a violation


class Violation(IntEnum):
    """Invariant failures (GAME.violations bits); a sound game has none."""

    BAD_PICK = 1  # a strategy returned an index outside the options (option 0 was played)
    CARDS = 2  # an effect card is not in exactly one place (deck, array, discard, a hand)
    COMPOSITIONS = 4  # a composition card is not in exactly one place
    POSITION = 8  # a pawn off the path, or on End without having arrived (or the reverse)
    HAND = 16  # a turn ended above the hand limit
    SCORE = 32  # the running points differ from the pieces' points recomputed at the end
    OPTIONS = 64  # a decision had more options than the buffer holds (the rest dropped)
    ARRIVAL = 128  # arrival positions not 1..k for the k arrived pawns
    QUEUE = 256  # more reaction triggers pending than GAME.rq holds (the rest dropped)


class Trigger(IntEnum):
    """What opens a reaction window (GAME.win, the queue GAME.rq; ruling EW-25's trigger
    points). The roll windows come before the die move; the others after their event."""

    NONE = 0  # no window open
    INVERT = 1  # a die result, before the move: Council of Trent (any other player)
    MACHAUT = 2  # then the roller's own Machaut: a forward move of 2 or less becomes 6
    PASSED = 3  # a pawn passed others (src = mover, a = from, b = to): Sustain (EW-32)
    MOVED = 4  # another player's effect moved a pawn (src = that player, a = the pawn): Nevell
    DRAW = 5  # src drew compositions (a = how many): Hildegard, Divine Trance (EW-42)
    VOCATION = 6  # src used its vocation (a = 1 if Absolution): Perotin (EW-41)
    TILE = 7  # src's die move triggered tile entry a: Charlemagne (EW-39)


def names(enum: type[IntEnum]) -> list[str]:
    """Lower-case names by code: the dictionary of a result column."""
    return [m.name.lower() for m in sorted(enum, key=int)]


class CardKind(IntEnum):
    """The kinds of card in the cards table (card events; output/results.py names them)."""

    EFFECT = 0  # an effect card; the kernel records the physical card, the table its design
    COMPOSITION = 1  # a composition card; recorded by card, tabled by its genre
    ABILITY = 2  # a vocation ability (abilities.toml)


class CardEvent(IntEnum):
    """Card events (the cards table's `event`), each written beside its Ev (rules/log_nb.py)."""

    HELD = 0  # effect: came into the seat's hand (draft, draw, take, Peasants' Revolt's deal)
    FLIPPED = 1  # effect: flipped for its text; ability: flipped for its text
    SPENT = 2  # effect: spent for its text
    DRAWN = 3  # composition: drawn into the seat's hand
    STOLEN = 4  # composition: stolen into the seat's hand (Plagiarize, Countryside)
    PRODUCED = 5  # composition: produced (published) by the seat, paid or free
    LOST = 6  # composition: the seat's published piece removed (Lost to History)
