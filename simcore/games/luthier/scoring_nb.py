"""End-of-game scoring (rulebook p.31) and the winner (ties: money, then shared)."""

from __future__ import annotations

from numba import njit

from simcore.games.luthier.codes import Ev
from simcore.games.luthier.enums import Rule, Source
from simcore.games.luthier.log_nb import log_nb
from simcore.games.luthier.resources_nb import add_prestige_nb


@njit(cache=True)
def convert_leftovers_nb(cards, g, s, w, p):
    """1 prestige per 10 of money + inspiration + materials + apprentices (p.31).

    The remainder counts as money for the tie-break (scoring example: 16 money
    scores 1 and leaves 6).
    """
    total = s[p].money + s[p].inspiration + s[p].materials.sum() + s[p].apprentices
    rate = cards.rules[Rule.CONVERSION_RATE]
    points = total // rate
    add_prestige_nb(s, p, Source.LEFTOVERS, points)
    log_nb(g, w, p, Ev.SCORE, Source.LEFTOVERS, points)
    s[p].final_money = total - points * rate


@njit(cache=True)
def rank_seats_nb(g, s):
    """Rank by prestige, then money after conversion; tied leaders share the win."""
    n = g.n_players
    n_best = 0
    for p in range(n):
        better = 0
        for q in range(n):
            if s[q].prestige > s[p].prestige or (
                s[q].prestige == s[p].prestige and s[q].final_money > s[p].final_money
            ):
                better += 1
        s[p].rank = better + 1
        if better == 0:
            n_best += 1
    for p in range(n):
        s[p].win = 1.0 / n_best if s[p].rank == 1 else 0.0


@njit(cache=True)
def score_game_nb(cards, g, s, w):
    """All end-game scoring, then ranks."""
    for p in range(g.n_players):
        convert_leftovers_nb(cards, g, s, w, p)
    rank_seats_nb(g, s)
    for p in range(g.n_players):
        log_nb(g, w, p, Ev.FINAL, s[p].prestige, s[p].final_money, s[p].rank)
