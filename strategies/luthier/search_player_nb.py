"""`search`: a depth-1 information-set Monte Carlo tree search over determinizations
(issue 33).

At each top-level decision (a planning placement, a resolution turn; engine side:
simcore/games/luthier/play/resume_nb.py) the seat
- ranks its base heuristic's first K picks (the heuristic asked again with its previous
  picks removed: planning offers up to ~200 options, the search compares K of them);
- plays `budget` rollouts: UCB1 picks a candidate (untried first), the state is copied
  and everything the seat cannot see dealt again (redeal_nb: a fresh determinization per
  rollout), the candidate is taken and the game played to its end with every seat, this
  one included, deciding by its strategy's heuristic (this seat: the base heuristic);
  the reward is the seat's win share (1, 1/k tied, 0) plus a tiny score-margin term that
  only breaks ties between candidates that win alike;
- takes the candidate played most (ties: the higher mean, then the heuristic's rank).

It is a flat UCB over the root's candidates with determinized rollouts, not a deeper
tree: every decision below the root, its own later ones included, is the heuristic's.
Its inner decisions of a turn (market purchases, cards to take ...) are the base
heuristic's too. Randomness: one draw from the seat's strategy stream per decision seeds
the decision's redeals, so a game depends only on its seed, whatever the thread count.

The parameter vector: the base heuristic's weights (params.NAMES, so the dispatch plays
this seat's inner decisions with the heuristic kernel as they are), then BUDGET,
CANDIDATES, EXPLORATION (params.py).
"""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.play.redeal_nb import redeal_nb
from simcore.games.luthier.play.resume_nb import advance_nb, apply_top_nb, top_options_nb
from simcore.games.luthier.state.dtypes import (
    GAME,
    MAX_OPTIONS,
    MAX_PLAYERS,
    OPT_W,
    SEAT,
    Phase,
    Stream,
)
from simcore.games.luthier.state.work import Work
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import next_u64_nb
from simcore.kernels.stack_nb import stack_empty, stack_empty_2d
from strategies.luthier.heuristic_nb import heuristic_choose_nb, heuristic_choose_planned_nb
from strategies.luthier.params import BUDGET, CANDIDATES, EXPLORATION, SEARCH_ID
from strategies.search_nb import (
    MAX_CANDIDATES,
    drop_row_nb,
    most_visited_nb,
    rollout_seed_nb,
    ucb_pick_nb,
)

MARGIN = 1e-3  # weight of the score margin in a rollout's reward (below any win share)


@kernel
def searching_nb(sid):
    """True for the strategy id of `search` (its seats' top-level decisions come here)."""
    return sid == SEARCH_ID


@kernel
def rank_candidates_nb(cards, g, s, w, p, n, cand, k_max):
    """The base heuristic's first min(k_max, n) picks among w.opts[:n] (indices into it,
    in the heuristic's order) written to cand; returns their number. g and s are a scratch
    copy (the heuristic draws its noise from g's strategy stream and fills p's memo)."""
    rem = stack_empty_2d(MAX_OPTIONS, OPT_W, np.int16)
    idx = stack_empty(MAX_OPTIONS, np.int64)
    for i in range(n):
        rem[i, :] = w.opts[i, :]
        idx[i] = i
    prm = w.params[p]
    planning = g.phase == Phase.PLANNING
    n_rem = n
    n_c = 0
    while n_c < k_max and n_rem > 0:
        if n_rem == 1:
            k = 0
        elif planning:
            k = heuristic_choose_planned_nb(prm, cards, g, s, p, rem, n_rem, s[p].plan_memo)
        else:
            k = heuristic_choose_nb(prm, cards, g, s, p, rem, n_rem)
        if k < 0 or k >= n_rem:
            k = 0
        cand[n_c] = idx[k]
        n_c += 1
        n_rem = drop_row_nb(rem, idx, n_rem, k)
    return n_c


@kernel
def reward_nb(g, s, p):
    """Seat p's rollout reward: its win share plus MARGIN x a squashed prestige margin
    over the best other seat (ties between candidates that win alike)."""
    best = -(2**31)
    for q in range(g.n_players):
        if q != p and s[q].prestige > best:
            best = s[q].prestige
    m = float(s[p].prestige - best)
    return float(s[p].win) + MARGIN * m / (1.0 + abs(m))


@kernel
def search_choose_nb(cards, g, s, w, p):
    """The option seat p takes at its top-level decision of game (g, s), where
    resume_nb.advance_nb stopped (index into top_options_nb's list). g's strategy stream
    advances by one draw; w.opts is overwritten; nothing else of g, s changes."""
    prm = w.params[p]
    budget = max(int(prm[BUDGET]), 1)
    k_max = min(max(int(prm[CANDIDATES]), 1), MAX_CANDIDATES)
    c = prm[EXPLORATION]
    base = next_u64_nb(g.rng, Stream.STRATEGY)  # the decision's one draw
    sg = np.empty(1, GAME)
    ss = np.empty(MAX_PLAYERS, SEAT)
    sg[0] = g
    ss[:] = s[:MAX_PLAYERS]
    n = top_options_nb(cards, sg[0], ss, w, p)
    cand = stack_empty(MAX_CANDIDATES, np.int64)
    n_c = rank_candidates_nb(cards, sg[0], ss, w, p, n, cand, k_max)
    if n_c == 1:
        return cand[0]
    visits = np.zeros(MAX_CANDIDATES, np.int64)
    totals = np.zeros(MAX_CANDIDATES, np.float64)
    rw = Work(w.opts, w.log[:0], w.params, w.cev[:0])  # rollouts log nothing
    no_g = np.empty(0, GAME)
    no_s = np.empty((0, MAX_PLAYERS), SEAT)
    for t in range(budget):
        i = ucb_pick_nb(visits, totals, n_c, t, c)
        sg[0] = g
        ss[:] = s[:MAX_PLAYERS]
        redeal_nb(cards, sg[0], ss, p, rollout_seed_nb(base, t))
        apply_top_nb(cards, sg[0], ss, rw, p, cand[i])
        advance_nb(cards, sg[0], ss, rw, no_g, no_s, 0)
        visits[i] += 1
        totals[i] += reward_nb(sg[0], ss, p)
    return cand[most_visited_nb(visits, totals, n_c)]
