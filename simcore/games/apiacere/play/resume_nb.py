"""The stage loop: play on until a chosen seat must decide, then take that seat's pick.

Every decision is a stage of the game record (state/codes.Stage) with its options listed
afresh from the state, so a game stops at any decision and resumes from a copy of its
records (a search player's rollouts)."""

from __future__ import annotations

from simcore.games.apiacere.codes import Effect
from simcore.games.apiacere.play.decide_nb import decide_nb
from simcore.games.apiacere.play.invariants_nb import check_invariants_nb
from simcore.games.apiacere.rules.chains_nb import play_variation_nb
from simcore.games.apiacere.rules.log_nb import log_nb
from simcore.games.apiacere.rules.options_nb import list_options_nb
from simcore.games.apiacere.rules.phases_nb import begin_turn_nb, move_nb
from simcore.games.apiacere.rules.play_nb import play_card_nb
from simcore.games.apiacere.rules.scoring_nb import copy_legacy_nb
from simcore.games.apiacere.rules.stacks_nb import discard_nb, hand_size_nb, pop_top_nb
from simcore.games.apiacere.rules.telltales_nb import pay_take_nb, reference_nb, steal_nb
from simcore.games.apiacere.rules.turn_nb import (
    after_draws_nb,
    after_housing_nb,
    end_turn_nb,
    to_keep_nb,
)
from simcore.games.apiacere.state.codes import Ev, Opt, Stage, Violation
from simcore.kernels.jit import kernel


@kernel
def draw_one_nb(cards, g, s, w, p, kind, st, j):
    """Seat p draws the top of stack st (DRAW) or takes its face-up top with take slot j
    (TAKE); the draw phase ends when both are used up."""
    c = pop_top_nb(g, w, st, p)
    if kind == Opt.DRAW:
        g.draws_left -= 1
        s[p].drawn += 1
        log_nb(g, w, p, Ev.DRAW, c, st, 0, 0)
    else:
        g.takes_n -= 1
        g.takes[j] = g.takes[g.takes_n]
        s[p].taken += 1
        log_nb(g, w, p, Ev.TAKE, c, st, 0, 0)
    if g.draws_left <= 0 and g.takes_n <= 0:
        after_draws_nb(cards, g, s, w)


@kernel
def apply_nb(cards, g, s, w, p, k):
    """Seat p takes option k of w.opts (listed for the current stage)."""
    row = w.opts[k]
    kind = row[0]
    a = row[1]
    b = row[2]
    stage = g.stage
    if stage == Stage.MOVE:
        if kind == Opt.MOVE:
            move_nb(cards, g, s, w, p, a, b)
        g.stage = Stage.HOUSING
    elif stage == Stage.HOUSING:
        after_housing_nb(cards, g, s, w, p, a)
    elif stage == Stage.DRAW:
        if kind == Opt.STOP:
            after_draws_nb(cards, g, s, w)
        else:
            draw_one_nb(cards, g, s, w, p, kind, a, b)
    elif stage == Stage.PLAY:
        if kind == Opt.PLAY and cards.card_effect[a] == Effect.VARIATION:
            g.actions_left -= b
            play_variation_nb(cards, g, s, w, p, a, row[3], row[4])
        elif kind == Opt.PLAY:
            play_card_nb(cards, g, s, w, p, a, b, row[3], row[4], row[5])
        elif kind == Opt.REFERENCE:
            reference_nb(cards, g, s, w, p, a)
        elif kind == Opt.PAY:
            pay_take_nb(cards, g, s, w, p, a)
        else:
            to_keep_nb(cards, g, s, w, p)
    elif stage == Stage.STEAL:
        if kind == Opt.STEAL:
            steal_nb(cards, g, s, w, p, a)
        else:
            g.stage = Stage.PLAY
    elif stage == Stage.KEEP:
        discard_nb(cards, g, a)
        s[p].discarded += 1
        log_nb(g, w, p, Ev.DISCARD, a, 0, 0, 0)
        if hand_size_nb(g, p) <= g.hand_limit:
            end_turn_nb(cards, g, s, w)
    elif stage == Stage.FLATTERY:
        copy_legacy_nb(cards, g, s, w, p, a)


@kernel
def apply_top_nb(cards, g, s, w, p, k):
    """Seat p takes option k at the decision advance_nb stopped at (the options listed
    again from the state: a copy of the records resumes alike); a pick outside them plays
    option 0 and sets Violation.BAD_PICK."""
    n = list_options_nb(cards, g, s, w)
    if n > 1:
        g.n_decisions += 1
    if k < 0 or k >= n:
        g.violations |= Violation.BAD_PICK
        k = 0
    apply_nb(cards, g, s, w, p, k)


@kernel
def advance_nb(cards, g, s, w, stop_mask):
    """Play on until a seat p with bit 1 << p in stop_mask must choose among more than one
    option (returns p; its options in w.opts) or the game is over (returns -1); every other
    decision is taken by the seat's strategy. stop_mask 0 plays the whole game."""
    while g.stage != Stage.OVER:
        if g.stage == Stage.TURN:
            check_invariants_nb(cards, g, s)
            begin_turn_nb(cards, g, s, w)
            continue
        n = list_options_nb(cards, g, s, w)
        p = g.actor
        if n > 1 and (stop_mask >> p) & 1:
            return p
        k = decide_nb(cards, g, s, w, p, n)
        apply_nb(cards, g, s, w, p, k)
    check_invariants_nb(cards, g, s)
    return -1
