"""The heuristics: one valuation per decision family, weighted by the seat's parameters
(params.P), the best-valued option taken.

A heuristic sees only what a player at the table sees: the board, the critic, the
applause track, every agency (they are face up), the points so far and how many counters
are left (g.pool_n); never the pool's order (g.pool) or a future draw.

- placements (STOP or PLACE): points now, the contract freed, the critic; costs for a
  spent conductor, a row opened for others, a row left one short; and, with ONE_TURN,
  a plan: the longest empty row the seat can fill alone this turn (10 per musician)
  is filled first, and the musicians it or the next such row needs are kept back;
- declarations: DRAW counters, or with RUSH the most while ahead (ending sooner);
- drawn tiles: cheap spaces (contracts) against raidable top-row spaces.

Options of equal value go by a documented tie key (docs/guide/strategies.md, "Ties"), never at
random: the `ties` weight has no effect any more (issue 33); it keeps its place in the
vector so that saved parameter files stay valid.
"""

from __future__ import annotations

import numpy as np

from simcore.games.maestro.rules.points_nb import base_points_nb, one_turn_points_nb
from simcore.games.maestro.rules.scoring_nb import standing_nb
from simcore.games.maestro.state.codes import CannotDraw, Opt, Rule
from simcore.games.maestro.state.dtypes import AGENCY, CONDUCTOR, N_CODES, TOP
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty
from strategies.maestro.params import P
from strategies.ties_nb import tie_value_nb


@kernel
def own_counts_nb(s, p, have):
    """Seat p's agency tiles per code into have (int64[N_CODES], mutated)."""
    have[:] = 0
    for k in range(AGENCY):
        t = s[p].agency[k]
        if t >= 0:
            have[t] += 1


@kernel
def row_need_nb(cards, g, r, need):
    """Musicians per instrument row r still lacks, into need (int64[N_CODES], mutated;
    only the row's instruments are written: the caller zeroes it once)."""
    length = cards.row_len[r]
    for j in range(length):
        need[cards.row_inst[r, j]] = 0
    for j in range(length):
        if g.board[r, j] < 0:
            need[cards.row_inst[r, j]] += 1


@kernel
def deficit_nb(cards, g, r, have, need):
    """Spaces of row r that the seat's own musicians (`have`) cannot fill, so conductors
    must; `need` is filled by row_need_nb and used up here."""
    row_need_nb(cards, g, r, need)
    short = 0
    for j in range(cards.row_len[r]):
        i = cards.row_inst[r, j]
        if need[i] > have[i]:
            short += need[i] - have[i]
        need[i] = 0  # each instrument once
    return short


@kernel
def conductors_needed_nb(g, r, short):
    """Conductors a one-turn fill of row r needs: the shortfall, and one to open it."""
    if g.row_n[r] == 0:
        return max(1, short)
    return short


@kernel
def plan_row_nb(cards, g, p, have, need):
    """The row seat p fills in one turn now (empty when the turn began, fillable from its
    own agency), the longest first; -1 when none (or a row was completed this turn)."""
    if g.completed >= 0:
        return -1
    best = -1
    best_len = 0
    for r in range(cards.n_rows):
        if g.row_start[r] != 0 or g.row_n[r] >= cards.row_len[r]:
            continue
        short = deficit_nb(cards, g, r, have, need)
        if have[CONDUCTOR] < conductors_needed_nb(g, r, short):
            continue
        if g.row_n[r] > 0:  # already being filled this turn: finish it
            return r
        if cards.row_len[r] > best_len:
            best = r
            best_len = cards.row_len[r]
    return best


@kernel
def target_row_nb(cards, g, have, need):
    """The empty row closest to a one-turn fill (fewest conductors short, then the
    longest); -1 when no row is empty."""
    best = -1
    best_key = 1e18
    for r in range(cards.n_rows):
        if g.row_n[r] != 0:
            continue
        short = deficit_nb(cards, g, r, have, need)
        key = 10.0 * max(0, max(1, short) - have[CONDUCTOR]) - cards.row_len[r]
        if key < best_key:
            best_key = key
            best = r
    return best


@kernel
def lead_nb(g, s, p):
    """Seat p's standing (points less contracts now) minus the best other seat's."""
    mine = standing_nb(s, p)
    best = -1000000
    for q in range(g.n_players):
        if q != p:
            best = max(best, standing_nb(s, q))
    return mine - best


