"""A turn (spec 1.2.2, 1.2.3): the round cap, refresh, the End tile's draw and free
production, the roll and the move, the hand limit, and the turn passing left."""

from __future__ import annotations

from simcore.games.ewmh.codes import Effect, Rule, Timing
from simcore.games.ewmh.rules.decks_nb import draw_comps_nb
from simcore.games.ewmh.rules.effects_nb import start_take_nb
from simcore.games.ewmh.rules.held_nb import plays_text_nb, refreshes_nb
from simcore.games.ewmh.rules.keep_nb import turn_start_keep_nb
from simcore.games.ewmh.rules.log_nb import log_nb
from simcore.games.ewmh.rules.move_nb import move_pawn_nb, tile_nb
from simcore.games.ewmh.rules.patrons_nb import use_roll_mult_nb
from simcore.games.ewmh.rules.scoring_nb import end_game_nb
from simcore.games.ewmh.rules.trigger_nb import (
    open_roll_windows_nb,
    queue_trigger_nb,
    window_pending_nb,
)
from simcore.games.ewmh.state.codes import VOC_CARD, End, Ev, Stage, Trigger
from simcore.games.ewmh.state.dtypes import Stream
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import randint_nb


@kernel
def back_to_phase_nb(g, s):
    """After an action: its reaction windows first, in the order of their triggers (ruling
    EW-25; rules/trigger_nb.py); then free productions owed (an arrival, the End tile), at
    once, in turn order from the current seat (ruling EW-15); then the free phase."""
    if window_pending_nb(g):
        return
    for i in range(g.n_players):
        q = (g.current + i) % g.n_players
        if s[q].pending_free > 0:
            g.stage = Stage.FREE
            g.actor = q
            return
    g.stage = Stage.PHASE
    g.actor = g.current


@kernel
def n_flipped_nb(g, s, p):
    """Flipped effect cards of seat p, its vocation included."""
    n = s[p].voc_flipped
    for c in range(g.n_cards):
        if g.card_loc[c] == p and g.card_flipped[c] == 1:
            n += 1
    return n


@kernel
def refresh_one_nb(g, s, w, p, c):
    """Seat p refreshes card c (VOC_CARD: its vocation) to its green side."""
    if c == VOC_CARD:
        s[p].voc_flipped = 0
    else:
        g.card_flipped[c] = 0
    log_nb(g, w, p, Ev.REFRESH, c, 0, 0, 0)


@kernel
def refresh_all_nb(g, s, w, p):
    """Seat p refreshes every flipped card (no more than it may: the caller checks)."""
    if s[p].voc_flipped == 1:
        refresh_one_nb(g, s, w, p, VOC_CARD)
    for c in range(g.n_cards):
        if g.card_loc[c] == p and g.card_flipped[c] == 1:
            refresh_one_nb(g, s, w, p, c)


@kernel
def start_turn_nb(cards, g, s, w):
    """The current seat's turn begins. At the start of round round_cap the game ends by the
    cap: every pawn not on End is placed there, without arrival productions (ruling EW-17).
    Then refresh up to 3 (+1 per Inspiration) flipped cards, always at the start of the
    turn (rulebook: On your turn, Refresh): all of them if no more are flipped, else the
    player chooses which (REFRESH)."""
    p = g.current
    if p == g.first:
        g.rounds += 1
        if g.rounds >= cards.rules[Rule.ROUND_CAP]:
            length = int(cards.rules[Rule.PATH_LENGTH])
            for q in range(g.n_players):
                if s[q].arrival == 0:
                    s[q].pos = length
            end_game_nb(cards, g, s, w, End.CAP)
            return
    g.turn += 1
    s[p].turns += 1
    g.rolled = 0
    g.reduce = 0
    g.bank = 0
    g.medici = -1
    g.pending_double = 0  # Josquin: "this turn" (ruling EW-26)
    g.actor = p
    log_nb(g, w, p, Ev.TURN, g.turn, s[p].pos, 0, 0)
    turn_start_keep_nb(cards, g, s, w, p)  # patrons: ruling EW-20 (grace), EW-7 (one_round)
    allowed = refreshes_nb(cards, g, p)
    if n_flipped_nb(g, s, p) <= allowed:
        refresh_all_nb(g, s, w, p)
        after_refresh_nb(cards, g, s, w)
    else:
        g.stage = Stage.REFRESH
        g.left = allowed


