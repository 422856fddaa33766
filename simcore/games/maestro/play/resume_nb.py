"""A game resumable at every top-level decision (issue 33): the position in the turn is
kept in the state (GAME.stage, to_move, placements: dtypes.Stage), as OpenSpiel's
apply_action and pgx's step keep it, so play can stop at a seat's decision, be copied,
and go on from the copy.

The top-level decisions are the placements of a place phase (each PLACE-or-STOP choice
with at least two options). The draw phase's decisions (how many counters, which agency
space) stay sub-decisions that the seat's own strategy takes inside apply_top_nb.

- advance_nb plays on until a seat in `stop_mask` faces a top-level decision, or the
  game ends and is scored;
- top_options_nb lists that decision's options in w.opts; apply_top_nb takes one and
  plays on to the next resumable point;
- redeal_nb deals again what a seat cannot see (simcore/games/maestro/state/view.py: the
  pool's order, the seed, the random streams), for a search's rollouts.

Played with stop_mask 0 from setup_resumable_nb, advance_nb plays exactly the game the
former turn loop played (setup; while not over: a whole turn; final scoring): the same
decisions in the same order, so the golden games are unchanged.
"""

from __future__ import annotations

from simcore.games.maestro.play.decide_nb import decide_nb
from simcore.games.maestro.play.invariants_nb import check_game_nb
from simcore.games.maestro.rules.draw_nb import end_game_nb
from simcore.games.maestro.rules.options_nb import list_place_nb
from simcore.games.maestro.rules.scoring_nb import final_scoring_nb
from simcore.games.maestro.rules.setup_nb import setup_game_nb
from simcore.games.maestro.rules.turn_nb import (
    MAX_PLACEMENTS,
    end_turn_nb,
    start_turn_nb,
    take_place_option_nb,
)
from simcore.games.maestro.state.codes import End, Violation
from simcore.games.maestro.state.dtypes import MAX_TURNS, Stage, Stream
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import seed_streams_nb, shuffle_nb


@kernel
def setup_resumable_nb(cards, g, s, w, n_players, game_seed, index):
    """A fresh game (setup_nb.setup_game_nb) standing before its first turn."""
    setup_game_nb(cards, g, s, w, n_players, game_seed, index)
    g.stage = Stage.TURN
    g.to_move = g.first
    g.placements = 0


@kernel
def close_turn_nb(cards, g, s, w, p):
    """Seat p's place phase is over: row events, the draw (its own strategy decides), the
    invariants; the next seat is to move."""
    end_turn_nb(cards, g, s, w, p)
    g.violations |= check_game_nb(cards, g, s)
    g.to_move = (p + 1) % g.n_players
    g.stage = Stage.TURN


@kernel
def take_option_nb(cards, g, s, w, p, i):
    """Seat p takes option row i of its place-phase list in w.opts and play moves on to
    the next resumable point (after STOP or the last allowed placement: turn end)."""
    g.placements += 1
    if not take_place_option_nb(cards, g, s, w, p, i):
        close_turn_nb(cards, g, s, w, p)


@kernel
def advance_nb(cards, g, s, w, stop_mask):
    """Play on from the position kept in g until a seat p with bit 1 << p in stop_mask
    faces a place-phase decision with at least two options (returns p; g, s left at that
    decision, its options in w.opts), or the game ends (final scoring done; returns -1).
    Every other decision is taken by its seat's strategy (decide_nb). g, s mutated."""
    while True:
        if g.stage == Stage.SCORED:
            return -1
        if g.over != 0:
            final_scoring_nb(cards, g, s, w)
            g.violations |= check_game_nb(cards, g, s)
            g.stage = Stage.SCORED
            return -1
        if g.stage == Stage.TURN:
            p = g.to_move
            if g.turn >= MAX_TURNS:  # the length cap ends the game: an outcome, End.LIMIT
                end_game_nb(g, w, p, End.LIMIT)  # (games.end_trigger "LIMIT"), not a violation
                continue
            start_turn_nb(cards, g, s, w, p)
            g.stage = Stage.PLACE
            g.placements = 0
        p = g.current
        if g.placements >= MAX_PLACEMENTS:  # the turn loop's bound: no decision, the turn ends
            close_turn_nb(cards, g, s, w, p)
            continue
        n = list_place_nb(cards, g, s, w, p)
        if n >= 2 and (stop_mask >> p) & 1:
            return p
        take_option_nb(cards, g, s, w, p, decide_nb(cards, g, s, w, p, n))


@kernel
def top_options_nb(cards, g, s, w, p):
    """The options of seat p's decision where advance_nb stopped, into w.opts; their count."""
    return list_place_nb(cards, g, s, w, p)


@kernel
def apply_top_nb(cards, g, s, w, p, k):
    """Seat p takes option k (0 <= k < top_options_nb) of the decision where advance_nb
    stopped, counted as a decision like decide_nb's; play moves on to the next resumable
    point (a STOP plays the row events and the draw, by p's own strategy). g, s mutated."""
    n = list_place_nb(cards, g, s, w, p)
    if n > 1:
        g.n_decisions += 1
    if k < 0 or k >= n:  # as decide_nb: a bad index must not corrupt the game, nor pass
        g.violations |= Violation.BAD_PICK  # unseen
        k = 0
    take_option_nb(cards, g, s, w, p, k)


@kernel
def redeal_nb(cards, g, s, p, seed):
    """Deal again what seat p cannot see (view.HIDDEN_FIELDS): the undrawn pool
    g.pool[:pool_n] in a new order (a function of `seed` and of which counters are left,
    not of their old order), the game seed and every random stream, from `seed`;
    everything p sees is unchanged. Seat p is unused: in Maestro all seats see the same."""
    g.seed = seed
    seed_streams_nb(seed, g.rng)
    g.pool[: g.pool_n].sort()  # which counters are left is public, their order is not:
    shuffle_nb(g.rng, Stream.SETUP, g.pool, g.pool_n)  # the deal depends on the seed alone
