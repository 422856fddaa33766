"""The four phases of a round (rulebook p.34, "Sequence of a Round")."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.actions.actions_nb import worker_acts_nb
from simcore.games.luthier.actions.instruments_nb import bench_moves_nb
from simcore.games.luthier.actions.market_nb import visit_market_nb
from simcore.games.luthier.output.log_nb import log_nb
from simcore.games.luthier.play.decide_nb import decide_nb, decide_planned_nb, set_opt_nb
from simcore.games.luthier.play.invariants_nb import check_resources_nb
from simcore.games.luthier.rules.patience_nb import patience_nb, round_gains_nb
from simcore.games.luthier.rules.priority_nb import balcony_turn_order_nb, priority_order_nb
from simcore.games.luthier.rules.rows_nb import drop_patron_i_deck_nb, slide_rows_nb
from simcore.games.luthier.rules.tracks_nb import assign_specialty_chips_nb
from simcore.games.luthier.state.codes import Ev, Opt
from simcore.games.luthier.state.dtypes import MAX_PLACEMENTS, N_CHIPS, Phase
from simcore.games.luthier.state.enums import N_LOCATIONS, Location, Rule
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty

CHIP_2 = 1  # chip index of worker 2
CHIP_4 = 3  # chip index of worker 4


@kernel
def start_of_round_nb(cards, g, s, w):
    """Advance the round; workers 2 and 4 join in rounds 3 and 5; chips and carts return.

    Then each seat, in turn order, takes its start-of-round bonuses, advances its
    patrons' patience cubes (gifts, or a patron leaves), and moves instrument cards
    between hand and benches (p.11).
    """
    g.round_no += 1
    g.phase = Phase.START_OF_ROUND
    g.pl_n = 0
    g.balcony_n = 0
    log_nb(g, w, -1, Ev.ROUND_START, g.round_no, g.market_card)
    for p in range(g.n_players):
        if g.round_no == cards.rules[Rule.WORKER2_ROUND] and s[p].chip_owned[CHIP_2] == 0:
            s[p].chip_owned[CHIP_2] = 1
            log_nb(g, w, p, Ev.WORKER_JOINS, CHIP_2)
        if g.round_no == cards.rules[Rule.WORKER4_ROUND] and s[p].chip_owned[CHIP_4] == 0:
            s[p].chip_owned[CHIP_4] = 1
            log_nb(g, w, p, Ev.WORKER_JOINS, CHIP_4)
        for c in range(N_CHIPS):
            s[p].chip_free[c] = s[p].chip_owned[c]
        s[p].market_done = 0
        s[p].passed = 0
    for pos in range(g.n_players):
        p = g.turn_order[pos]
        round_gains_nb(cards, g, s, w, p)
        patience_nb(cards, g, s, w, p)
        bench_moves_nb(cards, g, s, w, p)


@kernel
def next_pass_nb(g):
    """Whether the phase goes on at g.cursor: past the last seat, a pass in which some seat
    moved (g.pass_moved) starts another from the first seat; one in which none did ends
    the phase (False). g.cursor and g.pass_moved mutated."""
    if g.cursor >= g.n_players:
        if g.pass_moved == 0:
            return False
        g.cursor = 0
        g.pass_moved = 0
    return True


@kernel
def place_options_nb(cards, g, s, opts, p):
    """Every (free chip, location, apprentices 0..min(3, supply)) for seat p's placement."""
    n = 0
    max_appr = min(cards.rules[Rule.APPRENTICES_PER_WORKER], s[p].apprentices)
    for c in range(N_CHIPS):
        if s[p].chip_free[c] == 0:
            continue
        for loc in range(N_LOCATIONS):
            for a in range(max_appr + 1):
                n = set_opt_nb(opts, n, Opt.PLACE, c, loc, a)
    return n


@kernel
def begin_planning_nb(g, s):
    """Open the planning phase: the pass starts at turn position 0 and every seat's
    strategy memo (SEAT.plan_memo) is blank (NaN)."""
    g.phase = Phase.PLANNING
    g.cursor = 0
    g.pass_moved = 0
    for p in range(s.shape[0]):
        s[p].plan_memo[:] = np.nan


@kernel
def place_nb(cards, g, s, w, p, k):
    """Seat p places as option k of w.opts (a place_options_nb row) says: the chip, its
    location and apprentices join this round's placements (g.pl_*; g and s[p] mutated)."""
    c = w.opts[k, 1]
    loc = w.opts[k, 2]
    a = w.opts[k, 3]
    i = g.pl_n
    g.pl_seat[i] = p
    g.pl_loc[i] = loc
    g.pl_chip[i] = c
    g.pl_appr[i] = a
    g.pl_done[i] = 0
    g.pl_n = i + 1
    s[p].chip_free[c] = 0
    s[p].apprentices -= a
    s[p].n_placed[loc] += 1
    log_nb(g, w, p, Ev.PLACE, c, loc, a)


@kernel
def planning_steps_nb(cards, g, s, w, stop_mask):
    """Planning placements (p.12) from the cursor on: in turn order, one chip per turn,
    until a pass places none.

    Returns seat p, left at its placement with nothing taken (its options not yet in
    w.opts for sure: list them with place_options_nb), when bit p of stop_mask is set and
    p has at least 2 options; -1 when the phase is over. Every other placement is decided
    by the seat's strategy (decide_planned_nb, with the seat's SEAT.plan_memo).
    """
    while True:
        if not next_pass_nb(g):
            return -1
        p = g.turn_order[g.cursor]
        n = place_options_nb(cards, g, s, w.opts, p)
        if n == 0:
            g.cursor += 1
            continue
        if n >= 2 and (stop_mask >> p) & 1:
            return p
        k = decide_planned_nb(cards, g, s, w.opts, w.params, p, n, s[p].plan_memo)
        place_nb(cards, g, s, w, p, k)
        g.pass_moved = 1
        g.cursor += 1