@kernel
def after_refresh_nb(cards, g, s, w):
    """A turn begun on End, while a player has yet to arrive: draw 1 composition and
    produce 1 at no cost; no roll, no tile (rulebook: The end of the Age; ruling EW-16).
    Otherwise the free phase before the roll (ruling EW-13)."""
    p = g.current
    if s[p].arrival > 0:
        draw_comps_nb(g, s, w, p, int(cards.rules[Rule.END_DRAW]))
        s[p].pending_free += int(cards.rules[Rule.END_FREE])
        g.rolled = 1
    back_to_phase_nb(g, s)


@kernel
def rondeaux_card_nb(cards, g, p):
    """A fresh card of seat p that rerolls a die (Rondeaux), or -1."""
    for c in range(g.n_cards):
        fresh = g.card_loc[c] == p and g.card_flipped[c] == 0
        rerolls = plays_text_nb(cards, c) == Effect.REROLL
        if fresh and rerolls and cards.design_timing[cards.card_design[c]] == Timing.FLIP:
            return c
    return -1


@kernel
def roll_nb(cards, g, s, w, p):
    """Seat p rolls the d6 (rulebook: Move your guy); with a fresh Rondeaux it may reroll
    (REROLL, ruling EW-28), else the roll windows open before it moves (ruling EW-25)."""
    g.die1 = 1 + randint_nb(g.rng, Stream.DICE, int(cards.rules[Rule.DIE_SIDES]))
    g.die2 = 0
    g.rolled = 1
    s[p].rolls += 1
    if rondeaux_card_nb(cards, g, p) >= 0:
        g.stage = Stage.REROLL
        g.actor = p
    else:
        settle_roll_nb(g, s, p, g.die1)


@kernel
def settle_roll_nb(g, s, p, d):
    """Seat p's die result d is chosen: a pending Philip the Good doubling multiplies it
    first (spec 1.2.2 step 3: Philip, Rondeaux, Council of Trent, Machaut; ruling EW-21),
    then the roll windows open before the move (ruling EW-25)."""
    g.die_mult = use_roll_mult_nb(s, p)
    open_roll_windows_nb(g, p, d * g.die_mult)


@kernel
def reroll_nb(cards, g, s, w, p, c):
    """Seat p flips Rondeaux (card c) to reroll its die; it then uses either result
    (rulebook: "You can use either the first or second result")."""
    g.card_flipped[c] = 1
    s[p].flips += 1
    s[p].rolls += 1
    log_nb(g, w, p, Ev.FLIP, c, -1, -1, -1)
    g.die2 = 1 + randint_nb(g.rng, Stream.DICE, int(cards.rules[Rule.DIE_SIDES]))
    g.stage = Stage.REROLL_PICK


@kernel
def die_move_nb(cards, g, s, w, p, d):
    """Seat p moves d spaces by its die; unless it arrives, the tile it lands on triggers
    (rulebook: "Only the result of the dice indicates what tile you will trigger"; ruling
    EW-14); a take tile continues in the TAKE stage (the array or the deck top). The die
    is already multiplied by Philip the Good and modified in the roll windows
    (settle_roll_nb). The tile opens a window for Charlemagne (ruling EW-39), after the
    lander's own benefit."""
    log_nb(g, w, p, Ev.ROLL, g.die1, d, g.die2, max(1, int(g.die_mult)))
    g.die_mult = 0
    if move_pawn_nb(cards, g, s, w, p, d, True) == 1:
        if cards.path[s[p].pos] >= 0:
            queue_trigger_nb(g, Trigger.TILE, p, cards.path[s[p].pos], 0)
        n = tile_nb(cards, g, s, w, p)
        if n > 0:
            start_take_nb(g, p, n, n, True, False)
            return
    back_to_phase_nb(g, s)


@kernel
def end_turn_nb(cards, g, s, w, p):
    """The turn passes left (ruling EW-4). When every pawn is on End, the last arriver has
    finished its turn and the game is over (rulebook: "When all players have reached the
    end, the game is concluded"; ruling EW-17). The hand limit, William V and the patron
    check come before (rules/turn_end_nb.py), which judges Violation.HAND."""
    if g.n_arrived >= g.n_players:
        end_game_nb(cards, g, s, w, End.ALL_ARRIVED)
        return
    g.current = (p + 1) % g.n_players
    g.stage = Stage.TURN
