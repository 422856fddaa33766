"""Every Dice-Mining Patrons dtype and size, each field with its unit, range and sentinel.

State is two structured arrays per batch: GAME (one record per game) and SEAT (one per
game and seat, shape (n_games, MAX_PLAYERS)); the card data is one read-only TABLE
record. Record arrays, so every kernel also runs with NUMBA_DISABLE_JIT=1.
"""

from __future__ import annotations

from collections import namedtuple
from enum import IntEnum

import numpy as np

MIN_PLAYERS = 2  # ruling DM-1: 2-4 (4 pawns, 4 backpacks)
MAX_PLAYERS = 4
N_RES = 5  # resource kinds (rulebook: 5 resources); face codes 0..4
MAX_DICE = 8  # dice (the rulebook's 6, with room for a designer's)
N_FACES = 6  # faces a die
MAX_ITEMS = 24  # item types
MAX_PATRONS = 64  # patron cards (copies expanded; the rulebook's 42)
MAX_VAULTS = 16  # vault cards (the rulebook's 8)
MAX_GROUPS = 8  # cumulative patron types (the rulebook's 3)
MAX_NEEDS = 9  # items a patron card needs, 1..9 (carddata/compile.py)
MAX_OPTIONS = 600  # option rows of one decision (a Wizard swap: held types x other types)
OPT_W = 4  # option row: code (codes.Opt), a, b, c
LOG_W = 8  # event row: turn, seat, code, a, b, c, d, e (codes.Ev)
CEV_W = 5  # card event row: seat, CardKind, card (design), CardEvent, turn
# card events a game can record: patrons dealt, drawn and fulfilled, and every item card
# crafted, stolen, lost, returned, swapped and spent. Random play that runs to the round
# cap wrote at most 323 / 474 / 614 at 2 / 3 / 4 players (100,000 games each, rules
# version 2), the heuristic field at most 189; room for half as much again (10 KiB a
# game: 40 MiB for a chunk of 4,096). No event is dropped unseen: a game that fills it
# sets Violation.CARD_EVENTS (rules/log_nb.py), and a violation fails the soundness targets
MAX_CARD_EVENTS = 1024

# GAME.patron_loc: where a patron card is
IN_DECK = -1
IN_DISCARD = -2
UP = 4  # UP + p: face up in front of seat p; 0..3: in seat p's hand


class Stream(IntEnum):
    """Independent random streams per game (common random numbers across runs)."""

    SETUP = 0  # the first player, the patron shuffle and deal
    DICE = 1  # every roll and reroll
    DECK = 2  # patron reshuffles
    STRATEGY = 3  # strategies' own draws (simcore.kernels.rng_nb.STRATEGY_STREAM: the last)


N_STREAMS = len(Stream)


class Stage(IntEnum):
    """Where a game stands (GAME.stage): every stage but OVER is a decision of seat
    GAME.to_move, so play stops and resumes at any decision."""

    MULLIGAN = 0  # keep or replace hand slot `sub` (ruling DM-3)
    WIZARD = 1  # swap one item or pass (Wizard card `sub`, ruling DM-17)
    GAIN = 2  # take a resource card (Chieftain card `sub`)
    MINE = 3  # set aside, roll or stop (ruling DM-4)
    BURGLE = 4  # one burglary of level <= steal_level, or none (ruling DM-5)
    CRAFT = 5  # craft an item or a vault, or stop
    FULFIL = 6  # fulfil a patron, or stop (ruling DM-11)
    ROGUE = 7  # remove a face-up patron, or none (ruling DM-18)
    KEEP = 8  # discard patrons down to the hand size (ruling DM-11)
    BANK = 9  # bank an unspent face as a resource card, or stop (rulings DM-6, DM-7)
    STORE = 10  # return an item or resource card over capacity (ruling DM-8)
    PLACE = 11  # put a card in a vault, or leave the rest in the backpack (DM-8, DM-10)
    OVER = 12  # the game has ended and is scored


