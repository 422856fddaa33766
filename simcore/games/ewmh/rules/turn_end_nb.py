"""The end of a turn (spec 1.2.2 steps 5-8, 1.2.3): the hand limit with the keep-6 choice,
William V, the patron check, then the turn passes; and the settling of Amadeus VIII after
every option. Reaction windows opened on the way (a pawn passed by William's or Amadeus's
move: Sustain, ruling EW-32) and free productions owed (an arrival, ruling EW-15) come
first, at once, and the sequence resumes after them (GAME.ending; play/resume_nb.py)."""

from __future__ import annotations

from simcore.games.ewmh.rules.held_nb import n_held_nb
from simcore.games.ewmh.rules.keep_nb import hand_step_nb, keep_check_nb
from simcore.games.ewmh.rules.patrons_nb import amadeus_nb, hand_limit_nb, william_nb
from simcore.games.ewmh.rules.react_nb import skip_idle_windows_nb
from simcore.games.ewmh.rules.trigger_nb import window_pending_nb
from simcore.games.ewmh.rules.turn_nb import back_to_phase_nb, end_turn_nb
from simcore.games.ewmh.state.codes import Stage, Violation
from simcore.kernels.jit import kernel

HAND = 1  # GAME.ending: the hand-limit step
WILLIAM = 2  # William V's move
CHECK = 3  # the patron check, then the turn passes


@kernel
def owed_free_nb(g, s):
    """The first seat in turn order from the current one that owes free productions, or
    -1 (ruling EW-15: at once)."""
    for i in range(g.n_players):
        q = (g.current + i) % g.n_players
        if s[q].pending_free > 0:
            return q
    return -1


@kernel
def interrupted_nb(cards, g, s, w):
    """Whether the end of the turn waits: a reaction window queued on the way is opened
    at once (ruling EW-25: "on any pawn movement"; a pawn passed by William V must be asked
    for Sustain now, not after the next turn's first action), or free productions are owed
    (ruling EW-15). A window nobody can use is skipped and the end goes on."""
    if window_pending_nb(g):
        skip_idle_windows_nb(cards, g, s, w)
        if g.stage != Stage.PHASE:
            return True
    q = owed_free_nb(g, s)
    if q >= 0:
        g.stage = Stage.FREE
        g.actor = q
        return True
    return False


@kernel
def hand_done_nb(cards, g, s, p):
    """The hand-limit step is over; a hand still above the limit is Violation.HAND (the
    check loses patrons afterwards, Alfonso's +2 with them, so it is judged here)."""
    if n_held_nb(g, p) + 1 > hand_limit_nb(cards, g, s, p):
        g.violations |= Violation.HAND
    g.ending = WILLIAM


@kernel
def end_sequence_nb(cards, g, s, w):
    """The current seat's turn ends, from step g.ending on (0: it begins): discard down to
    the hand limit (HAND_LIMIT; rulebook: "Discard down to 7 cards"; ruling EW-19), William
    V's move (EW-23), the patron check (EW-20), then the turn passes left or the game ends
    (turn_nb.end_turn_nb). Called again, from the step it stopped at, after a window or a
    free production it waited for (play/resume_nb.apply_nb)."""
    p = g.current
    if g.ending == 0:
        g.ending = HAND
    amadeus_nb(cards, g, s, w)
    if interrupted_nb(cards, g, s, w):
        return
    if g.ending == HAND:
        if hand_step_nb(cards, g, s, p):
            g.stage = Stage.HAND_LIMIT
            g.actor = p
            return
        hand_done_nb(cards, g, s, p)
    if g.ending == WILLIAM:
        g.ending = CHECK
        william_nb(cards, g, s, w, p)
        if interrupted_nb(cards, g, s, w):
            return
    keep_check_nb(cards, g, s, w, p)
    g.ending = 0
    end_turn_nb(cards, g, s, w, p)


@kernel
def hand_stop_nb(cards, g, s, w):
    """STOP at the hand-limit step: the seat stays above a hand_limit patron's 6 and
    loses it at the check (ruling EW-19); the turn's end goes on."""
    hand_done_nb(cards, g, s, g.current)
    end_sequence_nb(cards, g, s, w)


@kernel
def settle_nb(cards, g, s, w):
    """After every option: Amadeus VIII moves for the cards discarded (ruling EW-22), and
    an arrival it makes in the free phase owes its free productions at once (EW-15)."""
    amadeus_nb(cards, g, s, w)
    if g.stage == Stage.PHASE:
        back_to_phase_nb(g, s)
