"""The race's end: the win check after every score change, and the final ranks
(rulebook: Scoring and Winning; rulings DM-13, DM-14)."""

from __future__ import annotations

from simcore.games.dicemining.rules.log_nb import log_nb
from simcore.games.dicemining.state.codes import End, Ev
from simcore.games.dicemining.state.dtypes import Stage
from simcore.kernels.jit import kernel


@kernel
def ahead_nb(g, s, q, p):
    """True when seat q ranks ahead of seat p: the winner first, then by VP."""
    if g.winner >= 0:
        if q == g.winner:
            return p != g.winner
        if p == g.winner:
            return False
    return s[q].vp > s[p].vp


@kernel
def end_game_nb(cards, g, s, w, trigger, winner):
    """The end: the winner (-1 = shared by the top VP, the cap only), ranks (1 = best, ties
    share), wins (1, or 1/k for k sharing); the active seat `ended_game` (ruling DM-13)."""
    g.end_trigger = trigger
    g.winner = winner
    g.stage = Stage.OVER
    n = g.n_players
    s[g.current].ended_game = 1
    n_win = 0
    for p in range(n):
        ahead = 0
        for q in range(n):
            if q != p and ahead_nb(g, s, q, p):
                ahead += 1
        s[p].rank = ahead + 1
        if ahead == 0:
            n_win += 1
    log_nb(g, w, g.current, Ev.END, trigger, winner, 0)
    for p in range(n):
        s[p].win = 1.0 / n_win if s[p].rank == 1 else 0.0
        log_nb(g, w, p, Ev.FINAL, s[p].vp, s[p].rank, 1 if s[p].rank == 1 else 0)


@kernel
def check_win_nb(cards, g, s, w):
    """After every score change: the game ends the moment any seat's VP reaches the
    target, the active seat or not (ruling DM-13). Several at once: the active seat if
    among them (rulebook: 'the player whose turn it currently is would be the winner'),
    else the highest VP, then the first in turn order after the active seat. True if over."""
    n = g.n_players
    cur = g.current
    winner = -1
    if s[cur].vp >= cards.target:
        winner = cur
    else:
        for k in range(1, n):
            q = (cur + k) % n
            if s[q].vp >= cards.target and (winner < 0 or s[q].vp > s[winner].vp):
                winner = q
    if winner < 0:
        return False
    s[winner].turns_to_target = s[winner].turns
    end_game_nb(cards, g, s, w, End.THIRTY, winner)
    return True


@kernel
def cap_winner_nb(g, s):
    """The cap's winner (ruling DM-14): the highest VP; tied, the last active seat if
    among them; else -1 (shared)."""
    best = -1
    for p in range(g.n_players):
        best = max(best, s[p].vp)
    n_top = 0
    for p in range(g.n_players):
        if s[p].vp == best:
            n_top += 1
    if s[g.current].vp == best:
        return g.current
    if n_top == 1:
        for p in range(g.n_players):
            if s[p].vp == best:
                return p
    return -1