TABLE = np.dtype(
    [
        ("n_dice", "i4"),  # dice rolled, 1..MAX_DICE
        ("die_faces", "i1", (MAX_DICE, N_FACES)),  # codes.Face per die and face
        ("supply", "i1", (N_RES,)),  # resource cards per pile, 0..100
        ("n_items", "i4"),  # item types, 1..MAX_ITEMS
        ("item_copies", "i1", (MAX_ITEMS,)),  # cards per item pile, 0..100
        ("recipe", "i1", (MAX_ITEMS, N_RES)),  # resources an item costs, 0..9 each
        ("item_cost", "i2", (MAX_ITEMS,)),  # derived: resources in the recipe, 0..45
        ("n_vaults", "i4"),  # vault cards, 0..MAX_VAULTS
        ("vault_recipe", "i1", (N_RES,)),  # resources a vault costs
        ("vault_res", "i4"),  # resource cards a vault holds, 0..10
        ("vault_items", "i4"),  # items a vault holds, 0..10
        ("n_patrons", "i4"),  # patron cards (copies expanded), hand * players..MAX_PATRONS
        ("patron_design", "i1", (MAX_PATRONS,)),  # design index (patrons.toml order)
        ("needs", "i1", (MAX_PATRONS, MAX_ITEMS)),  # items a card needs, 0..9 each
        # derived from needs, so kernels visit a card's few item types, not every type:
        ("n_need", "i1", (MAX_PATRONS,)),  # item types a card needs, 1..MAX_NEEDS
        ("need_item", "i1", (MAX_PATRONS, MAX_NEEDS)),  # those types ascending; -1 = none
        ("patron_vp", "i1", (MAX_PATRONS,)),  # VP (0 for a cumulative patron)
        ("ability", "i1", (MAX_PATRONS,)),  # codes.Ability
        ("ability_n", "i1", (MAX_PATRONS,)),  # its parameter (level, n, or the group)
        ("target", "i4"),  # VP that win, 1..200
        ("hand", "i4"),  # patrons kept, 1..5
        ("draw_per_fulfil", "i4"),  # patrons drawn per fulfilment, 0..5
        ("backpack_resources", "i4"),  # 0..20
        ("backpack_items", "i4"),  # 0..20
        ("cumulative_base", "i4"),  # cumulative value = base + copies up, 0..20
        ("cumulative_max", "i4"),  # its cap, 1..30
        ("burglar_levels", "i4"),  # highest burglary level, 0..4
        ("round_cap", "i4"),  # rounds before the cap ends the game, 1..1000
        ("max_rolls", "i4"),  # rolls a turn, 1..100
        ("keep", "i4"),  # codes.Keep
        ("mulligan", "i4"),  # 1 = the setup mulligan is played (ruling DM-3)
    ]
)

GAME = np.dtype(
    [
        ("index", "i8"),  # game index within the run
        ("seed", "i8"),  # game seed: `tutti play --seed` replays the game
        ("n_players", "i1"),  # MIN_PLAYERS..MAX_PLAYERS
        ("rng", "u8", (N_STREAMS,)),  # SplitMix64 state per Stream
        ("first", "i1"),  # the seat that started
        ("current", "i1"),  # the seat whose turn it is
        ("to_move", "i1"),  # the seat that decides now (another seat's for WIZARD)
        ("stage", "i1"),  # Stage
        ("resume", "i1"),  # the Stage a patron's burglary or gain returns to
        ("sub", "i2"),  # the stage's cursor: a hand slot (MULLIGAN) or a card (WIZARD, GAIN, ROGUE)
        ("rounds", "i4"),  # rounds begun, 0..round_cap
        ("turn", "i4"),  # turns begun, all seats
        ("face", "i1", (MAX_DICE,)),  # each die's face (codes.Face)
        ("aside", "i1", (MAX_DICE,)),  # 1 = set aside this turn
        ("locked", "i1", (MAX_DICE,)),  # 1 = an Orc locked it (ruling DM-24)
        ("rolls", "i4"),  # rolls this turn, 0..max_rolls
        ("orc_rerolls", "i4"),  # Orcs this turn that do not lock, 0..
        ("orcs", "i4"),  # Orc faces at the end of mining, 0..n_dice
        ("pool", "i1", (N_RES,)),  # mined resources unspent this turn (ruling DM-23)
        ("wild", "i1"),  # unspent wilds (Artifacts, wild Orcs) this turn
        ("steal_level", "i1"),  # the open burglary's highest level, 0..4
        ("fulfilled", "i1"),  # patrons fulfilled this turn
        ("item_pile", "i1", (MAX_ITEMS,)),  # item cards in the supply
        ("res_pile", "i1", (N_RES,)),  # resource cards in the supply
        ("vault_pile", "i1"),  # vaults in the supply
        ("patron_loc", "i1", (MAX_PATRONS,)),  # IN_DECK, IN_DISCARD, p (hand), UP + p
        ("patron_aux", "i1", (MAX_PATRONS,)),  # a face-up card's state: seats still to use it
        # (Wizard, Chieftain: bit p), owner turns left (Rune Singer, Tracker), value scored
        # (cumulative); during the mulligan 1 = marked for replacement
        ("deck", "i1", (MAX_PATRONS,)),  # the patron draw pile, top = deck[deck_n - 1]
        ("deck_n", "i1"),  # cards in the draw pile, 0..n_patrons
        ("winner", "i1"),  # the seat that won, -1 = none yet or shared
        ("end_trigger", "i1"),  # codes.End; NONE while playing
        ("violations", "i4"),  # bitmask of codes.Violation; 0 = sound
        ("n_decisions", "i4"),  # decisions taken, all seats
        ("log_n", "i4"),  # event rows written (may exceed the log buffer: then replayed)
        ("cev_n", "i4"),  # card events recorded, 0..MAX_CARD_EVENTS
    ]
)

