"""The legal options at each decision point, as rows of w.opts (codes.Opt):

    (STOP)                                stop placing, go on to the draw
    (PLACE, seat, space, row, slot, tile) the tile on agency `seat`'s `space` onto the board
    (DECLARE, k)                          declare a draw of k counters
    (PUT, space, tile)                    the drawn tile onto an empty space of one's agency

The engine never chooses: a strategy picks one row, so no strategy can move illegally.
"""

from __future__ import annotations

import numpy as np

from simcore.games.maestro.state.codes import (
    ConductorsPerRow,
    Opt,
    RaidLimit,
    RowsPerTurn,
    Rule,
    Violation,
)
from simcore.games.maestro.state.dtypes import (
    AGENCY,
    CONDUCTOR,
    MAX_OPTIONS,
    MAX_PLAYERS,
    MAX_SLOTS,
    TOP,
)
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty

MAX_TILES = MAX_PLAYERS * AGENCY  # tiles in all agencies


@kernel
def set_opt_nb(w, i, kind, a=0, b=0, c=0, d=0, e=0):
    """Write option row i of w.opts and return i + 1 (the buffer's size caps it)."""
    if i >= MAX_OPTIONS:
        return i
    row = w.opts[i]
    row[0] = kind
    row[1] = a
    row[2] = b
    row[3] = c
    row[4] = d
    row[5] = e
    return i + 1


@kernel
def free_spaces_nb(s, q):
    """Empty spaces of seat q's agency."""
    n = 0
    for k in range(AGENCY):
        if s[q].agency[k] < 0:
            n += 1
    return n


@kernel
def raidable_spaces_nb(s, p, q):
    """How many spaces of seat q's agency seat p may take from, in order from space 0.

    Rulebook, Where do you get Musicians: "any number ... from anywhere in your own
    agency, but you may only raid the top row of other agencies"; The Agencies: "If an
    agency is completely full, then musicians can also be taken from the bottom ... only
    as long as the agency is completely full" (so after one is taken, the top row only).
    """
    if q == p or free_spaces_nb(s, q) == 0:
        return AGENCY
    return TOP


@kernel
def may_raid_into_nb(cards, g, r):
    """May one more musician from another agency go into row r this turn (codes.RaidLimit)?

    Rulebook: "You may not take any more musicians from other agencies as there are in
    the row in the gameboard in which you are placing them" (reading: rules.toml).
    """
    limit = cards.rules[Rule.RAID_LIMIT]
    if limit == RaidLimit.ROW_AT_START:
        return g.row_raided[r] < g.row_start[r]
    if limit == RaidLimit.ROW_NOW:  # raided ones never outnumber the others in the row
        return g.row_raided[r] + 1 <= g.row_n[r] - g.row_raided[r]
    return True


@kernel
def row_playable_nb(cards, g, r):
    """May musicians go into row r now? Not when full; not a second row when the turn
    may use one row only (RowsPerTurn.ONE); not its last space when a row was completed
    this turn ("A player may only complete one row per turn")."""
    n_in = g.row_n[r]
    length = cards.row_len[r]
    if n_in >= length:
        return False
    if cards.rules[Rule.ROWS_PER_TURN] == RowsPerTurn.ONE and g.touched >= 0 and g.touched != r:
        return False
    return not (n_in == length - 1 and g.completed >= 0)


@kernel
def conductor_may_join_nb(cards, g, r):
    """May a conductor go into row r now (codes.ConductorsPerRow)?

    Rulebook: "there are ten conductors which can substitute for any musician" and an
    empty row opens with one; it sets no number per row (ANY). The Aachen review: one
    conductor per row (ONE), so a begun row, which holds its opening conductor, takes
    no other (docs/games/maestro.md, Readings).
    """
    if cards.rules[Rule.CONDUCTORS_PER_ROW] == ConductorsPerRow.ANY:
        return True
    for j in range(cards.row_len[r]):
        if g.board[r, j] == CONDUCTOR:
            return False
    return True


@kernel
def open_slots_nb(cards, g, r, out):
    """The spaces of row r a musician may go onto now, into out (int64[MAX_SLOTS], mutated);
    returns how many. A begun row grows next to its musicians (Rule.CONTIGUOUS) or onto
    any empty space; an empty row takes its conductor anywhere ("at your discretion on
    any instrument")."""
    length = cards.row_len[r]
    contiguous = cards.rules[Rule.CONTIGUOUS] != 0 and g.row_n[r] > 0
    n = 0
    for j in range(length):
        if g.board[r, j] >= 0:
            continue
        if contiguous:
            left = j > 0 and g.board[r, j - 1] >= 0
            right = j + 1 < length and g.board[r, j + 1] >= 0
            if not (left or right):
                continue
        out[n] = j
        n += 1
    return n


