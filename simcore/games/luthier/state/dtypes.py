"""Every Luthier state and record dtype, with each field's unit, range and sentinel.

State is two structured arrays per batch: `GAME` (one record per game) and
`SEAT` (one record per game and seat, shape (n_games, MAX_PLAYERS)). Kernels
mutate them in place; result tables are read off the final state in Python.

Widths (issue 32: no silent overflow). Each field holds the largest value the card
schema (cards_schema.py, cards_rules.py) allows over the longest game (MAX_ROUNDS):
- Sums of gains are int32: money, inspiration, prestige (also by source and per round),
  `gained`, `n_discarded`. A game has at most MAX_ROUNDS x N_CHIPS = 60 actions and
  12 market visits; one gain is at most 999 prestige (a card) or 99 of a resource (a
  bundle, an amount, x MAX_COMPLETED patron powers), so these stay below SUM_BOUND, far
  inside int32 (int16 wrapped at 32,767 with repairs at 999 prestige over 12 rounds).
  `invariants_nb.OVERFLOW` flags any of them past 2**30 all the same.
- Counts (n_placed, performances, n_bought, gifts, ...) count actions (60 at most), cards,
  or market trades (per visit and material at most the storage, 120; 12 visits): below
  1,500, int16, as is perf_base (skill and result bonuses, below 5,000). Things bounded
  by a rule range or a buffer (storage <= 2 x 60, tokens <= 99, tracks, chips) are int8.
- Buffers (hand, completed patrons, card rows) have fixed sizes; a value that does not
  fit is refused by the loader (cards_capacity.py, board slots <= MAX_SLOTS) or, when
  play reaches it, flagged as `invariants_nb.OVERFLOW` (never dropped silently).
"""

from __future__ import annotations

from enum import IntEnum

import numpy as np

from simcore.games.luthier.state.codes import CardKind
from simcore.games.luthier.state.enums import N_RES, N_SOURCES

MAX_PLAYERS = 4
N_CHIPS = 5  # numbered worker chips 1..5; chip index c has value c + 1
MAX_DECK = 96  # cards a deck or discard pile can hold
MAX_MARKET = 32
MAX_SMALL_DECK = 16  # royal patrons, each specialty deck
MAX_SLOTS = 6  # face-up slots per (row, tier): board.toml slots are 0..MAX_SLOTS
MAX_PLACEMENTS = MAX_PLAYERS * N_CHIPS
MAX_HAND = 24  # instrument cards in hand (the Guild is not offered to a full hand)
MAX_COMPLETED = 24  # completed patrons per seat (one more: invariants_nb.OVERFLOW)
MAX_AWARDS = 4
MAX_ROUNDS = 12  # rounds a game may have (rules `rounds`); longer games outgrow the buffers
CARD_BITS = 96  # per card kind in a seat's offered/picked bitmaps (offers_nb): card ids 0..95
N_CARD_KINDS = len(CardKind)
MAX_SPOTS = 48  # orchestra spots
MAX_PATRON_IDS = 64  # patron cards (I, II and royal) a card set may hold
MAX_SPECIALTY_IDS = 32
N_TOKEN_KINDS = 3  # 0 instrument, 1 performance, 2 repair
NEUTRAL = MAX_PLAYERS  # orchestra token owner index of the 2-player neutral tokens
OPT_W = 6  # option row: kind, a, b, c, d, e
MAX_OPTIONS = 512
LOG_W = 8  # event row: round, seat, code, a, b, c, d, e
CEV_W = 6  # card event row: seat, CardKind, card id, CardEvent, round, detail
MAX_CARD_EVENTS = 640  # card events a game can record (more is an error, see engine.py)
PLAN_MEMO_W = 64  # float64 scratch per seat that a strategy keeps through a planning phase
SUM_BOUND = 10**7  # money, inspiration and prestige stay below it (see the top; tested)


class Stream(IntEnum):
    """Independent random streams per game (common random numbers across runs)."""

    SETUP = 0  # deck shuffles and deals at setup
    DICE = 1  # performance dice
    DECK = 2  # reshuffles during play
    STRATEGY = 3  # decisions and tie-breaks of strategies


N_STREAMS = len(Stream)


