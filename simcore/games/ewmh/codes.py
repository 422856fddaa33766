"""Every integer code of Early Western Music History's card data, as IntEnums.

The card files name these in lower case (`effect = "back_and_draw"`, `age =
"monophony"`); the loader turns names into codes and the kernels see only the codes.
Each enum is the one owner of its names. Effect kinds are numbered as in the effect
catalogue of the specification (issue 37, section 1.2.6); NONE is the neutral stand-in
an ablation gives a card (still a production unit).
"""

from __future__ import annotations

from enum import IntEnum


class Effect(IntEnum):
    """What an effect card, a vocation ability or its static does (catalogue number)."""

    NONE = 0  # no text: the card is only a production unit (ablation's stand-in)
    DRAW_COMPOSITIONS = 1  # draw n compositions
    BACK_AND_DRAW = 2  # move back, then draw compositions (Gesualdo)
    TAKE_EFFECT = 3  # take effect cards from the array (or the deck top)
    HIGHER_EDUCATION = 4  # Court: array cards, or a patron first (two faces)
    SPHERES = 5  # roll dice; a consonant ratio draws compositions
    REROLL = 6  # reroll an own die, keep either result
    DOUBLE_NEXT_ROLL = 7  # multiply the next own roll (Philip the Good)
    MIN_MOVE_SIX = 8  # a short forward move becomes a longer one (Machaut)
    INVERT_ROLL = 9  # another player's die move goes backwards (Council of Trent)
    MOVE_PAWN = 10  # move any pawn a few spaces
    SAME_TILE_PUSH = 11  # you forward, a pawn on your tile back (Beatriz de Dia)
    PASSED_MOVE = 12  # forward when another pawn passes you (Sustain)
    STEAL_COMPOSITION = 13  # a random unpublished composition of a chosen player
    REMOVE_PUBLISHED = 14  # remove another player's published composition
    ANNEX = 15  # discard a player's effect card; that player moves forward
    NOBLE_SACRIFICE = 16  # discard an opponent's effect card and some of your own
    FORCE_FLIP = 17  # another player flips fresh cards without their effects
    REDISTRIBUTE = 18  # every held effect card dealt out evenly (Peasants' Revolt)
    COST_REDUCE = 19  # one piece costs less this turn (Printing Press)
    MULTI_UNIT = 20  # counts several production units (Petrucci)
    BORROW_UNITS = 21  # an opponent's fresh cards pay your productions (House Medici)
    DOUBLE_ABILITY = 22  # the next ability this turn is doubled (Josquin)
    PROTECT = 23  # prevent a discard or steal of your card (Guild License)
    NEGATE = 24  # negate another card's activated effect (Absolution)
    VOCATION_WATCH = 25  # draw when another player uses a vocation (Perotin)
    DRAW_MORE = 26  # after drawing compositions, draw more (Hildegard, Divine Trance)
    COPY_TILE = 27  # copy the benefit of a tile another pawn triggers (Charlemagne)
    MOVED_STEAL = 28  # steal when another player moves you (Elizabeth Nevell)
    CARDS_TO_MOVE = 29  # discard cards, move forward per card (Wandering Minstrel)
    CONCERTANTE = 30  # every Countryside player takes an array card
    AGE_FULL_POINTS = 31  # full points (or permission) for another age's banners
    GENRE_BONUS = 32  # extra points per produced piece of one genre
    EXTRA_REFRESH = 33  # refresh more cards per turn (Inspiration)
    HAND_CAPACITY = 34  # a larger hand limit (Alfonso the Wise)
    MOVE_ON_DISCARD = 35  # forward per effect card another player discards (Amadeus VIII)
    END_TURN_MOVE = 36  # forward per fresh effect card at the end of the turn (William V)
    TAG_BONUS = 37  # vocation static: extra points per produced piece with a tag
    PATRON_DOUBLE = 38  # vocation static: patrons' written benefits multiplied (Court)


class Keep(IntEnum):
    """A patron's condition for keeping it, checked at the end of the holder's turn."""

    NONE = 0  # not a patron
    NO_NEGATIVE = 1  # take no negative action against another player (K1)
    PUBLISH_EACH_TURN = 2  # produce at least `pieces` each own turn (K2)
    HAND_LIMIT = 3  # end the turn with at most `limit` effect cards (K3, the spec's hand_limit_6)


class Timing(IntEnum):
    """When a card's text is used (the catalogue's classes F, S, St, R, production)."""

    FLIP = 0  # flip a fresh card on your own turn (F; a vocation's flip abilities)
    SPEND = 1  # discard the card on your own turn, either face up (S)
    STATIC = 2  # applies while held (St)
    REACT = 3  # flip a fresh card on a trigger, on any player's turn (R)
    REACT_SPEND = 4  # discard the card on a trigger, on any player's turn (Council of Trent)
    UNIT = 5  # applies when the card is flipped to pay for a production (Petrucci)