@kernel
def planning_nb(cards, g, s, w):
    """Planning phase (p.12): in turn order, one chip per turn, until all chips are placed.

    A chip may carry up to 3 apprentices; workbench locations take only their
    owner's chips (a seat's options name only its own benches). Each seat's strategy
    keeps a scratch memo through the phase (decide_planned_nb, SEAT.plan_memo).
    """
    begin_planning_nb(g, s)
    planning_steps_nb(cards, g, s, w, 0)


@kernel
def turn_options_nb(cards, g, s, opts, p):
    """Seat p's resolution-turn options (ruling 8).

    Activate a location where p still has a chip, or visit the market (once per
    round), or pass - passing is offered only when p has no chip left to resolve.
    """
    held = 0  # bit loc set: p has a chip at loc that has not acted
    for i in range(g.pl_n):
        if g.pl_seat[i] == p and g.pl_done[i] == 0:
            held |= 1 << g.pl_loc[i]
    n = 0
    for loc in range(N_LOCATIONS):
        if (held >> loc) & 1:
            n = set_opt_nb(opts, n, Opt.ACTIVATE, loc)
    unresolved = n > 0
    if s[p].market_done == 0:
        n = set_opt_nb(opts, n, Opt.MARKET)
    if not unresolved:
        n = set_opt_nb(opts, n, Opt.PASS)
    return n


@kernel
def activate_nb(cards, g, s, w, p, loc):
    """Seat p activates `loc`: every chip there acts in priority order (ruling 8, p.13).

    Workbench locations hold only p's own chips. Balcony chips record the
    priority order for the next round's turn order (p.21).
    """
    owner = p if loc >= Location.ROUGHING else -1
    log_nb(g, w, p, Ev.ACTIVATE, loc, owner)
    order = stack_empty(MAX_PLACEMENTS, np.int64)
    n = priority_order_nb(cards, g, s, loc, owner, order)
    for j in range(n):
        i = order[j]
        if loc == Location.BALCONY:
            g.balcony[g.balcony_n] = g.pl_seat[i]
            g.balcony_n += 1
        worker_acts_nb(cards, g, s, w, i)


@kernel
def begin_resolution_nb(g):
    """Open the resolution phase: the pass starts at turn position 0."""
    g.phase = Phase.RESOLUTION
    g.cursor = 0
    g.pass_moved = 0


@kernel
def take_turn_nb(cards, g, s, w, p, k):
    """Seat p takes option k of w.opts (a turn_options_nb row): activate a location, visit
    the market (its purchases decided by p's strategy) or pass (g, s and w mutated)."""
    kind = w.opts[k, 0]
    if kind == Opt.ACTIVATE:
        activate_nb(cards, g, s, w, p, w.opts[k, 1])
    elif kind == Opt.MARKET:
        visit_market_nb(cards, g, s, w, p)
    else:
        s[p].passed = 1
        log_nb(g, w, p, Ev.PASS)
    g.violations |= check_resources_nb(cards, g, s)


@kernel
def resolution_steps_nb(cards, g, s, w, stop_mask):
    """Resolution turns from the cursor on, in turn order, until every seat has passed.

    Returns seat p, left at its turn with nothing taken, when bit p of stop_mask is set
    and p has at least 2 options (turn_options_nb); -1 when the phase is over. Every other
    turn is decided by the seat's strategy (decide_nb).
    """
    while True:
        if not next_pass_nb(g):
            return -1
        p = g.turn_order[g.cursor]
        if s[p].passed:
            g.cursor += 1
            continue
        n = turn_options_nb(cards, g, s, w.opts, p)
        if n >= 2 and (stop_mask >> p) & 1:
            return p
        g.pass_moved = 1
        g.n_turns += 1
        k = decide_nb(cards, g, s, w.opts, w.params, p, n)
        take_turn_nb(cards, g, s, w, p, k)
        g.cursor += 1


@kernel
def resolution_nb(cards, g, s, w):
    """Resolution phase: turns in turn order until every seat has passed."""
    begin_resolution_nb(g)
    resolution_steps_nb(cards, g, s, w, 0)


@kernel
def end_of_round_nb(cards, g, s, w):
    """End-of-round cleanup (p.21): turn order, market card, card rows, patron II."""
    g.phase = Phase.END_OF_ROUND
    balcony_turn_order_nb(g)
    for pos in range(g.n_players):
        assign_specialty_chips_nb(cards, g, s, w, g.turn_order[pos])
    log_nb(
        g, w, -1, Ev.TURN_ORDER, g.turn_order[0], g.turn_order[1], g.turn_order[2], g.turn_order[3]
    )
    if g.market_deck_n > 0:
        g.market_deck_n -= 1
        g.market_card = g.market_deck[g.market_deck_n]
        g.market_deck[g.market_deck_n] = -1
    if g.round_no == cards.rules[Rule.PATRON_II_AFTER_ROUND]:
        drop_patron_i_deck_nb(cards, g, w)
    slide_rows_nb(cards, g, w)
