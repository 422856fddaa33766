"""Moving pawns along the path, arriving at End, and the tile a die move lands on."""

from __future__ import annotations

from simcore.games.ewmh.codes import Rule, Tile
from simcore.games.ewmh.rules.decks_nb import draw_comps_nb, draw_effects_nb
from simcore.games.ewmh.rules.log_nb import log_nb
from simcore.games.ewmh.rules.trigger_nb import queue_trigger_nb
from simcore.games.ewmh.state.codes import Ev, Trigger
from simcore.kernels.jit import kernel


@kernel
def arrive_nb(cards, g, s, w, q):
    """Pawn q reaches End: its arrival position is fixed (ruling EW-15: by time, on any
    player's turn), and the k-th arriver owes itself arrival_free[k] free productions, at
    once (rulebook: The end of the Age, "3 ... 2 ... the third, 1")."""
    g.n_arrived += 1
    s[q].arrival = g.n_arrived
    k = g.n_arrived - 1
    owed = int(cards.arrival_free[k]) if k < cards.arrival_free.shape[0] else 0
    s[q].pending_free += owed
    log_nb(g, w, q, Ev.ARRIVE, g.n_arrived, owed, 0, 0)


@kernel
def move_pawn_nb(cards, g, s, w, q, delta, by_die):
    """Move pawn q by `delta` spaces (negative: back). A pawn on End never moves (ruling
    EW-15); a move at or beyond End stops there and arrives (rulebook: "move your figurine
    to the end and stop"); a move back stops at Start (rulings EW-34, EW-35). Returns 1 if
    the landing tile triggers: only a die move that does not arrive (ruling EW-14)."""
    if s[q].arrival > 0:
        return 0
    length = int(cards.rules[Rule.PATH_LENGTH])
    start = s[q].pos
    to = start + delta
    if to < 0:
        to = 0
    if to >= length:
        to = length
    s[q].pos = to
    log_nb(g, w, q, Ev.MOVE, start, to, 1 if by_die else 0, 0)
    queue_move_triggers_nb(g, s, q, start, to)
    if to == length:
        arrive_nb(cards, g, s, w, q)
        return 0
    return 1 if by_die else 0


@kernel
def queue_move_triggers_nb(g, s, q, start, to):
    """Pawn q moved start -> to: a pawn it passed (from behind to strictly ahead, ruling
    EW-32) may react with Sustain, and a pawn moved by another player's effect (GAME.mover)
    with Elizabeth Nevell (ruling EW-40): queued triggers (rules/trigger_nb.py)."""
    for r in range(g.n_players):
        if r != q and s[r].arrival == 0 and start < s[r].pos < to:
            queue_trigger_nb(g, Trigger.PASSED, q, start, to)
            break
    if g.mover > 0 and g.mover - 1 != q and to != start:
        queue_trigger_nb(g, Trigger.MOVED, g.mover - 1, q, 0)


@kernel
def tile_nb(cards, g, s, w, p):
    """The tile under seat p's pawn after its die move (estimated tiles, tiles.toml):
    draw compositions, draw effect cards, move (no further tile: ruling EW-14), or take
    effect cards: returns how many p must take (the TAKE stage), else 0."""
    t = cards.path[s[p].pos]
    if t < 0:
        return 0
    log_nb(g, w, p, Ev.TILE, t, s[p].pos, 0, 0)
    kind = cards.tile_kind[t]
    n = int(cards.tile_params[t, 0])
    if kind == Tile.DRAW_COMPOSITION:
        draw_comps_nb(g, s, w, p, n)
    elif kind == Tile.DRAW_EFFECT:
        draw_effects_nb(g, s, w, p, n)
    elif kind == Tile.MOVE:
        move_pawn_nb(cards, g, s, w, p, n, False)
    elif kind == Tile.TAKE_EFFECT:
        return n
    return 0
