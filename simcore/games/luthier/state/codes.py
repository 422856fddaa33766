"""Decision-option kinds and transcript event codes (DESIGN.md, "Decisions").

An option is one row of the options buffer: (kind, a, b, c, d, e). A strategy
returns the index of one row; the engine applies it. Multi-part choices (a
market visit) are sequences of options ending in DONE.
"""

from __future__ import annotations

from enum import IntEnum


class Opt(IntEnum):
    """Option kinds; the meaning of a..e is given per kind."""

    KEEP_FAMILY = 0  # a = family tile id
    KEEP_GOAL = 1  # a = goal id (asked until enough are kept)
    KEEP_INSTRUMENT = 2  # a = instrument type id
    KEEP_PATRON = 3  # a = patron id, b = patron slot 0..2 (slot bonus follows)
    PLACE = 4  # a = chip index, b = Location, c = apprentices on the chip
    ACTIVATE = 5  # a = Location (bench locations: the seat's own bench)
    MARKET = 6  # visit the market (once per round)
    PASS = 7  # no more resolution turns this round
    ALT_MONEY = 8  # the alternate action available everywhere: 2 money
    ALT_ACTION = 9  # a = Location, b = variant (Balcony: 0 money, 1 apprentices)
    BUY = 10  # a = Material (the money/inspiration split follows as PAY_SPLIT, ruling 24)
    SELL = 11  # a = Material
    HIRE = 12  # hire one apprentice (PAY_SPLIT follows)
    TRAIN = 13  # a = Track: one track step (PAY_SPLIT follows)
    DONE = 14  # end a multi-part choice (market visit, optional bonus)
    CHOOSE_MATERIAL = 15  # a = Material: for a gain of "any material"
    DISCARD_MATERIAL = 16  # a = Material: storage is over capacity
    PLAN_TO_BENCH = 17  # a = hand index, b = instrument type: Guild 4+ bonus placement
    KEEP_DRAWN = 18  # a = instrument type: reputation step "draw 3, keep 1"
    CONSOLATION = 19  # a = 0: 1 inspiration, 1: 2 money (no first chair)
    TOKEN_SPOT = 20  # a = orchestra spot, b = token kind
    TAKE_CARD = 21  # a = CardRow, b = tier, c = slot (a tier cost: PAY_SPLIT follows)
    SEARCH = 22  # a = CardRow, b = card-back key (Family, Era or PatronType, ruling 20):
    # deck search, the apprentice leaves (PAY_SPLIT follows)
    ROUGH = 23  # a = roughing-bench slot, b/c/d = animal/wood/metal discounted, e = 0
    FINISH = 24  # a = finishing-bench slot, b/c/d = discounts, e = 1: the 6+ doubling applies
    PAY_PLAN = 25  # b/c/d = animal/wood/metal not paid (discounts, 2 inspiration each)
    REROLL = 26  # a = die 0 or 1
    SPEND_INSPIRATION = 27  # a = inspiration added to the performance total
    BENCH_TAKE = 28  # a = 0 roughing / 1 finishing bench, b = slot: card back to hand
    BENCH_PUT = 29  # a = hand index, b = instrument type: onto the roughing bench
    SPECIALTY_CARD = 30  # a = specialty card id
    ASSIGN_CHIP = 31  # a = chip index, b = specialty card id
    SATISFY = 32  # a = patron slot, b = requirement it newly meets (0 primary, 1-2 secondary)
    SLOT = 33  # a = empty patron slot for a new patron (its bonus follows)
    SALON_GIFT = 34  # a = patron slot, b = gift 0/1: Salon 4+ (cube one step left)
    CLAIM = 35  # a = award tile position, b = level 0..2
    MARKER = 36  # a = award-marker bit removed: 1 storage, 2 royal patron, 4 purple die
    ROYAL = 37  # a = royal patron id
    FAMILY_CARD = 38  # a = CardRow, b = tier, c = slot: a family tile's starting pick
    PAY_SPLIT = 39  # a = money, b = inspiration: how to pay a cost (ruling 24: any split)


class PayMode(IntEnum):
    """Two splits of a cost between money and inspiration (ruling 6). Since ruling 24
    every split is offered (Opt.PAY_SPLIT); these name its two ends."""

    MONEY_FIRST = 0  # money, inspiration only for what money cannot cover
    INSPIRATION_FIRST = 1  # inspiration as far as it goes, then money


