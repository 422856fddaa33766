"""Every Early Western Music History dtype and engine size, each field with its unit,
range and sentinel.

State is two structured arrays per batch: GAME (one record per game) and SEAT (one per
game and seat, shape (n_games, MAX_PLAYERS)); the card data is the read-only `Tables`
named tuple (carddata/compile.py). Record arrays (np.recarray), so every kernel also
runs with NUMBA_DISABLE_JIT=1.

Effect cards are tracked by place, not by hand lists: `card_loc[c]` is the seat holding
card c (0..8) or one of the Loc codes, `card_flipped[c]` its face (ruling EW-44: cards
enter fresh). The deck and the discard pile are stacks (top = last), the array a row of
slots. Compositions alike: `comp_owner[k]` and `comp_state[k]`.
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np

from simcore.games.ewmh.sizes import MAX_COMPOSITIONS, MAX_EFFECT_CARDS, MAX_PLAYERS

MAX_ARRAY = 24  # array slots: rules.toml array_size (at most 10) plus lost patrons (phase b)
MAX_DRAFT = 10  # cards of one draft packet (rules.toml draft_cards, at most 10)
OPT_W = 6  # option row: kind, a, b, c, d, e (state/codes.Opt)
# the most options of one decision: the free phase lists each usable design once with
# its targets (Royal Annex: every card held, at most MAX_EFFECT_CARDS; Lost to History:
# every published piece, at most MAX_COMPOSITIONS) and each (genre, banner) in hand; a
# decision that would list more drops the rest and sets Violation.OPTIONS
MAX_OPTIONS = 1024
LOG_W = 8  # event row: round, seat, code, a, b, c, d, e (state/codes.Ev)
CEV_W = 5  # card event row: seat, CardKind, card, CardEvent, round (simcore/games/events_nb.py)
# card events a game can record (more is an error, simcore/games/batches.py): random play
# wrote at most 984 at 9 players (6,000 games, 37 rounds, up to 53 a round); a game at
# the 60-round cap (ruling EW-17) may write about 60 x 35 = 2,100 and more: room for
# half as much again (12 KiB a game: 75 MiB for a chunk of 4,096 games)
MAX_CARD_EVENTS = 3072
MAX_TRIGGERS = 32  # reaction triggers queued at once (GAME.rq): one action's moves and draws
MAX_ACTS = 2  # pending activations: a card's, and a Guild License against it (ruling EW-38)


class Loc(IntEnum):
    """Where an effect card is when no seat holds it (card_loc; 0..MAX_PLAYERS-1 = a seat)."""

    DECK = -1  # in the effect deck (deck[])
    ARRAY = -2  # face up in the array (array[])
    DISCARD = -3  # in the discard pile (discard[])
    PACKET = -4  # in a draft packet at setup (packet[])
    NONE = -5  # not in this game (ids >= the data's card count)


class CompState(IntEnum):
    """Where a composition card is (comp_state)."""

    DECK = 0  # in the composition deck (comp_deck[])
    HAND = 1  # face down in comp_owner's hand: "unpublished"
    PUBLISHED = 2  # produced, face up in front of comp_owner
    DISCARD = 3  # removed by Lost to History (ruling EW-43: the discard it feeds)
    NONE = 4  # not in this game


class Stream(IntEnum):
    """Independent random streams per game (spec 1.3, Randomness)."""

    SETUP = 0  # the deck shuffles and the first player
    DICE = 1  # the movement die, Music of the Spheres, the Rondeaux reroll
    DECK = 2  # reshuffles, Plagiarize's random piece, Peasants' Revolt's deal
    STRATEGY = 3  # strategies' own draws (simcore.kernels.rng_nb.STRATEGY_STREAM: the last)


N_STREAMS = len(Stream)

GAME = np.dtype(
    [
        ("index", "i8"),  # game index within the run
        ("seed", "i8"),  # game seed (63 bits): the game replays from it alone
        ("n_players", "i1"),  # 2..MAX_PLAYERS
        ("rng", "u8", (N_STREAMS,)),  # SplitMix64 state per Stream
        ("first", "i1"),  # the seat that picked a vocation first and moves first
        ("current", "i1"),  # the seat whose turn it is (setup: -1)
        ("actor", "i1"),  # the seat that decides at this stage (may differ from current)
        ("stage", "i1"),  # state/codes.Stage
        ("rounds", "i2"),  # rounds begun, 1..round_cap (0 during setup)
        ("turn", "i4"),  # turns begun, all seats
        ("rolled", "i1"),  # 1 once the current turn's die is rolled (free phase B)
        ("n_arrived", "i1"),  # pawns on End, 0..n_players
        # setup
        ("pick_step", "i1"),  # vocation picks or draft keeps taken this draft round
        ("draft_round", "i1"),  # draft rounds done, 0..draft_cards
        ("voc_left", "i1", (8,)),  # copies of each vocation left to pick (ruling EW-3)
        ("packet", "i1", (MAX_PLAYERS, MAX_DRAFT)),  # draft packet held by each seat; -1 empty
        # effect cards
        ("n_cards", "i2"),  # physical effect cards in the data, 0..MAX_EFFECT_CARDS
        ("card_loc", "i1", (MAX_EFFECT_CARDS,)),  # seat 0..8, or Loc
        ("card_flipped", "i1", (MAX_EFFECT_CARDS,)),  # 1 = red (flipped), 0 = green (fresh)
        ("deck", "i1", (MAX_EFFECT_CARDS,)),  # effect deck, bottom first; top = deck[deck_n-1]
        ("deck_n", "i2"),  # cards in the deck
        ("discard", "i1", (MAX_EFFECT_CARDS,)),  # discard pile, oldest first
        ("discard_n", "i2"),  # cards in the discard pile
        ("array", "i1", (MAX_ARRAY,)),  # face-up cards; -1 = empty slot
        # compositions
        ("n_comps", "i2"),  # composition cards in the data, 0..MAX_COMPOSITIONS
        ("comp_state", "i1", (MAX_COMPOSITIONS,)),  # CompState
        ("comp_owner", "i1", (MAX_COMPOSITIONS,)),  # holder seat; -1 = none
        ("comp_base", "i2", (MAX_COMPOSITIONS,)),  # its banner points (full or half)
        ("comp_bonus", "i2", (MAX_COMPOSITIONS,)),  # its vocation + genre bonuses (ruling EW-10)
        ("comp_voc", "i2", (MAX_COMPOSITIONS,)),  # of which the vocation bonus
        ("comp_age", "i1", (MAX_COMPOSITIONS,)),  # the Age of the banner produced; -1 = none
        ("comp_deck", "i2", (MAX_COMPOSITIONS,)),  # the deck, top = comp_deck[comp_deck_n - 1]
        ("comp_deck_n", "i2"),  # cards in the composition deck
        ("comp_discard_n", "i2"),  # cards in the composition discard (comp_state DISCARD)
        # the pending work of the current decision stage
        ("left", "i2"),  # units still to pay / cards to take / to discard / to flip
        ("taken", "i2"),  # cards taken or discarded so far in this stage
        ("take_min", "i2"),  # takes the actor must make before STOP is offered
        ("take_deck", "i1"),  # 1 = the deck top may be taken (rulebook: "take an Effect card")
        ("take_patron", "i1"),  # 1 = only patrons may be taken (Higher Education, face B)
        ("concert_step", "i1"),  # Concertante: seats after the activator handled; -1 = none
        ("discard_mode", "i1"),  # DISCARD_OWN: 0 Noble Sacrifice, 1 Wandering Minstrel
        ("per_card", "i1"),  # Wandering Minstrel: spaces per card discarded
        ("paying", "i2"),  # PAY: the composition card being produced; -1 = none
        ("pay_age", "i1"),  # PAY: the Age of its banner
        ("die1", "i1"),  # the movement die as rolled, 1..die_sides
        ("die2", "i1"),  # its reroll (Rondeaux); 0 = none
        ("reduce", "i1"),  # Printing Press: cost off the next production this turn (ruling EW-12)
        ("bank", "i1"),  # House Medici's own unit, paid into the next production this turn
        ("medici", "i1"),  # the seat whose fresh cards pay this turn (House Medici); -1 = none
        # outcome
        ("end_trigger", "i1"),  # state/codes.End; NONE while playing
        ("violations", "i4"),  # bitmask of state/codes.Violation; 0 = sound
        ("n_decisions", "i4"),  # decisions with more than one option, all seats
        ("log_n", "i4"),  # event rows written (may exceed the log buffer: then replayed)
        ("cev_n", "i4"),  # card events recorded (state/codes.CardEvent; rules/log_nb.py)
        # patrons and keep checks (phase b: rules/patrons_nb.py, rules/keep_nb.py)
        ("ending", "i1"),  # end-of-turn step (rules/turn_end_nb.py): 0 = not ending, 1..3
        ("card_start", "i1", (MAX_EFFECT_CARDS,)),  # 1 = the current seat held it at turn start
        ("pieces_start", "i2"),  # the current seat's pieces published when its turn began
        ("disc_pending", "i1", (MAX_PLAYERS,)),  # effect cards each seat discarded, not yet
        # paid to Amadeus VIII's holders (ruling EW-22); 0 after every option
        ("array_lost_by", "i1", (MAX_ARRAY,)),  # seat + 1 that lost the patron in this slot
        # (patron_in_array = one_round: it leaves at that seat's next turn); 0 = none
        # phase (c): reactions, Absolution, Josquin (rules/react_nb.py, activation_nb.py)
        ("rq_n", "i1"),  # triggers queued, 0..MAX_TRIGGERS
        ("rq", "i2", (MAX_TRIGGERS, 4)),  # queued trigger: Trigger, src seat, a, b (FIFO)
        ("win", "i1"),  # the open reaction window's Trigger; 0 = none
        ("win_step", "i1"),  # the next seat to ask, counted in turn order from `current`
        ("win_src", "i1"),  # the seat whose action opened the window
        ("win_a", "i2"),  # the trigger's a (from position, pawn, tile entry, ...)
        ("win_b", "i2"),  # the trigger's b (to position)
        ("die_move", "i1"),  # the die move awaiting the roll windows (negative: inverted)
        ("die_mult", "i1"),  # Philip the Good's multiplier of that move; 0 = none (logged)
        ("act_n", "i1"),  # pending activations, 0..MAX_ACTS (1: a Guild License's)
        ("act_seat", "i1", (MAX_ACTS,)),  # the activating seat
        ("act_kind", "i1", (MAX_ACTS,)),  # Opt.FLIP, SPEND, VOC or REACT
        ("act_src", "i2", (MAX_ACTS,)),  # the card (the ability, for VOC)
        ("act_effect", "i1", (MAX_ACTS,)),  # codes.Effect played
        ("act_b", "i2", (MAX_ACTS,)),  # target b of its option row
        ("act_c", "i2", (MAX_ACTS,)),  # target c of its option row
        ("negated", "i1", (MAX_ACTS,)),  # 1 = negated by Absolution (ruling EW-25)
        ("act_mult", "i1", (MAX_ACTS,)),  # amount multiplier: 1, or Josquin's factor (EW-26)
        ("abs_step", "i1"),  # the Absolution window: next seat to ask from `current`
        ("pending_double", "i1"),  # Josquin's factor for the current seat's next ability; 0 none
        ("guard", "i1"),  # 1 = Guild License stops the pending discard or steal (EW-38)
        ("mover", "i1"),  # the seat whose effect is resolving, plus 1; 0 = none (own moves)
        ("sph_n", "i1"),  # Music of the Spheres: dice rolled, 0..4
        ("sph_dice", "i1", (4,)),  # their results
        ("sph_draw", "i1"),  # compositions drawn on a consonance (Josquin doubles it)
        ("sph_die", "i1"),  # the die Rondeaux rerolled (SPHERES_PICK)
        ("sph_new", "i1"),  # its new result
    ]
)

SEAT = np.dtype(
    [
        ("strategy", "i2"),  # strategy id (strategies/ewmh/registry.py)
        ("start_pos", "i1"),  # turn position at the start, 0 = first player
        ("vocation", "i1"),  # vocation index (vocations.toml order); -1 before the pick
        ("voc_flipped", "i1"),  # 1 = the vocation card is flipped (red)
        ("pos", "i2"),  # pawn position, 0 = Start .. path_length = End
        ("arrival", "i1"),  # arrival position, 1 = first; 0 = not arrived (the cap places it)
        ("pending_free", "i1"),  # free productions owed at once (arrival, End tile), 0..18
        ("points", "i2"),  # final score: published pieces' points + unproduced pieces
        ("points_base", "i2"),  # banner points of the published pieces (full or half)
        ("points_vocation", "i2"),  # vocation tag bonuses of the published pieces
        ("points_genre", "i2"),  # genre bonuses (Ockeghem, Susato, ...) of the published pieces
        ("points_unproduced", "i2"),  # unproduced pieces in hand at the end x unproduced_points
        ("running", "i2"),  # points of pieces as produced, less pieces removed (checked at the end)
        ("produced", "i2"),  # pieces produced by paying
        ("produced_free", "i2"),  # pieces produced at no cost (arrival, End tile)
        ("lost", "i2"),  # own pieces removed by Lost to History
        ("comps_drawn", "i2"),  # compositions drawn (tiles, cards, End tile)
        ("comps_stolen", "i2"),  # compositions stolen from others (Plagiarize)
        ("effects_gained", "i2"),  # effect cards drawn or taken after the draft
        ("flips", "i2"),  # effect cards and vocation abilities flipped for their text
        ("spends", "i2"),  # effect cards spent
        ("units", "i2"),  # production units paid (Petrucci counts 3)
        ("turns", "i2"),  # turns begun
        ("rolls", "i2"),  # movement dice rolled (a reroll counts)
        ("rank", "i1"),  # 1 = best, ties share (tie_break arrival: the earlier arriver)
        ("win", "f4"),  # 1, or 1/k for each of k tied winners; 0 otherwise
        ("roll_mult", "i1"),  # Philip the Good: the next own roll x this; 0 = none pending
        ("negative", "i1"),  # 1 = a negative action since its last keep check (ruling EW-20)
        ("patrons_lost", "i2"),  # patrons lost at keep checks
        ("patron_spaces", "i2"),  # spaces moved by William V and Amadeus VIII
    ]
)


def new_state(n_games: int) -> tuple[np.recarray, np.recarray]:
    """Zeroed GAME[n_games] and SEAT[n_games, MAX_PLAYERS] record arrays."""
    games = np.zeros(n_games, GAME).view(np.recarray)
    seats = np.zeros((n_games, MAX_PLAYERS), SEAT).view(np.recarray)
    return games, seats
