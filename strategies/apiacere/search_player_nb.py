"""`search`: determinized Monte Carlo search at each decision (issue 39's search player,
the generic one of issue 33 on A Piacere's hooks: play/resume_nb.advance_nb stops at the
seat's decisions, apply_top_nb takes an option, play/redeal_nb.redeal_nb deals the hidden
part again).

At each of its decisions with two or more options, the search seat:

1. takes the base heuristic's first K picks as candidates (the base asked again with its
   previous picks removed, strategies/search_nb.py);
2. plays `budget` rollouts, choosing the candidate of each by UCB1 (every candidate once
   first, in the base's order); a rollout copies the game into scratch records, deals
   again what the seat cannot see (the other hands, the draw piles below a face-up top,
   the royal tiles still to come, the other personal legacy tiles, the game seed and every
   random stream, so the red die to come too) from a seed of the search's own draw, takes
   the candidate, and plays to the end with every seat's strategy (a search seat's by its
   base); the n-th rollout of every candidate is on the same deal (common random numbers);
   the reward is the seat's `win` at the end (1 for the winner, else 0);
3. takes the most visited candidate (equal visits: the higher mean, then the base's
   order) if it is the base's pick or beat the base's pick on the deals both played (the
   n-th rollouts of the two: paired win differences) by more than CONFIRM_Z standard
   errors; else the base's pick. A 16-round game decided by many later draws makes one
   rollout's result mostly luck: the confirmation keeps the search from trading the
   base's pick for noise.

The search's seed is one draw from the game's strategy stream per searched decision, so a
game is the same for the same seed, and the choice depends on nothing hidden: every
rollout deals the hidden part again before it reads it. At budget 0 (or one candidate)
the seat plays its base heuristic's game exactly: one base pick and no draw of its own.
"""

from __future__ import annotations

import numpy as np
from numba.core import config

from simcore.games.apiacere.play.redeal_nb import redeal_nb
from simcore.games.apiacere.play.resume_nb import advance_nb, apply_top_nb
from simcore.games.apiacere.rules.options_nb import list_options_nb
from simcore.games.apiacere.sizes import MAX_PLAYERS
from simcore.games.apiacere.state.dtypes import (
    CEV_W,
    GAME,
    LOG_W,
    MAX_OPTIONS,
    OPT_W,
    SEAT,
    Stream,
    new_state,
)
from simcore.games.apiacere.state.work import Work
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import next_u64_nb
from strategies.apiacere.dispatch_nb import base_choose_nb
from strategies.apiacere.ids import SEARCH
from strategies.apiacere.params import S
from strategies.search_nb import (
    MAX_CANDIDATES,
    confirmed_nb,
    drop_row_nb,
    most_visited_nb,
    rollout_seed_nb,
    ucb_pick_nb,
)

if config.DISABLE_JIT:

    def scratch_state_nb():
        """Scratch GAME[1] and SEAT[1, MAX_PLAYERS] records for a rollout (record arrays,
        as plain Python reads fields as attributes)."""
        return new_state(1)

else:

    @kernel
    def scratch_state_nb():
        """Scratch GAME[1] and SEAT[1, MAX_PLAYERS] records for a rollout."""
        return np.zeros(1, GAME), np.zeros((1, MAX_PLAYERS), SEAT)


@kernel
def search_mask_nb(s, n_players):
    """Bit 1 << p for each seat p that searches (its strategy is SEARCH)."""
    mask = 0
    for p in range(n_players):
        if s[p].strategy == SEARCH:
            mask |= 1 << p
    return mask


@kernel
def rank_candidates_nb(params, cards, g, s, p, opts, n, k_max, cand):
    """The base heuristic's first k_max picks among opts[:n], best first, as indices into
    opts (cand: int64[>= k_max], mutated); returns how many (min(k_max, n))."""
    rest = opts[:n].copy()
    index = np.arange(n)
    m = n
    nc = 0
    while nc < k_max and m > 0:
        j = 0
        if m > 1:
            j = base_choose_nb(params, cards, g, s, p, rest, m)
            if j < 0 or j >= m:
                j = 0
        cand[nc] = index[j]
        nc += 1
        m = drop_row_nb(rest, index, m, j)
    return nc


@kernel
def rollout_nb(cards, g, s, w, p, k, seed, sg, ss):
    """Seat p's win in one game played on from a copy of (g, s) into the scratch records
    sg[0], ss[0] (mutated): what p cannot see dealt again from `seed`, option k of its
    decision taken, every seat by its strategy to the end (w: the rollout's Work)."""
    sg[0] = g
    for q in range(MAX_PLAYERS):
        ss[0, q] = s[q]
    gr = sg[0]
    sr = ss[0]
    redeal_nb(cards, gr, sr, p, seed)
    apply_top_nb(cards, gr, sr, w, p, k)
    advance_nb(cards, gr, sr, w, 0)
    return float(sr[p].win)


@kernel
def search_choose_nb(sid, params, cards, g, s, w, p):
    """The option index seat p (a search seat, parameters params.S) takes at the decision
    where resume_nb.advance_nb stopped (its options are listed again into w.opts)."""
    n = list_options_nb(cards, g, s, w)
    k_max = min(max(int(params[S.K]), 1), MAX_CANDIDATES)
    budget = int(params[S.BUDGET])
    if budget <= 0:
        k_max = 1  # the base's one pick, as the base heuristic itself decides
    cand = np.zeros(MAX_CANDIDATES, np.int64)
    nc = rank_candidates_nb(params, cards, g, s, p, w.opts, n, k_max, cand)
    if nc <= 1:
        return cand[0]
    stream = next_u64_nb(g.rng, Stream.STRATEGY)  # the search's own draw, this decision
    sg, ss = scratch_state_nb()
    roll = Work(
        np.zeros((MAX_OPTIONS, OPT_W), np.int16),
        np.zeros((0, LOG_W), np.int32),
        w.params,
        np.zeros((0, CEV_W), np.int16),
    )
    visits = np.zeros(MAX_CANDIDATES, np.int64)
    wins = np.zeros(MAX_CANDIDATES, np.float64)
    rewards = np.zeros((nc, budget), np.float64)
    c = params[S.EXPLORATION]
    for t in range(budget):
        x = ucb_pick_nb(visits, wins, nc, t, c)
        seed = rollout_seed_nb(stream, visits[x])  # the same deals for every candidate
        r = rollout_nb(cards, g, s, roll, p, cand[x], seed, sg, ss)
        rewards[x, visits[x]] = r
        wins[x] += r
        visits[x] += 1
    best = most_visited_nb(visits, wins, nc)
    if best != 0 and not confirmed_nb(rewards, visits, best):
        best = 0  # not shown better than the base's pick on the same deals
    return cand[best]