@kernel
def value_stop_nb(w, cards, g, s, p):
    """Stopping is worth STOP. With a full agency stopping ends the game (it cannot draw:
    Rule.CANNOT_DRAW): from the lead a rusher wants that above all, and no one wants it
    from behind while a musician can still go down."""
    if cards.rules[Rule.CANNOT_DRAW] == CannotDraw.ENDS_GAME:
        full = True
        for k in range(AGENCY):
            if s[p].agency[k] < 0:
                full = False
        if full:
            lead = lead_nb(g, s, p)
            if w[P.RUSH] > 0 and lead > 0:
                return 1e9
            if lead <= 0:
                return -1e9
    return w[P.STOP]


@kernel
def value_place_nb(w, cards, g, s, p, row, plan, plan_need, target, target_need, have):
    """The value of one PLACE option (q, k, r, j, t) for seat p."""
    q = row[1]
    k = row[2]
    r = row[3]
    j = row[4]
    t = row[5]
    length = int(cards.row_len[r])
    n_in = int(g.row_n[r])
    completes = n_in == length - 1
    pts = base_points_nb(cards, r)
    if completes and g.row_start[r] == 0:
        pts += (one_turn_points_nb(cards, r) - pts) * length
    v = w[P.POINTS] * pts
    if completes and g.critic != p:
        v += w[P.CRITIC]
    if q == p:
        v += w[P.RELIEF] * (k + 1)
    if r == plan:
        v += w[P.ONE_TURN] * length
        if t == CONDUCTOR and n_in > 0:
            i = cards.row_inst[r, j]
            short = 0
            for x in range(cards.n_inst):
                if plan_need[x] > have[x]:
                    short += plan_need[x] - have[x]
            if plan_need[i] > have[i]:
                short -= 1
            if have[CONDUCTOR] - 1 < short:  # would leave the row unfillable
                v -= 2.0 * w[P.ONE_TURN] * length
        elif t == CONDUCTOR and plan_need[cards.row_inst[r, j]] > have[cards.row_inst[r, j]]:
            v += 1.0  # the opening conductor stands in for a musician the seat lacks
        return v
    if t == CONDUCTOR and n_in > 0:
        v -= w[P.CONDUCTOR_KEEP]
    if n_in == 0:
        v -= w[P.OPEN_ROW]
    if not completes and n_in + 1 == length - 1:
        v -= w[P.LEAVE_ONE]
    if q == p:
        if plan >= 0:
            pl = int(cards.row_len[plan])
            if t == CONDUCTOR or plan_need[t] >= have[t]:
                v -= 2.0 * w[P.ONE_TURN] * pl
        elif target >= 0 and (t == CONDUCTOR or target_need[t] >= have[t]):
            v -= w[P.RESERVE]
    return v


@kernel
def choose_place_nb(w, cards, g, s, p, opts, n):
    """The best of STOP and the PLACE options; equal values (tie_value_nb: to 2**-30) by
    the tie key (place_key_nb), never at random."""
    have = stack_empty(N_CODES, np.int64)
    plan_need = stack_empty(N_CODES, np.int64)
    target_need = stack_empty(N_CODES, np.int64)
    plan = -1
    target = -1
    if w[P.ONE_TURN] > 0 or w[P.RESERVE] > 0:
        plan_need[:] = 0  # row_need_nb writes only a row's instruments
        target_need[:] = 0
        own_counts_nb(s, p, have)
        plan = plan_row_nb(cards, g, p, have, plan_need)
        if plan >= 0:
            row_need_nb(cards, g, plan, plan_need)
        else:
            target = target_row_nb(cards, g, have, target_need)
            if target >= 0:
                row_need_nb(cards, g, target, target_need)
    best = 0
    best_v = -np.inf
    for i in range(n):
        row = opts[i]
        if row[0] == Opt.STOP:
            v = value_stop_nb(w, cards, g, s, p)
        else:
            v = value_place_nb(w, cards, g, s, p, row, plan, plan_need, target, target_need, have)
        v = tie_value_nb(v)
        if v > best_v or (v == best_v and prefers_place_nb(cards, g, s, p, opts, best, i)):
            best_v = v
            best = i
    return best


