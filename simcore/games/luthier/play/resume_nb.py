"""A game stopped at a top-level decision and resumed from there (issue 33).

The game loop keeps its position in the game record (`g.phase`, `g.cursor`: the turn
position next to play in the current pass, `g.pass_moved`: a seat placed or took a turn
in this pass) and each seat's planning memo in its seat record (`SEAT.plan_memo`), so a
copy of (g, s) taken at a decision continues exactly as the original would, as
OpenSpiel's `apply_action` and pgx's `step` do. The top-level decisions are a planning
placement and a resolution turn; what a turn decides inside (market purchases, cards to
take, rerolls ...) is decided by the seat's own strategy as the turn is played.

The contract a searching player needs (strategies/luthier/search_player_nb.py):
- advance_nb: play on until a seat of a mask faces a top-level decision, or the end;
- top_options_nb: that decision's options;
- apply_top_nb: take one of them and play the rest of that step;
- redeal_nb.redeal_nb: deal again what a seat cannot see.
With an empty mask advance_nb plays the game to its end exactly as before (the golden
games, tests/games/test_golden_games.py).
"""

from __future__ import annotations

from simcore.games.luthier.output.log_nb import snapshot_nb
from simcore.games.luthier.play.decide_nb import own_choice_nb
from simcore.games.luthier.play.invariants_nb import (
    check_planned_nb,
    check_resolved_nb,
    check_seats_nb,
)
from simcore.games.luthier.play.round_nb import (
    begin_planning_nb,
    begin_resolution_nb,
    end_of_round_nb,
    place_nb,
    place_options_nb,
    planning_steps_nb,
    resolution_steps_nb,
    start_of_round_nb,
    take_turn_nb,
    turn_options_nb,
)
from simcore.games.luthier.rules.scoring_nb import score_game_nb
from simcore.games.luthier.state.dtypes import Phase
from simcore.games.luthier.state.enums import Rule
from simcore.kernels.jit import kernel


@kernel
def begin_round_nb(cards, g, s, w):
    """Start a round (start_of_round_nb) and open its planning phase."""
    start_of_round_nb(cards, g, s, w)
    g.violations |= check_seats_nb(cards, g, s)
    begin_planning_nb(g, s)


@kernel
def end_round_nb(cards, g, s, w, snap_g, snap_s):
    """After a round's resolution: its checks and arc, the cleanup and the next round's
    start (p.21), or after the last round the final scoring (g.phase GAME_OVER)."""
    g.violations |= check_resolved_nb(cards, g, s)
    rounds = cards.rules[Rule.ROUNDS]
    r = g.round_no - 1
    for p in range(g.n_players):  # the game arc (before the last round's scoring)
        s[p].prestige_round[r] = s[p].prestige
    if r < rounds - 1:
        end_of_round_nb(cards, g, s, w)
    snapshot_nb(g, s, w, snap_g, snap_s, r + 1)  # after the cleanup: the next round's board
    if r < rounds - 1:
        begin_round_nb(cards, g, s, w)
        return
    g.phase = Phase.GAME_OVER
    score_game_nb(cards, g, s, w)
    g.violations |= check_seats_nb(cards, g, s)
    g.round_no = rounds + 1


@kernel
def advance_nb(cards, g, s, w, snap_g, snap_s, stop_mask):
    """Play game (g, s) on from where it stands until a seat p with bit `1 << p` of
    stop_mask faces a top-level decision with at least 2 options: returns p, the state
    left at that decision with nothing taken (list it with top_options_nb, take it with
    apply_top_nb). Returns -1 once the game is over (final scoring done).

    g (GAME record) and s (SEAT[MAX_PLAYERS]) are mutated; every decision on the way is
    taken by its seat's strategy. snap_g / snap_s: the snapshot buffers of play_game_nb
    (empty: none). A game just set up (setup_game_nb, g.phase SETUP) starts here too.
    """
    if g.phase == Phase.SETUP:
        snapshot_nb(g, s, w, snap_g, snap_s, 0)
        begin_round_nb(cards, g, s, w)
    while True:
        if g.phase == Phase.PLANNING:
            p = planning_steps_nb(cards, g, s, w, stop_mask)
            if p >= 0:
                return p
            g.violations |= check_planned_nb(cards, g, s)
            begin_resolution_nb(g)
        elif g.phase == Phase.RESOLUTION:
            p = resolution_steps_nb(cards, g, s, w, stop_mask)
            if p >= 0:
                return p
            end_round_nb(cards, g, s, w, snap_g, snap_s)
        else:
            return -1


@kernel
def top_options_nb(cards, g, s, w, p):
    """The options of seat p's top-level decision where advance_nb stopped, written to
    w.opts (mutated); returns their number."""
    if g.phase == Phase.PLANNING:
        return place_options_nb(cards, g, s, w.opts, p)
    return turn_options_nb(cards, g, s, w.opts, p)


@kernel
def apply_top_nb(cards, g, s, w, p, k):
    """Seat p takes option k of its top-level decision (top_options_nb, listed again here)
    and the rest of that step is played (a turn's inner decisions by p's strategy); the
    cursor moves on. g, s and w.opts are mutated."""
    top_options_nb(cards, g, s, w, p)
    g.n_decisions += 1
    g.pass_moved = 1
    if g.phase == Phase.PLANNING:
        place_nb(cards, g, s, w, p, k)
    else:
        g.n_turns += 1
        take_turn_nb(cards, g, s, w, p, k)
    g.cursor += 1


@kernel
def own_step_nb(cards, g, s, w, p):
    """Seat p's top-level decision taken by its own strategy (as advance_nb would take it
    with p outside the mask); returns the option taken."""
    n = top_options_nb(cards, g, s, w, p)
    k = own_choice_nb(cards, g, s, w.opts, w.params, p, n, g.phase == Phase.PLANNING)
    apply_top_nb(cards, g, s, w, p, k)
    return k
