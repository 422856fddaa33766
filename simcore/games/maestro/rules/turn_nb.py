"""One turn: FIRST place musicians (any number of options, then STOP), THEN draw.

The pieces of a turn; resume_nb.advance_nb strings them together one decision at a time
(start, a placement per decision until STOP, the row events and the draw)."""

from __future__ import annotations

from simcore.games.maestro.output.log_nb import log_nb
from simcore.games.maestro.rules.draw_nb import draw_phase_nb
from simcore.games.maestro.rules.points_nb import place_nb, row_events_nb
from simcore.games.maestro.state.codes import Ev, Opt
from simcore.kernels.jit import kernel

MAX_PLACEMENTS = 128  # placements in one turn: more than the tiles of all agencies


@kernel
def start_turn_nb(cards, g, s, w, p):
    """Seat p's turn begins: the rows as they lie now are the turn's start (raid limit,
    one-turn completions), no row placed into or completed yet."""
    g.turn += 1
    g.current = p
    s[p].turns += 1
    for r in range(cards.n_rows):
        g.row_start[r] = g.row_n[r]
        g.row_raided[r] = 0
    g.completed = -1
    g.touched = -1
    log_nb(g, w, p, Ev.TURN)


@kernel
def take_place_option_nb(cards, g, s, w, p, i):
    """Seat p takes option row i of its place-phase list in w.opts: True for a placement
    (made; g, s mutated), False for STOP (the place phase ends)."""
    row = w.opts[i]
    if row[0] != Opt.PLACE:
        return False
    place_nb(cards, g, s, w, p, row[1], row[2], row[3], row[4])
    return True


@kernel
def end_turn_nb(cards, g, s, w, p):
    """Seat p's place phase is over: the turn's row events, then its draw."""
    row_events_nb(cards, g, w, p)
    draw_phase_nb(cards, g, s, w, p)