GAME = np.dtype(
    [
        ("index", "i8"),  # game index within the run, 0..n_games-1
        ("seed", "i8"),  # game seed (63 bits): `tutti play --seed` replays the game
        ("n_players", "i1"),  # 2..4
        ("round_no", "i1"),  # 0 = setup, 1..6 = playing, 7 = game over
        ("phase", "i1"),  # Phase code
        ("rng", "u8", (N_STREAMS,)),  # SplitMix64 state per Stream
        ("turn_order", "i1", (MAX_PLAYERS,)),  # seat at turn position k; -1 = unused
        # card-row decks, indexed by CardRow; drawn from the END (deck[n-1] is the top)
        ("decks", "i2", (4, MAX_DECK)),  # card ids (instrument type ids, one per copy)
        ("deck_n", "i2", (4,)),  # cards left in each deck
        ("discs", "i2", (4, MAX_DECK)),  # discard piles, reshuffled when a deck runs out
        ("disc_n", "i2", (4,)),
        ("market_deck", "i2", (MAX_MARKET,)),  # next market card on top
        ("market_deck_n", "i2"),
        ("market_card", "i2"),  # market card in force this round
        ("royal_deck", "i2", (MAX_SMALL_DECK,)),  # players + 1 cards
        ("royal_deck_n", "i2"),
        ("specialty_deck", "i2", (3, MAX_SMALL_DECK)),  # per SpecialtyDeck, players + 1
        ("specialty_deck_n", "i2", (3,)),
        ("family_pool", "i2", (MAX_DECK,)),  # family tiles not yet dealt
        ("family_pool_n", "i2"),
        ("goal_pool", "i2", (MAX_DECK,)),
        ("goal_pool_n", "i2"),
        # face-up card rows: [CardRow, tier 0..2, slot]; -1 = empty or unused slot
        ("rows", "i2", (4, 3, MAX_SLOTS)),
        ("awards", "i2", (MAX_AWARDS,)),  # award tile ids in play; -1 = none
        ("award_claimed", "i1", (MAX_AWARDS, 3)),  # seat that claimed a level; -1 open
        # orchestra: chair holder per spot; tokens per spot, owner (seats + neutral), kind
        ("chair_seat", "i1", (MAX_SPOTS,)),  # -1 = empty chair
        ("chair_kind", "i1", (MAX_SPOTS,)),  # token kind holding the chair; -1 = empty
        ("tokens", "i1", (MAX_SPOTS, MAX_PLAYERS + 1, N_TOKEN_KINDS)),
        # this round's worker placements, in placement order
        ("pl_n", "i1"),  # placements made, 0..MAX_PLACEMENTS
        ("pl_seat", "i1", (MAX_PLACEMENTS,)),  # owner seat
        ("pl_loc", "i1", (MAX_PLACEMENTS,)),  # Location
        ("pl_chip", "i1", (MAX_PLACEMENTS,)),  # chip index 0..4 (value = index + 1)
        ("pl_appr", "i1", (MAX_PLACEMENTS,)),  # apprentices on the chip, 0..3
        ("pl_done", "i1", (MAX_PLACEMENTS,)),  # 1 once the chip has acted
        ("balcony", "i1", (MAX_PLACEMENTS,)),  # seats in Balcony priority order this round
        ("balcony_n", "i1"),
        ("power_used", "i1", (MAX_PATRON_IDS,)),  # 1 = patron c's lifetime power took effect
        ("ability_used", "i1", (MAX_SPECIALTY_IDS,)),  # 1 = specialty card c's ability did
        # the performance being resolved, visible to strategies for rerolls and inspiration
        ("perf_card", "i2"),  # performance card; -1 when none
        ("perf_notes", "i1", (2,)),  # notes showing on the two note dice
        ("perf_colors", "i1", (2,)),  # 0 white, 1 black
        ("perf_base", "i2"),  # skill + result bonuses added to the notes
        ("violations", "i4"),  # bitmask of invariants_nb codes seen during play; 0 = sound
        ("n_decisions", "i4"),  # decisions taken (all seats)
        ("n_turns", "i4"),  # resolution turns taken
        ("log_n", "i4"),  # event rows written (may exceed the log buffer: then truncated)
        ("cev_n", "i4"),  # card events recorded (may exceed the buffer: then an error)
        # where the game loop stands (resume_nb.py: a game stopped at a decision resumes here)
        ("cursor", "i1"),  # turn position next to play in this planning / resolution pass
        ("pass_moved", "i1"),  # 1 = a seat placed (planning) / took a turn (resolution) this pass
    ]
)