@kernel
def takeable_tiles_nb(s, p, n_players, tq, tk, tt):
    """The tiles seat p may take now, agency by agency in space order (raidable_spaces_nb),
    into tq, tk, tt (seat, space, tile; int64[MAX_TILES], mutated). Returns
    (how many, bit t set for each tile code t among them, the same for p's own)."""
    n = 0
    have = np.int64(0)
    own = np.int64(0)
    for q in range(n_players):
        agency = s[q].agency
        for k in range(raidable_spaces_nb(s, p, q)):
            t = agency[k]
            if t < 0:
                continue
            tq[n] = q
            tk[n] = k
            tt[n] = t
            n += 1
            have |= np.int64(1) << np.int64(t)
            if q == p:
                own |= np.int64(1) << np.int64(t)
    return n, have, own


@kernel
def list_place_nb(cards, g, s, w, p):
    """Seat p's placement options into w.opts: STOP first, then every legal PLACE, row by
    row, then agency by agency and space by space, then space of the row.

    Rulebook, In an Empty Row: "Before you place a musician in an empty row, you must
    first put down a conductor"; a conductor "can substitute for any musician"; every
    other musician goes onto a space of its own instrument.
    """
    n = set_opt_nb(w, 0, Opt.STOP)
    slots = stack_empty(MAX_SLOTS, np.int64)
    tq = stack_empty(MAX_TILES, np.int64)
    tk = stack_empty(MAX_TILES, np.int64)
    tt = stack_empty(MAX_TILES, np.int64)
    n_tiles, have, own = takeable_tiles_nb(s, p, g.n_players, tq, tk, tt)
    conductor = np.int64(1) << np.int64(CONDUCTOR)
    if n_tiles == 0:
        return n
    for r in range(cards.n_rows):
        if not row_playable_nb(cards, g, r):
            continue
        n_open = open_slots_nb(cards, g, r, slots)
        if n_open == 0:
            continue
        empty = g.row_n[r] == 0
        need = np.int64(0)  # bit i: an open space of the row takes instrument i
        for m in range(n_open):
            need |= np.int64(1) << np.int64(cards.row_inst[r, slots[m]])
        raid_ok = may_raid_into_nb(cards, g, r)
        conductor_ok = conductor_may_join_nb(cards, g, r)
        fits = conductor if empty else need | conductor  # tile codes that may go in
        if not conductor_ok:
            fits &= ~conductor
        if (have if raid_ok else own) & fits == 0:
            continue
        for i in range(n_tiles):
            q = tq[i]
            if q != p and not raid_ok:
                continue
            k = tk[i]
            t = tt[i]
            if t == CONDUCTOR:  # onto any open space
                if not conductor_ok:
                    continue
                for m in range(n_open):
                    n = set_opt_nb(w, n, Opt.PLACE, q, k, r, slots[m], t)
            elif not empty and (need >> np.int64(t)) & 1:
                for m in range(n_open):  # onto the spaces of its instrument
                    j = slots[m]
                    if t == cards.row_inst[r, j]:
                        n = set_opt_nb(w, n, Opt.PLACE, q, k, r, j, t)
    if n >= MAX_OPTIONS:
        g.violations |= Violation.OPTIONS
    return n


@kernel
def list_declare_nb(cards, g, w, free):
    """DECLARE options 1 .. min(MAX_DRAW, free agency spaces, counters left).

    Rulebook: "You must decide before you draw, whether you will take 1, 2, or 3
    counters"; "You may not draw more counters than you have space for in your agency."
    """
    most = min(cards.rules[Rule.MAX_DRAW], free, g.pool_n)
    n = 0
    for k in range(1, most + 1):
        n = set_opt_nb(w, n, Opt.DECLARE, k)
    return n


@kernel
def list_put_nb(s, w, p, tile):
    """PUT options: every empty space of seat p's agency for the drawn `tile`.

    Rulebook: "Newly drawn musicians (including conductors) are placed onto empty
    spaces in your agency" (of the player's choice; they never move afterwards).
    """
    n = 0
    for k in range(AGENCY):
        if s[p].agency[k] < 0:
            n = set_opt_nb(w, n, Opt.PUT, k, tile)
    return n
