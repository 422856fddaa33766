"""Every integer code of Dice-Mining Patrons' kernels, as IntEnums (names in Python)."""

from __future__ import annotations

from enum import IntEnum


class Face(IntEnum):
    """A die face (TABLE.die_faces): 0..4 are the resources in resources.toml order."""

    ARTIFACT = 5  # wild: any resource when spent or banked (ruling DM-6)
    BURGLAR = 6  # counts toward the burglary level (ruling DM-5)
    ORC = 7  # locks its die, no resource (ruling DM-24)


N_RES_FACES = 5  # face codes 0..4 are resources


class Ability(IntEnum):
    """A patron's effect kind (patrons.toml `ability`); section 2.2.1 of the spec."""

    NONE = 0
    VAULT_PROTECT = 1  # Defender: one vault immune to levels 3-4 (ruling DM-19)
    OTHERS_SWAP_ITEM = 2  # Wizard: every other player may swap one item (ruling DM-17)
    REMOVE_PATRON = 3  # Rogue: remove a face-up patron, points kept (ruling DM-18)
    CUMULATIVE_VP = 4  # Tale Smith, Brew Maiden, Monk: 3/4/5/6 (ruling DM-12)
    ORC_WILD = 5  # Deep Delver: this turn's Orcs are wild (ruling DM-6)
    SHARED_BONUS = 6  # Bardic War Chanter (placeholder, DM-21): all players' first n Orcs
    ORC_REROLL = 7  # Rune Singer (placeholder, DM-21): the owner's first n Orcs next turn
    STEAL = 8  # Tracker, Berserker (placeholder, DM-21): an immediate burglary of level <= n
    ALL_GAIN = 9  # Chieftain (placeholder, DM-21): every player gains n resource cards


PLACEHOLDERS = (Ability.SHARED_BONUS, Ability.ORC_REROLL, Ability.STEAL, Ability.ALL_GAIN)


class Keep(IntEnum):
    """rules.toml `keep` (ruling DM-4)."""

    LOCKED = 0  # set-aside dice stay aside for the turn
    FREE = 1  # set-aside dice may be taken back


class Placeholders(IntEnum):
    """rules.toml `placeholder_abilities` (ruling DM-21)."""

    ON = 0
    NONE = 1


class Opt(IntEnum):
    """Option rows (code, a, b, c) of a decision."""

    KEEP = 0  # mulligan: keep the patron in slot a
    REPLACE = 1  # mulligan: replace the patron in slot a
    SET_ASIDE = 2  # mining: set die a aside
    TAKE_BACK = 3  # mining (keep = free): take die a back
    ROLL = 4  # mining: roll the dice neither aside nor locked
    STOP = 5  # end this stage
    STEAL_RES = 6  # burglary: resource b from seat a
    STEAL_ITEM = 7  # burglary: item b from seat a
    STEAL_VAULT = 8  # burglary: vault b (0 = its first) of seat a, with its contents
    CRAFT = 9  # craft item a
    CRAFT_VAULT = 10  # craft a vault
    FULFIL = 11  # fulfil patron card a
    BANK = 12  # bank a face as resource card a
    DISCARD = 13  # discard patron card a from the hand
    RETURN_ITEM = 14  # storage check: return item a to its pile
    RETURN_RES = 15  # storage check: return resource card a
    REMOVE = 16  # Rogue: remove face-up patron card a
    SWAP = 17  # Wizard: return item a, take item b
    GAIN = 18  # Chieftain: take resource card a
    PLACE_ITEM = 19  # end of turn: put item a in vault b (0 = the first)
    PLACE_RES = 20  # end of turn: put resource card a in vault b


class Ev(IntEnum):
    """Event-log codes; a row is (turn, seat, code, a, b, c, d, e)."""

    FIRST = 0  # setup: seat p starts
    MULLIGAN = 1  # p replaced a patrons
    TURN = 2  # p's turn begins: a round, b VP
    ROLL = 3  # a faces (3 bits a die, die 0 lowest), b locked mask, c aside mask
    MINED = 4  # a resources, b wild, c burglars (the final faces)
    STEAL = 5  # a victim, b what (Opt), c id
    CRAFT = 6  # a item (-1 = a vault)
    FULFIL = 7  # a card, b VP scored, c VP after
    RAISE = 8  # cumulative: seat p's card a raised to value b, c VP after
    REMOVE = 9  # Rogue: card a of seat b removed
    SWAP = 10  # Wizard: item a returned, item b taken
    GAIN = 11  # resource card a gained (Chieftain)
    BANK = 12  # resource card a banked
    DRAW = 13  # a patrons drawn
    DISCARD = 14  # patron card a discarded from the hand
    RETURN = 15  # storage check: a 0 = item, 1 = resource, b its id
    END = 16  # a End, b the winning seat (-1 = shared)
    FINAL = 17  # a VP, b rank, c 1 = a winner
    PLACE = 18  # end of turn: a 0 = item, 1 = resource card, b its id, c the vault


class CardKind(IntEnum):
    """The cards table's kinds (the report's per-card sections)."""

    PATRON = 0  # card = the patron design (patrons.toml order)
    ITEM = 1  # card = the item type (items.toml order)


class CardEvent(IntEnum):
    """Card events: what happened to a patron or an item card, recorded per seat and turn
    (one row a card: an item crafted three times is three rows)."""

    DEALT = 0  # patron: in the setup deal or as a mulligan replacement (ruling DM-3)
    DRAWN = 1  # patron: drawn after a fulfilment (ruling DM-11)
    FULFILLED = 2  # patron: fulfilled by the seat
    CRAFTED = 3  # item: crafted by the seat
    STOLEN = 4  # item: taken by the seat's burglary (alone or in a vault, ruling DM-5)
    LOST = 5  # item: taken from the seat by a burglary
    RETURNED = 6  # item: returned to its pile by the storage check (ruling DM-8)
    SWAPPED_IN = 7  # item: taken for another by the Wizard's swap (ruling DM-17)
    SWAPPED_OUT = 8  # item: given back to its pile by the Wizard's swap
    SPENT = 9  # item: given up to fulfil a patron (ruling DM-9)


class End(IntEnum):
    """How the game ended (games.end_trigger)."""

    NONE = 0
    THIRTY = 1  # a player reached the target (ruling DM-13)
    CAP = 2  # the round cap (ruling DM-14): an outcome, not a violation


class Violation(IntEnum):
    """Bits of games.violations: checks a sound game never fails."""

    BAD_PICK = 1  # a strategy picked an option outside 0..n-1 (option 0 played instead)
    NEGATIVE = 2  # a count below zero
    CONSERVATION = 4  # cards held + piles differ from the copies
    SCORE = 8  # a VP total differs from its parts
    CAPACITY = 16  # storage over capacity after its owner's turn
    HAND = 32  # a hand over its size after its owner's turn
    CARD_EVENTS = 64  # more card events than dtypes.MAX_CARD_EVENTS: the rest not recorded


def names(enum: type[IntEnum]) -> list[str]:
    """The members' names in code order, lower case (the dictionaries of result columns)."""
    return [m.name.lower() for m in sorted(enum, key=int)]
