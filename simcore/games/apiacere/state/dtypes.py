"""Every A Piacere dtype and engine size, each field with its unit, range and sentinel.

State is two structured arrays per batch: GAME (one record per game) and SEAT (one per
game and seat, shape (n_games, MAX_PLAYERS)); the card data is the read-only `Tables`
named tuple (carddata/compile.py). Record arrays (np.recarray), so every kernel also
runs with NUMBA_DISABLE_JIT=1.

Cards are tracked by place: `card_loc[c]` is the seat whose hand holds card c (0..4),
PLAY + seat for a card in play under a progress marker (`card_prog[c]` action points
paid, 1..level-1), CHAIN + seat for a finished compose card kept in the seat's chain
(rulebook: Chains & Bonus Tiles), or one of the Loc codes. Each of the six stacks has
its own draw pile and discard pile (top = last), `faceup[s]` says whether the draw
pile's top is face up.
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np

from simcore.games.apiacere.sizes import (
    MAX_BONUS_TILES,
    MAX_CITIES,
    MAX_HOUSING,
    MAX_LEVEL,
    MAX_PLAYERS,
    MAX_ROYAL,
    MAX_STACK_CARDS,
    MAX_VARIETY,
)

N_STACKS = 2 * MAX_LEVEL  # compose and perform/teach at levels 1..3 (rulebook: Cards)
MAX_CARDS = N_STACKS * MAX_STACK_CARDS  # physical cards
MAX_TAKES = 8  # face-up takes of one turn: the proximity entries plus royal takes
PLAY = 8  # card_loc of a card in play: PLAY + seat (8..12)
CHAIN = 16  # card_loc of a card in a seat's chain: CHAIN + seat (16..20)
FRONT = 24  # card_loc of an active interaction card in front of a seat: FRONT + seat
# (24..28): a Tell Tale played on it or its own Do Good shield (rulebook: 5B)
MAX_CHAIN = 12  # chain cards of one chain (the longest tile asks 4; Variations add copies)
OPT_W = 6  # option row: kind, a, b, c, d, e (state/codes.Opt)
# the most options of one decision: the play phase lists each card in hand or in play
# once per action-point count (at most 3), the draw phase each stack per take slot; a
# decision that would list more drops the rest and sets Violation.OPTIONS
MAX_OPTIONS = 512
LOG_W = 8  # event row: round, seat, code, a, b, c, d, e (state/codes.Ev)
CEV_W = 5  # card event row (simcore/games/events_nb.py): seat, kind, card, event, round
# card events a game can record (more is an error naming this file): draws, takes and
# finished cards of every seat; 5-player random games record at most about 400
MAX_CARD_EVENTS = 768


class Loc(IntEnum):
    """Where a card is when no seat holds it (card_loc; 0..4 a hand, PLAY + seat in play)."""

    PILE = -1  # in its stack's draw pile (pile[])
    DISCARD = -2  # in its stack's discard pile (disc[])
    NONE = -3  # not in this game (ids >= the data's card count)


class Stream(IntEnum):
    """Independent random streams per game (spec 3.3, Randomness)."""

    SETUP = 0  # the royal tile order, the legacy deal, the variety tiles, start player/cities
    DICE = 1  # the red variety die after each royal event
    DECK = 2  # the six stacks' shuffles and reshuffles
    STRATEGY = 3  # strategies' own draws (simcore.kernels.rng_nb.STRATEGY_STREAM: the last)


N_STREAMS = len(Stream)

GAME = np.dtype(
    [
        ("index", "i8"),  # game index within the run
        ("seed", "i8"),  # game seed (63 bits): the game replays from it alone
        ("n_players", "i1"),  # 2..MAX_PLAYERS
        ("rng", "u8", (N_STREAMS,)),  # SplitMix64 state per Stream
        ("stage", "i1"),  # state/codes.Stage
        ("actor", "i1"),  # the seat that decides at this stage
        ("current", "i1"),  # the seat whose turn it is (setup: the seat drawing); -1 = none
        ("rounds", "i2"),  # the round being played, 1..16; 0 = setup
        ("pos", "i1"),  # position of the current seat in this round's order, 0..n-1
        ("order", "i1", (MAX_PLAYERS,)),  # this block's turn order: order[k] = seat
        ("events_done", "i1"),  # royal events held, 0..EVENTS
        ("turn", "i4"),  # turns begun, all seats
        # cards
        ("n_cards", "i2"),  # physical cards in the data, 0..MAX_CARDS
        ("card_loc", "i1", (MAX_CARDS,)),  # seat (hand), PLAY + seat, or Loc
        ("card_prog", "i1", (MAX_CARDS,)),  # in play: action points paid, 1..level-1; else 0
        ("card_left", "i1", (MAX_CARDS,)),  # in front: strength left (ruling AP-13); else 0
        ("card_city", "i1", (MAX_CARDS,)),  # in front, a Ban: the city it bans; else -1
        ("card_paid", "i1", (MAX_CARDS,)),  # in front, a Take: card levels discarded to it
        ("pile", "i2", (N_STACKS, MAX_STACK_CARDS)),  # draw piles, bottom first
        ("pile_n", "i2", (N_STACKS,)),  # cards in each draw pile
        ("disc", "i2", (N_STACKS, MAX_STACK_CARDS)),  # discard piles, oldest first
        ("disc_n", "i2", (N_STACKS,)),  # cards in each discard pile
        ("faceup", "i1", (N_STACKS,)),  # 1 = the draw pile's top is face up (turn start)
        # board
        ("variety", "i1", (MAX_VARIETY,)),  # the variety tile on each board slot; -1 = none
        ("royal_order", "i1", (MAX_ROYAL,)),  # the royal tile of event field k (ruling AP-18)
        ("royal_holder", "i1", (MAX_ROYAL,)),  # seat holding royal tile r; -1 = none
        ("bonus_holder", "i1", (MAX_BONUS_TILES,)),  # seat holding a shared tile; -1 = none
        ("overall", "i1"),  # the overall legacy tile, face up (ruling AP-23)
        # the current turn
        ("draws_left", "i1"),  # draws from any open stack still to make
        ("takes_n", "i1"),  # face-up takes left
        ("takes", "i1", (MAX_TAKES,)),  # each take's colours, bit 1 << Colour
        ("actions_left", "i1"),  # action points left in the play phase
        ("free_left", "i1"),  # free Tell Tale / Do Good action points left (ruling AP-10)
        ("steal_from", "i1"),  # STEAL: the seat whose Perform/Teach cards are taken
        ("steal_left", "i1"),  # STEAL: card levels still to take (ruling AP-12)
        ("hand_limit", "i1"),  # cards kept at the end of this turn
        # outcome
        ("end_trigger", "i1"),  # state/codes.End; NONE while playing
        ("violations", "i4"),  # bitmask of state/codes.Violation; 0 = sound
        ("n_decisions", "i4"),  # decisions with more than one option, all seats
        ("log_n", "i4"),  # event rows written (may exceed the log buffer: then replayed)
        ("cev_n", "i4"),  # card events recorded (may exceed the buffer: then an error)
    ]
)

SEAT = np.dtype(
    [
        ("strategy", "i2"),  # strategy id (strategies/apiacere/registry.py)
        ("start_pos", "i1"),  # position in round 1's order, 0 = start player
        ("final_pos", "i1"),  # position in the final round's order (the AP-1 tie-break)
        ("city", "i1"),  # city index (cities.toml order)
        ("housing", "i1"),  # housing index (housing.toml order) of the last turn
        ("florins", "i4"),  # florins held, >= 0
        ("white", "i2"),  # white keys (finished Perform/Teach, royal events), overflow counted
        ("black", "i2"),  # black keys (finished Compose cards), overflow counted
        ("level_open", "i1"),  # highest stack level open this turn, 1..3 (ruling AP-5)
        ("legacy", "i1"),  # personal legacy tile (legacy.toml order)
        ("copied", "i1"),  # Sincerest Flattery: the seat whose tile it copies; -1 = none
        ("partial_white", "i2"),  # white keys of unfinished cards at the end (ruling AP-22)
        ("partial_black", "i2"),  # black keys of unfinished cards at the end (ruling AP-22)
        ("legacy_points", "i2"),  # the personal (or copied) legacy tile's points
        ("overall_points", "i2"),  # the overall legacy tile's points
        ("points", "i2"),  # final score: keys, partial keys and both legacy tiles
        ("rank", "i1"),  # 1 = best; ties broken by final-round order (ruling AP-1)
        ("win", "f4"),  # 1 for the winner, else 0
        ("bonus", "i4"),  # bit b: bonus tile b unlocked and held (bonus_tiles.toml order)
        ("chain_n", "i1"),  # chain cards counted in the active chain, 0..MAX_CHAIN
        ("chain_instr", "i1", (MAX_CHAIN,)),  # each chain card's instrument
        ("chain_level", "i1", (MAX_CHAIN,)),  # each chain card's level (a Variation copies)
        ("chain_keys", "i1", (MAX_CHAIN,)),  # each chain card's printed black keys
        ("bonus_keys", "i2"),  # black keys from bonus tiles (part of black)
        ("tiles_won", "i1"),  # bonus tiles unlocked (a swapped-away tile counted)
        ("chains_broken", "i2"),  # chains broken by a compose card that did not fit
        ("variations", "i2"),  # Variations played
        ("tell_tales", "i2"),  # Tell Tales played on others (finished)
        ("blocked", "i2"),  # Tell Tales on it stopped by its shields or diminished away
        ("stolen", "i2"),  # Perform/Teach cards taken from others by a same-city Take
        ("forced_moves", "i2"),  # moves forced by a Ban on its city (ruling AP-11)
        ("royal_tiles", "i1"),  # royal tiles won
        ("event_keys", "i2"),  # white keys from royal events
        ("instruments", "i2"),  # bit i: a compose card of instrument i finished
        ("composed", "i2"),  # compose cards finished
        ("performed", "i2"),  # perform cards finished
        ("taught", "i2"),  # teach cards finished
        ("earned", "i4"),  # florins from Perform/Teach cards
        ("rent_paid", "i4"),  # florins paid in rent
        ("travel_paid", "i4"),  # florins paid to move
        ("moves", "i2"),  # turns that moved
        ("drawn", "i2"),  # cards drawn (start cards included)
        ("taken", "i2"),  # face-up cards taken
        ("discarded", "i2"),  # cards discarded at keep or by moving
        ("turns", "i2"),  # turns begun
        ("housing_turns", "i1", (MAX_HOUSING,)),  # turns in each housing (housing.toml order)
        ("city_turns", "i1", (MAX_CITIES,)),  # turns housed in each city (cities.toml order)
    ]
)


def new_state(n_games: int) -> tuple[np.recarray, np.recarray]:
    """Zeroed GAME[n_games] and SEAT[n_games, MAX_PLAYERS] record arrays."""
    games = np.zeros(n_games, GAME).view(np.recarray)
    seats = np.zeros((n_games, MAX_PLAYERS), SEAT).view(np.recarray)
    return games, seats