SEAT = np.dtype(
    [
        ("strategy", "i2"),  # strategy id (registry order)
        ("start_pos", "i1"),  # turn position at game start, 0 = first player
        ("family", "i2"),  # family tile id; -1 before setup
        ("family_dealt", "i2", (2,)),
        ("goals_dealt", "i2", (4,)),
        ("goals", "i2", (4,)),  # kept personal goals; -1 = none
        ("money", "i4"),  # coins, >= 0
        ("inspiration", "i4"),  # tokens, >= 0 (int32: a sum of gains, see the top)
        ("materials", "i2", (3,)),  # animal, wood, metal; sum <= storage
        ("apprentices", "i1"),  # apprentices in supply (not placed), 0..3
        ("appr_lost", "i1"),  # apprentices removed from the game by deck searches
        ("storage", "i1"),  # material capacity: 9, or 12 with the award benefit
        ("chip_owned", "i1", (5,)),  # 1 = numbered chip c has joined the family
        ("chip_free", "i1", (5,)),  # 1 = chip c not yet placed this round
        ("chip_specialty", "i2", (5,)),  # specialty card chip c is assigned to; -1 = none
        ("specialty", "i2", (3,)),  # specialty cards gained (ruling 13); -1 = none
        ("specialty_n", "i1"),
        ("specialty_pending", "i1"),  # cards gained this round, awaiting a chip at round end
        ("hand", "i2", (MAX_HAND,)),  # instrument type ids in hand; -1 = empty
        ("hand_n", "i1"),
        ("rough_bench", "i2", (2,)),  # instrument type ids; -1 = empty
        ("finish_bench", "i2", (2,)),
        ("patrons", "i2", (3,)),  # active patron per slot; -1 = empty
        ("patience", "i1", (3,)),  # cube step 0..2 (ruling 1)
        ("patron_met", "i1", (3, 3)),  # [slot, requirement]: 1 = met (0 primary, 1-2 secondary)
        # cards kept under each patron toward its requirements, matched to them only when it
        # completes (ruling 21): [slot, card, 0 = ReqCard kind / 1 = its Family or Era]
        ("patron_cards", "i1", (3, 3, 2)),
        ("patron_cards_n", "i1", (3,)),  # cards kept per slot, 0..3 (= requirements met)
        ("completed", "i2", (MAX_COMPLETED,)),  # completed patron ids
        ("completed_n", "i1"),
        ("tracks", "i1", (3,)),  # position on each Track from the start space 0
        ("n_awards", "i1"),  # public award levels claimed
        ("chairs_held", "i1"),  # first chairs held at the end of the game
        # orchestra tokens placed by token kind (0 instrument, 1 performance, 2 repair),
        # 0..the colour's supply (ruling 25: rules INSTRUMENT_TOKENS.., 8 each)
        ("tokens_placed", "i1", (3,)),
        ("award_markers", "i1"),  # bitmask of markers left: 1 storage, 2 royal, 4 purple
        ("market_done", "i1"),  # 1 = visited the market this round
        ("passed", "i1"),  # 1 = passed this resolution phase
        ("prestige", "i4"),  # current prestige, >= 0 (int32: see the top)
        ("prestige_src", "i4", (N_SOURCES,)),  # prestige gained by Source (PATIENCE <= 0)
        ("prestige_round", "i4", (MAX_ROUNDS,)),  # prestige at the end of each round's play
        # pick rates (offers_nb): bit CARD_BITS * CardKind + card id, set when a decision of
        # this seat offered that card / when the seat chose it
        ("offered", "u1", (N_CARD_KINDS * CARD_BITS // 8,)),
        ("picked", "u1", (N_CARD_KINDS * CARD_BITS // 8,)),
        ("final_money", "i4"),  # money left after end-game conversion (tie-break)
        ("rank", "i1"),  # 1 = first; tied seats share a rank
        ("win", "f4"),  # 1 / number of tied winners, else 0
        # counters for results
        ("n_roughed", "i2"),
        ("finished", "i2", (3,)),  # instruments finished per Family
        ("finished_rare", "i2"),
        ("performances", "i2", (3, 3)),  # [era, level 0 low / 1 medium / 2 high]
        ("repairs", "i2", (3,)),  # repairs per Family
        ("n_searched", "i2"),  # deck searches
        ("chairs_claimed", "i2"),  # first chairs claimed or stolen during play
        ("n_consoled", "i2"),
        ("patrons_taken", "i2", (4,)),  # by PatronType (setup, Salon, royal benefit)
        ("patrons_lost", "i2", (4,)),  # left through patience, by PatronType
        ("requirements_met", "i2"),  # patron requirements satisfied
        ("gifts", "i2"),  # patron gifts received
        ("goal_prestige", "i2", (4,)),  # end-game prestige per kept goal slot, 0..999 (a level)
        ("n_placed", "i2", (7,)),  # chips placed per Location
        ("n_alt", "i2"),  # alternate actions taken (incl. 2 money)
        ("n_bought", "i2", (3,)),  # materials bought at the market
        ("n_sold", "i2", (3,)),
        ("n_hired", "i2"),  # apprentices hired at the market
        ("n_trained", "i2", (3,)),  # track steps bought at the market
        ("n_discarded", "i4"),  # materials discarded over the storage cap (<= materials gained)
        ("gained", "i4", (N_RES,)),  # everything gained, by Res column
        # the seat's strategy scratch through a planning phase (decide_planned_nb; NaN at
        # the phase start): in the state, so a copy taken mid-phase carries it
        ("plan_memo", "f8", (PLAN_MEMO_W,)),
    ]
)


class Phase(IntEnum):
    SETUP = 0
    START_OF_ROUND = 1
    PLANNING = 2
    RESOLUTION = 3
    END_OF_ROUND = 4
    GAME_OVER = 5


def new_state(n_games: int) -> tuple[np.ndarray, np.ndarray]:
    """Zeroed game and seat arrays for a batch: shapes (n_games,) and (n_games, MAX_PLAYERS).

    They are record arrays so that, with NUMBA_DISABLE_JIT=1, kernels running as
    plain Python can use the same `g.field` attribute syntax as compiled ones.
    """
    games = np.zeros(n_games, GAME).view(np.recarray)
    seats = np.zeros((n_games, MAX_PLAYERS), SEAT).view(np.recarray)
    return games, seats