SEAT = np.dtype(
    [
        ("strategy", "i2"),  # strategy id (strategies/dicemining/registry.py)
        ("start_pos", "i1"),  # turn position at the start, 0 = first player
        ("vp", "i4"),  # victory points: vp_patrons + vp_raised
        ("vp_patrons", "i4"),  # VP scored on fulfilment
        ("vp_raised", "i4"),  # VP from cumulative copies raised later (ruling DM-12)
        ("res", "i1", (N_RES,)),  # resource cards held (backpack and vaults)
        ("items", "i1", (MAX_ITEMS,)),  # items held (backpack and vaults)
        ("n_vaults", "i1"),  # vaults owned, 0..MAX_VAULTS
        # where the cards lie between the seat's turns, as it placed them at the end of its
        # last turn (Stage.PLACE; thefts since taken out): cards in its vault j (0 = its first;
        # the first ones protected by its Defenders, ruling DM-19); the rest of res / items
        # lie in the backpack. All zero during the seat's own turn (the rulebook: the owner
        # rearranges freely in its turn)
        ("vault_res", "i1", (MAX_VAULTS, N_RES)),  # resource cards by type, 0..vault_res
        ("vault_items", "i1", (MAX_VAULTS, MAX_ITEMS)),  # items by type, 0..vault_items
        ("turns", "i4"),  # turns taken
        ("rolls", "i4"),  # rolls, the first of each turn included
        ("rerolls", "i4"),  # rolls after the first of a turn
        ("orc_locks", "i4"),  # dice locked by an Orc
        ("items_crafted", "i4"),
        ("vaults_crafted", "i4"),
        ("burglaries", "i4"),  # thefts made (burglar faces or a patron)
        ("stolen_from", "i4"),  # thefts suffered
        ("patrons_drawn", "i4"),  # dealt, mulligan and fulfilment draws
        ("patrons_fulfilled", "i4"),
        ("resources_banked", "i4"),
        ("returned", "i4"),  # cards returned by the storage check
        ("turns_to_target", "i4"),  # own turns taken when reaching the target, 0 = never
        ("ended_game", "i1"),  # 1 = the active seat when the game ended
        ("rank", "i1"),  # 1 = best, ties share
        ("win", "f4"),  # 1, or 1/k for each of k tied winners (cap only); 0 otherwise
    ]
)

# per-game scratch: opts int16[MAX_OPTIONS, OPT_W] (the option rows of a decision), log
# int32[n_log, LOG_W] (n_log = 0: no log), params float64[MAX_PLAYERS, MAX_PARAMS], cev
# int16[n_cev, CEV_W] the game's card events (n_cev = 0: none)
Work = namedtuple("Work", ["opts", "log", "params", "cev"])


def new_state(n_games: int) -> tuple[np.recarray, np.recarray]:
    """Zeroed GAME[n_games] and SEAT[n_games, MAX_PLAYERS] record arrays."""
    games = np.zeros(n_games, GAME).view(np.recarray)
    seats = np.zeros((n_games, MAX_PLAYERS), SEAT).view(np.recarray)
    return games, seats


def new_work(params: np.ndarray, n_log: int = 0, n_cev: int = 0) -> Work:
    """A Work bundle for one game (or a hand-made state: tests)."""
    opts = np.zeros((MAX_OPTIONS, OPT_W), np.int16)
    log = np.zeros((n_log, LOG_W), np.int32)
    cev = np.zeros((n_cev, CEV_W), np.int16)
    return Work(opts, log, np.ascontiguousarray(params, np.float64), cev)