class Age(IntEnum):
    """The four ages (boards); a game is played in one (rules.toml `age`, ruling EW-45)."""

    MONOPHONY = 0  # 450 BCE-1150 CE
    EARLY_POLYPHONY = 1  # Early Polyphony and Ars Nova, 1150-1400
    EARLY_RENAISSANCE = 2  # 1400-1500
    HIGH_RENAISSANCE = 3  # 1500-1600 ("Late Renaissance" in the Madrigal example)


N_AGES = len(Age)


class Tag(IntEnum):
    """Composition tags the vocations score (bit `1 << tag` of a tag mask)."""

    SACRED = 0
    LITURGICAL = 1
    SECULAR = 2
    DANCE = 3


class Tile(IntEnum):
    """What a path tile does when a die move ends on it (the tile mix is an estimate)."""

    BLANK = 0
    DRAW_COMPOSITION = 1  # draw n compositions
    DRAW_EFFECT = 2  # draw n effect cards from the deck
    TAKE_EFFECT = 3  # take n effect cards from the array or the deck top
    MOVE = 4  # move `steps` (negative: back); moves by a tile trigger no tile


class Face(IntEnum):
    """Which printed face of a two-faced card the engine plays (ruling EW-2)."""

    A = 0  # the first wording of the card sheets ("Flip this card to ...")
    B = 1  # the reverse's wording ("When refreshed, ...")


class Rule(IntEnum):
    """Index into the compiled `rules` vector (data/rules.toml, one key each)."""

    AGE = 0  # Age: the board played
    REFRESH = 1  # flipped cards refreshed at the start of a turn (3)
    HAND_LIMIT = 2  # effect cards held at the end of a turn, vocation included (7)
    ARRAY_SIZE = 3  # face-up effect cards in the array (4)
    DRAFT_CARDS = 4  # effect cards each player drafts at setup (3)
    END_DRAW = 5  # compositions drawn on a turn begun on End (1)
    END_FREE = 6  # compositions produced free on a turn begun on End (1)
    UNPRODUCED_POINTS = 7  # points per unproduced composition at the end (1)
    OFF_AGE_DIVISOR = 8  # an off-age banner scores value / this ("only half": 2)
    DIE_SIDES = 9  # faces of the movement die (6)
    EFFECT_DECK = 10  # physical effect cards (48); the designs' copies must add up to it
    PATH_LENGTH = 11  # L: Start = 0, End = L (estimate: 36)
    ROUND_CAP = 12  # the game ends at the start of this round (estimate: 60)
    VOCATION_COPIES = 13  # VocationCopies
    PATRON_IN_ARRAY = 14  # PatronInArray
    OFF_AGE = 15  # OffAge
    HALF_ROUND = 16  # HalfRound
    BONUS_TIMING = 17  # BonusTiming
    TIE_BREAK = 18  # TieBreak
    PATRON_GRACE = 19  # 1 = a patron gained this turn is first checked next turn


N_RULES = len(Rule)


class Count(IntEnum):
    """Index into the compiled `counts` vector: how many rows of a table are cards (the
    kernels' card record pads every table to its maximum: carddata/table.py)."""

    CARDS = 0  # physical effect cards C (card_design, card_effect, card_params)
    COMPOSITIONS = 1  # composition cards K (comp_genre)
    GENRES = 2  # composition genres G (genre_copies, genre_tags, genre_banner)
    ABILITIES = 3  # vocation abilities A (ability_vocation, ..._effect, _timing, _params)


N_COUNTS = len(Count)


class VocationCopies(IntEnum):
    """Copies of each vocation (ruling EW-3)."""

    BALANCED = 0  # ceil(N / 3) of each: the pick constrains choice (default)
    UNLIMITED = 1  # every player may pick any vocation


class PatronInArray(IntEnum):
    """Where a lost patron goes (ruling EW-7)."""

    UNTIL_TAKEN = 0  # an extra array slot until someone takes it (default)
    ONE_ROUND = 1  # an extra array slot for one round, then the discard pile


class OffAge(IntEnum):
    """Producing via a banner of another age than the game's (ruling EW-8)."""

    HALF = 0  # allowed at half value (default)
    FORBIDDEN = 1  # only with an age_full_points card for that age


class HalfRound(IntEnum):
    """Rounding of an off-age half value (ruling EW-9)."""

    DOWN = 0  # default
    UP = 1


class BonusTiming(IntEnum):
    """When vocation and genre bonuses are read (ruling EW-10)."""

    PRODUCTION = 0  # fixed at the moment of production (default)
    END = 1  # from the cards held at the end of the game


class TieBreak(IntEnum):
    """Tied final scores (ruling EW-18)."""

    SHARED = 0  # a shared win, 1/k each (default)
    ARRIVAL = 1  # the earlier arriver wins