class Ev(IntEnum):
    """Transcript event codes; a..e are given per code."""

    DEAL_FAMILIES = 0  # a, b = family ids dealt
    KEEP_FAMILY = 1  # a = family id
    KEEP_GOAL = 2  # a = goal id
    KEEP_INSTRUMENT = 3  # a = instrument type
    KEEP_PATRON = 4  # a = patron id, b = slot
    GAIN = 5  # a = Res column, b = amount, c = why (Why)
    PAY = 6  # a = Res column, b = amount, c = why (Why)
    TURN_ORDER = 7  # a..d = seats in turn order (-1 unused)
    ROUND_START = 8  # a = round, b = market card
    WORKER_JOINS = 9  # a = chip index
    PLACE = 10  # a = chip index, b = Location, c = apprentices
    ACTIVATE = 11  # a = Location, b = bench owner (-1 board)
    WORKER_ACTS = 12  # a = Location, b = chip index, c = skill, d = apprentices, e = specialty
    ALT = 13  # a = Location, b = variant (-1 = 2 money)
    MARKET = 14  # visit starts
    BUY = 15  # a = Material, b = money paid, c = inspiration spent, d = printed price, e = discount
    SELL = 16  # a = Material, b = price
    HIRE = 17  # b = money, c = inspiration
    TRAIN = 18  # a = Track, b = money, c = inspiration
    MARKET_DONE = 19
    PASS = 20
    TRACK = 21  # a = Track, b = new position
    DISCARD = 22  # a = Material (storage cap)
    PLAN_TO_BENCH = 23  # a = instrument type
    DRAW_KEEP = 24  # a = kept instrument type
    ROW_DRAW = 25  # a = CardRow, b = tier, c = slot, d = card id
    ROW_DISCARD = 26  # a = CardRow, b = card id
    PATRONS_II = 27  # the patron I draw deck is discarded
    RESHUFFLE = 28  # a = CardRow whose deck was rebuilt from its discards
    SCORE = 29  # a = Source, b = prestige
    FINAL = 30  # a = prestige, b = money after conversion, c = rank
    DEAL_GOALS = 31  # a..d = goal ids dealt
    DEAL_CARDS = 32  # a, b = instrument types dealt; c, d = patron ids dealt
    AWARDS = 33  # a..d = award tiles in play
    TOKEN = 34  # a = spot, b = token kind, c = outcome (claimed, stolen, consoled),
    #   d = chair holder before the token (-1 none, 4 neutral), e = the holder's token kind
    TAKE_CARD = 35  # a = CardRow, b = card id, c = tier, d = money, e = inspiration
    SEARCH = 36  # a = CardRow, b = card id, c = money, d = inspiration, e = key (ruling 20)
    ROUGH = 37  # a = instrument type, b/c/d = animal/wood/metal paid
    FINISH = 38  # a = instrument type, b/c/d = animal/wood/metal paid
    ROLL = 39  # a, b = notes on die 0 and 1, c, d = colours (0 white, 1 black)
    REROLL = 40  # a = die, b = new notes
    PURPLE = 41  # a = purple die face
    PERFORM = 42  # a = card, b = total, c = level (0 low, 1 medium, 2 high), d = inspiration
    REPAIR = 43  # a = card, b/c/d = animal/wood/metal paid, e = inspiration
    BENCH_TAKE = 44  # a = bench, b = instrument type
    BENCH_PUT = 45  # a = instrument type
    SPECIALTY = 46  # a = specialty card
    ASSIGN_CHIP = 47  # a = chip index, b = specialty card
    GIFT = 48  # a = patron id, b = gift index (Res columns follow as GAIN events)
    LEAVE = 49  # a = patron id, b = unmet requirements, c = prestige lost, d = penalty before
    #   the floor at 0 (c < d when prestige could not go lower)
    SATISFY = 50  # a = patron id, b = requirement newly met, c = ReqCard kind, d = family/era
    COMPLETE = 51  # a = patron id, b = prestige
    CLAIM = 52  # a = award tile id, b = level, c = prestige
    MARKER = 53  # a = marker bit removed
    PATRON = 54  # a = patron id, b = slot: a patron joins (Salon, royal benefit, family tile)
    SALON_GIFT = 55  # a = patron id, b = gift index
    FAMILY_ABILITY = 56  # a = family id, b = FamilyAbility
    SETUP2P = 57  # a = orchestra setup card
    ENDGAME = 58  # a = Source, b = prestige, c = detail (chairs held, goal id, ...)
    NO_TOKEN = 59  # a = token kind: none left in the seat's supply, none placed (ruling 25)
    APPRENTICES_LOST = 60  # a = not gained (limit), b = held, c = limit, d = why (ruling 26)
    DESIGNATE = 61  # a = patron id, b = requirement, c = ReqCard kind, d = family/era (ruling 21)
    SEARCH_BACK = 62  # a = CardRow, b = card id: a found repair the seat cannot pay for goes
    #   back on top of its deck, not made (ruling 27)
    # Codes from 70 on make the transcript auditable (issue 16); they only add rows.
    STATE = 70  # a = snapshot index (0 after setup, r after round r): snap_g / snap_s
    SKILL = 71  # a = specialty card of the chip (-1 plain chip), b = bench skill bonus,
    #   c = specialty skill bonus (follows WORKER_ACTS: skill = chip + apprentices + b + c)
    POWER = 72  # a = patron id, b = PatronPower, c = amount, d = count it multiplies (end game)
    DISCOUNT = 73  # a = Location, b = patron powers, c = specialty chip, d = bench 4+/5+ bonus,
    #   e = bought with inspiration: materials taken off the next ROUGH/FINISH/REPAIR cost
    # 74 unused: capped apprentice gains are APPRENTICES_LOST (60, ruling 26)
    BENEFIT = 75  # a = award-marker bit whose benefit acts (1: extra-storage free material)
    GOAL = 76  # a = goal id, b = level reached (0 none), c = count, d = prestige


