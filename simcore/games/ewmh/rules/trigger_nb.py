"""Reaction triggers (ruling EW-25): the queue of events that open reaction windows, and
the window record they open (GAME.win ...). Low in the layers, so that the kernels that
move pawns, draw compositions and roll dice can record a trigger; the windows' options
and picks are rules/react_nb.py.

A window asks the seats in turn order from the active player (GAME.current), one seat
per step (GAME.win_step); a seat with nothing eligible is not asked, and a window nobody
can use leaves no trace (react_nb.skip_idle_windows_nb). Post-event triggers (a pass, a
move by another player's effect, a draw, a vocation use, a tile) are queued, and their
windows open one after another, in the order of the events, as soon as the action under
way is done (turn_nb.back_to_phase_nb)."""

from __future__ import annotations

from simcore.games.ewmh.state.codes import Stage, Trigger, Violation
from simcore.games.ewmh.state.dtypes import MAX_TRIGGERS
from simcore.kernels.jit import kernel


@kernel
def queue_trigger_nb(g, trigger, src, a, b):
    """Queue a post-event trigger (Trigger, the seat whose action it was, a, b); a full
    queue drops it and sets Violation.QUEUE (sized so that this never happens)."""
    if g.rq_n >= MAX_TRIGGERS:
        g.violations |= Violation.QUEUE
        return
    row = g.rq[g.rq_n]
    row[0] = trigger
    row[1] = src
    row[2] = a
    row[3] = b
    g.rq_n += 1


@kernel
def open_window_nb(g, trigger, src, a, b):
    """Open a window for `trigger`: the active player is asked first (ruling EW-25)."""
    g.win = trigger
    g.win_step = 0
    g.win_src = src
    g.win_a = a
    g.win_b = b
    g.stage = Stage.REACT
    g.actor = g.current


@kernel
def open_roll_windows_nb(g, p, d):
    """Seat p's die result d is settled (after Philip and Rondeaux): before the move, the
    other players may spend Council of Trent, then p may flip Machaut (spec 1.2.2 step 3,
    the modifiers in this order; ruling EW-25)."""
    g.die_move = d
    open_window_nb(g, Trigger.INVERT, p, 0, 0)


@kernel
def window_pending_nb(g):
    """If a window is open, or a trigger is queued, set the REACT stage at the seat to ask
    next (opening the first queued trigger's window) and return True; else False. Called
    when an action is done (turn_nb.back_to_phase_nb), before the free phase resumes."""
    if g.win != Trigger.NONE:
        g.stage = Stage.REACT
        step = int(g.win_step)  # past the last seat: the window closes (react_nb)
        g.actor = g.current if step >= g.n_players else (g.current + step) % g.n_players
        return True
    if g.rq_n == 0:
        return False
    row = g.rq[0]
    open_window_nb(g, row[0], row[1], row[2], row[3])
    for i in range(1, g.rq_n):
        for j in range(4):
            g.rq[i - 1, j] = g.rq[i, j]
    g.rq_n -= 1
    return True
