"""`search`: Monte Carlo search over determinizations at each free-phase decision (the
generic search player of issue 33, on Early Western Music History's kernels).

At each of its decisions in the free phase (play/resume_nb.advance_nb stops the game at
every decision of a searching seat; the others, and every decision outside the free phase,
are the base strategy's pick), the search seat:

1. takes the base strategy's first K picks as candidates (the base asked again with its
   previous picks removed: `rank_candidates_nb`);
2. plays `budget` rollouts, choosing the candidate of each by UCB1 (every candidate once
   first, in the base's order); a rollout copies the game into scratch records, deals
   again what the seat cannot see (play/redeal_nb.redeal_nb: the other hands, both decks,
   the seed and every random stream) from a seed of the search's own stream, takes the
   candidate, and plays to the end with every seat's strategy (a search seat's by its
   base); the n-th rollout of every candidate is on the same deal (common random numbers);
   the reward is the seat's win share (1, 1/k of a k-way tie, 0);
3. takes the most visited candidate (equal visits: the higher mean, then the base's order).

UCB1, the pick by visits, the candidate list's bookkeeping and the rollout seeds are the
game-independent strategies/search_nb.py. The search's stream is one draw from the
strategy stream per searched decision, so a game is the same for the same seed, and the
choice depends on nothing hidden: every rollout deals the hidden part again first.
"""

from __future__ import annotations

import numpy as np
from numba.core import config

from simcore.games.ewmh.play.redeal_nb import redeal_nb
from simcore.games.ewmh.play.resume_nb import advance_nb, apply_top_nb
from simcore.games.ewmh.rules.options_nb import list_options_nb
from simcore.games.ewmh.sizes import MAX_PLAYERS
from simcore.games.ewmh.state.codes import Stage
from simcore.games.ewmh.state.dtypes import (
    CEV_W,
    GAME,
    LOG_W,
    MAX_OPTIONS,
    OPT_W,
    SEAT,
    Stream,
    new_state,
)
from simcore.games.ewmh.state.work import Work
from simcore.kernels.jit import kernel
from simcore.kernels.rng_nb import next_u64_nb
from strategies.ewmh.dispatch_nb import base_choose_nb
from strategies.ewmh.ids import SEARCH
from strategies.ewmh.params import S
from strategies.search_nb import (
    MAX_CANDIDATES,
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
    """The base strategy's first k_max picks among opts[:n], best first, as indices into
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
    """Seat p's win share in one game played on from a copy of (g, s) into the scratch
    records sg[0], ss[0] (mutated): what p cannot see dealt again from `seed`, option k of
    its decision taken, every seat by its strategy to the end (w: the rollout's Work)."""
    sg[0] = g
    for q in range(MAX_PLAYERS):
        ss[0, q] = s[q]
    gr = sg[0]
    sr = ss[0]
    redeal_nb(cards, gr, sr, p, seed)
    apply_top_nb(cards, gr, sr, w, p, k)
    advance_nb(cards, gr, sr, w, 0)
    return sr[p].win


@kernel
def search_choose_nb(sid, params, cards, g, s, w, p):
    """The option index seat p (a search seat, parameters params.S) takes at the decision
    where resume_nb.advance_nb stopped (its options are listed again into w.opts): searched
    in the free phase, the base strategy's pick elsewhere."""
    n = list_options_nb(cards, g, s, w)
    k_max = min(max(int(params[S.K]), 1), MAX_CANDIDATES)
    budget = int(params[S.BUDGET])
    if g.stage != Stage.PHASE or budget <= 0:
        k_max = 1
    cand = np.zeros(MAX_CANDIDATES, np.int64)
    nc = rank_candidates_nb(params, cards, g, s, p, w.opts, n, k_max, cand)
    if nc <= 1:
        return cand[0]
    stream = next_u64_nb(g.rng, Stream.STRATEGY)  # the search's own stream, this decision
    sg, ss = scratch_state_nb()
    roll = Work(
        np.empty((MAX_OPTIONS, OPT_W), np.int16),
        np.zeros((0, LOG_W), np.int32),
        w.params,
        np.zeros((0, CEV_W), np.int16),
    )
    visits = np.zeros(MAX_CANDIDATES, np.int64)
    wins = np.zeros(MAX_CANDIDATES, np.float64)
    c = params[S.EXPLORATION]
    for t in range(budget):
        x = ucb_pick_nb(visits, wins, nc, t, c)
        seed = rollout_seed_nb(stream, visits[x])  # the same deals for every candidate
        wins[x] += rollout_nb(cards, g, s, roll, p, cand[x], seed, sg, ss)
        visits[x] += 1
    return cand[most_visited_nb(visits, wins, nc)]