class ReqCard(IntEnum):
    """Kinds of card kept under a patron toward its requirements (ruling 21)."""

    INSTRUMENT = 0  # key: Family
    PERFORMANCE = 1  # key: Era (medium or high)
    REPAIR = 2  # key: Family


class CardKind(IntEnum):
    """Kinds of card in the per-card event table (results `cards` table)."""

    INSTRUMENT = 0
    PERFORMANCE = 1
    REPAIR = 2
    PATRON = 3
    AWARD = 4
    GOAL = 5
    FAMILY = 6
    SPECIALTY = 7


class CardEvent(IntEnum):
    """What happened to a card (detail column: award level, goal level, performance level)."""

    DEALT = 0
    KEPT = 1
    TAKEN = 2
    COMPLETED = 3  # instrument finished, medium/high performance, repair, patron completed
    ABANDONED = 4  # a patron left through patience
    SCORED = 5  # a goal scored at the end (detail = level reached, 1-3)
    CLAIMED = 6  # an award level claimed (detail = level, 1-3)


ROW_CARD_KIND = (CardKind.PATRON, CardKind.INSTRUMENT, CardKind.PERFORMANCE, CardKind.REPAIR)


class Why(IntEnum):
    """Reason codes attached to GAIN / PAY events."""

    SETUP = 0
    SLOT_BONUS = 1
    ALTERNATE = 2
    MARKET = 3
    LOCATION_BONUS = 4
    TRACK = 5
    CONVERSION = 6
    ORCHESTRA = 7
    PERFORMANCE = 8
    GIFT = 9
    ROUND_START = 10
    FAMILY = 11
    SPECIALTY = 12
    ROUGHING_BONUS = 13  # roughing bench 3+: inspiration (not a 4+ location bonus)


class End(IntEnum):
    """What ended the game (games.end_trigger). Luthier has a fixed length, the rounds of
    rules `rounds`, and so no length cap: every finished game ends by ROUNDS."""

    NONE = 0  # not over (never in a finished game)
    ROUNDS = 1  # the last round was played and the game scored


# Bits of games.violations: an invariant a sound game never breaks (invariants_nb checks
# them); here, without numba, so a report can name them.
NEGATIVE = 1  # a resource or prestige below zero
STORAGE = 2  # more materials than storage
APPRENTICES = 4  # more apprentices than the cap
CHIPS = 8  # a chip neither free nor placed exactly once (or placed without being owned)
PRESTIGE_SUM = 16  # prestige by source does not add up to prestige
UNPLACED = 32  # a chip still free after planning
UNRESOLVED = 64  # a chip that never acted by the end of resolution
TOKENS = 128  # tokens placed beyond the colour's supply, or not matching the orchestra
OVERFLOW = 256  # a value or card that its state field or buffer cannot hold (issue 32)
BAD_PICK = 512  # a strategy picked an option outside 0..n-1 (the game went on with option 0)
HEADROOM = 2**30  # int32 sums of gains (dtypes.py) never come near: past it, OVERFLOW

INVARIANT_NAMES = {
    NEGATIVE: "negative resource or prestige",
    STORAGE: "storage cap exceeded",
    APPRENTICES: "apprentice cap exceeded",
    CHIPS: "worker chip not accounted for",
    PRESTIGE_SUM: "prestige by source does not add up",
    UNPLACED: "worker chip left unplaced after planning",
    UNRESOLVED: "worker chip never resolved",
    TOKENS: "orchestra tokens beyond the supply or not on the board",
    OVERFLOW: "a score, resource or card beyond what its state field or buffer holds",
    BAD_PICK: "a strategy picked an option out of range (option 0 played instead)",
}