@kernel
def place_key_nb(cards, g, s, p, row, have, need):
    """The tie key of a STOP or PLACE option row (a tuple, compared in order, higher
    first; have and need: int64[N_CODES] scratch, mutated):

    1. STOP first: a placement valued at no gain is not made;
    2. the seat's own musician, the higher contract first (placing it spares that
       contract: The Agencies), then a raid from the opponent standing best
       (scoring_nb.standing_nb: it loses a musician it could place), the lower contract
       first (the less its owner is spared);
    3. the row the seat's own musicians leave the fewest spaces of (deficit_nb);
    4. for a conductor, the space of the instrument the seat holds fewest of (a
       conductor "replaces any musician of your choice": the one hardest to find)."""
    if row[0] == Opt.STOP:
        return np.int64(2), np.int64(0), np.int64(0), np.int64(0), np.int64(0)
    q = row[1]
    k = np.int64(row[2])
    r = row[3]
    own_counts_nb(s, p, have)
    need[:] = 0
    short = -np.int64(deficit_nb(cards, g, r, have, need))
    rare = np.int64(0)
    if row[5] == CONDUCTOR:
        rare = -np.int64(have[cards.row_inst[r, row[4]]])
    if q == p:
        return np.int64(1), np.int64(0), k, short, rare
    return np.int64(0), np.int64(standing_nb(s, q)), -k, short, rare


@kernel
def prefers_place_nb(cards, g, s, p, opts, i, j):
    """True if option j (listed after option i) is taken over i when their values are
    equal (place_key_nb; equal keys: the first listed)."""
    have = stack_empty(N_CODES, np.int64)
    need = stack_empty(N_CODES, np.int64)
    key_i = place_key_nb(cards, g, s, p, opts[i], have, need)
    key_j = place_key_nb(cards, g, s, p, opts[j], have, need)
    for x in range(5):
        if key_j[x] != key_i[x]:
            return key_j[x] > key_i[x]
    return False


@kernel
def choose_declare_nb(w, cards, g, s, p, opts, n):
    """How many counters: the most while ahead (RUSH), else the nearest to DRAW that
    leaves ROOM agency spaces free (a full agency cannot draw: the game would end); of
    two as near (a target halfway between), the fewer (the first listed): the agency
    keeps more room."""
    if w[P.RUSH] > 0 and lead_nb(g, s, p) > 0:
        return n - 1
    free = 0
    for k in range(AGENCY):
        if s[p].agency[k] < 0:
            free += 1
    want = min(w[P.DRAW], max(1.0, free - w[P.ROOM]))
    best = 0
    best_v = -1e18
    for i in range(n):
        v = -abs(opts[i, 1] - want)
        if v > best_v:
            best_v = v
            best = i
    return best


@kernel
def choose_put_nb(w, cards, g, s, p, opts, n):
    """The agency space for a drawn tile: contract value against raid exposure; of two
    spaces valued the same (no contract weight), the lower contract (the first listed)."""
    t = opts[0, 2]
    reserve = 0.0
    if t != CONDUCTOR and w[P.RESERVE] > 0:
        have = stack_empty(N_CODES, np.int64)
        need = stack_empty(N_CODES, np.int64)
        need[:] = 0
        own_counts_nb(s, p, have)
        target = target_row_nb(cards, g, have, need)
        if target >= 0:
            row_need_nb(cards, g, target, need)
            if need[t] > have[t]:
                reserve = 0.5 * w[P.RESERVE]
    expose = w[P.CONDUCTOR_EXPOSURE] if t == CONDUCTOR else w[P.EXPOSURE] + reserve
    best = 0
    best_v = -1e18
    for i in range(n):
        k = opts[i, 1]
        v = -w[P.CONTRACT] * (k + 1)
        if k < TOP:
            v -= expose
        if v > best_v:
            best_v = v
            best = i
    return best


@kernel
def heuristic_choose_nb(params, cards, g, s, p, opts, n):
    """Index of the option seat p takes among opts[:n], by its weights `params`."""
    kind = opts[0, 0]
    if kind == Opt.DECLARE:
        return choose_declare_nb(params, cards, g, s, p, opts, n)
    if kind == Opt.PUT:
        return choose_put_nb(params, cards, g, s, p, opts, n)
    return choose_place_nb(params, cards, g, s, p, opts, n)
