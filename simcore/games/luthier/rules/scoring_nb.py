"""End-of-game scoring (rulebook p.31) and the winner (ties: money, then shared)."""

from __future__ import annotations

import numpy as np

from simcore.games.luthier.output.log_nb import card_event_nb, log_nb
from simcore.games.luthier.rules.metrics_nb import N_METRICS, metrics_nb
from simcore.games.luthier.rules.resources_nb import add_prestige_nb
from simcore.games.luthier.state.codes import CardEvent, CardKind, Ev
from simcore.games.luthier.state.enums import Metric, PatronPower, Rule, Source
from simcore.kernels.jit import kernel
from simcore.kernels.stack_nb import stack_empty


@kernel
def convert_leftovers_nb(cards, g, s, w, p):
    """1 prestige per 10 of money + inspiration + materials + apprentices (p.31).

    The remainder counts as money for the tie-break (scoring example: 16 money
    scores 1 and leaves 6).
    """
    total = s[p].money + s[p].inspiration + s[p].materials.sum() + s[p].apprentices
    rate = cards.rules[Rule.CONVERSION_RATE]
    points = total // rate
    score_nb(g, s, w, p, Source.LEFTOVERS, points, total)
    s[p].final_money = total - points * rate


@kernel
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


@kernel
def score_nb(g, s, w, p, src, points, detail):
    """Book end-game prestige under Source `src` and log it."""
    add_prestige_nb(s, p, src, points)
    log_nb(g, w, p, Ev.ENDGAME, src, points, detail)


@kernel
def first_chairs_prestige_nb(cards, g, chairs):
    """The first-chair table (p.31, ruling 18): row by player count, 8 or more capped."""
    row = 1 if g.n_players == 4 else 0
    return cards.chair_prestige[row, min(chairs, cards.chair_prestige.shape[1] - 1)]


@kernel
def goal_level_nb(cards, goal, value):
    """Highest level (1-3) of `goal` that `value` reaches, 0 if none."""
    level = 0
    for lv in range(3):
        if value >= cards.goal_threshold[goal, lv]:
            level = lv + 1
    return level


@kernel
def endgame_nb(cards, g, s, w, p):
    """End-of-game scoring before leftovers (p.31): first chairs (Leopold II counts one
    more), patron II powers, half prestige rounded up per instrument on the finishing
    bench, the highest level of each kept goal, 1 per specialty worker."""
    values = stack_empty(N_METRICS, np.int64)
    metrics_nb(cards, g, s, p, values)
    chairs = values[Metric.FIRST_CHAIRS]
    s[p].chairs_held = chairs
    for i in range(s[p].completed_n):
        c = s[p].completed[i]
        if cards.patron_power[c] == PatronPower.EXTRA_FIRST_CHAIRS:
            chairs += cards.patron_power_amount[c]
            g.power_used[c] = 1
            log_nb(
                g, w, p, Ev.POWER, c, PatronPower.EXTRA_FIRST_CHAIRS, cards.patron_power_amount[c]
            )
    score_nb(g, s, w, p, Source.FIRST_CHAIRS, first_chairs_prestige_nb(cards, g, chairs), chairs)
    for i in range(s[p].completed_n):
        c = s[p].completed[i]
        if cards.patron_power[c] == PatronPower.ENDGAME_METRIC:
            g.power_used[c] = 1
            count = values[cards.patron_power_metric[c]]
            amount = cards.patron_power_amount[c]
            log_nb(g, w, p, Ev.POWER, c, PatronPower.ENDGAME_METRIC, amount, count)
            points = amount * count
            score_nb(g, s, w, p, Source.PATRONS, points, c)
    for k in range(2):
        c = s[p].finish_bench[k]
        if c >= 0:
            score_nb(g, s, w, p, Source.INSTRUMENTS, (cards.inst_prestige[c] + 1) // 2, c)
    for k in range(s[p].goals.shape[0]):
        goal = s[p].goals[k]
        if goal >= 0:
            level = goal_level_nb(cards, goal, values[cards.goal_metric[goal]])
            points = cards.goal_prestige[goal, level - 1] if level > 0 else 0
            s[p].goal_prestige[k] = points
            log_nb(g, w, p, Ev.GOAL, goal, level, values[cards.goal_metric[goal]], points)
            score_nb(g, s, w, p, Source.GOALS, points, goal)
            if level > 0:  # the highest level reached scores, the lower ones do not
                card_event_nb(g, w, p, CardKind.GOAL, goal, CardEvent.SCORED, level)
    score_nb(g, s, w, p, Source.SPECIALTY, s[p].specialty_n, s[p].specialty_n)


@kernel
def score_game_nb(cards, g, s, w):
    """All end-game scoring, then ranks."""
    for p in range(g.n_players):
        endgame_nb(cards, g, s, w, p)
        convert_leftovers_nb(cards, g, s, w, p)
    rank_seats_nb(g, s)
    for p in range(g.n_players):
        log_nb(g, w, p, Ev.FINAL, s[p].prestige, s[p].final_money, s[p].rank)
