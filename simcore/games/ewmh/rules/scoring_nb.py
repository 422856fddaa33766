"""The end of the game (spec 1.2.5): final scores, ranks and wins."""

from __future__ import annotations

from simcore.games.ewmh.codes import BonusTiming, Rule, TieBreak
from simcore.games.ewmh.rules.held_nb import genre_bonus_nb, vocation_bonus_nb
from simcore.games.ewmh.rules.log_nb import log_nb
from simcore.games.ewmh.state.codes import Ev, Stage, Violation
from simcore.games.ewmh.state.dtypes import CompState
from simcore.kernels.jit import kernel


@kernel
def score_seats_nb(cards, g, s):
    """Each seat's points: its published pieces' points (banner, vocation and genre
    bonuses) plus 1 per unproduced piece in hand (rulebook: "Unproduced pieces score 1
    point at the end of the game"). With bonus_timing = end the bonuses are read now from
    the cards held (ruling EW-10). The running total kept since production must agree
    (Violation.SCORE)."""
    at_end = cards.rules[Rule.BONUS_TIMING] == BonusTiming.END
    unproduced = int(cards.rules[Rule.UNPRODUCED_POINTS])
    for p in range(g.n_players):
        s[p].points_base = 0
        s[p].points_vocation = 0
        s[p].points_genre = 0
        s[p].points_unproduced = 0
    for k in range(g.n_comps):
        p = g.comp_owner[k]
        if p < 0:
            continue
        if g.comp_state[k] == CompState.HAND:
            s[p].points_unproduced += unproduced
        elif g.comp_state[k] == CompState.PUBLISHED:
            s[p].running -= g.comp_base[k] + g.comp_bonus[k]  # as recorded: must reach 0
            if at_end:
                genre = cards.comp_genre[k]
                voc = vocation_bonus_nb(cards, s, p, genre)
                g.comp_voc[k] = voc
                g.comp_bonus[k] = voc + genre_bonus_nb(cards, g, p, genre)
            s[p].points_base += g.comp_base[k]
            s[p].points_vocation += g.comp_voc[k]
            s[p].points_genre += g.comp_bonus[k] - g.comp_voc[k]
    for p in range(g.n_players):
        if s[p].running != 0:
            g.violations |= Violation.SCORE
        s[p].points = (
            s[p].points_base + s[p].points_vocation + s[p].points_genre + s[p].points_unproduced
        )
        s[p].running = s[p].points_base + s[p].points_vocation + s[p].points_genre


@kernel
def beats_nb(cards, s, q, p):
    """Whether seat q finishes ahead of seat p: more points; on a tie nobody (a shared win,
    ruling EW-18), or with tie_break = arrival the earlier arriver (a pawn the cap placed
    arrives after all)."""
    if s[q].points != s[p].points:
        return s[q].points > s[p].points
    if cards.rules[Rule.TIE_BREAK] == TieBreak.ARRIVAL:
        aq = s[q].arrival if s[q].arrival > 0 else 127
        ap = s[p].arrival if s[p].arrival > 0 else 127
        return aq < ap
    return False


@kernel
def end_game_nb(cards, g, s, w, trigger):
    """The game ends (End code `trigger`): scores, ranks (1 = best, ties share) and wins
    (1/k for k tied winners: "Most points wins"; ruling EW-18)."""
    g.end_trigger = trigger
    g.stage = Stage.OVER
    log_nb(g, w, g.current, Ev.END, trigger, 0, 0, 0)
    score_seats_nb(cards, g, s)
    n = g.n_players
    n_win = 0
    for p in range(n):
        ahead = 0
        for q in range(n):
            if q != p and beats_nb(cards, s, q, p):
                ahead += 1
        s[p].rank = ahead + 1
        if ahead == 0:
            n_win += 1
    for p in range(n):
        s[p].win = 1.0 / n_win if s[p].rank == 1 else 0.0
        log_nb(g, w, p, Ev.FINAL, s[p].points, s[p].rank, 1 if s[p].rank == 1 else 0, 0)
